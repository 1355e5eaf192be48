/**
 * What a stored fund's ClickHouse rows (its NAV series, its full holdings) were read from, told from what Postgres
 * keeps: the payload's provenance (every filled field of `data.sources` names its document by content hash, with its
 * kind), the holdings stamp of its summary, and the operator's filed documents. Pure: `usecases/rebuildDerived.ts`
 * reads the documents again and writes the rows.
 */
import type { FieldSource } from '../schema/fund';
import { ANALYTICS_FIELDS } from './assembleFund';
import type { DocumentKind } from './documents';
import type { HoldingsSnapshot, HoldingsStamp } from './holdings';

/** The kinds of document ClickHouse rows come from: NAV histories and holdings (a holdings file, else a TPT). */
const DERIVED_KINDS: readonly DocumentKind[] = ['holdings', 'tpt', 'nav'];
const HOLDINGS_KINDS: readonly DocumentKind[] = ['holdings', 'tpt'];

/** A stored document a fund's provenance names: enough to read it again as its load did. */
export interface DocumentMention {
  sha256: string;
  kind: DocumentKind;
  /** Where the load had it from ('' when only a conflict names it: only the kind is kept there). */
  origin: string;
  /** Known for filed documents (their bytes may be stored as an upload, without a type); else the stored one. */
  mediaType: string | null;
  retrievedAt: string | null;
  recipe: string | null;
}

/** A stored fund as the rebuild reads it from Postgres. */
export interface FundProvenance {
  isin: string;
  /** When the payload was generated (ISO 8601). */
  generatedAt: string;
  sources: Record<string, FieldSource>;
  /** The holdings stamp the summary names; null when it names none (or the payload has no summary). */
  holdings: HoldingsStamp | null;
  /** The operator's filed documents that cover the ISIN, of the kinds rows are read from. */
  filed: DocumentMention[];
}

/** What to read again for one fund, and what the result must match. */
export interface DerivedPlan {
  /** The stamp the rows are written under: the summary's, so that readers answer as before. */
  loadedAt: Date;
  /** The NAV document the analytics name, and the last date of the fund's series as they state it (null: unstated). */
  nav: { candidates: DocumentMention[]; lastDate: string | null } | null;
  /** The documents that may hold the stamped holdings, in the order a load prefers them. */
  holdings: { candidates: DocumentMention[]; stamp: HoldingsStamp } | null;
}

export function planDerivedData(fund: FundProvenance): DerivedPlan {
  const mentions = mentionsOf(fund.sources);
  const navSource = navSourceOf(fund.sources);
  const nav = navSource
    ? {
        candidates: [
          mentions.get(navSource.source.document) ?? mention(navSource.source.document, 'nav', navSource.source),
        ],
        lastDate: navSource.lastDate,
      }
    : null;
  const stamp = fund.holdings;
  const holdings = stamp ? { candidates: holdingsCandidates(stamp, [...mentions.values()], fund.filed), stamp } : null;
  return { loadedAt: stamp ? stampInstant(stamp.loadedAt) : wholeSecond(fund.generatedAt), nav, holdings };
}

/** Whether re-read holdings are the ones the stamp names: as many lines, the same as-of date (and document, if named). */
export function matchesStamp(stamp: HoldingsStamp, snapshot: HoldingsSnapshot, document: string): boolean {
  return (
    snapshot.holdings.length === stamp.count &&
    (snapshot.asOf ?? null) === (stamp.asOf ?? null) &&
    (stamp.document === undefined || stamp.document === document)
  );
}

/** The instant of a ClickHouse DateTime as the stamps write it ("2026-11-23 10:00:00", UTC). */
export function stampInstant(stamp: string): Date {
  const at = new Date(`${stamp.replace(' ', 'T')}Z`);
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(stamp) || Number.isNaN(at.getTime()))
    throw new TypeError(`not a load stamp: ${JSON.stringify(stamp)}`);
  return at;
}

function wholeSecond(iso: string): Date {
  const at = new Date(iso);
  return new Date(at.getTime() - (at.getTime() % 1000));
}

function isDerivedKind(kind: string): kind is DocumentKind {
  return (DERIVED_KINDS as readonly string[]).includes(kind);
}

function mention(sha256: string, kind: DocumentKind, source?: FieldSource): DocumentMention {
  return {
    sha256,
    kind,
    origin: source?.origin ?? '',
    mediaType: null,
    retrievedAt: source?.fetchedAt ?? null,
    recipe: source?.recipe ?? null,
  };
}

/**
 * Every NAV or holdings document the provenance names, by hash: as the source of a field, or in a conflict. Documents
 * the load skipped (`skipped.<hash>`: unreadable) gave it nothing and are left out.
 */
function mentionsOf(sources: Record<string, FieldSource>): Map<string, DocumentMention> {
  const found = new Map<string, DocumentMention>();
  const add = (sha256: string, kind: string, source?: FieldSource) => {
    const known = found.get(sha256);
    if (!sha256 || !isDerivedKind(kind) || (known && known.origin)) return;
    found.set(sha256, mention(sha256, kind, source));
  };
  for (const [field, source] of Object.entries(sources)) {
    if (field.startsWith('skipped.')) continue;
    add(source.document, source.kind, source);
    for (const conflict of source.conflicts ?? []) add(conflict.document, conflict.kind);
  }
  return found;
}

/**
 * The NAV document of the series: a load names it as the source of every analytics field it computed from the series
 * (with the series' last date), and of the as-of date the series gives (with the analytics' end date instead).
 */
function navSourceOf(sources: Record<string, FieldSource>): { source: FieldSource; lastDate: string | null } | null {
  for (const field of ANALYTICS_FIELDS) {
    const source = sources[field];
    if (source?.kind === 'nav' && source.document) return { source, lastDate: source.asOf };
  }
  const asOf = sources.dataAsOf;
  return asOf?.kind === 'nav' && asOf.document ? { source: asOf, lastDate: null } : null;
}

/**
 * The stamp's own document when it names one (its kind from a mention, else each holdings kind in turn); otherwise
 * every holdings file, then every TPT, the payload names or the operator filed for the fund: the one whose lines match
 * the stamp is the one the load read.
 */
function holdingsCandidates(
  stamp: HoldingsStamp,
  mentioned: DocumentMention[],
  filed: DocumentMention[],
): DocumentMention[] {
  const all = [...mentioned, ...filed].filter((m) => HOLDINGS_KINDS.includes(m.kind));
  if (stamp.document) {
    const named = all.filter((m) => m.sha256 === stamp.document);
    return named.length > 0 ? unique(named) : HOLDINGS_KINDS.map((kind) => mention(stamp.document!, kind));
  }
  return unique(HOLDINGS_KINDS.flatMap((kind) => all.filter((m) => m.kind === kind)));
}

function unique(mentions: DocumentMention[]): DocumentMention[] {
  const seen = new Set<string>();
  return mentions.filter((m) => {
    const key = `${m.sha256}/${m.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

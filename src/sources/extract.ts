import { DOCUMENT_AUTHORITY, type ExtractedDocument, UnreadableDocumentError } from '../domain/documents';
import { yearsLabel } from '../domain/format';
import { emptyFundData } from '../domain/fundSkeleton';
import type { FundHolding, HoldingsSnapshot } from '../domain/holdings';
import type { FactsheetFields } from '../parsing/factsheet';
import { aggregateExposure, type Holding, topHoldings } from '../parsing/holdings';
import type { KeyFactHit, KeyFactName } from '../parsing/keyFacts';
import type { KidFields } from '../parsing/kid';
import type { NavSeries } from '../parsing/nav';
import type { LoadedDocument, ParsedDocument, TextSize } from '../parsing/pool/document';
import { parseInPool } from '../parsing/pool/pool';
import { leadingNumber, normalisePercent } from '../parsing/text/numbers';
import type { FieldSource, FundData } from '../schema/fund';
import { normaliseIsin } from '../schema/isin';
import { applyFindatex } from './extractFindatex';
import { documentSource, fillField, noteConflict } from './provenance';

export type { LoadedDocument } from '../parsing/pool/document';

/** Parses one document; the worker-thread pool by default (see parse/pool.ts). */
export type DocumentParser = (doc: LoadedDocument) => Promise<ParsedDocument>;

export interface ExtractOptions {
  /** Tests inject a parser (an in-thread one, or a pool with a tiny time limit). */
  parse?: DocumentParser;
}

export interface Extraction {
  /** False when no document said anything about this ISIN. */
  found: boolean;
  name: string | null;
  data: FundData;
  nav: NavSeries | null;
  navSource: FieldSource | null;
  /** Every line of the first holdings document (holdings file, else TPT) in authority order. */
  holdings: HoldingsSnapshot | null;
  /** The content hash of the document those lines were read from (what a rebuild of ClickHouse reads again). */
  holdingsDocument: string | null;
}

/**
 * Fills FundData field by field, each only once: documents are read in order of authority
 * (regulatory documents, then FinDatEx files, factsheets, holdings files, NAV history), so the
 * first document that states a value is the one the payload quotes, and its provenance is kept.
 */
class FundFiller {
  readonly data = emptyFundData();
  name: string | null = null;
  isin: string | null = null;
  holdings: HoldingsSnapshot | null = null;
  holdingsDocument: string | null = null;
  private asOfCandidates: { rank: number; date: string; source: FieldSource }[] = [];

  fill(path: string, value: unknown, source: FieldSource): void {
    fillField(this.data, path, value, source);
  }

  fillName(value: string | null | undefined, source: FieldSource): void {
    if (value && this.name) noteConflict(this.data.sources.name, this.name, value, source);
    if (!value || this.name) return;
    this.name = value;
    this.data.sources.name = source;
  }

  /** dataAsOf: NAV history first, then the factsheet's reporting date, holdings date, document date. */
  offerAsOf(rank: number, date: string | null | undefined, source: FieldSource): void {
    if (date) this.asOfCandidates.push({ rank, date, source });
  }

  settleAsOf(): void {
    const best = [...this.asOfCandidates].sort((a, b) => a.rank - b.rank || b.date.localeCompare(a.date))[0];
    if (best) {
      this.data.dataAsOf = best.date;
      this.data.sources.dataAsOf = { ...best.source, asOf: best.date };
    }
  }

  get filledCount(): number {
    return Object.keys(this.data.sources).length;
  }
}

const AS_OF_RANK = { nav: 0, factsheet: 1, holdings: 2, keyDocument: 3, ept: 4 };

/**
 * Builds the partial FundData the documents support, with the provenance of every filled field. The
 * documents are parsed off this thread, each within the pool's time limit, then merged here in order.
 */
export async function extractFundData(
  isin: string,
  documents: LoadedDocument[],
  options: ExtractOptions = {},
): Promise<Extraction> {
  const parse = options.parse ?? parseInPool;
  const filler = new FundFiller();
  filler.isin = isin;
  let nav: NavSeries | null = null;
  let navSource: FieldSource | null = null;
  const ordered = [...documents].sort(
    (a, b) => DOCUMENT_AUTHORITY.indexOf(a.ref.kind) - DOCUMENT_AUTHORITY.indexOf(b.ref.kind),
  );
  const parsed = await Promise.allSettled(ordered.map((doc) => parse(doc)));
  const skipped: { doc: LoadedDocument; err: unknown }[] = [];
  ordered.forEach((doc, i) => {
    const outcome = parsed[i];
    if (outcome.status === 'rejected') {
      skipped.push({ doc, err: outcome.reason });
      return;
    }
    try {
      const read = applyDocument(filler, outcome.value, doc, isin);
      if (read.nav) {
        nav = read.nav;
        navSource = documentSource(doc, null, read.nav.fund.at(-1)?.date ?? null);
      }
    } catch (err) {
      skipped.push({ doc, err });
    }
  });
  // One document never takes a fund down; only a fund none of whose documents can be read fails.
  if (skipped.length > 0 && skipped.length === ordered.length) throw skipped[0].err;
  filler.settleAsOf();
  const found = filler.filledCount > 0;
  for (const { doc, err } of skipped) filler.data.sources[`skipped.${doc.ref.sha256}`] = skippedSource(doc, err);
  return {
    found,
    name: filler.name,
    data: filler.data,
    nav,
    navSource,
    holdings: filler.holdings,
    holdingsDocument: filler.holdingsDocument,
  };
}

/** Longest reason kept for a skipped document: enough for a person, never a dump of its contents. */
const MAX_SKIP_REASON = 300;

/** The `skipped.<document hash>` entry of data.sources: which document was left out, and why. */
function skippedSource(doc: LoadedDocument, err: unknown): FieldSource {
  const reason = err instanceof UnreadableDocumentError ? err.reason : `could not be read (${String(err)})`;
  return { ...documentSource(doc), skipped: reason.slice(0, MAX_SKIP_REASON) };
}

/**
 * One document on its own (POST /extract): what it states, for the ISIN it names. Parsed off this thread, within the
 * time limit.
 */
export async function extractDocumentData(
  doc: LoadedDocument,
  isinHint: string | null,
  options: ExtractOptions = {},
): Promise<ExtractedDocument> {
  const parse = options.parse ?? parseInPool;
  const filler = new FundFiller();
  filler.isin = isinHint;
  const read = applyDocument(filler, await parse(doc), doc, isinHint);
  filler.settleAsOf();
  return {
    data: filler.data,
    name: filler.name,
    isin: filler.isin,
    pages: read.text?.pages ?? 0,
    chars: read.text?.chars ?? doc.content.length,
    fieldsFilled: filler.filledCount,
  };
}

/** Merges what one parsed document states into the fund being built. */
function applyDocument(
  filler: FundFiller,
  parsed: ParsedDocument,
  doc: LoadedDocument,
  isin: string | null,
): { nav?: NavSeries; text?: TextSize } {
  switch (parsed.kind) {
    case 'keyDocument':
      applyKeyDocument(filler, parsed.kid, doc);
      return { text: parsed.text };
    case 'factsheet':
      applyFactsheet(filler, parsed.sheet, parsed.facts, doc);
      return { text: parsed.text };
    case 'findatex':
      applyFindatex(filler, parsed.findatex, doc, isin, {
        asOfRank: AS_OF_RANK.ept,
        applyHoldings: (h, total, src, asOf) => applyHoldings(filler, h, total, src, asOf),
      });
      return {};
    case 'holdings': {
      const file = parsed.holdings;
      applyHoldings(filler, file.holdings, file.totalHoldings, documentSource(doc, null, file.asOf), file.asOf);
      return {};
    }
    case 'nav': {
      const nav = parsed.nav;
      const latest = nav.fund[nav.fund.length - 1].date;
      filler.offerAsOf(AS_OF_RANK.nav, latest, documentSource(doc, null, latest));
      // The share-class inception, when no document states it, is the first NAV observation.
      filler.fill('keyFacts.inception', nav.fund[0].date, documentSource(doc, null, latest));
      return { nav };
    }
    default:
      return {};
  }
}

/** A document naming another ISIN than the one asked for belongs to another share class: it is not used. */
function belongsTo(filler: FundFiller, statedIsin: string | null): boolean {
  const stated = normaliseIsin(statedIsin);
  if (!stated) return true;
  if (!filler.isin) {
    filler.isin = stated;
    return true;
  }
  return stated === filler.isin;
}

function applyKeyDocument(filler: FundFiller, kid: KidFields, doc: LoadedDocument): void {
  if (!belongsTo(filler, kid.isin)) return;
  // Every value of a KID or KIID says which language it was read in; the risk class also says how.
  const at = (field: string): FieldSource => ({
    ...documentSource(doc, kid.pages[field] ?? null, kid.docDate),
    ...(kid.language ? { language: kid.language } : {}),
  });
  filler.fillName(kid.name, at('name'));
  filler.fill('keyFacts.manager', kid.manager, at('manager'));
  filler.fill('keyFacts.currency', kid.currency, at('currency'));
  filler.fill('investmentObjective', kid.objective, at('objective'));
  filler.fill('riskRating', kid.sri ?? kid.srri, {
    ...at(kid.sri !== null ? 'sri' : 'srri'),
    method: kid.riskFromGraphic ? 'graphic' : 'text',
  });
  filler.fill('benchmarkName', kid.benchmark, at('benchmark'));
  filler.fill('sfdrArticle', kid.sfdrArticle, at('sfdrArticle'));
  // A product held until it matures states its maturity date instead of a number of years.
  filler.fill(
    'costs.recommendedHoldingPeriod',
    kid.maturityDate ? `until maturity (${kid.maturityDate})` : yearsLabel(kid.recommendedHoldingPeriodYears),
    at(kid.maturityDate ? 'maturityDate' : 'recommendedHoldingPeriodYears'),
  );
  for (const [key, value] of Object.entries(kid.costs)) filler.fill(`costs.${key}`, value, at(`costs.${key}`));
  filler.offerAsOf(AS_OF_RANK.keyDocument, kid.docDate, at('docDate'));
}

function applyFactsheet(
  filler: FundFiller,
  sheet: FactsheetFields,
  facts: Partial<Record<KeyFactName, KeyFactHit>>,
  doc: LoadedDocument,
): void {
  if (!belongsTo(filler, sheet.isin)) return;
  const at = (field: string) => documentSource(doc, sheet.pages[field] ?? null, sheet.reportDate);
  filler.fillName(sheet.name, at('name'));
  filler.fill('keyFacts.manager', sheet.manager, at('manager'));
  filler.fill('benchmarkName', sheet.benchmark, at('benchmark'));
  filler.fill('keyFacts.aum', sheet.aum, at('aum'));
  filler.fill('headlineMetrics.aum', sheet.aum, at('aum'));
  filler.fill('keyFacts.inception', sheet.inception, at('inception'));
  filler.fill('topHoldings', sheet.topHoldings, at('topHoldings'));
  filler.fill(
    'sector',
    sheet.sector.map((s) => ({ label: s.label, weight: s.weight })),
    at('sector'),
  );
  filler.fill('metrics.volatility3y', sheet.volatility, at('volatility'));
  filler.fill('metrics.sharpe3y', sheet.sharpe, at('sharpe'));
  const fact = (name: keyof typeof facts) => facts[name]?.value;
  const factAt = (name: keyof typeof facts) => documentSource(doc, facts[name]?.page ?? null, sheet.reportDate);
  filler.fill('keyFacts.assetClass', fact('assetClass'), factAt('assetClass'));
  filler.fill('securityType', fact('securityType'), factAt('securityType'));
  filler.fill('shareClass', fact('shareClass'), factAt('shareClass'));
  filler.fill(
    'keyFacts.currency',
    /^[A-Z]{3}$/.test(fact('currency') ?? '') ? fact('currency') : '',
    factAt('currency'),
  );
  filler.fill('keyFacts.distribution', fact('distribution'), factAt('distribution'));
  filler.fill('keyFacts.holdings', leadingNumber(fact('holdings')), factAt('holdings'));
  filler.fill('metrics.peRatio', fact('peRatio'), factAt('peRatio'));
  filler.fill('headlineMetrics.yieldToMaturity', fact('yieldToMaturity'), factAt('yieldToMaturity'));
  filler.fill('metrics.yieldToMaturity', fact('yieldToMaturity'), factAt('yieldToMaturity'));
  filler.fill('headlineMetrics.modifiedDuration', fact('modifiedDuration'), factAt('modifiedDuration'));
  filler.fill('metrics.effectiveDuration', fact('effectiveDuration'), factAt('effectiveDuration'));
  filler.fill('metrics.averageRating', fact('averageRating'), factAt('averageRating'));
  filler.fill('metrics.sevenDayYield', fact('sevenDayYield'), factAt('sevenDayYield'));
  filler.fill('metrics.wam', fact('wam'), factAt('wam'));
  filler.fill('metrics.wal', fact('wal'), factAt('wal'));
  filler.fill('metrics.incomeYield', fact('incomeYield'), factAt('incomeYield'));
  filler.fill('managerTenure', fact('managerTenure'), factAt('managerTenure'));
  const ter = terOfShareClass(sheet, filler.isin, [filler.name, filler.data.shareClass]);
  filler.fill('headlineMetrics.ter', ter.value ?? normalisePercent(fact('ter') ?? ''), {
    ...(ter.value ? at('ter') : factAt('ter')),
    ...(ter.others.length > 0 ? { otherShareClasses: ter.others } : {}),
  });
  filler.offerAsOf(AS_OF_RANK.factsheet, sheet.reportDate, at('reportDate'));
}

/** Words of a plan or class label that every plan shares: they tell none apart. */
const COMMON_CLASS_WORDS = new Set(['plan', 'class', 'share', 'shares', 'option', 'ter', 'the']);

function classWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !COMMON_CLASS_WORDS.has(w));
}

/**
 * A factsheet that gives each plan or share class its own TER: the one of the class asked for (by ISIN, else the one
 * plan whose label's words all appear in the fund's name or share class), the others kept for provenance. Without a
 * match, the factsheet's headline TER.
 */
function terOfShareClass(
  sheet: FactsheetFields,
  isin: string | null,
  names: Array<string | null>,
): { value: string | null; others: Array<{ label: string; isin: string | null; value: string }> } {
  const classes = sheet.terByClass;
  const known = new Set(names.flatMap((name) => classWords(name ?? '')));
  const byLabel = classes.filter((c) => {
    const words = classWords(c.label);
    return words.length > 0 && words.every((w) => known.has(w));
  });
  const chosen = classes.find((c) => isin && c.isin === isin) ?? (byLabel.length === 1 ? byLabel[0] : null);
  // Without a match, the headline TER is quoted: the plan it belongs to is not one of the others.
  const quoted = chosen ?? classes.find((c) => c.ter === sheet.ter) ?? null;
  const others = classes.filter((c) => c !== quoted).map((c) => ({ label: c.label, isin: c.isin, value: c.ter }));
  return { value: quoted?.ter ?? sheet.ter, others };
}

const ASSET_CLASS_LABELS: [RegExp, string][] = [
  [/equit|stock|share/i, 'Equity'],
  [/fixed income|bond|debt/i, 'Bonds'],
  [/money market|cash|deposit|liquidity/i, 'Cash'],
];

/** Equity/Bonds/Cash/Other split of the asset-class column. */
function assetAllocationOf(holdings: readonly Holding[]) {
  const labelled = holdings.map((h) => ({
    ...h,
    assetClass: ASSET_CLASS_LABELS.find(([re]) => re.test(h.assetClass ?? ''))?.[1] ?? (h.assetClass ? 'Other' : null),
  }));
  return labelled.some((h) => h.assetClass) ? aggregateExposure(labelled, 'assetClass') : [];
}

function applyHoldings(
  filler: FundFiller,
  holdings: Holding[],
  total: number,
  src: FieldSource,
  asOf: string | null,
): void {
  if (!filler.holdings) {
    filler.holdings = { asOf, holdings: holdings.map(fundHolding) };
    filler.holdingsDocument = src.document;
  }
  filler.fill('topHoldings', topHoldings(holdings, 10), src);
  filler.fill('sector', aggregateExposure(holdings, 'sector'), src);
  filler.fill('geography', aggregateExposure(holdings, 'country'), src);
  filler.fill('assetAllocation', assetAllocationOf(holdings), src);
  filler.fill('keyFacts.holdings', total, src);
  filler.offerAsOf(AS_OF_RANK.holdings, asOf, src);
}

/** Fractions scaled to percent carry float noise (11.219999999999999): 6 decimals is more than any file prints. */
function roundWeight(weight: number): number {
  return Math.round(weight * 1e6) / 1e6;
}

/** A parsed line as it is stored: every column the document gave, nothing invented. */
function fundHolding(h: Holding): FundHolding {
  return {
    name: h.name,
    issuer: h.issuer ?? null,
    isin: h.isin,
    weight: roundWeight(h.weight),
    country: h.country,
    sector: h.sector,
    assetClass: h.assetClass,
    currency: h.currency,
  };
}

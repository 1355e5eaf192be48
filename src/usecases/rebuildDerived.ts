import { type DocumentMention, type FundProvenance, matchesStamp, planDerivedData } from '../domain/derivedData';
import type { DocumentRef } from '../domain/documents';
import type { HoldingsSnapshot, HoldingsStamp } from '../domain/holdings';
import type { FeedRepublisher } from './ports/changes';
import type {
  DerivedExtractor,
  DerivedStore,
  HoldingsWrite,
  NavReading,
  ProvenanceStore,
  SeriesWrite,
  StoredDocumentBytes,
} from './ports/derived';

/**
 * The story of `npm run rebuild:clickhouse`: everything ClickHouse holds, rebuilt from what Postgres holds. The change
 * feed is published again from the outbox (same ids, instants and fields); each stored fund's NAV series and full
 * holdings are read again from the stored documents its provenance names, by the load's own parsers, and written under
 * the stamp its summary names, so that every reader answers as before. What cannot be rebuilt is reported, never
 * guessed: rows are written only when the document read again gives what the payload says it gave. Idempotent (the
 * same rows under the same keys: ReplacingMergeTree keeps one), paged, bounded.
 */

export interface RebuildDeps {
  funds: ProvenanceStore;
  extractor: DerivedExtractor;
  store: DerivedStore;
  feed: FeedRepublisher;
}

export interface RebuildOptions {
  /** Stored funds read from Postgres at a time (default 200). */
  pageSize?: number;
  /** Funds whose documents are read at once (default 4). */
  concurrency?: number;
  /** Rows held before they are written, in one insert per table (default 200,000). */
  batchRows?: number;
  /** Outbox rows per insert (default 10,000). */
  feedPageSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  onProblem?: (problem: RebuildProblem) => void;
}

type DerivedPart = 'nav' | 'holdings';

/**
 * Why a fund's series or holdings were not rebuilt: no document is known for them, the documents are no longer
 * stored, they cannot be read (any more), or they read differently from what the payload recorded (parsers changed
 * since the load). Such a fund answers from its payload alone (top holdings) until its next load.
 */
type ProblemReason = 'no_document' | 'document_missing' | 'unreadable' | 'mismatch';

export interface RebuildProblem {
  isin: string;
  part: DerivedPart;
  reason: ProblemReason;
  /** The documents tried (content hashes). */
  documents: string[];
  detail: string;
}

interface RowCounts {
  navSeries: number;
  fundHoldings: number;
  changeFeed: number;
}

export interface RebuildProgress {
  phase: 'changes' | 'funds';
  funds: number;
  totalFunds: number;
  rows: RowCounts;
}

export interface RebuildReport {
  funds: number;
  /** Funds whose NAV series (and benchmark) were written again. */
  fundsWithNav: number;
  /** Funds whose full holdings were written again. */
  fundsWithHoldings: number;
  /** Stored documents read and parsed again. */
  documentsRead: number;
  rows: RowCounts;
  /** Documents a provenance names that Postgres no longer holds (distinct hashes). */
  documentsMissing: number;
  /** Parts not rebuilt, by reason (each reported through onProblem). */
  notRebuilt: Record<DerivedPart, Record<ProblemReason, number>>;
}

/** One read of a stored document for a fund. */
type Attempt =
  | { status: 'missing' }
  | { status: 'unreadable'; error: string }
  | { status: 'read'; nav: NavReading | null; holdings: HoldingsSnapshot | null };

export async function rebuildDerivedData(deps: RebuildDeps, options: RebuildOptions = {}): Promise<RebuildReport> {
  const pageSize = options.pageSize ?? 200;
  const concurrency = options.concurrency ?? 4;
  const report = emptyReport();
  const missing = new Set<string>();
  const progress = (phase: RebuildProgress['phase'], totalFunds: number) =>
    options.onProgress?.({ phase, funds: report.funds, totalFunds, rows: { ...report.rows } });
  const problem = (p: RebuildProblem) => {
    report.notRebuilt[p.part][p.reason]++;
    options.onProblem?.(p);
  };

  await deps.store.prepare();
  const totalFunds = await deps.funds.count();
  for (let after = 0; ;) {
    const published = await deps.feed.republish(after, options.feedPageSize ?? 10_000);
    report.rows.changeFeed += published.rows;
    if (published.lastId === null) break;
    after = published.lastId;
    progress('changes', totalFunds);
  }

  const writer = new BatchWriter(deps.store, options.batchRows ?? 200_000, report.rows);
  for (let after: string | null = null; ;) {
    const page = await deps.funds.page(after, pageSize);
    await inLanes(page, concurrency, async (fund) => {
      const rebuilt = await rebuildFund(deps, fund, { problem, missing, report });
      report.funds++;
      await writer.add(rebuilt.series, rebuilt.holdings);
    });
    if (page.length > 0) progress('funds', totalFunds);
    if (page.length < pageSize) break;
    after = page[page.length - 1].isin;
  }
  await writer.flush();
  report.documentsMissing = missing.size;
  return report;
}

interface FundContext {
  problem: (p: RebuildProblem) => void;
  missing: Set<string>;
  report: RebuildReport;
}

async function rebuildFund(
  deps: RebuildDeps,
  fund: FundProvenance,
  context: FundContext,
): Promise<{ series: SeriesWrite[]; holdings: HoldingsWrite | null }> {
  const plan = planned(fund);
  // A document is fetched once per fund, and read once per kind it is named as.
  const bytes = new Map<string, Promise<StoredDocumentBytes | null>>();
  const attempts = new Map<string, Promise<Attempt>>();
  const fetch = (sha256: string) => {
    if (!bytes.has(sha256)) bytes.set(sha256, deps.funds.document(sha256));
    return bytes.get(sha256)!;
  };
  const read = (m: DocumentMention) => {
    const key = `${m.sha256}/${m.kind}`;
    if (!attempts.has(key)) attempts.set(key, readDocument(deps.extractor, fund, m, fetch, context));
    return attempts.get(key)!;
  };
  const series: SeriesWrite[] = [];
  let holdings: HoldingsWrite | null = null;

  if (plan.nav) {
    const { candidates, lastDate } = plan.nav;
    const tried: Attempt[] = [];
    for (const m of candidates) {
      const attempt = await read(m);
      tried.push(attempt);
      const nav = attempt.status === 'read' ? attempt.nav : null;
      if (nav && (lastDate === null || nav.fund[nav.fund.length - 1]?.date === lastDate)) {
        series.push({ isin: fund.isin, series: 'fund', points: nav.fund, loadedAt: plan.loadedAt });
        series.push({ isin: fund.isin, series: 'benchmark', points: nav.benchmark, loadedAt: plan.loadedAt });
        context.report.fundsWithNav++;
        break;
      }
    }
    if (series.length === 0) context.problem(problemOf(fund.isin, 'nav', candidates, tried, navExpectation(lastDate)));
  }

  if (plan.holdings) {
    const { candidates, stamp } = plan.holdings;
    const tried: Attempt[] = [];
    for (const m of candidates) {
      const attempt = await read(m);
      tried.push(attempt);
      if (attempt.status === 'read' && attempt.holdings && matchesStamp(stamp, attempt.holdings, m.sha256)) {
        holdings = { isin: fund.isin, snapshot: attempt.holdings, loadedAt: plan.loadedAt };
        context.report.fundsWithHoldings++;
        break;
      }
    }
    if (!holdings) context.problem(problemOf(fund.isin, 'holdings', candidates, tried, holdingsExpectation(stamp)));
  }
  return { series, holdings };
}

/** The plan of one fund; a summary the service could not have written (a stamp that is no instant) names its fund. */
function planned(fund: FundProvenance): ReturnType<typeof planDerivedData> {
  try {
    return planDerivedData(fund);
  } catch (err) {
    throw new Error(`${fund.isin}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

async function readDocument(
  extractor: DerivedExtractor,
  fund: FundProvenance,
  m: DocumentMention,
  fetch: (sha256: string) => Promise<StoredDocumentBytes | null>,
  context: FundContext,
): Promise<Attempt> {
  const stored = await fetch(m.sha256);
  if (!stored) {
    context.missing.add(m.sha256);
    return { status: 'missing' };
  }
  context.report.documentsRead++;
  const ref: DocumentRef = {
    sha256: m.sha256,
    kind: m.kind,
    mediaType: m.mediaType ?? stored.mediaType,
    origin: m.origin || `stored:${m.sha256}`,
    retrievedAt: m.retrievedAt ?? fund.generatedAt,
    size: stored.content.length,
    ...(m.recipe ? { recipe: m.recipe } : {}),
  };
  try {
    return { status: 'read', ...(await extractor.read(fund.isin, ref, stored.content)) };
  } catch (err) {
    return { status: 'unreadable', error: err instanceof Error ? err.message : String(err) };
  }
}

function navExpectation(lastDate: string | null): string {
  return lastDate ? `a NAV series ending on ${lastDate}` : 'a NAV series';
}

function holdingsExpectation(stamp: HoldingsStamp): string {
  return `${stamp.count} holdings lines as of ${stamp.asOf ?? '(no date)'}${stamp.document ? ` from ${stamp.document}` : ''}`;
}

/** Why no candidate gave what the payload recorded, most telling reason first. */
function problemOf(
  isin: string,
  part: DerivedPart,
  candidates: DocumentMention[],
  tried: Attempt[],
  expected: string,
): RebuildProblem {
  const documents = candidates.map((m) => m.sha256);
  const base = { isin, part, documents };
  if (candidates.length === 0)
    return {
      ...base,
      reason: 'no_document',
      detail: `the payload records ${expected}, but names no document it was read from and none is filed for the fund`,
    };
  const read = tried.filter((a) => a.status === 'read');
  if (read.length > 0) {
    const found = read.map((a) => (part === 'nav' ? describeNav(a.nav) : describeHoldings(a.holdings))).join('; ');
    return { ...base, reason: 'mismatch', detail: `the payload records ${expected}; read again: ${found}` };
  }
  const unreadable = tried.flatMap((a) => (a.status === 'unreadable' ? [a.error] : []));
  if (unreadable.length > 0)
    return { ...base, reason: 'unreadable', detail: `cannot be read again: ${unreadable.join('; ')}` };
  return { ...base, reason: 'document_missing', detail: `the documents are no longer stored (${expected})` };
}

function describeNav(nav: NavReading | null): string {
  return nav ? `a NAV series of ${nav.fund.length} points ending on ${nav.fund[nav.fund.length - 1]?.date}` : 'no NAV';
}

function describeHoldings(holdings: HoldingsSnapshot | null): string {
  return holdings ? `${holdings.holdings.length} lines as of ${holdings.asOf ?? '(no date)'}` : 'no holdings';
}

function emptyReport(): RebuildReport {
  const reasons = (): Record<ProblemReason, number> => ({
    no_document: 0,
    document_missing: 0,
    unreadable: 0,
    mismatch: 0,
  });
  return {
    funds: 0,
    fundsWithNav: 0,
    fundsWithHoldings: 0,
    documentsRead: 0,
    rows: { navSeries: 0, fundHoldings: 0, changeFeed: 0 },
    documentsMissing: 0,
    notRebuilt: { nav: reasons(), holdings: reasons() },
  };
}

/**
 * Rows of many funds held until there are enough for one insert per table (ClickHouse wants few, large inserts). One
 * write at a time: a lane that fills a batch while the last one is being written waits for it, so at most two batches
 * are held.
 */
class BatchWriter {
  private series: SeriesWrite[] = [];
  private holdings: HoldingsWrite[] = [];
  private pending = 0;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly store: DerivedStore,
    private readonly batchRows: number,
    private readonly rows: RowCounts,
  ) {}

  async add(series: SeriesWrite[], holdings: HoldingsWrite | null): Promise<void> {
    this.series.push(...series);
    if (holdings) this.holdings.push(holdings);
    this.pending += series.reduce((n, s) => n + s.points.length, 0) + (holdings?.snapshot.holdings.length ?? 0);
    while (this.pending >= this.batchRows) {
      if (this.writing) await this.writing;
      else await this.write();
    }
  }

  /** Writes what is held, after the write under way. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    await this.write();
  }

  private async write(): Promise<void> {
    const [series, holdings] = [this.series, this.holdings];
    [this.series, this.holdings, this.pending] = [[], [], 0];
    this.writing = Promise.all([
      series.length > 0 ? this.store.writeSeries(series) : 0,
      holdings.length > 0 ? this.store.writeHoldings(holdings) : 0,
    ]).then(([seriesRows, holdingRows]) => {
      this.rows.navSeries += seriesRows;
      this.rows.fundHoldings += holdingRows;
    });
    try {
      await this.writing;
    } finally {
      this.writing = null;
    }
  }
}

/** Runs `work` over the items, `lanes` at a time. */
async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

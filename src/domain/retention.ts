/**
 * What the storage retention deletes, decided as pure functions over what the stores report (src/usecases/
 * retainStorage.ts runs it at the end of the universe refresh). Nothing here deletes what the API still serves: the
 * holdings a fund's stored summary names (and any newer load), change-feed entries inside the feed's retention window,
 * a saved factsheet (only its rendered pages and PDFs, which are rendered again from its snapshot when asked).
 */

/** The retention windows (src/config.ts: HOLDINGS_RETENTION_HOURS, CHANGE_FEED_RETENTION_DAYS, ...). */
export interface RetentionPolicy {
  /** A superseded holdings load (or one of a fund no longer stored) is deleted once it is this old. */
  holdingsGraceMs: number;
  /** Change-feed entries (outbox, published feed, webhook deliveries) older than this are deleted; 0 keeps them all. */
  changeFeedMs: number;
  /** Rendered factsheet pages and PDFs older than this are deleted (rendered again when asked); 0 keeps them. */
  factsheetRenderMs: number;
  /**
   * Stored documents nothing names any more (no stored fund's or SCPI's provenance or holdings, no filed document, no
   * issuer recipe's copy) and not stored again for this long are deleted, with the source reads older than it; 0 keeps
   * them.
   */
  documentMs: number;
  /** At most one ClickHouse delete (a mutation, which rewrites the table's parts) per table in this long. */
  clickhouseDeleteIntervalMs: number;
}

/** The DateTime text ClickHouse stores a load stamp as ("2026-11-23 10:00:00", UTC, whole seconds). */
export function stampText(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

const STAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export function isStamp(value: unknown): value is string {
  return typeof value === 'string' && STAMP.test(value);
}

/** The instant before which rows go: `now - window`, or null when the window is 0 (keep everything). */
export function cutoff(now: Date, windowMs: number): Date | null {
  return windowMs > 0 ? new Date(now.getTime() - windowMs) : null;
}

/** One (fund, load stamp) of ClickHouse fund_holdings with its row count. */
export interface HoldingsLoad {
  isin: string;
  loadedAt: string;
  rows: number;
}

/** What the planner needs besides the loads: what Postgres says each fund serves. */
export interface HoldingsPlanInput {
  /** Every load of fund_holdings stamped strictly before `before`. */
  loads: readonly HoldingsLoad[];
  /** The stamp text before which loads may go (now minus the grace). */
  before: string;
  /**
   * The stored funds among the loads' ISINs, each with the stamp its summary names (null: it names none). A fund absent
   * from the map is not stored: its loads are no longer read by anything.
   */
  stored: ReadonlyMap<string, string | null>;
  /** Every stamp (before `before`) a stored fund's summary names: a delete by stamp range never spans one. */
  namedStamps: ReadonlySet<string>;
  /** At most this many ISINs listed in one delete (ClickHouse parses the statement: max_query_size). */
  maxListedIsins: number;
}

/** Loads deleted by stamp alone: every row stamped within [from, to] (no stored fund reads any of them). */
export interface StampRange {
  from: string;
  to: string;
}

/** Loads deleted by stamp and fund: at `loadedAt`, the rows of these funds only (other funds still read theirs). */
export interface ListedLoads {
  loadedAt: string;
  isins: string[];
}

export interface HoldingsPrunePlan {
  ranges: StampRange[];
  listed: ListedLoads[];
  /** Loads (fund x stamp) and rows the delete removes. */
  loads: number;
  rows: number;
  /** Stale loads left for a later run (beyond `maxListedIsins`). */
  deferred: number;
}

/**
 * Whether a load is stale: older than the grace, and superseded for what its fund serves. A stored fund serves the
 * load its summary names and anything newer (a load under way writes its holdings before its payload); a stored fund
 * whose summary names none keeps every load (conservative: nothing says which one it would read); a fund no longer
 * stored serves nothing.
 */
export function isStaleLoad(load: HoldingsLoad, before: string, stored: ReadonlyMap<string, string | null>): boolean {
  if (!(load.loadedAt < before)) return false;
  if (!stored.has(load.isin)) return true;
  const named = stored.get(load.isin) ?? null;
  return named !== null && load.loadedAt < named;
}

/**
 * The delete that removes the stale loads, batched by load stamp: runs of consecutive stamps at which every load is
 * stale become ranges (a daily refresh leaves whole days of them: a few ranges whatever the universe's size); a stamp
 * where some fund still reads its load lists the stale funds, up to `maxListedIsins` in all, the rest left for later.
 */
export function planHoldingsPrune(input: HoldingsPlanInput): HoldingsPrunePlan {
  const byStamp = new Map<string, HoldingsLoad[]>();
  for (const load of input.loads) {
    if (!(load.loadedAt < input.before) || !isStamp(load.loadedAt)) continue;
    const at = byStamp.get(load.loadedAt) ?? [];
    at.push(load);
    byStamp.set(load.loadedAt, at);
  }
  const stamps = [...new Set([...byStamp.keys(), ...[...input.namedStamps].filter((s) => s < input.before)])].sort();
  const plan: HoldingsPrunePlan = { ranges: [], listed: [], loads: 0, rows: 0, deferred: 0 };
  let run: StampRange | null = null;
  let listedIsins = 0;
  const closeRun = () => {
    if (run) plan.ranges.push(run);
    run = null;
  };
  for (const stamp of stamps) {
    const loads = byStamp.get(stamp) ?? [];
    const stale = loads.filter((load) => isStaleLoad(load, input.before, input.stored));
    if (stale.length > 0 && stale.length === loads.length && !input.namedStamps.has(stamp)) {
      if (run) run.to = stamp;
      else run = { from: stamp, to: stamp };
      count(plan, stale);
      continue;
    }
    closeRun();
    const room = Math.max(0, input.maxListedIsins - listedIsins);
    const taken = stale.slice(0, room);
    plan.deferred += stale.length - taken.length;
    if (taken.length === 0) continue;
    plan.listed.push({ loadedAt: stamp, isins: taken.map((load) => load.isin).sort() });
    listedIsins += taken.length;
    count(plan, taken);
  }
  closeRun();
  return plan;
}

function count(plan: HoldingsPrunePlan, loads: readonly HoldingsLoad[]): void {
  plan.loads += loads.length;
  plan.rows += loads.reduce((sum, load) => sum + load.rows, 0);
}

export function isEmptyPlan(plan: HoldingsPrunePlan): boolean {
  return plan.ranges.length === 0 && plan.listed.length === 0;
}

/** What the stores say of a table's ClickHouse deletes. */
export interface DeleteHistory {
  /** When the last delete on the table was created; null when none is known. */
  lastAt: Date | null;
  /** A delete on the table still running. */
  running: boolean;
}

/**
 * Whether a ClickHouse delete may run now: none running, and none created within the interval. A mutation rewrites
 * the parts it touches (on ClickHouse 18, all of the table's), so deletes are kept rare and large.
 */
export function mayDelete(history: DeleteHistory, now: Date, intervalMs: number): boolean {
  if (history.running) return false;
  return history.lastAt === null || now.getTime() - history.lastAt.getTime() >= intervalMs;
}

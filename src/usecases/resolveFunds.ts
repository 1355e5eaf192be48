import type { Logger } from '../logger';
import {
  type DependencyHealth,
  DependencyUnavailableError,
  LOAD_DEPENDENCIES,
  LoadTimeoutError,
} from './ports/dependencies';
import type { FundLoader, FundStore, FundWarmer } from './ports/funds';

/**
 * How one ISIN of a many-fund call (batch, portfolio, overlap) was answered:
 * - ok: a payload is stored (`cached` false when this call loaded it; `stale` when its refresh failed or is still
 * running);
 * - not_found: no public data (a load said so now, or within NOT_FOUND_TTL_HOURS);
 * - pending: cold and not loaded within the request budget (or `wait` false): warmed in the background;
 * - error: nothing stored and the load failed (a source error, or our job engine is down): retry later.
 */
export type Resolution<T> =
  | { status: 'ok'; fund: T; cached: boolean; stale: boolean }
  | { status: 'not_found' }
  | { status: 'pending' }
  | { status: 'error' };

export interface ResolveFundsDeps {
  funds: FundStore;
  loader: FundLoader;
  warmer: FundWarmer;
  health: DependencyHealth;
  /** How long the call waits for cold loads, and how many it runs at once. */
  budgetMs: number;
  loadConcurrency: number;
  log: Logger;
}

/** Reads what a call needs of stored funds (payloads for a batch, summaries for aggregations). */
export type StoredReader<T> = (isins: readonly string[]) => Promise<Map<string, T>>;

export interface ResolveOptions {
  /** false: answer cold ISINs as pending at once, without waiting for any load. */
  wait: boolean;
  /**
   * Called once the answers that cost credits whatever happens next (fresh or remembered) are known, before any load.
   */
  beforeLoads?: (billableSoFar: number) => void;
}

/**
 * The story shared by every call over many funds: fresh payloads from the store; remembered misses
 * as not_found; the rest loaded through the same `fund-load/<ISIN>` workflows as GET /funds, a few at
 * a time within the request budget. What is not loaded in time is pending and warmed in the
 * background by one warm-up workflow. A stale payload is answered (flagged) rather than nothing.
 */
export async function resolveFunds<T extends { expiresAt: Date }>(
  deps: ResolveFundsDeps,
  isins: readonly string[],
  read: StoredReader<T>,
  options: ResolveOptions,
  now = new Date(),
): Promise<Map<string, Resolution<T>>> {
  const answers = new Map<string, Resolution<T>>();
  const stored = await read(isins);
  const notFresh = isins.filter((isin) => !isFresh(stored.get(isin), now));
  const missing = notFresh.length > 0 ? await deps.funds.knownMissing(notFresh, now) : new Set<string>();
  for (const isin of isins) {
    const fund = stored.get(isin);
    if (fund && isFresh(fund, now)) answers.set(isin, { status: 'ok', fund, cached: true, stale: false });
    else if (!fund && missing.has(isin)) answers.set(isin, { status: 'not_found' });
  }
  options.beforeLoads?.(answers.size);

  const cold = isins.filter((isin) => !answers.has(isin));
  if (cold.length === 0) return answers;
  const staleOr = (isin: string, otherwise: Resolution<T>): Resolution<T> => {
    const fund = stored.get(isin);
    return fund ? { status: 'ok', fund, cached: true, stale: true } : otherwise;
  };

  const down = deps.health.firstDown(LOAD_DEPENDENCIES);
  const loaded = down ? failAll(cold) : options.wait ? await loadWithinBudget(deps, cold, now) : pendAll(cold);
  const pending = [...loaded].filter(([, outcome]) => outcome === 'pending').map(([isin]) => isin);
  const warming = await startWarmUp(deps, pending);
  const fresh = await read([...loaded].filter(([, outcome]) => outcome === 'ok').map(([isin]) => isin));

  for (const isin of cold) {
    const outcome = loaded.get(isin)!;
    if (outcome === 'ok' && fresh.has(isin))
      answers.set(isin, { status: 'ok', fund: fresh.get(isin)!, cached: false, stale: false });
    else if (outcome === 'not_found') answers.set(isin, staleOr(isin, { status: 'not_found' }));
    else if (outcome === 'pending') answers.set(isin, staleOr(isin, { status: warming ? 'pending' : 'error' }));
    else answers.set(isin, staleOr(isin, { status: 'error' }));
  }
  return answers;
}

type LoadOutcome = 'ok' | 'not_found' | 'pending' | 'error';

function isFresh(fund: { expiresAt: Date } | undefined, now: Date): boolean {
  return fund !== undefined && fund.expiresAt > now;
}

const failAll = (isins: string[]) => new Map(isins.map((isin): [string, LoadOutcome] => [isin, 'error']));
const pendAll = (isins: string[]) => new Map(isins.map((isin): [string, LoadOutcome] => [isin, 'pending']));

/**
 * Runs the loads `loadConcurrency` at a time until the budget is spent. A load still running at the
 * deadline goes on in its workflow (it is pending here); a load not started by then is pending too.
 */
async function loadWithinBudget(deps: ResolveFundsDeps, isins: string[], now: Date): Promise<Map<string, LoadOutcome>> {
  const deadline = Date.now() + deps.budgetMs;
  const outcomes = new Map<string, LoadOutcome>(isins.map((isin) => [isin, 'pending']));
  const queue = [...isins];
  const lane = async () => {
    for (let isin = queue.shift(); isin !== undefined && Date.now() < deadline; isin = queue.shift()) {
      outcomes.set(isin, await loadOne(deps, isin, now, deadline - Date.now()));
    }
  };
  await Promise.all(Array.from({ length: Math.min(deps.loadConcurrency, isins.length) }, lane));
  return outcomes;
}

async function loadOne(deps: ResolveFundsDeps, isin: string, now: Date, timeoutMs: number): Promise<LoadOutcome> {
  try {
    const { status } = await deps.loader.load({ isin, freshSince: now.toISOString() }, timeoutMs);
    return status === 'not_found' ? 'not_found' : 'ok';
  } catch (err) {
    if (err instanceof LoadTimeoutError) return 'pending';
    deps.log.warn({ isin, err: String(err) }, 'fund load failed');
    return 'error';
  }
}

/** Starts the background warm-up of what is pending; false when it cannot be started (the job engine is down). */
async function startWarmUp(deps: ResolveFundsDeps, isins: string[]): Promise<boolean> {
  if (isins.length === 0) return true;
  try {
    await deps.warmer.warm(isins);
    return true;
  } catch (err) {
    if (!(err instanceof DependencyUnavailableError)) throw err;
    deps.log.warn({ isins: isins.length, err: String(err) }, 'warm-up not started: job engine unavailable');
    return false;
  }
}

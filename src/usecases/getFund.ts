import { emptyFundData } from '../domain/fundSkeleton';
import type { Logger } from '../logger';
import type { FundData } from '../schema/fund';
import { DependencyUnavailableError, type DependencyHealth, LOAD_DEPENDENCIES } from './dependencies';
import type { Billing, FundLoader, FundStore, StoredFund } from './ports';

export type FundLookup =
  | { outcome: 'found'; fund: StoredFund; cached: boolean; stale: boolean }
  /** No public data anywhere; `skeleton` is the empty FundData the contract answers with. */
  | { outcome: 'not_found'; skeleton: FundData }
  | { outcome: 'upstream_error' }
  /** A dependency of loads is down and nothing is stored: our outage, not the fund's. */
  | { outcome: 'unavailable'; dependency: string };

export interface GetFundDeps {
  funds: FundStore;
  loader: FundLoader;
  health: DependencyHealth;
  loadTimeoutMs: number;
  log: Logger;
}

/**
 * The story of GET /funds/{isin}: charge the call; serve a fresh payload from the store; otherwise
 * load it through the workflow and serve the new one; if that fails, serve the stale one flagged as
 * stale. An ISIN whose last load found no data (within NOT_FOUND_TTL_HOURS) is not_found at once. While Temporal or ClickHouse is down, no load is attempted: the stale payload, or
 * "unavailable" at once, and an unavailable answer costs nothing.
 */
export async function getFund(deps: GetFundDeps, isin: string, billing: Billing, now = new Date()): Promise<FundLookup> {
  await billing.charge();
  const lookup = await findFund(deps, isin, now);
  if (lookup.outcome === 'unavailable') await billing.refund();
  return lookup;
}

/** The fund as GET /funds finds it (stored, loaded, or stale when a refresh fails), without billing: other stories that need one fund use it. */
export async function findFund(deps: GetFundDeps, isin: string, now = new Date()): Promise<FundLookup> {
  const stored = await deps.funds.get(isin);
  if (stored && stored.expiresAt > now) return { outcome: 'found', fund: stored, cached: true, stale: false };

  const stale = (): FundLookup | null => (stored ? { outcome: 'found', fund: stored, cached: true, stale: true } : null);
  // A load that found nothing is remembered for a while: no new load for it meanwhile.
  if (!stored && (await deps.funds.knownMissing([isin], now)).has(isin)) return { outcome: 'not_found', skeleton: emptyFundData() };
  const down = deps.health.firstDown(LOAD_DEPENDENCIES);
  if (down) return stale() ?? { outcome: 'unavailable', dependency: down };

  let status;
  try {
    // Anything generated after this request began is fresh enough: a run that raced us may have stored it.
    ({ status } = await deps.loader.load({ isin, freshSince: now.toISOString() }, deps.loadTimeoutMs));
  } catch (err) {
    deps.log.warn({ isin, err: String(err) }, 'fund load failed');
    if (err instanceof DependencyUnavailableError) return stale() ?? { outcome: 'unavailable', dependency: err.dependency };
    return stale() ?? { outcome: 'upstream_error' };
  }
  if (status === 'not_found') return stale() ?? { outcome: 'not_found', skeleton: emptyFundData() };
  const loaded = await deps.funds.refresh(isin);
  return loaded ? { outcome: 'found', fund: loaded, cached: false, stale: false } : (stale() ?? { outcome: 'upstream_error' });
}

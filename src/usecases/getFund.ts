import type { FundCache } from '../db/repositories/fundCache';
import type { StoredFund } from '../db/repositories/funds';
import type { FundLoader } from '../api/fundLoader';
import type { Logger } from '../logger';
import { DependencyUnavailableError, type DependencyHealth, LOAD_DEPENDENCIES } from './dependencies';

export type FundLookup =
  | { outcome: 'found'; fund: StoredFund; cached: boolean; stale: boolean }
  | { outcome: 'not_found' }
  | { outcome: 'upstream_error' }
  /** A dependency of loads is down and nothing is stored: our outage, not the fund's. */
  | { outcome: 'unavailable'; dependency: string };

export interface GetFundDeps {
  funds: FundCache;
  loader: FundLoader;
  health: DependencyHealth;
  loadTimeoutMs: number;
  log: Logger;
}

/**
 * The story of GET /funds/{isin}: serve a fresh payload from the store; otherwise load it through
 * the workflow and serve the new one; if that fails, serve the stale one flagged as stale. While
 * Temporal or ClickHouse is down, no load is attempted: the stale payload, or "unavailable", at once.
 */
export async function getFund(deps: GetFundDeps, isin: string, now = new Date()): Promise<FundLookup> {
  const stored = await deps.funds.get(isin);
  if (stored && stored.expiresAt > now) return { outcome: 'found', fund: stored, cached: true, stale: false };

  const stale = (): FundLookup | null => (stored ? { outcome: 'found', fund: stored, cached: true, stale: true } : null);
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
  if (status === 'not_found') return stale() ?? { outcome: 'not_found' };
  const loaded = await deps.funds.refresh(isin);
  return loaded ? { outcome: 'found', fund: loaded, cached: false, stale: false } : (stale() ?? { outcome: 'upstream_error' });
}

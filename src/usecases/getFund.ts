import type { FundCache } from '../db/repositories/fundCache';
import type { StoredFund } from '../db/repositories/funds';
import type { FundLoader } from '../api/fundLoader';
import type { Logger } from '../logger';

export type FundLookup =
  | { outcome: 'found'; fund: StoredFund; cached: boolean; stale: boolean }
  | { outcome: 'not_found' }
  | { outcome: 'upstream_error' };

export interface GetFundDeps {
  funds: FundCache;
  loader: FundLoader;
  loadTimeoutMs: number;
  log: Logger;
}

/**
 * The story of GET /funds/{isin}: serve a fresh payload from the store; otherwise load it through
 * the workflow and serve the new one; if that fails, serve the stale one flagged as stale.
 */
export async function getFund(deps: GetFundDeps, isin: string, now = new Date()): Promise<FundLookup> {
  const stored = await deps.funds.get(isin);
  if (stored && stored.expiresAt > now) return { outcome: 'found', fund: stored, cached: true, stale: false };

  const staleFallback = (): FundLookup => (stored ? { outcome: 'found', fund: stored, cached: true, stale: true } : { outcome: 'upstream_error' });
  let status;
  try {
    // Anything generated after this request began is fresh enough: a run that raced us may have stored it.
    ({ status } = await deps.loader.load({ isin, freshSince: now.toISOString() }, deps.loadTimeoutMs));
  } catch (err) {
    deps.log.warn({ isin, err: String(err) }, 'fund load failed');
    return staleFallback();
  }
  if (status === 'not_found') return stored ? staleFallback() : { outcome: 'not_found' };
  const loaded = await deps.funds.refresh(isin);
  return loaded ? { outcome: 'found', fund: loaded, cached: false, stale: false } : staleFallback();
}

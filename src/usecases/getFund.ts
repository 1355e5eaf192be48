import { emptyFundData } from '../domain/fundSkeleton';
import type { FundData } from '../schema/fund';
import type { Billing } from './ports/billing';
import type { FundLoader, FundStore, StoredFund } from './ports/funds';
import { chargedLookup, type LookupDeps, lookUpStored } from './storedLookup';

export type FundLookup =
  | { outcome: 'found'; fund: StoredFund; cached: boolean; stale: boolean }
  /** No public data anywhere; `skeleton` is the empty FundData the contract answers with. */
  | { outcome: 'not_found'; skeleton: FundData }
  | { outcome: 'upstream_error'; detail?: string }
  /** A dependency of loads is down and nothing is stored: our outage, not the fund's. */
  | { outcome: 'unavailable'; dependency: string };

export interface GetFundDeps extends LookupDeps {
  funds: FundStore;
  loader: FundLoader;
}

/**
 * The story of GET /funds/{isin}: charge the call; the fund as `findFund` finds it; an unavailable answer
 * costs nothing.
 */
export function getFund(deps: GetFundDeps, isin: string, billing: Billing, now = new Date()): Promise<FundLookup> {
  return chargedLookup(billing, () => findFund(deps, isin, now));
}

/**
 * The fund as GET /funds finds it (stored, loaded, or stale when a refresh fails; an ISIN whose last load
 * found no data within NOT_FOUND_TTL_HOURS is not_found at once), without billing: other stories that need
 * one fund use it.
 */
export async function findFund(deps: GetFundDeps, isin: string, now = new Date()): Promise<FundLookup> {
  const lookup = await lookUpStored(
    deps,
    {
      stored: () => deps.funds.get(isin),
      knownMissing: async (at) => (await deps.funds.knownMissing([isin], at)).has(isin),
      load: (freshSince, timeoutMs) => deps.loader.load({ isin, freshSince }, timeoutMs),
      reread: () => deps.funds.refresh(isin),
      failure: { context: { isin }, message: 'fund load failed' },
    },
    now,
  );
  if (lookup.outcome === 'found')
    return { outcome: 'found', fund: lookup.item, cached: lookup.cached, stale: lookup.stale };
  if (lookup.outcome === 'not_found') return { outcome: 'not_found', skeleton: emptyFundData() };
  return lookup;
}

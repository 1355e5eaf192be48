import { emptyFundData } from '../domain/fundSkeleton';
import type { FundData } from '../schema/fund';
import { isinFromRequest } from '../schema/isin';
import type { RateWindows } from './ports/billing';
import type { FundStore, StoredFund } from './ports/funds';

export type DemoLookup =
  | { outcome: 'found'; fund: StoredFund; remaining: number }
  | { outcome: 'invalid_isin'; remaining: number }
  | { outcome: 'not_cached'; isin: string; remaining: number }
  /** A load found no public data for it (remembered for NOT_FOUND_TTL_HOURS). */
  | { outcome: 'not_found'; isin: string; skeleton: FundData; remaining: number }
  | { outcome: 'rate_limited'; remaining: 0 };

export interface DemoFundDeps {
  funds: FundStore;
  windows: RateWindows;
  requestsPerMinute: number;
}

/**
 * The story of the keyless demo: every request from an address counts in its one-minute window
 * (shared by every API process), then only a stored fund is served; nothing is ever loaded. An ISIN a
 * load found no data for (remembered) is fund_not_found rather than not_cached.
 */
export async function demoFund(deps: DemoFundDeps, clientIp: string, rawIsin: string): Promise<DemoLookup> {
  const count = await deps.windows.take(`demo:${clientIp}`);
  const remaining = Math.max(0, deps.requestsPerMinute - count);
  if (count > deps.requestsPerMinute) return { outcome: 'rate_limited', remaining: 0 };
  const isin = isinFromRequest(rawIsin);
  if (!isin) return { outcome: 'invalid_isin', remaining };
  const fund = await deps.funds.get(isin);
  if (fund) return { outcome: 'found', fund, remaining };
  const missing = await deps.funds.knownMissing([isin], new Date());
  return missing.has(isin)
    ? { outcome: 'not_found', isin, skeleton: emptyFundData(), remaining }
    : { outcome: 'not_cached', isin, remaining };
}

import { isinFromRequest } from '../domain/isin';
import type { FundStore, RateWindows, StoredFund } from './ports';

export type DemoLookup =
  | { outcome: 'found'; fund: StoredFund; remaining: number }
  | { outcome: 'invalid_isin'; remaining: number }
  | { outcome: 'not_cached'; isin: string; remaining: number }
  | { outcome: 'rate_limited'; remaining: 0 };

export interface DemoFundDeps {
  funds: FundStore;
  windows: RateWindows;
  requestsPerMinute: number;
}

/**
 * The story of the keyless demo: every request from an address counts in its one-minute window
 * (shared by every API process), then only a stored fund is served; nothing is ever loaded.
 */
export async function demoFund(deps: DemoFundDeps, clientIp: string, rawIsin: string): Promise<DemoLookup> {
  const count = await deps.windows.take(`demo:${clientIp}`);
  const remaining = Math.max(0, deps.requestsPerMinute - count);
  if (count > deps.requestsPerMinute) return { outcome: 'rate_limited', remaining: 0 };
  const isin = isinFromRequest(rawIsin);
  if (!isin) return { outcome: 'invalid_isin', remaining };
  const fund = await deps.funds.get(isin);
  return fund ? { outcome: 'found', fund, remaining } : { outcome: 'not_cached', isin, remaining };
}

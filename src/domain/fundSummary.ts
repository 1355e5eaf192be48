import type { FundData } from '../schema/fund';
import { parseDecimal } from './decimal';
import type { FundSummary, HoldingsStamp } from './holdings';

/**
 * The few fields of a payload that aggregations read (portfolio look-through, overlap), computed once
 * when the payload is stored. Costs are strings in the payload ("0.25%"); here they are numbers.
 */
export function fundSummary(data: FundData, holdings: HoldingsStamp | null): FundSummary {
  return {
    ter: percentOf(data.costs.ongoing) ?? percentOf(data.headlineMetrics.ter),
    riskRating: data.riskRating,
    category: data.profile.category,
    kind: data.profile.kind,
    currency: data.keyFacts.currency,
    dataAsOf: data.dataAsOf,
    assetAllocation: data.assetAllocation,
    sector: data.sector,
    geography: data.geography,
    region: data.region,
    creditQuality: data.creditQuality,
    topHoldings: data.topHoldings,
    holdings,
  };
}

/** "0.25%", "0,25 %" or "0.25" as a percent number; null when not a plausible cost (negative, over 100). */
export function percentOf(text: string): number | null {
  const value = parseDecimal(text);
  return value !== null && value >= 0 && value <= 100 ? value : null;
}

import { type FundHolding, topHoldingLines } from '../domain/holdings';
import { getFund, type GetFundDeps } from './getFund';
import type { Billing } from './ports/billing';
import type { HoldingsStore, StoredFund } from './ports/funds';

export interface GetHoldingsDeps extends GetFundDeps {
  holdings: HoldingsStore;
}

/** Where the lines come from: the full holdings a document disclosed, or only the payload's top holdings. */
type HoldingsSource = 'holdings' | 'topHoldings' | 'none';

interface FundHoldings {
  fund: StoredFund;
  cached: boolean;
  stale: boolean;
  asOf: string | null;
  source: HoldingsSource;
  holdings: FundHolding[];
  /** Percent of the portfolio the listed lines cover (sum of their positive weights, at most 100). */
  coverage: number;
}

export type HoldingsLookup =
  { outcome: 'found'; holdings: FundHoldings } | Exclude<Awaited<ReturnType<typeof getFund>>, { outcome: 'found' }>;

/**
 * The story of GET /funds/{isin}/holdings: the fund as GET /funds finds it (store, load, stale; the
 * same credit), then every line its documents disclose, with their as-of date. A fund whose
 * documents give only a top-10 answers those, and says so.
 */
export async function getHoldings(
  deps: GetHoldingsDeps,
  isin: string,
  billing: Billing,
  now = new Date(),
): Promise<HoldingsLookup> {
  const lookup = await getFund(deps, isin, billing, now);
  if (lookup.outcome !== 'found') return lookup;
  const summary = (await deps.funds.summaries([isin])).get(isin)?.summary;
  const stamp = summary?.holdings;
  const full = stamp ? (await deps.holdings.holdingsOf([{ isin, stamp }])).get(isin) : undefined;
  const base = { fund: lookup.fund, cached: lookup.cached, stale: lookup.stale };
  if (full)
    return {
      outcome: 'found',
      holdings: {
        ...base,
        asOf: full.asOf,
        source: 'holdings',
        holdings: full.holdings,
        coverage: coverageOf(full.holdings),
      },
    };
  const top = topHoldingLines(summary?.topHoldings ?? []);
  const asOf = top.length > 0 ? summary?.dataAsOf || null : null;
  return {
    outcome: 'found',
    holdings: {
      ...base,
      asOf,
      source: top.length > 0 ? 'topHoldings' : 'none',
      holdings: top,
      coverage: coverageOf(top),
    },
  };
}

function coverageOf(holdings: readonly FundHolding[]): number {
  const total = holdings.reduce((sum, h) => sum + Math.max(0, h.weight), 0);
  return Math.min(100, Math.round(total * 100) / 100);
}

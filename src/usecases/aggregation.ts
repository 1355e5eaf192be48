import type { FundHolding } from '../domain/holdings';
import type { HoldingsStore, StoredSummary } from './ports/funds';
import type { Resolution, ResolveFundsDeps } from './resolveFunds';

/** What the aggregations (portfolio look-through, overlap) need: the many-fund story and the full holdings. */
export interface AggregationDeps extends ResolveFundsDeps {
  holdings: HoldingsStore;
}

/** The full holdings of every answered fund that has them stored, in one read (served from memory when unchanged). */
export async function fullHoldingsOf(
  deps: AggregationDeps,
  answers: ReadonlyMap<string, Resolution<StoredSummary>>,
): Promise<Map<string, readonly FundHolding[]>> {
  const stamped = [...answers].flatMap(([isin, answer]) => {
    const stamp = answer.status === 'ok' ? answer.fund.summary.holdings : null;
    return stamp ? [{ isin, stamp }] : [];
  });
  const snapshots = await deps.holdings.holdingsOf(stamped);
  return new Map([...snapshots].map(([isin, snapshot]) => [isin, snapshot.holdings]));
}

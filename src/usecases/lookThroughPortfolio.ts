import type { FundHolding } from '../domain/holdings';
import { aggregatePortfolio, type PortfolioAggregate, type PositionAnswer } from '../domain/portfolio';
import { isinFromRequest } from '../schema/isin';
import { type AggregationDeps, fullHoldingsOf } from './aggregation';
import type { ItemBilling } from './ports/billing';
import type { StoredSummary } from './ports/funds';
import { type Resolution, resolveFunds } from './resolveFunds';

export type PortfolioOutcome =
  | { outcome: 'answered'; portfolio: PortfolioAggregate }
  /** Not one position names a valid ISIN: 400 invalid_isin, nothing charged. */
  | { outcome: 'invalid_isin' }
  /** Every weight is zero: nothing to normalise, 400 invalid_body. */
  | { outcome: 'zero_weights' };

/**
 * The story of POST /portfolio: every distinct valid ISIN answered as a batch would (store, remembered
 * misses, loads within the request budget, pending warmed in the background), then looked through to
 * the funds' summaries and full holdings. 1 credit per distinct ISIN answered (ok or not_found),
 * charged all or nothing once the answers are known.
 */
export async function lookThroughPortfolio(
  deps: AggregationDeps,
  positions: readonly { isin: string; weight: number }[],
  wait: boolean,
  billing: ItemBilling,
  now = new Date(),
): Promise<PortfolioOutcome> {
  const parsed = positions.map((p) => ({ input: p.isin, isin: isinFromRequest(p.isin), weight: p.weight }));
  const isins = [...new Set(parsed.flatMap((p) => (p.isin ? [p.isin] : [])))];
  if (isins.length === 0) return { outcome: 'invalid_isin' };
  if (!parsed.some((p) => p.weight > 0)) return { outcome: 'zero_weights' };

  await billing.open();
  const answers = await resolveFunds(
    deps,
    isins,
    (list) => deps.funds.summaries(list),
    { wait, beforeLoads: (billable) => billing.assertCanPay(billable) },
    now,
  );
  const holdings = await fullHoldingsOf(deps, answers);
  const portfolio = aggregatePortfolio({
    positions: parsed,
    answers: new Map([...answers].map(([isin, answer]) => [isin, positionAnswer(answer, holdings.get(isin) ?? null)])),
  });
  await billing.chargeItems(portfolio.billable);
  return { outcome: 'answered', portfolio };
}

function positionAnswer(answer: Resolution<StoredSummary>, holdings: readonly FundHolding[] | null): PositionAnswer {
  if (answer.status !== 'ok') return { status: answer.status };
  const { isin, name, summary } = answer.fund;
  return { status: 'ok', fund: { isin, name, summary, holdings } };
}

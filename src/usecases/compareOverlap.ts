import { LOOKTHROUGH_RULES_VERSION } from '../domain/holdingMatch';
import { type FundHolding, topHoldingLines } from '../domain/holdings';
import { overlapOf, type OverlapPair } from '../domain/overlap';
import { type AggregationDeps, fullHoldingsOf } from './aggregation';
import { billableCount } from './batchFunds';
import type { ItemBilling } from './ports/billing';
import { resolveFunds } from './resolveFunds';

interface OverlapFundEntry {
  isin: string;
  name: string | null;
  /** Number of holding lines compared. */
  holdings: number;
  /** full: every line of the fund's holdings; top: only its largest positions are disclosed; none. */
  disclosure: 'full' | 'top' | 'none';
}

interface OverlapReport {
  funds: OverlapFundEntry[];
  pairs: OverlapPair[];
  pending: string[];
  notFound: string[];
  /** Not answered: the load failed and nothing is stored (free; retry later). */
  failed: string[];
  note: string;
  rules: string;
}

export type OverlapOutcome = { outcome: 'answered'; report: OverlapReport } | { outcome: 'too_few' };

/**
 * The story of GET /overlap: the funds answered as a batch would, then compared pairwise through their
 * full holdings (their largest positions where that is all they disclose). 1 credit per distinct
 * ISIN answered (ok or not_found), charged all or nothing once the answers are known.
 */
export async function compareOverlap(
  deps: AggregationDeps,
  isins: readonly string[],
  wait: boolean,
  billing: ItemBilling,
  now = new Date(),
): Promise<OverlapOutcome> {
  const distinct = [...new Set(isins)];
  if (distinct.length < 2) return { outcome: 'too_few' };
  await billing.open();
  const answers = await resolveFunds(
    deps,
    distinct,
    (list) => deps.funds.summaries(list),
    { wait, beforeLoads: (billable) => billing.assertCanPay(billable) },
    now,
  );
  const full = await fullHoldingsOf(deps, answers);
  const funds: (OverlapFundEntry & { lines: readonly FundHolding[] })[] = [];
  for (const isin of distinct) {
    const answer = answers.get(isin)!;
    if (answer.status !== 'ok') continue;
    const lines = full.get(isin) ?? topHoldingLines(answer.fund.summary.topHoldings);
    funds.push({
      isin,
      name: answer.fund.name,
      holdings: lines.length,
      disclosure: full.has(isin) ? 'full' : lines.length > 0 ? 'top' : 'none',
      lines,
    });
  }
  await billing.chargeItems(billableCount(answers));
  const having = (status: string) => distinct.filter((isin) => answers.get(isin)!.status === status);
  return {
    outcome: 'answered',
    report: {
      funds: funds.map(({ lines: _lines, ...entry }) => entry),
      pairs: overlapOf(funds.map((f) => ({ isin: f.isin, holdings: f.lines }))),
      pending: having('pending'),
      notFound: having('not_found'),
      failed: having('error'),
      note: overlapNote(funds),
      rules: LOOKTHROUGH_RULES_VERSION,
    },
  };
}

/** Says how complete the comparison is: overlap through top holdings only is a lower bound. */
function overlapNote(funds: readonly OverlapFundEntry[]): string {
  const partial = funds.filter((f) => f.disclosure !== 'full').map((f) => f.isin);
  if (funds.length < 2) return 'Fewer than two funds were answered, so no pair is compared.';
  if (partial.length === 0) return 'Every fund is compared through its full holdings.';
  return `${partial.join(', ')} ${partial.length === 1 ? 'discloses' : 'disclose'} only ${partial.length === 1 ? 'its' : 'their'} largest positions (or none), so overlaps involving ${partial.length === 1 ? 'it' : 'them'} are a lower bound; disclosed says how much of each portfolio is visible.`;
}

import { isinFromRequest } from '../schema/isin';
import type { ItemBilling } from './ports/billing';
import type { StoredFund } from './ports/funds';
import { type Resolution, resolveFunds, type ResolveFundsDeps } from './resolveFunds';

type BatchStatus = 'ok' | 'not_found' | 'pending' | 'invalid' | 'error';

/** One answer per input, in input order (spec 2.5). `fund` is set when status is ok. */
export interface BatchItem {
  input: string;
  isin: string | null;
  status: BatchStatus;
  fund: StoredFund | null;
  cached: boolean;
}

export type BatchOutcome =
  | { outcome: 'answered'; items: BatchItem[]; pending: string[] }
  /** Not one input is a valid ISIN: 400, nothing charged. */
  | { outcome: 'invalid_isin' };

/**
 * The story of POST /funds: every valid ISIN is answered once (duplicates share the answer), through
 * the store, remembered misses and loads within the request budget; the rest is pending and warmed in
 * the background. Billing: 1 credit per distinct ISIN answered ok or not_found, charged all or
 * nothing once the answers are known (a call that cannot be paid in full is refused whole).
 */
export async function batchFunds(
  deps: ResolveFundsDeps,
  inputs: readonly string[],
  wait: boolean,
  billing: ItemBilling,
  now = new Date(),
): Promise<BatchOutcome> {
  const parsed = inputs.map((input) => ({ input, isin: isinFromRequest(input) }));
  const isins = [...new Set(parsed.flatMap((p) => (p.isin ? [p.isin] : [])))];
  if (isins.length === 0) return { outcome: 'invalid_isin' };

  await billing.open();
  const answers = await resolveFunds(
    deps,
    isins,
    (list) => deps.funds.getMany(list),
    { wait, beforeLoads: (billable) => billing.assertCanPay(billable) },
    now,
  );
  await billing.chargeItems(billableCount(answers));
  return {
    outcome: 'answered',
    items: parsed.map(({ input, isin }) => itemOf(input, isin, isin ? answers.get(isin)! : null)),
    pending: isins.filter((isin) => answers.get(isin)!.status === 'pending'),
  };
}

/** Distinct ISINs answered ok or not_found: what a many-fund call costs. */
export function billableCount(answers: ReadonlyMap<string, Resolution<unknown>>): number {
  let count = 0;
  for (const answer of answers.values()) if (answer.status === 'ok' || answer.status === 'not_found') count++;
  return count;
}

function itemOf(input: string, isin: string | null, answer: Resolution<StoredFund> | null): BatchItem {
  if (!isin || !answer) return { input, isin: null, status: 'invalid', fund: null, cached: false };
  if (answer.status === 'ok') return { input, isin, status: 'ok', fund: answer.fund, cached: answer.cached };
  return { input, isin, status: answer.status, fund: null, cached: false };
}

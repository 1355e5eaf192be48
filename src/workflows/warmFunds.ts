import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, startChild } from '@temporalio/workflow';
import { loadFund } from './loadFund';
import { FUND_ISIN, JOB_KIND, JOB_KINDS } from './searchAttributes';

export interface WarmFundsInput {
  isins: string[];
  /** Loads at once. */
  concurrency: number;
  /** A payload generated at or after this instant is fresh enough (the request that asked for the warm-up). */
  freshSince: string;
}

export interface WarmFundsResult {
  ok: number;
  notFound: number;
  /** Already being loaded by another run (a GET, a batch): that run stores it. */
  joined: number;
  failed: number;
}

/**
 * Background warm-up of ISINs a batch, portfolio or overlap call answered as pending. Id
 * `fund-warm/<uuid>`; each ISIN is loaded by a child `fund-load/<ISIN>` workflow, the same
 * single-flight load as GET /funds (a load already running is left to finish on its own), at most
 * `concurrency` at once. Children are abandoned, not cancelled, if this workflow ends early: a load
 * once started always completes. Operators see the warm-up and its children in the Temporal UI.
 */
export async function warmFunds(input: WarmFundsInput): Promise<WarmFundsResult> {
  const result: WarmFundsResult = { ok: 0, notFound: 0, joined: 0, failed: 0 };
  const queue = [...new Set(input.isins)];
  const lane = async () => {
    for (let isin = queue.shift(); isin !== undefined; isin = queue.shift()) await warmOne(isin, input.freshSince, result);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(input.concurrency, queue.length)) }, lane));
  return result;
}

async function warmOne(isin: string, freshSince: string, result: WarmFundsResult): Promise<void> {
  try {
    const child = await startChild(loadFund, {
      workflowId: `fund-load/${isin}`,
      args: [{ isin, freshSince }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      workflowExecutionTimeout: '5 minutes',
      typedSearchAttributes: [
        { key: FUND_ISIN, value: isin },
        { key: JOB_KIND, value: JOB_KINDS.fundLoad },
      ],
    });
    const { status } = await child.result();
    if (status === 'not_found') result.notFound++;
    else result.ok++;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) result.joined++;
    else result.failed++;
  }
}

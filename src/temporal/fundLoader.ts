import { type Client, type WorkflowHandle, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { WorkflowIdReusePolicy } from '@temporalio/common';
import { DependencyUnavailableError, LoadTimeoutError } from '../usecases/dependencies';
import type { FundLoader, FundLoadRequest } from '../usecases/ports';
import type { LoadFundResult } from '../workflows/loadFund';
import { isTemporalOutage } from './client';
import { FUND_ISIN, JOB_KIND, JOB_KINDS } from '../workflows/searchAttributes';

export { LoadTimeoutError };

export function fundLoadWorkflowId(isin: string): string {
  return `fund-load/${isin}`;
}

/** A start or describe call that gets no answer within this long means Temporal is not there. */
export const TEMPORAL_CALL_DEADLINE_MS = 10_000;

/** Runs a Temporal call, turning "the server cannot be reached" into the use cases' DependencyUnavailableError. */
export async function temporalCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isTemporalOutage(err)) throw new DependencyUnavailableError('temporal', { cause: err });
    throw err;
  }
}

/** The FundLoader port over the `loadFund` workflow. */
export class TemporalFundLoader implements FundLoader {
  constructor(private readonly client: Client, private readonly taskQueue: string) {}

  load(request: FundLoadRequest, timeoutMs: number): Promise<LoadFundResult> {
    return temporalCall(() => this.startAndWait(request, timeoutMs));
  }

  private async startAndWait(request: FundLoadRequest, timeoutMs: number): Promise<LoadFundResult> {
    const deadline = Date.now() + TEMPORAL_CALL_DEADLINE_MS;
    const handle = await this.client.connection.withDeadline(deadline, () => this.startOrAttach(request));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new LoadTimeoutError(`load of ${request.isin} took longer than ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([handle.result() as Promise<LoadFundResult>, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Attaches to a running load (conflict policy USE_EXISTING). A load that already completed after
   * this request began also counts: a request that raced it gets its result instead of a second run.
   * An older completed run (yesterday's load) does not stop a new one.
   */
  private async startOrAttach(request: FundLoadRequest): Promise<WorkflowHandle> {
    try {
      return await this.start(request, 'ALLOW_DUPLICATE_FAILED_ONLY');
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      const latest = this.client.workflow.getHandle(fundLoadWorkflowId(request.isin));
      const { closeTime } = await latest.describe();
      if (closeTime && closeTime >= new Date(request.freshSince)) return latest;
      return this.start(request, 'ALLOW_DUPLICATE');
    }
  }

  private start(request: FundLoadRequest, workflowIdReusePolicy: WorkflowIdReusePolicy): Promise<WorkflowHandle> {
    return this.client.workflow.start('loadFund', {
      taskQueue: this.taskQueue,
      workflowId: fundLoadWorkflowId(request.isin),
      args: [request],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy,
      workflowExecutionTimeout: '5 minutes',
      typedSearchAttributes: [
        { key: FUND_ISIN, value: request.isin },
        { key: JOB_KIND, value: JOB_KINDS.fundLoad },
      ],
    });
  }
}

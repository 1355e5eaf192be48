import type { Client } from '@temporalio/client';
import type { LoadFundInput, LoadFundResult } from '../workflows/loadFund';
import { FUND_ISIN, JOB_KIND, JOB_KINDS } from '../temporal/searchAttributes';

export interface FundLoader {
  /** Loads one ISIN through the `fund-load/<ISIN>` workflow, attaching to a run already going. */
  load(input: LoadFundInput, timeoutMs: number): Promise<LoadFundResult>;
}

export class LoadTimeoutError extends Error {}

export function fundLoadWorkflowId(isin: string): string {
  return `fund-load/${isin}`;
}

export class TemporalFundLoader implements FundLoader {
  constructor(private readonly client: Client, private readonly taskQueue: string) {}

  async load(input: LoadFundInput, timeoutMs: number): Promise<LoadFundResult> {
    const handle = await this.client.workflow.start('loadFund', {
      taskQueue: this.taskQueue,
      workflowId: fundLoadWorkflowId(input.isin),
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowExecutionTimeout: '5 minutes',
      typedSearchAttributes: [
        { key: FUND_ISIN, value: input.isin },
        { key: JOB_KIND, value: JOB_KINDS.fundLoad },
      ],
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new LoadTimeoutError(`load of ${input.isin} took longer than ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([handle.result() as Promise<LoadFundResult>, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

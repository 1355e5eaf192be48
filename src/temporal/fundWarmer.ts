import { randomUUID } from 'node:crypto';

import type { Client } from '@temporalio/client';

import type { FundWarmer } from '../usecases/ports/funds';
import { JOB_KIND, JOB_KINDS } from '../workflows/searchAttributes';
import type { WarmFundsInput } from '../workflows/warmFunds';
import { TEMPORAL_CALL_DEADLINE_MS, temporalCall } from './singleFlight';

/** A warm-up of up to 1,000 funds, `concurrency` at a time, each within its own 5-minute load limit. */
const WARM_TIMEOUT = '2 hours';

/** The FundWarmer port over the `warmFunds` workflow (id `fund-warm/<uuid>`): started, not awaited. */
export class TemporalFundWarmer implements FundWarmer {
  constructor(
    private readonly client: Client,
    private readonly taskQueue: string,
    private readonly concurrency: number,
  ) {}

  async warm(isins: readonly string[]): Promise<void> {
    if (isins.length === 0) return;
    const input: WarmFundsInput = {
      isins: [...isins],
      concurrency: this.concurrency,
      freshSince: new Date().toISOString(),
    };
    await temporalCall(() =>
      this.client.connection.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, () =>
        this.client.workflow.start('warmFunds', {
          taskQueue: this.taskQueue,
          workflowId: `fund-warm/${randomUUID()}`,
          args: [input],
          workflowExecutionTimeout: WARM_TIMEOUT,
          typedSearchAttributes: [{ key: JOB_KIND, value: JOB_KINDS.fundWarm }],
        }),
      ),
    );
  }
}

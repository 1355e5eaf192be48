import type { Client } from '@temporalio/client';
import type { FundLoader, FundLoadRequest } from '../usecases/ports';
import type { LoadFundResult } from '../workflows/loadFund';
import { FUND_ISIN, JOB_KIND, JOB_KINDS } from '../workflows/searchAttributes';
import { SingleFlightStarter } from './singleFlight';

export function fundLoadWorkflowId(isin: string): string {
  return `fund-load/${isin}`;
}

/** The FundLoader port over the `loadFund` workflow (`fund-load/<ISIN>`). */
export class TemporalFundLoader implements FundLoader {
  private readonly starter: SingleFlightStarter;

  constructor(client: Client, taskQueue: string) {
    this.starter = new SingleFlightStarter(client, taskQueue);
  }

  load(request: FundLoadRequest, timeoutMs: number): Promise<LoadFundResult> {
    return this.starter.run<LoadFundResult>(
      {
        workflowType: 'loadFund',
        workflowId: fundLoadWorkflowId(request.isin),
        args: [request],
        freshSince: request.freshSince,
        searchAttributes: [
          { key: FUND_ISIN, value: request.isin },
          { key: JOB_KIND, value: JOB_KINDS.fundLoad },
        ],
        what: `load of ${request.isin}`,
      },
      timeoutMs,
    );
  }
}

import type { Client } from '@temporalio/client';
import type { ScpiLoader } from '../usecases/ports';
import type { LoadScpiResult } from '../workflows/loadScpi';
import { JOB_KIND, JOB_KINDS } from '../workflows/searchAttributes';
import { SingleFlightStarter } from './singleFlight';

export function scpiLoadWorkflowId(slug: string): string {
  return `scpi-load/${slug}`;
}

/** The ScpiLoader port over the `loadScpi` workflow (`scpi-load/<slug>`): one run per SCPI, shared by concurrent callers. */
export class TemporalScpiLoader implements ScpiLoader {
  private readonly starter: SingleFlightStarter;

  constructor(client: Client, taskQueue: string) {
    this.starter = new SingleFlightStarter(client, taskQueue);
  }

  load(request: { slug: string; freshSince: string }, timeoutMs: number): Promise<LoadScpiResult> {
    return this.starter.run<LoadScpiResult>(
      {
        workflowType: 'loadScpi',
        workflowId: scpiLoadWorkflowId(request.slug),
        args: [request],
        freshSince: request.freshSince,
        searchAttributes: [{ key: JOB_KIND, value: JOB_KINDS.scpiLoad }],
        what: `load of SCPI ${request.slug}`,
      },
      timeoutMs,
    );
  }
}

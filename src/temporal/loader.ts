import type { Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';

import { UPSTREAM_FAILURES } from '../domain/failures';
import { UpstreamUnavailableError } from '../usecases/ports/dependencies';
import type { FundLoader, FundLoadRequest } from '../usecases/ports/funds';
import type { LoadStatus } from '../usecases/ports/loads';
import type { ScpiLoader, ScpiLoadRequest } from '../usecases/ports/scpi';
import type { LoadFundResult } from '../workflows/loadFund';
import type { LoadScpiResult } from '../workflows/loadScpi';
import { FUND_ISIN, JOB_KIND, JOB_KINDS } from '../workflows/searchAttributes';
import { type SingleFlightJob, SingleFlightStarter } from './singleFlight';

export function fundLoadWorkflowId(isin: string): string {
  return `fund-load/${isin}`;
}

function scpiLoadWorkflowId(slug: string): string {
  return `scpi-load/${slug}`;
}

/** How one kind of load maps its request onto its single-flight workflow. */
type LoadJob<Request, Result> = (request: Request) => Omit<SingleFlightJob<Result>, 'args' | 'freshSince' | 'result'>;

const fundLoadJob: LoadJob<FundLoadRequest, LoadFundResult> = (request) => ({
  workflowType: 'loadFund',
  workflowId: fundLoadWorkflowId(request.isin),
  searchAttributes: [
    { key: FUND_ISIN, value: request.isin },
    { key: JOB_KIND, value: JOB_KINDS.fundLoad },
  ],
  what: `load of ${request.isin}`,
});

const scpiLoadJob: LoadJob<ScpiLoadRequest, LoadScpiResult> = (request) => ({
  workflowType: 'loadScpi',
  workflowId: scpiLoadWorkflowId(request.slug),
  searchAttributes: [{ key: JOB_KIND, value: JOB_KINDS.scpiLoad }],
  what: `load of SCPI ${request.slug}`,
});

/**
 * A load port over its workflow (`fund-load/<ISIN>`, `scpi-load/<slug>`): one run per key, started or
 * joined, shared by concurrent callers, awaited up to the caller's time.
 */
class TemporalLoader<Request extends { freshSince: string }, Result extends { status: LoadStatus }> {
  private readonly starter: SingleFlightStarter;

  constructor(
    client: Client,
    taskQueue: string,
    private readonly job: LoadJob<Request, Result>,
  ) {
    this.starter = new SingleFlightStarter(client, taskQueue);
  }

  async load(request: Request, timeoutMs: number): Promise<Result> {
    try {
      return await this.starter.run<Result>(
        { ...this.job(request), args: [request], freshSince: request.freshSince },
        timeoutMs,
      );
    } catch (err) {
      const upstream = upstreamFailure(err);
      throw upstream ? new UpstreamUnavailableError(upstream) : err;
    }
  }
}

/** The message of the failure that ended a load because the sources outside could not be asked, else null. */
function upstreamFailure(err: unknown): string | null {
  for (let cause: unknown = err; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ApplicationFailure && cause.type && UPSTREAM_FAILURES.includes(cause.type))
      return cause.message;
  }
  return null;
}

/** The FundLoader port over the `loadFund` workflow. */
export function temporalFundLoader(client: Client, taskQueue: string): FundLoader {
  return new TemporalLoader(client, taskQueue, fundLoadJob);
}

/** The ScpiLoader port over the `loadScpi` workflow. */
export function temporalScpiLoader(client: Client, taskQueue: string): ScpiLoader {
  return new TemporalLoader(client, taskQueue, scpiLoadJob);
}

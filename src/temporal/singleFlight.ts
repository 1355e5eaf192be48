import { type Client, WorkflowExecutionAlreadyStartedError, type WorkflowHandle } from '@temporalio/client';
import type { WorkflowIdReusePolicy } from '@temporalio/common';

import { DependencyUnavailableError, LoadTimeoutError } from '../usecases/ports/dependencies';
import { isTemporalOutage } from './client';

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

/** One single-flight job: a workflow per key, which concurrent callers share. */
export interface SingleFlightJob<Result> {
  workflowType: string;
  workflowId: string;
  args: unknown[];
  /** A run that completed at or after this instant (ISO) answers the request; an older one does not. */
  freshSince: string;
  searchAttributes: Parameters<Client['workflow']['start']>[1]['typedSearchAttributes'];
  /** Message of the LoadTimeoutError when the caller stops waiting. */
  what: string;
  /** The run's own limit (default 5 minutes: a load). */
  executionTimeout?: string;
  /** Only for the type: the workflow's result. */
  result?: Result;
}

/**
 * Starts the job's workflow or attaches to the run already going (conflict policy USE_EXISTING), and
 * waits for its result up to `timeoutMs`. A run that completed after the request began also counts:
 * a request that raced it gets its result instead of a second run; an older completed run does not.
 *
 * Callers in this process asking for the same workflow while a call is going share that call: between
 * "the last run is older than my request" (describe) and "start a new one", another caller's run may
 * have started and finished, and the start would then begin a second run. Sharing closes that window
 * inside a process; across API processes it stays open for the few milliseconds between the two calls.
 */
export class SingleFlightStarter {
  private readonly going = new Map<string, Promise<unknown>>();

  constructor(
    private readonly client: Client,
    private readonly taskQueue: string,
  ) {}

  run<Result>(job: SingleFlightJob<Result>, timeoutMs: number): Promise<Result> {
    return temporalCall(() => waitUpTo(this.shared(job), timeoutMs, job.what));
  }

  private shared<Result>(job: SingleFlightJob<Result>): Promise<Result> {
    const going = this.going.get(job.workflowId);
    if (going) return going as Promise<Result>;
    const result = this.startAndWait(job).finally(() => this.going.delete(job.workflowId));
    this.going.set(job.workflowId, result);
    return result;
  }

  private async startAndWait<Result>(job: SingleFlightJob<Result>): Promise<Result> {
    const deadline = Date.now() + TEMPORAL_CALL_DEADLINE_MS;
    const handle = await this.client.connection.withDeadline(deadline, () => this.startOrAttach(job));
    return (await handle.result()) as Result;
  }

  private async startOrAttach(job: SingleFlightJob<unknown>): Promise<WorkflowHandle> {
    try {
      return await this.start(job, 'ALLOW_DUPLICATE_FAILED_ONLY');
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      const latest = this.client.workflow.getHandle(job.workflowId);
      const { closeTime } = await latest.describe();
      if (closeTime && closeTime >= new Date(job.freshSince)) return latest;
      return this.start(job, 'ALLOW_DUPLICATE');
    }
  }

  private start(job: SingleFlightJob<unknown>, workflowIdReusePolicy: WorkflowIdReusePolicy): Promise<WorkflowHandle> {
    return this.client.workflow.start(job.workflowType, {
      taskQueue: this.taskQueue,
      workflowId: job.workflowId,
      args: job.args,
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy,
      workflowExecutionTimeout: job.executionTimeout ?? '5 minutes',
      typedSearchAttributes: job.searchAttributes,
    });
  }
}

/** The shared result, or a LoadTimeoutError for this caller alone once `timeoutMs` has passed. */
async function waitUpTo<Result>(result: Promise<Result>, timeoutMs: number, what: string): Promise<Result> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LoadTimeoutError(`${what} took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([result, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

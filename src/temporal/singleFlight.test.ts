import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';

import { DependencyUnavailableError, LoadTimeoutError } from '../usecases/ports/dependencies';
import { type SingleFlightJob, SingleFlightStarter } from './singleFlight';

interface Run {
  closeTime?: Date;
  failed?: boolean;
  result: Promise<string>;
  finish: (value: string) => void;
  fail: (err: Error) => void;
}

/**
 * A Temporal client that keeps each workflow's runs the way the server does: a start while a run is going
 * attaches to it (USE_EXISTING); over a closed run, ALLOW_DUPLICATE_FAILED_ONLY refuses unless that run
 * failed, and ALLOW_DUPLICATE begins a new run. Each run finishes when the test says so.
 */
class FakeTemporal {
  readonly starts: string[] = [];
  readonly runs = new Map<string, Run[]>();
  startError: Error | null = null;

  client(): Client {
    const start = async (_type: string, options: { workflowId: string; workflowIdReusePolicy: string }) => {
      this.starts.push(`${options.workflowId} ${options.workflowIdReusePolicy}`);
      await Promise.resolve();
      if (this.startError) throw this.startError;
      const latest = this.of(options.workflowId).at(-1);
      if (latest && !latest.closeTime) return latest;
      if (latest && !latest.failed && options.workflowIdReusePolicy === 'ALLOW_DUPLICATE_FAILED_ONLY') {
        throw new WorkflowExecutionAlreadyStartedError('started', options.workflowId, 'loadScpi');
      }
      return this.begin(options.workflowId);
    };
    const getHandle = (workflowId: string) => {
      const latest = this.of(workflowId).at(-1)!;
      return { result: () => latest.result, describe: () => Promise.resolve({ closeTime: latest.closeTime }) };
    };
    return {
      connection: { withDeadline: (_deadline: number, work: () => Promise<unknown>) => work() },
      workflow: {
        start: (type: string, options: never) => start(type, options).then((run) => ({ result: () => run.result })),
        getHandle,
      },
    } as unknown as Client;
  }

  of(workflowId: string): Run[] {
    if (!this.runs.has(workflowId)) this.runs.set(workflowId, []);
    return this.runs.get(workflowId)!;
  }

  /** A run that closed at `closeTime` with `value`. */
  closedRun(workflowId: string, closeTime: Date, value: string): void {
    this.of(workflowId).push({ closeTime, result: Promise.resolve(value), finish: () => {}, fail: () => {} });
  }

  private begin(workflowId: string): Run {
    const run = { result: undefined as unknown as Promise<string> } as Run;
    run.result = new Promise<string>((resolve, reject) => {
      run.finish = (value) => ((run.closeTime = new Date()), resolve(value));
      run.fail = (err) => ((run.closeTime = new Date()), (run.failed = true), reject(err));
    });
    this.of(workflowId).push(run);
    return run;
  }
}

const job = (freshSince: Date, workflowId = 'scpi-load/x'): SingleFlightJob<string> => ({
  workflowType: 'loadScpi',
  workflowId,
  args: [],
  freshSince: freshSince.toISOString(),
  searchAttributes: [],
  what: `load of ${workflowId}`,
});

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('SingleFlightStarter', () => {
  it('shares one start among 100 concurrent callers of a workflow whose last run is older than them', async () => {
    const temporal = new FakeTemporal();
    temporal.closedRun('scpi-load/x', new Date(Date.now() - 60_000), 'old');
    const starter = new SingleFlightStarter(temporal.client(), 'q');
    const answers = Promise.all(Array.from({ length: 100 }, () => starter.run(job(new Date()), 5_000)));
    await settle();
    temporal.of('scpi-load/x').at(-1)!.finish('new');
    expect(await answers).toEqual(Array(100).fill('new'));
    expect(temporal.of('scpi-load/x')).toHaveLength(2);
    expect(temporal.starts).toEqual(['scpi-load/x ALLOW_DUPLICATE_FAILED_ONLY', 'scpi-load/x ALLOW_DUPLICATE']);
  });

  it('attaches to a run that closed after the request began, without starting another', async () => {
    const temporal = new FakeTemporal();
    const since = new Date(Date.now() - 1_000);
    temporal.closedRun('scpi-load/x', new Date(), 'just done');
    const starter = new SingleFlightStarter(temporal.client(), 'q');
    expect(await starter.run(job(since), 5_000)).toBe('just done');
    expect(temporal.starts).toEqual(['scpi-load/x ALLOW_DUPLICATE_FAILED_ONLY']);
  });

  it('keeps different workflows apart, and starts anew once the shared call has ended, also after a failure', async () => {
    const temporal = new FakeTemporal();
    const starter = new SingleFlightStarter(temporal.client(), 'q');
    const first = starter.run(job(new Date(), 'scpi-load/a'), 5_000);
    await settle();
    temporal.of('scpi-load/a')[0].fail(new Error('load failed'));
    await expect(first).rejects.toThrow('load failed');

    const again = starter.run(job(new Date(), 'scpi-load/a'), 5_000);
    const other = starter.run(job(new Date(), 'scpi-load/b'), 5_000);
    await settle();
    temporal.of('scpi-load/a')[1].finish('a again');
    temporal.of('scpi-load/b')[0].finish('b');
    expect(await Promise.all([again, other])).toEqual(['a again', 'b']);
    expect(temporal.starts).toEqual([
      'scpi-load/a ALLOW_DUPLICATE_FAILED_ONLY',
      'scpi-load/a ALLOW_DUPLICATE_FAILED_ONLY',
      'scpi-load/b ALLOW_DUPLICATE_FAILED_ONLY',
    ]);
  });

  it('times out each caller on its own clock while the shared call goes on', async () => {
    const temporal = new FakeTemporal();
    const starter = new SingleFlightStarter(temporal.client(), 'q');
    const impatient = starter.run(job(new Date()), 20);
    const patient = starter.run(job(new Date()), 5_000);
    await expect(impatient).rejects.toBeInstanceOf(LoadTimeoutError);
    temporal.of('scpi-load/x')[0].finish('done');
    expect(await patient).toBe('done');
    expect(temporal.starts).toHaveLength(1);
  });

  it('turns an unreachable server into DependencyUnavailableError for every caller sharing the call', async () => {
    const temporal = new FakeTemporal();
    temporal.startError = Object.assign(new Error('14 UNAVAILABLE'), { code: 14, details: 'x', metadata: {} });
    const starter = new SingleFlightStarter(temporal.client(), 'q');
    const answers = await Promise.allSettled([
      starter.run(job(new Date()), 5_000),
      starter.run(job(new Date()), 5_000),
    ]);
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 'rejected', reason: expect.any(DependencyUnavailableError) as unknown });
    expect(temporal.starts).toHaveLength(1);
  });
});

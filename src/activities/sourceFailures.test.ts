import { ApplicationFailure, asyncLocalStorage, Context, type Info } from '@temporalio/activity';
import { noopMetricMeter } from '@temporalio/common';

import type { DocumentsRepository } from '../db/repositories/documents';
import { type SourceConnector, UnreadableDocumentError } from '../domain/documents';
import { FAILURE_TYPES, ISSUERS_UNREACHABLE, LOAD_RETRY_MAX_INTERVAL_MS, PERMANENT_FAILURES } from '../domain/failures';
import { IssuersUnavailableError } from '../sources/issuers/connector';
import { createFundActivities, type FundActivityDeps } from './funds';
import { retryDelayMs, retryLaterOnUnavailable } from './sourceFailures';

/** LOAD_ACTIVITY_OPTIONS.retry as the worker hands it to the activity (durations in ms). */
const LOAD_POLICY = {
  initialInterval: 1000,
  backoffCoefficient: 2,
  maximumInterval: 20_000,
  maximumAttempts: 4,
  nonRetryableErrorTypes: [],
};

const unavailable = (retryAfterMs: number | null, transient = true) =>
  new IssuersUnavailableError(
    ['Test AM'],
    transient,
    retryAfterMs,
    'test-kid: https://issuer.example/kid.pdf: HTTP 503',
  );

describe('retryDelayMs', () => {
  it('waits what the server asked for, within the policy: never under its back-off, never over maximumInterval', () => {
    expect(retryDelayMs(5000, 1, LOAD_POLICY)).toBe(5000);
    expect(retryDelayMs(500, 1, LOAD_POLICY)).toBe(1000); // the policy would wait 1 s after attempt 1
    expect(retryDelayMs(500, 3, LOAD_POLICY)).toBe(4000); // and 4 s after attempt 3
    expect(retryDelayMs(0, 2, LOAD_POLICY)).toBe(2000);
    expect(retryDelayMs(3_600_000, 1, LOAD_POLICY)).toBe(20_000);
  });

  it('falls back to Temporal defaults and the documented cap when the policy is unknown', () => {
    expect(retryDelayMs(3_600_000, 1, undefined)).toBe(LOAD_RETRY_MAX_INTERVAL_MS);
    expect(retryDelayMs(100, 2, undefined)).toBe(2000);
    expect(retryDelayMs(7000, 2, {})).toBe(7000);
  });
});

describe('retryLaterOnUnavailable', () => {
  const info = { attempt: 1, retryPolicy: LOAD_POLICY };

  it('turns a transient source failure into a retryable failure that waits for Retry-After', () => {
    const err = unavailable(8000);
    const failure = retryLaterOnUnavailable(err, info);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({
      message: err.message,
      type: 'IssuersUnavailableError',
      nonRetryable: false,
      nextRetryDelay: 8000,
    });
  });

  it('caps the wait at the policy maximumInterval', () => {
    expect(retryLaterOnUnavailable(unavailable(120_000), info)).toMatchObject({ nextRetryDelay: 20_000 });
  });

  it('leaves the delay to the policy when the server did not ask for one', () => {
    const failure = retryLaterOnUnavailable(unavailable(null), info) as ApplicationFailure;
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure.nonRetryable).toBe(false);
    expect(failure.nextRetryDelay).toBeUndefined();
  });

  it('passes every other error through unchanged (permanent ones are made non-retryable elsewhere)', () => {
    const rejected = new UnreadableDocumentError('https://issuer.example/kid.pdf', 'not a PDF');
    expect(retryLaterOnUnavailable(rejected, info)).toBe(rejected);
    const nonRetryable = ApplicationFailure.nonRetryable('unreadable', 'UnreadableDocument');
    expect(retryLaterOnUnavailable(nonRetryable, info)).toBe(nonRetryable);
    const bug = new TypeError('a bug');
    expect(retryLaterOnUnavailable(bug, info)).toBe(bug);
  });
});

describe('fetchDocuments over a failing source', () => {
  const quiet = { log: () => {}, trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

  /** Runs the activity as the worker would, in a Context whose info says attempt `attempt` of the load policy. */
  function fetchDocuments(connector: SourceConnector, attempt: number) {
    const activities = createFundActivities({
      connectors: [connector],
      documents: { recordRead: async () => {}, store: () => Promise.resolve({}) } as unknown as DocumentsRepository,
    } as unknown as FundActivityDeps);
    const info = { attempt, retryPolicy: LOAD_POLICY, workflowExecution: { workflowId: 'w', runId: 'r' } };
    const context = new Context(
      info as unknown as Info,
      new Promise<never>(() => {}),
      new AbortController().signal,
      () => {},
      undefined,
      quiet,
      noopMetricMeter,
      {}, // cancellation details: none
    );
    return asyncLocalStorage.run(context, () => activities.fetchDocuments('LU0292097234')).catch((e: unknown) => e);
  }

  const failingWith = (err: Error): SourceConnector => ({
    name: 'failing',
    fetch: () => Promise.reject(err),
  });

  it('fails retryably, asking Temporal to wait for the Retry-After', async () => {
    const failure = await fetchDocuments(failingWith(unavailable(15_000)), 2);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'IssuersUnavailableError', nonRetryable: false, nextRetryDelay: 15_000 });
    expect((failure as ApplicationFailure).message).toContain('could not reach Test AM');
    expect(PERMANENT_FAILURES).not.toContain((failure as ApplicationFailure).type);
  });

  it('fails non-retryably on a document retrying will not fix, as before', async () => {
    const rejected = new UnreadableDocumentError('https://issuer.example/kid.pdf', 'not a PDF');
    const failure = await fetchDocuments(failingWith(rejected), 1);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: FAILURE_TYPES.unreadable, nonRetryable: true });
  });

  it('fails non-retryably, naming the managers, when none could be reached (hosts down, circuits open)', async () => {
    const failure = await fetchDocuments(failingWith(unavailable(null, false)), 1);
    expect(failure).toMatchObject({ type: ISSUERS_UNREACHABLE, nonRetryable: true });
    expect((failure as ApplicationFailure).message).toContain('could not reach Test AM');
  });
});

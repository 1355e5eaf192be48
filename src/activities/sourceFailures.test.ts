import { ApplicationFailure, asyncLocalStorage, Context, type Info } from '@temporalio/activity';
import { noopMetricMeter } from '@temporalio/common';

import type { DocumentsRepository } from '../db/repositories/documents';
import { type SourceConnector, UnreadableDocumentError } from '../domain/documents';
import { FAILURE_TYPES, LOAD_RETRY_MAX_INTERVAL_MS, PERMANENT_FAILURES } from '../domain/failures';
import { HttpStatusError } from '../outbound/safeFetch';
import { DocumentRejectedError, DocumentUnavailableError } from '../sources/httpConnector';
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

const unavailable = (retryAfterMs: number | null) =>
  new DocumentUnavailableError('Test AM', 'kid', 'https://issuer.example/kid.pdf', 'HTTP 503', {
    cause: new HttpStatusError('https://issuer.example/kid.pdf', 503, retryAfterMs === null ? null : '5'),
    retryAfterMs,
  });

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
      type: 'DocumentUnavailableError',
      nonRetryable: false,
      nextRetryDelay: 8000,
    });
    expect((failure as ApplicationFailure).cause).toBeInstanceOf(HttpStatusError);
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
    const rejected = new DocumentRejectedError('Test AM', 'kid', 'https://issuer.example/kid.pdf', 'HTTP 403');
    expect(retryLaterOnUnavailable(rejected, info)).toBe(rejected);
    expect(rejected).toBeInstanceOf(UnreadableDocumentError);
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
    name: 'issuer-http',
    fetch: () => Promise.reject(err),
  });

  it('fails retryably, asking Temporal to wait for the Retry-After', async () => {
    const failure = await fetchDocuments(failingWith(unavailable(15_000)), 2);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'DocumentUnavailableError', nonRetryable: false, nextRetryDelay: 15_000 });
    expect(PERMANENT_FAILURES).not.toContain((failure as ApplicationFailure).type);
  });

  it('fails non-retryably on a document retrying will not fix, as before', async () => {
    const rejected = new DocumentRejectedError('Test AM', 'kid', 'https://issuer.example/kid.pdf', 'HTTP 403');
    const failure = await fetchDocuments(failingWith(rejected), 1);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: FAILURE_TYPES.unreadable, nonRetryable: true });
  });
});

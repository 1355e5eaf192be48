import { randomUUID } from 'node:crypto';

import { Client, Connection, WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { temporal } from '@temporalio/proto';
import * as proto from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';
import { bundleWorkflowCode, NativeConnection, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';

// A cold load of sample fund ZZSMPL000113 recorded from the worker before local activities (`temporal workflow show
// --output json`).
import everyStepAnActivity from '../../test/fixtures/histories/loadFund-every-step-an-activity.history.json';
import type { ExtractedFund } from '../activities/funds';
import { loadConfig } from '../config';
import type { DocumentRef } from '../domain/documents';
import { FAILURE_TYPES } from '../domain/failures';
import { emptyFundData } from '../domain/fundSkeleton';
import type { loadFund, LoadFundResult } from './loadFund';

/**
 * The fund load's shape on the test stack's Temporal server, with the activities mocked: the documents
 * are fetched by an activity, every other step runs as a local activity (a marker in the workflow task,
 * no activity task) with the bounded retries of LOAD_ACTIVITY_OPTIONS; runs of the shape before (every
 * step an activity) still replay.
 */
const config = loadConfig({ ...process.env, STACK_PROFILE: process.env.STACK_PROFILE ?? 'test' });
const taskQueue = `load-fund-test-${randomUUID()}`;
const REF: DocumentRef = {
  sha256: 'a'.repeat(64),
  kind: 'ept',
  mediaType: 'text/csv',
  origin: 'test',
  retrievedAt: '2026-01-01T00:00:00.000Z',
  size: 1,
};

/** What the mocked activities do, set per test; `calls` lists them in order. */
let behaviour: Partial<Record<string, (...args: unknown[]) => unknown>> = {};
const calls: string[] = [];
const mock =
  (name: string, fallback: (...args: unknown[]) => unknown) =>
  (...args: unknown[]) => {
    calls.push(name);
    // As an async function would: what the step throws becomes the rejection.
    return new Promise<unknown>((resolve) => resolve((behaviour[name] ?? fallback)(...args)));
  };

const extracted = (hasNav: boolean): ExtractedFund => ({
  found: true,
  name: 'Test Fund',
  data: emptyFundData(),
  navSource: null,
  inception: null,
  hasNav,
  holdings: null,
});

const activities = {
  hasFreshFund: mock('hasFreshFund', () => false),
  fetchDocuments: mock('fetchDocuments', () => [REF]),
  extractFund: mock('extractFund', () => extracted(true)),
  computeAnalytics: mock('computeAnalytics', () => null),
  saveFund: mock('saveFund', () => ({ generatedAt: new Date().toISOString() })),
  recordMiss: mock('recordMiss', () => undefined),
  relayChanges: mock('relayChanges', () => 0),
  fanOutChanges: mock('fanOutChanges', () => ({ deliveries: [], retryDelays: [] })),
};

let client: Client;
let worker: Worker;
let running: Promise<void>;
/** The workflows as the worker runs them, bundled once for the worker and the replays. */
let workflowBundle: WorkflowBundleWithSourceMap;

beforeAll(async () => {
  workflowBundle = await bundleWorkflowCode({ workflowsPath: require.resolve('./index') });
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  worker = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue,
    workflowBundle,
    activities,
  });
  running = worker.run();
  client = new Client({
    connection: await Connection.connect({ address: config.temporal.address }),
    namespace: config.temporal.namespace,
  });
}, 120_000);

afterAll(async () => {
  worker?.shutdown();
  await running;
  await client?.connection.close();
});

beforeEach(() => {
  behaviour = {};
  calls.length = 0;
});

async function load(isin = 'ZZTEST000001') {
  const handle = await client.workflow.start<typeof loadFund>('loadFund', {
    taskQueue,
    workflowId: `load-fund-test/${randomUUID()}`,
    args: [{ isin, freshSince: new Date().toISOString() }],
  });
  return handle;
}

/**
 * A history file as `temporal workflow show --output json` writes it. What historyFromJSON does, with
 * the protobufjs copy @temporalio/proto's types come from: this install has a second copy under
 * @temporalio/common, whose `instanceof Type` check refuses them.
 */
function historyFromFile(json: unknown): temporal.api.history.v1.History {
  const { fromJson } = jest.requireActual<{
    fromJson: (
      type: unknown,
      json: unknown,
      options: { ignoreUnknownFields: boolean },
    ) => temporal.api.history.v1.History;
  }>(require.resolve('protobufjs/ext/protojson', { paths: [require.resolve('@temporalio/proto')] }));
  const root = patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown };
  return fromJson(root.lookupType('temporal.api.history.v1.History'), json, { ignoreUnknownFields: true });
}

type Event = temporal.api.history.v1.IHistoryEvent;
const SCHEDULED = 10;
const MARKER = 25;

/** The activities a history scheduled, and the local activities its markers record (with their attempts). */
function shapeOf(events: Event[]) {
  const remote = events
    .filter((e) => Number(e.eventType) === SCHEDULED)
    .map((e) => e.activityTaskScheduledEventAttributes?.activityType?.name);
  const local = events
    .filter(
      (e) => Number(e.eventType) === MARKER && e.markerRecordedEventAttributes?.markerName === 'core_local_activity',
    )
    .map(
      (e) =>
        JSON.parse(Buffer.from(e.markerRecordedEventAttributes!.details!.data.payloads![0].data!).toString('utf8')) as {
          activity_type: string;
          attempt: number;
        },
    )
    .map((d) => `${d.activity_type}#${d.attempt}`);
  return { remote, local };
}

describe('loadFund', () => {
  it('fetches through an activity and runs every other step as a local activity, in two workflow tasks', async () => {
    const handle = await load();
    expect(await handle.result()).toEqual<LoadFundResult>({ status: 'ok', isin: 'ZZTEST000001', name: 'Test Fund' });
    expect(calls).toEqual([
      'hasFreshFund',
      'fetchDocuments',
      'extractFund',
      'computeAnalytics',
      'saveFund',
      'relayChanges',
      'fanOutChanges',
    ]);
    const history = await handle.fetchHistory();
    expect(shapeOf(history.events ?? [])).toEqual({
      remote: ['fetchDocuments'],
      local: [
        'hasFreshFund#1',
        'extractFund#1',
        'computeAnalytics#1',
        'saveFund#1',
        'relayChanges#1',
        'fanOutChanges#1',
      ],
    });
    // Two workflow tasks: the start (freshness, then the fetch), and after the fetch (everything else).
    expect(history.events?.filter((e) => Number(e.eventType) === 7)).toHaveLength(2);
    await Worker.runReplayHistory({ workflowBundle }, history); // deterministic: its own history replays
  }, 60_000);

  it('retries a short step that fails in the worker, and saves once it succeeds', async () => {
    let failures = 2;
    behaviour.saveFund = () => {
      if (failures-- > 0) throw new Error('postgres: connection reset');
      return { generatedAt: new Date().toISOString() };
    };
    const handle = await load();
    expect((await handle.result()).status).toBe('ok');
    expect(calls.filter((c) => c === 'saveFund')).toHaveLength(3);
    expect(shapeOf((await handle.fetchHistory()).events ?? []).local).toContain('saveFund#3');
  }, 60_000);

  it('gives up on a short step after four attempts (bounded retries), and never retries a permanent failure', async () => {
    behaviour.hasFreshFund = () => {
      throw new Error('postgres: down');
    };
    const transient = await load();
    await expect(transient.result()).rejects.toBeInstanceOf(WorkflowFailedError);
    expect(calls).toEqual(['hasFreshFund', 'hasFreshFund', 'hasFreshFund', 'hasFreshFund']);

    // A type the retry policy lists as permanent (PERMANENT_FAILURES), thrown as retryable: still one attempt.
    calls.length = 0;
    behaviour = {
      saveFund: () => {
        throw ApplicationFailure.retryable('a permanent problem', FAILURE_TYPES.unreadable);
      },
    };
    const permanent = await load();
    await expect(permanent.result()).rejects.toBeInstanceOf(WorkflowFailedError);
    expect(calls.filter((c) => c === 'saveFund')).toHaveLength(1);
  }, 60_000);

  it('remembers a miss (local) when no source has documents, and stops at once when a fresh payload exists', async () => {
    behaviour.fetchDocuments = () => [];
    const missing = await load();
    expect((await missing.result()).status).toBe('not_found');
    expect(calls).toEqual(['hasFreshFund', 'fetchDocuments', 'recordMiss']);
    expect(shapeOf((await missing.fetchHistory()).events ?? []).local).toEqual(['hasFreshFund#1', 'recordMiss#1']);

    calls.length = 0;
    behaviour = { hasFreshFund: () => true };
    const fresh = await load();
    expect((await fresh.result()).status).toBe('already_fresh');
    expect(calls).toEqual(['hasFreshFund']);
  }, 60_000);

  it('replays a run of the shape before local activities (every step an activity): no nondeterminism for loads under way at a deploy', async () => {
    await expect(
      Worker.runReplayHistory({ workflowBundle }, historyFromFile(everyStepAnActivity), 'fund-load/ZZSMPL000113'),
    ).resolves.toBeUndefined();
  }, 60_000);
});

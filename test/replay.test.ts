/**
 * Every kept workflow history (test/fixtures/histories/<release>/, recorded by `npm run histories:record` from real
 * runs) replayed through the current workflow code, as a worker replays the workflows in flight after a deploy: a
 * change that is not replay-safe fails here with the release, the workflow type, the file and Temporal's account of
 * the event, instead of stalling every load and delivery under way.
 */
import path from 'node:path';

import { bundleWorkflowCode, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';

/** The workflow types the worker registers (src/workflows/index.ts): each must have a kept history. */
import * as workflows from '../src/workflows';
import { historyFromJson, keptHistories, type KeptHistory, RELEASE } from './histories/files';

let workflowBundle: WorkflowBundleWithSourceMap;
const kept = keptHistories();

beforeAll(async () => {
  workflowBundle = await bundleWorkflowCode({
    workflowsPath: require.resolve(path.join(__dirname, '..', 'src', 'workflows')),
    logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} },
  });
}, 120_000);

/** The replays that failed, each as `<release>/<file> (<workflow type>): <what Temporal said>`. */
async function failedReplays(histories: KeptHistory[]): Promise<string[]> {
  const failures: string[] = [];
  const byId = new Map(histories.map((kept, i) => [`replay-${i}`, kept]));
  const replays = Worker.runReplayHistories(
    { workflowBundle, replayName: 'kept-histories' },
    [...byId].map(([workflowId, { history }]) => ({ workflowId, history })),
  );
  for await (const result of replays) {
    if (!result.error) continue;
    const { release, file, workflowType } = byId.get(result.workflowId)!;
    failures.push(`${release}/${file} (${workflowType}): ${result.error.message}`);
  }
  return failures;
}

describe('kept workflow histories', () => {
  it('are kept for every workflow type the worker runs, from the current release', () => {
    const recorded = new Set(kept.filter((h) => h.release === RELEASE).map((h) => h.workflowType));
    const types = Object.keys(workflows).sort();
    expect(types.filter((type) => !recorded.has(type))).toEqual([]); // npm run histories:record
  });

  it('replay through the current workflow code without nondeterminism', async () => {
    expect(kept.length).toBeGreaterThan(0);
    expect(await failedReplays(kept)).toEqual([]);
  }, 300_000);

  it('would fail a change that is not replay-safe, naming the workflow type and the event', async () => {
    const load = kept.find((h) => h.workflowType === 'loadFund' && scheduledActivity(h.json));
    expect(load).toBeDefined();
    const json = structuredClone(load!.json);
    scheduledActivity(json)!.activityType = { name: 'anActivityTheCodeNeverSchedules' };
    const [failure] = await failedReplays([{ ...load!, history: historyFromJson(json) }]);
    expect(failure).toMatch(/\(loadFund\): .*anActivityTheCodeNeverSchedules/s);
  }, 120_000);
});

/** The attributes of the first activity a history's JSON scheduled (to alter). */
function scheduledActivity(json: unknown): { activityType: { name: string } } | undefined {
  const events = (
    json as { events: Array<{ activityTaskScheduledEventAttributes?: { activityType: { name: string } } }> }
  ).events;
  return events.find((event) => event.activityTaskScheduledEventAttributes)?.activityTaskScheduledEventAttributes;
}

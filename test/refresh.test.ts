import type { ChangeFeedResponse } from '../src/schema/changes';
import type { z } from '../src/schema/zod';
import { REFRESH_SCHEDULE_ID } from '../src/temporal/refreshSchedule';
import type { RefreshUniverseInput } from '../src/workflows/refreshUniverse';
import {
  config,
  db,
  eptFile,
  get,
  json,
  newKey,
  runUniverseRefresh,
  temporalClient,
  uniqueIsin,
  withUniverseRefreshLock,
  writeLibraryFund,
} from './helpers';

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const durationMs = (text: string) => Number(text.slice(0, -1)) * UNIT_MS[text.slice(-1) as keyof typeof UNIT_MS];

/** Ages stored payloads past the freshness window, as if loaded a day and an hour ago. */
async function age(isins: string[]): Promise<void> {
  await db().query(
    "UPDATE funds SET generated_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE isin = ANY($1)",
    [isins],
  );
}

async function runRefresh(input: Partial<RefreshUniverseInput> = {}) {
  const { tally, workflowId } = await runUniverseRefresh({ concurrency: 2, pageSize: 2, ...input });
  return { tally, runs: await runsOf(workflowId) };
}

/** The runs of a chain, once visibility (eventually consistent) lists them all as closed. */
async function runsOf(workflowId: string): Promise<number> {
  const client = await temporalClient();
  for (let attempt = 0; ; attempt++) {
    const runs = [];
    for await (const run of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) runs.push(run);
    if (runs.every((r) => r.status.name !== 'RUNNING') || attempt === 20) return runs.length;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('the scheduled universe refresh', () => {
  it('is scheduled at REFRESH_INTERVAL when the worker starts', async () => {
    const client = await temporalClient();
    const schedule = await client.schedule.getHandle(REFRESH_SCHEDULE_ID).describe();
    expect(schedule.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'refreshUniverse',
      workflowId: REFRESH_SCHEDULE_ID,
    });
    expect(schedule.spec.intervals?.[0].every).toBe(durationMs(config.refreshInterval)); // npm test sets 30d, so that no run falls inside the suite
    expect(schedule.policies.overlap).toBe('SKIP');
  });

  it('refreshes every payload older than the window through fund-load children, page by page with continue-as-new, publishing the changes; a second run refreshes nothing', async () => {
    const { key } = await newKey('scale');
    const isins: string[] = [];
    for (let i = 0; i < 5; i++) {
      const isin = uniqueIsin();
      await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, `Sample Refresh Fund ${i}`, 3) });
      expect((await get(`/funds/${isin}`, key)).status).toBe(200);
      isins.push(isin);
    }
    await writeLibraryFund(isins[0], { 'ept.csv': eptFile(isins[0], 'Sample Refresh Fund 0', 6) });
    await withUniverseRefreshLock(async () => {
      await age(isins);
      const start = new Date();

      const first = await runRefresh();
      if (first.tally.ok < 5) throw new Error(`5 funds to refresh, tally ${JSON.stringify(first.tally)}`);
      expect(first.runs).toBeGreaterThanOrEqual(3); // 5 funds, 2 a page, 1 page a run
      const regenerated = async () =>
        (
          await db().query<{ generated_at: Date }>(
            'SELECT generated_at FROM funds WHERE isin = ANY($1) AND generated_at >= $2 ORDER BY isin',
            [isins, start],
          )
        ).rows.map((r) => r.generated_at.toISOString());
      const after = await regenerated();
      expect(after).toHaveLength(5);
      const changes = await json<z.infer<typeof ChangeFeedResponse>>(
        await get(`/changes?isins=${isins[0]}&since=${start.toISOString()}`, key),
      );
      expect(changes.changes.map((c) => [c.field, c.old, c.new])).toEqual([['riskRating', '3', '6']]);

      const second = await runRefresh({ pageSize: 100 });
      expect(second.tally.failed).toBe(0);
      expect(await regenerated()).toEqual(after); // nothing of these funds was stale any more
    });
  });
});

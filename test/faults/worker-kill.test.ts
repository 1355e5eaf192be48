import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

import type { Client } from '@temporalio/client';
import type { Pool } from 'pg';

import { waitFor } from '../../scripts/stack/supervisor';
import { createPool } from '../../src/db/postgres';
import { AccountsRepository } from '../../src/db/repositories/accounts';
import type { PlanId } from '../../src/domain/plans';
import { createTemporalClient } from '../../src/temporal/client';
import { config, eptFile, makeStale, runCount, uniqueIsin, usedThisMonth, writeLibraryFund } from '../helpers';
import { PrivateStack } from '../privateStack';
import { receiver } from '../receiver';
import { recordFigures } from './figures';

/**
 * The worker killed with SIGKILL in the middle of each kind of job (issue 13, point 1), on a stack
 * of this suite's own whose supervisor starts a killed worker again, as `npm start` does. The waiting
 * requests complete once the new worker runs; no payload, change row, credit or delivery is lost
 * or doubled.
 */
const stack = new PrivateStack(
  'worker-kill',
  { api: 8192, postgres: 5454, clickhouseHttp: 8144, clickhouseTcp: 9021, temporal: 7254, temporalUi: 8254 },
  {
    restart: { maxCrashes: 20, windowMs: 600_000, firstDelayMs: 500, maxDelayMs: 500 },
    env: { WEBHOOKS_ALLOW_LOOPBACK_HTTP: '1', WEBHOOK_RETRY_DELAYS: '1s,1s,1s,1s,1s,1s', REFRESH_INTERVAL: '30d' },
  },
);
/** Sample funds, cold in this stack's stores (the library is the test stack's). */
const coldSamples = fs
  .readdirSync(config.libraryDir)
  .filter((d) => /^ZZSMPL\d{6}$/.test(d))
  .sort()
  .reverse();
let pool: Pool;
let temporal: Client;

beforeAll(async () => {
  await stack.start();
  pool = createPool(stack.config, 4);
  temporal = await createTemporalClient(stack.config);
}, 300_000);

afterAll(async () => {
  await pool?.end();
  await temporal?.connection.close();
  await stack.stop();
}, 60_000);

async function newKey(plan: PlanId): Promise<{ key: string; email: string }> {
  const email = `kill-${randomUUID()}@example.com`;
  return { key: (await new AccountsRepository(pool).createKey(email, plan)).key, email };
}
const auth = (key: string) => ({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' });
const used = (email: string) => usedThisMonth(email, pool);

async function status(workflowId: string): Promise<string | null> {
  try {
    return (await temporal.workflow.getHandle(workflowId).describe()).status.name;
  } catch {
    return null; // not started yet
  }
}

/**
 * Kills the worker as soon as one of the workflows runs, and says whether it was caught in the
 * middle: still running once its worker is dead (a load that finished first proves nothing).
 */
async function killWhileRunning(
  workflowIds: () => string[],
): Promise<{ interrupted: string[]; killedAt: number; oldPid: number }> {
  let running: string[] = [];
  await waitFor(
    'a job to run',
    async () => {
      const ids = workflowIds();
      running = (await Promise.all(ids.map(async (id) => ((await status(id)) === 'RUNNING' ? id : null)))).filter(
        (id): id is string => id !== null,
      );
      return running.length > 0;
    },
    60_000,
    5,
  );
  const oldPid = stack.kill('worker');
  const killedAt = Date.now();
  const interrupted = (
    await Promise.all(running.map(async (id) => ((await status(id)) === 'RUNNING' ? id : null)))
  ).filter((id): id is string => id !== null);
  return { interrupted, killedAt, oldPid };
}

/** Runs of a workflow id (a job started twice would show two). */
function runsOf(workflowId: string): Promise<number> {
  return runCount(`WorkflowId = '${workflowId}'`, temporal);
}

/** Outbox rows (the change feed's source) per fund and field: each change exactly once. */
async function changeRows(isins: string[]): Promise<{ isin: string; event: string; field: string; n: number }[]> {
  const { rows } = await pool.query<{ isin: string; event: string; field: string; n: number }>(
    'SELECT isin, event, field, count(*)::int AS n FROM change_outbox WHERE isin = ANY($1) GROUP BY isin, event, field ORDER BY isin, event, field',
    [isins],
  );
  return rows;
}

describe('the worker killed with SIGKILL', () => {
  it('in the middle of a cold load: the 20 waiting requests get the fund once the worker is back, billed once each', async () => {
    const { key, email } = await newKey('enterprise');
    for (const isin of coldSamples.slice(0, 6)) {
      const started = Date.now();
      const requests = Array.from({ length: 20 }, () => fetch(`${stack.api}/funds/${isin}`, { headers: auth(key) }));
      const kill = await killWhileRunning(() => [`fund-load/${isin}`]);
      const answers = await Promise.all(
        requests.map(async (request) => {
          const res = await request;
          return { status: res.status, body: (await res.json()) as { generatedAt: string } };
        }),
      );
      const newPid = await stack.awaitRestarted('worker', kill.oldPid);
      expect(newPid).not.toBe(kill.oldPid);
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      if (kill.interrupted.length === 0) continue; // the load finished before the kill: try the next fund
      expect(new Set(answers.map((a) => a.body.generatedAt)).size).toBe(1); // one payload, the same for all
      expect(
        (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM funds WHERE isin = $1', [isin])).rows[0].n,
      ).toBe(1);
      expect(await runsOf(`fund-load/${isin}`)).toBe(1);
      expect(await used(email)).toBe(20 * (coldSamples.indexOf(isin) + 1)); // earlier funds' 20 each, this one's 20
      expect(await changeRows([isin])).toEqual([]); // a first load changes nothing
      recordFigures('worker-kill-cold-load', {
        requests: 20,
        ok: 20,
        killToAnswerSeconds: (Date.now() - kill.killedAt) / 1000,
        totalSeconds: (Date.now() - started) / 1000,
        attempts: coldSamples.indexOf(isin) + 1,
      });
      return;
    }
    throw new Error('no cold load was caught in the middle in six tries');
  }, 600_000);

  it('in the middle of a batch warm-up: every pending fund is stored once, and billed once when asked again', async () => {
    const { key, email } = await newKey('enterprise');
    const isins = coldSamples.slice(6, 16);
    const batch = await fetch(`${stack.api}/funds`, {
      method: 'POST',
      headers: auth(key),
      body: JSON.stringify({ isins, wait: false }),
    });
    expect(batch.status).toBe(200);
    expect(((await batch.json()) as { pending: string[] }).pending).toEqual(isins);
    const kill = await killWhileRunning(() => isins.map((isin) => `fund-load/${isin}`));
    expect(kill.interrupted.length).toBeGreaterThan(0);
    await stack.awaitRestarted('worker', kill.oldPid);
    const stored = async () =>
      Number(
        (await pool.query<{ n: string }>('SELECT count(*) AS n FROM funds WHERE isin = ANY($1)', [isins])).rows[0].n,
      );
    await waitFor('every pending fund to be stored', async () => (await stored()) === isins.length, 240_000, 250);
    const recoveredSeconds = (Date.now() - kill.killedAt) / 1000;
    for (const isin of isins) expect(await runsOf(`fund-load/${isin}`)).toBe(1);
    expect(await used(email)).toBe(0); // pending is free
    const again = (await (
      await fetch(`${stack.api}/funds`, { method: 'POST', headers: auth(key), body: JSON.stringify({ isins }) })
    ).json()) as { results: { status: string; cached: boolean }[] };
    expect(again.results.map((r: { status: string; cached: boolean }) => [r.status, r.cached])).toEqual(
      isins.map(() => ['ok', true]),
    );
    expect(await used(email)).toBe(isins.length);
    recordFigures('worker-kill-batch-warm-up', {
      funds: isins.length,
      interruptedLoads: kill.interrupted.length,
      killToStoredSeconds: recoveredSeconds,
      storedOnce: isins.length,
    });
  }, 600_000);

  it('in the middle of a universe refresh: every stale fund is refreshed, with each change row once', async () => {
    const { key } = await newKey('enterprise');
    const isins = Array.from({ length: 8 }, () => uniqueIsin());
    for (const isin of isins)
      await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Killed Refresh Fund', 3) });
    for (const isin of isins)
      expect((await fetch(`${stack.api}/funds/${isin}`, { headers: auth(key) })).status).toBe(200);
    for (const isin of isins)
      await writeLibraryFund(isin, {
        'ept.csv': eptFile(isin, 'Sample Killed Refresh Fund', 5).replace('2026-01-15', '2026-06-30'),
      });
    // Past the freshness window, as the scheduled refresh finds them.
    await pool.query(
      "UPDATE funds SET generated_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE isin = ANY($1)",
      [isins],
    );

    const workflowId = `universe-refresh-test/${randomUUID()}`;
    const handle = await temporal.workflow.start('refreshUniverse', {
      taskQueue: stack.config.temporal.taskQueue,
      workflowId,
      args: [{ after: null, concurrency: 2, pageSize: 50, pagesPerRun: 1 }],
    });
    const kill = await killWhileRunning(() => [workflowId]);
    expect(kill.interrupted).toEqual([workflowId]);
    await stack.awaitRestarted('worker', kill.oldPid);
    const tally = (await handle.result()) as { ok: number };
    const recoveredSeconds = (Date.now() - kill.killedAt) / 1000;
    expect(tally.ok).toBeGreaterThanOrEqual(isins.length);
    for (const isin of isins) {
      const fund = (await (await fetch(`${stack.api}/funds/${isin}`, { headers: auth(key) })).json()) as {
        cached: boolean;
        data: { riskRating: number };
      };
      expect([fund.cached, fund.data.riskRating]).toEqual([true, 5]);
    }
    const rows = await changeRows(isins);
    expect(rows).toEqual(
      [...isins].sort().flatMap((isin) => [
        { isin, event: 'fund.changed', field: 'riskRating', n: 1 },
        { isin, event: 'fund.refreshed', field: 'dataAsOf', n: 1 },
      ]),
    );
    // Published once each: numbered and relayed to the feed that GET /changes reads.
    const unrelayed = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM change_outbox WHERE isin = ANY($1) AND NOT relayed',
      [isins],
    );
    expect(unrelayed.rows[0].n).toBe(0);
    const feed = (await (
      await fetch(`${stack.api}/changes?isins=${isins.join(',')}&limit=1000`, { headers: auth(key) })
    ).json()) as { changes: unknown[] };
    expect(feed.changes).toHaveLength(isins.length * 2);
    recordFigures('worker-kill-universe-refresh', {
      funds: isins.length,
      killToDoneSeconds: recoveredSeconds,
      changeRows: rows.length,
      feedRows: isins.length * 2,
    });
  }, 600_000);

  it('in the middle of a webhook delivery: the event is delivered once the worker is back, with one event id and one 2xx', async () => {
    const { key } = await newKey('scale');
    const hook = await receiver((n) => (n === 1 ? 'hang' : 200)); // the first attempt is in flight when the worker dies
    try {
      const isin = uniqueIsin();
      await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Killed Hook Fund', 3) });
      expect((await fetch(`${stack.api}/funds/${isin}`, { headers: auth(key) })).status).toBe(200);
      const created = await fetch(`${stack.api}/webhooks`, {
        method: 'POST',
        headers: auth(key),
        body: JSON.stringify({ url: hook.url, events: ['fund.changed'], isins: [isin] }),
      });
      expect(created.status).toBe(201);
      await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Killed Hook Fund', 5) });
      await makeStale(isin, pool);
      expect((await fetch(`${stack.api}/funds/${isin}`, { headers: auth(key) })).status).toBe(200);

      await waitFor(
        'the first attempt to reach the receiver',
        () => Promise.resolve(hook.hits.length >= 1),
        60_000,
        20,
      );
      const oldPid = stack.kill('worker');
      const killedAt = Date.now();
      await stack.awaitRestarted('worker', oldPid);
      await waitFor('the delivery to be made again', () => Promise.resolve(hook.hits.length >= 2), 180_000, 100);
      const deliveredSeconds = (Date.now() - killedAt) / 1000;
      await new Promise((r) => setTimeout(r, 3_000)); // nothing after the 2xx
      expect(hook.hits).toHaveLength(2);
      expect(new Set(hook.hits.map((h) => h.eventId)).size).toBe(1);
      const { rows } = await pool.query(
        'SELECT last_status, delivered_at IS NOT NULL AS delivered FROM webhook_deliveries WHERE endpoint_id IN (SELECT id FROM webhook_endpoints WHERE url = $1)',
        [hook.url],
      );
      expect(rows).toEqual([{ last_status: 200, delivered: true }]);
      const endpoint = (await created.json()) as { id: string };
      expect(await runsOf(`webhook-delivery/${hook.hits[0].eventId}/${endpoint.id}`)).toBe(1);
      recordFigures('worker-kill-webhook-delivery', {
        attemptsSeen: hook.hits.length,
        answered2xx: 1,
        eventIds: 1,
        killToDeliveredSeconds: deliveredSeconds,
      });
    } finally {
      await hook.close();
    }
  }, 600_000);
});

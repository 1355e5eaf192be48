import fs from 'node:fs';

import { waitFor } from '../../scripts/stack/supervisor';
import { createPool } from '../../src/db/postgres';
import { AccountsRepository } from '../../src/db/repositories/accounts';
import { config } from '../helpers';
import { PrivateStack } from '../privateStack';
import { recordFigures } from './figures';
import { expectClean, SteadyTraffic, summarise } from './traffic';

/**
 * Postgres, ClickHouse and Temporal each stopped and started again under the running API and
 * worker (a stack of this suite's own: the other suites never see the outage). During an outage
 * every request gets JSON (a 503 with Retry-After, or the stale payload); afterwards both
 * processes serve again by themselves, without being restarted.
 */
const stack = new PrivateStack('outages', {
  api: 8191,
  postgres: 5453,
  clickhouseHttp: 8143,
  clickhouseTcp: 9020,
  temporal: 7253,
  temporalUi: 8253,
});
const [warm, afterPostgres, afterClickhouse, afterTemporal] = fs
  .readdirSync(config.libraryDir)
  .filter((d) => /^ZZSMPL\d{6}$/.test(d))
  .sort()
  .slice(0, 4);
let key = '';
let pids: { api: number; worker: number };

const get = (pathname: string) => fetch(`${stack.api}${pathname}`, { headers: { Authorization: `Bearer ${key}` } });
const health = async () => {
  const res = await fetch(`${stack.api}/health`);
  return {
    status: res.status,
    body: (await res.json()) as { status: string; dependencies: Record<string, { status: string }> },
  };
};

async function expectUnavailable(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = await res.json();
  expect(body).toMatchObject({
    code: 'service_unavailable',
    message: expect.any(String) as unknown,
    requestId: expect.any(String) as unknown,
    retryAfter: expect.any(Number) as unknown,
  });
  expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|at .*\.(ts|js):\d+|127\.0\.0\.1/);
}

/** Neither process died nor was restarted: the same pids as at the start. */
function expectSameProcesses(): void {
  expect(stack.pid('api')).toBe(pids.api);
  expect(stack.pid('worker')).toBe(pids.worker);
}

async function eventually(what: string, probe: () => Promise<boolean>, ms = 60_000): Promise<void> {
  await waitFor(what, probe, ms, 250);
}

beforeAll(async () => {
  await stack.start();
  const pool = createPool(stack.config, 2);
  try {
    key = (await new AccountsRepository(pool).createKey('outages@example.com', 'enterprise')).key;
  } finally {
    await pool.end();
  }
  expect((await get(`/funds/${warm}`)).status).toBe(200);
  pids = { api: stack.pid('api')!, worker: stack.pid('worker')! };
}, 300_000);

afterAll(() => stack.stop(), 60_000);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Steady traffic over the outage (a stored fund, the account, search, the change feed: Postgres,
 * ClickHouse and Temporal each behind one of them), started a second before the service stops and
 * stopped three seconds after everything serves again; every answer must be clean, and the counts
 * go into RELIABILITY.md.
 */
const OUTAGE_MS = 8_000;

async function underTraffic(
  caseName: string,
  outage: (marks: { stopped: () => void; restarting: () => Promise<void> }) => Promise<void>,
): Promise<void> {
  const traffic = new SteadyTraffic({
    fund: () => get(`/funds/${warm}`),
    me: () => get('/me'),
    search: () => get('/search?q=sample'),
    changes: () => get('/changes?limit=10'),
  });
  const marks = { from: 0, restartedAt: 0 };
  traffic.start();
  await pause(1_000);
  await outage({
    stopped: () => void (marks.from = Date.now()),
    // Each outage lasts at least OUTAGE_MS of traffic, whatever the checks made during it took.
    restarting: async () => {
      await pause(Math.max(0, marks.from + OUTAGE_MS - Date.now()));
      marks.restartedAt = Date.now();
    },
  });
  await pause(3_000);
  const outcomes = await traffic.stop();
  expectClean(outcomes);
  const summary = summarise(outcomes, marks);
  expect(summary.afterRestart.sent).toBeGreaterThan(0);
  recordFigures(caseName, { outageSeconds: Math.round((marks.restartedAt - marks.from) / 100) / 10, ...summary });
}

describe('a Postgres restart (pg_ctl stop -m fast)', () => {
  it(
    'answers 503 during the outage, says so on /health, and recovers by itself',
    () =>
      underTraffic('outage-postgres', async ({ stopped, restarting }) => {
        stack.stopPostgres();
        stopped();
        await expectUnavailable(await get(`/funds/${warm}`));
        await expectUnavailable(await get('/me'));
        await expectUnavailable(await fetch(`${stack.api}/demo/funds/${warm}`));
        const during = await health();
        expect(during.status).toBe(503);
        expect(during.body).toMatchObject({
          status: 'unavailable',
          dependencies: { postgres: { status: 'down' }, clickhouse: { status: 'up' }, temporal: { status: 'up' } },
        });
        expectSameProcesses();

        await restarting();
        await stack.startPostgres();
        await eventually('the API to serve again', async () => (await get(`/funds/${warm}`)).status === 200);
        expect((await health()).body.status).toBe('ok');
        // The worker's pooled connections died too: a cold load proves it reconnected.
        expect((await get(`/funds/${afterPostgres}`)).status).toBe(200);
        expectSameProcesses();
      }),
    180_000,
  );
});

describe('a ClickHouse restart', () => {
  it(
    'keeps serving stored payloads, refuses cold loads with 503 at once, and recovers',
    () =>
      underTraffic('outage-clickhouse', async ({ stopped, restarting }) => {
        await stack.stopService('clickhouse');
        stopped();
        const during = await health();
        expect(during.status).toBe(200);
        expect(during.body).toMatchObject({
          status: 'degraded',
          dependencies: { clickhouse: { status: 'down' }, postgres: { status: 'up' } },
        });
        expect((await get(`/funds/${warm}`)).status).toBe(200);
        await expectUnavailable(await get(`/funds/${afterClickhouse}`));
        expectSameProcesses();

        await restarting();
        await stack.startClickhouse();
        await eventually('ClickHouse to be seen again', async () => (await health()).body.status === 'ok');
        expect((await get(`/funds/${afterClickhouse}`)).status).toBe(200);
        expectSameProcesses();
      }),
    180_000,
  );
});

describe('a Temporal restart', () => {
  it(
    'serves the stale payload or 503, and both processes reconnect by themselves',
    () =>
      underTraffic('outage-temporal', async ({ stopped, restarting }) => {
        await stack.stopService('temporal');
        stopped();
        const during = await health();
        expect(during.body).toMatchObject({ status: 'degraded', dependencies: { temporal: { status: 'down' } } });
        await expectUnavailable(await get(`/funds/${afterTemporal}`));
        const extract = await fetch(`${stack.api}/extract`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ text: 'Ongoing charges 0.20%' }),
        });
        await expectUnavailable(extract);

        // A stored payload past its freshness cannot be refreshed now: served stale, as the contract allows.
        const pool = createPool(stack.config, 1);
        try {
          await pool.query("UPDATE funds SET expires_at = now() - interval '1 hour' WHERE isin = $1", [warm]);
        } finally {
          await pool.end();
        }
        await new Promise((r) => setTimeout(r, config.fundCacheMs + 100));
        const stale = await get(`/funds/${warm}`);
        expect(stale.status).toBe(200);
        expect(stale.headers.get('x-stale')).toBe('1');
        expectSameProcesses();

        await restarting();
        await stack.startTemporal();
        await eventually(
          'a cold load to work again',
          async () => (await get(`/funds/${afterTemporal}`)).status === 200,
          120_000,
        );
        const refreshed = await get(`/funds/${warm}`);
        expect(refreshed.status).toBe(200);
        expect(refreshed.headers.get('x-stale')).toBeNull();
        expectSameProcesses();
      }),
    240_000,
  );
});

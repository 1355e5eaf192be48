import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { Agent, fetch as undiciFetch } from 'undici';

import { waitFor } from '../../scripts/stack/supervisor';
import type { PlanId } from '../../src/domain/plans';
import { awayFromMinuteEdge, config, get, newKey, setUsed, usedThisMonth } from '../helpers';
import { recordFigures } from './figures';

/**
 * Exact metering under contention (issue 13, point 2): 1,000 billable calls in flight at once,
 * over an API run as three processes (API_PROCESSES=3, Node cluster on one port) beside the
 * stack's own API, for keys of five plans. Each key's `used` moves by exactly its number of 200s,
 * and the per-minute burst holds across the processes.
 */
const PORT = config.port + 20;
const BASE = `http://127.0.0.1:${PORT}/api/v1`;
const LOG = path.join(config.dataDir, 'logs', 'api-three-processes.log');
const WARM = fs
  .readdirSync(config.libraryDir)
  .filter((d) => /^ZZSMPL\d{6}$/.test(d))
  .sort()[0];

let api: ChildProcess;

beforeAll(async () => {
  fs.mkdirSync(path.dirname(LOG), { recursive: true });
  const out = fs.openSync(LOG, 'w');
  api = spawn(
    path.join(config.projectRoot, 'node_modules', '.bin', 'tsx'),
    [path.join(config.projectRoot, 'src/api/server.ts')],
    {
      env: {
        ...process.env,
        STACK_PROFILE: 'test',
        PORT: String(PORT),
        API_PROCESSES: '3',
        DATA_DIR: config.dataDir,
        LIBRARY_DIR: config.libraryDir,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', out, out],
    },
  );
  await waitFor('the three-process API', async () => (await fetch(`${BASE}/health`)).ok, 60_000, 250);
  const { key } = await newKey('enterprise');
  expect((await get(`/funds/${WARM}`, key)).status).toBe(200); // warm, through the stack's API
}, 90_000);

/** Stops the API the way the stack does (SIGTERM to the primary); its processes flush their logs on the way out. */
async function stopApi(): Promise<void> {
  if (api.exitCode !== null || api.signalCode !== null) return;
  const exited = new Promise((r) => api.once('exit', r));
  api.kill('SIGTERM');
  await exited;
}

afterAll(stopApi);

/** What each key is given: its plan, how many calls, and the credits already used this month. */
const MIX: {
  plan: PlanId;
  calls: number;
  usedBefore: number;
  expect: { ok: number; burst: number; credits: number };
}[] = [
  { plan: 'free', calls: 200, usedBefore: 0, expect: { ok: 10, burst: 190, credits: 0 } }, // 10 per minute
  // 60 per minute, 10 credits left under the overage cap (3,000): a call refused for credits still takes its burst
  // slot.
  { plan: 'starter', calls: 100, usedBefore: 2_990, expect: { ok: 10, burst: 40, credits: 50 } },
  { plan: 'pro', calls: 350, usedBefore: 0, expect: { ok: 300, burst: 50, credits: 0 } }, // 300 per minute
  { plan: 'scale', calls: 200, usedBefore: 0, expect: { ok: 200, burst: 0, credits: 0 } },
  { plan: 'enterprise', calls: 150, usedBefore: 0, expect: { ok: 150, burst: 0, credits: 0 } },
];

it('moves used by exactly the number of 200s for 1,000 concurrent calls over three processes and five plans, and holds each burst', async () => {
  expect(MIX.reduce((n, m) => n + m.calls, 0)).toBe(1_000);
  const keys = await Promise.all(MIX.map(async (m) => ({ ...m, ...(await newKey(m.plan)) })));
  await Promise.all(keys.filter((k) => k.usedBefore > 0).map((k) => setUsed(k.email, k.usedBefore)));
  await awayFromMinuteEdge(30); // every call in one burst window

  const agent = new Agent({ connections: 1_000, pipelining: 0 });
  const calls = keys.flatMap((k) => Array.from({ length: k.calls }, () => k));
  const started = Date.now();
  const answers = await Promise.all(
    calls.map(async (k) => {
      const res = await undiciFetch(`${BASE}/funds/${WARM}`, {
        headers: { Authorization: `Bearer ${k.key}` },
        dispatcher: agent,
      });
      const body = (await res.json()) as { reason?: string };
      return { plan: k.plan, status: res.status, reason: body.reason };
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  await agent.close();

  const perPlan = [];
  for (const k of keys) {
    const mine = answers.filter((a) => a.plan === k.plan);
    const counts = {
      ok: mine.filter((a) => a.status === 200).length,
      burst: mine.filter((a) => a.status === 429 && a.reason === 'burst').length,
      credits: mine.filter((a) => a.status === 429 && (a.reason === 'credits_exhausted' || a.reason === 'overage_cap'))
        .length,
    };
    const moved = (await usedThisMonth(k.email)) - k.usedBefore;
    perPlan.push({ plan: k.plan, calls: k.calls, ...counts, usedMoved: moved });
    expect({ plan: k.plan, ...counts, other: k.calls - counts.ok - counts.burst - counts.credits }).toEqual({
      plan: k.plan,
      ...k.expect,
      other: 0,
    });
    expect(moved).toBe(counts.ok);
  }

  await stopApi();
  const servedBy = new Map<number, number>();
  for (const line of fs.readFileSync(LOG, 'utf8').split('\n')) {
    if (!line.includes(`"path":"/api/v1/funds/${WARM}"`)) continue;
    const { pid } = JSON.parse(line) as { pid: number };
    servedBy.set(pid, (servedBy.get(pid) ?? 0) + 1);
  }
  expect(servedBy.size).toBe(3);
  expect([...servedBy.values()].reduce((a, b) => a + b, 0)).toBe(1_000);
  recordFigures('metering-contention', { calls: 1_000, seconds, processes: [...servedBy.values()], perPlan });
}, 120_000);

/**
 * The universe refresh at scale, through the schedule operators run (`universe-refresh`): the stored universe is
 * aged past the 24-hour window, the schedule is triggered, and the refresh is followed through its `progress`
 * query. Measured:
 * - funds refreshed per second, sustained over `perPhase` refreshes (after `warmUp` untimed ones) with the stack's
 *   one worker, then over as many again with a second worker started as an operator would (`npm run worker`);
 * - against the same run's single cold load of a fund of each kind (EPT and EMT only; with holdings and NAV);
 * - the CPU each component of the stack used per refreshed fund in each phase, and how busy the machine was:
 *   what limits the refresh;
 * - the history of every run of the refresh chain (it continues as new every 10 pages) and of the loads: bounded;
 * - the projection for the whole universe against the 24-hour window.
 * The refresh is stopped (terminated) after the second phase; the funds it did not reach stay stale.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import type { Client } from '@temporalio/client';

import { createPool } from '../../src/db/postgres';
import { createTemporalClient } from '../../src/temporal/client';
import { REFRESH_SCHEDULE_ID } from '../../src/temporal/refreshSchedule';
import type { LoadTally } from '../../src/workflows/childLoads';
import { Api, config, enterpriseKeys, expectStatus, round1, round2 } from '../support';
import { syntheticFundIsin } from '../universe/generate';
import { cpuBetween, type CpuSnapshot, cpuSnapshot, type CpuUse, residentMb } from './processCpu';

export interface RefreshOptions {
  funds: number;
  /** One share class in this many has holdings and NAV (the feed's). */
  holdingsEvery: number;
  perPhase: number;
  warmUp: number;
  log: (line: string) => void;
}

interface Progress extends LoadTally {
  after: string | null;
  pages: number;
}

interface Mark {
  at: number;
  done: number;
  cpu: CpuSnapshot;
}

const POLL_MS = 5_000;
const DAY_SECONDS = 86_400;
const done = (p: LoadTally) => p.ok + p.notFound + p.joined + p.failed;

const snapshot = () => cpuSnapshot(config.dataDir, config.projectRoot);

/**
 * The workflow the schedule started at its latest action: a schedule suffixes its workflow ID with the action's time
 * (`universe-refresh-2026-11-27T11:57:14Z`), and the refresh keeps that ID across its runs (continue-as-new).
 */
async function triggeredRefresh(client: Client, since: Date): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { info } = await client.schedule.getHandle(REFRESH_SCHEDULE_ID).describe();
    const latest = info.recentActions.at(-1);
    if (latest && latest.takenAt >= since) return latest.action.workflow.workflowId;
    if (Date.now() > deadline) throw new Error('the schedule took no action within a minute of its trigger');
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function progressOf(client: Client, workflowId: string): Promise<Progress | null> {
  try {
    return await client.workflow.getHandle(workflowId).query<Progress>('progress');
  } catch {
    return null; // between two runs of the chain (continue-as-new), or not started yet
  }
}

/** Polls the refresh until `done` reaches `target`; the moment it did, with the CPU used until then. */
async function until(
  client: Client,
  workflowId: string,
  target: number,
  log: (line: string) => void,
): Promise<Mark & { progress: Progress }> {
  let logged = -Infinity;
  for (;;) {
    const progress = await progressOf(client, workflowId);
    if (progress) {
      const now = done(progress);
      if (now >= target) return { at: Date.now(), done: now, cpu: snapshot(), progress };
      if (now - logged >= 1_000) {
        log(`refresh: ${now.toLocaleString('en-US')} done (${progress.failed} failed)`);
        logged = now;
      }
      const described = await client.workflow.getHandle(workflowId).describe();
      if (described.status.name !== 'RUNNING' && described.status.name !== 'CONTINUED_AS_NEW')
        throw new Error(`the refresh ended (${described.status.name}) after ${now} of ${target} funds`);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

function phaseFigures(from: Mark, to: Mark) {
  const refreshed = to.done - from.done;
  const seconds = (to.at - from.at) / 1000;
  const cpu: CpuUse = cpuBetween(from.cpu, to.cpu);
  const perFundMs = Object.fromEntries(
    Object.entries(cpu.seconds).map(([component, s]) => [component, round2((s * 1000) / refreshed)]),
  );
  return {
    refreshed,
    seconds: round1(seconds),
    fundsPerSecond: round2(refreshed / seconds),
    cpu,
    cpuMsPerFund: perFundMs,
    workers: residentMb(to.cpu, 'worker'),
  };
}

/** A single cold load through the API of a stored fund forgotten first: the baseline of one fund at a time. */
async function coldLoadMs(api: Api, key: string, isin: string): Promise<number> {
  const pool = createPool(config, 1);
  try {
    await pool.query('DELETE FROM funds WHERE isin = $1', [isin]);
  } finally {
    await pool.end();
  }
  const res = await api.get(`/funds/${isin}`, key);
  expectStatus(`cold GET /funds/${isin}`, res);
  return round1(res.ms);
}

async function ageUniverse(): Promise<number> {
  const pool = createPool(config, 1);
  try {
    const { rowCount } = await pool.query(
      "UPDATE funds SET generated_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE isin LIKE 'ZZSYN%'",
    );
    return rowCount ?? 0;
  } finally {
    await pool.end();
  }
}

/** A second worker as an operator starts one beside a running stack: `npm run worker`, with the stack's settings. */
function startSecondWorker(logFile: string): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  const worker = spawn('npm', ['run', '-s', 'worker'], {
    cwd: config.projectRoot,
    env: { ...process.env, DATA_DIR: config.dataDir, LIBRARY_DIR: config.libraryDir },
    stdio: ['ignore', out, out],
    detached: true, // its own process group: stopped with npm's children
  });
  // Interrupted, the benchmark stops the worker it started (and only that one) before it goes.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      stopWorker(worker);
      process.exit(130);
    });
  return worker;
}

function stopWorker(worker: ChildProcess): void {
  if (!worker.pid) return;
  try {
    process.kill(-worker.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function pollersOf(client: Client): Promise<number> {
  const { pollers } = await client.workflowService.describeTaskQueue({
    namespace: config.temporal.namespace,
    taskQueue: { name: config.temporal.taskQueue },
    taskQueueType: 2, // activity task queue: a worker that polls it has its activities registered
  });
  return new Set(pollers?.map((p) => p.identity)).size;
}

async function waitForPollers(client: Client, count: number): Promise<void> {
  const deadline = Date.now() + 180_000;
  while ((await pollersOf(client)) < count) {
    if (Date.now() > deadline) throw new Error(`no ${count} workers polling after 3 minutes`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** Every run of the refresh chain so far, and a sample of the loads: events and bytes of their histories. */
async function historySizes(client: Client, workflowId: string) {
  const runs: { runId: string; events: number; bytes: number | null }[] = [];
  for await (const run of client.workflow.list({ query: `WorkflowId = '${workflowId}'` }))
    runs.push({ runId: run.runId, events: run.historyLength, bytes: run.historySize ?? null });
  const loads: { events: number; bytes: number | null }[] = [];
  for await (const load of client.workflow.list({ query: `WorkflowType = 'loadFund'`, pageSize: 500 })) {
    loads.push({ events: load.historyLength, bytes: load.historySize ?? null });
    if (loads.length >= 2_000) break;
  }
  const summary = (items: { events: number; bytes: number | null }[]) => ({
    count: items.length,
    maxEvents: Math.max(...items.map((i) => i.events)),
    meanEvents: round1(items.reduce((s, i) => s + i.events, 0) / items.length),
    maxBytes: Math.max(...items.map((i) => i.bytes ?? 0)),
  });
  return { refreshRuns: summary(runs), loads: summary(loads) };
}

function temporalDatabaseBytes(): number {
  const dir = path.join(config.dataDir, 'temporal');
  return fs
    .readdirSync(dir)
    .filter((name) => /\.db(-wal)?$/.test(name))
    .reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
}

export async function measureRefresh(options: RefreshOptions) {
  const { log } = options;
  const api = new Api();
  const [key] = await enterpriseKeys('scale-refresh', 1);
  const client = await createTemporalClient(config);
  let second: ChildProcess | null = null;
  try {
    // The last two share classes of the universe: one with holdings and NAV, one without.
    const withHoldings = Math.floor(options.funds / options.holdingsEvery) * options.holdingsEvery;
    const single = {
      eptAndEmtMs: await coldLoadMs(api, key, syntheticFundIsin(withHoldings - 1)),
      withHoldingsAndNavMs: await coldLoadMs(api, key, syntheticFundIsin(withHoldings)),
    };
    const singleMixMs = round1(
      (single.eptAndEmtMs * (options.holdingsEvery - 1) + single.withHoldingsAndNavMs) / options.holdingsEvery,
    );
    log(`refresh: ageing ${options.funds.toLocaleString('en-US')} stored funds past the window...`);
    const aged = await ageUniverse();
    const temporalBytesBefore = temporalDatabaseBytes();
    log(`refresh: ${aged} aged; triggering the ${REFRESH_SCHEDULE_ID} schedule`);
    const triggeredAt = new Date();
    await client.schedule.getHandle(REFRESH_SCHEDULE_ID).trigger();
    const refreshId = await triggeredRefresh(client, triggeredAt);

    const start = await until(client, refreshId, options.warmUp, log);
    const oneEnd = await until(client, refreshId, start.done + options.perPhase, log);
    const oneWorker = phaseFigures(start, oneEnd);
    log(`refresh: one worker: ${JSON.stringify(oneWorker)}`);

    second = startSecondWorker(path.join(config.dataDir, 'logs', 'worker-2.log'));
    await waitForPollers(client, 2);
    const twoStart = await until(client, refreshId, oneEnd.done + 1, log);
    const twoEnd = await until(client, refreshId, twoStart.done + options.perPhase, log);
    const twoWorkers = phaseFigures(twoStart, twoEnd);
    log(`refresh: two workers: ${JSON.stringify(twoWorkers)}`);

    await client.workflow.getHandle(refreshId).terminate('bench:scale measured enough refreshes');
    const histories = await historySizes(client, refreshId);
    const temporalBytesAfter = temporalDatabaseBytes();
    const refreshed = twoEnd.done;
    const projection = (rate: number) => ({
      hours: round1(options.funds / rate / 3600),
      withinDay: options.funds / rate <= DAY_SECONDS,
    });
    return {
      single,
      singleMixMs,
      singleMixFundsPerSecond: round2(1000 / singleMixMs),
      oneWorker: { ...oneWorker, ratioToSingle: round2(oneWorker.fundsPerSecond / (1000 / singleMixMs)) },
      twoWorkers: { ...twoWorkers, ratioToOneWorker: round2(twoWorkers.fundsPerSecond / oneWorker.fundsPerSecond) },
      failed: twoEnd.progress.failed,
      histories,
      temporalDatabase: {
        growthBytes: temporalBytesAfter - temporalBytesBefore,
        bytesPerRefresh: Math.round((temporalBytesAfter - temporalBytesBefore) / refreshed),
      },
      projection: {
        oneWorker: projection(oneWorker.fundsPerSecond),
        twoWorkers: projection(twoWorkers.fundsPerSecond),
      },
    };
  } finally {
    if (second) stopWorker(second);
    await client.connection.close();
    await api.close();
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

import type { Client } from '@temporalio/client';
import { Pool as HttpPool } from 'undici';

import { createPool } from '../../src/db/postgres';
import { AccountsRepository } from '../../src/db/repositories/accounts';
import { createTemporalClient } from '../../src/temporal/client';
import { config, eptFile, runCount, uniqueIsin, writeLibraryFund } from '../helpers';
import { PrivateStack } from '../privateStack';
import { recordFigures } from './figures';

/**
 * A rolling deploy under steady traffic (issue 26, point 2): the API (two processes behind one port) and the worker are
 * each replaced twice, one process at a time, while the soak's mix of requests goes on at a fixed rate over kept-alive
 * connections to loopback. Every request gets its answer (a process that stops finishes what it serves, and tells
 * clients to reconnect with `Connection: close`), nothing is answered 5xx, no workflow fails, and every cold load
 * asked during the restarts completes.
 */
const stack = new PrivateStack(
  'rolling-deploy',
  { api: 8194, postgres: 5456, clickhouseHttp: 8146, clickhouseTcp: 9023, temporal: 7256, temporalUi: 8256 },
  { env: { API_PROCESSES: '2', REFRESH_INTERVAL: '30d' } },
);
/** Sample funds, loaded before the traffic starts: the warm reads. */
const WARM = fs
  .readdirSync(config.libraryDir)
  .filter((d) => /^ZZSMPL\d{6}$/.test(d))
  .sort()
  .slice(0, 20);
/** Requests a second, open loop: each is sent at its instant whatever the answers before it. */
const RATE = 40;
/** One second of the open loop: the soak's mix, cheap reads first (`GET /funds/{isin}` warm), a cold load, exports. */
const MIX = [
  ...Array<string>(17).fill('fund'),
  ...Array<string>(6).fill('search'),
  ...Array<string>(5).fill('holdings'),
  ...Array<string>(5).fill('me'),
  ...Array<string>(4).fill('batch'),
  ...Array<string>(2).fill('export'),
  'cold',
];
/**
 * Beside the open loop, requests kept in flight at all times (closed loop: the next as soon as one is answered), so
 * that every process that stops has some to finish: cold loads waiting on their workflow, and `POST /funds` bodies
 * trickled over two seconds (a slow client).
 */
const SLOW_LANES = ['cold', 'upload', 'upload', 'upload', 'upload'];
const TRICKLE_CHUNKS = 10;
const TRICKLE_PAUSE_MS = 200;
const COLD_FUNDS = 600;
/** Each answer may take this long (a cold load waiting on a workflow whose worker is being replaced included). */
const CLIENT_TIMEOUT_MS = 60_000;
const STEADY_MS = 6_000;
const BETWEEN_MS = 4_000;

let key = '';
let temporal: Client;
/** Funds of the library no one has asked for yet. */
const cold: string[] = [];
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function writeColdFunds(): Promise<void> {
  const isins = new Set<string>();
  while (isins.size < COLD_FUNDS) {
    const isin = uniqueIsin();
    if (isins.has(isin)) {
      await pause(2); // uniqueIsin repeats itself after 36 calls within one millisecond
      continue;
    }
    isins.add(isin);
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Rolling Deploy Fund', 4) });
  }
  cold.push(...isins);
}

beforeAll(async () => {
  await writeColdFunds();
  await stack.start();
  const pool = createPool(stack.config, 2);
  try {
    key = (await new AccountsRepository(pool).createKey('rolling@example.com', 'enterprise')).key;
  } finally {
    await pool.end();
  }
  temporal = await createTemporalClient(stack.config);
  for (const isin of WARM) {
    const res = await fetch(`${stack.api}/funds/${isin}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
  }
}, 300_000);

afterAll(async () => {
  await temporal?.connection.close();
  await stack.stop();
}, 120_000);

interface Outcome {
  kind: string;
  sentAt: number;
  ms: number;
  /** 0: no HTTP answer (the connection failed, or nothing within the client's timeout). */
  status: number;
  /** The body is what the endpoint serves (JSON, or NDJSON for the export), and says what was asked. */
  sound: boolean;
  /** The answer said `Connection: close` (its process was stopping). */
  closed: boolean;
  /** Sent by a slow lane (closed loop) rather than the open loop. */
  lane: boolean;
  error?: string;
}

interface Spec {
  method: 'GET' | 'POST';
  path: string;
  body?: string | Readable;
  check: (body: string) => boolean;
}

const json = (test: (v: Record<string, unknown>) => boolean) => (body: string) =>
  test(JSON.parse(body) as Record<string, unknown>);
const allOk = (count: number) =>
  json(
    (v) =>
      Array.isArray(v.results) &&
      v.results.length === count &&
      (v.results as { status: string }[]).every((r) => r.status === 'ok'),
  );

/** A body sent in TRICKLE_CHUNKS pieces, TRICKLE_PAUSE_MS apart. */
async function* trickle(body: string): AsyncGenerator<Buffer> {
  const size = Math.ceil(body.length / TRICKLE_CHUNKS);
  for (let i = 0; i < body.length; i += size) {
    if (i > 0) await pause(TRICKLE_PAUSE_MS);
    yield Buffer.from(body.slice(i, i + size));
  }
}

/**
 * The soak's mix at RATE requests a second over one pool of kept-alive connections, and the slow lanes over another,
 * recording every outcome.
 */
class Traffic {
  readonly outcomes: Outcome[] = [];
  readonly coldAsked: string[] = [];
  private readonly http = connections(32);
  private readonly slow = connections(SLOW_LANES.length);
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private stopping = false;
  private sent = 0;
  private turn = 0;

  start(): void {
    const started = Date.now();
    this.timer = setInterval(() => {
      const due = Math.floor(((Date.now() - started) * RATE) / 1000);
      // A stride through the mix (coprime with its length) spreads each kind over the second.
      while (this.sent < due) this.track(this.send(MIX[(this.sent++ * 17) % MIX.length], this.http, false));
    }, 5);
    for (const kind of SLOW_LANES)
      this.track(
        (async () => {
          while (!this.stopping) await this.send(kind, this.slow, true);
        })(),
      );
  }

  async stop(): Promise<Outcome[]> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all(this.inFlight);
    await Promise.all([this.http.close(), this.slow.close()]);
    return this.outcomes.sort((a, b) => a.sentAt - b.sentAt);
  }

  private track(work: Promise<void>): void {
    const tracked = work.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  private spec(kind: string): Spec {
    const warm = WARM[this.turn++ % WARM.length];
    const some = (step: number) => Array.from({ length: 5 }, (_, i) => WARM[(this.turn + i * step) % WARM.length]);
    switch (kind) {
      case 'fund':
        return { method: 'GET', path: `/funds/${warm}`, check: json((v) => v.isin === warm && v.cached === true) };
      case 'cold': {
        const isin = cold[this.coldAsked.length % cold.length];
        this.coldAsked.push(isin);
        return { method: 'GET', path: `/funds/${isin}`, check: json((v) => v.isin === isin) };
      }
      case 'holdings':
        return { method: 'GET', path: `/funds/${warm}/holdings`, check: json((v) => typeof v === 'object') };
      case 'search':
        return { method: 'GET', path: '/search?q=sample&limit=10', check: json((v) => Array.isArray(v.results)) };
      case 'me':
        return { method: 'GET', path: '/me', check: json((v) => typeof v === 'object') };
      case 'batch':
        return {
          method: 'POST',
          path: '/funds',
          body: JSON.stringify({ isins: some(3), wait: true }),
          check: allOk(5),
        };
      case 'upload':
        return {
          method: 'POST',
          path: '/funds',
          body: Readable.from(trickle(JSON.stringify({ isins: some(7), wait: true }))),
          check: allOk(5),
        };
      default:
        return {
          method: 'GET',
          path: '/export?gzip=0',
          check: (body) => {
            const lines = body.split('\n').filter(Boolean);
            return lines.length >= WARM.length && lines.every((line) => typeof JSON.parse(line) === 'object');
          },
        };
    }
  }

  private async send(kind: string, via: HttpPool, lane: boolean): Promise<void> {
    const { method, path: pathname, body, check } = this.spec(kind);
    const sentAt = Date.now();
    const outcome = { kind, sentAt, status: 0, sound: false, closed: false, lane };
    try {
      const res = await via.request({
        method,
        path: `/api/v1${pathname}`,
        headers: { Authorization: `Bearer ${key}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body,
      });
      const text = await res.body.text();
      outcome.status = res.statusCode;
      outcome.closed = res.headers.connection === 'close';
      try {
        outcome.sound = res.statusCode === 200 && check(text);
      } catch {
        // not JSON
      }
      this.outcomes.push({ ...outcome, ms: Date.now() - sentAt });
    } catch (err) {
      const e = err as { code?: string; message?: string };
      this.outcomes.push({ ...outcome, ms: Date.now() - sentAt, error: e.code ?? e.message });
    }
  }
}

function connections(count: number): HttpPool {
  return new HttpPool(new URL(stack.api).origin, {
    connections: count,
    headersTimeout: CLIENT_TIMEOUT_MS,
    bodyTimeout: CLIENT_TIMEOUT_MS,
  });
}

function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Sent, answered and lost over every request; latency over the open loop's (the slow lanes' are slow by design). */
function counts(outcomes: Outcome[]) {
  const open = outcomes.filter((o) => !o.lane);
  const ms = open.map((o) => o.ms);
  const slowest = open.reduce<Outcome | null>((a, b) => (a && a.ms >= b.ms ? a : b), null);
  return {
    sent: outcomes.length,
    answered: outcomes.filter((o) => o.status !== 0).length,
    lost: outcomes.filter((o) => o.status === 0).length,
    status5xx: outcomes.filter((o) => o.status >= 500).length,
    unavailable503: outcomes.filter((o) => o.status === 503).length,
    notAsExpected: outcomes.filter((o) => o.status !== 0 && !o.sound).length,
    answeredWithConnectionClose: outcomes.filter((o) => o.closed).length,
    p50Ms: percentile(ms, 50),
    p99Ms: percentile(ms, 99),
    slowest: slowest ? `${slowest.kind} ${slowest.ms} ms` : null,
    slowestColdLoadMs: Math.max(0, ...outcomes.filter((o) => o.kind === 'cold').map((o) => o.ms)),
  };
}

interface ApiStop {
  time: string;
  pid: number;
  inFlightAtStart: number;
  unavailableAtDeadline: number;
  cutShort: number;
  ms: number;
}

/** The API processes' own account of their stops (the line each logs once it has stopped serving). */
function apiStops(since: number): ApiStop[] {
  return stack
    .log('api')
    .split('\n')
    .filter((line) => line.includes('"api stopped serving"'))
    .map((line) => JSON.parse(line) as ApiStop)
    .filter((line) => Date.parse(line.time) >= since);
}

interface Window {
  what: 'api' | 'worker';
  round: number;
  from: number;
  to: number;
  /** The worker's: when the old one was sent SIGTERM (once the new one polled), and how long it took to exit. */
  stoppedAt?: number;
  newWorkerPollingSeconds?: number;
  oldWorkerExitSeconds?: number;
}

it('replaces each API process and the worker twice, one at a time, under steady traffic: every request answered, no workflow failed', async () => {
  const traffic = new Traffic();
  const started = Date.now();
  traffic.start();
  await pause(STEADY_MS);
  const windows: Window[] = [];
  for (const round of [1, 2]) {
    let from = Date.now();
    const { before, after } = await stack.rollApi();
    expect([before.length, after.length]).toEqual([2, 2]);
    windows.push({ what: 'api', round, from, to: Date.now() });
    await pause(BETWEEN_MS);
    from = Date.now();
    const worker = await stack.replaceWorker();
    windows.push({
      what: 'worker',
      round,
      from,
      to: Date.now(),
      stoppedAt: from + worker.newPollingMs,
      newWorkerPollingSeconds: worker.newPollingMs / 1000,
      oldWorkerExitSeconds: worker.oldStoppedMs / 1000,
    });
    await pause(BETWEEN_MS);
  }
  const outcomes = await traffic.stop();
  const seconds = (Date.now() - started) / 1000;

  // Every request answered: none lost, no 5xx, each answer what was asked.
  const total = counts(outcomes);
  expect(outcomes.filter((o) => o.status === 0).slice(0, 5)).toEqual([]);
  expect(outcomes.filter((o) => o.status !== 200 || !o.sound).slice(0, 5)).toEqual([]);
  expect(total.sent).toBeGreaterThan(RATE * 30);

  // Each API process stopped with requests in flight, and finished them all before the deadline.
  const stops = apiStops(started);
  expect(stops).toHaveLength(4);
  expect(stops.filter((s) => s.inFlightAtStart === 0 || s.unavailableAtDeadline > 0 || s.cutShort > 0)).toEqual([]);
  expect(total.answeredWithConnectionClose).toBeGreaterThan(0);
  // Each old worker stopped by itself (its graceful stop ran to the end) within its grace; none exited unasked.
  const workerStops = ['worker', 'worker-next']
    .map((name) => stack.log(name))
    .join('\n')
    .split('\n')
    .filter((line) => line.includes('"worker stopped"'));
  expect(workerStops).toHaveLength(2);
  for (const w of windows.filter((w) => w.what === 'worker'))
    expect(w.oldWorkerExitSeconds! * 1000).toBeLessThan(stack.config.shutdownGraceMs + 8_000);
  const stackLog = path.join(stack.config.dataDir, 'stack.log');
  expect(fs.existsSync(stackLog) ? fs.readFileSync(stackLog, 'utf8') : '').not.toMatch(/did not stop|exited \(code/);

  // No workflow failed or timed out; every cold load asked completed.
  expect(await runCount('ExecutionStatus = "Failed" OR ExecutionStatus = "TimedOut"', temporal)).toBe(0);
  const asked = [...new Set(traffic.coldAsked)];
  expect(asked).toHaveLength(traffic.coldAsked.length);
  const statuses = await Promise.all(
    asked.map(async (isin) => (await temporal.workflow.getHandle(`fund-load/${isin}`).describe()).status.name),
  );
  expect(statuses.filter((s) => s !== 'COMPLETED')).toEqual([]);

  const within = (o: Outcome, w: Window) => o.sentAt >= w.from && o.sentAt < w.to;
  const steady = counts(outcomes.filter((o) => !windows.some((w) => within(o, w))));
  const restarts = windows.map((w) => ({
    what: w.what === 'api' ? 'API (2 processes, one at a time)' : 'worker (the new one polls, then the old one stops)',
    round: w.round,
    seconds: Math.round((w.to - w.from) / 100) / 10,
    ...(w.what === 'worker'
      ? {
          newWorkerPollingSeconds: w.newWorkerPollingSeconds,
          oldWorkerExitSeconds: w.oldWorkerExitSeconds,
          coldLoadsWaitingAtStop: outcomes.filter(
            (o) => o.kind === 'cold' && o.sentAt <= w.stoppedAt! && o.sentAt + o.ms > w.stoppedAt!,
          ).length,
        }
      : {
          inFlightWhenEachProcessStopped: stops
            .filter((s) => Date.parse(s.time) >= w.from && Date.parse(s.time) <= w.to)
            .map((s) => s.inFlightAtStart),
        }),
    ...counts(outcomes.filter((o) => within(o, w))),
  }));
  const figures = {
    rateRequestsPerSecond: RATE,
    slowRequestsAlwaysInFlight: SLOW_LANES.join(', '),
    apiProcesses: 2,
    shutdownGraceSeconds: stack.config.shutdownGraceMs / 1000,
    seconds: Math.round(seconds),
    total,
    steady: { sent: steady.sent, p50Ms: steady.p50Ms, p99Ms: steady.p99Ms },
    restarts,
    apiStops: {
      processesStopped: stops.length,
      inFlightWhenTheyStopped: stops.reduce((n, s) => n + s.inFlightAtStart, 0),
      unavailableAtDeadline: 0,
      cutShort: 0,
      slowestStopMs: Math.max(...stops.map((s) => s.ms)),
    },
    workflows: { coldLoadsAsked: asked.length, completed: asked.length, failedOrTimedOut: 0 },
  };
  recordFigures('rolling-deploy', figures);
  console.log(
    `[rolling-deploy] ${total.sent} requests in ${figures.seconds} s, ${total.answered} answered, ${total.lost} lost; ` +
      restarts
        .map((r) => `${r.what.split(' ')[0]} #${r.round}: ${r.answered}/${r.sent} in ${r.seconds} s, p99 ${r.p99Ms} ms`)
        .join('; ') +
      `; steady p99 ${steady.p99Ms} ms; ${figures.apiStops.inFlightWhenTheyStopped} in flight at the API stops, all answered; ` +
      `${asked.length} cold loads completed, 0 workflows failed`,
  );
}, 900_000);

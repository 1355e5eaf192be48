/**
 * What the many-fund benchmarks share: the API they measure (the built server bench/run.sh starts on
 * BENCH_API_PORT), enterprise keys, one keep-alive connection for sequential timings, the baseline
 * call (GET /me: authenticated and metered like any call, but no fund work), percentiles and the
 * results file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Client } from 'undici';

import { type Config, loadConfig } from '../src/config';
import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';

export const config: Config = loadConfig();
export const API_PORT = Number(process.env.BENCH_API_PORT ?? config.port);
export const API_PREFIX = '/api/v1';

export const envInt = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive whole number, got ${process.env[name]}`);
  return value;
};

/**
 * Enterprise keys (6,000 requests a minute each, batches of 1,000, no credit ceiling), one account per
 * key, named after the benchmark: requests rotate over them so the burst limit never caps a run.
 */
export async function enterpriseKeys(bench: string, count: number): Promise<string[]> {
  const pool = createPool(config, 2);
  try {
    const accounts = new AccountsRepository(pool);
    const keys: string[] = [];
    for (let i = 0; i < count; i++)
      keys.push((await accounts.createKey(`bench-${bench}-${i}@example.com`, 'enterprise')).key);
    return keys;
  } finally {
    await pool.end();
  }
}

export interface Timed {
  status: number;
  ms: number;
  body: string;
}

/** One keep-alive connection to the API: requests go one after another, so each timing is a latency. */
export class Api {
  private readonly client = new Client(`http://127.0.0.1:${API_PORT}`, {
    pipelining: 1,
    bodyTimeout: 600_000,
    headersTimeout: 600_000,
  });

  async get(pathAndQuery: string, key: string): Promise<Timed> {
    return this.send('GET', pathAndQuery, key);
  }

  async post(pathOnly: string, key: string, body: unknown): Promise<Timed> {
    return this.send('POST', pathOnly, key, JSON.stringify(body));
  }

  /** The baseline: an authenticated, metered call that does no fund work. */
  async me(key: string): Promise<Timed> {
    return this.get('/me', key);
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** Time from sending the request to the last byte of the answer. */
  private async send(method: 'GET' | 'POST', route: string, key: string, body?: string): Promise<Timed> {
    const headers: Record<string, string> = { 'x-api-key': key };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = process.hrtime.bigint();
    const res = await this.client.request({ method, path: `${API_PREFIX}${route}`, headers, body });
    const text = await res.body.text();
    return { status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6, body: text };
  }
}

/** Fails the run with the answer's start when the status is not the one expected. */
export function expectStatus(what: string, res: Pick<Timed, 'status' | 'body'>, status = 200): void {
  if (res.status !== status)
    throw new Error(`${what}: expected ${status}, got ${res.status}: ${res.body.slice(0, 500)}`);
}

/** Nearest-rank percentile (p in 0..100) of the values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round2 = (n: number) => Math.round(n * 100) / 100;

export interface Distribution {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  min: number;
  max: number;
}

/** Milliseconds summarised, to 0.1 ms. */
export function distribution(ms: readonly number[]): Distribution {
  return {
    n: ms.length,
    p50: round1(percentile(ms, 50)),
    p90: round1(percentile(ms, 90)),
    p99: round1(percentile(ms, 99)),
    min: round1(Math.min(...ms)),
    max: round1(Math.max(...ms)),
  };
}

/**
 * `calls` timed calls one after another, each checked and followed by GET /me with the same key (the
 * baseline of the same run): the distributions of both.
 */
export async function timedAgainstMe(
  api: Api,
  key: string,
  calls: number,
  call: () => Promise<Timed>,
  check: (res: Timed) => unknown,
): Promise<{ warm: Distribution; baselineMe: Distribution }> {
  const times: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < calls; i++) {
    const res = await call();
    check(res);
    times.push(res.ms);
    const me = await api.me(key);
    expectStatus('GET /me', me);
    baseline.push(me.ms);
  }
  return { warm: distribution(times), baselineMe: distribution(baseline) };
}

/**
 * The figures of a warm-latency benchmark: its distribution beside GET /me's, their ratios, the target and whether p50
 * met it.
 */
export function warmFigures(warm: Distribution, baselineMe: Distribution, targetP50Ms: number) {
  return {
    warm,
    baselineMe,
    ratio: { p50: round2(warm.p50 / baselineMe.p50), p90: round2(warm.p90 / baselineMe.p90) },
    target: { warmP50UnderMs: targetP50Ms },
    met: warm.p50 < targetP50Ms,
  };
}

export function machine(): string {
  return `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
}

/** Writes bench/results/<name>.json and prints it. */
export function writeResults(name: string, results: Record<string, unknown>): void {
  const all = { measuredAt: new Date().toISOString(), machine: machine(), ...results };
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results', `${name}.json`), `${JSON.stringify(all, null, 2)}\n`);
  console.log(JSON.stringify(all, null, 2));
}

export function log(bench: string, line: string): void {
  console.log(`[bench ${bench}] ${line}`);
}

/** The benchmark's entry point: a failure is printed and ends the process non-zero (bench/run.sh stops). */
export function run(main: () => Promise<void>): void {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import type { Client } from '@temporalio/client';
import type { Pool } from 'pg';

import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';
import type { PlanId } from '../src/domain/plans';
import type { Account } from '../src/schema/account';
import { isinCheckDigit } from '../src/schema/isin';
import { createTemporalClient } from '../src/temporal/client';
import type { LoadTally } from '../src/workflows/childLoads';
import type { RefreshUniverseInput } from '../src/workflows/refreshUniverse';
import { config } from './testConfig';

/** Integration tests run inside `npm test`, against the stack it started (test profile). */
export { config };
export const API = process.env.API_URL ?? `http://127.0.0.1:${config.port}/api/v1`;

let pool: Pool | null = null;
export function db(): Pool {
  pool ??= createPool(config, 5);
  return pool;
}

let temporal: Awaited<ReturnType<typeof createTemporalClient>> | null = null;
export async function temporalClient() {
  temporal ??= await createTemporalClient(config);
  return temporal;
}

afterAll(async () => {
  await pool?.end();
  pool = null;
  await temporal?.connection.close();
  temporal = null;
});

/** How many times the loads read this ISIN's documents from the local library (one read per load). */
export async function libraryReads(isin: string): Promise<number> {
  const { rows } = await db().query<{ n: number }>(
    "SELECT count(*)::int AS n FROM source_reads WHERE isin = $1 AND source = 'local-library'",
    [isin],
  );
  return rows[0].n;
}

/** How many workflow runs the visibility query lists (a job started twice shows two); `client`: another stack's. */
export async function runCount(query: string, client?: Client): Promise<number> {
  let n = 0;
  for await (const _ of (client ?? (await temporalClient())).workflow.list({ query })) n++;
  return n;
}

let seq = 0;
/** A fresh, valid ISIN no other test uses (user-assigned country code ZZ, never a real fund). */
export function uniqueIsin(): string {
  const body =
    `ZZT${(Date.now() % 1e6).toString(36).toUpperCase().padStart(4, '0')}${(process.pid % 1296).toString(36).toUpperCase().padStart(2, '0')}${(seq++ % 36).toString(36).toUpperCase()}`
      .slice(0, 11)
      .padEnd(11, '0');
  return body + isinCheckDigit(body);
}

export async function newKey(
  plan: PlanId,
  email = `user-${Math.random().toString(36).slice(2)}@example.com`,
  options: { operator?: boolean } = {},
): Promise<{ key: string; email: string; keyId: string }> {
  const created = await new AccountsRepository(db()).createKey(email, plan, null, options);
  return { key: created.key, email, keyId: created.key.split('_')[1] };
}

export function get(pathname: string, key?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${API}${pathname}`, { headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers } });
}

/** POSTs JSON (a string is sent as it is, for malformed bodies) with the key as a Bearer token. */
export function post(pathname: string, key: string, body: unknown): Promise<Response> {
  return fetch(`${API}${pathname}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Writes a fund's documents into the library the worker reads (the test profile's folder). */
export async function writeLibraryFund(isin: string, files: Record<string, string>): Promise<void> {
  const dir = path.join(config.libraryDir, isin);
  await fs.mkdir(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) await fs.writeFile(path.join(dir, name), content);
}

export { eptFile } from './fixtures/findatexRows';

export function navFile(days = 30): string {
  const lines = ['Date,NAV'];
  for (let i = 0; i < days; i++) lines.push(`2026-09-${String(1 + i).padStart(2, '0')},${(100 + i * 0.5).toFixed(2)}`);
  return lines.join('\n');
}

/**
 * Waits until at least `seconds` remain in the current UTC minute, so a per-minute window does not roll over mid-test.
 */
export async function awayFromMinuteEdge(seconds = 15): Promise<void> {
  const left = 60 - new Date().getUTCSeconds();
  if (left < seconds) await new Promise((r) => setTimeout(r, left * 1000 + 200));
}

/** Credits the key's account has used this month, as GET /me (free) reports them. */
export async function usedOf(key: string): Promise<number> {
  return (await json<Account>(await get('/me', key))).quota.used;
}

/**
 * The credits the account of this email has used this month (UTC), read from Postgres (not GET /me, which a key past
 * its burst cannot call); `pool`: another stack's.
 */
export async function usedThisMonth(email: string, pool: Pool = db()): Promise<number> {
  const { rows } = await pool.query<{ used: number }>(
    "SELECT coalesce(sum(u.used), 0)::int AS used FROM usage_months u JOIN accounts a ON a.id = u.account_id WHERE a.email = $1 AND u.month_start = date_trunc('month', now() AT TIME ZONE 'UTC')::date",
    [email],
  );
  return rows[0].used;
}

/** Sets the credits the account of this email has used this month (UTC), behind the API's back. */
export async function setUsed(email: string, used: number): Promise<void> {
  await db().query(
    `INSERT INTO usage_months (account_id, month_start, used) SELECT id, date_trunc('month', now() AT TIME ZONE 'UTC')::date, $2 FROM accounts WHERE email = $1
     ON CONFLICT (account_id, month_start) DO UPDATE SET used = $2`,
    [email, used],
  );
}

/** The body as JSON; callers that read it name its type (`unknown` when it only goes to matchers or a schema). */
export async function json<T = unknown>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/**
 * Makes a stored payload stale (expired a second ago), so that the next request refreshes it; `pool`: another stack's.
 */
export async function makeStale(isin: string, pool: Pool = db()): Promise<void> {
  await pool.query("UPDATE funds SET expires_at = now() - interval '1 second' WHERE isin = $1", [isin]);
  await afterDirectWrite();
}

/** After writing to the funds table behind the API's back, wait out its short payload cache. */
export function afterDirectWrite(): Promise<void> {
  return new Promise((r) => setTimeout(r, config.fundCacheMs + 100));
}

/**
 * Runs one universe refresh (funds, then SCPI) to its end, under a test workflow id; the defaults page through a small
 * universe.
 */
export async function runUniverseRefresh(
  input: Partial<RefreshUniverseInput> = {},
): Promise<{ tally: LoadTally; workflowId: string }> {
  const client = await temporalClient();
  const workflowId = `universe-refresh-test/${randomUUID()}`;
  const handle = await client.workflow.start('refreshUniverse', {
    taskQueue: config.temporal.taskQueue,
    workflowId,
    args: [{ after: null, concurrency: 4, pageSize: 50, pagesPerRun: 1, ...input }],
  });
  return { tally: (await handle.result()) as LoadTally, workflowId }; // follows the chain of continue-as-new runs
}

/** expect.stringMatching, typed as the string it stands for inside an expected object. */
export function matching(pattern: RegExp): string {
  return expect.stringMatching(pattern) as string;
}

/** The advisory lock key the suites that refresh the universe take (any number no other lock uses). */
const UNIVERSE_REFRESH_LOCK = 210_021;

/**
 * Runs `work` (ageing payloads, a universe refresh, its checks) while no other suite does the same: a refresh
 * is global, so two at once load each other's stale funds and neither sees its own. A Postgres advisory lock, held
 * on a connection of its own for the time of `work`.
 */
export async function withUniverseRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const client = await db().connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [UNIVERSE_REFRESH_LOCK]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [UNIVERSE_REFRESH_LOCK]).catch(() => undefined);
    client.release();
  }
}

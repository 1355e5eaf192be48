/**
 * Issue 26, point 4: everything in ClickHouse rebuilt from what Postgres holds. On a stack of this suite's own (the
 * shared test stack serves the other suites meanwhile): funds loaded from the sample library (every holdings format,
 * NAV histories), a fund whose documents changed (a second holdings snapshot, change rows), a fund filed by an
 * operator; every answer that reads ClickHouse recorded; the ClickHouse data folder deleted under the running stack and
 * ClickHouse started again empty; `npm run rebuild:clickhouse` run as an operator runs it; every answer compared.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import type { Pool } from 'pg';

import { holdingsXlsx, kidPdf } from '../samples/documents';
import { sampleFunds } from '../samples/funds';
import { type ClickHouseClient, createClickhouse } from '../src/db/clickhouse';
import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';
import { HoldingsRepository } from '../src/db/repositories/holdings';
import { NavSeriesRepository } from '../src/db/repositories/navSeries';
import type { FundSummary } from '../src/domain/holdings';
import { eptFile, makeStale, navFile, uniqueIsin, writeLibraryFund } from './helpers';
import { PrivateStack } from './privateStack';

const stack = new PrivateStack(
  'rebuild-clickhouse',
  { api: 8203, postgres: 5465, clickhouseHttp: 8155, clickhouseTcp: 9032, temporal: 7265, temporalUi: 8265 },
  { restart: { maxCrashes: 10, windowMs: 600_000, firstDelayMs: 200, maxDelayMs: 500 } },
);

/** Sample funds of the test stack's library: each holdings format with a NAV history, one without holdings, one without NAV. */
const samples = sampleFunds();
const pick = (test: (f: (typeof samples)[number]) => boolean) => samples.find(test)!.isin;
const SAMPLES = [
  pick((f) => f.holdingsFormat === 'ishares-csv' && f.hasNav),
  pick((f) => f.holdingsFormat === 'plain-csv' && f.hasNav),
  pick((f) => f.holdingsFormat === 'xlsx' && f.hasNav),
  pick((f) => f.holdingsFormat === 'tpt-json' && f.hasNav),
  pick((f) => f.holdingsFormat === null && f.hasNav),
  pick((f) => f.holdingsFormat !== null && !f.hasNav),
];

let pool: Pool;
let clickhouse: ClickHouseClient;
let key = '';
let operator = '';

const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
async function call(pathname: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${stack.api}${pathname}`, { ...init, headers: { ...auth(key), ...init.headers } });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body };
}

/**
 * The answer without what legitimately moves between two calls: the caller's credits, and for a computed answer
 * (POST /portfolio) the instant it was computed. A fund's own generatedAt is its payload's, and stays.
 */
function stable(answer: { status: number; body: unknown }, computed = false): { status: number; body: unknown } {
  if (!answer.body || typeof answer.body !== 'object') return answer;
  const { quota: _quota, ...rest } = answer.body as Record<string, unknown>;
  if (computed) delete rest.generatedAt;
  return { status: answer.status, body: rest };
}

const holdingsLines = (lines: [string, number][], asOf: string) =>
  [
    `Fund Holdings as of,"${asOf}"`,
    '',
    'Name,ISIN,Weight (%),Sector,Location,Currency,Asset Class',
    ...lines.map(([n, w]) => `"${n}",-,${w},Technology,France,EUR,Equity`),
  ].join('\n');

function navWith(offset: number): string {
  return navFile(30)
    .split('\n')
    .map((line, i) =>
      i === 0 ? line : line.replace(/,([\d.]+)$/, (_, v: string) => `,${(Number(v) + offset).toFixed(2)}`),
    )
    .join('\n');
}

/** Runs the operator's command against this stack, as `npm run rebuild:clickhouse` does. */
function rebuild(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const root = stack.config.projectRoot;
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      [path.join(root, 'scripts/rebuildClickhouse.ts')],
      {
        cwd: root,
        env: stack.env(),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Summary {
  funds: number;
  fundsWithNav: number;
  fundsWithHoldings: number;
  documentsMissing: number;
  rows: { nav_series: number; fund_holdings: number; change_feed: number };
  notRebuilt: Record<'nav' | 'holdings', Record<string, number>>;
}

let changed = '';
let filed = '';
let ghost = '';
let funds: string[] = [];

beforeAll(async () => {
  await stack.start();
  pool = createPool(stack.config, 2);
  clickhouse = createClickhouse(stack.config);
  const accounts = new AccountsRepository(pool);
  key = (await accounts.createKey(`rebuild-${randomUUID()}@example.com`, 'scale')).key;
  operator = (
    await accounts.createKey(`rebuild-op-${randomUUID()}@example.com`, 'enterprise', null, { operator: true })
  ).key;

  for (const isin of SAMPLES) expect((await call(`/funds/${isin}`)).status).toBe(200);

  // A fund whose documents change: its reload writes a second holdings snapshot and change rows.
  changed = uniqueIsin();
  await writeLibraryFund(changed, {
    'ept.csv': eptFile(changed, 'Sample Rebuilt Fund', 3),
    'holdings.csv': holdingsLines(
      [
        ['Alpha SA', 50],
        ['Beta SA', 30],
        ['Gamma SA', 20],
      ],
      'Sep 30, 2026',
    ),
    'nav.csv': navFile(30),
  });
  expect((await call(`/funds/${changed}`)).status).toBe(200);
  await writeLibraryFund(changed, {
    'ept.csv': eptFile(changed, 'Sample Rebuilt Fund', 5).replace('2026-01-15', '2026-06-30'),
    'holdings.csv': holdingsLines(
      [
        ['Alpha SA', 40],
        ['Delta SA', 35],
      ],
      'Oct 31, 2026',
    ),
    'nav.csv': navWith(3),
  });
  await makeStale(changed, pool);
  expect((await call(`/funds/${changed}`)).status).toBe(200);

  // A fund an operator filed: its holdings workbook is stored as an upload (no type), the filing knows it.
  const template = samples.find((f) => f.keyDocument === 'kid' && f.language === 'en' && f.holdings.length > 0)!;
  filed = uniqueIsin();
  const form = new FormData();
  form.append('file', new Blob([await kidPdf({ ...template, isin: filed })]), 'kid.pdf');
  form.append('file', new Blob([holdingsXlsx({ ...template, isin: filed })]), 'positions.xlsx');
  form.append('isin', filed);
  const uploaded = await fetch(`${stack.api}/documents`, { method: 'POST', headers: auth(operator), body: form });
  expect(uploaded.status).toBe(200);

  // A summary written before stamps named their document: the rebuild finds it among those the payload names.
  const { rows } = await pool.query<{ summary: FundSummary }>('SELECT summary FROM funds WHERE isin = $1', [
    SAMPLES[0],
  ]);
  expect(rows[0].summary.holdings?.document).toMatch(/^[0-9a-f]{64}$/);
  await pool.query(`UPDATE funds SET summary = summary #- '{holdings,document}' WHERE isin = $1`, [SAMPLES[0]]);

  // A fund whose holdings were written to ClickHouse without any stored document (as bench/universe writes them).
  ghost = uniqueIsin();
  const stamp = await new HoldingsRepository(clickhouse).write(
    ghost,
    {
      asOf: '2026-10-31',
      holdings: [
        {
          name: 'Only Line',
          issuer: null,
          isin: null,
          weight: 100,
          country: null,
          sector: null,
          assetClass: null,
          currency: null,
        },
      ],
    },
    new Date('2026-11-20T08:00:00Z'),
  );
  await pool.query(
    `INSERT INTO funds (isin, name, payload, generated_at, expires_at, data_as_of, summary)
     SELECT $1, name, payload, generated_at, expires_at, data_as_of, jsonb_set(summary, '{holdings}', $2::jsonb)
       FROM funds WHERE isin = $3`,
    [ghost, JSON.stringify({ ...stamp, document: 'f'.repeat(64) }), SAMPLES[1]],
  );
  funds = [...SAMPLES, changed, filed];
}, 600_000);

afterAll(async () => {
  await pool?.end();
  await clickhouse?.close();
  await stack.stop();
  for (const isin of [changed])
    if (isin) fs.rmSync(path.join(stack.config.libraryDir, isin), { recursive: true, force: true });
}, 60_000);

/** Every answer that reads ClickHouse (and GET /funds, which must not change either). */
async function answers(): Promise<Record<string, { status: number; body: unknown }>> {
  const all: Record<string, { status: number; body: unknown }> = {};
  for (const isin of [...funds, ghost]) {
    all[`GET /funds/${isin}`] = stable(await call(`/funds/${isin}`));
    all[`GET /funds/${isin}/holdings`] = stable(await call(`/funds/${isin}/holdings`));
  }
  const since = encodeURIComponent('2000-01-01T00:00:00.000000Z');
  for (let next = since, page = 0; ; page++) {
    const answer = await call(`/changes?limit=2&since=${next}`);
    all[`GET /changes page ${page}`] = stable(answer);
    const body = answer.body as { hasMore?: boolean; nextSince?: string };
    if (!body.hasMore || page > 50) break;
    next = encodeURIComponent(body.nextSince!);
  }
  all['GET /changes?isins'] = stable(await call(`/changes?isins=${changed}&since=${since}`));
  all['GET /overlap'] = stable(await call(`/overlap?isins=${[SAMPLES[0], SAMPLES[3], changed, filed].join(',')}`));
  all['POST /portfolio'] = stable(
    await call('/portfolio', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ positions: funds.map((isin, i) => ({ isin, weight: 1000 + 100 * i })) }),
    }),
    true,
  );
  return all;
}

/** What the next load's analytics read: the stored series of every fund. */
async function series(): Promise<Record<string, unknown>> {
  const repo = new NavSeriesRepository(clickhouse);
  const all: Record<string, unknown> = {};
  for (const isin of funds)
    all[isin] = { fund: await repo.read(isin, 'fund'), benchmark: await repo.read(isin, 'benchmark') };
  return all;
}

it('rebuilds the series, the holdings and the change feed from Postgres: every answer as before', async () => {
  const before = await answers();
  const seriesBefore = await series();
  // What the recording covers: full holdings everywhere they were known, a feed with the changed fund's rows.
  for (const isin of funds.filter((i) => i !== SAMPLES[4]))
    expect(before[`GET /funds/${isin}/holdings`].body).toMatchObject({ source: 'holdings' });
  expect(before[`GET /funds/${ghost}/holdings`].body).toMatchObject({
    source: 'holdings',
    holdings: [{ name: 'Only Line' }],
  });
  expect(before['GET /changes?isins'].body).toMatchObject({ count: expect.any(Number) as unknown });
  expect((before['GET /changes?isins'].body as { count: number }).count).toBeGreaterThan(0);
  expect(before['POST /portfolio'].status).toBe(200);
  expect(before['GET /overlap'].status).toBe(200);
  expect((seriesBefore[changed] as { fund: unknown[] }).fund).toHaveLength(30);

  // The data folder deleted under the running ClickHouse, then ClickHouse started again on the empty folder.
  fs.rmSync(path.join(stack.config.dataDir, 'clickhouse', 'data'), { recursive: true, force: true });
  await stack.stopService('clickhouse');
  await stack.startClickhouse();
  // The API starts again too, so that nothing it kept in memory (full holdings by stamp) answers for ClickHouse.
  await stack.awaitRestarted('api', stack.kill('api'));
  await waitForClickhouse('down');

  // Meanwhile: stored payloads are served; what needs ClickHouse's data is unavailable (503 with Retry-After), and
  // /health says so.
  expect(stable(await call(`/funds/${SAMPLES[0]}`))).toEqual(before[`GET /funds/${SAMPLES[0]}`]);
  for (const pathname of [
    `/funds/${SAMPLES[0]}/holdings`,
    '/changes?limit=2',
    `/overlap?isins=${SAMPLES[0]},${changed}`,
  ]) {
    const gone = await fetch(`${stack.api}${pathname}`, { headers: auth(key) });
    expect([pathname, gone.status, await gone.json()]).toEqual([
      pathname,
      503,
      expect.objectContaining({ code: 'service_unavailable' }),
    ]);
    expect(Number(gone.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  const first = await rebuild();
  expect(first.stderr).toContain(`${ghost}: holdings not rebuilt (document_missing)`);
  expect(first.code).toBe(1); // the ghost fund's holdings cannot be rebuilt: reported, and the exit status says so
  const summary = JSON.parse(first.stdout) as Summary;
  expect(summary).toMatchObject({
    funds: funds.length + 1,
    fundsWithNav: funds.length - 1,
    fundsWithHoldings: funds.length - 1,
    documentsMissing: 1,
    notRebuilt: {
      nav: { no_document: 0, document_missing: 0, unreadable: 0, mismatch: 0 },
      holdings: { no_document: 0, document_missing: 1, unreadable: 0, mismatch: 0 },
    },
  });
  expect(summary.rows.change_feed).toBeGreaterThan(0);

  await waitForClickhouse('up');
  const after = await answers();
  // The ghost's lines came from no document: its holdings fall back to the payload's top holdings. Every other answer
  // is the same JSON as before.
  const ghostHoldings = `GET /funds/${ghost}/holdings`;
  expect(after[ghostHoldings].body).toMatchObject({ source: 'topHoldings' });
  const { [ghostHoldings]: _after, ...rebuilt } = after;
  const { [ghostHoldings]: _before, ...recorded } = before;
  expect(rebuilt).toEqual(recorded);
  expect(await series()).toEqual(seriesBefore);

  // Twice is the same: the same rows under the same keys.
  const counts = async () => {
    const result = await clickhouse.query({
      query: `SELECT (SELECT count() FROM (SELECT DISTINCT * FROM fund_holdings)) AS holdings,
                     (SELECT count() FROM (SELECT DISTINCT * FROM nav_series)) AS nav,
                     (SELECT count() FROM (SELECT DISTINCT * FROM change_feed)) AS feed`,
      format: 'JSONEachRow',
    });
    return (await result.json<Record<string, number>>())[0];
  };
  const once = await counts();
  expect(once).toEqual({
    holdings: summary.rows.fund_holdings,
    nav: summary.rows.nav_series,
    feed: summary.rows.change_feed,
  });
  const second = await rebuild();
  expect(JSON.parse(second.stdout)).toMatchObject({ rows: summary.rows });
  expect(await counts()).toEqual(once);
  expect(await answers()).toEqual(after);
}, 600_000);

/** Waits until the private API's /health reports ClickHouse in this state (the API may still be starting). */
async function waitForClickhouse(status: 'up' | 'down'): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const health = await fetch(`${stack.api}/health`)
      .then((r) => r.json() as Promise<{ dependencies: Record<string, { status: string }> }>)
      .catch(() => null);
    if (health?.dependencies.clickhouse.status === status) return;
    if (Date.now() > deadline) throw new Error(`/health never said ClickHouse is ${status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

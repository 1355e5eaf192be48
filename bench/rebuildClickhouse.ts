/**
 * `npm run rebuild:clickhouse` over N stored funds (BENCH_REBUILD_FUNDS, default 10,000) on a stack of its own
 * (Postgres, ClickHouse, Temporal, worker and API, none of them the shared test stack's). Four sample funds, one per
 * holdings format (iShares CSV, plain CSV, XLSX, TPT JSON), each with a daily NAV and benchmark history, are loaded
 * through the API; then N funds are stored beside them as loads would have left them in Postgres: each a copy of one
 * of the four payloads and summaries under a synthetic ISIN, with documents of its own (its NAV history drawn afresh,
 * its holdings file with one ticker changed, its TPT naming its ISIN: other bytes, other hashes), which the copy's
 * provenance and holdings stamp name, and two published changes each in the outbox. The three ClickHouse tables are dropped, and the operator's command is run as a
 * child process. Baseline in the same run: the same reads of Postgres without parsing or writing (every page of
 * funds, then the bytes of each fund's NAV and holdings documents, as many at a time). Writes
 * bench/results/rebuildClickhouse.json.
 *
 *   STACK_PORT_OFFSET=600 DATA_DIR=.data/rebuild-bench BENCH_REBUILD_FUNDS=1000 node_modules/.bin/tsx bench/rebuildClickhouse.ts
 * BENCH_REBUILD_ARGS passes options to the command (e.g. "--concurrency 8 --threads 2").
 */
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';

import type { Pool } from 'pg';

import { holdingsXlsx, isharesHoldingsCsv, navCsv, plainHoldingsCsv, tptJson } from '../samples/documents';
import { type SampleFund, sampleFunds } from '../samples/funds';
import { writeSampleLibrary } from '../samples/library';
import { createClickhouse } from '../src/db/clickhouse';
import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';
import { HoldingsRepository } from '../src/db/repositories/holdings';
import { StoredProvenanceRepository } from '../src/db/repositories/storedProvenance';
import { planDerivedData } from '../src/domain/derivedData';
import type { FundSummary } from '../src/domain/holdings';
import type { FieldSource } from '../src/schema/fund';
import { isinCheckDigit } from '../src/schema/isin';
import { PrivateStack } from '../test/privateStack';
import { config as testConfig } from '../test/testConfig';
import { envInt, log, round1, run, writeResults } from './support';

const FUNDS = envInt('BENCH_REBUILD_FUNDS', 10_000);
/** Funds written to Postgres per statement. */
const CHUNK = 200;
const FORMATS = ['ishares-csv', 'plain-csv', 'xlsx', 'tpt-json'] as const;

interface Template {
  fund: SampleFund;
  name: string | null;
  payload: string;
  generatedAt: Date;
  expiresAt: Date;
  dataAsOf: string;
  summary: FundSummary;
  navSha: string;
  holdingsSha: string;
  navMediaType: string;
  holdingsMediaType: string;
}

const syntheticIsin = (n: number) => {
  const body = `ZZRB${String(n).padStart(7, '0')}`;
  return body + isinCheckDigit(body);
};
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** The fund's documents drawn afresh for copy `n`: the same dates, lines and as-of date, other bytes. */
function documentsOf(template: Template, isin: string, n: number): { nav: Buffer; holdings: Buffer } {
  const fund = template.fund;
  const nav = Buffer.from(navCsv({ ...fund, index: fund.index + 1000 * (n + 1) }));
  const holdings = fund.holdings.map((h, i) => (i === 0 ? { ...h, ticker: `${h.ticker}${n}` } : h));
  const own = { ...fund, isin, holdings };
  switch (fund.holdingsFormat) {
    case 'ishares-csv':
      return { nav, holdings: Buffer.from(isharesHoldingsCsv(own)) };
    case 'plain-csv':
      return { nav, holdings: Buffer.from(plainHoldingsCsv(own)) };
    case 'xlsx':
      return { nav, holdings: holdingsXlsx(own) };
    default:
      return { nav, holdings: Buffer.from(tptJson(own)) };
  }
}

async function loadTemplates(stack: PrivateStack, pool: Pool): Promise<Template[]> {
  const key = (await new AccountsRepository(pool).createKey(`bench-rebuild-${randomUUID()}@example.com`, 'scale')).key;
  const templates: Template[] = [];
  for (const format of FORMATS) {
    const candidates = sampleFunds().filter((f) => f.holdingsFormat === format && f.hasNav);
    const fund = candidates.find((f) => f.benchmark) ?? candidates[0]; // a benchmark column: two series to write
    const res = await fetch(`${stack.api}/funds/${fund.isin}`, { headers: { Authorization: `Bearer ${key}` } });
    if (res.status !== 200) throw new Error(`GET /funds/${fund.isin}: ${res.status} ${await res.text()}`);
    const { rows } = await pool.query<{
      name: string | null;
      payload: string;
      generated_at: Date;
      expires_at: Date;
      data_as_of: string;
      summary: FundSummary;
    }>(
      'SELECT name, payload::text AS payload, generated_at, expires_at, data_as_of, summary FROM funds WHERE isin = $1',
      [fund.isin],
    );
    const row = rows[0];
    const sources =
      (JSON.parse(row.payload) as { data?: unknown; sources?: Record<string, FieldSource> }).sources ?? {};
    const navSha = sources.cumulativePerformance?.document;
    const holdingsSha = row.summary.holdings?.document;
    if (!navSha || !holdingsSha) throw new Error(`${fund.isin}: no NAV or holdings document named`);
    const types = await pool.query<{ sha256: string; media_type: string }>(
      'SELECT sha256, media_type FROM documents WHERE sha256 = ANY($1::text[])',
      [[navSha, holdingsSha]],
    );
    const typeOf = (sha: string) => types.rows.find((r) => r.sha256 === sha)!.media_type;
    templates.push({
      fund,
      name: row.name,
      payload: row.payload,
      generatedAt: row.generated_at,
      expiresAt: new Date(Date.now() + 30 * 24 * 3600_000),
      dataAsOf: row.data_as_of,
      summary: row.summary,
      navSha,
      holdingsSha,
      navMediaType: typeOf(navSha),
      holdingsMediaType: typeOf(holdingsSha),
    });
  }
  return templates;
}

/** N funds as loads would have stored them: payload, summary and documents; returns the bytes of documents written. */
async function storeCopies(pool: Pool, templates: Template[]): Promise<number> {
  let bytes = 0;
  for (let start = 0; start < FUNDS; start += CHUNK) {
    const docs = { sha: [] as string[], type: [] as string[], size: [] as number[], content: [] as Buffer[] };
    const funds = {
      isin: [] as string[],
      name: [] as (string | null)[],
      payload: [] as string[],
      summary: [] as string[],
    };
    const firstOf = { generatedAt: [] as Date[], expiresAt: [] as Date[], dataAsOf: [] as string[] };
    for (let n = start; n < Math.min(FUNDS, start + CHUNK); n++) {
      const template = templates[n % templates.length];
      const isin = syntheticIsin(n);
      const own = documentsOf(template, isin, n);
      const [navSha, holdingsSha] = [sha256(own.nav), sha256(own.holdings)];
      docs.sha.push(navSha, holdingsSha);
      docs.type.push(template.navMediaType, template.holdingsMediaType);
      docs.size.push(own.nav.length, own.holdings.length);
      docs.content.push(own.nav, own.holdings);
      bytes += own.nav.length + own.holdings.length;
      funds.isin.push(isin);
      funds.name.push(template.name);
      funds.payload.push(
        template.payload
          .replaceAll(template.navSha, navSha)
          .replaceAll(template.holdingsSha, holdingsSha)
          .replaceAll(template.fund.isin, isin),
      );
      funds.summary.push(
        JSON.stringify({ ...template.summary, holdings: { ...template.summary.holdings, document: holdingsSha } }),
      );
      firstOf.generatedAt.push(template.generatedAt);
      firstOf.expiresAt.push(template.expiresAt);
      firstOf.dataAsOf.push(template.dataAsOf);
    }
    await pool.query(
      `INSERT INTO documents (sha256, media_type, size, content)
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::bytea[]) ON CONFLICT (sha256) DO NOTHING`,
      [docs.sha, docs.type, docs.size, docs.content],
    );
    await pool.query(
      `INSERT INTO funds (isin, name, payload, generated_at, expires_at, data_as_of, summary)
       SELECT i, n, p::json, g, e, d, s::jsonb
         FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::text[], $7::text[])
           AS t(i, n, p, g, e, d, s)`,
      [funds.isin, funds.name, funds.payload, firstOf.generatedAt, firstOf.expiresAt, firstOf.dataAsOf, funds.summary],
    );
    // Two published changes a fund (a moved risk rating, a newer as-of date), as its reloads would have left them.
    await pool.query(
      `INSERT INTO change_outbox (isin, name, event, field, old, new, data_as_of, generated_at)
       SELECT i, n, c.event, c.field, c.old, c.new, '2026-10-31', now()
         FROM unnest($1::text[], $2::text[]) AS f(i, n),
              (VALUES ('fund.changed', 'riskRating', '3', '4'), ('fund.refreshed', 'dataAsOf', '2026-09-30', '2026-10-31'))
                AS c(event, field, old, new)`,
      [funds.isin, funds.name],
    );
    if ((start / CHUNK) % 10 === 0) log('rebuildClickhouse', `stored ${Math.min(FUNDS, start + CHUNK)}/${FUNDS} funds`);
  }
  await pool.query('SELECT number_change_outbox()');
  await pool.query('UPDATE change_outbox SET relayed = true WHERE feed_id IS NOT NULL');
  return bytes;
}

/** The baseline: what the rebuild reads of Postgres, read the same way, without parsing anything or writing. */
async function readLikeTheRebuild(pool: Pool, concurrency: number): Promise<{ seconds: number; bytes: number }> {
  const started = process.hrtime.bigint();
  const store = new StoredProvenanceRepository(pool);
  let bytes = 0;
  for (let after: string | null = null; ;) {
    const page = await store.page(after, 200);
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < page.length) {
          const plan = planDerivedData(page[next++]);
          for (const m of [...(plan.nav?.candidates ?? []), ...(plan.holdings?.candidates ?? [])].slice(0, 2))
            bytes += (await store.document(m.sha256))?.content.length ?? 0;
        }
      }),
    );
    if (page.length < 200) break;
    after = page[page.length - 1].isin;
  }
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, bytes };
}

interface RebuildSummary {
  funds: number;
  fundsWithNav: number;
  fundsWithHoldings: number;
  documentsRead: number;
  documentsMissing: number;
  rows: { nav_series: number; fund_holdings: number; change_feed: number };
  notRebuilt: Record<string, Record<string, number>>;
  seconds: number;
  fundsPerSecond: number;
  rowsPerSecond: number;
  maxRssMb: number;
}

function runRebuild(stack: PrivateStack, args: string[]): Promise<{ summary: RebuildSummary; wallSeconds: number }> {
  const root = stack.config.projectRoot;
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      [path.join(root, 'scripts/rebuildClickhouse.ts'), ...args],
      {
        cwd: root,
        env: stack.env(),
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`rebuild:clickhouse exited with ${code}: ${stdout}`));
      resolve({
        summary: JSON.parse(stdout) as RebuildSummary,
        wallSeconds: Number(process.hrtime.bigint() - started) / 1e9,
      });
    });
  });
}

run(async () => {
  await writeSampleLibrary(testConfig.libraryDir); // deterministic: the same files a test stack writes
  const stack = new PrivateStack('bench-rebuild', {
    api: 8195,
    postgres: 5457,
    clickhouseHttp: 8147,
    clickhouseTcp: 9024,
    temporal: 7257,
    temporalUi: 8257,
  });
  await stack.start();
  const pool = createPool(stack.config, 8);
  const clickhouse = createClickhouse(stack.config);
  try {
    const templates = await loadTemplates(stack, pool);
    log(
      'rebuildClickhouse',
      `templates: ${templates.map((t) => `${t.fund.isin} (${t.fund.holdingsFormat})`).join(', ')}`,
    );
    const storing = process.hrtime.bigint();
    const documentBytes = await storeCopies(pool, templates);
    const storeSeconds = Number(process.hrtime.bigint() - storing) / 1e9;
    log(
      'rebuildClickhouse',
      `stored ${FUNDS} funds and ${round1(documentBytes / 2 ** 20)} MB of documents in ${round1(storeSeconds)} s`,
    );
    await pool.query('VACUUM ANALYZE funds');
    await pool.query('VACUUM ANALYZE documents');

    // ClickHouse lost: its tables dropped (the command creates them again).
    for (const table of ['nav_series', 'change_feed', 'fund_holdings'])
      await clickhouse.command({ query: `DROP TABLE IF EXISTS ${table}` });

    const args = (process.env.BENCH_REBUILD_ARGS ?? '').split(/\s+/).filter(Boolean);
    const concurrency = Number(args[args.indexOf('--concurrency') + 1]) || 4;
    const baselineBefore = await readLikeTheRebuild(pool, concurrency);
    log('rebuildClickhouse', `baseline (reads only): ${round1(baselineBefore.seconds)} s`);
    const { summary, wallSeconds } = await runRebuild(stack, args);
    const baselineAfter = await readLikeTheRebuild(pool, concurrency);
    log('rebuildClickhouse', `baseline again: ${round1(baselineAfter.seconds)} s`);
    const baseline = Math.min(baselineBefore.seconds, baselineAfter.seconds);

    const total = FUNDS + templates.length;
    if (summary.funds !== total || summary.fundsWithHoldings !== total || summary.fundsWithNav !== total)
      throw new Error(`the rebuild did not rebuild every fund: ${JSON.stringify(summary)}`);
    if (summary.rows.change_feed !== 2 * FUNDS)
      throw new Error(`the feed has ${summary.rows.change_feed} rows, the outbox ${2 * FUNDS}`);
    // Read back through the service's own reader: the stamp each summary names.
    const sample = [syntheticIsin(0), syntheticIsin(Math.floor(FUNDS / 2)), syntheticIsin(FUNDS - 1)];
    const latest = await new HoldingsRepository(clickhouse).latest(sample);
    for (const isin of sample) {
      const template = templates[Number(isin.slice(4, 11)) % templates.length];
      const stored = latest.get(isin);
      if (
        !stored ||
        stored.loadedAt !== template.summary.holdings?.loadedAt ||
        stored.holdings.length !== template.summary.holdings.count
      )
        throw new Error(
          `${isin}: ClickHouse answers ${stored?.loadedAt}/${stored?.holdings.length}, the summary names ${JSON.stringify(template.summary.holdings)}`,
        );
    }
    const rows = summary.rows.nav_series + summary.rows.fund_holdings + summary.rows.change_feed;
    writeResults('rebuildClickhouse', {
      funds: total,
      documents: summary.documentsRead,
      documentMegabytes: round1(documentBytes / 2 ** 20),
      rows: summary.rows,
      rebuild: {
        seconds: summary.seconds,
        wallSecondsWithStartUp: round1(wallSeconds),
        fundsPerSecond: summary.fundsPerSecond,
        rowsPerSecond: summary.rowsPerSecond,
        maxRssMb: summary.maxRssMb,
        args,
      },
      baselineReadsOnly: { seconds: round1(baseline), fundsPerSecond: Math.round(total / baseline) },
      ratioRebuildToBaseline: round1(summary.seconds / baseline),
      extrapolatedSecondsFor10000: Math.round((summary.seconds / total) * 10_000),
      rowsPerFund: Math.round(rows / total),
      storeSeconds: round1(storeSeconds),
    });
  } finally {
    await pool.end();
    await clickhouse.close();
    await stack.stop();
  }
});

/**
 * POST /funds with 200 cold funds: how fast a batch warms funds that nothing has loaded yet, against
 * single cold GET /funds/{isin} (the baseline, median of 3: 1 / its time is what loading funds one by
 * one would give).
 *
 * The funds are sample-style: each a copy of a sample-library fund (samples/) under a fresh ISIN
 * ZZBCH<run><n>, its documents (KID or KIID, factsheet, holdings, NAV, EPT, as the sample publishes
 * them) written into the stack's document library, so each load runs the whole path: Temporal
 * workflow, connectors, parsers, analytics, Postgres and ClickHouse.
 *
 *   BENCH_API_PORT=8097 node_modules/.bin/tsx bench/batchCold.ts
 *   node_modules/.bin/tsx bench/batchCold.ts --reset     # remove every ZZBCH fund and its library folder
 *
 * BENCH_BATCH_FUNDS (200), BENCH_BATCH_SINGLES (3 single cold loads, the median is the baseline),
 * BENCH_BATCH_TIMEOUT_SECONDS (900). Writes bench/results/batchCold.json.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import type { Pool } from 'pg';

import { sampleDocuments, type SampleFund, sampleFunds } from '../samples/library';
import { createPool } from '../src/db/postgres';
import {
  Api,
  config,
  enterpriseKeys,
  envInt,
  expectStatus,
  log,
  percentile,
  round1,
  round2,
  run,
  writeResults,
} from './support';
import { numberedIsin, removeFundsByPrefix } from './universe';

const BENCH = 'batchCold';
const PREFIX = 'ZZBCH';
const FUNDS = envInt('BENCH_BATCH_FUNDS', 200);
const SINGLES = envInt('BENCH_BATCH_SINGLES', 3);
const TIMEOUT_MS = envInt('BENCH_BATCH_TIMEOUT_SECONDS', 900) * 1000;
const POLL_MS = 500;
/** ISINs of one run: ZZBCH + 3 digits of run + 3 digits of fund, so each run's funds are new to the stack. */
const PER_RUN = 1000;

interface BatchAnswer {
  results: { isin: string | null; status: string }[];
  pending: string[];
}

/** A run number none of whose ISINs is stored or in the library: every fund of the run is cold. */
async function freshRun(pool: Pool): Promise<number> {
  if (SINGLES + FUNDS > PER_RUN) throw new Error(`at most ${PER_RUN} funds per run`);
  const start = Math.floor(Date.now() / 1000) % PER_RUN;
  for (let k = 0; k < PER_RUN; k++) {
    const candidate = (start + k) % PER_RUN;
    const first = numberedIsin(PREFIX, candidate * PER_RUN).slice(0, PREFIX.length + 3);
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM funds WHERE isin LIKE $1', [
      `${first}%`,
    ]);
    const inLibrary = (await fs.readdir(config.libraryDir).catch(() => [] as string[])).some((name) =>
      name.startsWith(first),
    );
    if (rows[0].n === 0 && !inLibrary) return candidate;
  }
  throw new Error(`every ${PREFIX} run number is taken: node_modules/.bin/tsx bench/batchCold.ts --reset`);
}

/**
 * A sample fund under a new ISIN; NAV series and fund size shifted so that the files that do not name the fund differ
 * too (not plain or XLSX holdings lists).
 */
function copyOf(base: SampleFund, isin: string, n: number): SampleFund {
  return { ...base, isin, index: 1000 + n, aumMillions: base.aumMillions + n / 10 };
}

async function writeLibrary(isins: string[]): Promise<void> {
  const samples = sampleFunds();
  for (const [n, isin] of isins.entries()) {
    const dir = path.join(config.libraryDir, isin);
    await fs.mkdir(dir, { recursive: true });
    const documents = await sampleDocuments(copyOf(samples[n % samples.length], isin, n));
    for (const [name, content] of Object.entries(documents)) await fs.writeFile(path.join(dir, name), content);
  }
}

async function storedCount(pool: Pool, isins: string[]): Promise<{ stored: number; missing: string[] }> {
  const { rows } = await pool.query<{ isin: string }>('SELECT isin FROM funds WHERE isin = ANY($1::text[])', [isins]);
  const stored = new Set(rows.map((r) => r.isin));
  return { stored: stored.size, missing: isins.filter((i) => !stored.has(i)) };
}

/** Polls Postgres until every ISIN is stored; a remembered miss (the load found nothing) fails at once. */
async function untilStored(pool: Pool, isins: string[], started: bigint): Promise<number> {
  const deadline = Date.now() + TIMEOUT_MS;
  let reported = 0;
  for (;;) {
    const { stored, missing } = await storedCount(pool, isins);
    if (missing.length === 0) return Number(process.hrtime.bigint() - started) / 1e6;
    const misses = await pool.query<{ isin: string }>('SELECT isin FROM fund_misses WHERE isin = ANY($1::text[])', [
      missing,
    ]);
    if (misses.rows.length) throw new Error(`loads found nothing for ${misses.rows.map((r) => r.isin).join(', ')}`);
    if (Date.now() > deadline)
      throw new Error(
        `${missing.length} funds still not stored after ${TIMEOUT_MS / 1000} s: ${missing.slice(0, 10).join(', ')}...`,
      );
    if (stored >= reported + 20) log(BENCH, `${(reported = stored)}/${isins.length} stored`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function singleColdLoads(api: Api, key: string, isins: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const isin of isins) {
    const res = await api.get(`/funds/${isin}`, key);
    expectStatus(`GET /funds/${isin}`, res);
    if ((JSON.parse(res.body) as { cached: boolean }).cached) throw new Error(`GET /funds/${isin} was not a cold load`);
    times.push(res.ms);
  }
  return times;
}

function statusCounts(answer: BatchAnswer): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of answer.results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

async function benchmark(): Promise<void> {
  const pool = createPool(config, 2);
  const api = new Api();
  try {
    const runNumber = await freshRun(pool);
    const isins = Array.from({ length: SINGLES + FUNDS }, (_, n) => numberedIsin(PREFIX, runNumber * PER_RUN + n));
    const singles = isins.slice(0, SINGLES);
    const batch = isins.slice(SINGLES);
    log(
      BENCH,
      `writing ${isins.length} sample-style funds into ${config.libraryDir} (${isins[0]}..${isins[isins.length - 1]})...`,
    );
    await writeLibrary(isins);
    const [key] = await enterpriseKeys(BENCH, 1);

    log(BENCH, `baseline: ${SINGLES} single cold GET /funds/{isin}, one after another...`);
    const single = await singleColdLoads(api, key, singles);
    const singleMs = percentile(single, 50);

    log(BENCH, `POST /funds with ${FUNDS} cold ISINs, wait: true...`);
    const started = process.hrtime.bigint();
    const first = await api.post('/funds', key, { isins: batch, wait: true });
    expectStatus('POST /funds', first);
    const counts = statusCounts(JSON.parse(first.body) as BatchAnswer);
    log(
      BENCH,
      `first call: ${Math.round(first.ms)} ms, ${JSON.stringify(counts)}; waiting until all ${FUNDS} are stored...`,
    );
    const totalMs = await untilStored(pool, batch, started);

    const after = await api.post('/funds', key, { isins: batch, wait: false });
    expectStatus('POST /funds (after)', after);
    const afterCounts = statusCounts(JSON.parse(after.body) as BatchAnswer);
    if (afterCounts.ok !== FUNDS)
      throw new Error(`POST /funds after the warm-up: ${JSON.stringify(afterCounts)}, expected ${FUNDS} ok`);

    const batchRate = FUNDS / (totalMs / 1000);
    const singleRate = 1000 / singleMs;
    writeResults(BENCH, {
      funds: FUNDS,
      singleColdMs: { median: round1(singleMs), each: single.map(round1) },
      firstCall: { ms: Math.round(first.ms), statuses: counts },
      allStoredSeconds: round1(totalMs / 1000),
      fundsWarmedPerSecond: round2(batchRate),
      singleColdPerSecond: round2(singleRate),
      ratio: round2(batchRate / singleRate),
      config: {
        batchBudgetSeconds: config.batch.budgetMs / 1000,
        batchLoadConcurrency: config.batch.loadConcurrency,
        warmConcurrency: config.warmConcurrency,
      },
      afterWarmUp: afterCounts,
    });
  } finally {
    await api.close();
    await pool.end();
  }
}

/** Content hashes of the library files of these folders: the documents table keeps each file once by its sha256. */
async function libraryHashes(folders: string[]): Promise<string[]> {
  const hashes: string[] = [];
  for (const folder of folders) {
    const dir = path.join(config.libraryDir, folder);
    if (!(await fs.stat(dir)).isDirectory()) continue;
    for (const name of await fs.readdir(dir)) {
      hashes.push(
        createHash('sha256')
          .update(await fs.readFile(path.join(dir, name)))
          .digest('hex'),
      );
    }
  }
  return hashes;
}

/**
 * Removes every fund this benchmark made: stored data (removeFundsByPrefix), the stored documents only
 * its library folders hold (a copy's holdings list can be byte-identical to its sample's, which stays) and the folders.
 */
async function reset(): Promise<void> {
  const removed = await removeFundsByPrefix(PREFIX, config);
  const all = await fs.readdir(config.libraryDir).catch(() => [] as string[]);
  const folders = all.filter((name) => name.startsWith(PREFIX));
  const kept = new Set(await libraryHashes(all.filter((name) => !name.startsWith(PREFIX)))); // the samples' own files stay
  const ours = (await libraryHashes(folders)).filter((hash) => !kept.has(hash));
  const pool = createPool(config, 1);
  const documents = await pool
    .query('DELETE FROM documents WHERE sha256 = ANY($1::text[])', [ours])
    .finally(() => pool.end());
  for (const folder of folders) await fs.rm(path.join(config.libraryDir, folder), { recursive: true, force: true });
  log(
    BENCH,
    `removed ${removed.funds} stored funds, ${documents.rowCount} stored documents, ${folders.length} library folders, ClickHouse rows ${JSON.stringify(removed.clickhouseRows)}`,
  );
}

run(() => (process.argv.includes('--reset') ? reset() : benchmark()));

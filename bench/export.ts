/**
 * GET /export of 10,000 stored funds of about 30 KB each, uncompressed: throughput in MB/s and the API
 * process's peak RSS growth while it streams, against reading the same payloads with a plain query
 * (`SELECT payload::text FROM funds WHERE isin LIKE 'ZZSYN%'`, all rows at once, in this process) in
 * the same run. Rounds alternate export and plain query, after one untimed read of each.
 *
 *   BENCH_API_PORT=8097 BENCH_API_PID=<pid of the API> node_modules/.bin/tsx bench/export.ts
 *
 * BENCH_EXPORT_FUNDS (10,000), BENCH_EXPORT_ROUNDS (3). The funds are copies (ZZSYN000001 on) of the
 * largest stored sample payload; every ZZSYN fund is removed before and after. Without BENCH_API_PID
 * the API is found by its port (`ss`). Writes bench/results/export.json. MB = 10^6 bytes.
 *
 * bench/scale.ts calls `runExportBench({ existingUniverse: true })`: the universe already stored is exported as it
 * is (nothing written or removed), against `SELECT payload::text FROM funds` over the same rows.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

import type { Pool } from 'pg';
import { Client } from 'undici';

import { sampleFunds } from '../samples/library';
import { createPool } from '../src/db/postgres';
import { API_PORT, API_PREFIX, config, enterpriseKeys, envInt, log, round1, run, writeResults } from './support';
import { FUND_PREFIX, removeFundsByPrefix, syntheticFundIsin } from './universe';

const BENCH = 'export';
const FUNDS = envInt('BENCH_EXPORT_FUNDS', 10_000);
const ROUNDS = envInt('BENCH_EXPORT_ROUNDS', 3);
const TARGET_MB_PER_SECOND = 50;
const TARGET_RSS_GROWTH_MB = 50;
const INSERT_CHUNK = 1_000;
const RSS_SAMPLE_MS = 5;
const MB = 1e6;
const PLAIN_QUERY = `SELECT payload::text AS payload FROM funds WHERE isin LIKE '${FUND_PREFIX}%'`;
/** The baseline of an export of an existing universe: every stored fund, as the export reads them. */
const PLAIN_QUERY_ALL = 'SELECT payload::text AS payload FROM funds';

interface Read {
  ms: number;
  bytes: number;
  rows: number;
  mbPerSecond: number;
  /**
   * Peak RSS during the read minus RSS just before it: the API's for the export, this process's for the plain query.
   */
  rssGrowthMB: number | null;
}

/** The largest stored payload of the sample library, loaded through the API first if nothing is stored yet. */
async function samplePayload(pool: Pool, key: string): Promise<{ isin: string; name: string | null; payload: string }> {
  const largest = () =>
    pool.query<{ isin: string; name: string | null; payload: string }>(
      "SELECT isin, name, payload::text AS payload FROM funds WHERE isin LIKE 'ZZSMPL%' ORDER BY length(payload::text) DESC LIMIT 1",
    );
  let { rows } = await largest();
  if (rows.length === 0) {
    const isin = sampleFunds().find((f) => f.hasNav)!.isin;
    const res = await fetch(`http://127.0.0.1:${API_PORT}${API_PREFIX}/funds/${isin}`, {
      headers: { 'X-Api-Key': key },
    });
    if (res.status !== 200) throw new Error(`loading the sample ${isin} answered ${res.status}`);
    ({ rows } = await largest());
  }
  return rows[0];
}

/** FUNDS copies of the payload under synthetic ISINs, fresh for a day, one INSERT per chunk. */
async function writeCopies(pool: Pool, sample: { name: string | null; payload: string }): Promise<void> {
  for (let first = 1; first <= FUNDS; first += INSERT_CHUNK) {
    const isins = Array.from({ length: Math.min(INSERT_CHUNK, FUNDS - first + 1) }, (_, i) =>
      syntheticFundIsin(first + i),
    );
    await pool.query(
      `INSERT INTO funds (isin, name, payload, generated_at, expires_at)
       SELECT isin, $2, $3::json, now(), now() + interval '1 day' FROM unnest($1::text[]) AS isin`,
      [isins, sample.name, sample.payload],
    );
  }
}

/**
 * The API's pid: BENCH_API_PID, or the process listening on its port. Null when neither is known (no RSS figure then).
 */
function apiPid(): number | null {
  if (process.env.BENCH_API_PID) return Number(process.env.BENCH_API_PID);
  try {
    const listening = execFileSync('ss', ['-ltnpH', `sport = :${API_PORT}`], { encoding: 'utf8' });
    const pid = /pid=(\d+)/.exec(listening)?.[1];
    return pid ? Number(pid) : null;
  } catch {
    return null;
  }
}

function rssBytes(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** Runs `read` while sampling a process's RSS every few ms: the read's figures with the peak growth. */
async function measured(pid: number | null, read: () => Promise<{ bytes: number; rows: number }>): Promise<Read> {
  const before = pid === null ? 0 : rssBytes(pid);
  let peak = before;
  const sampler = pid === null ? null : setInterval(() => (peak = Math.max(peak, rssBytes(pid))), RSS_SAMPLE_MS);
  const started = process.hrtime.bigint();
  try {
    const { bytes, rows } = await read();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (pid !== null) peak = Math.max(peak, rssBytes(pid));
    return {
      ms: round1(ms),
      bytes,
      rows,
      mbPerSecond: round1(bytes / MB / (ms / 1000)),
      rssGrowthMB: pid === null ? null : round1((peak - before) / MB),
    };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

/** GET /export, uncompressed (no Accept-Encoding), read to the end: bytes and lines. */
async function exportAll(client: Client, key: string): Promise<{ bytes: number; rows: number }> {
  const res = await client.request({ method: 'GET', path: `${API_PREFIX}/export`, headers: { 'x-api-key': key } });
  if (res.statusCode !== 200)
    throw new Error(`GET /export answered ${res.statusCode}: ${(await res.body.text()).slice(0, 300)}`);
  if (res.headers['content-encoding'])
    throw new Error(
      `GET /export came ${String(res.headers['content-encoding'])}-encoded; the benchmark measures it uncompressed`,
    );
  let bytes = 0;
  let rows = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows++;
  }
  return { bytes, rows };
}

async function plainQuery(pool: Pool, sql: string): Promise<{ bytes: number; rows: number }> {
  const { rows } = await pool.query<{ payload: string }>(sql);
  return { bytes: rows.reduce((n, r) => n + Buffer.byteLength(r.payload), 0), rows: rows.length };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export interface ExportBenchOptions {
  /**
   * Export what the stack already stores (the scale run's universe, ZZSYN000001 on) instead of writing copies of a
   * sample payload: nothing is written or removed, and the plain query reads every stored fund, as the export does.
   */
  existingUniverse?: boolean;
  /** Rounds of export and plain query (BENCH_EXPORT_ROUNDS, 3). */
  rounds?: number;
  /** The API process whose RSS is sampled (BENCH_API_PID, else the process listening on BENCH_API_PORT). */
  apiPid?: number | null;
  /** The results file, bench/results/<name>.json (`export`). */
  resultsName?: string;
}

/** Counts the stored funds (the lines an export of everything must give at least). */
async function storedFunds(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM funds');
  return rows[0].n;
}

/**
 * The export benchmark; its figures (as written to bench/results/<resultsName>.json). With `existingUniverse`, the
 * stored funds are exported as they are (the plain query `SELECT payload::text FROM funds`, the same rows) and left.
 */
export async function runExportBench(options: ExportBenchOptions = {}): Promise<Record<string, unknown>> {
  const existing = options.existingUniverse ?? false;
  const rounds = options.rounds ?? ROUNDS;
  const [key] = await enterpriseKeys(BENCH, 1);
  const pid = options.apiPid === undefined ? apiPid() : options.apiPid;
  const pool = createPool(config, 2);
  const client = new Client(`http://127.0.0.1:${API_PORT}`, { bodyTimeout: 600_000, headersTimeout: 600_000 });
  const plainSql = existing ? PLAIN_QUERY_ALL : PLAIN_QUERY;
  let wrote = false;
  try {
    let expected = FUNDS;
    let sample: { isin: string; name: string | null; payload: string } | null = null;
    if (existing) {
      expected = await storedFunds(pool);
      log(BENCH, `exporting the ${expected.toLocaleString('en-US')} funds already stored (nothing written)...`);
    } else {
      sample = await samplePayload(pool, key);
      log(
        BENCH,
        `removing earlier synthetic funds, then writing ${FUNDS.toLocaleString('en-US')} copies of ${sample.isin} (${sample.payload.length.toLocaleString('en-US')} bytes)...`,
      );
      await removeFundsByPrefix(FUND_PREFIX, config);
      wrote = true;
      await writeCopies(pool, sample);
    }
    await plainQuery(pool, plainSql); // untimed: the table's pages into the caches, for both sides alike
    await exportAll(client, key);

    const exports: Read[] = [];
    const plains: Read[] = [];
    for (let round = 1; round <= rounds; round++) {
      exports.push(await measured(pid, () => exportAll(client, key)));
      plains.push(await measured(process.pid, () => plainQuery(pool, plainSql)));
      log(
        BENCH,
        `round ${round}: export ${exports.at(-1)!.mbPerSecond} MB/s (API RSS +${exports.at(-1)!.rssGrowthMB} MB), plain query ${plains.at(-1)!.mbPerSecond} MB/s`,
      );
    }
    if (exports.some((e) => e.rows < expected))
      throw new Error(`an export gave fewer than ${expected} lines: ${exports.map((e) => e.rows).join(', ')}`);
    const exportMBps = median(exports.map((e) => e.mbPerSecond));
    const plainMBps = median(plains.map((p) => p.mbPerSecond));
    const rssGrowth = pid === null ? null : Math.max(...exports.map((e) => e.rssGrowthMB!));
    const results = {
      funds: expected,
      existingUniverse: existing,
      payloadBytes: sample?.payload.length ?? null,
      sample: sample?.isin ?? null,
      apiPid: pid,
      rounds,
      export: { medianMBps: exportMBps, maxRssGrowthMB: rssGrowth, runs: exports },
      plainQuery: { sql: plainSql, medianMBps: plainMBps, runs: plains },
      ratio: Math.round((exportMBps / plainMBps) * 100) / 100,
      targets: { mbPerSecond: TARGET_MB_PER_SECOND, rssGrowthMB: TARGET_RSS_GROWTH_MB },
      met: {
        throughput: exportMBps >= TARGET_MB_PER_SECOND,
        memory: rssGrowth === null ? null : rssGrowth < TARGET_RSS_GROWTH_MB,
      },
    };
    writeResults(options.resultsName ?? BENCH, results);
    return results;
  } finally {
    await client.close();
    await pool.end();
    if (wrote) {
      const removed = await removeFundsByPrefix(FUND_PREFIX, config);
      log(BENCH, `removed ${removed.funds.toLocaleString('en-US')} synthetic funds`);
    }
  }
}

if (require.main === module) {
  run(async () => {
    await runExportBench();
  });
}

/**
 * Writes a synthetic universe straight into a running stack's stores, as completed loads would have
 * left them: Postgres `funds` (payload, summary, fresh for 24 hours) and ClickHouse `fund_holdings`
 * (every line, under one load stamp that the summaries name). Batched across funds: one multi-row
 * INSERT per chunk in each store, the next chunk generated while the last one is written.
 */
import type { Pool } from 'pg';

import { type Config, loadConfig } from '../../src/config';
import { chString, type ClickHouseClient, createClickhouse } from '../../src/db/clickhouse';
import { createPool } from '../../src/db/postgres';
import { HoldingsRepository } from '../../src/db/repositories/holdings';
import { fundSummary } from '../../src/domain/fundSummary';
import type { HoldingsStamp } from '../../src/domain/holdings';
import {
  checkFund,
  FUND_PREFIX,
  generateUniverse,
  type SyntheticFund,
  syntheticFundIsin,
  type UniverseOptions,
} from './generate';

export interface WriteOptions extends UniverseOptions {
  config?: Config;
  /**
   * Only one fund in `holdingsEvery` (its number a multiple) has its holding lines written, as in a feed where
   * a tenth of the share classes come with holdings files; the others are stored without (no stamp). Default 1.
   */
  holdingsEvery?: number;
  log?: (line: string) => void;
}

export interface WriteReport {
  funds: number;
  holdingRows: number;
  seconds: number;
  fundsPerSecond: number;
  rowsPerSecond: number;
  /** The ClickHouse loaded_at of every line written, as the summaries name it. */
  loadedAt: string;
  firstIsin: string;
  lastIsin: string;
}

/** Rows per ClickHouse insert, roughly: funds per chunk follow from the holdings per fund. */
const ROWS_PER_CHUNK = 200_000;
const MAX_FUNDS_PER_CHUNK = 1_000;

/**
 * The DateTime text ClickHouse stores ("2026-11-23 10:00:00", UTC, whole seconds), as HoldingsRepository.write stamps
 * it.
 */
function clickhouseStamp(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

function* chunks<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let chunk: T[] = [];
  for (const item of items) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

/** One INSERT for the chunk: arrays unnested server-side, upserted like FundsRepository.upsert does one fund. */
async function writeFunds(
  pool: Pool,
  funds: readonly SyntheticFund[],
  stamp: (f: SyntheticFund) => HoldingsStamp | null,
  generatedAt: Date,
  expiresAt: Date,
): Promise<void> {
  await pool.query(
    `WITH cleared AS (DELETE FROM fund_misses WHERE isin = ANY($1::text[]))
     INSERT INTO funds (isin, name, payload, generated_at, expires_at, data_as_of, summary)
     SELECT f.isin, f.name, f.payload, $6, $7, f.data_as_of, f.summary
       FROM unnest($1::text[], $2::text[], $3::json[], $4::text[], $5::jsonb[]) AS f(isin, name, payload, data_as_of, summary)
     ON CONFLICT (isin) DO UPDATE SET name = excluded.name, payload = excluded.payload, generated_at = excluded.generated_at,
       expires_at = excluded.expires_at, data_as_of = excluded.data_as_of, summary = excluded.summary`,
    [
      funds.map((f) => f.isin),
      funds.map((f) => f.name),
      funds.map((f) => JSON.stringify(f.data)),
      funds.map((f) => f.data.dataAsOf),
      funds.map((f) => JSON.stringify(fundSummary(f.data, stamp(f)))),
      generatedAt,
      expiresAt,
    ],
  );
}

/** Every line of the chunk's funds in one insert, in fund_holdings' layout ('' for not given). */
async function writeHoldings(
  clickhouse: ClickHouseClient,
  funds: readonly SyntheticFund[],
  loadedAt: string,
): Promise<number> {
  const values = funds.flatMap((f) =>
    f.holdings.holdings.map((h, position) => ({
      isin: f.isin,
      position,
      loaded_at: loadedAt,
      as_of: f.holdings.asOf ?? '',
      name: h.name,
      issuer: h.issuer ?? '',
      holding_isin: h.isin ?? '',
      weight: h.weight,
      country: h.country ?? '',
      sector: h.sector ?? '',
      asset_class: h.assetClass ?? '',
      currency: h.currency ?? '',
    })),
  );
  await clickhouse.insert({ table: 'fund_holdings', values, format: 'JSONEachRow' });
  return values.length;
}

/** Writes the universe; every fund is checked (checkFund) before it is written, and the result read back after. */
export async function writeUniverse(options: WriteOptions): Promise<WriteReport> {
  const config = options.config ?? loadConfig();
  const log = options.log ?? ((line: string) => console.log(line));
  const pool = createPool(config, 2);
  const clickhouse = createClickhouse(config);
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  // One load stamp for the whole universe, to the second as ClickHouse keeps it.
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const loadedAt = clickhouseStamp(now);
  const expiresAt = new Date(now.getTime() + 24 * 3600_000);
  const every = options.holdingsEvery ?? 1;
  const withHoldings = (f: SyntheticFund) => f.number % every === 0;
  const stampOf = (f: SyntheticFund): HoldingsStamp | null =>
    withHoldings(f) ? { loadedAt, asOf: f.holdings.asOf, count: f.holdings.holdings.length } : null;
  const perChunk = Math.max(
    1,
    Math.min(MAX_FUNDS_PER_CHUNK, Math.floor(ROWS_PER_CHUNK / ((options.holdings.min + options.holdings.max) / 2))),
  );
  let written = 0;
  let stamped = 0;
  let lastStampedIsin: string | null = null;
  let rows = 0;
  let writing: Promise<void> | null = null;
  try {
    for (const chunk of chunks(generateUniverse({ ...options, generatedAt: now.toISOString() }), perChunk)) {
      chunk.forEach(checkFund);
      await writing; // the previous chunk: generating this one overlapped its writes
      writing = Promise.all([
        writeFunds(pool, chunk, stampOf, now, expiresAt),
        writeHoldings(clickhouse, chunk.filter(withHoldings), loadedAt),
      ]).then(([, lines]) => {
        written += chunk.length;
        const withLines = chunk.filter(withHoldings);
        stamped += withLines.length;
        lastStampedIsin = withLines.at(-1)?.isin ?? lastStampedIsin;
        rows += lines;
        log(
          `[universe] ${written.toLocaleString('en-US')}/${options.funds.toLocaleString('en-US')} funds, ${rows.toLocaleString('en-US')} holding rows, ${seconds().toFixed(1)} s`,
        );
      });
    }
    await writing;
    const first = options.first ?? 1;
    const report = {
      funds: written,
      fundsWithHoldings: stamped,
      holdingRows: rows,
      loadedAt,
      firstIsin: syntheticFundIsin(first),
      lastIsin: syntheticFundIsin(first + options.funds - 1),
    };
    await verifyWritten(pool, clickhouse, { ...report, lastStampedIsin });
    const elapsed = seconds();
    return {
      ...report,
      seconds: Math.round(elapsed * 10) / 10,
      fundsPerSecond: Math.round(written / elapsed),
      rowsPerSecond: Math.round(rows / elapsed),
    };
  } finally {
    await writing?.catch(() => undefined); // a chunk still in flight when a later one failed its check
    await pool.end();
    await clickhouse.close();
  }
}

/**
 * Reads back what was written: every fund stored, every line under the stamp, and one fund through the service's own
 * reader.
 */
async function verifyWritten(
  pool: Pool,
  clickhouse: ClickHouseClient,
  r: Omit<WriteReport, 'seconds' | 'fundsPerSecond' | 'rowsPerSecond'> & {
    fundsWithHoldings: number;
    /** The last fund written with holding lines (null when none was). */
    lastStampedIsin: string | null;
  },
): Promise<void> {
  const { rows } = await pool.query<{ n: number; stamped: number }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE summary #>> '{holdings,loadedAt}' = $3)::int AS stamped FROM funds WHERE isin >= $1 AND isin <= $2`,
    [r.firstIsin, r.lastIsin, r.loadedAt],
  );
  if (rows[0].n !== r.funds || rows[0].stamped !== r.fundsWithHoldings)
    throw new Error(
      `Postgres holds ${rows[0].n} of the ${r.funds} funds written, ${rows[0].stamped} (not ${r.fundsWithHoldings}) with the stamp ${r.loadedAt}`,
    );
  const lines = await clickhouse.query({
    query: `SELECT uniqExact(isin, position) AS n FROM fund_holdings
             WHERE isin >= ${chString(r.firstIsin)} AND isin <= ${chString(r.lastIsin)} AND toString(loaded_at) = ${chString(r.loadedAt)}`,
    format: 'JSONEachRow',
  });
  const [{ n }] = await lines.json<{ n: number }>();
  if (Number(n) !== r.holdingRows)
    throw new Error(`ClickHouse holds ${n} of the ${r.holdingRows} holding rows written under ${r.loadedAt}`);
  const isin = r.lastStampedIsin;
  if (isin === null) return;
  const latest = (await new HoldingsRepository(clickhouse).latest([isin])).get(isin);
  if (latest?.loadedAt !== r.loadedAt)
    throw new Error(`HoldingsRepository reads ${isin} at ${latest?.loadedAt}, the summary names ${r.loadedAt}`);
}

export interface RemoveReport {
  funds: number;
  vocabularyWords: number;
  clickhouseRows: Record<string, number>;
}

const CLICKHOUSE_TABLES = ['fund_holdings', 'nav_series', 'change_feed'];
const MUTATION_WAIT_MS = 120_000;

/**
 * Removes every fund whose ISIN starts with `prefix` (default the synthetic funds): Postgres funds,
 * remembered misses and source reads, search words no remaining fund uses, and their ClickHouse rows
 * (ALTER TABLE ... DELETE, a mutation ClickHouse 18 runs in the background; awaited here).
 */
export async function removeFundsByPrefix(prefix = FUND_PREFIX, config: Config = loadConfig()): Promise<RemoveReport> {
  if (!/^[A-Z]{2}[A-Z0-9]{3,10}$/.test(prefix))
    throw new Error(`refusing to remove funds by the prefix ${JSON.stringify(prefix)}`);
  const pool = createPool(config, 2);
  const clickhouse = createClickhouse(config);
  try {
    const like = `${prefix}%`;
    const words = await searchWordsOf(pool, like);
    const { rowCount } = await pool.query('DELETE FROM funds WHERE isin LIKE $1', [like]);
    await pool.query('DELETE FROM fund_misses WHERE isin LIKE $1', [like]);
    await pool.query('DELETE FROM source_reads WHERE isin LIKE $1', [like]);
    const vocabularyWords = await pruneSearchVocabulary(pool, words);
    const clickhouseRows: Record<string, number> = {};
    for (const table of CLICKHOUSE_TABLES)
      clickhouseRows[table] = await deleteClickhouseWhere(clickhouse, table, `isin LIKE ${chString(like)}`);
    return { funds: rowCount ?? 0, vocabularyWords, clickhouseRows };
  } finally {
    await pool.end();
    await clickhouse.close();
  }
}

/** The search words (lexemes) of the funds about to be removed; none when the search migration is not applied. */
async function searchWordsOf(pool: Pool, like: string): Promise<string[] | null> {
  const { rows } = await pool.query<{ present: boolean }>(
    `SELECT to_regclass('fund_search_vocabulary') IS NOT NULL AS present`,
  );
  if (!rows[0].present) return null;
  const words = await pool.query<{ lexeme: string }>(
    'SELECT DISTINCT lexeme FROM funds, unnest(search_words) WHERE isin LIKE $1',
    [like],
  );
  return words.rows.map((r) => r.lexeme);
}

/**
 * The search's typo vocabulary only grows; the removed funds' words that no remaining fund uses go, so a
 * reset leaves it as it was. A quoted text cast to tsquery is one lexeme, unparsed: an exact match through the GIN
 * index.
 */
async function pruneSearchVocabulary(pool: Pool, words: string[] | null): Promise<number> {
  if (!words?.length) return 0;
  const { rowCount } = await pool.query(
    `DELETE FROM fund_search_vocabulary v
      WHERE v.word = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM funds f WHERE f.search_words @@ quote_literal(v.word)::tsquery)`,
    [words],
  );
  return rowCount ?? 0;
}

/** Deletes the rows of `table` matching `where` (a mutation), waiting for ClickHouse to finish; how many there were. */
export async function deleteClickhouseWhere(
  clickhouse: ClickHouseClient,
  table: string,
  where: string,
  waitMs = MUTATION_WAIT_MS,
): Promise<number> {
  const counted = await clickhouse.query({
    query: `SELECT count() AS n FROM ${table} WHERE ${where}`,
    format: 'JSONEachRow',
  });
  const [{ n }] = await counted.json<{ n: number }>();
  if (Number(n) === 0) return 0;
  await clickhouse.command({ query: `ALTER TABLE ${table} DELETE WHERE ${where}` });
  const deadline = Date.now() + waitMs;
  for (;;) {
    const pending = await clickhouse.query({
      query: `SELECT count() AS n FROM system.mutations WHERE database = currentDatabase() AND table = ${chString(table)} AND is_done = 0`,
      format: 'JSONEachRow',
    });
    const [{ n: left }] = await pending.json<{ n: number }>();
    if (Number(left) === 0) return Number(n);
    if (Date.now() > deadline) throw new Error(`ClickHouse is still deleting from ${table} after ${waitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

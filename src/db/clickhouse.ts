import { type ClickHouseClient, createClient } from '@clickhouse/client';

import type { Config } from '../config';
import { isCalendarDate } from '../schema/calendar';

export type { ClickHouseClient };

/** Client bound to the service database; 64-bit integers come back as numbers (ClickHouse 18 quotes them otherwise). */
export function createClickhouse(config: Config, database = config.clickhouse.database): ClickHouseClient {
  return createClient({
    url: config.clickhouse.url,
    database,
    request_timeout: 30_000,
    // A socket left idle past its TTL while the event loop was busy (a worker refreshing thousands of funds) is
    // dropped instead of reused: reused, ClickHouse has closed it, and the insert fails with EPIPE.
    keep_alive: { eagerly_destroy_stale_sockets: true },
    clickhouse_settings: { output_format_json_quote_64bit_integers: 0 },
  });
}

/**
 * ClickHouse 18 has no query parameters, so values are inlined. Every inlined value goes
 * through one of these helpers, after the caller validated it (ISIN, date).
 */
export function chString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function chDate(value: string): string {
  if (!isCalendarDate(value)) {
    throw new TypeError(`not a calendar date: ${JSON.stringify(value)}`);
  }
  return `toDate('${value}')`;
}

/** DateTime literal in the form ClickHouse 18 accepts (no T, no Z), UTC. */
export function chDateTime(value: Date): string {
  if (Number.isNaN(value.getTime())) throw new TypeError('invalid date');
  return `toDateTime('${value.toISOString().slice(0, 19).replace('T', ' ')}', 'UTC')`;
}

/** Statements applied in order on every migrate; each is idempotent. Runs on ClickHouse 18 and current releases. */
export const CLICKHOUSE_MIGRATIONS: string[] = [
  `CREATE TABLE IF NOT EXISTS nav_series (
     isin String,
     series String,
     date Date,
     value Float64,
     loaded_at DateTime
   ) ENGINE = ReplacingMergeTree(loaded_at) PARTITION BY toYear(date) ORDER BY (isin, series, date)`,
  // The change feed as published by the relay (change_outbox in Postgres): one row per change, id
  // ascending in publication order, changed_us (microseconds since the epoch) strictly increasing. A
  // relay retried after a crash inserts the same rows again: readers keep one per id (LIMIT 1 BY id).
  `CREATE TABLE IF NOT EXISTS change_feed (
     id UInt64,
     changed_us UInt64,
     isin String,
     name String,
     event String,
     field String,
     old String,
     new String,
     data_as_of String,
     generated_at String
   ) ENGINE = ReplacingMergeTree() ORDER BY id`,
  // One row per fund x holding line. A reload replaces the fund's lines on merge (the latest
  // loaded_at per position wins); readers take the latest loaded_at per fund, so lines of an older,
  // longer snapshot that a merge leaves behind are never read. '' stands for "not given".
  `CREATE TABLE IF NOT EXISTS fund_holdings (
     isin String,
     position UInt32,
     loaded_at DateTime,
     as_of String,
     name String,
     issuer String,
     holding_isin String,
     weight Float64,
     country String,
     sector String,
     asset_class String,
     currency String
   ) ENGINE = ReplacingMergeTree(loaded_at) ORDER BY (isin, position)`,
];

/** The tables CLICKHOUSE_MIGRATIONS creates (a backup exports each; the health probe expects each). */
export const CLICKHOUSE_TABLES = ['nav_series', 'change_feed', 'fund_holdings'];

/**
 * Resolves when ClickHouse answers its ping and holds the service's tables: a ClickHouse that lost its data folder
 * answers, but has nothing to serve until `npm run rebuild:clickhouse` (the API's health probe).
 */
export async function probeClickhouse(client: ClickHouseClient): Promise<void> {
  const ping = await client.ping();
  if (!ping.success) throw ping.error; // the client reports failures in the result
  const result = await client.query({
    query: `SELECT name FROM system.tables WHERE database = currentDatabase() AND name IN (${CLICKHOUSE_TABLES.map(chString).join(',')})`,
    format: 'JSONEachRow',
  });
  const found = new Set((await result.json<{ name: string }>()).map((r) => r.name));
  const missing = CLICKHOUSE_TABLES.filter((table) => !found.has(table));
  if (missing.length > 0) throw new Error(`ClickHouse has no table ${missing.join(', ')}`);
}

/**
 * Whether a ClickHouse error says its data is gone: a table or the database unknown (codes 60 and 81; ClickHouse 18
 * puts the code in the message only). The request is fine, the service cannot answer it: a 503 until the rebuild.
 */
export function isClickhouseDataMissing(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (e?.code === '60' || e?.code === '81') return true;
  return typeof e?.message === 'string' && /^Code: (60|81)\b/.test(e.message);
}

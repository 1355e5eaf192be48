/**
 * What the stores hold (issue 27, point 6): Postgres bytes per table (total, heap, indexes, TOAST) and the database's
 * size; ClickHouse bytes per table from system.parts (active parts: on disk, compressed, uncompressed, rows); bytes per
 * share class = total / stored funds. ClickHouse 18: system.parts has bytes_on_disk (older name `bytes`),
 * data_compressed_bytes and data_uncompressed_bytes; no system.tables sizes.
 *
 *   node_modules/.bin/tsx bench/scale/storage.ts            # the configured stack (STACK_PROFILE, DATABASE_URL, ...)
 *
 * `measureStorage(config)` is what bench/scale.ts calls; `storageTable(report)` prints it.
 */
import type { Pool } from 'pg';

import { type Config, loadConfig } from '../../src/config';
import { chString, type ClickHouseClient, createClickhouse } from '../../src/db/clickhouse';
import { createPool } from '../../src/db/postgres';

interface PostgresTable {
  table: string;
  rows: number;
  /** pg_total_relation_size: heap, indexes and TOAST (with its index). */
  totalBytes: number;
  heapBytes: number;
  indexBytes: number;
  toastBytes: number;
}

interface ClickhouseTable {
  table: string;
  rows: number;
  parts: number;
  bytesOnDisk: number;
  compressedBytes: number;
  uncompressedBytes: number;
}

export interface StorageReport {
  measuredAt: string;
  funds: number;
  postgres: { databaseBytes: number; tablesBytes: number; tables: PostgresTable[] };
  clickhouse: {
    database: string;
    bytesOnDisk: number;
    compressedBytes: number;
    rows: number;
    tables: ClickhouseTable[];
  };
  perShareClass: { postgresBytes: number; clickhouseBytes: number; totalBytes: number } | null;
}

async function postgresTables(pool: Pool): Promise<PostgresTable[]> {
  const { rows } = await pool.query<{
    table: string;
    rows: string;
    total: string;
    heap: string;
    indexes: string;
    toast: string;
  }>(
    `SELECT c.relname AS table,
            greatest(c.reltuples, 0)::bigint AS rows,
            pg_total_relation_size(c.oid) AS total,
            pg_relation_size(c.oid) AS heap,
            pg_indexes_size(c.oid) AS indexes,
            CASE WHEN c.reltoastrelid = 0 THEN 0 ELSE pg_total_relation_size(c.reltoastrelid) END AS toast
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'm') AND n.nspname = current_schema()
      ORDER BY pg_total_relation_size(c.oid) DESC`,
  );
  return rows.map((r) => ({
    table: r.table,
    rows: Number(r.rows),
    totalBytes: Number(r.total),
    heapBytes: Number(r.heap),
    indexBytes: Number(r.indexes),
    toastBytes: Number(r.toast),
  }));
}

async function clickhouseTables(clickhouse: ClickHouseClient, database: string): Promise<ClickhouseTable[]> {
  const result = await clickhouse.query({
    query: `SELECT table, toUInt64(sum(rows)) AS rows, toUInt64(count()) AS parts, toUInt64(sum(bytes_on_disk)) AS onDisk,
                   toUInt64(sum(data_compressed_bytes)) AS compressed, toUInt64(sum(data_uncompressed_bytes)) AS uncompressed
              FROM system.parts WHERE active AND database = ${chString(database)}
             GROUP BY table ORDER BY onDisk DESC`,
    format: 'JSONEachRow',
  });
  const rows = await result.json<{
    table: string;
    rows: number;
    parts: number;
    onDisk: number;
    compressed: number;
    uncompressed: number;
  }>();
  return rows.map((r) => ({
    table: r.table,
    rows: Number(r.rows),
    parts: Number(r.parts),
    bytesOnDisk: Number(r.onDisk),
    compressedBytes: Number(r.compressed),
    uncompressedBytes: Number(r.uncompressed),
  }));
}

/**
 * Sizes of both stores now. Postgres row counts are the planner's estimates (reltuples, as of the last ANALYZE or
 * VACUUM); `funds` is counted exactly. Run `ANALYZE` first for fresh estimates (`analyze: true`).
 */
export async function measureStorage(
  config: Config = loadConfig(),
  options: { analyze?: boolean } = {},
): Promise<StorageReport> {
  const pool = createPool(config, 1);
  const clickhouse = createClickhouse(config);
  try {
    if (options.analyze) await pool.query('ANALYZE');
    const [tables, database, funds, chTables] = await Promise.all([
      postgresTables(pool),
      pool.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes'),
      pool.query<{ n: number }>('SELECT count(*)::int AS n FROM funds'),
      clickhouseTables(clickhouse, config.clickhouse.database),
    ]);
    const fundCount = funds.rows[0].n;
    const databaseBytes = Number(database.rows[0].bytes);
    const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((n, item) => n + of(item), 0);
    const chOnDisk = sum(chTables, (t) => t.bytesOnDisk);
    return {
      measuredAt: new Date().toISOString(),
      funds: fundCount,
      postgres: { databaseBytes, tablesBytes: sum(tables, (t) => t.totalBytes), tables },
      clickhouse: {
        database: config.clickhouse.database,
        bytesOnDisk: chOnDisk,
        compressedBytes: sum(chTables, (t) => t.compressedBytes),
        rows: sum(chTables, (t) => t.rows),
        tables: chTables,
      },
      perShareClass:
        fundCount > 0
          ? {
              postgresBytes: Math.round(databaseBytes / fundCount),
              clickhouseBytes: Math.round(chOnDisk / fundCount),
              totalBytes: Math.round((databaseBytes + chOnDisk) / fundCount),
            }
          : null,
    };
  } finally {
    await pool.end();
    await clickhouse.close();
  }
}

const MB = (bytes: number) => (bytes / 1e6).toFixed(1);
const count = (n: number) => n.toLocaleString('en-US');

/** A short printable table: the stores' totals, per share class, and every table of 1 MB or more (MB = 10^6 bytes). */
export function storageTable(report: StorageReport, minBytes = 1e6): string {
  const lines = [
    `storage at ${count(report.funds)} stored funds (${report.measuredAt})`,
    `  Postgres database ${MB(report.postgres.databaseBytes)} MB; ClickHouse ${MB(report.clickhouse.bytesOnDisk)} MB on disk (${MB(report.clickhouse.compressedBytes)} MB compressed data), ${count(report.clickhouse.rows)} rows`,
  ];
  if (report.perShareClass)
    lines.push(
      `  per share class: Postgres ${count(report.perShareClass.postgresBytes)} B, ClickHouse ${count(report.perShareClass.clickhouseBytes)} B, total ${count(report.perShareClass.totalBytes)} B`,
    );
  lines.push(
    '  | store | table | rows | total MB | heap MB | indexes MB | TOAST MB |',
    '  | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const t of report.postgres.tables.filter((t) => t.totalBytes >= minBytes))
    lines.push(
      `  | Postgres | ${t.table} | ${count(t.rows)} | ${MB(t.totalBytes)} | ${MB(t.heapBytes)} | ${MB(t.indexBytes)} | ${MB(t.toastBytes)} |`,
    );
  for (const t of report.clickhouse.tables)
    lines.push(
      `  | ClickHouse | ${t.table} | ${count(t.rows)} | ${MB(t.bytesOnDisk)} on disk | ${MB(t.compressedBytes)} compressed | ${MB(t.uncompressedBytes)} uncompressed | ${t.parts} parts |`,
    );
  return lines.join('\n');
}

if (require.main === module) {
  measureStorage(loadConfig(), { analyze: process.argv.includes('--analyze') })
    .then((report) => {
      console.log(storageTable(report));
      if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

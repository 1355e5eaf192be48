/**
 * npm run backup -- <folder>: a backup of the stack the configuration names (the dev stack `npm start` runs, by
 * default), into a new or empty folder (what it holds: scripts/backup/manifest.ts).
 *
 * Postgres is dumped first, in one snapshot (pg_dump): accounts, keys (hashes), payloads, documents, factsheets,
 * webhooks with their sealed secrets and deliveries, the change outbox, usage. ClickHouse (series, holdings, change
 * feed) is read after it: what it may hold beyond the snapshot is harmless on restore (a change the outbox has not
 * relayed yet is relayed again, under the same id; holdings and series are read by the stamp the payload names).
 * Temporal's state is not backed up: runs in flight are lost, and the schedule is made again at start.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import packageJson from '../package.json';
import { type Config, loadConfigOrExit } from '../src/config';
import { CLICKHOUSE_TABLES, createClickhouse } from '../src/db/clickhouse';
import { createPool } from '../src/db/postgres';
import {
  clickhouseRowCount,
  described,
  MANIFEST,
  type Manifest,
  megabytes,
  POSTGRES_DUMP,
  SECRET_KEY_FILE,
  type SecretKeySource,
} from './backup/manifest';
import { postgresTool } from './stack/services';

async function main(): Promise<void> {
  const folder = process.argv[2];
  if (!folder || process.argv.length > 3) throw new UsageError('usage: npm run backup -- <folder>');
  const target = path.resolve(folder);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0)
    throw new UsageError(`${target} is not empty: back up into a new or empty folder`);
  fs.mkdirSync(path.join(target, 'clickhouse'), { recursive: true, mode: 0o700 });
  const config = loadConfigOrExit();
  const started = Date.now();
  const postgres = await dumpPostgres(config, target);
  const clickhouse = await exportClickhouse(config, target);
  const webhookSecretKey = copySecretKey(config, target);
  const manifest: Manifest = {
    format: 1,
    release: packageJson.version,
    createdAt: new Date(started).toISOString(),
    postgres,
    clickhouse,
    webhookSecretKey,
  };
  fs.writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  report(manifest, target, Date.now() - started);
}

async function dumpPostgres(config: Config, folder: string): Promise<Manifest['postgres']> {
  execFileSync(
    postgresTool('pg_dump'),
    ['--format=custom', '--no-owner', `--file=${path.join(folder, POSTGRES_DUMP)}`, `--dbname=${config.postgres.url}`],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  fs.chmodSync(path.join(folder, POSTGRES_DUMP), 0o600);
  return { ...(await described(folder, POSTGRES_DUMP)), lastMigration: await lastMigration(config) };
}

async function lastMigration(config: Config): Promise<string | null> {
  const pool = createPool(config, 1);
  try {
    const { rows } = await pool.query<{ name: string }>('SELECT name FROM pgmigrations ORDER BY id DESC LIMIT 1');
    return rows[0]?.name ?? null;
  } finally {
    await pool.end();
  }
}

/** Each table as ClickHouse's Native format, streamed to its file, with its row count. */
async function exportClickhouse(config: Config, folder: string): Promise<Manifest['clickhouse']> {
  const clickhouse = createClickhouse(config);
  const tables: Manifest['clickhouse'] = {};
  try {
    for (const table of CLICKHOUSE_TABLES) {
      const file = path.join('clickhouse', `${table}.native`);
      const { stream } = await clickhouse.exec({ query: `SELECT * FROM ${table} FORMAT Native` });
      await pipeline(stream, fs.createWriteStream(path.join(folder, file), { mode: 0o600 }));
      tables[table] = { ...(await described(folder, file)), rows: await clickhouseRowCount(clickhouse, table) };
    }
  } finally {
    await clickhouse.close();
  }
  return tables;
}

/**
 * The key of the sealed webhook secrets: copied when the stack keeps it in its data folder (without it the secrets
 * are lost), never when it comes from WEBHOOK_SECRET_KEY (kept apart from the data, as it should be).
 */
function copySecretKey(config: Config, folder: string): SecretKeySource {
  if (config.webhooks.secretKeyHex) return 'environment';
  if (!fs.existsSync(config.webhooks.secretKeyFile)) return 'none';
  fs.copyFileSync(config.webhooks.secretKeyFile, path.join(folder, SECRET_KEY_FILE));
  fs.chmodSync(path.join(folder, SECRET_KEY_FILE), 0o600);
  return 'backup';
}

function report(manifest: Manifest, folder: string, ms: number): void {
  const tables = Object.entries(manifest.clickhouse).map(
    ([table, t]) => `${table} ${t.rows} rows (${megabytes(t.bytes)})`,
  );
  console.log(`backup of release ${manifest.release} in ${folder}, ${(ms / 1000).toFixed(1)} s:`);
  console.log(`  postgres: ${megabytes(manifest.postgres.bytes)} (last migration ${manifest.postgres.lastMigration})`);
  console.log(`  clickhouse: ${tables.join(', ')}`);
  const key = {
    backup: `the key of the webhook secrets is in ${SECRET_KEY_FILE}: this folder opens them; keep it as safe as the key`,
    environment: 'the webhook secrets are sealed with WEBHOOK_SECRET_KEY, which is NOT in this backup: keep it apart',
    none: 'no webhook secret key yet (no webhook was ever created)',
  }[manifest.webhookSecretKey];
  console.log(`  ${key}`);
}

class UsageError extends Error {}

main().catch((err: unknown) => {
  console.error(err instanceof UsageError ? err.message : err);
  process.exit(err instanceof UsageError ? 2 : 1);
});

/**
 * npm run restore -- <folder> [--force]: brings the stack the configuration names back to a backup made by
 * `npm run backup` (its files checked against their SHA-256 first). Meant for an empty stack (a fresh `npm start`, or
 * new volumes): it refuses one that holds funds, webhooks or factsheets unless --force, since everything in Postgres
 * and ClickHouse is replaced. Then restart the API and the worker, which read the webhook secrets' key and cache keys
 * and payloads at start.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import packageJson from '../package.json';
import { type Config, loadConfigOrExit } from '../src/config';
import { createClickhouse } from '../src/db/clickhouse';
import { ensurePostgresDatabase, migrateClickhouse } from '../src/db/migrate';
import { createPool } from '../src/db/postgres';
import { SecretBox } from '../src/db/secretBox';
import {
  clickhouseRowCount,
  isNewerRelease,
  type Manifest,
  POSTGRES_DUMP,
  readManifest,
  SECRET_KEY_FILE,
  verify,
} from './backup/manifest';
import { postgresTool } from './stack/services';

/** What makes a stack not empty: restoring over these would lose them. */
const CONTENT_TABLES = ['funds', 'webhook_endpoints', 'factsheets', 'scpi'];

async function main(): Promise<void> {
  const [folder, ...flags] = process.argv.slice(2);
  const force = flags.includes('--force');
  if (!folder || flags.some((flag) => flag !== '--force'))
    throw new UsageError('usage: npm run restore -- <folder> [--force]');
  const source = path.resolve(folder);
  const manifest = readManifest(source);
  if (isNewerRelease(manifest.release, packageJson.version))
    throw new UsageError(`the backup is of release ${manifest.release}, newer than this code (${packageJson.version})`);
  await verify(source, manifest.postgres);
  for (const table of Object.values(manifest.clickhouse)) await verify(source, table);
  const config = loadConfigOrExit();
  await ensurePostgresDatabase(config.postgres.url); // a fresh cluster has none until the first migration
  const held = await contentHeld(config);
  if (held.length > 0 && !force)
    throw new UsageError(`the stack is not empty (${held.join(', ')}): restore into an empty one, or pass --force`);
  const started = Date.now();
  restorePostgres(config, source);
  await restoreClickhouse(config, source, manifest);
  const secrets = await restoreSecretKey(config, source, manifest);
  console.log(`restored the backup of ${manifest.createdAt} (release ${manifest.release}) in ${elapsed(started)}`);
  console.log(`  ${secrets}`);
  console.log('  now restart the API and the worker (Ctrl-C and npm start again), so that they read what was restored');
}

/** The content tables that hold rows (absent tables hold none: a stack not migrated yet is empty). */
async function contentHeld(config: Config): Promise<string[]> {
  const pool = createPool(config, 1);
  try {
    const held: string[] = [];
    for (const table of CONTENT_TABLES) {
      const { rows } = await pool.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [table]);
      if (!rows[0].present) continue;
      const count = await pool.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${table}) AS any`);
      if (count.rows[0].any) held.push(table);
    }
    return held;
  } finally {
    await pool.end();
  }
}

/** The dump replaces the database's objects and rows, in one transaction (all or nothing). */
function restorePostgres(config: Config, folder: string): void {
  execFileSync(
    postgresTool('pg_restore'),
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${config.postgres.url}`,
      path.join(folder, POSTGRES_DUMP),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

/** Each table made again by the migrations, then filled from its file; its row count checked. */
async function restoreClickhouse(config: Config, folder: string, manifest: Manifest): Promise<void> {
  await migrateClickhouse(config); // the database, when this ClickHouse has none yet
  const clickhouse = createClickhouse(config);
  try {
    for (const table of Object.keys(manifest.clickhouse))
      await clickhouse.command({ query: `DROP TABLE IF EXISTS ${table}` });
    await migrateClickhouse(config); // the tables made again, empty
    for (const [table, backedUp] of Object.entries(manifest.clickhouse)) {
      await clickhouse.exec({
        query: `INSERT INTO ${table} FORMAT Native`,
        values: fs.createReadStream(path.join(folder, backedUp.file)),
      });
      const rows = await clickhouseRowCount(clickhouse, table);
      if (rows !== backedUp.rows) throw new Error(`${table}: ${rows} rows restored, the backup holds ${backedUp.rows}`);
    }
  } finally {
    await clickhouse.close();
  }
}

/**
 * The key of the webhook secrets: written where the stack keeps it when the backup holds it (the empty stack's own
 * key sealed nothing), unless WEBHOOK_SECRET_KEY is set; then every sealed secret is opened with the key in use.
 */
async function restoreSecretKey(config: Config, folder: string, manifest: Manifest): Promise<string> {
  if (manifest.webhookSecretKey === 'backup' && !config.webhooks.secretKeyHex) {
    fs.mkdirSync(path.dirname(config.webhooks.secretKeyFile), { recursive: true });
    fs.copyFileSync(path.join(folder, SECRET_KEY_FILE), config.webhooks.secretKeyFile);
    fs.chmodSync(config.webhooks.secretKeyFile, 0o600);
  }
  const box = SecretBox.fromConfig(config.webhooks.secretKeyHex, config.webhooks.secretKeyFile);
  const pool = createPool(config, 1);
  try {
    const { rows } = await pool.query<{ id: string; secret_sealed: Buffer }>(
      'SELECT id, secret_sealed FROM webhook_endpoints',
    );
    const unopened = rows.filter(({ secret_sealed }) => !opens(box, secret_sealed)).map(({ id }) => id);
    if (unopened.length > 0)
      throw new Error(
        `${unopened.length} of ${rows.length} webhook secrets do not open with the key in use (${unopened.join(', ')}): ` +
          (manifest.webhookSecretKey === 'environment'
            ? 'set WEBHOOK_SECRET_KEY to the key the backed-up stack used'
            : 'the backup was made with another key'),
      );
    return `${rows.length} webhook secret(s) open with the key in use`;
  } finally {
    await pool.end();
  }
}

function opens(box: SecretBox, sealed: Buffer): boolean {
  try {
    box.open(sealed);
    return true;
  } catch {
    return false;
  }
}

function elapsed(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

class UsageError extends Error {}

main().catch((err: unknown) => {
  console.error(err instanceof UsageError ? err.message : err);
  process.exit(err instanceof UsageError ? 2 : 1);
});

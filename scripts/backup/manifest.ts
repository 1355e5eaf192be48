/**
 * What a backup folder holds (`manifest.json`), shared by `npm run backup` and `npm run restore`:
 *
 *   manifest.json              this description: the release, the files with their sizes and SHA-256, row counts
 *   postgres.dump              pg_dump --format=custom of the service database (one consistent snapshot)
 *   clickhouse/<table>.native  each ClickHouse table, in ClickHouse's Native format (exact values, any version)
 *   webhook-secret.key         the key that opens the webhooks' sealed signing secrets, only when the stack keeps it
 *                              in its data folder; with WEBHOOK_SECRET_KEY set it is never written here
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import type { ClickHouseClient } from '../../src/db/clickhouse';

export const MANIFEST = 'manifest.json';
export const POSTGRES_DUMP = 'postgres.dump';
export const SECRET_KEY_FILE = 'webhook-secret.key';

/** Where the webhook secrets' key was at backup time: in the backup, in the environment (kept apart), or nowhere. */
export type SecretKeySource = 'backup' | 'environment' | 'none';

export interface BackedUpFile {
  file: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: 1;
  /** The version in package.json of the code that made it; a restore refuses a newer release's backup. */
  release: string;
  createdAt: string;
  postgres: BackedUpFile & { lastMigration: string | null };
  clickhouse: Record<string, BackedUpFile & { rows: number }>;
  webhookSecretKey: SecretKeySource;
}

/** A file of the folder with its size and SHA-256, as the manifest lists it. */
export async function described(folder: string, file: string): Promise<BackedUpFile> {
  const full = path.join(folder, file);
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(full), hash);
  return { file, bytes: fs.statSync(full).size, sha256: hash.digest('hex') };
}

/** Throws unless the file is the one the manifest describes (same size and SHA-256). */
export async function verify(folder: string, expected: BackedUpFile): Promise<void> {
  if (!fs.existsSync(path.join(folder, expected.file))) throw new Error(`${expected.file} is missing from the backup`);
  const actual = await described(folder, expected.file);
  if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256)
    throw new Error(`${expected.file} is not the file the backup wrote (size or SHA-256 differs): refusing to restore`);
}

/** Rows a ClickHouse table holds (what the manifest records, and what a restore checks). */
export async function clickhouseRowCount(clickhouse: ClickHouseClient, table: string): Promise<number> {
  const result = await clickhouse.query({ query: `SELECT count() AS rows FROM ${table}`, format: 'JSONEachRow' });
  const [{ rows }] = await result.json<{ rows: number }>();
  return Number(rows);
}

export function readManifest(folder: string): Manifest {
  const file = path.join(folder, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${folder} holds no ${MANIFEST}: not a backup of this service`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`${MANIFEST} is of an unknown format (${String(manifest.format)})`);
  return manifest;
}

/** Releases compare by their numbers (0.10.0 after 0.9.1). */
export function isNewerRelease(release: string, than: string): boolean {
  const parts = (version: string) => version.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  const [a, b] = [parts(release), parts(than)];
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(bytes < 1e6 ? 3 : 1)} MB`;
}

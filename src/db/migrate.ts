import path from 'node:path';

import { runner, type RunnerOption } from 'node-pg-migrate';
import { Client } from 'pg';

import type { Config } from '../config';
import { planRank, PLANS, UNVERIFIED_CREDITS } from '../domain/plans';
import { CLICKHOUSE_MIGRATIONS, createClickhouse } from './clickhouse';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

/** Creates the databases when missing, applies Postgres and ClickHouse migrations, syncs plan limits. */
export async function migrate(config: Config, log: (line: string) => void = () => {}): Promise<void> {
  await ensurePostgresDatabase(config.postgres.url);
  const applied = await runner(postgresMigrations(config.postgres.url, 'up', Infinity));
  log(`postgres: ${applied.length} migration(s) applied`);
  await syncPlans(config.postgres.url);
  await migrateClickhouse(config);
  log(`clickhouse: ${CLICKHOUSE_MIGRATIONS.length} statement(s) checked`);
}

/**
 * How migrate() runs the SQL files of migrations/ (test/migrations-down.test.ts steps through them with these
 * options): the applied ones are listed in `pgmigrations`, each runs in a transaction of its own.
 */
export function postgresMigrations(databaseUrl: string, direction: 'up' | 'down', count: number): RunnerOption {
  return {
    databaseUrl,
    dir: MIGRATIONS_DIR,
    direction,
    migrationsTable: 'pgmigrations',
    count,
    log: () => {},
    noLock: false,
  };
}

/** Creates the service database when the server does not have it yet (a fresh cluster). */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const database = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

async function syncPlans(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const plan of Object.values(PLANS)) {
      await client.query(
        `INSERT INTO plans (id, credits, overage_cap, burst_per_minute, rank, unverified_credits)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO UPDATE SET credits = $2, overage_cap = $3, burst_per_minute = $4, rank = $5,
           unverified_credits = $6`,
        [plan.id, plan.credits, plan.overageCap, plan.burstPerMinute, planRank(plan.id), UNVERIFIED_CREDITS],
      );
    }
  } finally {
    await client.end();
  }
}

/** Creates the ClickHouse database when missing and applies CLICKHOUSE_MIGRATIONS (each idempotent). */
export async function migrateClickhouse(config: Config): Promise<void> {
  const server = createClickhouse(config, 'default');
  try {
    await server.command({ query: `CREATE DATABASE IF NOT EXISTS ${config.clickhouse.database}` });
  } finally {
    await server.close();
  }
  const db = createClickhouse(config);
  try {
    for (const statement of CLICKHOUSE_MIGRATIONS) await db.command({ query: statement });
  } finally {
    await db.close();
  }
}

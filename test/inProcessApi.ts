import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import pino from 'pino';

import { type AppDeps, createApp } from '../src/api/app';
import { DependencyMonitor } from '../src/api/dependencyMonitor';
import { createClickhouse } from '../src/db/clickhouse';
import { createPool } from '../src/db/postgres';
import { SecretBox } from '../src/db/secretBox';
import { createLazyTemporalClient } from '../src/temporal/client';
import { temporalFundLoader, temporalScpiLoader } from '../src/temporal/loader';
import { config } from './helpers';

/**
 * An API process of the test's own, in the jest process, over the test stack's Postgres, ClickHouse
 * and Temporal: for cases that need an adapter the shared API cannot be given (a second process, a
 * render queue nobody serves...). Unless overridden, loads go through the stack's worker; warming,
 * extraction and printing refuse.
 */
export async function startInProcessApi(
  overrides: Partial<AppDeps> = {},
): Promise<{ base: string; deps: AppDeps; close(): Promise<void> }> {
  const log = pino({ level: 'silent' });
  const pool = createPool(config, 4);
  const clickhouse = createClickhouse(config);
  const temporal = createLazyTemporalClient(config);
  const deps: AppDeps = {
    pool,
    clickhouse,
    loader: temporalFundLoader(temporal, config.temporal.taskQueue),
    scpiLoader: temporalScpiLoader(temporal, config.temporal.taskQueue),
    warmer: { warm: () => Promise.reject(new Error('no warm-up expected')) },
    webhooks: { secretBox: new SecretBox(randomBytes(32)), allowLoopbackHttp: false },
    publicBaseUrl: 'http://127.0.0.1',
    batch: { budgetMs: 1000, loadConcurrency: 1 },
    extractor: { extract: () => Promise.reject(new Error('no extraction expected')) },
    ingester: {
      ingest: () => Promise.reject(new Error('no ingestion expected')),
      reload: () => Promise.reject(new Error('no ingestion expected')),
      remove: () => Promise.reject(new Error('no ingestion expected')),
    },
    printer: { print: () => Promise.reject(new Error('no printing expected')) },
    log,
    monitor: new DependencyMonitor([], { log }),
    loadTimeoutMs: 30_000,
    fundCacheMs: 1000,
    demoRequestsPerMinute: 30,
    trustProxy: false,
    site: {
      mailer: { send: () => Promise.reject(new Error('no mail expected')) },
      sessionIdleMs: 3_600_000,
      sessionMaxMs: 12 * 3_600_000,
    },
    ...overrides,
  };
  const server: Server = createApp(deps).listen(0, '127.0.0.1');
  await new Promise((r) => (server.listening ? r(null) : server.once('listening', r)));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return {
    base,
    deps,
    close: async () => {
      await new Promise((r) => server.close(r));
      await Promise.all([pool.end(), clickhouse.close(), temporal.connection.close()]);
    },
  };
}

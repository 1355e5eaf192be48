import type { Server } from 'node:http';
import { loadConfigOrExit, type Config } from '../config';
import { createClickhouse, pingClickhouse } from '../db/clickhouse';
import { createPool, isPostgresOutage } from '../db/postgres';
import { createLogger } from '../logger';
import { createLazyTemporalClient, isTemporalOutage } from '../temporal/client';
import { createApp } from './app';
import { answerOnSocket, onClientError } from './clientErrors';
import { DependencyMonitor } from './dependencyMonitor';
import { errors } from './errors';
import { TemporalDocumentExtractor } from '../temporal/documentExtractor';
import { TemporalFundLoader } from '../temporal/fundLoader';
import { TemporalScpiLoader } from '../temporal/scpiLoader';
import { TemporalFundWarmer } from '../temporal/fundWarmer';
import { TemporalPdfPrinter } from '../temporal/pdfPrinter';
import { SecretBox } from '../db/secretBox';

/** Slow clients: headers must arrive within this long (slowloris), a whole request within the load budget. */
const HEADERS_TIMEOUT_MS = 15_000;

/**
 * API entry point. It starts whatever state its dependencies are in: Temporal is connected on
 * first use, Postgres by the pool, ClickHouse over HTTP; the monitor tells requests which is down.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel, 'api');
  const pool = createPool(config, config.postgres.poolSize, (err) => log.warn({ err: String(err) }, 'postgres: idle connection lost'));
  const clickhouse = createClickhouse(config);
  const temporal = createLazyTemporalClient(config);
  const monitor = new DependencyMonitor(
    [
      { name: 'postgres', probe: () => pool.query('SELECT 1'), isOutage: isPostgresOutage },
      { name: 'clickhouse', probe: () => pingClickhouse(clickhouse), isOutage: () => false },
      { name: 'temporal', probe: () => temporal.connection.withDeadline(Date.now() + 2_000, () => temporal.workflowService.getSystemInfo({})), isOutage: isTemporalOutage },
    ],
    { log },
  );
  monitor.start();
  const app = createApp({
    pool,
    clickhouse,
    loader: new TemporalFundLoader(temporal, config.temporal.taskQueue),
    scpiLoader: new TemporalScpiLoader(temporal, config.temporal.taskQueue),
    warmer: new TemporalFundWarmer(temporal, config.temporal.taskQueue, config.warmConcurrency),
    batch: config.batch,
    webhooks: { secretBox: SecretBox.fromConfig(config.webhooks.secretKeyHex, config.webhooks.secretKeyFile), allowLoopbackHttp: config.webhooks.allowLoopbackHttp },
    publicBaseUrl: config.publicBaseUrl,
    extractor: new TemporalDocumentExtractor(temporal, config.temporal.taskQueue),
    printer: new TemporalPdfPrinter(temporal, { taskQueue: config.temporal.taskQueue, renderQueue: config.render.taskQueue, timeoutMs: config.render.timeoutMs }, log),
    log,
    monitor,
    loadTimeoutMs: config.loadTimeoutMs,
    fundCacheMs: config.fundCacheMs,
    demoRequestsPerMinute: config.demoRequestsPerMinute,
    trustProxy: config.trustProxy,
    fundPageUrlTemplate: config.fundPageUrlTemplate,
  });
  const server = app.listen(config.port, config.host, () => log.info({ port: config.port, host: config.host }, 'api listening'));
  guardHttp(server, config);
  const stop = () => {
    monitor.stop();
    server.close(() => void Promise.all([pool.end(), clickhouse.close(), temporal.connection.close()]).then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Timeouts against slow clients, and JSON answers to what the HTTP parser refuses. */
function guardHttp(server: Server, config: Config): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = config.loadTimeoutMs + 30_000; // a cold load may take up to the load timeout
  server.keepAliveTimeout = 65_000;
  server.on('clientError', onClientError);
  // CONNECT and protocol upgrades never reach Koa: without these listeners Node drops the socket silently.
  server.on('connect', (_req, socket) => answerOnSocket(socket, errors.notImplemented('CONNECT')));
  server.on('upgrade', (_req, socket) => answerOnSocket(socket, errors.notImplemented('Upgrade')));
}

main().catch((err) => {
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: 'api failed to start', err: String(err?.stack ?? err) })}\n`);
  process.exit(1);
});

import http, { type Server } from 'node:http';

import { loadConfigOrExit } from '../config';
import { createClickhouse, isClickhouseDataMissing, probeClickhouse } from '../db/clickhouse';
import { createPool, isPostgresOutage } from '../db/postgres';
import { SecretBox } from '../db/secretBox';
import { createLogger } from '../logger';
import { createMailer } from '../outbound/mailer';
import { MailQueue } from '../outbound/mailQueue';
import { issuerRecipes } from '../sources/connectors';
import { createLazyTemporalClient, isTemporalOutage } from '../temporal/client';
import { TemporalDocumentExtractor } from '../temporal/documentExtractor';
import { TemporalDocumentIngester } from '../temporal/documentIngester';
import { TemporalFundWarmer } from '../temporal/fundWarmer';
import { temporalFundLoader, temporalScpiLoader } from '../temporal/loader';
import { TemporalPdfPrinter } from '../temporal/pdfPrinter';
import { createApp } from './app';
import { answerOnSocket, onClientError } from './clientErrors';
import { DependencyMonitor } from './dependencyMonitor';
import { errors } from './errors';
import { GracefulStop } from './gracefulStop';
import { isPrimaryOf, runPrimary, stopWithPrimary } from './processes';

/**
 * Slow clients (slowloris): the headers must arrive within 15 s and the whole request, body
 * included, within 60 s (a 20 MB upload at 333 KB/s), else a JSON 408. These bound receiving only:
 * a cold load may take longer to answer. Node looks for late requests every 2 s (default 30 s).
 */
const HEADERS_TIMEOUT_MS = 15_000;
const REQUEST_TIMEOUT_MS = 60_000;
const LATE_REQUEST_CHECK_MS = 2_000;
/** POST /documents waits this long for its files' ingestion (their funds' reloads included); the inbox waits longer. */
const INGEST_WAIT_MS = 10 * 60_000;
/**
 * A stopping process exits at the latest this long after its grace (SHUTDOWN_GRACE_SECONDS): the deadline's last
 * answers (1 s), then the metering flush and the pools.
 */
const STOP_CLEANUP_MS = 4_000;

/**
 * API entry point. It starts whatever state its dependencies are in: Temporal is connected on
 * first use, Postgres by the pool, ClickHouse over HTTP; the monitor tells requests which is down.
 */
function main(): void {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel, 'api');
  if (isPrimaryOf(config.apiProcesses)) {
    runPrimary(config.apiProcesses, log, config.shutdownGraceMs);
    return;
  }
  const pool = createPool(config, config.postgres.poolSize, (err) =>
    log.warn({ err: String(err) }, 'postgres: idle connection lost'),
  );
  const clickhouse = createClickhouse(config);
  const temporal = createLazyTemporalClient(config);
  const monitor = new DependencyMonitor(
    [
      { name: 'postgres', probe: () => pool.query('SELECT 1'), isOutage: isPostgresOutage },
      { name: 'clickhouse', probe: () => probeClickhouse(clickhouse), isOutage: isClickhouseDataMissing },
      {
        name: 'temporal',
        probe: () =>
          temporal.connection.withDeadline(Date.now() + 2_000, () => temporal.workflowService.getSystemInfo({})),
        isOutage: isTemporalOutage,
      },
    ],
    { log },
  );
  monitor.start();
  const mailer = new MailQueue(
    createMailer({
      smtpUrl: config.accounts.smtpUrl,
      from: config.accounts.mailFrom,
      mailDir: config.accounts.mailDir,
    }),
    (subject, attempts, err) => log.warn({ subject, attempts, err: String(err) }, 'mail: not sent'),
  );
  const app = createApp({
    pool,
    clickhouse,
    loader: temporalFundLoader(temporal, config.temporal.taskQueue),
    scpiLoader: temporalScpiLoader(temporal, config.temporal.taskQueue),
    warmer: new TemporalFundWarmer(temporal, config.temporal.taskQueue, config.warmConcurrency),
    batch: config.batch,
    webhooks: {
      secretBox: SecretBox.fromConfig(config.webhooks.secretKeyHex, config.webhooks.secretKeyFile),
      allowLoopbackHttp: config.webhooks.allowLoopbackHttp,
    },
    publicBaseUrl: config.publicBaseUrl,
    extractor: new TemporalDocumentExtractor(temporal, config.temporal.taskQueue),
    ingester: new TemporalDocumentIngester(temporal, config.temporal.taskQueue, INGEST_WAIT_MS),
    printer: new TemporalPdfPrinter(
      temporal,
      {
        taskQueue: config.temporal.taskQueue,
        renderQueue: config.render.taskQueue,
        timeoutMs: config.render.timeoutMs,
      },
      log,
    ),
    log,
    monitor,
    loadTimeoutMs: config.loadTimeoutMs,
    fundCacheMs: config.fundCacheMs,
    demoRequestsPerMinute: config.demoRequestsPerMinute,
    trustProxy: config.trustProxy,
    fundPageUrlTemplate: config.fundPageUrlTemplate,
    site: {
      mailer,
      sessionIdleMs: config.accounts.sessionIdleMs,
      sessionMaxMs: config.accounts.sessionMaxMs,
    },
    issuerRecipes: issuerRecipes(config).map((recipe) => ({
      name: recipe.name,
      manager: recipe.manager,
      kind: recipe.kind,
      confirmed: recipe.confirmed,
      hosts: Object.keys(recipe.hosts),
    })),
  });
  const handle = app.callback(); // Koa answers its own errors: the promise it returns never rejects
  const server = http.createServer({
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: LATE_REQUEST_CHECK_MS,
  });
  const graceful = new GracefulStop(server);
  server.on(
    'request',
    graceful.listener((req, res) => void handle(req, res)),
  );
  guardHttp(server);
  server.listen(config.port, config.host, () => log.info({ port: config.port, host: config.host }, 'api listening'));
  let stopping = false;
  const stop = () => {
    if (stopping) return; // SIGINT reaches every process of the group, and the primary passes SIGTERM on
    stopping = true;
    log.info({ graceMs: config.shutdownGraceMs }, 'api stopping: finishing the requests in flight');
    // Bounded whatever hangs: the grace, a second for the last answers, then the clean-up.
    setTimeout(() => process.exit(0), config.shutdownGraceMs + STOP_CLEANUP_MS).unref();
    void graceful
      .stop(config.shutdownGraceMs)
      .then((outcome) => {
        log.info(outcome, 'api stopped serving');
        monitor.stop();
        return Promise.all([app.stopRecording(), mailer.stop()]);
      })
      .then(() => Promise.all([pool.end(), clickhouse.close(), temporal.connection.close()]))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  stopWithPrimary(stop);
}

/** Idle keep-alive connections, and JSON answers to what the HTTP parser refuses. */
function guardHttp(server: Server): void {
  server.keepAliveTimeout = 65_000;
  server.on('clientError', onClientError);
  // CONNECT and protocol upgrades never reach Koa: without these listeners Node drops the socket silently.
  server.on('connect', (_req, socket) => answerOnSocket(socket, errors.notImplemented('CONNECT')));
  server.on('upgrade', (_req, socket) => answerOnSocket(socket, errors.notImplemented('Upgrade')));
}

try {
  main();
} catch (err) {
  const stack = (err as { stack?: unknown } | null | undefined)?.stack;
  process.stderr.write(
    `${JSON.stringify({ level: 'fatal', msg: 'api failed to start', err: String(stack ?? err) })}\n`,
  );
  process.exit(1);
}

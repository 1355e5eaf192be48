import path from 'node:path';

import {
  bundleWorkflowCode,
  makeTelemetryFilterString,
  NativeConnection,
  Runtime,
  Worker,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';

import { createActivities, createRenderActivities } from '../activities';
import { createScpiUniverseScan, scpiSources } from '../activities/scpi';
import { type Config, fundResourceUrl, loadConfigOrExit } from '../config';
import { type ClickHouseClient, createClickhouse } from '../db/clickhouse';
import { createPool } from '../db/postgres';
import { DocumentHistoryRepository } from '../db/repositories/documentRetention';
import { DocumentsRepository } from '../db/repositories/documents';
import { FiledDocumentsConnector, FiledDocumentsRepository } from '../db/repositories/filedDocuments';
import { FundsRepository } from '../db/repositories/funds';
import { IssuerMemoryRepository } from '../db/repositories/issuerMemory';
import {
  FactsheetRendersRepository,
  FeedRetentionRepository,
  HoldingsHistoryRepository,
  SearchVocabularyRepository,
  ServedHoldingsRepository,
} from '../db/repositories/retention';
import { ScpiRepository } from '../db/repositories/scpi';
import { SecretBox } from '../db/secretBox';
import { createLogger, type Logger } from '../logger';
import { RobotsTxtCache } from '../outbound/robots';
import { HttpWebhookSender } from '../outbound/webhookSender';
import { closeParsePool, warmParsePool } from '../parsing/pool/pool';
import { ChromiumPrinter } from '../render/chromium';
import { factsheetPage } from '../render/page';
import { buildConnectors, buildIssuerConnector } from '../sources/connectors';
import { FindatexLibraryConnector } from '../sources/findatexLibrary';
import { ScpiLibrary } from '../sources/scpiLibrary';
import { fileDocuments, reloadFiled } from '../usecases/documents';
import type { StorageRetention } from '../usecases/ports/retention';
import { retainStorage } from '../usecases/retainStorage';
import { createLazyTemporalClient, createTemporalClient } from './client';
import { TemporalDocumentIngester } from './documentIngester';
import { watchFindatexFolder } from './findatexWatch';
import { heartbeatWhileRunning } from './heartbeats';
import { watchInbox } from './inboxWatch';
import { repeatUntilAborted } from './periodic';
import { ensureRefreshSchedule } from './refreshSchedule';

/**
 * After SIGTERM/SIGINT: activities still running past the grace (SHUTDOWN_GRACE_SECONDS) are cancelled, and this long
 * later the SDK gives up on those that ignore it (Temporal retries them elsewhere once their heartbeats stop); the
 * clean-up then has STOP_CLEANUP_MS before the process exits regardless.
 */
const STOP_FORCE_MS = 3_000;
const STOP_CLEANUP_MS = 4_000;

/** Back-off between attempts to reach Temporal again after the worker lost it (or never had it). */
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 15_000;

/** Waits `ms`, or less when `stop` fires first (a shutdown must not sit out a back-off). */
const sleep = (ms: number, stop: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    stop.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Worker entry point: wires clients into the activities and runs the task queue until SIGINT or
 * SIGTERM. When the Temporal server is unreachable (at start, or the worker fails after losing it),
 * the process stays up and connects again with back-off; Postgres and ClickHouse outages only fail
 * activities, which Temporal retries.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel, 'worker');
  installRuntime(log);
  const pool = createPool(config, 10, (err) => log.warn({ err: String(err) }, 'postgres: idle connection lost'));
  const clickhouse = createClickhouse(config);
  const webhooks = {
    box: SecretBox.fromConfig(config.webhooks.secretKeyHex, config.webhooks.secretKeyFile),
    sender: new HttpWebhookSender(config.webhooks.allowLoopbackHttp),
    retryDelays: config.webhooks.retryDelays,
    fundUrl: (isin: string, resource: 'funds' | 'scpi') => fundResourceUrl(config.publicBaseUrl, isin, resource),
  };
  const connectors = buildConnectors(config, [new FiledDocumentsConnector(new FiledDocumentsRepository(pool))]);
  const issuers = buildIssuerConnector(config, new IssuerMemoryRepository(pool), log);
  log.info(
    { recipes: issuers?.recipeNames() ?? [], hostMap: config.issuers.hostMap },
    issuers
      ? 'issuer recipes: the managers are asked for funds the library lacks'
      : 'issuer recipes: off (ISSUERS=off)',
  );
  const activities = createActivities({
    pool,
    clickhouse,
    connectors,
    issuers,
    libraryDir: config.libraryDir,
    fundTtlMs: config.fundTtlMs,
    notFoundTtlMs: config.notFoundTtlMs,
    retention: storageRetention(pool, clickhouse, config),
    webhooks,
    robots: new RobotsTxtCache(),
  });
  const printer = new ChromiumPrinter({ executablePath: config.render.chromiumPath, pages: config.render.pages, log });
  const renderActivities = createRenderActivities({ pool, page: factsheetPage, printer });
  // The parse threads start (and read a page) while the workflows are bundled: the first loads do not wait for them.
  const warming = warmParsePool().catch((err) =>
    log.warn({ err: String(err) }, 'parse pool: warm-up failed; threads start with the first documents'),
  );
  // Bundled once: a reconnect must not pay the bundling again.
  const workflowBundle = await bundleWorkflowCode({
    workflowsPath: require.resolve(path.join(__dirname, '..', 'workflows')),
    logger: Runtime.instance().logger,
  });
  await warming;

  const shutdown = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      if (shutdown.signal.aborted) return;
      log.info({ graceMs: config.shutdownGraceMs }, 'worker stopping: finishing the running activities');
      shutdown.abort();
      // Bounded whatever hangs: the grace, the SDK's forced stop, then the clean-up (pools, parse threads, browser).
      setTimeout(() => process.exit(0), config.shutdownGraceMs + STOP_FORCE_MS + STOP_CLEANUP_MS).unref();
    });
  const stopping = () => shutdown.signal.aborted;
  const findatex = connectors.find((c): c is FindatexLibraryConnector => c instanceof FindatexLibraryConnector);
  const funds = new FundsRepository(pool);
  const watching = findatex
    ? watchFindatexFolder({
        covered: () => findatex.coveredIsins(),
        forgetMisses: (isins) => funds.forgetMisses(isins),
        intervalMs: config.findatexScanMs,
        signal: shutdown.signal,
        log,
      })
    : Promise.resolve();
  // GET /scpi searches every SCPI of the library, loaded or not: the worker identifies the folders.
  const scanScpi = createScpiUniverseScan({
    library: scpiSources(new ScpiLibrary(config.libraryDir), new FiledDocumentsRepository(pool)),
    scpi: new ScpiRepository(pool),
  });
  const scanningScpi = repeatUntilAborted(
    { intervalMs: config.scpiScanMs, signal: shutdown.signal, log },
    'SCPI folders',
    async () => {
      await scanScpi();
    },
  );
  const inboxClient = createLazyTemporalClient(config);
  const filing = {
    health: { firstDown: () => null }, // an outage throws, and the file waits for the next look
    uploads: new DocumentsRepository(pool),
    ingester: new TemporalDocumentIngester(inboxClient, config.temporal.taskQueue),
  };
  const watchingInbox = watchInbox({
    inboxDir: path.join(config.libraryDir, 'inbox'),
    file: (files, handing) => fileDocuments(filing, files, handing),
    // Duplicates too: a look cut short before its reload files its files again as duplicates the next time.
    reload: (results) => reloadFiled(filing, results, { duplicates: true }),
    intervalMs: config.inboxScanMs,
    signal: shutdown.signal,
    log,
  });
  for (let attempt = 0; !stopping(); attempt++) {
    try {
      await runUntilShutdown(config, log, { activities, renderActivities }, workflowBundle, () => (attempt = 0));
      break; // a clean return is a shutdown by signal
    } catch (err) {
      if (stopping()) break;
      const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
      log.error({ err: String(err), attempt: attempt + 1, retryInMs: delay }, 'worker lost Temporal; connecting again');
      await sleep(delay, shutdown.signal);
    }
  }
  await Promise.all([watching, scanningScpi, watchingInbox]);
  await inboxClient.connection.close().catch(() => {});
  await Promise.all([pool.end(), clickhouse.close(), closeParsePool(), printer.close()]);
  log.info('worker stopped');
}

/** The storage retention the universe refresh's last run applies, over the stores, with the configured windows. */
function storageRetention(
  pool: ReturnType<typeof createPool>,
  clickhouse: ClickHouseClient,
  config: Config,
): StorageRetention {
  const deps = {
    holdings: new HoldingsHistoryRepository(clickhouse),
    served: new ServedHoldingsRepository(pool),
    feed: new FeedRetentionRepository(pool, clickhouse),
    vocabulary: new SearchVocabularyRepository(pool),
    factsheets: new FactsheetRendersRepository(pool),
    documents: new DocumentHistoryRepository(pool),
  };
  return { retain: () => retainStorage(deps, config.retention) };
}

async function runUntilShutdown(
  config: Config,
  log: Logger,
  {
    activities,
    renderActivities,
  }: { activities: ReturnType<typeof createActivities>; renderActivities: ReturnType<typeof createRenderActivities> },
  workflowBundle: WorkflowBundleWithSourceMap,
  onRunning: () => void,
): Promise<void> {
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  try {
    const common = {
      connection,
      namespace: config.temporal.namespace,
      // A stop (SIGTERM, a deploy) lets running activities finish for the grace; then they are cancelled, their
      // attempt fails and Temporal retries it on another worker. Workflows are not affected: their next task goes to
      // whichever worker polls.
      shutdownGraceTime: config.shutdownGraceMs,
      shutdownForceTime: config.shutdownGraceMs + STOP_FORCE_MS,
      interceptors: { activity: [heartbeatWhileRunning] },
    };
    const worker = await Worker.create({ ...common, taskQueue: config.temporal.taskQueue, workflowBundle, activities });
    // Printing has a queue of its own (only workers with a browser poll it): it scales apart from loading.
    const renderWorker = await Worker.create({
      ...common,
      taskQueue: config.render.taskQueue,
      activities: renderActivities,
      maxConcurrentActivityTaskExecutions: config.render.pages * 2,
    });
    await ensureSchedules(config);
    log.info(
      {
        taskQueue: config.temporal.taskQueue,
        renderQueue: config.render.taskQueue,
        library: config.libraryDir,
        refreshEvery: config.refreshInterval,
      },
      'worker running',
    );
    onRunning();
    await runTogether([worker, renderWorker]); // returns after SIGINT/SIGTERM (the SDK installs the handlers); throws on a fatal error
  } finally {
    await connection.close().catch(() => {});
  }
}

/** Runs the workers until all stop; when one fails, the others are shut down and its error is thrown. */
async function runTogether(workers: Worker[]): Promise<void> {
  const runs = workers.map((w) => w.run());
  try {
    await Promise.all(runs);
  } catch (err) {
    for (const w of workers) if (w.getState() === 'RUNNING') w.shutdown();
    await Promise.allSettled(runs);
    throw err;
  }
}

/** The schedules the worker's workflows run on, created or updated at every start. */
async function ensureSchedules(config: Config): Promise<void> {
  const client = await createTemporalClient(config);
  try {
    await ensureRefreshSchedule(client, config);
  } finally {
    await client.connection.close();
  }
}

function installRuntime(log: Logger): void {
  Runtime.install({
    logger: {
      log: (level, message, meta) =>
        log[level === 'TRACE' ? 'trace' : (level.toLowerCase() as 'info')]({ ...meta }, message),
      trace: (m, meta) => log.trace(meta, m),
      debug: (m, meta) => log.debug(meta, m),
      info: (m, meta) => log.info(meta, m),
      warn: (m, meta) => log.warn(meta, m),
      error: (m, meta) => log.error(meta, m),
    },
    telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN' }), forward: {} } },
  });
}

main().then(
  () => process.exit(0), // a native handle or a browser left open must not keep a stopped worker alive
  (err) => {
    process.stderr.write(
      `${JSON.stringify({ level: 'fatal', msg: 'worker failed', err: String((err as { stack?: unknown } | undefined)?.stack ?? err) })}\n`,
    );
    process.exit(1);
  },
);

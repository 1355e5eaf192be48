import { createHash } from 'node:crypto';

import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import type { Pool } from 'pg';

import { API_PREFIX, fundResourceUrl } from '../config';
import type { ClickHouseClient } from '../db/clickhouse';
import { AccountsRepository } from '../db/repositories/accounts';
import { ApiKeyIdsRepository } from '../db/repositories/apiKeyIds';
import { ChangeFeedRepository } from '../db/repositories/changeFeed';
import { DocumentsRepository } from '../db/repositories/documents';
import { FactsheetsRepository } from '../db/repositories/factsheets';
import { FiledDocumentsRepository } from '../db/repositories/filedDocuments';
import { FundCache } from '../db/repositories/fundCache';
import { FundExportRepository } from '../db/repositories/fundExport';
import { FundsRepository } from '../db/repositories/funds';
import { FundSearchRepository } from '../db/repositories/fundSearch';
import { HoldingsRepository } from '../db/repositories/holdings';
import { HoldingsCache } from '../db/repositories/holdingsCache';
import { IssuerMemoryRepository, type RecipeListing } from '../db/repositories/issuerMemory';
import { MeteringRepository } from '../db/repositories/metering';
import { ScpiRepository } from '../db/repositories/scpi';
import { AccountTokensRepository, AttemptWindowsRepository, SessionsRepository } from '../db/repositories/sessions';
import { SiteAccountsRepository } from '../db/repositories/siteAccounts';
import { UsageRecorder } from '../db/repositories/usageRecorder';
import { WebhooksRepository } from '../db/repositories/webhooks';
import type { SecretBox } from '../db/secretBox';
import { hashPassword, verifyPassword } from '../domain/passwords';
import { scpiSlug } from '../domain/scpi';
import type { Logger } from '../logger';
import { HttpWebhookSender } from '../outbound/webhookSender';
import { factsheetPage } from '../render/page';
import { pdfChecker } from '../sources/pdfChecker';
import { isScpiSlug } from '../sources/scpiLibrary';
import type { Mailer } from '../usecases/ports/accounts';
import type { DocumentIngester } from '../usecases/ports/documents';
import type { DocumentExtractor } from '../usecases/ports/extraction';
import type { PdfPrinter } from '../usecases/ports/factsheets';
import type { FundLoader, FundWarmer } from '../usecases/ports/funds';
import type { ScpiLoader } from '../usecases/ports/scpi';
import type { DependencyMonitor } from './dependencyMonitor';
import { errorMiddleware } from './errors';
import { Authenticator } from './middleware/auth';
import { corsPolicy } from './middleware/cors';
import { methodsBodyAndOptions, securityHeaders } from './middleware/httpHygiene';
import { KeyDirectory } from './middleware/keyDirectory';
import { Meter } from './middleware/meter';
import { requestContext } from './middleware/requestContext';
import { createSite } from './pages/site';
import { registerChangeRoutes } from './routes/changes/route';
import { registerDemoRoutes } from './routes/demo/route';
import { registerDocsRoutes } from './routes/docs/route';
import { registerDocumentRoutes } from './routes/documents/route';
import { registerExportRoutes } from './routes/export/route';
import { registerExtractRoutes } from './routes/extract/route';
import { registerFactsheetRoutes } from './routes/factsheets/route';
import { registerSharedFactsheetRoutes, SHARED_PATHS } from './routes/factsheets/shared';
import { fundFastPath, registerFundRoutes } from './routes/funds/route';
import { registerHealthRoutes } from './routes/health/route';
import { registerMeRoutes } from './routes/me/route';
import { registerOverlapRoutes } from './routes/overlap/route';
import { registerPortfolioRoutes } from './routes/portfolio/route';
import { registerScpiRoutes } from './routes/scpi/route';
import { registerSearchRoutes } from './routes/search/route';
import { registerWebhookRoutes } from './routes/webhooks/route';

export interface AppDeps {
  pool: Pool;
  clickhouse: ClickHouseClient;
  loader: FundLoader;
  /** Loads SCPI (the `scpi-load/<slug>` workflow). */
  scpiLoader: ScpiLoader;
  warmer: FundWarmer;
  /** Webhook secrets' seal and the development setting for loopback http. */
  webhooks: { secretBox: SecretBox; allowLoopbackHttp: boolean };
  /** Where clients reach the API (links in webhook bodies). */
  publicBaseUrl: string;
  /** Cold loads within one many-fund call (config.batch). */
  batch: { budgetMs: number; loadConcurrency: number };
  extractor: DocumentExtractor;
  ingester: DocumentIngester;
  /** Prints factsheet PDFs (the render workflow). */
  printer: PdfPrinter;
  log: Logger;
  monitor: DependencyMonitor;
  loadTimeoutMs: number;
  fundCacheMs: number;
  demoRequestsPerMinute: number;
  trustProxy: boolean;
  /** Public fund page for search hits, with {isin} (config FUND_PAGE_URL_TEMPLATE); null or absent: not published. */
  fundPageUrlTemplate?: string | null;
  /** The issuer recipes in use, for /health (absent: none). */
  issuerRecipes?: RecipeListing[];
  /** The site's accounts: where mail goes, how long a session lives (idle, at most). */
  site: { mailer: Mailer; sessionIdleMs: number; sessionMaxMs: number };
}

/**
 * The Koa application and the composition root of the API: adapters (repositories, the Temporal
 * starters it is given) are wired into the use cases' ports here, and nowhere else.
 * Request id and logging, security headers, JSON errors, body parsing, routes. Stateless: run as many as needed.
 */
export function createApp(deps: AppDeps): Koa & { stopRecording(): Promise<void> } {
  // Behind a proxy, the client is the last X-Forwarded-For entry (the one our proxy wrote): the ones before it are
  // the client's own words, and per-IP limits counted on them would be the client's to choose.
  const app = new Koa({ proxy: deps.trustProxy, maxIpsCount: 1 });
  const funds = new FundCache(new FundsRepository(deps.pool), deps.fundCacheMs);
  const metering = new MeteringRepository(deps.pool);
  const accounts = new AccountsRepository(deps.pool);
  const auth = new Authenticator(accounts, new KeyDirectory(new ApiKeyIdsRepository(deps.pool)));
  const usage = new UsageRecorder(deps.pool, (err) => deps.log.warn({ err: String(err) }, 'usage: flush failed'));
  const meter = new Meter(auth, metering, accounts, usage);
  const { monitor } = deps;

  const api = new Router({ prefix: API_PREFIX });
  // The fund routes (the warm GET is the hot path) have a router of their own, ahead of the others:
  // a router tests every route it holds against each request, and the API has some thirty.
  const fundsApi = new Router({ prefix: API_PREFIX });
  const root = new Router();
  const issuerMemory = new IssuerMemoryRepository(deps.pool);
  registerHealthRoutes(api, monitor, { recipes: () => issuerMemory.health(deps.issuerRecipes ?? []) });
  registerDocsRoutes(api, root);
  registerMeRoutes(api, { meter });
  const resolving = {
    funds,
    loader: deps.loader,
    warmer: deps.warmer,
    health: monitor,
    log: deps.log,
    budgetMs: deps.batch.budgetMs,
    loadConcurrency: deps.batch.loadConcurrency,
  };
  const holdings = new HoldingsCache(new HoldingsRepository(deps.clickhouse));
  const webhookDeps = {
    store: new WebhooksRepository(deps.pool, deps.webhooks.secretBox),
    sender: new HttpWebhookSender(deps.webhooks.allowLoopbackHttp),
    allowLoopbackHttp: deps.webhooks.allowLoopbackHttp,
    fundUrl: (isin: string) => fundResourceUrl(deps.publicBaseUrl, isin),
  };
  registerWebhookRoutes(api, { ...webhookDeps, meter });
  registerChangeRoutes(api, { meter, feed: new ChangeFeedRepository(deps.pool, deps.clickhouse) });
  registerPortfolioRoutes(api, { ...resolving, holdings, meter });
  registerOverlapRoutes(api, { ...resolving, holdings, meter });
  const fundRoutes = {
    ...resolving,
    holdings,
    meter,
    loadTimeoutMs: deps.loadTimeoutMs,
    retryAfterSeconds: monitor.retryAfterSeconds,
  };
  registerFundRoutes(fundsApi, fundRoutes);
  registerExtractRoutes(api, {
    meter,
    health: monitor,
    documents: new DocumentsRepository(deps.pool),
    extractor: deps.extractor,
    pdf: pdfChecker,
    retryAfterSeconds: monitor.retryAfterSeconds,
  });
  registerDocumentRoutes(api, {
    meter,
    health: monitor,
    uploads: new DocumentsRepository(deps.pool),
    ingester: deps.ingester,
    filed: new FiledDocumentsRepository(deps.pool),
    retryAfterSeconds: monitor.retryAfterSeconds,
  });
  registerExportRoutes(api, {
    meter,
    exports: new FundExportRepository(deps.pool),
    log: deps.log,
    retryAfterSeconds: monitor.retryAfterSeconds,
  });
  registerSearchRoutes(api, {
    meter,
    search: new FundSearchRepository(deps.pool),
    fundPageUrlTemplate: deps.fundPageUrlTemplate ?? null,
  });
  const factsheets = {
    funds,
    loader: deps.loader,
    health: monitor,
    log: deps.log,
    loadTimeoutMs: deps.loadTimeoutMs,
    retryAfterSeconds: monitor.retryAfterSeconds,
    sheets: new FactsheetsRepository(deps.pool),
    renderer: factsheetPage,
    printer: deps.printer,
    shareUrl: (token: string, kind: keyof typeof SHARED_PATHS) =>
      `${deps.publicBaseUrl}${API_PREFIX}${SHARED_PATHS[kind](token)}`,
  };
  registerFactsheetRoutes(api, { ...factsheets, meter });
  const errorHandling = {
    log: deps.log,
    outageOf: (err: unknown) => monitor.outageOf(err),
    retryAfterSeconds: monitor.retryAfterSeconds,
  };
  const attemptWindows = new AttemptWindowsRepository(deps.pool);
  const site = createSite({
    accounts: {
      accounts: new SiteAccountsRepository(deps.pool),
      sessions: new SessionsRepository(deps.pool, { idleMs: deps.site.sessionIdleMs, maxMs: deps.site.sessionMaxMs }),
      tokens: new AccountTokensRepository(deps.pool),
      mailer: deps.site.mailer,
      windows: attemptWindows,
      siteUrl: deps.publicBaseUrl,
      digest: (text) => createHash('sha256').update(text).digest('hex'),
      passwords: { hash: hashPassword, verify: verifyPassword },
    },
    sessionMaxMs: deps.site.sessionMaxMs,
    errors: errorHandling,
    webhooks: webhookDeps,
    windows: attemptWindows,
    sheets: factsheets.sheets,
    shareUrl: factsheets.shareUrl,
    feed: new ChangeFeedRepository(deps.pool, deps.clickhouse),
  });
  registerSharedFactsheetRoutes(api, factsheets);
  registerScpiRoutes(api, {
    meter,
    scpi: new ScpiRepository(deps.pool),
    loader: deps.scpiLoader,
    health: monitor,
    log: deps.log,
    loadTimeoutMs: deps.loadTimeoutMs,
    retryAfterSeconds: monitor.retryAfterSeconds,
    isSlug: isScpiSlug,
    slugOf: scpiSlug,
  });
  registerDemoRoutes(api, {
    funds,
    windows: { take: (bucket) => metering.takeRateSlot(bucket) },
    requestsPerMinute: deps.demoRequestsPerMinute,
  });

  app.use(requestContext(deps.log));
  app.use(securityHeaders);
  app.use(corsPolicy);
  app.use(errorMiddleware(errorHandling));
  app.use(site);
  app.use(methodsBodyAndOptions(bodyParser({ enableTypes: ['json'], jsonLimit: '2mb', encoding: 'utf-8' })));
  app.use(fundFastPath(API_PREFIX, fundRoutes));
  app.use(fundsApi.routes());
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: false }));
  app.use(root.routes());
  app.use(root.allowedMethods({ throw: false }));
  app.silent = true; // errors are logged by errorMiddleware, once, with the request id
  return Object.assign(app, { stopRecording: () => usage.stop() });
}

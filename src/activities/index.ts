import type { Pool } from 'pg';

import type { ClickHouseClient } from '../db/clickhouse';
import { ChangeFeedRepository } from '../db/repositories/changeFeed';
import { DocumentsRepository } from '../db/repositories/documents';
import { FactsheetsRepository } from '../db/repositories/factsheets';
import { FiledDocumentsRepository } from '../db/repositories/filedDocuments';
import { FundsRepository } from '../db/repositories/funds';
import { HoldingsRepository } from '../db/repositories/holdings';
import { NavSeriesRepository } from '../db/repositories/navSeries';
import { ScpiRepository } from '../db/repositories/scpi';
import { WebhookDeliveriesRepository } from '../db/repositories/webhookDeliveries';
import type { SecretBox } from '../db/secretBox';
import type { SourceConnector } from '../domain/documents';
import type { RobotsTxtCache } from '../outbound/robots';
import type { IssuerRecipesConnector } from '../sources/issuers/connector';
import { ScpiLibrary } from '../sources/scpiLibrary';
import type { FactsheetRenderer } from '../usecases/ports/factsheets';
import type { StorageRetention } from '../usecases/ports/retention';
import type { WebhookSender } from '../usecases/ports/webhooks';
import { createChangeActivities } from './changes';
import { createExtractionActivities } from './extraction';
import { createFactsheetActivities } from './factsheets';
import { createFundActivities } from './funds';
import { createIngestionActivities } from './ingestion';
import { createRetentionActivities } from './retention';
import { createScpiActivities, scpiSources } from './scpi';
import { createWebhookActivities } from './webhooks';

export interface ActivityClients {
  pool: Pool;
  clickhouse: ClickHouseClient;
  connectors: SourceConnector[];
  /** The managers' servers (null: ISSUERS=off). */
  issuers: IssuerRecipesConnector | null;
  fundTtlMs: number;
  notFoundTtlMs: number;
  webhooks: {
    box: SecretBox;
    sender: WebhookSender;
    retryDelays: string[];
    fundUrl: (isin: string, resource: 'funds' | 'scpi') => string;
  };
  robots: RobotsTxtCache;
  /** The document library: its `scpi/` folder holds one folder per SCPI. */
  libraryDir: string;
  /** The storage retention (the refresh's last step): usecases/retainStorage.ts over the stores. */
  retention: StorageRetention;
}

/** Every activity the worker registers, over the clients it injects. */
export function createActivities(clients: ActivityClients) {
  return {
    ...createFundActivities({
      connectors: clients.connectors,
      issuers: clients.issuers,
      documents: new DocumentsRepository(clients.pool),
      funds: new FundsRepository(clients.pool),
      navSeries: new NavSeriesRepository(clients.clickhouse),
      holdings: new HoldingsRepository(clients.clickhouse),
      fundTtlMs: clients.fundTtlMs,
      notFoundTtlMs: clients.notFoundTtlMs,
    }),
    ...createChangeActivities({ changes: new ChangeFeedRepository(clients.pool, clients.clickhouse) }),
    ...createWebhookActivities({
      deliveries: new WebhookDeliveriesRepository(clients.pool, clients.webhooks.box, clients.webhooks.fundUrl),
      sender: clients.webhooks.sender,
      retryDelays: clients.webhooks.retryDelays,
    }),
    ...createExtractionActivities({ documents: new DocumentsRepository(clients.pool), robots: clients.robots }),
    ...createIngestionActivities({
      documents: new DocumentsRepository(clients.pool),
      filed: new FiledDocumentsRepository(clients.pool),
      funds: new FundsRepository(clients.pool),
      scpi: new ScpiRepository(clients.pool),
      libraryDir: clients.libraryDir,
    }),
    ...createRetentionActivities({ retention: clients.retention }),
    ...createScpiActivities({
      library: scpiSources(new ScpiLibrary(clients.libraryDir), new FiledDocumentsRepository(clients.pool)),
      documents: new DocumentsRepository(clients.pool),
      scpi: new ScpiRepository(clients.pool),
      ttlMs: clients.fundTtlMs,
    }),
  };
}

export type Activities = ReturnType<typeof createActivities>;

/** The activities of the render task queue (RENDER_TASK_QUEUE), whose workers keep a warm browser. */
export function createRenderActivities(clients: {
  pool: Pool;
  page: FactsheetRenderer;
  printer: { print(html: string): Promise<Buffer> };
}) {
  return createFactsheetActivities({
    sheets: new FactsheetsRepository(clients.pool),
    page: clients.page,
    printer: clients.printer,
  });
}

export type RenderActivities = ReturnType<typeof createRenderActivities>;

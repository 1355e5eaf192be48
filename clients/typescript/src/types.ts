import type { components, operations } from './schema';

/** Named views of the generated schemas (src/schema.ts), for signatures that read better than components[...]. */
type Schemas = components['schemas'];

// Funds
export type FundEnvelope = Schemas['FundEnvelope'];
export type FundData = Schemas['FundData'];
export type DemoEnvelope = Schemas['DemoEnvelope'];
export type HoldingsResponse = Schemas['HoldingsResponse'];
export type BatchRequest = Schemas['BatchRequest'];
export type BatchResponse = Schemas['BatchResponse'];
export type BatchItem = Schemas['BatchItem'];
export type SearchResponse = Schemas['SearchResponse'];
export type SearchHit = Schemas['SearchHit'];
export type Quota = Schemas['Quota'];
export type PlanId = Schemas['PlanId'];

// Portfolios
export type PortfolioRequest = Schemas['PortfolioRequest'];
export type PortfolioResponse = Schemas['PortfolioResponse'];
export type OverlapResponse = Schemas['OverlapResponse'];

// Changes and webhooks
export type Change = Schemas['Change'];
export type ChangeEvent = Schemas['ChangeEvent'];
export type ChangeFeedResponse = Schemas['ChangeFeedResponse'];
export type Webhook = Schemas['WebhookEndpoint'];
export type WebhookCreated = Schemas['WebhookCreated'];
export type WebhookCreateRequest = Schemas['WebhookCreateRequest'];
export type WebhookList = Schemas['WebhookList'];
export type WebhookAction = Schemas['WebhookActionRequestAction'];
export type WebhookActionResult = Schemas['WebhookActionResult'];

// Export and extraction
export type ExportLine = Schemas['ExportLine'];
export type ExportQuery = NonNullable<operations['exportFunds']['parameters']['query']>;
export type ExtractJsonRequest = Schemas['ExtractJsonRequest'];
export type ExtractKind = Schemas['ExtractKind'];
export type ExtractResponse = Schemas['ExtractResponse'];

// Factsheets
export type Factsheet = Schemas['Factsheet'];
export type FactsheetCreateRequest = Schemas['FactsheetCreateRequest'];
export type FactsheetLinks = Schemas['FactsheetLinks'];
export type FactsheetList = Schemas['FactsheetList'];
export type FactsheetDeleted = Schemas['FactsheetDeleted'];

// SCPI
export type ScpiEnvelope = Schemas['ScpiEnvelope'];
export type ScpiData = Schemas['ScpiData'];
export type ScpiSearchResponse = Schemas['ScpiSearchResponse'];
export type ScpiSearchHit = Schemas['ScpiSearchHit'];

// Account, documents, service
export type Account = Schemas['Account'];
export type IngestResponse = Schemas['IngestResponse'];
export type IngestResult = Schemas['IngestResult'];
export type FiledDocument = Schemas['FiledDocument'];
export type FiledDocumentList = Schemas['FiledDocumentList'];
export type RemovedDocument = Schemas['RemovedDocument'];
export type DocumentKind = Schemas['DocumentKind'];
export type Health = Schemas['Health'];
export type OpenApiDocument = Schemas['OpenApiDocument'];

// Errors
export type ErrorBody = Schemas['Error'];
export type ErrorCode = Schemas['ErrorCode'];
export type ErrorReason = Schemas['ErrorReason'];

import type { ChangeEvent } from '../domain/changes';
import type { FundSummary, HoldingsSnapshot, HoldingsStamp } from '../domain/holdings';
import type { ExtractKind } from '../schema/extract';
import type { SearchHit } from '../schema/search';
import type { ScpiCategory } from '../schema/scpi';
import type { ExtractedDocument } from '../sources/extract';
import type { DocumentRef, SourceDocument } from '../sources/types';
import type { FailureKind } from '../workflows/failureTypes';
import type { FactsheetLanguage, FactsheetPageOptions, FactsheetSnapshot } from '../render/factsheet';

/**
 * The ports use cases depend on. Adapters implement them: db/ (stores), temporal/ (workflow
 * starters), api/ (billing bound to a request). Use cases never see Koa, pg or Temporal types.
 */

/** A stored fund payload. */
export interface StoredFund {
  isin: string;
  name: string | null;
  /** The payload as UTF-8 JSON bytes, encoded once and spliced into responses (no parse, no re-encoding per request). */
  payload: Buffer;
  generatedAt: Date;
  expiresAt: Date;
}

/** A stored fund as aggregations see it: its summary instead of the payload. */
export interface StoredSummary {
  isin: string;
  name: string | null;
  generatedAt: Date;
  expiresAt: Date;
  summary: FundSummary;
}

export interface FundStore {
  get(isin: string): Promise<StoredFund | null>;
  /** Reads past any cache (after a load). */
  refresh(isin: string): Promise<StoredFund | null>;
  /** The stored payloads among these ISINs, in one read. */
  getMany(isins: readonly string[]): Promise<Map<string, StoredFund>>;
  /** The stored summaries among these ISINs, in one read. */
  summaries(isins: readonly string[]): Promise<Map<string, StoredSummary>>;
  /** Those of these ISINs whose not_found outcome is remembered (no load is started for them). */
  knownMissing(isins: readonly string[], now: Date): Promise<Set<string>>;
}

export interface HoldingsStore {
  /** Full holdings of funds whose summary names a stored snapshot; a fund whose snapshot is gone is left out. */
  holdingsOf(funds: readonly { isin: string; stamp: HoldingsStamp }[]): Promise<Map<string, HoldingsSnapshot>>;
}

/** Loads ISINs in the background (a Temporal workflow an operator sees), for calls that answered them as pending. */
export interface FundWarmer {
  /** Starts the warm-up and returns once it is started. Throws DependencyUnavailableError when Temporal is down. */
  warm(isins: readonly string[]): Promise<void>;
}

export interface FundLoadRequest {
  isin: string;
  /** A payload generated at or after this instant (ISO) is fresh enough. */
  freshSince: string;
}

export interface FundLoader {
  /** Loads one ISIN through the `fund-load/<ISIN>` workflow, attaching to a run already going. Throws DependencyUnavailableError when Temporal is down. */
  load(request: FundLoadRequest, timeoutMs: number): Promise<{ status: 'ok' | 'not_found' | 'already_fresh' }>;
}

export interface ExtractionRequest {
  source: { type: 'stored'; ref: DocumentRef } | { type: 'url'; url: string };
  kind: ExtractKind;
  isin: string | null;
}

/** How an extraction ended, as the use case needs it: the workflow's failures translated by the adapter. */
export type ExtractionRun =
  | { outcome: 'extracted'; document: ExtractedDocument }
  | { outcome: 'refused'; reason: FailureKind; message: string }
  | { outcome: 'failed' };

export interface DocumentExtractor {
  /** Runs one extraction as the workflow `extract/<uuid>`. Throws DependencyUnavailableError when Temporal is down. */
  extract(request: ExtractionRequest): Promise<ExtractionRun>;
}

export interface DocumentStore {
  /** Stores a document once by content hash; returns its reference. */
  store(doc: SourceDocument): Promise<DocumentRef>;
}

export interface PdfChecker {
  /** Cheap (header and trailer): null when the bytes look like a whole PDF; otherwise why not. */
  shapeProblem(bytes: Buffer, label: string): string | null;
  /** Opens the PDF: null when it has a text layer; otherwise why not (a scan, a damaged file). */
  textProblem(bytes: Buffer, label: string): Promise<string | null>;
}

/** The credits of the call in progress: charged once its input is known good, given back when it fails on our side. */
export interface Billing {
  /** Throws the refusal (plan, burst, credits) when the call may not be made. */
  charge(): Promise<void>;
  refund(): Promise<void>;
}

/**
 * The credits of a call billed per item answered (POST /funds, POST /portfolio, GET /overlap): the
 * call takes its burst slot first, and is charged once it knows what it answered.
 */
export interface ItemBilling {
  /** Checks the key and plan and takes the burst slot; charges nothing. Throws the refusal (burst, plan). */
  open(): Promise<void>;
  /** Throws the 429 refusal at once when the account cannot pay `count` credits (so no work is done for a call that will be refused). */
  assertCanPay(count: number): void;
  /** Charges `count` credits all or nothing; throws the 429 refusal, charging nothing, when the account cannot pay them all. */
  chargeItems(count: number): Promise<void>;
}

/** One-minute windows shared by every API process (the demo endpoint's per-IP limit). */
export interface RateWindows {
  take(bucket: string): Promise<number>;
}

/** A stored fund as a search hit shows it (spec 2.6); the use case adds the public page's url. */
export type FundMatch = Omit<SearchHit, 'url'>;

export interface FundSearch {
  /** Stored funds matching `query` (trimmed) by ISIN, ISIN prefix, name or issuer, best first, at most `limit`. */
  search(query: string, limit: number): Promise<FundMatch[]>;
}

/** A published change (spec 2.9), `changedUs` in microseconds since the epoch. */
export interface FeedChange {
  id: number;
  changedUs: number;
  isin: string;
  name: string;
  event: ChangeEvent;
  field: string;
  old: string;
  new: string;
  dataAsOf: string;
}

export interface FeedQuery {
  /** Changes published strictly after this instant (microseconds since the epoch). */
  sinceUs: number;
  isins: readonly string[] | null;
  event: ChangeEvent | null;
  limit: number;
}

export interface ChangeFeed {
  /** Published changes after `sinceUs`, ascending by id (and so by instant), at most `limit`. */
  read(query: FeedQuery): Promise<FeedChange[]>;
}

/** GET /export's filters; null: not filtered on. */
export interface ExportFilter {
  /** keyFacts.manager, matched whole, ignoring case and accents (the caller trims it). */
  issuer: string | null;
  /** keyFacts.assetClass, matched whole, ignoring case and accents. */
  assetClass: string | null;
  /** keyFacts.currency, three upper-case letters. */
  currency: string | null;
  /** Only payloads generated strictly after this instant (microseconds since the epoch). */
  generatedAfterUs: number | null;
}

/** A stored fund as the export reads it: the payload is its stored JSON text, spliced into the line, never parsed. */
export interface ExportedFund {
  isin: string;
  name: string | null;
  generatedAt: Date;
  expiresAt: Date;
  payloadJson: string;
}

/** An open read of the stored funds, a batch of rows at a time: memory stays the same whatever the number of funds. */
export interface ExportCursor {
  /** The next fund in ISIN order; null once every one was read, or after close(). */
  next(): Promise<ExportedFund | null>;
  /** Ends the read and frees its connection; safe to call at any time, more than once. */
  close(): Promise<void>;
}

export interface FundExport {
  /** Opens a read of the funds matching `filter`; null when every connection set aside for exports is in use. */
  open(filter: ExportFilter): Promise<ExportCursor | null>;
}

/** A webhook endpoint as its owner sees it (never with its secret). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: ChangeEvent[];
  /** null: every fund. */
  isins: string[] | null;
  active: boolean;
  createdAt: Date;
}

export interface WebhookSpec {
  url: string;
  events: ChangeEvent[];
  isins: string[] | null;
}

export interface WebhookStore {
  /** Creates the endpoint with a new signing secret; the secret is returned this once. */
  create(accountId: number, spec: WebhookSpec): Promise<{ endpoint: WebhookEndpoint; secret: string }>;
  count(accountId: number): Promise<number>;
  list(accountId: number): Promise<WebhookEndpoint[]>;
  /** The account's endpoint with its secret (for signing), or null when the account has no such endpoint. */
  withSecret(accountId: number, id: string): Promise<{ endpoint: WebhookEndpoint; secret: string } | null>;
  setActive(accountId: number, id: string, active: boolean): Promise<WebhookEndpoint | null>;
  remove(accountId: number, id: string): Promise<boolean>;
}

/** How one delivery attempt ended: 2xx in time, or the status (null when no answer came). */
export interface DeliveryResult {
  delivered: boolean;
  status: number | null;
  error: string | null;
}

export interface WebhookSender {
  /** Why the URL may not be called (an address that is private, loopback outside development, link-local...), or null. */
  addressProblem(url: string): Promise<string | null>;
  /** POSTs the body signed with the secret, within the receiver's 10 s; the address rules are checked again first. */
  send(url: string, eventId: string, rawBody: string, secret: string): Promise<DeliveryResult>;
}

/** A saved factsheet as its owner sees it; the snapshot it is rendered from stays in the store. */
export interface FactsheetRecord {
  id: string;
  isin: string;
  name: string | null;
  /** keyFacts.manager when the sheet was made ('' when not disclosed). */
  issuer: string;
  language: FactsheetLanguage;
  /** The format asked for when it was made; both documents can be had afterwards. */
  format: FactsheetFormat;
  favorite: boolean;
  createdAt: Date;
  /** When the fund payload the sheet was made from was generated. */
  fundGeneratedAt: Date;
  dataAsOf: string | null;
  /** The secret of the sheet's keyless links. */
  shareToken: string;
}

export type FactsheetFormat = 'html' | 'pdf';

/** A sheet with what it is rendered from. */
export interface SavedFactsheet {
  record: FactsheetRecord;
  snapshot: FactsheetSnapshot;
}

export interface NewFactsheet {
  accountId: number;
  language: FactsheetLanguage;
  format: FactsheetFormat;
  /** The stored fund it is made from; its payload (FundData JSON) becomes the snapshot as it is. */
  fund: StoredFund;
  issuer: string;
  dataAsOf: string | null;
}

export interface FactsheetQuery {
  /** keyFacts.manager, matched whole, ignoring case and accents; null: every issuer. */
  issuer: string | null;
  favoritesOnly: boolean;
  limit: number;
}

/** Saved factsheets; every read but `shared` is scoped to the account. */
export interface FactsheetStore {
  create(sheet: NewFactsheet): Promise<FactsheetRecord>;
  /** Newest first. */
  list(accountId: number, query: FactsheetQuery): Promise<FactsheetRecord[]>;
  get(accountId: number, id: string): Promise<SavedFactsheet | null>;
  /** The sheet behind a keyless link, whoever asks. */
  shared(shareToken: string): Promise<SavedFactsheet | null>;
  setFavorite(accountId: number, id: string, favorite: boolean): Promise<FactsheetRecord | null>;
  remove(accountId: number, id: string): Promise<boolean>;
  /** The sheet's PDF printed with this page template, if it was. */
  pdf(id: string, template: string): Promise<Buffer | null>;
  /** The sheet's page (UTF-8) in this variant, if it was rendered as `rendition` says (the page template and the links it carries). */
  page(id: string, variant: PageVariant, rendition: string): Promise<Buffer | null>;
  /** Keeps a rendered page, replacing one of another rendition; nothing when the sheet was deleted meanwhile. */
  savePage(id: string, variant: PageVariant, rendition: string, html: Buffer): Promise<void>;
}

/** How a page is shown: standalone, or in another site's frame. */
export type PageVariant = 'page' | 'embed';

/** The page a sheet is rendered as (render/factsheet), behind a port so the use cases stay free of it. */
export interface FactsheetRenderer {
  html(snapshot: FactsheetSnapshot, options: FactsheetPageOptions): string;
  /** The page template's version: PDFs printed with another one are printed again. */
  readonly template: string;
  /** 'sha256-<base64>' of the page's one style sheet, for its Content-Security-Policy. */
  readonly styleHash: string;
}

export interface PdfPrinter {
  /**
   * Prints the sheet's PDF and stores it (workflow `factsheet-render/<id>`, attaching to a run already
   * going); false when the renderer is unavailable (no browser, no render worker, Temporal down) or
   * does not finish in time.
   */
  print(sheet: { id: string; isin: string }): Promise<boolean>;
}

/** A stored SCPI payload (its JSON as stored, spliced into the envelope as bytes). */
export interface StoredScpi {
  slug: string;
  isin: string | null;
  name: string;
  payload: Buffer;
  generatedAt: Date;
  expiresAt: Date;
}

/** A hit of GET /scpi: the SCPI as identified in the library, and its figures when loaded. */
export interface ScpiMatch {
  slug: string;
  isin: string | null;
  name: string;
  managementCompany: string | null;
  category: ScpiCategory | null;
  capitalType: 'fixe' | 'variable' | null;
  loaded: boolean;
  sharePriceEur: number | null;
  distributionRatePct: number | null;
  financialOccupancyRatePct: number | null;
  dataAsOf: string | null;
}

export interface ScpiStore {
  /** The slug of an SCPI of the library known by slug, ISIN or name (accent- and case-insensitive); null when unknown. */
  resolve(idOrIsin: string): Promise<string | null>;
  get(slug: string): Promise<StoredScpi | null>;
  search(query: string, limit: number): Promise<ScpiMatch[]>;
}

export interface ScpiLoader {
  /** Loads one SCPI through the `scpi-load/<slug>` workflow, attaching to a run already going. Throws DependencyUnavailableError when Temporal is down. */
  load(request: { slug: string; freshSince: string }, timeoutMs: number): Promise<{ status: 'ok' | 'not_found' | 'already_fresh' }>;
}

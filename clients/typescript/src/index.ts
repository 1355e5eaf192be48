/**
 * The official TypeScript client of the Fund Data Service API: typed calls of every operation (openapi-fetch over
 * the types generated from the OpenAPI document, src/schema.ts), a FundDataError for every non-2xx answer, retries
 * on 429 and 503, and helpers for what is not JSON (the NDJSON export, factsheet documents, uploads).
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';

import { call, callWithResponse } from './call';
import { FundDataError } from './errors';
import { ndjsonValues } from './ndjson';
import { withRetries } from './retry';
import type { paths } from './schema';
import type {
  ExportLine,
  ExportQuery,
  ExtractJsonRequest,
  ExtractKind,
  ExtractResponse,
  FactsheetCreateRequest,
  IngestResponse,
} from './types';
import { VERSION } from './version';

export { call, callWithResponse } from './call';
export { ExportCutShortError, FundDataError, type FundDataErrorCode, UNEXPECTED_RESPONSE } from './errors';
export type { RetryPolicy } from './retry';
export type { components, operations, paths } from './schema';
export type * from './types';
export { VERSION } from './version';

export interface FundDataClientOptions {
  /** The API key (fds_...). */
  apiKey: string;
  /** The API root, version prefix included. Default: http://127.0.0.1:8080/api/v1, the stack `npm start` runs. */
  baseUrl?: string;
  /** How the key is sent: `Authorization: Bearer <key>` (bearer, the default) or `X-Api-Key: <key>`. */
  auth?: 'bearer' | 'x-api-key';
  /** Attempts after the first when the API answers 429 or 503. Default: 3. */
  retries?: number;
  /** The longest Retry-After waited for; a longer one (credits spent until next month) throws at once. Default: 60. */
  maxRetryWaitSeconds?: number;
  /** The fetch to send requests with. Default: the global fetch. */
  fetch?: typeof fetch;
  /** Your application's product token (`my-app/1.2`), sent in User-Agent after the client's own. */
  userAgent?: string;
}

/** The typed calls of every operation, JSON answers typed (openapi-fetch's Client over the generated paths). */
export type FundDataApi = Client<paths, 'application/json'>;

/** A file to upload: a File (its name is sent), or a Blob with the name to send. */
export type Upload = File | { name: string; content: Blob };

/** POST /extract of a PDF (multipart); send a URL or the text as ExtractJsonRequest instead. */
export interface ExtractUpload {
  file: Upload;
  isin?: string;
  kind?: ExtractKind;
}

/** POST /factsheets answering the document itself (deliver=document). */
export type FactsheetDocumentRequest = Omit<FactsheetCreateRequest, 'deliver' | 'format'>;

/** A factsheet made with deliver=document: the document and the saved sheet's id and links (X-Factsheet-*). */
export interface MadeFactsheet {
  factsheetId: string;
  /** The keyless HTML link of the saved sheet. */
  url: string | null;
  /** The keyless PDF link of the saved sheet. */
  pdfUrl: string | null;
}

const DEFAULT_BASE_URL = 'http://127.0.0.1:8080/api/v1';
const CLIENT_PRODUCT = `fund-data-service-typescript/${VERSION}`;

/** Operations that take no key (the document's `security: []`): the key is not sent where it is not needed. */
const KEYLESS_PATHS = new Set<string>([
  '/health',
  '/openapi.json',
  '/demo/funds/{isin}',
  '/shared/factsheets/{token}',
  '/shared/factsheets/{token}/embed',
  '/shared/factsheets/{token}/pdf',
]);

/** A client of the Fund Data Service API. */
export function createFundDataClient(options: FundDataClientOptions): FundDataClient {
  return new FundDataClient(options);
}

export class FundDataClient {
  /**
   * Typed calls of every operation. A non-2xx answer throws FundDataError; call() gives the data of a call:
   * `const fund = await call(client.api.GET('/funds/{isin}', { params: { path: { isin } } }))`.
   */
  readonly api: FundDataApi;
  private readonly setHeaders: (headers: Headers, path: string) => void;

  constructor(options: FundDataClientOptions) {
    if (!options.apiKey) throw new TypeError('createFundDataClient: apiKey is required');
    const fetchOnce = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    const send = withRetries((request) => fetchOnce(request), {
      retries: options.retries ?? 3,
      maxRetryWaitSeconds: options.maxRetryWaitSeconds ?? 60,
    });
    const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.setHeaders = headerSetter(options);
    this.api = createClient<paths, 'application/json'>({ baseUrl, fetch: send });
    this.api.use(this.middleware());
  }

  /**
   * GET /export: every stored fund matching the filters, one ExportLine at a time as the NDJSON body arrives
   * (gzip is decoded by fetch). Throws ExportCutShortError when the body stops short: run it again.
   */
  async *exportFunds(query: ExportQuery = {}): AsyncGenerator<ExportLine, void, undefined> {
    const body = await call(
      this.api.GET('/export', { params: { query }, parseAs: 'stream', headers: { Accept: 'application/x-ndjson' } }),
    );
    if (body) yield* ndjsonValues<ExportLine>(body);
  }

  /** GET /factsheets/{id}?format=html|pdf: a saved sheet's document, rendered from its snapshot. */
  factsheetDocument(id: string, format: 'html'): Promise<string>;
  factsheetDocument(id: string, format: 'pdf'): Promise<Uint8Array>;
  factsheetDocument(id: string, format: 'html' | 'pdf'): Promise<string | Uint8Array>;
  async factsheetDocument(id: string, format: 'html' | 'pdf'): Promise<string | Uint8Array> {
    const params = { path: { id }, query: { format } };
    if (format === 'html') return call(this.api.GET('/factsheets/{id}', { params, parseAs: 'text' }));
    return new Uint8Array(await call(this.api.GET('/factsheets/{id}', { params, parseAs: 'arrayBuffer' })));
  }

  /** POST /factsheets with deliver=document: the document itself, and the id and links of the saved sheet. */
  createFactsheetDocument(
    request: FactsheetDocumentRequest & { format: 'pdf' },
  ): Promise<MadeFactsheet & { pdf: Uint8Array }>;
  createFactsheetDocument(
    request: FactsheetDocumentRequest & { format?: 'html' },
  ): Promise<MadeFactsheet & { html: string }>;
  createFactsheetDocument(
    request: FactsheetDocumentRequest & { format?: 'html' | 'pdf' },
  ): Promise<MadeFactsheet & ({ pdf: Uint8Array } | { html: string })>;
  async createFactsheetDocument(
    request: FactsheetDocumentRequest & { format?: 'html' | 'pdf' },
  ): Promise<MadeFactsheet & ({ pdf: Uint8Array } | { html: string })> {
    const body = { ...request, deliver: 'document' as const };
    const { data, response } = await callWithResponse(this.api.POST('/factsheets', { body, parseAs: 'arrayBuffer' }));
    const made = {
      factsheetId: requiredHeader(response, 'X-Factsheet-Id'),
      url: response.headers.get('X-Factsheet-Url'),
      pdfUrl: response.headers.get('X-Factsheet-Pdf-Url'),
    };
    if (request.format === 'pdf') return { ...made, pdf: new Uint8Array(data) };
    return { ...made, html: new TextDecoder().decode(data) };
  }

  /**
   * A shared factsheet, by a keyless link of it or its token (no key is sent): the page (html), the page for an
   * iframe (embed) or the PDF.
   */
  sharedFactsheet(tokenOrLink: string, kind: 'html' | 'embed'): Promise<string>;
  sharedFactsheet(tokenOrLink: string, kind: 'pdf'): Promise<Uint8Array>;
  sharedFactsheet(tokenOrLink: string, kind: 'html' | 'embed' | 'pdf'): Promise<string | Uint8Array>;
  async sharedFactsheet(tokenOrLink: string, kind: 'html' | 'embed' | 'pdf'): Promise<string | Uint8Array> {
    const token = tokenOrLink.includes('/') ? shareTokenOf(tokenOrLink) : tokenOrLink;
    const params = { path: { token } };
    if (kind === 'pdf') {
      return new Uint8Array(
        await call(this.api.GET('/shared/factsheets/{token}/pdf', { params, parseAs: 'arrayBuffer' })),
      );
    }
    const path = kind === 'embed' ? '/shared/factsheets/{token}/embed' : '/shared/factsheets/{token}';
    return call(this.api.GET(path, { params, parseAs: 'text' }));
  }

  /** POST /extract: a PDF as multipart ({file}), or JSON with the document's url or text. */
  async extractDocument(input: ExtractUpload | ExtractJsonRequest): Promise<ExtractResponse> {
    if (!('file' in input)) return call(this.api.POST('/extract', { body: input }));
    const { file, ...fields } = input;
    const form = formOf([file], fields);
    // openapi-fetch serializes a body only when there is one: the fields go as the typed body, the form beside.
    return call(this.api.POST('/extract', { body: fields, bodySerializer: () => form }));
  }

  /** POST /documents (operator keys): files documents into the universe, one result per document. */
  async fileDocuments(files: Upload[], options: { isin?: string } = {}): Promise<IngestResponse> {
    const form = formOf(files, options);
    // The generated type reads the binary parts (format: binary) as strings: they go in the form instead.
    return call(this.api.POST('/documents', { body: { file: [], ...options }, bodySerializer: () => form }));
  }

  /** Sets the key and User-Agent on every request; throws FundDataError for every non-2xx answer. */
  private middleware(): Middleware {
    return {
      onRequest: ({ request, schemaPath }) => {
        this.setHeaders(request.headers, schemaPath);
        return request;
      },
      onResponse: async ({ response }) => {
        if (!response.ok) throw await FundDataError.fromResponse(response);
        return undefined;
      },
    };
  }
}

/** The token of a shared factsheet link (…/shared/factsheets/<token>[/embed|/pdf]), for sharedFactsheet(). */
export function shareTokenOf(link: string): string {
  const token = /\/shared\/factsheets\/([^/?#]+)/.exec(link)?.[1];
  if (!token) throw new TypeError(`${link} is not a shared factsheet link`);
  return decodeURIComponent(token);
}

/** Sets the key (except on keyless paths) and the User-Agent (except in browsers, which set their own). */
function headerSetter(options: FundDataClientOptions): (headers: Headers, path: string) => void {
  const [keyHeader, keyValue] =
    options.auth === 'x-api-key' ? ['X-Api-Key', options.apiKey] : ['Authorization', `Bearer ${options.apiKey}`];
  const userAgent = options.userAgent ? `${CLIENT_PRODUCT} ${options.userAgent}` : CLIENT_PRODUCT;
  const inBrowser = typeof (globalThis as { document?: unknown }).document !== 'undefined';
  return (headers, path) => {
    if (!KEYLESS_PATHS.has(path)) headers.set(keyHeader, keyValue);
    if (!inBrowser) headers.set('User-Agent', userAgent);
  };
}

/** A multipart form: each upload as a part named `file`, then the fields that are set. */
function formOf(uploads: Upload[], fields: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const upload of uploads) {
    if ('content' in upload) form.append('file', upload.content, upload.name);
    else form.append('file', upload, upload.name);
  }
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  return form;
}

function requiredHeader(response: Response, name: string): string {
  const value = response.headers.get(name);
  if (value === null) throw new Error(`The API answered ${response.status} without the ${name} header`);
  return value;
}

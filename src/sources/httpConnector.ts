/**
 * Documents from issuers' own websites, described by configuration: per issuer, URL templates
 * filled with the ISIN. Every request honours robots.txt, a per-host rate limit, the address
 * policy of safeFetch, a size cap per document kind and a time cap.
 *
 * One attempt per request, never a retry here: the fetchDocuments activity that calls this connector
 * is retried by Temporal (LOAD_ACTIVITY_OPTIONS in workflows/loadFund.ts: at most 4 attempts, each
 * visible in the UI and bounded by the server whatever happens to workers). Retrying here as well
 * would multiply the two (3 x 4 requests per document). Failures are classified instead: a transient
 * one (timeout, network, 429, 5xx) is a DocumentUnavailableError carrying the server's Retry-After,
 * which the activity turns into the delay before Temporal's next attempt.
 */
import Bottleneck from 'bottleneck';
import { z } from 'zod';

import {
  DOCUMENT_KINDS,
  type DocumentKind,
  type SourceConnector,
  type SourceDocument,
  UnreadableDocumentError,
} from '../domain/documents';
import { type RobotsFetcher, RobotsTxtCache } from '../outbound/robots';
import {
  type AddressPolicy,
  FetchNetworkError,
  FetchTimeoutError,
  HttpStatusError,
  safeFetch,
  SafeFetchError,
  type SafeFetchOptions,
  type SafeFetchResult,
} from '../outbound/safeFetch';
import { normaliseIsin } from '../schema/isin';

// ---------------------------------------------------------------- configuration

const PLACEHOLDERS = ['isin', 'isinLower', 'lang'] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];
type TemplateValues = Record<Placeholder, string>;

const PLACEHOLDER_PATTERN = /\{(isin|isinLower|lang)\}/g;
const SAMPLE_VALUES: TemplateValues = { isin: 'LU0292097234', isinLower: 'lu0292097234', lang: 'en' };

/**
 * Substitutes {isin}, {isinLower} and {lang}; values are URL-encoded even though validation keeps them alphanumeric.
 */
export function fillUrlTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER_PATTERN, (_, name: Placeholder) => encodeURIComponent(values[name]));
}

/**
 * Why a template is unusable, or null. The scheme and host must be literal: robots.txt, rate limits
 * and reviews of the configuration are per host, so the ISIN must never decide where we connect.
 */
function templateProblem(template: string): string | null {
  const origin = /^https?:\/\/([^/?#]*)/i.exec(template);
  if (!origin) return 'must start with http:// or https://';
  if (/[{}]/.test(origin[1])) return 'placeholders are not allowed in the host';
  const filled = fillUrlTemplate(template, SAMPLE_VALUES);
  if (/[{}]/.test(filled)) return `unknown placeholder; use ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`;
  try {
    new URL(filled);
  } catch {
    return 'not a valid URL once filled';
  }
  return null;
}

const DocumentTemplateSchema = z.strictObject({
  kind: z.enum(DOCUMENT_KINDS),
  urlTemplate: z.string().superRefine((template, ctx) => {
    const problem = templateProblem(template);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  /** Overrides the response Content-Type, which publishers often get wrong (application/octet-stream). */
  mediaType: z
    .string()
    .regex(/^[\w.+-]+\/[\w.+-]+$/, 'a type/subtype media type')
    .optional(),
  /** An optional document that fails is skipped; a required one fails the whole fetch. */
  optional: z.boolean().optional(),
});

const IssuerSchema = z.strictObject({
  issuer: z.string().trim().min(1),
  /** The issuer is asked only about ISINs starting with one of these ('LU', 'IE00B'); all ISINs when absent. */
  isinPrefixes: z
    .array(z.string().regex(/^[A-Z]{2}[A-Z0-9]{0,10}$/, 'an upper-case ISIN prefix'))
    .min(1)
    .optional(),
  documents: z.array(DocumentTemplateSchema).min(1),
});

const IssuerTemplatesSchema = z.array(IssuerSchema).superRefine((issuers, ctx) => {
  const seen = new Set<string>();
  issuers.forEach(({ issuer }, index) => {
    if (seen.has(issuer))
      ctx.addIssue({ code: 'custom', path: [index, 'issuer'], message: `duplicate issuer ${issuer}` });
    seen.add(issuer);
  });
});

export type IssuerTemplates = z.infer<typeof IssuerTemplatesSchema>;
type IssuerTemplate = IssuerTemplates[number];
type DocumentTemplate = IssuerTemplate['documents'][number];

export class IssuerTemplatesError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`invalid issuer templates: ${message}`, options);
    this.name = 'IssuerTemplatesError';
  }
}

/** Validates issuer templates, given as parsed JSON or as JSON text (a config file's contents). */
export function loadIssuerTemplates(json: unknown): IssuerTemplates {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (err) {
      throw new IssuerTemplatesError(`not JSON (${(err as Error).message})`, { cause: err });
    }
  }
  const parsed = IssuerTemplatesSchema.safeParse(value);
  if (!parsed.success) throw new IssuerTemplatesError(z.prettifyError(parsed.error), { cause: parsed.error });
  return parsed.data;
}

// ---------------------------------------------------------------- errors and options

/**
 * A required document could not be fetched for now (a timeout, a network error, 429, 5xx, robots.txt
 * unreachable); a later attempt may work. The connector does not make that attempt: the caller does
 * (the fetchDocuments activity, through Temporal's retry policy).
 */
export class DocumentUnavailableError extends Error {
  /**
   * How long the server asked us to wait (Retry-After), null when it did not say. When several
   * documents of one fetch fail, the one thrown carries the longest wait any of them asked for.
   */
  retryAfterMs: number | null;

  constructor(
    readonly issuer: string,
    readonly kind: DocumentKind,
    readonly url: string,
    reason: string,
    options?: { cause?: unknown; retryAfterMs?: number | null },
  ) {
    super(`${issuer} ${kind} ${url}: ${reason}`, options);
    this.name = 'DocumentUnavailableError';
    this.retryAfterMs = options?.retryAfterMs ?? null;
  }
}

/**
 * A required document that will not become fetchable by retrying: too large, refused with a 4xx,
 * on a blocked address. It is an UnreadableDocumentError so workflows can treat it as non-retryable.
 */
export class DocumentRejectedError extends UnreadableDocumentError {
  constructor(
    readonly issuer: string,
    readonly kind: DocumentKind,
    url: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(url, `${issuer} ${kind}: ${reason}`);
    this.name = 'DocumentRejectedError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

export interface SkippedDocument {
  issuer: string;
  kind: DocumentKind;
  url: string;
  /** not-found: 404/410; robots: robots.txt says no; failed: an optional document that could not be fetched. */
  reason: 'not-found' | 'robots' | 'failed';
  detail: string;
}

export interface HttpConnectorOptions {
  /** Sent on every request; its product token is what robots.txt groups are matched against. */
  userAgent?: string;
  /** Fills {lang}; default 'en'. */
  lang?: string;
  /** Minimum gap between two requests to one host (robots.txt included); default 1 s. */
  minTimeMsPerHost?: number;
  /** Time cap per request; default 30 s. */
  timeoutMs?: number;
  maxBytesByKind?: Partial<Record<DocumentKind, number>>;
  /** Shared robots.txt cache; by default one private to this connector that shares its rate limit. */
  robots?: RobotsTxtCache;
  /** Tests only: address policy for safeFetch (robots.txt and documents). */
  isAllowedAddress?: AddressPolicy;
  /** Told about every document not returned, so absences can be logged. */
  onSkip?: (skipped: SkippedDocument) => void;
}

const MB = 1024 * 1024;

/** KIDs, KIIDs and factsheets are PDFs (8 MB, as for POST /extract); the other kinds are CSV/XLSX tables. */
export const DEFAULT_MAX_BYTES_BY_KIND: Readonly<Record<DocumentKind, number>> = {
  kid: 8 * MB,
  kiid: 8 * MB,
  factsheet: 8 * MB,
  holdings: 16 * MB,
  nav: 16 * MB,
  ept: 16 * MB,
  emt: 16 * MB,
  tpt: 16 * MB,
  'scpi-bulletin': 8 * MB,
  'scpi-dic': 8 * MB,
  'scpi-annual': 16 * MB,
  'scpi-note': 16 * MB,
};

export const DEFAULT_USER_AGENT = 'FundDataService/0.1 (+https://funddata.example/bot)';
const LANG_PATTERN = /^[a-z]{2,3}(-[A-Za-z]{2})?$/;

// ---------------------------------------------------------------- failure classification

/**
 * Worth another attempt (by the activity, later): the network, a timeout, rate limiting or a server
 * error. Never other 4xx.
 */
export function isTransientFailure(err: unknown): boolean {
  if (err instanceof FetchNetworkError || err instanceof FetchTimeoutError) return true;
  return err instanceof HttpStatusError && (err.status === 429 || err.status >= 500);
}

/** Retry-After as milliseconds (delta-seconds or HTTP-date), or null. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * The failure a fetch throws: the first in plan order. When that one is transient, it is
 * given the longest Retry-After any failed document asked for, since the next attempt asks every host again.
 */
function withLongestWait(failures: unknown[]): unknown {
  const [first] = failures;
  if (first instanceof DocumentUnavailableError) {
    const waits = failures.flatMap((f) =>
      f instanceof DocumentUnavailableError && f.retryAfterMs !== null ? [f.retryAfterMs] : [],
    );
    if (waits.length > 0) first.retryAfterMs = Math.max(...waits);
  }
  return first;
}

// ---------------------------------------------------------------- connector

export interface PlannedDocument {
  issuer: string;
  template: DocumentTemplate;
  url: string;
}

/** The media type without parameters ("text/csv; charset=utf-8" -> "text/csv"). */
function essence(contentType: string | null): string | null {
  const type = contentType?.split(';')[0].trim().toLowerCase();
  return type || null;
}

export class HttpDocumentConnector implements SourceConnector {
  readonly name = 'issuer-http';
  private readonly userAgent: string;
  private readonly lang: string;
  private readonly timeoutMs: number;
  private readonly maxBytesByKind: Record<DocumentKind, number>;
  private readonly robots: RobotsTxtCache;
  private readonly hosts: Bottleneck.Group;

  constructor(
    private readonly issuers: IssuerTemplates,
    private readonly options: HttpConnectorOptions = {},
  ) {
    this.userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.lang = options.lang ?? 'en';
    if (!LANG_PATTERN.test(this.lang))
      throw new RangeError(`lang ${JSON.stringify(this.lang)} is not a language tag like en or de-CH`);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxBytesByKind = { ...DEFAULT_MAX_BYTES_BY_KIND, ...options.maxBytesByKind };
    // One queue per host: one request in flight and at least minTime between starts, robots.txt included.
    this.hosts = new Bottleneck.Group({ maxConcurrent: 1, minTime: options.minTimeMsPerHost ?? 1000 });
    const rateLimited: RobotsFetcher = (url, opts) => this.scheduled(url, opts);
    this.robots =
      options.robots ?? new RobotsTxtCache({ fetcher: rateLimited, isAllowedAddress: options.isAllowedAddress });
  }

  async fetch(input: string): Promise<SourceDocument[]> {
    const isin = normaliseIsin(input);
    if (!isin) return []; // never build a URL from an unvalidated string
    const planned = this.plan(isin);
    // allSettled, not all: a failing required document must not leave its siblings running unobserved.
    const settled = await Promise.allSettled(planned.map((doc) => this.fetchOne(doc)));
    const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
    if (failures.length > 0) throw withLongestWait(failures);
    return settled.flatMap((s) => (s.status === 'fulfilled' && s.value ? [s.value] : []));
  }

  /** Every document URL to try for the ISIN, in configuration order. */
  plan(isin: string): PlannedDocument[] {
    const values: TemplateValues = { isin, isinLower: isin.toLowerCase(), lang: this.lang };
    return this.issuers
      .filter(({ isinPrefixes }) => !isinPrefixes || isinPrefixes.some((prefix) => isin.startsWith(prefix)))
      .flatMap(({ issuer, documents }) =>
        documents.map((template) => ({ issuer, template, url: fillUrlTemplate(template.urlTemplate, values) })),
      );
  }

  /** The document, or null when it is absent, disallowed, or optional and failing. */
  private async fetchOne(doc: PlannedDocument): Promise<SourceDocument | null> {
    const verdict = await this.robots.check(doc.url, this.userAgent);
    if (!verdict.allowed) {
      if (verdict.basis === 'rules') return this.skip(doc, 'robots', verdict.reason);
      // We could not learn the publisher's wishes: a failure to fetch, not a "no".
      const failure =
        verdict.basis === 'unreachable'
          ? new DocumentUnavailableError(doc.issuer, doc.template.kind, doc.url, verdict.reason)
          : new DocumentRejectedError(doc.issuer, doc.template.kind, doc.url, verdict.reason);
      return this.fail(doc, failure);
    }
    let response: SafeFetchResult;
    try {
      response = await this.fetchOnce(doc);
    } catch (err) {
      if (err instanceof HttpStatusError && (err.status === 404 || err.status === 410)) {
        return this.skip(doc, 'not-found', `HTTP ${err.status}`);
      }
      return this.fail(doc, this.classify(doc, err));
    }
    return {
      kind: doc.template.kind,
      mediaType: doc.template.mediaType ?? essence(response.contentType) ?? 'application/octet-stream',
      origin: response.finalUrl,
      retrievedAt: new Date().toISOString(),
      content: response.body,
    };
  }

  /** One request, no retry (see the module comment: the activity's retry policy is the only one). */
  private fetchOnce(doc: PlannedDocument): Promise<SafeFetchResult> {
    return this.scheduled(doc.url, {
      maxBytes: this.maxBytesByKind[doc.template.kind],
      timeoutMs: this.timeoutMs,
      userAgent: this.userAgent,
      isAllowedAddress: this.options.isAllowedAddress,
    });
  }

  /** safeFetch in the queue of the URL's host. Redirects to other hosts are not queued there. */
  private scheduled(url: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
    return this.hosts.key(new URL(url).host).schedule(() => safeFetch(url, opts));
  }

  private classify(doc: PlannedDocument, err: unknown): Error {
    if (!(err instanceof SafeFetchError)) throw err; // a bug, not a fetch failure: let it surface as itself
    const reason = err.message;
    return isTransientFailure(err)
      ? new DocumentUnavailableError(doc.issuer, doc.template.kind, doc.url, reason, {
          cause: err,
          retryAfterMs: err instanceof HttpStatusError ? retryAfterMs(err.retryAfter) : null,
        })
      : new DocumentRejectedError(doc.issuer, doc.template.kind, doc.url, reason, { cause: err });
  }

  private skip(doc: PlannedDocument, reason: SkippedDocument['reason'], detail: string): null {
    this.options.onSkip?.({ issuer: doc.issuer, kind: doc.template.kind, url: doc.url, reason, detail });
    return null;
  }

  /**
   * Optional documents are skipped; required ones fail the fetch. An optional document thus gets one
   * request per load: its failure does not fail the activity, so Temporal does not ask again for it.
   */
  private fail(doc: PlannedDocument, failure: Error): null {
    if (doc.template.optional) return this.skip(doc, 'failed', failure.message);
    throw failure;
  }
}

/**
 * Runs one recipe for one ISIN in one language: each step's request, what it takes from the answer for the next, and
 * the document at the end, checked by its signature. The outcome says what a person would: found, no such document
 * (the server said so, or robots.txt forbids asking), or the manager could not be asked (and whether later may help).
 */
import { load as loadHtml } from 'cheerio';
import { JSONPath } from 'jsonpath-plus';

import type { DocumentKind, SourceDocument } from '../../domain/documents';
import { HttpStatusError, SafeFetchError } from '../../outbound/safeFetch';
import { sniff } from '../../parsing/identify/sniff';
import { TABLE_MEDIA_TYPES } from '../../parsing/identify/sniff';
import { type IssuerHttp, type IssuerResponse, isTransient, isUnreachable, RobotsRefusalError } from './http';
import type { DocumentType, Recipe, RecipeStep } from './recipes';
import { fillJson, fillPattern, fillText, fillUrl, type Variables } from './template';

const MB = 1024 * 1024;
/** Listing pages and search answers are small; documents get the cap of their kind. */
const STEP_MAX_BYTES = 4 * MB;
const DOCUMENT_MAX_BYTES: Partial<Record<DocumentKind, number>> = { holdings: 16 * MB, nav: 16 * MB };
const DEFAULT_DOCUMENT_MAX_BYTES = 8 * MB;
/** Candidates kept from one answer (a listing of thousands of links must not make a huge list). */
const MAX_CANDIDATES = 500;

/** The copy fetched before by this recipe for this ISIN, for a conditional request. */
interface KnownCopy {
  url: string;
  etag: string | null;
  lastModified: string | null;
  sha256: string;
  fetchedAt: string;
}

export type RecipeOutcome =
  | {
      status: 'found';
      document: SourceDocument;
      url: string;
      etag: string | null;
      lastModified: string | null;
      /** The server said our copy is current: nothing was downloaded. */
      notModified: boolean;
    }
  | { status: 'missing'; reason: string; robots: boolean }
  | {
      status: 'failed';
      reason: string;
      /** Asking later may work (a timeout, a 5xx, a host down); false: the recipe no longer fits the server. */
      transient: boolean;
      unreachable: boolean;
      retryAfterMs: number | null;
    };

/** One step as it went, for `npm run issuers -- check` and the logs. */
export interface StepTrace {
  recipe: string;
  step: number;
  method: string;
  url: string;
  status: string;
  ms: number;
  found: string;
}

export interface RunContext {
  http: IssuerHttp;
  known?: KnownCopy | null;
  /** The bytes of a document stored before (a 304 answers with them). */
  storedContent(sha256: string): Promise<Buffer | null>;
  trace?: (trace: StepTrace) => void;
  now?: () => Date;
}

class Missing extends Error {
  constructor(
    message: string,
    readonly robots = false,
  ) {
    super(message);
  }
}

/** The answer does not fit the recipe (a page where a PDF should be): for the ISIN no document, for the recipe a failure. */
class Broken extends Error {}

const MEDIA_TYPES: Record<DocumentType, string> = {
  pdf: 'application/pdf',
  csv: TABLE_MEDIA_TYPES.csv,
  xlsx: TABLE_MEDIA_TYPES.xlsx,
  json: TABLE_MEDIA_TYPES.json,
};

export async function runRecipe(recipe: Recipe, isin: string, lang: string, ctx: RunContext): Promise<RecipeOutcome> {
  const variables: Record<string, string> = { isin, isinLower: isin.toLowerCase(), lang, ...recipe.languages[lang] };
  try {
    for (const [index, step] of recipe.steps.entries()) {
      const last = index === recipe.steps.length - 1;
      if (last) return await documentStep(recipe, step, index, variables, ctx);
      variables[step.as!] = await valueStep(recipe, step, index, variables, ctx);
    }
    throw new Broken('no step takes the document'); // validation makes this unreachable
  } catch (err) {
    return outcomeOf(err);
  }
}

function outcomeOf(err: unknown): RecipeOutcome {
  if (err instanceof Missing) return { status: 'missing', reason: err.message, robots: err.robots };
  if (err instanceof Broken)
    return { status: 'failed', reason: err.message, transient: false, unreachable: false, retryAfterMs: null };
  if (err instanceof RobotsRefusalError && !err.transient)
    return { status: 'missing', reason: `${err.url}: ${err.reason}`, robots: true };
  const transient = isTransient(err);
  if (!transient && !(err instanceof SafeFetchError)) throw err; // a bug: let it surface as itself
  return {
    status: 'failed',
    reason: (err as Error).message,
    transient,
    unreachable: isUnreachable(err),
    retryAfterMs: err instanceof HttpStatusError ? retryAfterMs(err.retryAfter) : null,
  };
}

/** Retry-After as milliseconds (delta-seconds or HTTP-date), or null. */
function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

async function send(
  recipe: Recipe,
  step: RecipeStep,
  index: number,
  variables: Variables,
  ctx: RunContext,
  extra: { maxBytes: number; conditional?: KnownCopy | null },
): Promise<IssuerResponse> {
  const url = fillUrl(step.request.url, variables);
  const host = hostOf(url);
  if (!host || !(host in recipe.hosts))
    throw new Broken(`step ${index + 1}: ${url} is not on one of ${recipe.manager}'s hosts`);
  const headers = Object.fromEntries(
    Object.entries(step.request.headers ?? {}).map(([name, value]) => [name, fillText(value, variables)]),
  );
  let body: string | undefined;
  if (step.request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(
      Object.entries(step.request.form).map(([key, value]): [string, string] => [key, fillText(value, variables)]),
    ).toString();
  } else if (step.request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fillJson(step.request.json, variables));
  }
  const started = Date.now();
  const trace = (status: string, found: string) =>
    ctx.trace?.({
      recipe: recipe.name,
      step: index + 1,
      method: step.request.method,
      url,
      status,
      ms: Date.now() - started,
      found,
    });
  try {
    const response = await ctx.http.request({
      method: step.request.method,
      url,
      headers,
      body,
      maxBytes: extra.maxBytes,
      minIntervalMs: recipe.hosts[host].minIntervalMs,
      conditional: extra.conditional && extra.conditional.url === url ? extra.conditional : undefined,
    });
    trace(response.notModified ? '304' : String(response.status), response.notModified ? 'not modified' : '');
    return response;
  } catch (err) {
    trace(err instanceof HttpStatusError ? String(err.status) : 'error', (err as Error).message);
    if (err instanceof HttpStatusError && (step.missing ?? [404, 410]).includes(err.status))
      throw new Missing(`${url}: HTTP ${err.status}`);
    throw err;
  }
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

async function valueStep(
  recipe: Recipe,
  step: RecipeStep,
  index: number,
  variables: Variables,
  ctx: RunContext,
): Promise<string> {
  const response = await send(recipe, step, index, variables, ctx, { maxBytes: STEP_MAX_BYTES });
  if (response.notModified) throw new Broken('a 304 to an unconditional request');
  let values = candidates(step, response.body.toString('utf8'), response.finalUrl, variables).slice(0, MAX_CANDIDATES);
  if (step.where) {
    const where = fillPattern(step.where, variables);
    values = values.filter((value) => where.test(value));
  }
  const [first] = values;
  if (first === undefined) throw new Missing(`step ${index + 1}: nothing found at ${response.finalUrl}`);
  return (step.rewrite ?? []).reduce(
    (value, [pattern, replacement]) => value.replace(fillPattern(pattern, variables), replacement),
    first,
  );
}

/** The values a step's `take` finds in an answer, in document order. */
function candidates(step: RecipeStep, text: string, baseUrl: string, variables: Variables): string[] {
  const take = step.take;
  const resolve = (href: string) => {
    try {
      return [new URL(href, baseUrl).href];
    } catch {
      return [];
    }
  };
  if ('redirect' in take) return [baseUrl];
  if ('text' in take) return matches(fillPattern(take.text, variables, 'gi'), text);
  if ('json' in take) return jsonValues(take.json, text);
  if ('link' in take) {
    const link = take.link;
    if ('regex' in link) return matches(fillPattern(link.regex, variables, 'gi'), text).flatMap(resolve);
    const $ = loadHtml(text);
    const wanted = link.text ? fillPattern(link.text, variables) : null;
    return $(link.css)
      .toArray()
      .filter((element) => !wanted || wanted.test($(element).text()))
      .flatMap((element) => {
        const value = $(element).attr(link.attribute);
        return value ? resolve(value) : [];
      });
  }
  return [];
}

function matches(pattern: RegExp, text: string): string[] {
  return [...text.matchAll(pattern)].map((match) => match[1] ?? match[0]);
}

function jsonValues(path: string, text: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Broken(`expected JSON, got ${JSON.stringify(text.slice(0, 40))}`);
  }
  const found = JSONPath({ path, json: json as object, eval: false, wrap: true }) as unknown[];
  return found.flatMap((value) => (typeof value === 'string' || typeof value === 'number' ? [String(value)] : []));
}

async function documentStep(
  recipe: Recipe,
  step: RecipeStep,
  index: number,
  variables: Variables,
  ctx: RunContext,
): Promise<RecipeOutcome> {
  const maxBytes = DOCUMENT_MAX_BYTES[recipe.kind] ?? DEFAULT_DOCUMENT_MAX_BYTES;
  const type = (step.take as { document: DocumentType }).document;
  const response = await send(recipe, step, index, variables, ctx, { maxBytes, conditional: ctx.known });
  const now = (ctx.now ?? (() => new Date()))();
  if (response.notModified && ctx.known) {
    const content = await ctx.storedContent(ctx.known.sha256);
    if (content) return found(recipe, ctx.known.url, content, type, ctx.known.fetchedAt, ctx.known, true);
    // Our copy is gone: ask again for the whole document.
    return documentStep(recipe, step, index, variables, { ...ctx, known: null });
  }
  if (response.notModified) throw new Broken('a 304 to an unconditional request');
  const sniffed = sniff(response.body);
  const format = 'format' in sniffed ? sniffed.format : null;
  if (format !== type) {
    const what = format ?? ('refused' in sniffed ? sniffed.refused : 'unknown');
    throw new Missing(`${response.finalUrl}: answered ${response.contentType ?? 'no type'} (${what}), not a ${type}`);
  }
  return found(recipe, response.finalUrl, response.body, type, now.toISOString(), response, false);
}

function found(
  recipe: Recipe,
  url: string,
  content: Buffer,
  type: DocumentType,
  retrievedAt: string,
  validators: { etag: string | null; lastModified: string | null },
  notModified: boolean,
): RecipeOutcome {
  return {
    status: 'found',
    document: {
      kind: recipe.kind,
      mediaType: MEDIA_TYPES[type],
      origin: url,
      retrievedAt,
      content,
      recipe: recipe.name,
    },
    url,
    etag: validators.etag,
    lastModified: validators.lastModified,
    notModified,
  };
}

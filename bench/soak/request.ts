/**
 * One request of the traffic: sent, its answer judged (error, 429, unexpected or expected) and filed
 * with the recorder. An error is a 5xx, a timeout, a connection error, an error status whose body is
 * not JSON or a 2xx whose body is not what the endpoint serves.
 */
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';

import type { Pool as HttpPool } from 'undici';

import { mainConnection } from './connections';
import { type Phase, recorder, underWay } from './recorder';
import { TIMEOUT_MS } from './settings';

type BodyKind = 'json' | 'ndjson' | 'html' | 'pdf' | 'any' | 'none';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** From the origin: /api/v1/... or /docs... */
  path: string;
  key?: string;
  json?: unknown;
  body?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  expect: readonly number[];
  kind: BodyKind;
  /** A reason when the answer is not the one this request was built to get. */
  check?: (answer: Answer) => string | null;
  via?: HttpPool;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ms: number;
  /** The body parsed, for json answers. */
  data: unknown;
  text(): string;
}

function excerpt(text: string, n = 300): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > n ? `${flat.slice(0, n)}...` : flat;
}

function describe(spec: RequestSpec): string {
  const body =
    spec.json !== undefined
      ? ` ${excerpt(JSON.stringify(spec.json), 200)}`
      : spec.body
        ? ` <${spec.body.length} bytes ${spec.contentType ?? ''}>`
        : '';
  return `${spec.method} ${spec.path}${body}`;
}

export function headerOf(answer: Pick<Answer, 'headers'>, name: string): string {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** The body as text, gunzipped when the answer says it is gzip. */
export const decodedText = (answer: Answer) =>
  headerOf(answer, 'content-encoding') === 'gzip' ? zlib.gunzipSync(answer.body).toString('utf8') : answer.text();

/** The JSON body as an object (empty when it is not JSON). */
export const obj = (answer: Answer) => (answer.data ?? {}) as Record<string, unknown>;

/** A check that the error body names `code`. */
export const codeIs = (code: string) => (a: Answer) =>
  obj(a).code === code ? null : `code ${String(obj(a).code)}, expected ${code}`;

/** What is wrong with a 2xx body, or null. */
function badBody(kind: BodyKind, answer: Answer): string | null {
  const type = headerOf(answer, 'content-type');
  switch (kind) {
    case 'json':
      if (!type.includes('application/json')) return `content-type ${type}`;
      return answer.data === undefined ? 'body is not JSON' : null;
    case 'ndjson': {
      if (!type.includes('application/x-ndjson')) return `content-type ${type}`;
      const body = decodedText(answer);
      if (body.length > 0 && !body.endsWith('\n')) return 'NDJSON does not end with a newline (cut short?)';
      for (const line of body.split('\n').filter(Boolean)) JSON.parse(line);
      return null;
    }
    case 'html':
      return type.includes('text/html') && /^\s*<!doctype html/i.test(answer.text().slice(0, 100))
        ? null
        : `not an HTML page (${type})`;
    case 'pdf':
      return type.includes('application/pdf') && answer.body.subarray(0, 5).toString('latin1') === '%PDF-'
        ? null
        : `not a PDF (${type})`;
    case 'any':
      return answer.body.length > 0 ? null : 'empty body';
    case 'none':
      return null;
  }
}

/**
 * The request sent and its whole answer read, within TIMEOUT_MS; null (filed as an error) when no complete answer came.
 */
async function send(phase: Phase, endpoint: string, spec: RequestSpec): Promise<Answer | null> {
  const headers: Record<string, string> = { ...spec.headers };
  if (spec.key) headers['x-api-key'] = spec.key;
  let body: Buffer | undefined = spec.body;
  if (spec.json !== undefined) {
    body = Buffer.from(JSON.stringify(spec.json));
    headers['content-type'] = 'application/json';
  } else if (spec.contentType) headers['content-type'] = spec.contentType;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  const started = performance.now();
  const entry = { what: `${spec.method} ${spec.path.slice(0, 120)}`, started };
  underWay.add(entry);
  try {
    const res = await (spec.via ?? mainConnection()).request({
      method: spec.method,
      path: spec.path,
      headers,
      body,
      signal: abort.signal,
    });
    const bytes = Buffer.from(await res.body.arrayBuffer());
    const ms = performance.now() - started;
    let parsed: unknown;
    let decoded: string | null = null;
    const text = () => (decoded ??= bytes.toString('utf8'));
    if (String(res.headers['content-type'] ?? '').includes('application/json')) {
      try {
        parsed = JSON.parse(text());
      } catch {
        parsed = undefined;
      }
    }
    return { status: res.statusCode, headers: res.headers, body: bytes, ms, data: parsed, text };
  } catch (err) {
    const ms = performance.now() - started;
    if (abort.signal.aborted)
      recorder.error(phase, endpoint, 'timeout', `${describe(spec)}: no complete answer within ${TIMEOUT_MS} ms`, ms);
    else
      recorder.error(
        phase,
        endpoint,
        'connection',
        `${describe(spec)}: ${(err as Error).message} (${(err as { code?: string }).code ?? ''})`,
        ms,
      );
    return null;
  } finally {
    clearTimeout(timer);
    underWay.delete(entry);
  }
}

/**
 * The error an answer is (5xx, an error body that is not JSON, a 2xx body that is not what the endpoint serves), or
 * null.
 */
function answerError(
  spec: RequestSpec,
  answer: Answer,
): { kind: '5xx' | 'non-JSON error body' | 'bad 2xx body'; detail: string } | null {
  const where = `${describe(spec)} -> ${answer.status}`;
  if (answer.status >= 500) return { kind: '5xx', detail: `${where}: ${excerpt(answer.text())}` };
  if (answer.status >= 400 && answer.data === undefined)
    return {
      kind: 'non-JSON error body',
      detail: `${where} (${headerOf(answer, 'content-type')}): ${excerpt(answer.text())}`,
    };
  if (answer.status >= 200 && answer.status < 300 && spec.expect.includes(answer.status)) {
    let bad: string | null;
    try {
      bad = badBody(spec.kind, answer);
    } catch (err) {
      bad = (err as Error).message;
    }
    if (bad) return { kind: 'bad 2xx body', detail: `${where}: ${bad}` };
  }
  return null;
}

/** Why the answer is not the one the request was built to get (another status, or its check fails), or null. */
function unexpectedReason(spec: RequestSpec, answer: Answer): string | null {
  if (!spec.expect.includes(answer.status)) return `status ${answer.status}, expected ${spec.expect.join(' or ')}`;
  if (!spec.check) return null;
  try {
    return spec.check(answer);
  } catch (err) {
    return `check failed: ${(err as Error).message}`;
  }
}

/**
 * Sends one request and files its outcome under `endpoint` in `phase`. Returns the answer when it is
 * an expected one (for the operation's bookkeeping: ids of what it created), else null.
 */
export async function call(phase: Phase, endpoint: string, spec: RequestSpec): Promise<Answer | null> {
  const answer = await send(phase, endpoint, spec);
  if (!answer) return null;
  const error = answerError(spec, answer);
  if (error) {
    recorder.error(phase, endpoint, error.kind, error.detail, answer.ms);
    return null;
  }
  const stats = recorder.stats(phase, endpoint);
  stats.requests++;
  stats.latencies.push(answer.ms);
  if (answer.status === 429) {
    stats.rateLimited++;
    return null;
  }
  const reason = unexpectedReason(spec, answer);
  if (reason) {
    stats.unexpected++;
    stats.note(`unexpected: ${describe(spec)} -> ${answer.status}: ${reason}: ${excerpt(answer.text(), 200)}`);
    return null;
  }
  if (answer.status < 300) stats.ok++;
  else stats.expected4xx++;
  return answer;
}

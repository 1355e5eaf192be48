/**
 * Soak (issue 13): SOAK_SECONDS (600) of mixed traffic over every endpoint of the contract at a steady,
 * open-loop rate (SOAK_RATE requests a second, scheduled at fixed instants whatever the answers), after
 * SOAK_WARMUP_SECONDS (60) of the same traffic; per endpoint the count, the errors and p50/p99; the
 * API's and the worker's memory every SOAK_SAMPLE_SECONDS (10) from /proc. Loopback only.
 *
 *   npm run soak                                    # a fresh test-profile stack, the soak inside it (scripts/soak.sh)
 *   SOAK_SECONDS=60 SOAK_WARMUP_SECONDS=20 node_modules/.bin/tsx bench/soak.ts   # inside a running stack (API_URL, DATA_DIR)
 *
 * An error is a 5xx, a timeout (SOAK_TIMEOUT_MS, the whole answer), a connection error, an error
 * status whose body is not JSON, a 2xx whose body is not what the endpoint serves (JSON, NDJSON, HTML,
 * PDF), or a request the generator could not send because SOAK_CONCURRENCY requests were still
 * waiting (the service fell behind). A 429 is an expected answer, counted apart. A status or answer
 * other than the one the request was built to get (a warm fund not cached, a webhook test not
 * delivered, a 404 for a sheet that exists) is "unexpected", counted apart too.
 *
 * Exits non-zero when errors exceed SOAK_MAX_ERROR_RATE (0.1 %) of the requests (warm-up included), unexpected
 * answers exceed the same share, the API's or the worker's memory grew more than SOAK_MAX_MEMORY_GROWTH
 * (10 %) between the first reading after the warm-up and the last one, or either was restarted.
 * Writes bench/results/soak.json and prints a markdown table for RELIABILITY.md.
 */
import dns from 'node:dns/promises';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { Pool as HttpPool } from 'undici';
import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';
import { isinCheckDigit, isValidIsin } from '../src/domain/isin';
import { PLANS, type PlanId } from '../src/domain/plans';
import { type MemorySample, type Role, readMemory, ROLES, slopeMbPerMinute } from './soakMemory';
import { config, log, machine, percentile, round1, round2 } from './support';

const BENCH = 'soak';

function envNumber(name: string, fallback: number, { min = 0, integer = false } = {}): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) throw new Error(`${name} must be a ${integer ? 'whole ' : ''}number >= ${min}, got ${raw}`);
  return value;
}

const RATE = envNumber('SOAK_RATE', 40, { min: 0.1 });
const SECONDS = envNumber('SOAK_SECONDS', 600, { min: 1, integer: true });
const WARMUP_SECONDS = envNumber('SOAK_WARMUP_SECONDS', 60, { integer: true });
const CONCURRENCY = envNumber('SOAK_CONCURRENCY', 64, { min: 1, integer: true });
const TIMEOUT_MS = envNumber('SOAK_TIMEOUT_MS', 30_000, { min: 100, integer: true });
const SAMPLE_SECONDS = envNumber('SOAK_SAMPLE_SECONDS', 10, { min: 1 });
/** Idle time after the last answer before one more reading (not checked): memory a collector gives back once the load stops is garbage, not a leak. */
const SETTLE_SECONDS = envNumber('SOAK_SETTLE_SECONDS', 60, { integer: true });
const MAX_ERROR_RATE = envNumber('SOAK_MAX_ERROR_RATE', 0.001);
const MAX_MEMORY_GROWTH = envNumber('SOAK_MAX_MEMORY_GROWTH', 0.1);
const SEED = envNumber('SOAK_SEED', 1, { integer: true });
/** For a look at one part of the traffic (e.g. SOAK_ONLY='factsheets|export'): only the operations whose row matches; the set-up is the same. */
const ONLY = process.env.SOAK_ONLY ? new RegExp(process.env.SOAK_ONLY, 'i') : null;
/** Keys of a plan are added until each uses at most this share of its per-minute burst. */
const BURST_SHARE = 0.5;

// ---------------------------------------------------------------------------------------------
// Loopback only

const isLoopbackAddress = (address: string) => /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === '::1' || address === '::ffff:127.0.0.1';

/** The host's every address must be loopback; the first one is returned (the demo calls pick their source address from it). */
async function loopbackAddressOf(what: string, host: string): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = isLoopbackAddress(bare) ? [bare] : (await dns.lookup(bare, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0 || !addresses.every(isLoopbackAddress)) {
    throw new RefusedError(`${what} ${host} is not a loopback address (${addresses.join(', ') || 'unresolved'}): the soak runs against a local stack only`);
  }
  return addresses[0];
}

class RefusedError extends Error {}

// ---------------------------------------------------------------------------------------------
// Deterministic choices

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
function sample<T>(items: readonly T[], n: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}
const isinOf = (prefix: string, n: number) => {
  const body = `${prefix}${String(n).padStart(11 - prefix.length, '0')}`;
  return body + isinCheckDigit(body);
};

// ---------------------------------------------------------------------------------------------
// Requests and their bookkeeping

type Phase = 'warmup' | 'measured';
type BodyKind = 'json' | 'ndjson' | 'html' | 'pdf' | 'any' | 'none';
type ErrorKind = '5xx' | 'timeout' | 'connection' | 'non-JSON error body' | 'bad 2xx body' | 'not sent (concurrency cap)' | 'client exception';

interface RequestSpec {
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

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ms: number;
  /** The body parsed, for json answers. */
  data: unknown;
  text(): string;
}

class EndpointStats {
  requests = 0;
  ok = 0;
  expected4xx = 0;
  rateLimited = 0;
  unexpected = 0;
  errors = 0;
  readonly errorKinds: Partial<Record<ErrorKind, number>> = {};
  readonly latencies: number[] = [];
  readonly samples: string[] = [];

  constructor(readonly endpoint: string, readonly order: number) {}

  note(line: string): void {
    if (this.samples.length < 5) this.samples.push(`[${((performance.now() - trafficStart) / 1000).toFixed(1)} s] ${line}`);
  }
}

/** When the traffic (warm-up included) started: the time of the samples of what went wrong. */
let trafficStart = performance.now();

/** The requests under way, oldest first (a Set keeps insertion order): named when the concurrency cap is reached. */
const underWay = new Set<{ what: string; started: number }>();

function oldestUnderWay(n: number): string {
  const now = performance.now();
  return [...underWay].slice(0, n).map((r) => `${r.what} (${Math.round(now - r.started)} ms)`).join('; ');
}

class Recorder {
  readonly phases: Record<Phase, Map<string, EndpointStats>> = { warmup: new Map(), measured: new Map() };
  private order = 0;

  stats(phase: Phase, endpoint: string): EndpointStats {
    const map = this.phases[phase];
    let stats = map.get(endpoint);
    if (!stats) {
      stats = new EndpointStats(endpoint, this.order++);
      map.set(endpoint, stats);
    }
    return stats;
  }

  error(phase: Phase, endpoint: string, kind: ErrorKind, detail: string, ms: number | null): void {
    const stats = this.stats(phase, endpoint);
    stats.requests++;
    stats.errors++;
    stats.errorKinds[kind] = (stats.errorKinds[kind] ?? 0) + 1;
    if (ms !== null) stats.latencies.push(ms);
    stats.note(`${kind}: ${detail}`);
  }
}

const recorder = new Recorder();
let origin = '';
let prefix = '/api/v1';
let mainPool: HttpPool;
let demoPools: HttpPool[] = [];

function excerpt(text: string, n = 300): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > n ? `${flat.slice(0, n)}...` : flat;
}

function describe(spec: RequestSpec): string {
  const body = spec.json !== undefined ? ` ${excerpt(JSON.stringify(spec.json), 200)}` : spec.body ? ` <${spec.body.length} bytes ${spec.contentType ?? ''}>` : '';
  return `${spec.method} ${spec.path}${body}`;
}

function headerOf(answer: Pick<Answer, 'headers'>, name: string): string {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** What is wrong with a 2xx body, or null. */
function badBody(kind: BodyKind, answer: Answer): string | null {
  const type = headerOf(answer, 'content-type');
  const text = () => answer.text();
  switch (kind) {
    case 'json':
      if (!type.includes('application/json')) return `content-type ${type}`;
      return answer.data === undefined ? 'body is not JSON' : null;
    case 'ndjson': {
      if (!type.includes('application/x-ndjson')) return `content-type ${type}`;
      const body = headerOf(answer, 'content-encoding') === 'gzip' ? zlib.gunzipSync(answer.body).toString('utf8') : text();
      if (body.length > 0 && !body.endsWith('\n')) return 'NDJSON does not end with a newline (cut short?)';
      for (const line of body.split('\n').filter(Boolean)) JSON.parse(line);
      return null;
    }
    case 'html':
      return type.includes('text/html') && /^\s*<!doctype html/i.test(text().slice(0, 100)) ? null : `not an HTML page (${type})`;
    case 'pdf':
      return type.includes('application/pdf') && answer.body.subarray(0, 5).toString('latin1') === '%PDF-' ? null : `not a PDF (${type})`;
    case 'any':
      return answer.body.length > 0 ? null : 'empty body';
    case 'none':
      return null;
  }
}

/**
 * Sends one request and files its outcome under `endpoint` in `phase`. Returns the answer when it is
 * an expected one (for the operation's bookkeeping: ids of what it created), else null.
 */
async function call(phase: Phase, endpoint: string, spec: RequestSpec): Promise<Answer | null> {
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
  let answer: Answer;
  try {
    const res = await (spec.via ?? mainPool).request({ method: spec.method, path: spec.path, headers, body, signal: abort.signal });
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
    answer = { status: res.statusCode, headers: res.headers, body: bytes, ms, data: parsed, text };
  } catch (err) {
    const ms = performance.now() - started;
    if (abort.signal.aborted) recorder.error(phase, endpoint, 'timeout', `${describe(spec)}: no complete answer within ${TIMEOUT_MS} ms`, ms);
    else recorder.error(phase, endpoint, 'connection', `${describe(spec)}: ${(err as Error).message} (${(err as { code?: string }).code ?? ''})`, ms);
    return null;
  } finally {
    clearTimeout(timer);
    underWay.delete(entry);
  }
  const stats = recorder.stats(phase, endpoint);
  const where = `${describe(spec)} -> ${answer.status}`;
  if (answer.status >= 500) {
    recorder.error(phase, endpoint, '5xx', `${where}: ${excerpt(answer.text())}`, answer.ms);
    return null;
  }
  if (answer.status >= 400 && answer.data === undefined) {
    recorder.error(phase, endpoint, 'non-JSON error body', `${where} (${headerOf(answer, 'content-type')}): ${excerpt(answer.text())}`, answer.ms);
    return null;
  }
  if (answer.status >= 200 && answer.status < 300 && spec.expect.includes(answer.status)) {
    let bad: string | null;
    try {
      bad = badBody(spec.kind, answer);
    } catch (err) {
      bad = (err as Error).message;
    }
    if (bad) {
      recorder.error(phase, endpoint, 'bad 2xx body', `${where}: ${bad}`, answer.ms);
      return null;
    }
  }
  stats.requests++;
  stats.latencies.push(answer.ms);
  if (answer.status === 429) {
    stats.rateLimited++;
    return null;
  }
  let reason = spec.expect.includes(answer.status) ? null : `status ${answer.status}, expected ${spec.expect.join(' or ')}`;
  if (!reason && spec.check) {
    try {
      reason = spec.check(answer);
    } catch (err) {
      reason = `check failed: ${(err as Error).message}`;
    }
  }
  if (reason) {
    stats.unexpected++;
    stats.note(`unexpected: ${where}: ${reason}: ${excerpt(answer.text(), 200)}`);
    return null;
  }
  if (answer.status < 300) stats.ok++;
  else stats.expected4xx++;
  return answer;
}

const api = (p: string) => `${prefix}${p}`;
const obj = (answer: Answer) => (answer.data ?? {}) as Record<string, unknown>;
const codeIs = (code: string) => (a: Answer) => (obj(a).code === code ? null : `code ${String(obj(a).code)}, expected ${code}`);

// ---------------------------------------------------------------------------------------------
// What the traffic works on

interface Sheet {
  id: string;
  /** Path of the keyless page from the origin, /api/v1/shared/factsheets/<token>. */
  sharedPath: string;
  key: string;
  busy: number;
  favorite: boolean;
}

interface Hook {
  id: string;
  key: string;
  busy: number;
  active: boolean;
}

interface State {
  keys: Record<PlanId, string[]>;
  turns: Record<PlanId, number>;
  warm: string[];
  names: string[];
  cold: string[];
  coldLoaded: Set<string>;
  coldTurn: number;
  coldRefreshes: number;
  unknownTurn: number;
  remembered: string[];
  notCached: string[];
  scpi: { slug: string; isin: string | null }[];
  searchQueries: string[];
  sheetKeys: string[];
  sheets: Sheet[];
  hookKeys: string[];
  hooks: Hook[];
  hooksPending: Map<string, number>;
  receiverUrl: string;
  received: number;
  documents: { name: string; bytes: Buffer }[];
  db: ReturnType<typeof createPool>;
}

let state: State;

function keyOf(plan: PlanId): string {
  const keys = state.keys[plan];
  return keys[state.turns[plan]++ % keys.length];
}

type Operation = {
  /** The row its requests are filed under (some operations file some requests under a variant). */
  endpoint: string;
  weight: number;
  /** Plans whose keys it uses, in turn (empty: keyless). */
  plans: PlanId[];
  run(phase: Phase): Promise<void>;
};

const SCPI_QUERIES = ['sample', 'bureaux', 'epargne', 'logistique', 'sante', 'residentiel', 'ZZSCPI', 'commerces'];

/** The operations, one request each; weights so that the cheap reads dominate and every endpoint is hit many times. */
function operations(): Operation[] {
  const warmIsin = () => pick(state.warm);
  const ops: Operation[] = [
    {
      endpoint: 'GET /funds/{isin} (warm)', weight: 330, plans: ['enterprise', 'enterprise', 'scale', 'pro'],
      async run(phase) {
        const isin = warmIsin();
        await call(phase, this.endpoint, {
          method: 'GET', path: api(`/funds/${isin}`), key: keyOf(pick(this.plans)), expect: [200], kind: 'json',
          check: (a) => (obj(a).isin === isin && obj(a).cached === true ? null : `isin ${String(obj(a).isin)}, cached ${String(obj(a).cached)}`),
        });
      },
    },
    {
      endpoint: 'GET /funds/{isin} (cold: first load or stale)', weight: 5, plans: ['enterprise'],
      async run(phase) {
        const isin = state.cold[state.coldTurn++ % state.cold.length];
        // Once stored, aged past the freshness window (as a day-old payload is): the request refreshes it through the load workflow.
        if (state.coldLoaded.has(isin)) await state.db.query("UPDATE funds SET generated_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE isin = $1", [isin]);
        const answer = await call(phase, this.endpoint, { method: 'GET', path: api(`/funds/${isin}`), key: keyOf('enterprise'), expect: [200], kind: 'json' });
        if (answer) {
          state.coldLoaded.add(isin);
          if (obj(answer).cached === false) state.coldRefreshes++;
        }
      },
    },
    {
      endpoint: 'GET /funds/{isin} (unknown: 404)', weight: 10, plans: ['enterprise', 'pro'],
      async run(phase) {
        // Every other one never asked before (a load that finds nothing), the others remembered misses.
        const turn = state.unknownTurn++;
        const isin = turn % 2 === 0 ? isinOf(`ZZSK${SEED % 10}`, 100_000 + turn) : pick(state.remembered);
        await call(phase, this.endpoint, { method: 'GET', path: api(`/funds/${isin}`), key: keyOf(pick(this.plans)), expect: [404], kind: 'json', check: codeIs('fund_not_found') });
      },
    },
    {
      endpoint: 'GET /funds/{isin} (invalid: 400)', weight: 8, plans: ['pro'],
      async run(phase) {
        const bad = pick(['ZZSMPL000015', 'ZZ123', 'NOT-AN-ISIN!', 'zzsmpl00001x']);
        await call(phase, this.endpoint, { method: 'GET', path: api(`/funds/${encodeURIComponent(bad)}`), key: keyOf('pro'), expect: [400], kind: 'json', check: codeIs('invalid_isin') });
      },
    },
    {
      endpoint: 'GET /funds/{isin}/holdings', weight: 35, plans: ['enterprise', 'scale'],
      async run(phase) {
        await call(phase, this.endpoint, { method: 'GET', path: api(`/funds/${warmIsin()}/holdings`), key: keyOf(pick(this.plans)), expect: [200], kind: 'json' });
      },
    },
    {
      endpoint: 'POST /funds', weight: 40, plans: ['enterprise', 'scale'],
      async run(phase) {
        const warm = sample(state.warm, between(3, 12));
        const extra = random() < 0.3 ? [pick(state.remembered)] : [];
        const invalid = random() < 0.3 ? ['not-an-isin'] : [];
        const isins = [...warm, ...extra, ...invalid];
        const want = (input: string) => (warm.includes(input) ? 'ok' : extra.includes(input) ? 'not_found' : 'invalid');
        await call(phase, this.endpoint, {
          method: 'POST', path: api('/funds'), key: keyOf(pick(this.plans)), json: { isins, wait: true }, expect: [200], kind: 'json',
          check: (a) => {
            const results = (obj(a).results ?? []) as { input: string; status: string }[];
            if (results.length !== isins.length) return `${results.length} results for ${isins.length} inputs`;
            const wrong = results.find((r, i) => r.input !== isins[i] || r.status !== want(r.input));
            return wrong ? `${wrong.input}: ${wrong.status}, expected ${want(wrong.input)}` : null;
          },
        });
      },
    },
    {
      endpoint: 'GET /me', weight: 90, plans: ['enterprise', 'scale', 'pro', 'starter'],
      async run(phase) {
        await call(phase, this.endpoint, { method: 'GET', path: api('/me'), key: keyOf(pick(this.plans)), expect: [200], kind: 'json' });
      },
    },
    {
      endpoint: 'GET /me (no key: 401)', weight: 8, plans: [],
      async run(phase) {
        await call(phase, this.endpoint, { method: 'GET', path: api('/me'), expect: [401], kind: 'json', check: codeIs('missing_api_key') });
      },
    },
    {
      endpoint: 'GET /health', weight: 30, plans: [],
      async run(phase) {
        await call(phase, this.endpoint, { method: 'GET', path: api('/health'), expect: [200], kind: 'json', check: (a) => (obj(a).status === 'ok' ? null : `status ${String(obj(a).status)}`) });
      },
    },
    {
      endpoint: 'GET /search', weight: 100, plans: ['enterprise', 'pro'],
      async run(phase) {
        const q = pick(state.searchQueries);
        await call(phase, this.endpoint, { method: 'GET', path: api(`/search?q=${encodeURIComponent(q)}&limit=${pick([5, 10, 20])}`), key: keyOf(pick(this.plans)), expect: [200], kind: 'json' });
      },
    },
    {
      endpoint: 'POST /portfolio', weight: 30, plans: ['enterprise', 'scale'],
      async run(phase) {
        const positions = sample(state.warm, between(3, 15)).map((isin) => ({ isin, weight: between(1, 100) }));
        await call(phase, this.endpoint, {
          method: 'POST', path: api('/portfolio'), key: keyOf(pick(this.plans)), json: { positions, wait: true }, expect: [200], kind: 'json',
          check: (a) => (Number(obj(a).coverage) > 0 ? null : `coverage ${String(obj(a).coverage)}`),
        });
      },
    },
    {
      endpoint: 'GET /overlap', weight: 30, plans: ['enterprise', 'scale'],
      async run(phase) {
        const isins = sample(state.warm, between(2, 5));
        const pairs = (isins.length * (isins.length - 1)) / 2;
        await call(phase, this.endpoint, {
          method: 'GET', path: api(`/overlap?isins=${isins.join(',')}`), key: keyOf(pick(this.plans)), expect: [200], kind: 'json',
          check: (a) => ((obj(a).pairs as unknown[] | undefined)?.length === pairs ? null : `${(obj(a).pairs as unknown[] | undefined)?.length} pairs, expected ${pairs}`),
        });
      },
    },
    {
      endpoint: 'GET /changes', weight: 30, plans: ['scale', 'enterprise'],
      async run(phase) {
        const query = pick(['', `?since=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&limit=100`, `?isins=${sample(state.warm, 3).join(',')}`, '?event=fund.changed&limit=50']);
        await call(phase, this.endpoint, { method: 'GET', path: api(`/changes${query}`), key: keyOf(pick(this.plans)), expect: [200], kind: 'json' });
      },
    },
    ...(['/changes', '/webhooks', '/export'] as const).map((route): Operation => ({
      endpoint: `GET ${route} (starter key: 403)`, weight: 2, plans: ['starter'],
      async run(phase) {
        await call(phase, this.endpoint, { method: 'GET', path: api(route), key: keyOf('starter'), expect: [403], kind: 'json', check: codeIs('plan_required') });
      },
    })),
    {
      endpoint: 'GET /webhooks', weight: 20, plans: ['scale'],
      async run(phase) {
        await call(phase, this.endpoint, { method: 'GET', path: api('/webhooks'), key: pick(state.hookKeys), expect: [200], kind: 'json' });
      },
    },
    {
      endpoint: 'POST /webhooks', weight: 6, plans: ['scale'],
      async run(phase) {
        const count = (key: string) => state.hooks.filter((h) => h.key === key).length + (state.hooksPending.get(key) ?? 0);
        const key = [...state.hookKeys].sort((a, b) => count(a) - count(b))[0];
        state.hooksPending.set(key, (state.hooksPending.get(key) ?? 0) + 1);
        try {
          const answer = await call(phase, this.endpoint, {
            method: 'POST', path: api('/webhooks'), key, expect: [201], kind: 'json',
            json: { url: `${state.receiverUrl}/hooks/${state.hooks.length}`, events: ['fund.changed', 'fund.refreshed'], isins: sample(state.warm, between(1, 3)) },
            check: (a) => (typeof obj(a).id === 'string' && typeof obj(a).secret === 'string' ? null : 'no id or secret'),
          });
          if (answer) state.hooks.push({ id: String(obj(answer).id), key, busy: 0, active: true });
        } finally {
          state.hooksPending.set(key, (state.hooksPending.get(key) ?? 1) - 1);
        }
      },
    },
    {
      endpoint: 'POST /webhooks/{id}', weight: 8, plans: ['scale'],
      async run(phase) {
        const hook = state.hooks.length > 0 ? pick(state.hooks) : null;
        if (!hook) {
          await call(phase, this.endpoint, { method: 'POST', path: api('/webhooks/we_doesnotexist'), key: pick(state.hookKeys), json: {}, expect: [404], kind: 'json', check: codeIs('not_found') });
          return;
        }
        const action = hook.active ? pick(['test', 'test', 'disable'] as const) : pick(['test', 'enable'] as const);
        hook.busy++;
        try {
          const answer = await call(phase, `${this.endpoint} (${action})`, {
            method: 'POST', path: api(`/webhooks/${hook.id}`), key: hook.key, json: { action }, expect: [200], kind: 'json',
            check: (a) => {
              if (action === 'test') return obj(a).delivered === true && obj(a).status === 200 ? null : `test not delivered (delivered ${String(obj(a).delivered)}, status ${String(obj(a).status)})`;
              return obj(a).active === (action === 'enable') ? null : `active ${String(obj(a).active)} after ${action}`;
            },
          });
          if (answer && action !== 'test') hook.active = action === 'enable';
        } finally {
          hook.busy--;
        }
      },
    },
    {
      endpoint: 'DELETE /webhooks/{id}', weight: 6, plans: ['scale'],
      async run(phase) {
        const idle = state.hooks.filter((h) => h.busy === 0);
        if (state.hooks.length <= 2 * state.hookKeys.length || idle.length === 0) {
          await call(phase, `${this.endpoint} (unknown: 404)`, { method: 'DELETE', path: api('/webhooks/we_doesnotexist'), key: pick(state.hookKeys), expect: [404], kind: 'json', check: codeIs('not_found') });
          return;
        }
        const hook = idle[0];
        state.hooks.splice(state.hooks.indexOf(hook), 1);
        await call(phase, this.endpoint, { method: 'DELETE', path: api(`/webhooks/${hook.id}`), key: hook.key, expect: [204], kind: 'none' });
      },
    },
    {
      endpoint: 'GET /export', weight: 10, plans: ['enterprise', 'scale'],
      async run(phase) {
        const [query, variant, minLines] = pick([
          ['?gzip=0', 'plain', state.warm.length],
          ['?gzip=1', 'gzip', state.warm.length],
          ['?currency=EUR', 'currency filter', 1],
        ] as const);
        await call(phase, `${this.endpoint} (${variant})`, {
          method: 'GET', path: api(`/export${query}`), key: keyOf(pick(this.plans)), expect: [200], kind: 'ndjson',
          check: (a) => {
            const text = headerOf(a, 'content-encoding') === 'gzip' ? zlib.gunzipSync(a.body).toString('utf8') : a.text();
            const lines = text.split('\n').filter(Boolean).length;
            return lines >= minLines ? null : `${lines} lines, expected at least ${minLines}`;
          },
        });
      },
    },
    {
      endpoint: 'POST /extract', weight: 5, plans: ['enterprise', 'pro'],
      async run(phase) {
        const document = pick(state.documents);
        const boundary = `----soak${Math.floor(random() * 1e12)}`;
        const body = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nkid\r\n`),
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${document.name}"\r\nContent-Type: application/pdf\r\n\r\n`),
          document.bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        await call(phase, this.endpoint, {
          method: 'POST', path: api('/extract'), key: keyOf(pick(this.plans)), body, contentType: `multipart/form-data; boundary=${boundary}`, expect: [200], kind: 'json',
          check: (a) => (Number(obj(a).fieldsFilled) > 0 ? null : `fieldsFilled ${String(obj(a).fieldsFilled)}`),
        });
      },
    },
    ...([
      ['html', 'document', 6],
      ['pdf', 'document', 3],
      ['html', 'link', 3],
    ] as const).map(([format, deliver, weight]): Operation => ({
      endpoint: `POST /factsheets (${format}, ${deliver})`, weight, plans: ['enterprise'],
      async run(phase) {
        const key = pick(state.sheetKeys);
        const answer = await call(phase, this.endpoint, {
          method: 'POST', path: api('/factsheets'), key, json: { isin: warmIsin(), format, deliver, language: pick(['en', 'fr']) }, expect: [200],
          kind: deliver === 'link' ? 'json' : format,
        });
        if (answer) {
          const sheet = deliver === 'link'
            ? { id: String(obj(answer).id), url: String((obj(answer).links as Record<string, string>).html) }
            : { id: headerOf(answer, 'x-factsheet-id'), url: headerOf(answer, 'x-factsheet-url') };
          state.sheets.push({ id: sheet.id, sharedPath: new URL(sheet.url).pathname, key, busy: 0, favorite: false });
        }
      },
    })),
    {
      endpoint: 'GET /factsheets', weight: 10, plans: ['enterprise'],
      async run(phase) {
        const query = pick(['', '?limit=20', '?favorites=1']);
        await call(phase, this.endpoint, { method: 'GET', path: api(`/factsheets${query}`), key: pick(state.sheetKeys), expect: [200], kind: 'json' });
      },
    },
    {
      endpoint: 'GET /factsheets/{id}', weight: 12, plans: ['enterprise'],
      async run(phase) {
        const format = pick(['json', 'json', 'html', 'html', 'pdf'] as const);
        await withSheet(phase, `${this.endpoint} (${format})`, (sheet) => ({ method: 'GET', path: api(`/factsheets/${sheet.id}?format=${format}`), key: sheet.key, expect: [200], kind: format }));
      },
    },
    {
      endpoint: 'PATCH /factsheets/{id}', weight: 5, plans: ['enterprise'],
      async run(phase) {
        await withSheet(phase, this.endpoint, (sheet) => {
          sheet.favorite = !sheet.favorite;
          const favorite = sheet.favorite;
          return { method: 'PATCH', path: api(`/factsheets/${sheet.id}`), key: sheet.key, json: { favorite }, expect: [200], kind: 'json', check: (a) => (obj(a).favorite === favorite ? null : `favorite ${String(obj(a).favorite)}`) };
        });
      },
    },
    {
      endpoint: 'DELETE /factsheets/{id}', weight: 12, plans: ['enterprise'],
      async run(phase) {
        const idle = state.sheets.filter((s) => s.busy === 0);
        if (state.sheets.length <= 8 || idle.length === 0) {
          await call(phase, `${this.endpoint} (unknown: 404)`, { method: 'DELETE', path: api('/factsheets/00000000-0000-4000-8000-000000000000'), key: pick(state.sheetKeys), expect: [404], kind: 'json', check: codeIs('not_found') });
          return;
        }
        const sheet = idle[0];
        state.sheets.splice(state.sheets.indexOf(sheet), 1);
        await call(phase, this.endpoint, { method: 'DELETE', path: api(`/factsheets/${sheet.id}`), key: sheet.key, expect: [200], kind: 'json', check: (a) => (obj(a).deleted === true ? null : 'not deleted') });
      },
    },
    ...([
      ['', 'html', 5],
      ['/embed', 'html', 5],
      ['/pdf', 'pdf', 4],
    ] as const).map(([suffix, kind, weight]): Operation => ({
      endpoint: `GET /shared/factsheets/{token}${suffix}`, weight, plans: [],
      async run(phase) {
        await withSheet(phase, this.endpoint, (sheet) => ({ method: 'GET', path: `${sheet.sharedPath}${suffix}`, expect: [200], kind }));
      },
    })),
    {
      endpoint: 'GET /scpi/{idOrIsin}', weight: 40, plans: ['enterprise', 'pro'],
      async run(phase) {
        const scpi = pick(state.scpi);
        const roll = random();
        const [id, variant, expect] = roll < 0.1 ? ['sample-does-not-exist', 'unknown: 404', 404] as const
          : roll < 0.4 && scpi.isin ? [scpi.isin, 'ISIN', 200] as const : [scpi.slug, 'slug', 200] as const;
        await call(phase, `${this.endpoint}${variant === 'unknown: 404' ? ' (unknown: 404)' : ''}`, {
          method: 'GET', path: api(`/scpi/${encodeURIComponent(id)}`), key: keyOf(pick(this.plans)), expect: [expect], kind: 'json',
          check: expect === 200 ? (a) => (obj(a).cached === true ? null : `cached ${String(obj(a).cached)} (${variant})`) : codeIs('not_found'),
        });
      },
    },
    {
      endpoint: 'GET /scpi', weight: 40, plans: ['enterprise', 'pro'],
      async run(phase) {
        await call(phase, this.endpoint, { method: 'GET', path: api(`/scpi?q=${encodeURIComponent(pick(SCPI_QUERIES))}&limit=${pick([5, 10, 50])}`), key: keyOf(pick(this.plans)), expect: [200], kind: 'json' });
      },
    },
    {
      endpoint: 'GET /demo/funds/{isin}', weight: 12, plans: [],
      async run(phase) {
        // Keyless, limited per client address (DEMO_REQUESTS_PER_MINUTE): the calls come from several loopback addresses in turn.
        const via = demoPools.length > 0 ? demoPools[demoTurn++ % demoPools.length] : undefined;
        if (random() < 0.2) {
          await call(phase, `${this.endpoint} (not loaded: 404)`, { method: 'GET', path: api(`/demo/funds/${pick(state.notCached)}`), via, expect: [404], kind: 'json', check: codeIs('not_cached') });
          return;
        }
        await call(phase, this.endpoint, { method: 'GET', path: api(`/demo/funds/${warmIsin()}`), via, expect: [200], kind: 'json' });
      },
    },
    {
      endpoint: 'GET /openapi.json', weight: 10, plans: [],
      async run(phase) {
        await call(phase, this.endpoint, { method: 'GET', path: api('/openapi.json'), expect: [200], kind: 'json', check: (a) => (typeof obj(a).openapi === 'string' ? null : 'no openapi field') });
      },
    },
    ...([
      ['/docs', 'html', 5],
      ['/docs/methodology', 'html', 5],
      ['/docs/redoc.standalone.js', 'any', 2],
    ] as const).map(([route, kind, weight]): Operation => ({
      endpoint: `GET ${route}`, weight, plans: [],
      async run(phase) {
        await call(phase, this.endpoint, { method: 'GET', path: route, expect: [200], kind });
      },
    })),
  ];
  return ops;
}
let demoTurn = 0;

/** Runs a request on a saved sheet that no DELETE is under way for (one that does not exist when none is left: 404). */
async function withSheet(phase: Phase, endpoint: string, build: (sheet: Sheet) => RequestSpec): Promise<void> {
  const sheet = state.sheets.length > 0 ? pick(state.sheets) : null;
  if (!sheet) {
    const ghost: Sheet = { id: '00000000-0000-4000-8000-000000000000', sharedPath: api('/shared/factsheets/none'), key: pick(state.sheetKeys), busy: 0, favorite: false };
    await call(phase, `${endpoint} (no sheet left: 404)`, { ...build(ghost), expect: [404], kind: 'json' });
    return;
  }
  sheet.busy++;
  try {
    await call(phase, endpoint, build(sheet));
  } finally {
    sheet.busy--;
  }
}

/** Smooth weighted round-robin (as nginx balances): a fixed interleaving, each operation at its share, evenly spread. */
class Interleave<T extends { weight: number }> {
  private readonly current: number[];
  private readonly total: number;

  constructor(private readonly items: readonly T[]) {
    this.current = items.map(() => 0);
    this.total = items.reduce((s, i) => s + i.weight, 0);
  }

  next(): T {
    let best = 0;
    for (let i = 0; i < this.items.length; i++) {
      this.current[i] += this.items[i].weight;
      if (this.current[i] > this.current[best]) best = i;
    }
    this.current[best] -= this.total;
    return this.items[best];
  }
}

// ---------------------------------------------------------------------------------------------
// Set-up: keys, the receiver, warm funds and SCPI, sheets and endpoints to work on

/** Keys per plan so that none uses more than BURST_SHARE of its burst at the planned rate (at least two each). */
function keysPerPlan(ops: readonly Operation[]): Record<PlanId, number> {
  const total = ops.reduce((s, o) => s + o.weight, 0);
  const perMinute: Record<PlanId, number> = { free: 0, starter: 0, pro: 0, scale: 0, enterprise: 0 };
  for (const op of ops) for (const plan of op.plans) perMinute[plan] += (op.weight / total) * RATE * 60 / op.plans.length;
  const counts = {} as Record<PlanId, number>;
  for (const plan of Object.keys(perMinute) as PlanId[]) counts[plan] = plan === 'free' ? 0 : Math.max(2, Math.ceil(perMinute[plan] / (PLANS[plan].burstPerMinute * BURST_SHARE)));
  return counts;
}

async function createKeys(db: ReturnType<typeof createPool>, runId: string, counts: Record<PlanId, number>): Promise<Record<PlanId, string[]>> {
  const accounts = new AccountsRepository(db);
  const keys: Record<PlanId, string[]> = { free: [], starter: [], pro: [], scale: [], enterprise: [] };
  for (const plan of Object.keys(counts) as PlanId[]) {
    for (let i = 0; i < counts[plan]; i++) keys[plan].push((await accounts.createKey(`soak-${runId}-${plan}-${i}@example.com`, plan)).key);
  }
  return keys;
}

/** A loopback receiver for the webhook endpoints the soak creates: 200 to every delivery, at once. */
async function startReceiver(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST') state.received++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return server;
}

/** A set-up request that must succeed: its answer, or the run stops saying why. */
async function must(what: string, spec: Omit<RequestSpec, 'kind' | 'expect'> & { expect?: number[] }): Promise<Answer> {
  const answer = await call('warmup', `set-up: ${what}`, { kind: 'json', expect: [200], ...spec });
  if (!answer) {
    const stats = recorder.stats('warmup', `set-up: ${what}`);
    throw new Error(`set-up failed: ${what}: ${stats.samples.at(-1) ?? 'no answer'}`);
  }
  return answer;
}

async function loadWarmFunds(isins: string[]): Promise<string[]> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const answer = await must(`POST /funds (${isins.length} sample funds)`, { method: 'POST', path: api('/funds'), key: state.keys.enterprise[0], json: { isins, wait: true } });
    const results = obj(answer).results as { isin: string; status: string; name: string | null }[];
    const notYet = results.filter((r) => r.status !== 'ok');
    if (notYet.length === 0) return results.map((r) => r.name ?? '');
    if (notYet.some((r) => r.status !== 'pending') || Date.now() > deadline) throw new Error(`set-up: sample funds not loaded: ${notYet.map((r) => `${r.isin} ${r.status}`).join(', ')}`);
    log(BENCH, `  ${notYet.length} sample funds still loading...`);
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

function searchQueries(names: string[], isins: string[]): string[] {
  const queries = new Set<string>(['sample', 'equity', 'bond', 'global', 'euro', 'ZZSMPL', 'ZZSMPL0001', 'glob equ', 'smaple', 'equty']);
  for (const name of names) {
    const words = name.split(/\s+/).filter((w) => w.length >= 3 && w.toLowerCase() !== 'sample');
    if (words.length >= 2) queries.add(`${words[0]} ${words[1]}`.toLowerCase());
    if (words[0]) queries.add(words[0].toLowerCase());
  }
  for (const isin of isins.slice(0, 5)) queries.add(isin);
  return [...queries];
}

async function setUp(runId: string, ops: readonly Operation[]): Promise<{ receiver: http.Server }> {
  const counts = keysPerPlan(ops);
  counts.enterprise += 2; // the accounts that hold the soak's factsheets
  counts.scale += 3; // the accounts that hold its webhook endpoints (20 at most each)
  log(BENCH, `creating keys: ${Object.entries(counts).filter(([, n]) => n > 0).map(([p, n]) => `${n} ${p}`).join(', ')}`);
  state.keys = await createKeys(state.db, runId, counts);
  state.sheetKeys = state.keys.enterprise.splice(-2);
  state.hookKeys = state.keys.scale.splice(-3);
  const receiver = await startReceiver();

  const library = config.libraryDir;
  const funds = fs.readdirSync(library).filter(isValidIsin).sort();
  if (funds.length < 8) throw new Error(`set-up: only ${funds.length} funds in the sample library ${library}`);
  state.cold = funds.filter((_, i) => i % 4 === 3);
  state.warm = funds.filter((_, i) => i % 4 !== 3);
  state.remembered = Array.from({ length: 5 }, (_, i) => isinOf(`ZZSK${SEED % 10}`, i + 1));
  state.notCached = Array.from({ length: 5 }, (_, i) => isinOf(`ZZSD${SEED % 10}`, i + 1));
  state.documents = funds.flatMap((isin) => ['kid.pdf', 'kiid.pdf'].filter((f) => fs.existsSync(path.join(library, isin, f))).map((f) => ({ name: `${isin}-${f}`, file: path.join(library, isin, f) })))
    .slice(0, 6).map(({ name, file }) => ({ name, bytes: fs.readFileSync(file) }));
  if (state.documents.length === 0) throw new Error(`set-up: no KID or KIID in ${library}`);

  log(BENCH, `loading ${state.warm.length} warm sample funds (${state.cold.length} kept cold)...`);
  state.names = await loadWarmFunds(state.warm);
  state.searchQueries = searchQueries(state.names, state.warm);
  for (const isin of state.remembered) await must('GET /funds (an unknown ISIN, remembered)', { method: 'GET', path: api(`/funds/${isin}`), key: state.keys.enterprise[0], expect: [404] });

  const slugs = fs.existsSync(path.join(library, 'scpi')) ? fs.readdirSync(path.join(library, 'scpi')).sort() : [];
  if (slugs.length === 0) throw new Error(`set-up: no SCPI in ${library}/scpi`);
  log(BENCH, `loading ${slugs.length} SCPI...`);
  state.scpi = [];
  for (const slug of slugs) {
    const answer = await must(`GET /scpi/${slug}`, { method: 'GET', path: api(`/scpi/${slug}`), key: state.keys.enterprise[0] });
    state.scpi.push({ slug, isin: (obj(answer).isin as string | null) ?? null });
  }

  log(BENCH, 'saving factsheets and webhook endpoints to work on...');
  for (const [i, key] of state.sheetKeys.entries()) {
    for (let n = 0; n < 5; n++) {
      const answer = await must('POST /factsheets (link)', { method: 'POST', path: api('/factsheets'), key, json: { isin: state.warm[(i * 5 + n) % state.warm.length], deliver: 'link' } });
      state.sheets.push({ id: String(obj(answer).id), sharedPath: new URL(String((obj(answer).links as Record<string, string>).html)).pathname, key, busy: 0, favorite: false });
    }
  }
  for (const key of state.hookKeys) {
    for (let n = 0; n < 3; n++) {
      const answer = await must('POST /webhooks (needs WEBHOOKS_ALLOW_LOOPBACK_HTTP=1 in the stack)', {
        method: 'POST', path: api('/webhooks'), key, json: { url: `${state.receiverUrl}/hooks/setup-${n}`, isins: [state.warm[n]] }, expect: [201],
      });
      state.hooks.push({ id: String(obj(answer).id), key, busy: 0, active: true });
    }
  }
  return { receiver };
}

// ---------------------------------------------------------------------------------------------
// The run

let stopRequested = false;

interface Schedule {
  sent: number;
  lagMs: number[];
}

/** Open loop: request i of the phase is due at start + i / RATE, sent then whatever the earlier ones are doing. */
async function drive(phase: Phase, seconds: number, plan: Interleave<Operation>, inFlight: { n: number }, schedule: Schedule): Promise<void> {
  const interval = 1000 / RATE;
  const total = Math.round(seconds * RATE);
  const start = performance.now();
  for (let i = 0; i < total && !stopRequested; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    schedule.lagMs.push(Math.max(0, performance.now() - due));
    schedule.sent++;
    const op = plan.next();
    if (inFlight.n >= CONCURRENCY) {
      recorder.error(phase, op.endpoint, 'not sent (concurrency cap)', `${CONCURRENCY} requests still waiting, the oldest: ${oldestUnderWay(4)}`, null);
      continue;
    }
    inFlight.n++;
    void op.run(phase)
      .catch((err: unknown) => recorder.error(phase, op.endpoint, 'client exception', (err as Error).stack ?? String(err), null))
      .finally(() => inFlight.n--);
  }
}

const mib = (kb: number) => round1(kb / 1024);

function memorySummary(samples: MemorySample[]) {
  const measured = samples.filter((s) => s.phase === 'measured' || s.phase === 'end');
  const start = measured[0];
  const end = measured.at(-1);
  const settled = samples.filter((s) => s.phase === 'settled').at(-1);
  const roles = {} as Record<Role, {
    startMiB: number; endMiB: number; peakMiB: number; growthPct: number; slopeMiBPerMin: number | null; met: boolean; settledMiB: number | null; settledGrowthPct: number | null;
    treeStartMiB: number; treeEndMiB: number; otherStartMiB: number; otherEndMiB: number; otherPeakMiB: number; otherNames: string[]; restarts: string[];
  }>;
  for (const role of ROLES) {
    if (!start || !end || start.roles[role].serviceKb === 0) throw new Error(`no ${role} process found in ${path.join(config.dataDir, 'pids')} (${role}*.pid)`);
    const series = measured.map((s) => s.roles[role]);
    const growth = (end.roles[role].serviceKb - start.roles[role].serviceKb) / start.roles[role].serviceKb;
    // Same pid files naming the same pids from the first reading (warm-up included) to the last: no restart.
    const restarts: string[] = [];
    const first = samples[0].roles[role].roots;
    for (const s of samples) {
      for (const [file, pid] of Object.entries(s.roles[role].roots)) if (first[file] !== undefined && first[file] !== pid) restarts.push(`${file}: pid ${first[file]} -> ${pid} at ${s.t} s`);
      for (const file of Object.keys(first)) if (s.roles[role].processes.length === 0 || s.roles[role].roots[file] === undefined) restarts.push(`${file}: gone at ${s.t} s`);
    }
    roles[role] = {
      startMiB: mib(start.roles[role].serviceKb),
      endMiB: mib(end.roles[role].serviceKb),
      peakMiB: mib(Math.max(...series.map((r) => r.serviceKb))),
      growthPct: round1(growth * 100),
      slopeMiBPerMin: ((s) => (s === null ? null : round2(s)))(slopeMbPerMinute(measured.map((s) => ({ t: s.t, kb: s.roles[role].serviceKb })))),
      met: growth <= MAX_MEMORY_GROWTH && restarts.length === 0,
      settledMiB: settled ? mib(settled.roles[role].serviceKb) : null,
      settledGrowthPct: settled ? round1(((settled.roles[role].serviceKb - start.roles[role].serviceKb) / start.roles[role].serviceKb) * 100) : null,
      treeStartMiB: mib(start.roles[role].treeKb),
      treeEndMiB: mib(end.roles[role].treeKb),
      otherStartMiB: mib(start.roles[role].otherKb),
      otherEndMiB: mib(end.roles[role].otherKb),
      otherPeakMiB: mib(Math.max(...series.map((r) => r.otherKb))),
      otherNames: [...new Set(series.flatMap((r) => r.otherNames))].sort(),
      restarts: [...new Set(restarts)],
    };
  }
  return { startAt: start?.t ?? null, endAt: end?.t ?? null, settledAt: settled?.t ?? null, roles };
}

/** Rows in the order of the operations (a variant, "<endpoint> (...)", right after its operation's row), then as first seen. */
function endpointRows(map: Map<string, EndpointStats>, ops: readonly Operation[]) {
  const rank = (label: string) => {
    const index = ops.findIndex((o) => label === o.endpoint || label.startsWith(`${o.endpoint} (`));
    return index < 0 ? ops.length : index;
  };
  return [...map.values()].filter((s) => !s.endpoint.startsWith('set-up')).sort((a, b) => rank(a.endpoint) - rank(b.endpoint) || a.order - b.order).map((s) => ({
    endpoint: s.endpoint,
    requests: s.requests,
    ok: s.ok,
    expected4xx: s.expected4xx,
    rateLimited: s.rateLimited,
    unexpected: s.unexpected,
    errors: s.errors,
    errorRatePct: s.requests === 0 ? 0 : round2((s.errors / s.requests) * 100),
    p50Ms: round1(percentile(s.latencies, 50)),
    p90Ms: round1(percentile(s.latencies, 90)),
    p99Ms: round1(percentile(s.latencies, 99)),
    maxMs: s.latencies.length ? round1(Math.max(...s.latencies)) : NaN,
    errorKinds: s.errorKinds,
    samples: s.samples,
  }));
}

function totalsOf(rows: Rows, latencies: number[]) {
  const sum = (k: 'requests' | 'ok' | 'expected4xx' | 'rateLimited' | 'unexpected' | 'errors') => rows.reduce((s, r) => s + r[k], 0);
  const requests = sum('requests');
  return {
    requests, ok: sum('ok'), expected4xx: sum('expected4xx'), rateLimited: sum('rateLimited'), unexpected: sum('unexpected'), errors: sum('errors'),
    errorRatePct: requests === 0 ? 0 : round2((sum('errors') / requests) * 100),
    unexpectedRatePct: requests === 0 ? 0 : round2((sum('unexpected') / requests) * 100),
    p50Ms: round1(percentile(latencies, 50)), p99Ms: round1(percentile(latencies, 99)),
  };
}

type Rows = ReturnType<typeof endpointRows>;

const fmt = (n: number) => (Number.isNaN(n) ? '—' : n.toLocaleString('en-US'));
const fmtMs = (n: number) => (Number.isNaN(n) ? '—' : n >= 100 ? String(Math.round(n)) : n.toFixed(1));

function markdown(rows: Rows, totals: ReturnType<typeof totalsOf>, memory: ReturnType<typeof memorySummary>, header: string): string {
  const lines = [
    header,
    '',
    '| endpoint | requests | 2xx | expected 4xx | 429 | unexpected | errors | error rate | p50 ms | p99 ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| \`${r.endpoint}\` | ${fmt(r.requests)} | ${fmt(r.ok)} | ${fmt(r.expected4xx)} | ${fmt(r.rateLimited)} | ${fmt(r.unexpected)} | ${fmt(r.errors)} | ${r.errorRatePct.toFixed(2)} % | ${fmtMs(r.p50Ms)} | ${fmtMs(r.p99Ms)} |`),
    `| **all** | **${fmt(totals.requests)}** | ${fmt(totals.ok)} | ${fmt(totals.expected4xx)} | ${fmt(totals.rateLimited)} | ${fmt(totals.unexpected)} | **${fmt(totals.errors)}** | **${totals.errorRatePct.toFixed(2)} %** | ${fmtMs(totals.p50Ms)} | ${fmtMs(totals.p99Ms)} |`,
    '',
    `| process (resident set, VmRSS) | start, after the ${WARMUP_SECONDS} s warm-up | end | peak | growth | trend | target | met | ${SETTLE_SECONDS} s after the last request (not checked) |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const role of ROLES) {
    const m = memory.roles[role];
    const name = role === 'api' ? 'API' : 'worker';
    const slope = m.slopeMiBPerMin === null ? '—' : `${m.slopeMiBPerMin >= 0 ? '+' : ''}${m.slopeMiBPerMin} MiB/min`;
    const settled = m.settledMiB === null || m.settledGrowthPct === null ? '—' : `${m.settledMiB} MiB (${m.settledGrowthPct >= 0 ? '+' : ''}${m.settledGrowthPct} %)`;
    lines.push(`| ${name} (node processes${m.restarts.length ? `; restarted: ${m.restarts.join('; ')}` : ''}) | ${m.startMiB} MiB | ${m.endMiB} MiB | ${m.peakMiB} MiB | **${m.growthPct >= 0 ? '+' : ''}${m.growthPct} %** | ${slope} | growth ≤ ${round1(MAX_MEMORY_GROWTH * 100)} % | ${m.met ? 'yes' : 'no'} | ${settled} |`);
    if (m.otherEndMiB > 0 || m.otherStartMiB > 0) lines.push(`| ${name}'s other processes (${m.otherNames.join(', ')}; not checked) | ${m.otherStartMiB} MiB | ${m.otherEndMiB} MiB | ${m.otherPeakMiB} MiB | — | — | — | — | — |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const apiUrl = new URL(process.env.SOAK_API_URL ?? process.env.API_URL ?? `http://127.0.0.1:${config.port}/api/v1`);
  if (apiUrl.protocol !== 'http:') throw new RefusedError(`the API URL ${apiUrl.href} is not plain http on loopback`);
  const apiAddress = await loopbackAddressOf('the API host', apiUrl.hostname);
  await loopbackAddressOf('the Postgres host', new URL(config.postgres.url).hostname);
  origin = apiUrl.origin;
  prefix = apiUrl.pathname.replace(/\/$/, '');
  mainPool = new HttpPool(origin, { connections: CONCURRENCY, pipelining: 1, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  const ops = operations().filter((o) => !ONLY || ONLY.test(o.endpoint));
  if (ops.length === 0) throw new Error(`SOAK_ONLY=${process.env.SOAK_ONLY} matches no operation`);
  const weightTotal = ops.reduce((s, o) => s + o.weight, 0);
  const demoShare = ops.filter((o) => o.endpoint.startsWith('GET /demo')).reduce((s, o) => s + o.weight, 0) / weightTotal;
  if (apiAddress.startsWith('127.')) {
    // Each source address stays under half the demo limit per minute.
    const addresses = Math.max(2, Math.ceil((demoShare * RATE * 60) / (config.demoRequestsPerMinute * BURST_SHARE)));
    const demoOrigin = `http://${apiAddress}:${apiUrl.port || '80'}`; // the address itself: a name could resolve to ::1, which an IPv4 source cannot reach
    demoPools = Array.from({ length: Math.min(addresses, 250) }, (_, i) => new HttpPool(demoOrigin, { connections: 4, connect: { localAddress: `127.0.0.${i + 2}` } }));
  }
  const runId = `${Date.now().toString(36)}${SEED}`;
  const db = createPool(config, 2);
  state = {
    keys: { free: [], starter: [], pro: [], scale: [], enterprise: [] }, turns: { free: 0, starter: 0, pro: 0, scale: 0, enterprise: 0 },
    warm: [], names: [], cold: [], coldLoaded: new Set(), coldTurn: 0, coldRefreshes: 0, unknownTurn: 0, remembered: [], notCached: [], scpi: [],
    searchQueries: [], sheetKeys: [], sheets: [], hookKeys: [], hooks: [], hooksPending: new Map(), receiverUrl: '', received: 0, documents: [], db,
  };
  process.on('SIGINT', () => (stopRequested = true));
  process.on('SIGTERM', () => (stopRequested = true));

  log(BENCH, `API ${origin}${prefix}; ${RATE} req/s for ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up; ${ops.length} operations; at most ${CONCURRENCY} in flight; timeout ${TIMEOUT_MS} ms`);
  const { receiver } = await setUp(runId, ops);

  const pidDir = path.join(config.dataDir, 'pids');
  const samples: MemorySample[] = [];
  const t0 = performance.now();
  trafficStart = t0;
  let phaseNow: MemorySample['phase'] = 'warmup';
  const take = (phase: MemorySample['phase']) => samples.push({ at: new Date().toISOString(), t: round1((performance.now() - t0) / 1000), phase, roles: readMemory(pidDir) });
  take('warmup');
  const sampler = setInterval(() => take(phaseNow), SAMPLE_SECONDS * 1000);

  const plan = new Interleave(ops);
  const inFlight = { n: 0 };
  const schedule: Record<Phase, Schedule> = { warmup: { sent: 0, lagMs: [] }, measured: { sent: 0, lagMs: [] } };
  if (WARMUP_SECONDS > 0) {
    log(BENCH, `warm-up: ${WARMUP_SECONDS} s of the same traffic (not in the figures; its errors are reported)...`);
    await drive('warmup', WARMUP_SECONDS, plan, inFlight, schedule.warmup);
  }
  phaseNow = 'measured';
  clearInterval(sampler);
  take('measured'); // the start reading
  const measuredSampler = setInterval(() => take('measured'), SAMPLE_SECONDS * 1000);
  log(BENCH, `measuring: ${SECONDS} s at ${RATE} req/s...`);
  const progress = setInterval(() => {
    const m = [...recorder.phases.measured.values()];
    log(BENCH, `  ${Math.round((performance.now() - t0) / 1000)} s: ${m.reduce((s, x) => s + x.requests, 0)} answered, ${m.reduce((s, x) => s + x.errors, 0)} errors, ${inFlight.n} in flight`);
  }, 60_000);
  await drive('measured', SECONDS, plan, inFlight, schedule.measured);
  clearInterval(measuredSampler);
  clearInterval(progress);
  take('end'); // the end reading, as the last request is sent
  const drainDeadline = performance.now() + TIMEOUT_MS + 2_000;
  while (inFlight.n > 0 && performance.now() < drainDeadline) await new Promise((r) => setTimeout(r, 100));

  // Clean-up (untimed): the endpoints the soak left, so a kept stack delivers nothing to a receiver that is gone.
  for (const hook of state.hooks) await call('warmup', 'set-up: DELETE /webhooks/{id} (clean-up)', { method: 'DELETE', path: api(`/webhooks/${hook.id}`), key: hook.key, expect: [204], kind: 'none' });
  if (SETTLE_SECONDS > 0 && !stopRequested) {
    log(BENCH, `idle for ${SETTLE_SECONDS} s, then one more memory reading...`);
    await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
    take('settled');
  }
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await Promise.all([mainPool.close(), ...demoPools.map((p) => p.close())]);
  await db.end();

  const rows = endpointRows(recorder.phases.measured, ops);
  const allLatencies = [...recorder.phases.measured.values()].filter((s) => !s.endpoint.startsWith('set-up')).flatMap((s) => s.latencies);
  const totals = totalsOf(rows, allLatencies);
  const warmupRows = endpointRows(recorder.phases.warmup, ops);
  const warmup = totalsOf(warmupRows, []);
  const setupProblems = [...recorder.phases.warmup.values()].filter((s) => s.endpoint.startsWith('set-up') && (s.errors > 0 || s.unexpected > 0)).flatMap((s) => s.samples);
  const memory = memorySummary(samples);
  const errorRate = totals.requests === 0 ? 1 : (totals.errors + warmup.errors) / (totals.requests + warmup.requests);
  const unexpectedRate = totals.requests === 0 ? 1 : totals.unexpected / totals.requests;
  const checks = {
    errorRate: { value: round2(errorRate * 100), limitPct: MAX_ERROR_RATE * 100, met: errorRate <= MAX_ERROR_RATE },
    unexpectedRate: { value: round2(unexpectedRate * 100), limitPct: MAX_ERROR_RATE * 100, met: unexpectedRate <= MAX_ERROR_RATE },
    apiMemory: { growthPct: memory.roles.api.growthPct, limitPct: MAX_MEMORY_GROWTH * 100, met: memory.roles.api.met },
    workerMemory: { growthPct: memory.roles.worker.growthPct, limitPct: MAX_MEMORY_GROWTH * 100, met: memory.roles.worker.met },
    completed: { met: !stopRequested },
  };
  const met = Object.values(checks).every((c) => c.met);
  const lag = schedule.measured.lagMs;
  const header = `Soak of ${new Date().toISOString().slice(0, 10)} (\`npm run soak\`): ${SECONDS} s of mixed traffic at ${RATE} req/s, open loop (each request sent at its ` +
    `scheduled instant), after a ${WARMUP_SECONDS} s warm-up at the same rate that the figures leave out; ` +
    `${ONLY ? `only the ${ops.length} kinds of request matching SOAK_ONLY=${process.env.SOAK_ONLY}` : `${ops.length} kinds of request over every endpoint`}; ` +
    `at most ${CONCURRENCY} in flight, ${TIMEOUT_MS / 1000} s timeout; ${machine()}, the load generator on the same cores. ` +
    `Errors: 5xx, timeouts, connection errors, error bodies that are not JSON, 2xx bodies that are not what the endpoint serves. ` +
    `Memory: VmRSS of the stack's API and worker node processes (launcher excluded), read every ${SAMPLE_SECONDS} s.`;
  const table = markdown(rows, totals, memory, header);
  const results = {
    measuredAt: new Date().toISOString(),
    machine: machine(),
    api: `${origin}${prefix}`,
    settings: { only: process.env.SOAK_ONLY ?? null, rate: RATE, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, concurrency: CONCURRENCY, timeoutMs: TIMEOUT_MS, sampleSeconds: SAMPLE_SECONDS, seed: SEED, maxErrorRatePct: MAX_ERROR_RATE * 100, maxMemoryGrowthPct: MAX_MEMORY_GROWTH * 100 },
    keys: Object.fromEntries(Object.entries(state.keys).map(([p, k]) => [p, k.length])),
    operations: ops.map((o) => ({ endpoint: o.endpoint, sharePct: round2((o.weight / weightTotal) * 100), plans: o.plans })),
    totals,
    endpoints: rows,
    schedule: { sent: schedule.measured.sent, lagP50Ms: round1(percentile(lag, 50)), lagP99Ms: round1(percentile(lag, 99)), lagMaxMs: lag.length ? round1(Math.max(...lag)) : null, demoSourceAddresses: demoPools.length },
    warmup: { ...warmup, sent: schedule.warmup.sent, problems: warmupRows.filter((r) => r.errors > 0 || r.unexpected > 0).map((r) => ({ endpoint: r.endpoint, errors: r.errors, unexpected: r.unexpected, samples: r.samples })), setupProblems },
    coldRefreshes: state.coldRefreshes,
    webhookDeliveriesReceived: state.received,
    memory: { ...memory, samples: samples.map((s) => ({ t: s.t, phase: s.phase, apiMiB: mib(s.roles.api.serviceKb), workerMiB: mib(s.roles.worker.serviceKb), workerOtherMiB: mib(s.roles.worker.otherKb), apiTreeMiB: mib(s.roles.api.treeKb), workerTreeMiB: mib(s.roles.worker.treeKb), apiPids: s.roles.api.processes.map((p) => `${p.pid}:${p.kind}`).join(' '), workerPids: s.roles.worker.processes.map((p) => `${p.pid}:${p.kind}`).join(' ') })) },
    checks,
    met,
    markdown: table,
  };
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results', 'soak.json'), `${JSON.stringify(results, null, 2)}\n`);

  console.log(`\n${table}\n`);
  for (const r of [...rows, ...warmupRows.map((w) => ({ ...w, endpoint: `${w.endpoint} [warm-up]` }))].filter((x) => x.errors > 0 || x.unexpected > 0)) {
    console.log(`${r.endpoint}: ${r.errors} errors, ${r.unexpected} unexpected`);
    for (const s of r.samples) console.log(`    ${s}`);
  }
  for (const s of setupProblems) console.log(`set-up: ${s}`);
  log(BENCH, `schedule lag p50 ${results.schedule.lagP50Ms} ms, p99 ${results.schedule.lagP99Ms} ms; ${state.coldRefreshes} cold loads answered; ${state.received} webhook deliveries received; warm-up ${warmup.requests} requests, ${warmup.errors} errors`);
  for (const [name, check] of Object.entries(checks)) log(BENCH, `${check.met ? 'ok  ' : 'FAIL'} ${name}: ${JSON.stringify(check)}`);
  log(BENCH, `results in bench/results/soak.json; ${met ? 'passed' : 'FAILED'}`);
  process.exit(met ? 0 : 1);
}

main().catch((err) => {
  if (err instanceof RefusedError) {
    console.error(`[bench ${BENCH}] refused: ${err.message}`);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});

/**
 * Fuzzing from the OpenAPI document (issue 13): Schemathesis (PyPI, pinned in scripts/ensure.sh, which
 * installs it into a virtualenv under the cache folder) reads the document the running API serves and
 * sends it requests generated from its schemas, valid and invalid, with a fixed seed and a bounded
 * number of examples per operation, then follows the document's links (create, read, update, delete).
 * Any 5xx, any answer whose status code, content type, headers or body the document does not describe,
 * any invalid request accepted or (where the schema states every rule) valid request refused fails the
 * test with Schemathesis's report: the operation, the check and a curl that reproduces it.
 *
 * The second part holds regression tests for what the fuzzer found, at the API's level.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { findatexSampleClasses } from '../samples/findatex';
import { sampleFunds } from '../samples/library';
import { scpiProfiles } from '../samples/scpi';
import type { FactsheetSchema } from '../src/schema/factsheets';
import type { PortfolioResponse } from '../src/schema/portfolio';
import type { WebhookCreated, WebhookList } from '../src/schema/webhooks';
import type { z } from '../src/schema/zod';
import { API, config, get, json, newKey, post } from './helpers';

/** The parts of the served OpenAPI document the regression tests read. */
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, { properties: Record<string, { anyOf?: unknown[] }>; enum: string[] }> };
}
interface OpenApiOperation {
  parameters: { name: string; schema: { pattern?: string; $ref?: string } }[];
  requestBody: { required?: boolean };
  responses: Record<string, { links: Record<string, { operationId: string }> }>;
}

/** Fixed: the same requests every run (with the example database off, Hypothesis draws from the seed alone). */
const SEED = 20261123;
/**
 * Test cases per operation and phase (examples, coverage, fuzzing; scenarios for the stateful phase).
 * With 26 operations (some 2,700 requests) the run takes 75 to 140 s on two slow, busy cores, nearly
 * all of it Schemathesis generating data rather than the service answering.
 */
const MAX_EXAMPLES = 60;
/** Schemathesis's whole output and its JUnit report are kept here (openapi-fuzz.txt, openapi-fuzz.junit.xml). */
const ARTIFACTS = path.join(config.projectRoot, 'test-artifacts');
/** The run is stopped (and the test fails) past this. */
const RUN_LIMIT_MS = 300_000;

/**
 * Every check Schemathesis has is on (not_a_server_error, status_code_conformance,
 * content_type_conformance, response_schema_conformance, response_headers_conformance,
 * negative_data_rejection, ignored_auth, unsupported_method, allow_header_conformance,
 * missing_required_header; use_after_free and ensure_resource_availability in the stateful phase;
 * object_level_authorization finds nothing to compare with one key), plus the NDJSON check of
 * test/openapi-fuzz-hooks.py, but positive_data_acceptance, which is on only for the operations below:
 * those whose document states every rule a valid request must follow. The others take inputs the
 * contract refuses for reasons no schema can state, with documented 400s: an ISIN's check digit
 * (GET /funds/{isin} and holdings, the demo, POST /funds and /portfolio when not one ISIN is valid,
 * GET /overlap, GET /changes, POST /factsheets, POST /webhooks), a document's content (POST /extract: a
 * PDF without a text layer) and where a URL leads (public addresses only; 20 endpoints per account).
 */
const SCHEMA_STATES_EVERY_RULE = [
  'GET /me',
  'GET /health',
  'GET /search',
  'GET /scpi',
  'GET /scpi/{idOrIsin}',
  'GET /export',
  'GET /factsheets',
  'GET /factsheets/{id}',
  'PATCH /factsheets/{id}',
  'DELETE /factsheets/{id}',
  'GET /webhooks',
  'POST /webhooks/{id}',
  'DELETE /webhooks/{id}',
  'GET /shared/factsheets/{token}',
  'GET /shared/factsheets/{token}/embed',
  'GET /shared/factsheets/{token}/pdf',
];

/**
 * Methods the coverage phase sends where a path does not declare them, expecting 405 with Allow: those
 * some route of ours implements. TRACE and QUERY are left out: no route implements them, and a method no
 * route implements is answered 501 not_implemented whatever the path, by design (README, "hostile
 * clients"; RFC 9110, 15.6.2), which Schemathesis would count as a server error.
 */
const UNEXPECTED_METHODS = ['get', 'put', 'post', 'delete', 'options', 'patch'];

/**
 * Nothing is left out: expensive operations (PDF printing, uploads, cold loads) run like the others,
 * within MAX_EXAMPLES, and the two that would reach out to the internet (POST /extract fetches `url`,
 * POST /webhooks delivers to it) have their generated URLs pointed at a closed loopback port by the hooks
 * file. There is no API key rotation to invalidate the fuzzing key.
 */
const HOOKS = path.join(__dirname, 'openapi-fuzz-hooks.py');

function schemathesisBinary(): string {
  if (process.env.SCHEMATHESIS_BIN) return process.env.SCHEMATHESIS_BIN;
  // scripts/ensure.sh installs it (npm test sources that script); the version is pinned there only.
  const ensure = fs.readFileSync(path.join(__dirname, '..', 'scripts', 'ensure.sh'), 'utf8');
  const version = /^SCHEMATHESIS_VERSION="([^"]+)"/m.exec(ensure)?.[1];
  const cache =
    process.env.FUND_DATA_CACHE ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'fund-data-service');
  return path.join(cache, `schemathesis-${version}`, 'bin', 'schemathesis');
}

/**
 * A TCP relay whose connections to the API come from 127.0.0.2: the keyless demo route limits each client
 * IP to 30 requests a minute, and the fuzzer's hundreds must not spend the window of 127.0.0.1, which
 * test/demo.test.ts (perhaps running beside this suite) counts on having to itself. An API elsewhere than
 * on this machine's loopback is fuzzed directly.
 */
async function relayFrom(sourceAddress: string, target: URL): Promise<{ origin: string; close: () => Promise<void> }> {
  if (target.hostname !== '127.0.0.1' && target.hostname !== 'localhost')
    return { origin: target.origin, close: async () => {} };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({
      host: target.hostname,
      port: Number(target.port || 80),
      localAddress: sourceAddress,
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** TOML for the few shapes the config needs (strings, numbers, booleans, arrays, inline tables). */
function toml(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(toml).join(', ')}]`;
  return `{ ${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${JSON.stringify(k)} = ${toml(v)}`)
    .join(', ')} }`;
}

/** Real resources for the operations that need one to get past 404: one to keep (reads, actions) and one to delete. */
async function fixtures(key: string) {
  const sheet = async () => {
    const res = await post('/factsheets', key, { isin: 'ZZSMPL000014', deliver: 'link' });
    expect(res.status).toBe(200);
    const body = await json<z.infer<typeof FactsheetSchema>>(res);
    return { id: body.id, token: body.links.html.split('/').pop()! };
  };
  const hook = async () => {
    const res = await post('/webhooks', key, { url: 'http://127.0.0.1:9/fuzz', isins: ['ZZSMPL000014'] });
    expect(res.status).toBe(201);
    return (await json<z.infer<typeof WebhookCreated>>(res)).id;
  };
  return { kept: await sheet(), deleted: await sheet(), hook: await hook(), deletedHook: await hook() };
}

function configFile(dir: string, key: string, made: Awaited<ReturnType<typeof fixtures>>): string {
  // Stored funds and SCPI, not only generated identifiers that name nothing: half the values drawn for
  // these parameters are real, so answers with real payloads (every section of FundData) are checked too.
  const dictionaries = {
    isins: [...sampleFunds().map((f) => f.isin), ...findatexSampleClasses().map((c) => c.isin)],
    scpi: scpiProfiles().flatMap((s) => [s.slug, ...(s.isin ? [s.isin] : [])]),
    sheets: [made.kept.id],
    deletableSheets: [made.deleted.id],
    tokens: [made.kept.token],
    hooks: [made.hook],
    deletableHooks: [made.deletedHook],
  };
  const real = (dictionary: keyof typeof dictionaries) => ({ dictionary, probability: 0.5 });
  const parameters: Record<string, Record<string, ReturnType<typeof real>>> = {
    'GET /funds/{isin}': { 'path.isin': real('isins') },
    'GET /funds/{isin}/holdings': { 'path.isin': real('isins') },
    'GET /demo/funds/{isin}': { 'path.isin': real('isins') },
    'POST /funds': { 'body.isins[*]': real('isins') },
    'POST /portfolio': { 'body.positions[*].isin': real('isins') },
    'POST /factsheets': { 'body.isin': real('isins') },
    'GET /scpi/{idOrIsin}': { 'path.idOrIsin': real('scpi') },
    'GET /factsheets/{id}': { 'path.id': real('sheets') },
    'PATCH /factsheets/{id}': { 'path.id': real('sheets') },
    'DELETE /factsheets/{id}': { 'path.id': real('deletableSheets') },
    'GET /shared/factsheets/{token}': { 'path.token': real('tokens') },
    'GET /shared/factsheets/{token}/embed': { 'path.token': real('tokens') },
    'GET /shared/factsheets/{token}/pdf': { 'path.token': real('tokens') },
    'POST /webhooks/{id}': { 'path.id': real('hooks') },
    'DELETE /webhooks/{id}': { 'path.id': real('deletableHooks') },
  };
  const operations = [...new Set([...SCHEMA_STATES_EVERY_RULE, ...Object.keys(parameters)])].flatMap((name) => [
    '[[operations]]',
    `include-name = ${toml(name)}`,
    ...(SCHEMA_STATES_EVERY_RULE.includes(name)
      ? [`checks = ${toml({ positive_data_acceptance: { enabled: true } })}`]
      : []),
    ...(parameters[name] ? [`parameters = ${toml(parameters[name])}`] : []),
    '',
  ]);
  const lines = [
    `hooks = ${toml(HOOKS)}`,
    `seed = ${SEED}`,
    'workers = 1',
    'request-timeout = 120',
    'continue-on-failure = true',
    `headers = ${toml({ Authorization: `Bearer ${key}` })}`,
    '',
    '[generation]',
    `max-examples = ${MAX_EXAMPLES}`,
    // No example database: a run never replays what an earlier run found, so the seed alone decides.
    'database = "none"',
    '',
    '[checks]',
    'positive_data_acceptance = { enabled = false }',
    '',
    '[phases.coverage]',
    `unexpected-methods = ${toml(UNEXPECTED_METHODS)}`,
    '',
    ...Object.entries(dictionaries).flatMap(([name, values]) => [`[dictionaries.${name}]`, `values = ${toml(values)}`]),
    '',
    ...operations,
  ];
  const file = path.join(dir, 'schemathesis.toml');
  fs.writeFileSync(file, lines.join('\n'));
  return file;
}

function run(
  binary: string,
  args: string[],
  cwd: string,
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      cwd,
      env: { ...process.env, NO_COLOR: '1', COLUMNS: '120' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

/**
 * The parts of the report that say what failed: the FAILURES section (each with its curl), the errors and the summary.
 */
function report(output: string): string {
  const from = output.search(/^=+ (FAILURES|ERRORS) =+$/m);
  return from >= 0 ? output.slice(from) : output;
}

/** Deletes the endpoints the run created: they would otherwise receive the events of the other suites' loads. */
async function removeWebhooks(key: string): Promise<void> {
  const { webhooks } = await json<z.infer<typeof WebhookList>>(await get('/webhooks', key));
  for (const { id } of webhooks)
    await fetch(`${API}/webhooks/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${key}` } });
}

describe('OpenAPI fuzzing (Schemathesis)', () => {
  it(
    'answers every generated request without a 5xx and as the OpenAPI document describes',
    async () => {
      const binary = schemathesisBinary();
      if (!fs.existsSync(binary))
        throw new Error(`Schemathesis is not installed at ${binary}: run bash scripts/ensure.sh (npm test does)`);
      const { key } = await newKey('enterprise', undefined, { operator: true }); // POST/GET/DELETE /documents too
      const made = await fixtures(key);
      const api = new URL(API);
      const relay = await relayFrom('127.0.0.2', api);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-fuzz-'));
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      try {
        const base = `${relay.origin}${api.pathname}`;
        const args = [
          '--no-color',
          '--config-file',
          configFile(dir, key, made),
          'run',
          `${base}/openapi.json`,
          '--url',
          base,
          '--phases',
          'examples,coverage,fuzzing,stateful',
          '--seed',
          String(SEED),
          '--max-examples',
          String(MAX_EXAMPLES),
          '--report',
          'junit',
          '--report-junit-path',
          path.join(ARTIFACTS, 'openapi-fuzz.junit.xml'),
        ];
        const result = await run(binary, args, dir);
        // The curls name the relay, gone after the run: name the API itself (only the client address differs).
        const output = result.output.split(relay.origin).join(api.origin);
        fs.writeFileSync(path.join(ARTIFACTS, 'openapi-fuzz.txt'), output);
        const summary = /^=+ (.* in [\d.]+s) =+$/m.exec(output)?.[1] ?? 'no summary';
        console.log(
          `Schemathesis ${summary} (${Math.round(result.ms / 1000)} s): ${/^Test cases:\n\s*(.*)$/m.exec(output)?.[1] ?? ''}`,
        );
        if (result.code !== 0)
          throw new Error(
            `Schemathesis exited with ${result.code ?? 'a kill (over the time limit)'}:\n${report(output)}`,
          );
      } finally {
        await relay.close();
        await removeWebhooks(key);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    RUN_LIMIT_MS + 60_000,
  );
});

describe('what the fuzz run found, kept fixed', () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await newKey('enterprise', undefined, { operator: true }));
  });

  it('POST /portfolio scales weights of any finite size (a subnormal weight made every weight and coverage null)', async () => {
    for (const positions of [
      [{ isin: 'ZZSMPL000071', weight: 2.225073858507203e-309 }],
      [
        { isin: 'ZZSMPL000071', weight: 1e308 },
        { isin: 'ZZSMPL000014', weight: 1e308 },
      ],
    ]) {
      const res = await post('/portfolio', key, { positions });
      expect(res.status).toBe(200);
      const body = await json<z.infer<typeof PortfolioResponse>>(res);
      expect(body.positions.map((p) => p.weight)).toEqual(positions.length === 1 ? [100] : [50, 50]);
      expect(body.coverage).toBe(100);
    }
  });

  it('GET /overlap reads wait as documented: true, false, 1 or 0, nothing from Object.prototype', async () => {
    const res = await get('/overlap?isins=ZZSMPL000014,ZZSMPL000055&wait=constructor', key);
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ code: 'invalid_query', message: 'wait must be true or false' });
    expect((await get('/overlap?isins=ZZSMPL000014,ZZSMPL000055&wait=1', key)).status).toBe(200);
  });

  it('the document states what the service enforces', async () => {
    const doc = await json<OpenApiDocument>(await get('/openapi.json'));
    const operation = (method: string, route: string) => doc.paths[route][method];
    const param = (method: string, route: string, name: string) =>
      operation(method, route).parameters.find((p) => p.name === name)!.schema;
    // Bodies the service refuses to go without (PATCH without one was 400 while the document made it optional).
    for (const [method, route] of [
      ['post', '/factsheets'],
      ['patch', '/factsheets/{id}'],
      ['post', '/portfolio'],
      ['post', '/webhooks'],
      ['post', '/extract'],
    ]) {
      expect([method, route, operation(method, route).requestBody.required]).toEqual([method, route, true]);
    }
    expect(operation('post', '/webhooks/{id}').requestBody.required).toBeFalsy(); // action defaults to test
    // Shapes that name nothing when not met (an unconstrained token or ISIN could not even be generated as invalid).
    expect(param('get', '/funds/{isin}', 'isin').pattern).toBe('^[A-Za-z]{2}[A-Za-z0-9]{9}[0-9]$');
    expect(param('get', '/shared/factsheets/{token}', 'token').pattern).toBe('^[A-Za-z0-9_-]{43}$');
    expect(param('delete', '/webhooks/{id}', 'id').pattern).toBe('^we_[0-9a-f]{24}$');
    expect(param('get', '/changes', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
    const wait = param('get', '/overlap', 'wait').$ref!.split('/').pop()!; // a named enum (QueryFlag)
    expect([...doc.components.schemas[wait].enum].sort()).toEqual(['0', '1', 'false', 'true']);
    // A batch item's data is null unless the status is ok.
    expect(doc.components.schemas.BatchItem.properties.data.anyOf).toEqual([
      { $ref: '#/components/schemas/FundData' },
      { type: 'null' },
    ]);
    // Links from what a call creates to the calls on it.
    expect(Object.values(operation('post', '/factsheets').responses['200'].links).map((l) => l.operationId)).toEqual([
      'getFactsheet',
      'updateFactsheet',
      'deleteFactsheet',
    ]);
    expect(Object.values(operation('post', '/webhooks').responses['201'].links).map((l) => l.operationId)).toEqual([
      'runWebhookAction',
      'deleteWebhook',
    ]);
  });

  it('refuses search text the document does not allow, and takes what it allows', async () => {
    expect((await get(`/search?q=${encodeURIComponent('\u0011T\u0081á')}`, key)).status).toBe(400); // inner control character
    expect((await get(`/search?q=${encodeURIComponent('  a  ')}`, key)).status).toBe(400); // one character once trimmed
    expect((await get(`/search?q=${encodeURIComponent('\t😀😀 ')}`, key)).status).toBe(200); // two characters once trimmed
    expect((await get(`/search?q=${encodeURIComponent('😀')}`, key)).status).toBe(400); // one character (two UTF-16 units)
    expect((await get(`/scpi/${encodeURIComponent(' 0 ')}`, key)).status).toBe(400);
    expect((await get(`/factsheets?issuer=${encodeURIComponent('a\u0000b')}`, key)).status).toBe(400); // NUL cannot reach Postgres
  });
});

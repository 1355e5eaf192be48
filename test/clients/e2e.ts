/**
 * The TypeScript client end to end, as a new user would use it: every operation of the OpenAPI document called
 * against a running stack, typed results and typed errors asserted. Prints `called <operationId>` once per operation
 * and stops with a non-zero exit on the first failure. Run: node_modules/.bin/tsx test/clients/e2e.ts
 *
 * Env: FDS_API_URL (…/api/v1); keys FDS_KEY (scale), FDS_KEY_FREE, FDS_KEY_EXHAUSTED (free, credits spent),
 * FDS_KEY_OPERATOR (operator); FDS_ISIN and FDS_ISIN_2 (funds the server knows); FDS_KID_PDF (a KID PDF);
 * FDS_WEBHOOK_URL (a receiver answering 200; when unset, one is started here on 127.0.0.1).
 *
 * Other runs may share the stack: everything made here (webhook, factsheets, document) is this run's own and is
 * deleted, also after a failure; the free key (10 requests a minute) is used once.
 */
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { openAsBlob, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  call,
  createFundDataClient,
  type ErrorCode,
  FundDataError,
  type operations,
  shareTokenOf,
} from '../../clients/typescript/src/index';

type OperationId = keyof operations;

const env = {
  apiUrl: required('FDS_API_URL'),
  key: required('FDS_KEY'),
  freeKey: required('FDS_KEY_FREE'),
  exhaustedKey: required('FDS_KEY_EXHAUSTED'),
  operatorKey: required('FDS_KEY_OPERATOR'),
  isin: required('FDS_ISIN'),
  isin2: required('FDS_ISIN_2'),
  kidPdf: required('FDS_KID_PDF'),
  webhookUrl: process.env.FDS_WEBHOOK_URL || null,
};

const client = createFundDataClient({ apiKey: env.key, baseUrl: env.apiUrl });
/** A client holding no valid key: what it reaches shows the keyless operations take none. */
const anonymous = createFundDataClient({ apiKey: 'fds_no_such_key', baseUrl: env.apiUrl });
const { api } = client;

const calledOperations = new Set<OperationId>();
/** What this run made, to delete when a step fails before deleting it itself. */
const leftovers = new Map<string, () => Promise<unknown>>();

function called(operationId: OperationId): void {
  if (calledOperations.has(operationId)) return;
  calledOperations.add(operationId);
  console.log(`called ${operationId}`);
}

async function service(): Promise<void> {
  const health = await call(anonymous.api.GET('/health'));
  called('getHealth');
  assert.ok(['ok', 'degraded'].includes(health.status), `health is ${health.status}`);
  assert.equal(health.dependencies.postgres.status, 'up');

  const document = await call(anonymous.api.GET('/openapi.json'));
  called('getOpenApiDocument');
  assert.match(document.openapi, /^3\./);
  assert.ok(document.paths['/funds/{isin}'], 'the document describes GET /funds/{isin}');
}

async function account(): Promise<void> {
  const me = await call(api.GET('/me'));
  called('getAccount');
  assert.equal(me.plan.id, 'scale');
  assert.equal(typeof me.quota.used, 'number');
  // The other header: the same account through X-Api-Key.
  const sameAccount = createFundDataClient({ apiKey: env.key, baseUrl: env.apiUrl, auth: 'x-api-key' });
  assert.equal((await call(sameAccount.api.GET('/me'))).email, me.email);
}

async function funds(): Promise<void> {
  const fund = await call(api.GET('/funds/{isin}', { params: { path: { isin: env.isin } } }));
  called('getFund');
  assert.equal(fund.isin, env.isin);
  assert.equal(fund.plan, 'scale');
  assert.ok(fund.data.profile.rules.length > 0, 'the profile names its rule set');
  assert.ok(Date.parse(fund.expiresAt) > Date.parse(fund.generatedAt));
  // Loaded now if it never was, so that the batch below (20 s budget) finds it stored rather than pending.
  const second = await call(api.GET('/funds/{isin}', { params: { path: { isin: env.isin2 } } }));
  assert.equal(second.isin, env.isin2);

  const holdings = await call(api.GET('/funds/{isin}/holdings', { params: { path: { isin: env.isin } } }));
  called('getFundHoldings');
  assert.equal(holdings.isin, env.isin);
  assert.equal(holdings.count, holdings.holdings.length);

  const batch = await call(api.POST('/funds', { body: { isins: [env.isin, env.isin2] } }));
  called('batchFunds');
  assert.equal(batch.count, 2);
  assert.deepEqual(
    batch.results.map((item) => [item.input, item.status]),
    [
      [env.isin, 'ok'],
      [env.isin2, 'ok'],
    ],
  );
  assert.equal(batch.results[0]?.data?.keyFacts.currency, fund.data.keyFacts.currency);

  const search = await call(api.GET('/search', { params: { query: { q: env.isin } } }));
  called('searchFunds');
  assert.equal(search.results[0]?.isin, env.isin, 'the exact ISIN ranks first');

  const demo = await call(anonymous.api.GET('/demo/funds/{isin}', { params: { path: { isin: env.isin } } }));
  called('getDemoFund');
  assert.equal(demo.demo, true);
  assert.equal(demo.isin, env.isin);
}

async function portfolios(): Promise<void> {
  const positions = [
    { isin: env.isin, weight: 600 },
    { isin: env.isin2, weight: 400 },
  ];
  const portfolio = await call(api.POST('/portfolio', { body: { positions } }));
  called('lookThroughPortfolio');
  const weights = Object.fromEntries(portfolio.positions.map((position) => [position.isin, position.weight]));
  assert.deepEqual(weights, { [env.isin]: 60, [env.isin2]: 40 });
  assert.equal(portfolio.coverage, 100);

  const overlap = await call(api.GET('/overlap', { params: { query: { isins: `${env.isin},${env.isin2}` } } }));
  called('compareOverlap');
  assert.equal(overlap.pairs.length, 1);
  const [pair] = overlap.pairs;
  assert.ok(pair);
  assert.deepEqual([pair.a, pair.b].sort(), [env.isin, env.isin2].sort());
  assert.ok(pair.overlap >= 0 && pair.overlap <= 100, `overlap ${pair.overlap}`);
}

async function changes(): Promise<void> {
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const feed = await call(api.GET('/changes', { params: { query: { since, limit: 100 } } }));
  called('listChanges');
  assert.equal(feed.count, feed.changes.length);
  assert.ok(Date.parse(feed.nextSince) >= Date.parse(since));
  for (const change of feed.changes) assert.ok(['fund.changed', 'fund.refreshed'].includes(change.event));
}

async function exportFunds(): Promise<void> {
  const exported = new Set<string>();
  for await (const line of client.exportFunds()) {
    assert.equal(typeof line.data.profile.rules, 'string', `line ${line.isin} carries its data`);
    exported.add(line.isin);
  }
  called('exportFunds');
  assert.ok(exported.has(env.isin) && exported.has(env.isin2), `the export has both funds (${exported.size} lines)`);
  let gzippedHasFund = false;
  for await (const line of client.exportFunds({ gzip: '1' })) gzippedHasFund ||= line.isin === env.isin;
  assert.ok(gzippedHasFund, 'the gzipped export has the fund');
}

async function extraction(): Promise<void> {
  const content = await openAsBlob(env.kidPdf, { type: 'application/pdf' });
  const fromPdf = await client.extractDocument({ file: { name: 'kid.pdf', content }, kind: 'kid' });
  called('extractDocument');
  assert.ok(fromPdf.document.pages >= 1);
  assert.ok(fromPdf.fieldsFilled > 0, 'the KID filled fields');
  assert.equal(fromPdf.credits, 5);

  const text = [
    'Key Information Document',
    'Product',
    'Sample Equity Fund (TypeScript client test)',
    `ISIN: ${env.isin}`,
    'We have classified this product as 4 out of 7, which is a medium risk class.',
  ].join('\n');
  const fromText = await call(api.POST('/extract', { body: { text, kind: 'kid' } }));
  assert.equal(fromText.isin, env.isin);
  assert.equal(fromText.data.riskRating, 4);
}

async function factsheets(): Promise<void> {
  const sheet = await call(api.POST('/factsheets', { body: { isin: env.isin, format: 'html', deliver: 'link' } }));
  called('createFactsheet');
  leaveToDelete(`factsheet ${sheet.id}`, () => api.DELETE('/factsheets/{id}', { params: { path: { id: sheet.id } } }));
  assert.equal(sheet.isin, env.isin);
  assert.equal(sheet.favorite, false);
  const byId = { params: { path: { id: sheet.id } } };

  const listed = await call(api.GET('/factsheets', { params: { query: { limit: 500 } } }));
  called('listFactsheets');
  assert.ok(
    listed.factsheets.some((saved) => saved.id === sheet.id),
    'the list has the new sheet',
  );

  assert.deepEqual(await call(api.GET('/factsheets/{id}', byId)), sheet);
  called('getFactsheet');
  const html = await client.factsheetDocument(sheet.id, 'html');
  assert.match(html, /<html/i);
  assertPdf(await client.factsheetDocument(sheet.id, 'pdf'));

  const starred = await call(api.PATCH('/factsheets/{id}', { ...byId, body: { favorite: true } }));
  called('updateFactsheet');
  assert.equal(starred.favorite, true);
  const favorites = await call(api.GET('/factsheets', { params: { query: { favorites: '1', limit: 500 } } }));
  assert.ok(favorites.factsheets.some((saved) => saved.id === sheet.id && saved.favorite));

  const token = shareTokenOf(sheet.links.html);
  assert.match(await anonymous.sharedFactsheet(token, 'html'), /<html/i);
  called('getSharedFactsheet');
  assert.match(await anonymous.sharedFactsheet(sheet.links.embed, 'embed'), /<html/i); // a link does as well
  called('getSharedFactsheetEmbed');
  assertPdf(await anonymous.sharedFactsheet(token, 'pdf'));
  called('getSharedFactsheetPdf');

  const made = await client.createFactsheetDocument({ isin: env.isin2 });
  leaveToDelete(`factsheet ${made.factsheetId}`, () =>
    api.DELETE('/factsheets/{id}', { params: { path: { id: made.factsheetId } } }),
  );
  assert.match(made.html, /<html/i);
  assert.equal(
    (await call(api.GET('/factsheets/{id}', { params: { path: { id: made.factsheetId } } }))).isin,
    env.isin2,
  );

  for (const id of [sheet.id, made.factsheetId]) {
    assert.deepEqual(await call(api.DELETE('/factsheets/{id}', { params: { path: { id } } })), { deleted: true, id });
    leftovers.delete(`factsheet ${id}`);
  }
  called('deleteFactsheet');
  await expectFundDataError(anonymous.sharedFactsheet(token, 'html'), 404);
}

async function webhooks(): Promise<void> {
  const receiver = env.webhookUrl ? null : await startReceiver();
  try {
    const url = env.webhookUrl ?? receiver?.url ?? '';
    const created = await call(api.POST('/webhooks', { body: { url, events: ['fund.changed'], isins: [env.isin] } }));
    called('createWebhook');
    const byId = { params: { path: { id: created.id } } };
    leaveToDelete(`webhook ${created.id}`, () => api.DELETE('/webhooks/{id}', byId));
    assert.equal(created.url, url);
    assert.equal(created.active, true);
    assert.ok(created.secret.length >= 16, 'the signing secret is returned once');

    const test = await call(api.POST('/webhooks/{id}', { ...byId, body: { action: 'test' } }));
    called('runWebhookAction');
    assert.deepEqual(test, { id: created.id, delivered: true, status: 200, active: true });
    if (receiver) assertSigned(receiver.deliveries.at(-1), created.secret);

    const disabled = await call(api.POST('/webhooks/{id}', { ...byId, body: { action: 'disable' } }));
    assert.equal(disabled.active, false);
    const enabled = await call(api.POST('/webhooks/{id}', { ...byId, body: { action: 'enable' } }));
    assert.equal(enabled.active, true);

    const listed = await call(api.GET('/webhooks'));
    called('listWebhooks');
    const mine = listed.webhooks.find((webhook) => webhook.id === created.id);
    assert.ok(mine, 'the list has the new webhook');
    assert.equal('secret' in mine, false, 'the list shows no secret');

    assert.equal(await call(api.DELETE('/webhooks/{id}', byId)), undefined);
    leftovers.delete(`webhook ${created.id}`);
    called('deleteWebhook');
    await expectFundDataError(call(api.POST('/webhooks/{id}', { ...byId, body: {} })), 404, 'not_found');
  } finally {
    receiver?.server.close();
  }
}

async function scpi(): Promise<void> {
  const found = await call(api.GET('/scpi', { params: { query: { q: 'sc' } } }));
  called('searchScpi');
  const [first] = found.results;
  assert.ok(first, 'the SCPI search finds something');
  const envelope = await call(api.GET('/scpi/{idOrIsin}', { params: { path: { idOrIsin: first.id } } }));
  called('getScpi');
  assert.equal(envelope.id, first.id);
  assert.equal(envelope.data.keyFacts.name.length > 0, true);
}

async function documents(): Promise<void> {
  const operator = createFundDataClient({ apiKey: env.operatorKey, baseUrl: env.apiUrl });
  // This run's own copy of the KID (a PDF comment after %%EOF): filed as new, so deleting it touches no one else's.
  const bytes = Buffer.concat([readFileSync(env.kidPdf), Buffer.from(`\n% typescript e2e ${randomUUID()}\n`)]);
  const filed = await operator.fileDocuments([
    { name: 'typescript-e2e-kid.pdf', content: new Blob([bytes], { type: 'application/pdf' }) },
  ]);
  called('fileDocuments');
  const [result] = filed.documents;
  assert.ok(result?.sha256, `the KID was not filed: ${JSON.stringify(result)}`);
  const sha256 = result.sha256;
  const bySha = { params: { path: { sha256 } } };
  leaveToDelete(`document ${sha256}`, () => operator.api.DELETE('/documents/{sha256}', bySha));
  assert.equal(result.status, 'filed', result.reason ?? '');
  assert.equal(result.kind, 'kid');

  const listed = await call(
    operator.api.GET('/documents', { params: { query: { isin: result.isins[0], limit: 100 } } }),
  );
  called('listDocuments');
  assert.ok(
    listed.documents.some((document) => document.sha256 === sha256),
    'the list has the filed KID',
  );

  const removed = await call(operator.api.DELETE('/documents/{sha256}', bySha));
  leftovers.delete(`document ${sha256}`);
  called('deleteDocument');
  assert.equal(removed.sha256, sha256);
  assert.equal(removed.removed, true);
}

async function errors(): Promise<void> {
  const wrongKey = createFundDataClient({ apiKey: 'fds_not_a_key_of_this_service', baseUrl: env.apiUrl });
  const unauthorized = await expectFundDataError(call(wrongKey.api.GET('/me')), 401, 'invalid_api_key');
  assert.ok(unauthorized.requestId, 'a 401 carries the request id');
  const wrongHeader = createFundDataClient({ apiKey: 'fds_not_a_key', baseUrl: env.apiUrl, auth: 'x-api-key' });
  await expectFundDataError(call(wrongHeader.api.GET('/me')), 401, 'invalid_api_key');

  const free = createFundDataClient({ apiKey: env.freeKey, baseUrl: env.apiUrl });
  await expectFundDataError(firstOf(free.exportFunds()), 403, 'plan_required');

  const unknown = withCheckDigit('ZZSMPL99999');
  const notFound = await expectFundDataError(
    call(api.GET('/funds/{isin}', { params: { path: { isin: unknown } } })),
    404,
    'fund_not_found',
  );
  assert.ok(notFound.body && typeof notFound.body === 'object' && 'data' in notFound.body, 'with the empty skeleton');

  // Credits spent until next month: Retry-After is days, far above the 60 s cap, so the client must not wait.
  let requests = 0;
  const exhausted = createFundDataClient({
    apiKey: env.exhaustedKey,
    baseUrl: env.apiUrl,
    fetch: (input, init) => {
      requests += 1;
      return fetch(input, init);
    },
  });
  const started = Date.now();
  const limited = await expectFundDataError(
    call(exhausted.api.GET('/funds/{isin}', { params: { path: { isin: env.isin } } })),
    429,
    'rate_limited',
  );
  assert.ok((limited.retryAfter ?? 0) > 60, `retryAfter ${limited.retryAfter}`);
  assert.equal(limited.reason, 'credits_exhausted');
  assert.equal(requests, 1, 'no retry after a Retry-After above the cap');
  assert.ok(Date.now() - started < 5000, `answered in ${Date.now() - started} ms`);
}

async function everyOperationCalled(): Promise<void> {
  const document = await call(anonymous.api.GET('/openapi.json'));
  const documented = Object.values(document.paths).flatMap((item) =>
    Object.values(isObject(item) ? item : {}).flatMap((operation) =>
      isObject(operation) && typeof operation.operationId === 'string' ? [operation.operationId] : [],
    ),
  );
  const missed = documented.filter((operationId) => !calledOperations.has(operationId as OperationId));
  assert.deepEqual(missed, [], `operations of the document this run did not call: ${missed.join(', ')}`);
}

// --- helpers

/** The document types its path items and operations as unknown: narrows a value to a JSON object. */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function required(name: string): string {
  const value = process.env[name];
  if (value) return value;
  console.error(`e2e: set ${name} (see the head of test/clients/e2e.ts)`);
  process.exit(2);
}

function leaveToDelete(what: string, remove: () => Promise<unknown>): void {
  leftovers.set(what, remove);
}

/** Awaits a promise that must reject with a FundDataError of that status (and code); returns the error. */
async function expectFundDataError(
  promise: Promise<unknown>,
  status: number,
  code?: ErrorCode,
): Promise<FundDataError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof FundDataError, `expected a FundDataError, got ${String(error)}`);
    assert.equal(error.status, status, error.message);
    if (code) assert.equal(error.code, code, error.message);
    return error;
  }
  assert.fail(`expected a ${status}${code ? ` ${code}` : ''} FundDataError, the call succeeded`);
}

async function firstOf<T>(lines: AsyncIterable<T>): Promise<T | undefined> {
  for await (const line of lines) return line;
  return undefined;
}

function assertPdf(bytes: Uint8Array): void {
  assert.equal(Buffer.from(bytes.subarray(0, 5)).toString('latin1'), '%PDF-');
}

/** The ISIN of a body (country code and nine characters) with its check digit (Luhn over the letters as numbers). */
function withCheckDigit(body: string): string {
  const digits = [...body].map((character) => parseInt(character, 36).toString()).join('');
  let sum = 0;
  [...digits].reverse().forEach((digit, index) => {
    const value = Number(digit) * (index % 2 === 0 ? 2 : 1);
    sum += value > 9 ? value - 9 : value;
  });
  return `${body}${(10 - (sum % 10)) % 10}`;
}

interface Delivery {
  signature: string;
  body: string;
}

/** A webhook receiver on 127.0.0.1 answering 200 and keeping what it was sent. */
async function startReceiver(): Promise<{ url: string; server: http.Server; deliveries: Delivery[] }> {
  const deliveries: Delivery[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({
        signature: String(request.headers['x-service-signature']),
        body: Buffer.concat(chunks).toString(),
      });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, server, deliveries };
}

/** A delivery signed as the spec says: X-Service-Signature t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">. */
function assertSigned(delivery: Delivery | undefined, secret: string): void {
  assert.ok(delivery, 'the receiver got the test delivery');
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(delivery.signature) ?? [];
  assert.ok(t && v1, `signature header ${delivery.signature}`);
  assert.equal(v1, createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex'));
  assert.ok(Math.abs(Date.now() / 1000 - Number(t)) < 300, 'the signature is fresh');
}

function describe(error: unknown): string {
  if (error instanceof FundDataError) {
    return `${error.status} ${error.code}: ${error.message} (request ${error.requestId ?? 'unknown'})`;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

async function main(): Promise<void> {
  const steps: Array<[string, () => Promise<void>]> = [
    ['service', service],
    ['account', account],
    ['funds', funds],
    ['portfolios', portfolios],
    ['changes', changes],
    ['export', exportFunds],
    ['extraction', extraction],
    ['factsheets', factsheets],
    ['webhooks', webhooks],
    ['scpi', scpi],
    ['documents', documents],
    ['errors', errors],
    ['coverage', everyOperationCalled],
  ];
  const started = Date.now();
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (error) {
      console.error(`e2e failed in step ${name}: ${describe(error)}`);
      for (const [what, remove] of leftovers) await remove().catch(() => console.error(`could not delete ${what}`));
      process.exit(1);
    }
  }
  console.log(`e2e ok: ${calledOperations.size} operations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

void main();

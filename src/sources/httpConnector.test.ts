import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

import { UnreadableDocumentError } from '../domain/documents';
import {
  FetchNetworkError,
  FetchTimeoutError,
  HttpStatusError,
  isPublicAddress,
  TooLargeError,
} from '../outbound/safeFetch';
import {
  DEFAULT_MAX_BYTES_BY_KIND,
  DocumentRejectedError,
  DocumentUnavailableError,
  fillUrlTemplate,
  type HttpConnectorOptions,
  HttpDocumentConnector,
  type IssuerTemplates,
  IssuerTemplatesError,
  isTransientFailure,
  loadIssuerTemplates,
  retryAfterMs,
  type SkippedDocument,
} from './httpConnector';

const LU = 'LU0292097234';
const IE = 'IE00B4L5Y983';

type Handler = (res: http.ServerResponse, hit: number, req: http.IncomingMessage) => void;

/** A 127.0.0.1 server; records every request with its arrival time; unknown paths are 404. */
async function startIssuerServer(routes: Record<string, Handler> = {}) {
  const requests: { path: string; at: number }[] = [];
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = req.url ?? '';
    requests.push({ path, at: performance.now() });
    const hit = (hits.get(path) ?? 0) + 1;
    hits.set(path, hit);
    const handler = routes[path];
    if (handler) handler(res, hit, req);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    paths: () => requests.map((r) => r.path),
    hitsOf: (path: string) => hits.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type IssuerServer = Awaited<ReturnType<typeof startIssuerServer>>;

const ok =
  (body: string | Buffer, contentType = 'application/octet-stream'): Handler =>
  (res) =>
    void res.writeHead(200, { 'content-type': contentType }).end(body);
const status =
  (code: number, headers: Record<string, string> = {}): Handler =>
  (res) =>
    void res.writeHead(code, headers).end();

/** Loopback is allowed for the test server only; the production policy is otherwise unchanged. */
const testOptions = (extra: HttpConnectorOptions = {}): HttpConnectorOptions => ({
  isAllowedAddress: (address) => address === '127.0.0.1' || isPublicAddress(address),
  minTimeMsPerHost: 0,
  timeoutMs: 2000,
  ...extra,
});

const oneDoc = (
  urlTemplate: string,
  extra: Partial<IssuerTemplates[number]['documents'][number]> = {},
): IssuerTemplates => loadIssuerTemplates([{ issuer: 'Test AM', documents: [{ kind: 'kid', urlTemplate, ...extra }] }]);

describe('loadIssuerTemplates', () => {
  const valid = [
    {
      issuer: 'Example AM',
      isinPrefixes: ['LU', 'IE00B'],
      documents: [
        { kind: 'kid', urlTemplate: 'https://issuer.example/docs/{isin}/kid-{lang}.pdf', mediaType: 'application/pdf' },
        { kind: 'nav', urlTemplate: 'https://issuer.example/nav?fund={isinLower}', optional: true },
      ],
    },
  ];

  it('accepts a valid configuration, as a value or as JSON text', () => {
    expect(loadIssuerTemplates(valid)).toEqual(valid);
    expect(loadIssuerTemplates(JSON.stringify(valid))).toEqual(valid);
  });

  it.each([
    [
      'an unknown placeholder',
      { kind: 'kid', urlTemplate: 'https://issuer.example/{fund}.pdf' },
      /unknown placeholder/,
    ],
    [
      'a placeholder in the host',
      { kind: 'kid', urlTemplate: 'https://{isin}.issuer.example/kid.pdf' },
      /not allowed in the host/,
    ],
    ['a non-http scheme', { kind: 'kid', urlTemplate: 'ftp://issuer.example/{isin}.pdf' }, /http:\/\/ or https:\/\//],
    ['an unknown kind', { kind: 'prospectus', urlTemplate: 'https://issuer.example/{isin}.pdf' }, /kind/],
    [
      'a malformed media type',
      { kind: 'kid', urlTemplate: 'https://issuer.example/{isin}.pdf', mediaType: 'pdf' },
      /media type/,
    ],
    ['an unknown key', { kind: 'kid', urlTemplate: 'https://issuer.example/{isin}.pdf', retries: 9 }, /retries/],
  ])('rejects %s', (_, document, message) => {
    const err = (() => {
      try {
        loadIssuerTemplates([{ issuer: 'X', documents: [document] }]);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(IssuerTemplatesError);
    expect((err as Error).message).toMatch(message);
  });

  it.each([
    ['no documents', [{ issuer: 'X', documents: [] }]],
    ['a lower-case prefix', [{ issuer: 'X', isinPrefixes: ['lu'], documents: valid[0].documents }]],
    ['duplicate issuers', [valid[0], valid[0]]],
    ['not an array', valid[0]],
    ['broken JSON text', '[{"issuer":'],
  ])('rejects %s', (_, config) => expect(() => loadIssuerTemplates(config)).toThrow(IssuerTemplatesError));
});

describe('template filling and planning', () => {
  it('fills {isin}, {isinLower} and {lang}', () => {
    expect(
      fillUrlTemplate('https://i.example/{isin}/{isinLower}/kid-{lang}.pdf?l={lang}', {
        isin: LU,
        isinLower: LU.toLowerCase(),
        lang: 'de-CH',
      }),
    ).toBe(`https://i.example/${LU}/${LU.toLowerCase()}/kid-de-CH.pdf?l=de-CH`);
  });

  it('plans only issuers whose prefixes match, with the default language en', () => {
    const connector = new HttpDocumentConnector(
      loadIssuerTemplates([
        {
          issuer: 'Lux AM',
          isinPrefixes: ['LU'],
          documents: [{ kind: 'kid', urlTemplate: 'https://lux.example/{isin}/kid-{lang}.pdf' }],
        },
        {
          issuer: 'Irish AM',
          isinPrefixes: ['IE00B'],
          documents: [{ kind: 'kid', urlTemplate: 'https://ie.example/{isin}.pdf' }],
        },
        { issuer: 'Everyone', documents: [{ kind: 'nav', urlTemplate: 'https://all.example/nav/{isinLower}.csv' }] },
      ]),
    );
    expect(connector.plan(LU).map((p) => p.url)).toEqual([
      `https://lux.example/${LU}/kid-en.pdf`,
      `https://all.example/nav/${LU.toLowerCase()}.csv`,
    ]);
    expect(connector.plan(IE).map((p) => p.issuer)).toEqual(['Irish AM', 'Everyone']);
  });

  it('refuses a language that is not a language tag', () => {
    expect(() => new HttpDocumentConnector([], { lang: '../x' })).toThrow(RangeError);
  });
});

describe('failure classification', () => {
  it('counts network errors, timeouts, 429 and 5xx as transient, never other 4xx', () => {
    expect(isTransientFailure(new FetchNetworkError('u', 'ECONNRESET', new Error('reset')))).toBe(true);
    expect(isTransientFailure(new FetchTimeoutError('u', 10))).toBe(true);
    expect(isTransientFailure(new HttpStatusError('u', 429, null))).toBe(true);
    expect(isTransientFailure(new HttpStatusError('u', 502, null))).toBe(true);
    for (const code of [400, 401, 403, 404, 410])
      expect(isTransientFailure(new HttpStatusError('u', code, null))).toBe(false);
    expect(isTransientFailure(new TooLargeError('u', 1, null))).toBe(false);
  });

  it('reads Retry-After as delta-seconds or an HTTP-date, ignoring what it cannot parse', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(' 30 ')).toBe(30_000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs(new Date(1_000).toUTCString(), 4_000)).toBe(0); // already past
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

describe('HttpDocumentConnector against a local server', () => {
  let server: IssuerServer;
  afterEach(() => server.close());

  it('fills templates and returns documents with kind, media type, final URL and retrieval time', async () => {
    server = await startIssuerServer({
      [`/docs/${LU}/kid-fr.pdf`]: ok('%PDF-1.7 kid'),
      [`/data/${LU.toLowerCase()}/nav.csv`]: ok('date,nav\n2026-01-02,101.5\n', 'text/csv; charset=utf-8'),
      [`/moved/${LU}`]: status(302, { location: `/final/${LU}.xlsx` }),
      [`/final/${LU}.xlsx`]: ok('PK xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    });
    const connector = new HttpDocumentConnector(
      loadIssuerTemplates([
        {
          issuer: 'Test AM',
          documents: [
            { kind: 'kid', urlTemplate: `${server.base}/docs/{isin}/kid-{lang}.pdf`, mediaType: 'application/pdf' },
            { kind: 'nav', urlTemplate: `${server.base}/data/{isinLower}/nav.csv` },
            { kind: 'holdings', urlTemplate: `${server.base}/moved/{isin}` },
          ],
        },
      ]),
      testOptions({ lang: 'fr' }),
    );
    const before = Date.now();

    const docs = await connector.fetch(` ${LU.toLowerCase()} `); // normalised before use

    expect(docs.map(({ retrievedAt: _retrievedAt, ...rest }) => rest)).toEqual([
      {
        kind: 'kid',
        mediaType: 'application/pdf',
        origin: `${server.base}/docs/${LU}/kid-fr.pdf`,
        content: Buffer.from('%PDF-1.7 kid'),
      },
      {
        kind: 'nav',
        mediaType: 'text/csv',
        origin: `${server.base}/data/${LU.toLowerCase()}/nav.csv`,
        content: Buffer.from('date,nav\n2026-01-02,101.5\n'),
      },
      {
        kind: 'holdings',
        mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        origin: `${server.base}/final/${LU}.xlsx`,
        content: Buffer.from('PK xlsx'),
      },
    ]);
    for (const doc of docs) {
      expect(Date.parse(doc.retrievedAt)).toBeGreaterThanOrEqual(before - 1);
      expect(doc.retrievedAt).toBe(new Date(doc.retrievedAt).toISOString());
    }
  });

  it('validates the ISIN before building any URL', async () => {
    server = await startIssuerServer();
    const connector = new HttpDocumentConnector(oneDoc(`${server.base}/{isin}.pdf`), testOptions());
    for (const bad of ['LU0292097235', '../../etc/passwd', 'LU02920972%2F', '']) {
      await expect(connector.fetch(bad)).resolves.toEqual([]);
    }
    expect(server.requests).toEqual([]); // not even robots.txt
  });

  it('does not fetch what robots.txt disallows, and reports the skip', async () => {
    server = await startIssuerServer({
      '/robots.txt': ok(
        'User-agent: FundDataService\nDisallow: /private/\n\nUser-agent: *\nDisallow: /\n',
        'text/plain',
      ),
      [`/public/${LU}.pdf`]: ok('%PDF public'),
      [`/private/${LU}.pdf`]: ok('%PDF private'),
    });
    const skipped: SkippedDocument[] = [];
    const connector = new HttpDocumentConnector(
      loadIssuerTemplates([
        {
          issuer: 'Test AM',
          documents: [
            { kind: 'kid', urlTemplate: `${server.base}/private/{isin}.pdf` },
            { kind: 'factsheet', urlTemplate: `${server.base}/public/{isin}.pdf` },
          ],
        },
      ]),
      testOptions({ onSkip: (s) => skipped.push(s) }),
    );

    const docs = await connector.fetch(LU);

    expect(docs.map((d) => d.kind)).toEqual(['factsheet']);
    expect(skipped).toEqual([
      {
        issuer: 'Test AM',
        kind: 'kid',
        url: `${server.base}/private/${LU}.pdf`,
        reason: 'robots',
        detail: 'disallowed by robots.txt',
      },
    ]);
    expect(server.paths()).not.toContain(`/private/${LU}.pdf`);
    expect(server.hitsOf('/robots.txt')).toBe(1); // cached across both documents
  });

  it('fails a required document, and skips an optional one, when robots.txt is unreachable (5xx)', async () => {
    server = await startIssuerServer({ '/robots.txt': status(503), [`/${LU}.pdf`]: ok('%PDF') });
    const required = new HttpDocumentConnector(oneDoc(`${server.base}/{isin}.pdf`), testOptions());
    await expect(required.fetch(LU)).rejects.toBeInstanceOf(DocumentUnavailableError);

    const skipped: SkippedDocument[] = [];
    const optional = new HttpDocumentConnector(
      oneDoc(`${server.base}/{isin}.pdf`, { optional: true }),
      testOptions({ onSkip: (s) => skipped.push(s) }),
    );
    await expect(optional.fetch(LU)).resolves.toEqual([]);
    expect(skipped[0]).toMatchObject({
      reason: 'failed',
      detail: expect.stringMatching(/robots\.txt unreachable \(HTTP 503\)/) as string,
    });
    expect(server.paths()).not.toContain(`/${LU}.pdf`);
  });

  it('skips a 404 after one request, even for a required document', async () => {
    server = await startIssuerServer();
    const skipped: SkippedDocument[] = [];
    const connector = new HttpDocumentConnector(
      oneDoc(`${server.base}/{isin}.pdf`),
      testOptions({ onSkip: (s) => skipped.push(s) }),
    );
    await expect(connector.fetch(LU)).resolves.toEqual([]);
    expect(server.hitsOf(`/${LU}.pdf`)).toBe(1);
    expect(skipped).toMatchObject([{ reason: 'not-found', detail: 'HTTP 404' }]);
  });

  it.each<[string, Handler, number | null, unknown]>([
    ['500', status(500), null, HttpStatusError],
    ['503 with Retry-After', status(503, { 'retry-after': '7' }), 7000, HttpStatusError],
    ['429 with Retry-After', status(429, { 'retry-after': '1' }), 1000, HttpStatusError],
    ['429 without Retry-After', status(429), null, HttpStatusError],
    ['a reset connection', (res) => void res.socket?.destroy(), null, FetchNetworkError],
  ])(
    'asks once after %s: a required document fails as unavailable, with the wait the server asked for',
    async (_, failure, wait, cause) => {
      server = await startIssuerServer({
        [`/${LU}.pdf`]: (res, hit, req) => (hit < 2 ? failure(res, hit, req) : ok('%PDF second time')(res, hit, req)),
      });
      const connector = new HttpDocumentConnector(oneDoc(`${server.base}/{isin}.pdf`), testOptions());
      const err = await connector.fetch(LU).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DocumentUnavailableError);
      expect(err).not.toBeInstanceOf(UnreadableDocumentError); // retryable: the activity tries again
      expect((err as DocumentUnavailableError).retryAfterMs).toBe(wait);
      expect((err as Error).cause).toBeInstanceOf(cause);
      expect(server.hitsOf(`/${LU}.pdf`)).toBe(1); // no retry inside the connector

      // The next fetch (the activity's next attempt) asks again, and gets it.
      const docs = await connector.fetch(LU);
      expect(docs.map((d) => d.content.toString())).toEqual(['%PDF second time']);
      expect(server.hitsOf(`/${LU}.pdf`)).toBe(2);
    },
  );

  it('fails as unavailable after a timeout, in one attempt', async () => {
    server = await startIssuerServer({ [`/${LU}.pdf`]: () => {} }); // never answers
    const connector = new HttpDocumentConnector(oneDoc(`${server.base}/{isin}.pdf`), testOptions({ timeoutMs: 200 }));
    const err = await connector.fetch(LU).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentUnavailableError);
    expect((err as Error).cause).toBeInstanceOf(FetchTimeoutError);
    expect((err as DocumentUnavailableError).retryAfterMs).toBeNull();
    expect(server.hitsOf(`/${LU}.pdf`)).toBe(1);
  });

  it('skips an optional document that fails transiently, after one request', async () => {
    server = await startIssuerServer({ [`/${LU}.pdf`]: status(503, { 'retry-after': '5' }) });
    const skipped: SkippedDocument[] = [];
    const optional = new HttpDocumentConnector(
      oneDoc(`${server.base}/{isin}.pdf`, { optional: true }),
      testOptions({ onSkip: (s) => skipped.push(s) }),
    );
    await expect(optional.fetch(LU)).resolves.toEqual([]);
    expect(server.hitsOf(`/${LU}.pdf`)).toBe(1);
    expect(skipped).toMatchObject([{ reason: 'failed', detail: expect.stringMatching(/HTTP 503/) as string }]);
  });

  it('throws the first failure in plan order, with the longest wait any failed document asked for', async () => {
    server = await startIssuerServer({
      [`/${LU}/kid`]: status(500),
      [`/${LU}/factsheet`]: status(429, { 'retry-after': '9' }),
      [`/${LU}/nav`]: status(503, { 'retry-after': '3' }),
      [`/${LU}/holdings`]: ok('holdings'),
    });
    const connector = new HttpDocumentConnector(
      loadIssuerTemplates([
        {
          issuer: 'Test AM',
          documents: (['kid', 'factsheet', 'nav', 'holdings'] as const).map((kind) => ({
            kind,
            urlTemplate: `${server.base}/{isin}/${kind}`,
          })),
        },
      ]),
      testOptions(),
    );
    const err = await connector.fetch(LU).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentUnavailableError);
    expect(err).toMatchObject({ kind: 'kid', retryAfterMs: 9000 });
    expect((err as Error).message).toMatch(/HTTP 500/);
    for (const kind of ['kid', 'factsheet', 'nav', 'holdings']) expect(server.hitsOf(`/${LU}/${kind}`)).toBe(1);
  });

  it('throws a permanent failure first in plan order as it is, whatever the others asked for', async () => {
    server = await startIssuerServer({
      [`/${LU}/kid`]: status(403),
      [`/${LU}/nav`]: status(503, { 'retry-after': '3' }),
    });
    const connector = new HttpDocumentConnector(
      loadIssuerTemplates([
        {
          issuer: 'Test AM',
          documents: (['kid', 'nav'] as const).map((kind) => ({ kind, urlTemplate: `${server.base}/{isin}/${kind}` })),
        },
      ]),
      testOptions(),
    );
    const err = await connector.fetch(LU).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentRejectedError);
    expect(err).toMatchObject({ kind: 'kid' });
  });

  it('reports a 4xx other than 429 as non-retryable', async () => {
    server = await startIssuerServer({ [`/${LU}.pdf`]: status(403) });
    const err = await new HttpDocumentConnector(oneDoc(`${server.base}/{isin}.pdf`), testOptions())
      .fetch(LU)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentRejectedError);
    expect(err).toBeInstanceOf(UnreadableDocumentError); // what the workflow treats as "retrying will not help"
    expect(server.hitsOf(`/${LU}.pdf`)).toBe(1);
  });

  it('caps size per kind and reports an oversized document as non-retryable', async () => {
    expect(DEFAULT_MAX_BYTES_BY_KIND).toMatchObject({
      kid: 8 * 1024 * 1024,
      factsheet: 8 * 1024 * 1024,
      nav: 16 * 1024 * 1024,
      holdings: 16 * 1024 * 1024,
    });
    server = await startIssuerServer({
      [`/${LU}.csv`]: ok(Buffer.alloc(5000, 'x'), 'text/csv'),
      [`/${LU}.pdf`]: ok(Buffer.alloc(5000, 'x'), 'application/pdf'),
    });
    const config = loadIssuerTemplates([
      {
        issuer: 'Test AM',
        documents: [
          { kind: 'kid', urlTemplate: `${server.base}/{isin}.pdf` },
          { kind: 'nav', urlTemplate: `${server.base}/{isin}.csv` },
        ],
      },
    ]);
    const connector = new HttpDocumentConnector(config, testOptions({ maxBytesByKind: { nav: 1000 } }));
    const err = await connector.fetch(LU).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentRejectedError);
    expect(err).toBeInstanceOf(UnreadableDocumentError);
    expect((err as Error).cause).toBeInstanceOf(TooLargeError);
    expect(server.hitsOf(`/${LU}.csv`)).toBe(1);
    expect(server.hitsOf(`/${LU}.pdf`)).toBe(1); // the kid cap (8 MB) was not lowered
  });

  it('spaces requests to one host by at least minTime, robots.txt included', async () => {
    const minTime = 150;
    const documents = ['kid', 'factsheet', 'nav', 'ept', 'holdings'] as const;
    server = await startIssuerServer(Object.fromEntries(documents.map((kind) => [`/${LU}/${kind}`, ok(kind)])));
    const connector = new HttpDocumentConnector(
      loadIssuerTemplates([
        {
          issuer: 'Test AM',
          documents: documents.map((kind) => ({ kind, urlTemplate: `${server.base}/{isin}/${kind}` })),
        },
      ]),
      testOptions({ minTimeMsPerHost: minTime }),
    );

    expect(await connector.fetch(LU)).toHaveLength(documents.length);

    const times = server.requests.map((r) => r.at);
    expect(times).toHaveLength(documents.length + 1);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    // Bottleneck spaces job starts; the server sees arrivals, which a loaded machine delays unevenly.
    // Each gap keeps most of minTime (without the limiter they are ~1 ms), and on the whole no time is gained.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(minTime * 0.6);
    expect(times[times.length - 1] - times[0]).toBeGreaterThanOrEqual(gaps.length * minTime - 20);
  });

  it('rate-limits per host: a second host is not queued behind the first', async () => {
    const minTime = 200;
    const other = await startIssuerServer({ [`/${LU}/a`]: ok('a'), [`/${LU}/b`]: ok('b'), [`/${LU}/c`]: ok('c') });
    server = await startIssuerServer({ [`/${LU}/a`]: ok('a'), [`/${LU}/b`]: ok('b'), [`/${LU}/c`]: ok('c') });
    try {
      const connector = new HttpDocumentConnector(
        loadIssuerTemplates(
          [server, other].map((s, i) => ({
            issuer: `Issuer ${i}`,
            documents: (['a', 'b', 'c'] as const).map((p) => ({
              kind: 'kid' as const,
              urlTemplate: `${s.base}/{isin}/${p}`,
            })),
          })),
        ),
        testOptions({ minTimeMsPerHost: minTime }),
      );
      const started = performance.now();
      expect(await connector.fetch(LU)).toHaveLength(6);
      // Each host needs 4 requests (robots.txt + 3) = 3 gaps = 600 ms; one shared queue would need 7 gaps = 1400 ms.
      expect(performance.now() - started).toBeLessThan(1200);
    } finally {
      await other.close();
    }
  });

  it('keeps the production address policy without the test override: loopback is refused', async () => {
    server = await startIssuerServer({ [`/${LU}.pdf`]: ok('%PDF') });
    const connector = new HttpDocumentConnector(oneDoc(`${server.base}/{isin}.pdf`), { minTimeMsPerHost: 0 });
    const err = await connector.fetch(LU).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentRejectedError);
    expect((err as Error).message).toMatch(/the address of 127\.0\.0\.1 is not allowed/);
    expect(server.requests).toEqual([]);
  });
});

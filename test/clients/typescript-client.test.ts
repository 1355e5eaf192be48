/**
 * The TypeScript client (clients/typescript) against a local server standing in for the API: headers, retries,
 * errors, the NDJSON export and the document helpers. No stack needed; test/clients/e2e.ts runs it against one.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

import {
  call,
  createFundDataClient,
  ExportCutShortError,
  type FundDataClientOptions,
  FundDataError,
  VERSION,
} from '../../clients/typescript/src/index';
import { ndjsonValues } from '../../clients/typescript/src/ndjson';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let baseUrl: string;
let seen: SeenRequest[];
/** The answers to give, in order; the last one is given again to any later request. */
let answers: Handler[];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('latin1');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const answer = answers[Math.min(seen.length, answers.length) - 1];
      if (answer) answer(req, res);
      else res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  answers = [];
});

function clientWith(options: Partial<FundDataClientOptions> = {}) {
  return createFundDataClient({ apiKey: 'fds_test_key', baseUrl, ...options });
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
}

const ACCOUNT = { email: 'someone@example.com' };
const RATE_LIMITED = { code: 'rate_limited', message: 'Too many requests this minute', reason: 'burst' };

/** The error a promise rejects with (failing the test when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

async function fundDataErrorOf(promise: Promise<unknown>): Promise<FundDataError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(FundDataError);
  return error as FundDataError;
}

async function linesOf<T>(lines: AsyncIterable<T>): Promise<T[]> {
  const read: T[] = [];
  for await (const line of lines) read.push(line);
  return read;
}

describe('TypeScript client: headers', () => {
  it('sends the key as Authorization: Bearer by default, and its User-Agent', async () => {
    answers = [json(200, ACCOUNT)];
    expect(await call(clientWith({ userAgent: 'my-app/1.2' }).api.GET('/me'))).toEqual(ACCOUNT);
    expect(seen[0]?.headers).toMatchObject({
      authorization: 'Bearer fds_test_key',
      'user-agent': `fund-data-service-typescript/${VERSION} my-app/1.2`,
    });
    expect(seen[0]?.headers['x-api-key']).toBeUndefined();
  });

  it('sends the key as X-Api-Key when asked', async () => {
    answers = [json(200, ACCOUNT)];
    await call(clientWith({ auth: 'x-api-key' }).api.GET('/me'));
    expect(seen[0]?.headers['x-api-key']).toBe('fds_test_key');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('sends no key to the keyless operations', async () => {
    answers = [json(200, { isin: 'ZZSMPL000014', demo: true })];
    await call(clientWith().api.GET('/demo/funds/{isin}', { params: { path: { isin: 'ZZSMPL000014' } } }));
    expect(seen[0]?.url).toBe('/api/v1/demo/funds/ZZSMPL000014');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });
});

describe('TypeScript client: retries on 429 and 503', () => {
  it('sends a request again after the Retry-After of a 429', async () => {
    answers = [json(429, { ...RATE_LIMITED, retryAfter: 1 }, { 'Retry-After': '1' }), json(200, ACCOUNT)];
    const started = Date.now();
    expect(await call(clientWith().api.GET('/me'))).toEqual(ACCOUNT);
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('sends a request again after the Retry-After of a 503, body included', async () => {
    const unavailable = { code: 'service_unavailable', message: 'Down for a moment' };
    answers = [json(503, unavailable, { 'Retry-After': '1' }), json(200, { count: 1, results: [], pending: [] })];
    await call(clientWith().api.POST('/funds', { body: { isins: ['ZZSMPL000014'] } }));
    expect(seen.map((request) => request.body)).toEqual(['{"isins":["ZZSMPL000014"]}', '{"isins":["ZZSMPL000014"]}']);
  });

  it('answers at once when the Retry-After passes the cap (credits spent until next month)', async () => {
    const spent = {
      code: 'rate_limited',
      message: 'The monthly credits of this plan are spent',
      reason: 'credits_exhausted',
      retryAfter: 314534,
      requestId: 'request-from-body',
    };
    answers = [json(429, spent, { 'Retry-After': '314534', 'X-Request-Id': 'request-from-header' })];
    const started = Date.now();
    const error = await fundDataErrorOf(call(clientWith().api.GET('/me')));
    expect(Date.now() - started).toBeLessThan(500);
    expect(seen).toHaveLength(1);
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      reason: 'credits_exhausted',
      retryAfter: 314534,
      requestId: 'request-from-body',
      message: 'The monthly credits of this plan are spent',
      body: spent,
    });
  });

  it('honours a lower maxRetryWaitSeconds', async () => {
    answers = [json(429, RATE_LIMITED, { 'Retry-After': '2' })];
    await fundDataErrorOf(call(clientWith({ maxRetryWaitSeconds: 1 }).api.GET('/me')));
    expect(seen).toHaveLength(1);
  });

  it('gives up after `retries` more attempts', async () => {
    answers = [json(429, RATE_LIMITED, { 'Retry-After': '0' })];
    const error = await fundDataErrorOf(call(clientWith({ retries: 2 }).api.GET('/me')));
    expect(seen).toHaveLength(3);
    expect(error.status).toBe(429);
  });

  it('does not send a factsheet again after 503 pdf_unavailable (its HTML sheet is saved)', async () => {
    answers = [json(503, { code: 'pdf_unavailable', message: 'PDF renderer down' }, { 'Retry-After': '1' })];
    const error = await fundDataErrorOf(clientWith().createFactsheetDocument({ isin: 'ZZSMPL000014', format: 'pdf' }));
    expect(error.code).toBe('pdf_unavailable');
    expect(seen).toHaveLength(1);
  });
});

describe('TypeScript client: FundDataError', () => {
  it('takes the request id and Retry-After from the headers when the body has none', async () => {
    answers = [
      json(
        503,
        { code: 'service_unavailable', message: 'Postgres is down' },
        { 'X-Request-Id': 'request-from-header', 'Retry-After': '120' },
      ),
    ];
    const error = await fundDataErrorOf(call(clientWith().api.GET('/me')));
    expect(error).toMatchObject({ status: 503, code: 'service_unavailable', requestId: 'request-from-header' });
    expect(error).toMatchObject({ retryAfter: 120, reason: null, message: 'Postgres is down' });
    expect(error.name).toBe('FundDataError');
  });

  it('makes a non-JSON answer (a proxy 502 page) unexpected_response', async () => {
    answers = [
      (_req, res) => {
        res.writeHead(502, { 'Content-Type': 'text/html', 'X-Request-Id': 'proxy-id' });
        res.end('<html><body>Bad Gateway</body></html>');
      },
    ];
    const error = await fundDataErrorOf(call(clientWith().api.GET('/me')));
    expect(error).toMatchObject({ status: 502, code: 'unexpected_response', requestId: 'proxy-id', retryAfter: null });
    expect(error.body).toBe('<html><body>Bad Gateway</body></html>');
    expect(error.message).toMatch(/502.*text\/html/);
  });

  it('is thrown for a 4xx of every kind of call, the export included', async () => {
    answers = [json(403, { code: 'plan_required', message: 'Export needs scale', requestId: 'r1' })];
    const error = await fundDataErrorOf(linesOf(clientWith().exportFunds()));
    expect(error).toMatchObject({ status: 403, code: 'plan_required', requestId: 'r1' });
  });
});

describe('TypeScript client: the NDJSON export', () => {
  const funds = [
    { isin: 'ZZSMPL000014', name: 'Fonds Épargne € Monde' },
    { isin: 'ZZSMPL000055', name: 'Sample Bond Fund' },
  ];
  const ndjson = funds.map((fund) => `${JSON.stringify(fund)}\n`).join('');

  /** A stream of the bytes cut into the given chunk sizes. */
  function chunked(bytes: Buffer, sizes: number[]): ReadableStream<Uint8Array> {
    const chunks: Uint8Array[] = [];
    let offset = 0;
    for (const size of sizes) {
      chunks.push(new Uint8Array(bytes.subarray(offset, offset + size)));
      offset += size;
    }
    if (offset < bytes.length) chunks.push(new Uint8Array(bytes.subarray(offset)));
    return new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
  }

  it('reads lines split across chunks, and characters split across chunks', async () => {
    const bytes = Buffer.from(ndjson);
    const euro = bytes.indexOf(Buffer.from('€'));
    // Cuts inside the € (three bytes), inside the first line, and just after the first line feed.
    const sizes = [10, euro - 9, 1, 1, bytes.indexOf(0x0a) + 1 - (euro + 3), 3];
    expect(await linesOf(ndjsonValues(chunked(bytes, sizes)))).toEqual(funds);
  });

  it('streams the lines of GET /export as they come', async () => {
    const bytes = Buffer.from(ndjson);
    answers = [
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
        res.write(bytes.subarray(0, 25));
        setTimeout(() => res.end(bytes.subarray(25)), 20);
      },
    ];
    expect(await linesOf(clientWith().exportFunds({ currency: 'EUR' }))).toEqual(funds);
    expect(seen[0]?.url).toBe('/api/v1/export?currency=EUR');
    expect(seen[0]?.headers.accept).toBe('application/x-ndjson');
  });

  it('decodes a gzipped export', async () => {
    answers = [
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Content-Encoding': 'gzip' });
        res.end(gzipSync(ndjson));
      },
    ];
    expect(await linesOf(clientWith().exportFunds({ gzip: '1' }))).toEqual(funds);
  });

  it('throws ExportCutShortError when the last line has no line feed', async () => {
    answers = [
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
        res.end(ndjson.slice(0, -20));
      },
    ];
    const read: unknown[] = [];
    const error = await rejectionOf(
      (async () => {
        for await (const line of clientWith().exportFunds()) read.push(line);
      })(),
    );
    expect(error).toBeInstanceOf(ExportCutShortError);
    expect((error as ExportCutShortError).message).toMatch(/cut short after 1 lines.*retry/);
    expect(read).toEqual(funds.slice(0, 1));
  });

  it('throws ExportCutShortError when the connection drops mid-body', async () => {
    answers = [
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
        res.write(ndjson.slice(0, 30));
        setTimeout(() => res.destroy(), 20);
      },
    ];
    expect(await rejectionOf(linesOf(clientWith().exportFunds()))).toBeInstanceOf(ExportCutShortError);
  });

  it('throws ExportCutShortError for a line that is not JSON', async () => {
    const stream = chunked(Buffer.from(`${JSON.stringify(funds[0])}\n{"isin": "ZZ\n`), []);
    const error = await rejectionOf(linesOf(ndjsonValues(stream)));
    expect((error as Error).message).toMatch(/line 2 is not JSON/);
  });
});

describe('TypeScript client: documents', () => {
  it('makes a PDF factsheet: its bytes and the saved sheet id', async () => {
    const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
    answers = [
      (_req, res) => {
        res.writeHead(200, {
          'Content-Type': 'application/pdf',
          'X-Factsheet-Id': 'a1b2',
          'X-Factsheet-Url': 'http://x/shared/factsheets/t',
        });
        res.end(pdf);
      },
    ];
    const made = await clientWith().createFactsheetDocument({ isin: 'ZZSMPL000014', format: 'pdf' });
    expect(made).toMatchObject({ factsheetId: 'a1b2', url: 'http://x/shared/factsheets/t', pdfUrl: null });
    expect(Buffer.from(made.pdf).equals(pdf)).toBe(true);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ isin: 'ZZSMPL000014', format: 'pdf', deliver: 'document' });
  });

  it('reads a saved sheet as HTML text', async () => {
    answers = [(_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>sheet</html>')];
    expect(await clientWith().factsheetDocument('a1b2', 'html')).toBe('<html>sheet</html>');
    expect(seen[0]?.url).toBe('/api/v1/factsheets/a1b2?format=html');
  });

  it('uploads a PDF to extract as multipart, with its fields', async () => {
    answers = [json(200, { isin: 'ZZSMPL000014', fieldsFilled: 3 })];
    const content = new Blob(['%PDF-1.7 kid'], { type: 'application/pdf' });
    await clientWith().extractDocument({ file: { name: 'kid.pdf', content }, kind: 'kid' });
    const [request] = seen;
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toMatch(
      /name="file"; filename="kid\.pdf"\r\nContent-Type: application\/pdf\r\n\r\n%PDF-1\.7 kid/,
    );
    expect(request?.body).toMatch(/name="kind"\r\n\r\nkid\r\n/);
  });
});

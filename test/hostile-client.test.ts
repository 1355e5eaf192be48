import net from 'node:net';

import type { Account } from '../src/schema/account';
import type { ErrorBody } from '../src/schema/errors';
import { API, config, get, json, newKey } from './helpers';

const WARM = 'ZZSMPL000014';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (fetch refuses TRACE, CONNECT and malformed requests) and reads the whole answer. */
function raw(request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: config.port }, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

function expectJsonError(res: RawResponse, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  const body = JSON.parse(res.body) as ErrorBody;
  expect(body).toMatchObject({ code, message: expect.any(String) as unknown, requestId: res.headers['x-request-id'] });
}

const used = async (key: string) => (await json<Account>(await get('/me', key))).quota.used;

beforeAll(async () => {
  // The warm fund every case below reads (a cold load of a sample fund, once).
  const { key } = await newKey('enterprise');
  expect((await get(`/funds/${WARM}`, key)).status).toBe(200);
});

describe('what the HTTP parser refuses is JSON too', () => {
  it('431 for oversized headers', async () => {
    const res = await raw(`GET /api/v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectJsonError(res, 431, 'headers_too_large');
  });

  it('400 for a request that is not HTTP', async () => {
    expectJsonError(await raw('GET /api/v1/me HTTP/1.1\r\nHost x\r\n\r\n'), 400, 'bad_request');
    expectJsonError(await raw('GET /api/v1/me HTTP/7.3\r\nHost: x\r\n\r\n'), 400, 'bad_request');
    expectJsonError(await raw('GET /api/v1/me HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'), 400, 'bad_request');
  });

  it('501 for TRACE, CONNECT and methods no route implements, on any path', async () => {
    const close = 'Host: x\r\nConnection: close\r\n\r\n';
    expectJsonError(await raw(`TRACE /api/v1/me HTTP/1.1\r\n${close}`), 501, 'not_implemented');
    expectJsonError(await raw(`TRACE /nowhere HTTP/1.1\r\n${close}`), 501, 'not_implemented');
    expectJsonError(await raw(`PROPFIND /api/v1/me HTTP/1.1\r\n${close}`), 501, 'not_implemented');
    expectJsonError(await raw('HELLO THERE\r\n\r\n'), 501, 'not_implemented');
    expectJsonError(
      await raw('CONNECT 127.0.0.1:5443 HTTP/1.1\r\nHost: 127.0.0.1:5443\r\n\r\n'),
      501,
      'not_implemented',
    );
    expectJsonError(await raw('BREW /api/v1/me HTTP/1.1\r\nHost: x\r\n\r\n'), 501, 'not_implemented');
  });

  it('405 for a known path with another method, naming the allowed ones', async () => {
    const res = await raw('DELETE /api/v1/funds/ZZSMPL000014 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expectJsonError(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toContain('GET');
  });

  it('OPTIONS answers the allowed methods as JSON, and a JSON 404 for unknown paths', async () => {
    const res = await fetch(`${API}/funds/${WARM}`, { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect(res.headers.get('allow')).toContain('GET');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(await json<{ methods: string[] }>(res)).toEqual({ methods: expect.arrayContaining(['GET']) as unknown });
    const unknown = await fetch(`${API}/nowhere`, { method: 'OPTIONS' });
    expect(unknown.status).toBe(404);
    expect(await json<ErrorBody>(unknown)).toMatchObject({ code: 'not_found' });
  });
});

describe('error messages quote a short, sanitised excerpt of the input', () => {
  it('caps a long ISIN and strips control characters', async () => {
    const { key } = await newKey('free');
    const long = await json<ErrorBody>(await get(`/funds/${'A'.repeat(5_000)}`, key));
    expect(long.code).toBe('invalid_isin');
    expect(long.message.length).toBeLessThan(200);
    const escape = await json<ErrorBody>(await get('/funds/%1B%5B31mZZ%0D%0AX-Injected%3A%201', key));
    expect(escape.code).toBe('invalid_isin');
    expect(escape.message).not.toMatch(/[\u0000-\u001f]/);
    const route = await json<ErrorBody>(await get(`/${'b'.repeat(5_000)}`));
    expect(route.code).toBe('not_found');
    expect(route.message.length).toBeLessThan(200);
  });
});

describe('billing edge cases', () => {
  it('refuses HEAD on metered routes without charging; keyless routes answer HEAD', async () => {
    const { key } = await newKey('pro');
    const head = await fetch(`${API}/funds/${WARM}`, { method: 'HEAD', headers: { Authorization: `Bearer ${key}` } });
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('GET');
    expect(await used(key)).toBe(0);
    expect((await fetch(`${API}/health`, { method: 'HEAD' })).status).toBe(200);
  });

  it.each([
    ['a trailing newline', `${WARM}%0A`],
    ['a leading space', `%20${WARM}`],
    ['a trailing tab', `${WARM}%09`],
    ['a NUL byte', `${WARM}%00`],
  ])('rejects an ISIN with %s as invalid_isin, free', async (_label, path) => {
    const { key } = await newKey('pro');
    const res = await get(`/funds/${path}`, key);
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).code).toBe('invalid_isin');
    expect(await used(key)).toBe(0);
  });

  it('answers 422 nothing_extracted, free, when a document fills no field', async () => {
    const { key } = await newKey('pro');
    const post = (text: string) =>
      fetch(`${API}/extract`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ text }),
      });
    const res = await post('Nothing in here is about a fund. Just words.');
    expect(res.status).toBe(422);
    expect(await json<ErrorBody>(res)).toMatchObject({ code: 'nothing_extracted' });
    // The text that jammed the worker for minutes (a benchmark regex quadratic in its length): now
    // read in linear time, off the worker's event loop, and still nothing in it. Speed: npm run bench.
    const attack = await post('A'.repeat(250_000));
    expect(attack.status).toBe(422);
    expect(await json<ErrorBody>(attack)).toMatchObject({ code: 'nothing_extracted' });
    expect(await used(key)).toBe(0);
  });
});

describe('API keys', () => {
  it('refuses Authorization and X-Api-Key that carry different keys', async () => {
    const a = await newKey('free');
    const b = await newKey('free');
    const both = (x: string, y: string) =>
      fetch(`${API}/me`, { headers: { Authorization: `Bearer ${x}`, 'X-Api-Key': y } });
    const res = await both(a.key, b.key);
    expect(res.status).toBe(401);
    expect((await json<ErrorBody>(res)).code).toBe('invalid_api_key');
    expect((await both(a.key, a.key)).status).toBe(200);
    expect(await used(b.key)).toBe(0);
  });

  it('refuses a flood of random keys while a paying user is served', async () => {
    const { key } = await newKey('enterprise');
    const random = () => `fds_${Math.random().toString(36).slice(2, 14).padEnd(12, '0')}_${'x'.repeat(32)}`;
    const flood = Promise.all(Array.from({ length: 300 }, () => get('/me', random()).then((r) => r.status)));
    const paying = await get(`/funds/${WARM}`, key);
    expect(paying.status).toBe(200);
    expect(new Set(await flood)).toEqual(new Set([401]));
  });
});

describe('security headers', () => {
  it('nosniff, no-store on keyed responses, no framing and no version banner', async () => {
    const { key } = await newKey('free');
    for (const res of [await get('/me', key), await get('/me'), await get(`/funds/${WARM}`, key)]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('server')).toBeNull();
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
    expect((await get('/openapi.json')).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(['/docs', '/docs/methodology'])('%s has a Content-Security-Policy that forbids framing', async (page) => {
    const res = await fetch(API.replace('/api/v1', page));
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    if (page === '/docs/methodology') expect(csp).not.toContain('unsafe-eval');
  });
});

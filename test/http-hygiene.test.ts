import net from 'node:net';

import { API, config, newKey } from './helpers';
import { signedUpClient, SITE, SiteClient } from './siteClient';

/**
 * HTTP hygiene on every route of the OpenAPI document (issue 13, point 4): security headers, no
 * version banner, a CSP on HTML, the documented CORS policy (keyless reads open to any origin,
 * keyed routes closed), body size limits on every route that takes a body, and timeouts against
 * clients too slow to send their request.
 */
interface Operation {
  method: string;
  path: string;
  keyless: boolean;
  bodyTypes: string[];
}

const ORIGIN = 'https://app.example.org';
let operations: Operation[] = [];
let key = '';

beforeAll(async () => {
  ({ key } = await newKey('enterprise'));
  const document = (await (await fetch(`${API}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { security?: unknown[]; requestBody?: { content: Record<string, unknown> } }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        keyless: Array.isArray(op.security) && op.security.length === 0,
        bodyTypes: Object.keys(op.requestBody?.content ?? {}),
      })),
  );
  expect(operations.length).toBeGreaterThan(20);
});

/** A concrete URL for a documented path: sample values for its parameters. */
function urlOf(path: string): string {
  const concrete = path
    .replace('{isin}', 'ZZSMPL000014')
    .replace('{idOrIsin}', 'sample-x')
    .replace(/\{[^}]+\}/g, 'x');
  return `${API}${concrete}`;
}

function expectHygienic(res: Response, what: string): void {
  const h = res.headers;
  expect({
    what,
    nosniff: h.get('x-content-type-options'),
    referrer: h.get('referrer-policy'),
    server: h.get('server'),
    poweredBy: h.get('x-powered-by'),
    requestId: /^[0-9a-f-]{36}$/.test(h.get('x-request-id') ?? ''),
  }).toEqual({
    what,
    nosniff: 'nosniff',
    referrer: 'no-referrer',
    server: null,
    poweredBy: null,
    requestId: true,
  });
  const csp = h.get('content-security-policy') ?? '';
  expect(csp).toMatch(/frame-ancestors/);
  if ((h.get('content-type') ?? '').startsWith('text/html')) expect(csp).toMatch(/default-src/);
  // Pages meant to be framed (the embed) say where; everything else refuses framing.
  if (!/\/embed$/.test(what))
    expect([h.get('x-frame-options'), /frame-ancestors 'none'/.test(csp)]).toEqual(['DENY', true]);
}

describe('every documented route', () => {
  it('answers with the security headers, a request id and no version banner, keyed or not, with or without a key', async () => {
    for (const op of operations) {
      for (const withKey of [false, true]) {
        const res = await fetch(urlOf(op.path), {
          method: op.method,
          headers: {
            Origin: ORIGIN,
            ...(withKey ? { Authorization: `Bearer ${key}` } : {}),
            ...(op.bodyTypes.length > 0 ? { 'Content-Type': 'application/json' } : {}),
          },
          body: op.bodyTypes.length > 0 ? '{}' : undefined,
        });
        await res.arrayBuffer();
        expect(res.status).toBeLessThan(500);
        expectHygienic(res, `${op.method} ${op.path}`);
        // CORS: keyless reads are open to any origin without credentials; keyed routes say nothing, so browsers refuse
        // them.
        expect({
          op: `${op.method} ${op.path}`,
          allowOrigin: res.headers.get('access-control-allow-origin'),
          credentials: res.headers.get('access-control-allow-credentials'),
        }).toEqual({
          op: `${op.method} ${op.path}`,
          allowOrigin: op.keyless ? '*' : null,
          credentials: null,
        });
      }
    }
  });

  it('answers CORS preflights for keyless reads only', async () => {
    for (const op of operations) {
      const res = await fetch(urlOf(op.path), {
        method: 'OPTIONS',
        headers: {
          Origin: ORIGIN,
          'Access-Control-Request-Method': op.method,
          'Access-Control-Request-Headers': 'authorization',
        },
      });
      await res.arrayBuffer();
      expectHygienic(res, `OPTIONS ${op.path}`);
      if (op.keyless) {
        expect([
          res.status,
          res.headers.get('access-control-allow-origin'),
          res.headers.get('access-control-allow-methods'),
        ]).toEqual([204, '*', 'GET,HEAD']);
        expect(res.headers.get('access-control-allow-headers')).toBe('Accept'); // no Authorization from a browser
      } else {
        expect({ op: `${op.method} ${op.path}`, allowOrigin: res.headers.get('access-control-allow-origin') }).toEqual({
          op: `${op.method} ${op.path}`,
          allowOrigin: null,
        });
      }
    }
  });

  it('refuses a body over the limit with a JSON 413 on every route that takes one, before reading it all', async () => {
    const bodyRoutes = operations.filter((op) => op.bodyTypes.length > 0);
    expect(bodyRoutes.length).toBeGreaterThanOrEqual(6);
    const huge = `{"isins":["${'A'.repeat(3 * 2 ** 20)}"]}`; // 3 MB: JSON bodies are capped at 2 MB
    for (const op of bodyRoutes) {
      const res = await fetch(urlOf(op.path), {
        method: op.method,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: huge,
      });
      const body = (await res.json()) as { code: string };
      expect({ op: `${op.method} ${op.path}`, status: res.status, code: body.code }).toEqual({
        op: `${op.method} ${op.path}`,
        status: 413,
        code: 'payload_too_large',
      });
      expectHygienic(res, `${op.method} ${op.path} (too large)`);
    }
  });
});

/**
 * Opens a connection, sends `head` and then nothing more; resolves with what the server answered and when it closed.
 */
function trickle(head: string): Promise<{ text: string; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port: config.port }, () => socket.write(head));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.setTimeout(90_000, () => socket.destroy(new Error('the server kept a slow client for 90 s')));
    socket.on('close', () => resolve({ text, seconds: (Date.now() - started) / 1000 }));
  });
}

describe('slow clients', () => {
  it('get a JSON 408 when their headers take more than 15 s', async () => {
    const { text, seconds } = await trickle('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('"code":"request_timeout"');
    expect(seconds).toBeGreaterThanOrEqual(14);
    expect(seconds).toBeLessThan(25);
  }, 60_000);

  it('get a JSON 408 when their body takes more than 60 s, and the server is not held longer', async () => {
    const { text, seconds } = await trickle(
      `POST /api/v1/funds HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"isins":`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(seconds).toBeGreaterThanOrEqual(59);
    expect(seconds).toBeLessThan(70);
  }, 120_000);
});

describe("the site's pages", () => {
  const PAGES = [
    '/',
    '/signup',
    '/login',
    '/logout',
    '/verify?token=x',
    '/reset',
    '/reset/password?token=x',
    '/dashboard',
    '/dashboard/keys',
    '/dashboard/webhooks',
    '/dashboard/factsheets',
    '/dashboard/changes',
    '/dashboard/account',
    '/dashboard/nowhere',
  ];

  function expectPageHygiene(res: Response, what: string): void {
    const h = res.headers;
    const csp = h.get('content-security-policy') ?? '';
    expect({
      what,
      nosniff: h.get('x-content-type-options'),
      frame: h.get('x-frame-options'),
      server: h.get('server'),
      requestId: /^[0-9a-f-]{36}$/.test(h.get('x-request-id') ?? ''),
      referrer: h.get('referrer-policy'),
      cache: h.get('cache-control'),
      cors: h.get('access-control-allow-origin'),
      strict: [
        /default-src 'none'/.test(csp),
        /script-src 'self'(;|$)/.test(csp),
        /frame-ancestors 'none'/.test(csp),
        /form-action 'self'/.test(csp),
        /unsafe/.test(csp),
      ],
    }).toEqual({
      what,
      nosniff: 'nosniff',
      frame: 'DENY',
      server: null,
      requestId: true,
      referrer: 'same-origin',
      cache: 'no-store',
      cors: null,
      strict: [true, true, true, true, false],
    });
  }

  it('answer with a strict policy, no framing, no caching and no CORS, logged in or not', async () => {
    const { client } = await signedUpClient('hygiene');
    for (const visitor of [new SiteClient(), client]) {
      for (const page of PAGES) {
        const res = await visitor.request(page, { headers: { Origin: ORIGIN } });
        const body = await res.text();
        expect({ page, status: res.status < 500 }).toEqual({ page, status: true });
        if (res.status === 303) continue; // to the log-in page, which is checked itself
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(body).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/i);
        expectPageHygiene(res, `GET ${page}`);
      }
    }
  });

  it('refuse a form over 32 KB with a page, before reading it all', async () => {
    const client = new SiteClient();
    const { csrf } = await client.page('/login');
    const res = await client.submit('/login', { email: 'a@b.io', password: 'x'.repeat(40_000) }, csrf);
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expectPageHygiene(res, 'POST /login (too large)');
  });

  it('serve their style sheet and script from our origin only', async () => {
    for (const [asset, type] of [
      ['/assets/site.css', /^text\/css/],
      ['/assets/site.js', /^application\/javascript/],
    ] as const) {
      const res = await fetch(`${SITE}${asset}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(type);
      expect(await res.text()).not.toMatch(/https?:\/\//);
    }
  });
});

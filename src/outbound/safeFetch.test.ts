import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

import {
  BadResponseError,
  BadUrlError,
  BlockedAddressError,
  FetchTimeoutError,
  HttpStatusError,
  isPublicAddress,
  safeFetch,
  type SafeFetchOptions,
  TooLargeError,
} from './safeFetch';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A server on 127.0.0.1 only; `routes` maps a path to its handler. */
async function startServer(routes: Record<string, Handler>) {
  const seen: { path: string; host: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', host: req.headers.host });
    const handler = routes[req.url ?? ''];
    if (handler) handler(req, res);
    else res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The test server's address is the only private one let through; everything else keeps the real policy. */
const onlyLoopbackV4 = (address: string) => address === '127.0.0.1' || isPublicAddress(address);

const noDns = (): Promise<never> => Promise.reject(new Error('DNS must not be consulted for IP literals'));

const base: SafeFetchOptions = { maxBytes: 1024 * 1024, timeoutMs: 5000, userAgent: 'FundDataTest/1.0' };

describe('isPublicAddress', () => {
  it.each(['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '2a00:1450:4001:80b::200e'])(
    'allows global unicast %s',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );

  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1', // loopback, RFC 1918
    '169.254.169.254',
    '169.254.1.1',
    '100.100.100.200',
    '100.64.0.1', // metadata, link-local, CGNAT
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '198.18.0.1',
    '192.0.0.192',
    '240.0.0.1', // unspecified, multicast, benchmarking, reserved
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '2001:2::1', // IPv6 specials incl. AWS IPv6 metadata
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::127.0.0.1', // mapped / compatible IPv4
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1', // NAT64 and 6to4 wrapping private IPv4
    'not-an-ip',
  ])('blocks %s', (address) => expect(isPublicAddress(address)).toBe(false));
});

describe('safeFetch address checks', () => {
  it.each([
    ['http://127.0.0.1/', '127.0.0.1'],
    ['http://[::1]/', '::1'],
    ['http://10.20.30.40/x', '10.20.30.40'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://2130706433/', '127.0.0.1'], // decimal
    ['http://0x7f.1/', '127.0.0.1'], // hex + short form
    ['http://0177.0.0.1/', '127.0.0.1'], // octal
    ['http://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe'],
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254'],
    ['https://100.64.1.1/', '100.64.1.1'],
  ])('refuses literal %s without DNS or a connection', async (url, address) => {
    const err = await safeFetch(url, { ...base, resolveHost: noDns }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect((err as BlockedAddressError).address).toBe(address);
  });

  it('refuses a host name that resolves to loopback (localhost, real DNS)', async () => {
    await expect(safeFetch('http://localhost/', base)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('refuses a host name when any one of its addresses is private', async () => {
    const resolveHost = () =>
      Promise.resolve([
        { address: '93.184.216.34', family: 4 as const },
        { address: '10.0.0.7', family: 4 as const },
      ]);
    const err = await safeFetch('https://mixed.example/', { ...base, resolveHost }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect((err as BlockedAddressError).address).toBe('10.0.0.7');
    // The message reaches clients: it says the address is not allowed, never what the name resolved to.
    expect((err as Error).message).toMatch(/not allowed/);
    expect((err as Error).message).not.toContain('10.0.0.7');
  });

  it.each([
    'ftp://example.com/kid.pdf',
    'file:///etc/passwd',
    'not a url',
    'http://user:pw@example.com/',
    'gopher://x/',
  ])('rejects %s as a bad URL', async (url) => expect(safeFetch(url, base)).rejects.toBeInstanceOf(BadUrlError));
});

describe('safeFetch against a local server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const opts = (): SafeFetchOptions => ({ ...base, isAllowedAddress: onlyLoopbackV4 });

  beforeAll(async () => {
    server = await startServer({
      '/doc': (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7 hello'),
      '/relative-redirect': (_req, res) => res.writeHead(302, { location: '/doc' }).end(),
      '/to-metadata': (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/to-ipv6-loopback': (_req, res) => res.writeHead(301, { location: `http://[::1]:${server.port}/doc` }).end(),
      '/to-decimal-loopback': (_req, res) =>
        res.writeHead(307, { location: `http://2130706434:${server.port}/doc` }).end(),
      '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
      '/no-location': (_req, res) => res.writeHead(302).end(),
      '/server-error': (_req, res) => res.writeHead(503, { 'retry-after': '7' }).end('busy'),
      '/gone': (_req, res) => res.writeHead(404).end(),
      '/declared-huge': (_req, res) => {
        res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
        res.write(Buffer.alloc(1024)); // then stall: the client must not wait for the rest
      },
      '/gzip': (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync('decoded text')),
      '/gzip-bomb': (_req, res) =>
        res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024))),
      '/stall-headers': () => {
        /* never answers */
      },
      '/stall-body': (_req, res) => {
        res.writeHead(200);
        res.write('first bytes');
      },
    });
  });
  afterAll(() => server.close());

  it('sends a request for one host to the address a rewrite gives, speaking of the URL as asked', async () => {
    const port = new URL(server.base).port;
    const result = await safeFetch('http://docs.example.com/doc', {
      ...opts(),
      headers: { 'if-none-match': '"x"' },
      rewriteUrl: (url) => new URL(`http://127.0.0.1:${port}${url.pathname}`),
    });
    expect(result).toMatchObject({ finalUrl: 'http://docs.example.com/doc', status: 200 });
  });

  it('returns body, status, content type and final URL', async () => {
    const result = await safeFetch(`${server.base}/doc#frag`, opts());
    expect(result).toEqual({
      finalUrl: `${server.base}/doc`,
      status: 200,
      contentType: 'application/pdf',
      etag: null,
      lastModified: null,
      body: Buffer.from('%PDF-1.7 hello'),
    });
  });

  it('connects to the checked address, never re-resolving (pinning)', async () => {
    // issuer.invalid cannot resolve in real DNS, so the connection can only have used the pinned answer.
    const resolveHost = jest.fn(() => Promise.resolve([{ address: '127.0.0.1', family: 4 as const }]));
    const result = await safeFetch(`http://issuer.invalid:${server.port}/doc`, { ...opts(), resolveHost });
    expect(result.body.toString()).toBe('%PDF-1.7 hello');
    expect(resolveHost).toHaveBeenCalledTimes(1);
    expect(server.seen.at(-1)).toEqual({ path: '/doc', host: `issuer.invalid:${server.port}` });
  });

  it('follows a relative redirect and reports the final URL', async () => {
    const result = await safeFetch(`${server.base}/relative-redirect`, opts());
    expect(result.finalUrl).toBe(`${server.base}/doc`);
  });

  it.each([
    ['/to-metadata', '169.254.169.254'],
    ['/to-ipv6-loopback', '::1'],
    ['/to-decimal-loopback', '127.0.0.2'],
  ])('re-checks the redirect target of %s and blocks it', async (path, address) => {
    const err = await safeFetch(`${server.base}${path}`, opts()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect((err as BlockedAddressError).address).toBe(address);
  });

  it('gives up after maxRedirects', async () => {
    const before = server.seen.length;
    await expect(safeFetch(`${server.base}/loop`, { ...opts(), maxRedirects: 3 })).rejects.toBeInstanceOf(
      BadResponseError,
    );
    expect(server.seen.length - before).toBe(4); // the first request plus three redirects
  });

  it('refuses a redirect without Location', async () => {
    await expect(safeFetch(`${server.base}/no-location`, opts())).rejects.toBeInstanceOf(BadResponseError);
  });

  it('throws HttpStatusError with status and Retry-After on non-2xx', async () => {
    const err = await safeFetch(`${server.base}/server-error`, opts()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpStatusError);
    expect(err).toMatchObject({ status: 503, retryAfter: '7' });
    await expect(safeFetch(`${server.base}/gone`, opts())).rejects.toMatchObject({ status: 404 });
  });

  it('refuses early on a Content-Length above the cap', async () => {
    const started = Date.now();
    const err = await safeFetch(`${server.base}/declared-huge`, { ...opts(), maxBytes: 1024 * 1024 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TooLargeError);
    expect((err as TooLargeError).declaredBytes).toBe(50 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(2000); // did not wait for the stalled body
  });

  it('decodes gzip and caps the decoded size (a small gzip can be a bomb)', async () => {
    expect((await safeFetch(`${server.base}/gzip`, opts())).body.toString()).toBe('decoded text');
    await expect(safeFetch(`${server.base}/gzip-bomb`, { ...opts(), maxBytes: 100 * 1024 })).rejects.toBeInstanceOf(
      TooLargeError,
    );
  });

  it('aborts mid-stream once the cap is passed, long before the sender is done', async () => {
    const total = 64 * 1024 * 1024;
    let written = 0;
    let responseClosed = () => {};
    const closed = new Promise<void>((resolve) => (responseClosed = resolve));
    const streaming = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' }); // chunked: no Content-Length to refuse early
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (written < total && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => responseClosed());
      pump();
    });
    await new Promise<void>((resolve) => streaming.listen(0, '127.0.0.1', resolve));
    const { port } = streaming.address() as AddressInfo;
    try {
      const err = await safeFetch(`http://127.0.0.1:${port}/big.csv`, { ...opts(), maxBytes: 256 * 1024 }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(TooLargeError);
    } finally {
      streaming.closeAllConnections();
      streaming.close();
    }
    await closed;
    // Only what socket buffers absorbed was sent; the client hung up instead of reading 64 MB.
    expect(written).toBeLessThan(total / 4);
  });

  it.each(['/stall-headers', '/stall-body'])('times out on %s within the total budget', async (path) => {
    const started = Date.now();
    const err = await safeFetch(`${server.base}${path}`, { ...opts(), timeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchTimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

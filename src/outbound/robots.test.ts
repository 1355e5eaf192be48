import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { isAllowedByRobots, robotsProductToken, RobotsTxtCache } from './robots';
import { isPublicAddress, safeFetch } from './safeFetch';

const UA = 'FundDataBot/1.0 (+https://funds.example/bot)';
const allowTestServer = (address: string) => address === '127.0.0.1' || isPublicAddress(address);

/** A 127.0.0.1 server whose /robots.txt answer the test can change; counts robots.txt requests. */
async function startRobotsServer() {
  const state = {
    requests: 0,
    respond: (res: http.ServerResponse) => void res.writeHead(404).end(),
  };
  const server = http.createServer((req, res) => {
    if (req.url === '/robots.txt') {
      state.requests++;
      state.respond(res);
    } else {
      res.writeHead(200).end('page');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const RULES = [
  '\uFEFFUser-agent: *',
  'Disallow: /',
  '',
  'User-agent: FundDataBot',
  'Allow: /docs/',
  'Disallow: /docs/internal/',
  'Disallow: /',
].join('\n');

const text = (body: string) => (res: http.ServerResponse) =>
  void res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
const status = (code: number) => (res: http.ServerResponse) => void res.writeHead(code).end();

describe('robotsProductToken', () => {
  it.each([
    ['FundDataBot/1.0 (+https://x)', 'FundDataBot'],
    ['FundDataBot (+https://x)', 'FundDataBot'],
    ['fund-data_bot', 'fund-data_bot'],
    ['  ', '*'],
  ])('%s -> %s', (ua, token) => expect(robotsProductToken(ua)).toBe(token));
});

describe('RobotsTxtCache', () => {
  let server: Awaited<ReturnType<typeof startRobotsServer>>;
  let clock: number;
  const cache = (extra: ConstructorParameters<typeof RobotsTxtCache>[0] = {}) =>
    new RobotsTxtCache({ isAllowedAddress: allowTestServer, now: () => clock, timeoutMs: 2000, ...extra });

  beforeEach(async () => {
    server = await startRobotsServer();
    clock = 1_000_000;
  });
  afterEach(() => server.close());

  it('applies the group for our product token, not the * group', async () => {
    server.state.respond = text(RULES);
    const robots = cache();
    await expect(robots.check(`${server.base}/docs/LU0000000000/kid.pdf`, UA)).resolves.toEqual({
      allowed: true,
      basis: 'rules',
      reason: 'allowed by robots.txt',
    });
    await expect(robots.isAllowed(`${server.base}/docs/internal/x.pdf`, UA)).resolves.toBe(false);
    await expect(robots.isAllowed(`${server.base}/other`, UA)).resolves.toBe(false);
    await expect(robots.isAllowed(`${server.base}/docs/a.pdf`, 'SomeoneElse/1.0')).resolves.toBe(false);
  });

  it('fetches robots.txt once per origin within the TTL and again after it', async () => {
    server.state.respond = text(RULES);
    const robots = cache({ ttlMs: 60_000 });
    await Promise.all([robots.isAllowed(`${server.base}/docs/a`, UA), robots.isAllowed(`${server.base}/docs/b`, UA)]);
    await robots.isAllowed(`${server.base}/docs/c`, UA);
    expect(server.state.requests).toBe(1); // concurrent and later checks share one download

    clock += 60_001;
    server.state.respond = text('User-agent: *\nDisallow: /docs/');
    await expect(robots.isAllowed(`${server.base}/docs/a`, UA)).resolves.toBe(false);
    expect(server.state.requests).toBe(2);
  });

  it.each([404, 410, 401, 403])(
    'allows everything when robots.txt answers %i (RFC 9309: unavailable)',
    async (code) => {
      server.state.respond = status(code);
      const robots = cache();
      await expect(robots.check(`${server.base}/anything`, UA)).resolves.toEqual({
        allowed: true,
        basis: 'no-robots-txt',
        reason: `no robots.txt (HTTP ${code})`,
      });
      await robots.isAllowed(`${server.base}/more`, UA);
      expect(server.state.requests).toBe(1); // a missing robots.txt is cached like a present one
    },
  );

  it.each([500, 503, 429])('disallows everything when robots.txt answers %i, for that fetch only', async (code) => {
    server.state.respond = status(code);
    const robots = cache();
    await expect(robots.check(`${server.base}/docs/a`, UA)).resolves.toEqual({
      allowed: false,
      basis: 'unreachable',
      reason: `robots.txt unreachable (HTTP ${code})`,
    });

    server.state.respond = text(RULES); // the server recovers: the failure was not cached
    await expect(robots.isAllowed(`${server.base}/docs/a`, UA)).resolves.toBe(true);
    expect(server.state.requests).toBe(2);
  });

  it('disallows when robots.txt times out', async () => {
    server.state.respond = () => {
      /* never answers */
    };
    const verdict = await cache({ timeoutMs: 200 }).check(`${server.base}/docs/a`, UA);
    expect(verdict).toMatchObject({ allowed: false, basis: 'unreachable' });
  });

  it('disallows when the server is unreachable', async () => {
    const url = `${server.base}/docs/a`;
    await server.close(); // nothing listens on that port any more
    const verdict = await cache().check(url, UA);
    expect(verdict).toMatchObject({
      allowed: false,
      basis: 'unreachable',
      reason: expect.stringMatching(/ECONNREFUSED/) as string,
    });
    server = await startRobotsServer(); // for afterEach
  });

  it('disallows when robots.txt is larger than the cap', async () => {
    server.state.respond = text(`User-agent: *\nAllow: /\n#${'x'.repeat(4096)}`);
    const verdict = await cache({ maxBytes: 1024 }).check(`${server.base}/docs/a`, UA);
    expect(verdict).toMatchObject({ allowed: false, basis: 'unreadable' });
  });

  it('refuses private origins through the real address policy (robots.txt is never fetched)', async () => {
    server.state.respond = text('User-agent: *\nAllow: /');
    const verdict = await new RobotsTxtCache().check(`${server.base}/docs/a`, UA);
    expect(verdict).toMatchObject({
      allowed: false,
      basis: 'unreadable',
      reason: expect.stringMatching(/the address of 127\.0\.0\.1 is not allowed/) as string,
    });
    expect(server.state.requests).toBe(0);
  });

  it('isAllowedByRobots uses the given cache and fetcher', async () => {
    server.state.respond = text(RULES);
    const fetched: string[] = [];
    const robots = cache({ fetcher: (url, opts) => (fetched.push(url), safeFetch(url, opts)) });
    await expect(isAllowedByRobots(`${server.base}/docs/a.pdf`, UA, robots)).resolves.toBe(true);
    expect(fetched).toEqual([`${server.base}/robots.txt`]);
  });
});

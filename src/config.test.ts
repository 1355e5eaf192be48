import { loadConfig } from './config';

describe('configuration', () => {
  it('defaults to the embedded dev stack', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ profile: 'dev', port: 8080, host: '127.0.0.1' });
    expect(c.postgres).toMatchObject({ external: false, url: 'postgres://postgres@127.0.0.1:5433/funds' });
    expect(c.temporal).toMatchObject({ external: false, address: '127.0.0.1:7233' });
    expect(c.fundTtlMs).toBe(24 * 3600 * 1000);
  });

  it('gives the test profile its own ports and data folder', () => {
    const dev = loadConfig({});
    const test = loadConfig({ STACK_PROFILE: 'test' });
    expect(test.port).not.toBe(dev.port);
    expect(test.postgres.port).not.toBe(dev.postgres.port);
    expect(test.clickhouse.httpPort).not.toBe(dev.clickhouse.httpPort);
    expect(test.temporal.port).not.toBe(dev.temporal.port);
    expect(test.dataDir).not.toBe(dev.dataDir);
  });

  it('uses configured services as they are', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/x',
      CLICKHOUSE_URL: 'http://ch:8123',
      TEMPORAL_ADDRESS: 'temporal:7233',
      PORT: '9999',
    });
    expect(c.postgres).toMatchObject({ external: true, url: 'postgres://u:p@db:5432/x' });
    expect(c.clickhouse).toMatchObject({ external: true, url: 'http://ch:8123' });
    expect(c.temporal).toMatchObject({ external: true, address: 'temporal:7233' });
    expect(c.port).toBe(9999);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['CLICKHOUSE_URL', 'not a url'],
    ['TEMPORAL_ADDRESS', 'no-port'],
    ['LOG_LEVEL', 'loud'],
    ['STACK_PROFILE', 'prod'],
    ['FUND_TTL_HOURS', '-1'],
    ['TRUST_PROXY', 'maybe'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

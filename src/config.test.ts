import path from 'node:path';

import { ENVIRONMENT_VARIABLES, loadConfig } from './config';

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

  it('keeps holdings loads a day, the change feed 90 days, factsheet renders and documents 30, one ClickHouse delete a day', () => {
    expect(loadConfig({}).retention).toEqual({
      holdingsGraceMs: 24 * 3_600_000,
      changeFeedMs: 90 * 86_400_000,
      factsheetRenderMs: 30 * 86_400_000,
      documentMs: 30 * 86_400_000,
      clickhouseDeleteIntervalMs: 24 * 3_600_000,
    });
    expect(
      loadConfig({
        CHANGE_FEED_RETENTION_DAYS: '0',
        FACTSHEET_RENDER_RETENTION_DAYS: '0',
        DOCUMENT_RETENTION_DAYS: '0',
      }).retention,
    ).toMatchObject({ changeFeedMs: 0, factsheetRenderMs: 0, documentMs: 0 });
    expect(() => loadConfig({ DOCUMENT_RETENTION_DAYS: '-1' })).toThrow(/DOCUMENT_RETENTION_DAYS/);
    expect(() => loadConfig({ CHANGE_FEED_RETENTION_DAYS: '7' })).toThrow(/CHANGE_FEED_RETENTION_DAYS/);
    expect(() => loadConfig({ HOLDINGS_RETENTION_HOURS: '0' })).toThrow(/HOLDINGS_RETENTION_HOURS/);
  });

  it('configures accounts: mail to files in the data folder, sessions of an hour idle and twelve at most', () => {
    const c = loadConfig({});
    expect(c.accounts).toEqual({
      smtpUrl: null,
      mailFrom: 'Fund Data Service <no-reply@localhost>',
      mailDir: path.join(c.dataDir, 'mail'),
      sessionIdleMs: 60 * 60_000,
      sessionMaxMs: 12 * 3600_000,
    });
    expect(loadConfig({ DATA_DIR: '/srv/funds' }).accounts.mailDir).toBe('/srv/funds/mail');
  });

  it('takes an SMTP server, a sender and session lifetimes', () => {
    const c = loadConfig({
      SMTP_URL: 'smtps://mailer:secret@mail.example.com:465',
      MAIL_FROM: 'Funds <funds@example.com>',
      SESSION_IDLE_MINUTES: '5',
      SESSION_MAX_HOURS: '720',
    });
    expect(c.accounts).toMatchObject({
      smtpUrl: 'smtps://mailer:secret@mail.example.com:465',
      mailFrom: 'Funds <funds@example.com>',
      sessionIdleMs: 5 * 60_000,
      sessionMaxMs: 720 * 3600_000,
    });
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).accounts.smtpUrl).toBe('smtp://127.0.0.1:2525');
  });

  it('gives a stopping process 10 s to finish its requests and activities, or SHUTDOWN_GRACE_SECONDS', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '25' }).shutdownGraceMs).toBe(25_000);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '2.5' }).shutdownGraceMs).toBe(2_500);
    expect(ENVIRONMENT_VARIABLES).toContain('SHUTDOWN_GRACE_SECONDS');
  });

  it('lists the variables it reads, and ignores any other (docker-compose.yml is held to the list)', () => {
    expect(ENVIRONMENT_VARIABLES).toEqual(expect.arrayContaining(['DATABASE_URL', 'PORT', 'RENDER_TASK_QUEUE']));
    expect(new Set(ENVIRONMENT_VARIABLES).size).toBe(ENVIRONMENT_VARIABLES.length);
    expect(ENVIRONMENT_VARIABLES).not.toContain('RENDER_QUEUE');
    expect(loadConfig({ RENDER_QUEUE: 'prints' })).toEqual(loadConfig({}));
    expect(loadConfig({ RENDER_TASK_QUEUE: 'prints' }).render.taskQueue).toBe('prints');
  });

  it('never quotes the value of SMTP_URL in an error (it may carry a password)', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@x' })).toThrow(/SMTP_URL: .*\(got a value not shown\)/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@x' })).not.toThrow(/hunter2/);
    // Other variables are still quoted.
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/\(got "eighty"\)/);
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
    ['SMTP_URL', 'http://x'],
    ['SMTP_URL', 'smtp:///no-host'],
    ['SMTP_URL', 'not a url'],
    ['MAIL_FROM', 'a@b.c\r\nBcc: x@y.z'],
    ['SESSION_IDLE_MINUTES', '4'],
    ['SESSION_IDLE_MINUTES', '1441'],
    ['SESSION_MAX_HOURS', '0'],
    ['SESSION_MAX_HOURS', '721'],
    ['SESSION_MAX_HOURS', '1.5'],
    ['SHUTDOWN_GRACE_SECONDS', '0'],
    ['SHUTDOWN_GRACE_SECONDS', '301'],
    ['SHUTDOWN_GRACE_SECONDS', 'soon'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

/**
 * `npm run backup` and `npm run restore` (issue 26): a stack with funds, changes, a webhook, a factsheet and keys is
 * backed up, stopped and wiped; a fresh stack restored from the backup answers the same: the same keys, funds,
 * change feed, holdings, factsheet link, webhook signatures, and the month's credits.
 */
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';
import { eptFile, makeStale, matching, uniqueIsin, writeLibraryFund } from './helpers';
import { PrivateStack } from './privateStack';
import { receiver } from './receiver';

const run = promisify(execFile);
const ROOT = path.join(__dirname, '..');
const PORTS = {
  api: 8201,
  postgres: 5463,
  clickhouseHttp: 8153,
  clickhouseTcp: 9030,
  temporal: 7263,
  temporalUi: 8263,
};
const SAMPLES = ['ZZSMPL000014', 'ZZSMPL000055'];

let folder: string;
let stack: PrivateStack;

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
});

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
}, 60_000);

/** What a user of the backed-up stack sees, recorded before the backup and compared after the restore. */
interface Seen {
  funds: unknown[];
  holdings: unknown[];
  changes: unknown;
  sharedPage: string;
}

it('restores a wiped stack to a backup: the same keys, funds, change feed, factsheet links, webhook signatures and credits', async () => {
  stack = new PrivateStack('backup-source', PORTS);
  await stack.start();
  const pool = createPool(stack.config, 2);
  const { key } = await new AccountsRepository(pool).createKey('backed-up@example.com', 'scale');
  await pool.end();
  const api = caller(stack.api, key);
  const hook = await receiver(() => 200);
  try {
    const isin = await changedFund(api);
    const webhook = (await api.json('/webhooks', { url: hook.url, events: ['fund.changed'], isins: [isin] })) as {
      id: string;
      secret: string;
    };
    const sheet = (await api.json('/factsheets', { isin: SAMPLES[0], deliver: 'link' })) as { links: { html: string } };
    const before = await seen(api, isin, sheet.links.html);
    const usedAtBackup = await creditsUsed(api);

    const backup = await run('node_modules/.bin/tsx', ['scripts/backup.ts', folder], { cwd: ROOT, env: stack.env() });
    console.log(backup.stdout);
    await stack.stop();

    stack = new PrivateStack('backup-target', PORTS); // a new, empty data folder: nothing of the source survives
    await stack.start();
    const restore = await run('node_modules/.bin/tsx', ['scripts/restore.ts', folder], { cwd: ROOT, env: stack.env() });
    console.log(restore.stdout);
    await stack.restartApp();

    const restored = caller(stack.api, key);
    expect(await creditsUsed(restored)).toBe(usedAtBackup);
    expect(await seen(restored, isin, sheet.links.html)).toEqual(before);
    await restored.json(`/webhooks/${webhook.id}`, { action: 'test' });
    const delivery = hook.hits.at(-1)!;
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.signature)!;
    expect(v1).toBe(createHmac('sha256', webhook.secret).update(`${t}.${delivery.body}`).digest('hex'));
  } finally {
    await hook.close();
  }
}, 600_000);

it('refuses a stack that is not empty, and a backup whose files changed, before touching anything', async () => {
  const again = run('node_modules/.bin/tsx', ['scripts/restore.ts', folder], { cwd: ROOT, env: stack.env() });
  await expect(again).rejects.toMatchObject({
    code: 2,
    stderr: matching(/the stack is not empty \(funds/),
  });
  const tampered = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-tampered-'));
  try {
    fs.cpSync(folder, tampered, { recursive: true });
    fs.appendFileSync(path.join(tampered, 'clickhouse', 'change_feed.native'), 'x');
    const restore = run('node_modules/.bin/tsx', ['scripts/restore.ts', tampered, '--force'], {
      cwd: ROOT,
      env: stack.env(),
    });
    await expect(restore).rejects.toMatchObject({
      code: 1,
      stderr: matching(/change_feed.native is not/),
    });
  } finally {
    fs.rmSync(tampered, { recursive: true, force: true });
  }
}, 120_000);

/** A fund whose document changed once it was loaded: its change rows are in the feed. */
async function changedFund(api: ReturnType<typeof caller>): Promise<string> {
  for (const isin of SAMPLES) await api.json(`/funds/${isin}`);
  const isin = uniqueIsin();
  await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Backed Up Fund', 3) });
  await api.json(`/funds/${isin}`);
  await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Backed Up Fund', 5) });
  const pool = createPool(stack.config, 1);
  await makeStale(isin, pool); // and waits out the API's short payload cache
  await pool.end();
  await api.json(`/funds/${isin}`); // reloaded: fund.changed (riskRating 3 -> 5)
  return isin;
}

/** Every answer the restore must keep, with what changes by itself (quota counters, cache flags) left out. */
async function seen(api: ReturnType<typeof caller>, changed: string, sharedPage: string): Promise<Seen> {
  const funds = [];
  for (const isin of [...SAMPLES, changed]) {
    const { isin: id, name, generatedAt, data } = (await api.json(`/funds/${isin}`)) as Record<string, unknown>;
    funds.push({ id, name, generatedAt, data });
  }
  const holdings = [];
  for (const isin of SAMPLES) {
    const { quota: _quota, ...answer } = (await api.json(`/funds/${isin}/holdings?limit=50`)) as Record<
      string,
      unknown
    >;
    holdings.push(answer);
  }
  const { quota: _quota, ...changes } = (await api.json(
    `/changes?isin=${changed}&since=2026-01-01T00:00:00Z`,
  )) as Record<string, unknown>;
  const page = await fetch(sharedPage);
  expect(page.status).toBe(200);
  return { funds, holdings, changes, sharedPage: await page.text() };
}

/** The month's credits used so far (GET /me is free). */
async function creditsUsed(api: ReturnType<typeof caller>): Promise<number> {
  return ((await api.json('/me')) as { quota: { used: number } }).quota.used;
}

function caller(api: string, key: string) {
  return {
    async json(pathname: string, body?: unknown): Promise<unknown> {
      const res = await fetch(`${api}${pathname}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
      return res.json();
    },
  };
}

/**
 * Keys never reach the logs: a key is sent every way a client sends one (Bearer, X-Api-Key, both, a
 * revoked or malformed variant, in failing and succeeding calls, on metered, free and unknown routes),
 * then every log file of the test stack (API, worker, Postgres, ClickHouse, Temporal) is searched for it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

import { config, get, newKey, post } from './helpers';
import { mailedLink, PASSWORD, signedUpClient, SiteClient } from './siteClient';

const LOGS = path.join(config.dataDir, 'logs');

async function logText(): Promise<string> {
  const files = (await fs.readdir(LOGS)).filter((f) => f.endsWith('.log'));
  expect(files).toEqual(expect.arrayContaining(['api.log', 'worker.log']));
  return (await Promise.all(files.map((f) => fs.readFile(path.join(LOGS, f), 'utf8')))).join('\n');
}

describe('API keys in the logs', () => {
  it('never appear, in any form, whatever the call', async () => {
    const { key } = await newKey('pro');
    const secretPart = key.slice(key.lastIndexOf('_') + 1);
    await get('/funds/ZZSMPL000014', key);
    await get('/funds/not-an-isin', key);
    await get('/me', undefined, { 'X-Api-Key': key });
    await get('/me', key, { 'X-Api-Key': `${key}x` }); // two different keys: refused
    await get('/no-such-route', key);
    await post('/funds', key, { isins: 'nope' });
    await get('/search?q=sample', `${key.slice(0, -1)}Z`); // unknown key
    // The API's logger writes in 4 KiB batches: more calls (with the key too) push the lines above out.
    for (let i = 0; i < 80; i++) await get('/me', key);
    let logs = await logText();
    for (let i = 0; i < 50 && !logs.includes('/funds/not-an-isin'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      logs = await logText();
    }
    expect(logs).toContain('/funds/not-an-isin'); // the calls were logged: the search below looks at them
    expect(logs.includes(key)).toBe(false);
    expect(logs.includes(secretPart)).toBe(false);
    expect(logs.includes(`${key.slice(0, -1)}Z`)).toBe(false);
  });
});

describe("the site's secrets in the logs", () => {
  it('never appear: passwords, session ids, CSRF tokens, mailed tokens, keys shown on pages', async () => {
    const { client, email, key } = await signedUpClient('logs');
    const session = client.cookies.get('fds_session')!;
    const verifyToken = new URL(await mailedLink(email, '/verify')).searchParams.get('token')!;
    await new SiteClient().fill('/reset', '/reset', { email });
    const resetToken = new URL(await mailedLink(email, '/reset/password')).searchParams.get('token')!;
    const wrong = 'a wrong password, logged?';
    await new SiteClient().fill('/login', '/login', { email, password: wrong });
    const { csrf } = await client.page('/dashboard/keys');
    const created = await (await client.submit('/dashboard/keys', { label: 'logs' }, csrf)).text();
    const shownKey = /id="new-key"[^>]*>([^<]+)</.exec(created)?.[1] ?? '';
    for (let i = 0; i < 80; i++) await get('/me', key); // push the lines above out of the logger's batch
    let logs = await logText();
    for (let i = 0; i < 50 && !logs.includes('"/reset/password"') && !logs.includes('/dashboard/keys'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      logs = await logText();
    }
    expect(logs).toContain('/dashboard/keys');
    for (const secret of [PASSWORD, wrong, session, csrf, verifyToken, resetToken, key, shownKey])
      expect({ secret: secret.slice(0, 6), logged: logs.includes(secret) }).toEqual({
        secret: secret.slice(0, 6),
        logged: false,
      });
  });
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import type { Account } from '../src/schema/account';
import type { ErrorBody } from '../src/schema/errors';
import { get, json } from './helpers';

const run = promisify(execFile);
const root = path.resolve(__dirname, '..');

/** The line `keys create` prints. */
interface CreatedKey {
  key: string;
  email: string;
  plan: string;
}

/** The CLI exactly as a user runs it: npm run --silent keys -- ... */
async function keys(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'keys', '--', ...args], {
      cwd: root,
      env: process.env,
    });
    return { stdout, stderr, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}

describe('keys CLI', () => {
  const email = `cli-${Date.now()}@example.com`;

  it('creates a key and prints exactly one JSON line', async () => {
    const { stdout, code } = await keys('create', '--email', email, '--plan', 'starter');
    expect(code).toBe(0);
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const created = JSON.parse(lines[0]) as CreatedKey;
    expect(Object.keys(created)).toEqual(['key', 'email', 'plan']);
    expect(created).toMatchObject({ email, plan: 'starter' });
    const me = await json<Account>(await get('/me', created.key));
    expect(me).toMatchObject({ email, plan: { id: 'starter' } });

    const changed = await keys('plan', email, 'scale');
    expect(changed.code).toBe(0);
    expect((await json<Account>(await get('/me', created.key))).plan.id).toBe('scale');

    const listed = await keys('list');
    const rows = listed.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { email: string });
    const mine = rows.find((r) => r.email === email);
    expect(mine).toMatchObject({ plan: 'scale', revokedAt: null });
    expect(listed.stdout).not.toContain(created.key);

    const revoked = await keys('revoke', created.key);
    expect(revoked.code).toBe(0);
    expect((await json<ErrorBody>(await get('/me', created.key))).code).toBe('revoked_api_key');
  }, 60_000);

  it('refuses bad input with a message and a non-zero exit', async () => {
    for (const args of [
      ['create', '--email', 'nope', '--plan', 'free'],
      ['create', '--email', email, '--plan', 'gold'],
      ['revoke', 'garbage'],
      ['plan', email],
      ['frobnicate'],
    ]) {
      const { code, stderr, stdout } = await keys(...args);
      expect(code).not.toBe(0);
      expect(stderr.trim().length).toBeGreaterThan(0);
      expect(stdout).toBe('');
    }
  }, 60_000);
});

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
    expect(Object.keys(created)).toEqual(['key', 'email', 'plan', 'operator']);
    expect(created).toMatchObject({ email, plan: 'starter', operator: false });
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

  it('creates an operator key: the role, the highest plan unless one is named, and the documents endpoints open', async () => {
    const { stdout, code } = await keys('create', '--email', `ops-${Date.now()}@example.com`, '--operator');
    expect(code).toBe(0);
    const created = JSON.parse(stdout.trim()) as CreatedKey & { operator: boolean };
    expect(created).toMatchObject({ plan: 'enterprise', operator: true });
    expect((await get('/documents?limit=1', created.key)).status).toBe(200);
    const named = JSON.parse(
      (await keys('create', '--email', `ops2-${Date.now()}@example.com`, '--operator', '--plan', 'pro')).stdout.trim(),
    ) as CreatedKey & { operator: boolean };
    expect(named).toMatchObject({ plan: 'pro', operator: true });
    const listed = (await keys('list')).stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { id: string; operator: boolean });
    expect(listed.find((r) => created.key.includes(`_${r.id}_`))).toMatchObject({ operator: true });
  });

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

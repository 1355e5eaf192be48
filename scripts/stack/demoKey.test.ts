import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { generateApiKey } from '../../src/domain/apiKeys';
import type { PlanId } from '../../src/domain/plans';
import { DEMO_EMAIL, type DemoKeyAccounts, demoKeyFile, type DemoKeyStore, ensureDemoKey } from './demoKey';

/** The accounts side as AccountsRepository behaves: rotating revokes the account's earlier demo keys. */
class FakeAccounts implements DemoKeyAccounts {
  readonly active = new Map<string, string>(); // key -> email
  rotations = 0;

  isActiveKeyOf(key: string, email: string): Promise<boolean> {
    return Promise.resolve(this.active.get(key) === email);
  }

  rotateDemoKey(email: string, _plan: PlanId): Promise<{ key: string }> {
    this.rotations += 1;
    for (const [key, owner] of this.active) if (owner === email) this.active.delete(key);
    const { key } = generateApiKey();
    this.active.set(key, email);
    return Promise.resolve({ key });
  }
}

function memoryStore(initial: string | null = null): DemoKeyStore & { saved: string | null } {
  return {
    saved: initial,
    read() {
      return this.saved;
    },
    write(key) {
      this.saved = key;
    },
  };
}

describe('ensureDemoKey', () => {
  it('issues and saves a key on the first start, then reuses it on the next starts', async () => {
    const accounts = new FakeAccounts();
    const store = memoryStore();
    const first = await ensureDemoKey(accounts, store, { rotate: false });
    expect(first.reused).toBe(false);
    expect(store.saved).toBe(first.key);

    const second = await ensureDemoKey(accounts, store, { rotate: false });
    const third = await ensureDemoKey(accounts, store, { rotate: false });
    expect(second).toEqual({ key: first.key, reused: true });
    expect(third).toEqual({ key: first.key, reused: true });
    expect(accounts.rotations).toBe(1);
  });

  it('issues a new key when asked, and the previous one stops working', async () => {
    const accounts = new FakeAccounts();
    const store = memoryStore();
    const before = await ensureDemoKey(accounts, store, { rotate: false });
    const after = await ensureDemoKey(accounts, store, { rotate: true });
    expect(after.reused).toBe(false);
    expect(after.key).not.toBe(before.key);
    expect(store.saved).toBe(after.key);
    expect(await accounts.isActiveKeyOf(before.key, DEMO_EMAIL)).toBe(false);
  });

  it('replaces a saved key that was revoked', async () => {
    const accounts = new FakeAccounts();
    const store = memoryStore();
    const revoked = (await ensureDemoKey(accounts, store, { rotate: false })).key;
    accounts.active.delete(revoked);
    const next = await ensureDemoKey(accounts, store, { rotate: false });
    expect(next.reused).toBe(false);
    expect(next.key).not.toBe(revoked);
    expect(store.saved).toBe(next.key);
  });

  it.each([
    [
      'belongs to another account',
      (accounts: FakeAccounts) => {
        const { key } = generateApiKey();
        accounts.active.set(key, 'someone@example.com');
        return key;
      },
    ],
    ['is unknown to the database (a fresh cluster)', () => generateApiKey().key],
    ['is not a key at all', () => 'not a key'],
  ])('does not reuse a saved key that %s', async (_what, savedKey) => {
    const accounts = new FakeAccounts();
    const saved = savedKey(accounts);
    const store = memoryStore(saved);
    const result = await ensureDemoKey(accounts, store, { rotate: false });
    expect(result.reused).toBe(false);
    expect(result.key).not.toBe(saved);
    expect(store.saved).toBe(result.key);
  });
});

describe('demoKeyFile', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-key-test-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads nothing before the first write, then the key written, from <dataDir>/demo-key readable by its owner only', () => {
    const store = demoKeyFile(dir);
    expect(store.read()).toBeNull();
    const { key } = generateApiKey();
    store.write(key);
    expect(store.read()).toBe(key);
    expect(demoKeyFile(dir).read()).toBe(key);
    expect(fs.statSync(path.join(dir, 'demo-key')).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['demo-key']);
  });

  it('replaces the key, keeping the file private', () => {
    const store = demoKeyFile(dir);
    fs.writeFileSync(path.join(dir, 'demo-key'), 'old\n', { mode: 0o644 });
    const { key } = generateApiKey();
    store.write(key);
    expect(store.read()).toBe(key);
    expect(fs.statSync(path.join(dir, 'demo-key')).mode & 0o777).toBe(0o600);
  });
});

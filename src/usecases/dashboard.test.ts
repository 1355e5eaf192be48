import { createKey, keyLabel, MAX_ACTIVE_KEYS } from './dashboard';
import type { AccountStore, KeyRecord } from './ports/accounts';

describe('keyLabel', () => {
  it.each([
    ['  ci runner ', 'ci runner'],
    ['line\nbreak\ttab', 'line break tab'],
    ['bell\u0007and\u009bcsi', 'bell and csi'],
    ['', null],
    ['   ', null],
    [undefined, null],
    [['a'], null],
    ['<script>', '<script>'],
  ])('%j -> %j', (raw, expected) => expect(keyLabel(raw)).toBe(expected));

  it('keeps at most 100 characters, counted as code points', () => {
    expect(keyLabel('é'.repeat(150))).toBe('é'.repeat(100));
    expect([...keyLabel('😀'.repeat(120))!]).toHaveLength(100);
  });
});

describe('createKey', () => {
  const store = (active: number) => {
    const keys: KeyRecord[] = Array.from({ length: active }, (_, i) => ({
      id: `k${i}`,
      label: null,
      createdAt: new Date(),
      lastUsedAt: null,
      revokedAt: null,
    }));
    keys.push({ id: 'old', label: null, createdAt: new Date(), lastUsedAt: null, revokedAt: new Date() });
    const created: (string | null)[] = [];
    const accounts = {
      keys: () => Promise.resolve(keys),
      createKey: (_id: number, label: string | null) => {
        created.push(label);
        return Promise.resolve({ id: 'new', key: 'fds_new' });
      },
    } as unknown as AccountStore;
    return { accounts, created };
  };

  it('creates a named key while the account holds fewer than the maximum of active keys', async () => {
    const { accounts, created } = store(MAX_ACTIVE_KEYS - 1);
    expect(await createKey(accounts, 1, ' deploy ')).toEqual({
      outcome: 'created',
      id: 'new',
      key: 'fds_new',
      label: 'deploy',
    });
    expect(created).toEqual(['deploy']);
  });

  it('refuses one more active key, revoked ones not counted', async () => {
    const { accounts, created } = store(MAX_ACTIVE_KEYS);
    expect(await createKey(accounts, 1, 'x')).toMatchObject({ outcome: 'refused' });
    expect(created).toEqual([]);
  });
});

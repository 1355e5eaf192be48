import { createHash } from 'node:crypto';

import {
  type AccountDeps,
  ATTEMPT_LIMITS,
  changePassword,
  closeAccount,
  logIn,
  normalEmail,
  requestReset,
  resetPassword,
  signUp,
  verifyAddress,
} from './accounts';
import type {
  AccountRecord,
  AccountStore,
  AttemptWindows,
  MailMessage,
  SessionStore,
  TokenPurpose,
  TokenStore,
} from './ports/accounts';

/** In-memory stand-ins for the stores: enough to follow each story's outcomes and side effects. */
function fakes() {
  const accounts = new Map<number, AccountRecord & { hash: string | null; closed: boolean }>();
  const keys: { accountId: number; id: string; revoked: boolean }[] = [];
  const sessions = new Map<string, number>();
  const tokens = new Map<string, { accountId: number; purpose: TokenPurpose; used: boolean }>();
  const mail: MailMessage[] = [];
  const windows = new Map<string, number>();
  let next = 1;
  const store: AccountStore = {
    signUp: (email, hash) => {
      if ([...accounts.values()].some((a) => a.email === email)) return Promise.resolve(null);
      const account = { id: next++, email, plan: 'free' as const, createdAt: new Date(), verifiedAt: null };
      accounts.set(account.id, { ...account, hash, closed: false });
      return Promise.resolve({ account });
    },
    byEmail: (email) => {
      const a = [...accounts.values()].find((x) => x.email === email && !x.closed);
      return Promise.resolve(a ? { account: a, passwordHash: a.hash } : null);
    },
    byId: (id) => Promise.resolve(accounts.get(id)?.closed ? null : (accounts.get(id) ?? null)),
    passwordHashOf: (id) => Promise.resolve(accounts.get(id)?.hash ?? null),
    setPassword: (id, hash) => {
      accounts.get(id)!.hash = hash;
      return Promise.resolve();
    },
    markVerified: (id) => {
      accounts.get(id)!.verifiedAt = new Date();
      return Promise.resolve();
    },
    close: (id) => {
      Object.assign(accounts.get(id)!, { closed: true, email: `closed-${id}`, hash: null });
      return Promise.resolve();
    },
    keys: () => Promise.resolve([]),
    createKey: (accountId) => {
      const id = `k${keys.length + 1}`;
      keys.push({ accountId, id, revoked: false });
      return Promise.resolve({ id, key: `fds_${id}` });
    },
    revokeKey: () => Promise.resolve(true),
    revokeAllKeys: (accountId) => {
      for (const k of keys) if (k.accountId === accountId) k.revoked = true;
      return Promise.resolve();
    },
    usage: () => Promise.resolve({ used: 0, days: [] }),
  };
  const sessionStore: SessionStore = {
    create: (accountId) => {
      const id = `s${sessions.size + 1}-${Math.random()}`;
      sessions.set(id, accountId);
      return Promise.resolve({ id, csrf: 'c' });
    },
    find: (id) => Promise.resolve(sessions.has(id) ? { accountId: sessions.get(id)!, csrf: 'c' } : null),
    remove: (id) => Promise.resolve(void sessions.delete(id)),
    removeAll: (accountId, keep) => {
      for (const [id, owner] of sessions) if (owner === accountId && id !== keep) sessions.delete(id);
      return Promise.resolve();
    },
  };
  const tokenStore: TokenStore = {
    issue: (accountId, purpose) => {
      const token = `t${tokens.size + 1}`;
      tokens.set(token, { accountId, purpose, used: false });
      return Promise.resolve(token);
    },
    consume: (token, purpose) => {
      const t = tokens.get(token);
      if (!t || t.used || t.purpose !== purpose) return Promise.resolve(null);
      t.used = true;
      return Promise.resolve(t.accountId);
    },
  };
  const attemptWindows: AttemptWindows = {
    take: (bucket) => {
      windows.set(bucket, (windows.get(bucket) ?? 0) + 1);
      return Promise.resolve(windows.get(bucket)!);
    },
  };
  const deps: AccountDeps = {
    accounts: store,
    sessions: sessionStore,
    tokens: tokenStore,
    mailer: { send: (m) => Promise.resolve(void mail.push(m)) },
    windows: attemptWindows,
    siteUrl: 'https://funds.example',
    digest: (text) => createHash('sha256').update(text).digest('hex'),
    // A stand-in for scrypt (domain/passwords.test.ts tests the real one): these tests follow the stories.
    passwords: {
      hash: (password) => Promise.resolve(`hashed:${password}`),
      verify: (password, stored) => Promise.resolve(stored === `hashed:${password}`),
    },
  };
  return { deps, accounts, keys, sessions, mail, windows };
}

const PASSWORD = 'correct horse battery';
const tokenIn = (text: string) => /token=([^\s&]+)/.exec(text)?.[1] ?? '';

describe('normalEmail', () => {
  it.each([
    ['  Ana@Example.COM ', 'ana@example.com'],
    ['no-at-sign', null],
    ['', null],
    [42, null],
    [`${'a'.repeat(250)}@x.io`, null],
  ])('%j -> %j', (raw, expected) => expect(normalEmail(raw)).toBe(expected));
});

describe('sign-up', () => {
  it('mails a verification link to a new address, and a note to an address in use, with the same answer', async () => {
    const { deps, mail } = fakes();
    const first = await signUp(deps, { email: 'Ana@example.com', password: PASSWORD, ip: '1.1.1.1' });
    const again = await signUp(deps, { email: 'ana@example.com', password: 'another password!', ip: '1.1.1.2' });
    expect(first).toEqual({ outcome: 'mailed', email: 'ana@example.com' });
    expect(again).toEqual(first);
    expect(mail.map((m) => m.to)).toEqual(['ana@example.com', 'ana@example.com']);
    expect(mail[0].text).toContain('https://funds.example/verify?token=');
    expect(mail[1].text).not.toContain('token=');
  });

  it('refuses a bad address or a weak password before anything is stored or counted', async () => {
    const { deps, accounts, windows } = fakes();
    expect(await signUp(deps, { email: 'nope', password: PASSWORD, ip: 'x' })).toMatchObject({ field: 'email' });
    expect(await signUp(deps, { email: 'a@b.io', password: 'short', ip: 'x' })).toMatchObject({ field: 'password' });
    expect(await signUp(deps, { email: 'a@b.io', password: undefined, ip: 'x' })).toMatchObject({ field: 'password' });
    expect(accounts.size).toBe(0);
    expect(windows.size).toBe(0);
  });

  it('limits sign-ups per IP', async () => {
    const { deps } = fakes();
    const [limit] = ATTEMPT_LIMITS.signUpPerIp;
    for (let i = 0; i < limit; i++)
      expect((await signUp(deps, { email: `u${i}@x.io`, password: PASSWORD, ip: '9.9.9.9' })).outcome).toBe('mailed');
    const refused = await signUp(deps, { email: 'late@x.io', password: PASSWORD, ip: '9.9.9.9' });
    expect(refused).toEqual({ outcome: 'limited', retryAfterSeconds: ATTEMPT_LIMITS.signUpPerIp[1] });
  });

  it('counts addresses in the windows by hash, never in plain', async () => {
    const { deps, windows } = fakes();
    await signUp(deps, { email: 'secret@x.io', password: PASSWORD, ip: '1.2.3.4' });
    expect([...windows.keys()].join(' ')).not.toContain('secret@x.io');
  });
});

describe('verification', () => {
  it('verifies once, logs the browser in and creates the first key', async () => {
    const { deps, mail, accounts, keys } = fakes();
    await signUp(deps, { email: 'v@x.io', password: PASSWORD, ip: 'i' });
    const token = tokenIn(mail[0].text);
    const verified = await verifyAddress(deps, token);
    expect(verified).toMatchObject({ outcome: 'verified', email: 'v@x.io', key: 'fds_k1' });
    expect(accounts.get(1)!.verifiedAt).not.toBeNull();
    expect(keys).toHaveLength(1);
    expect(await verifyAddress(deps, token)).toBeNull();
    expect(await verifyAddress(deps, 'garbage')).toBeNull();
  });
});

describe('whoever opens a mailed link owns the address', () => {
  it('so verifying ends the keys and sessions someone made before it', async () => {
    const { deps, mail, keys, sessions } = fakes();
    await signUp(deps, { email: 'squat@x.io', password: PASSWORD, ip: 'i' }); // someone else's address
    await logIn(deps, { email: 'squat@x.io', password: PASSWORD, ip: 'i' });
    await deps.accounts.createKey(1, 'squatter');
    const verified = await verifyAddress(deps, tokenIn(mail[0].text));
    expect(keys.map((k) => [k.id, k.revoked])).toEqual([
      ['k1', true],
      ['k2', false],
    ]);
    expect([...sessions.keys()]).toEqual([verified!.session.id]);
  });

  it('and a reset of an unverified account verifies it, ending what was made before', async () => {
    const { deps, mail, keys, accounts } = fakes();
    await signUp(deps, { email: 'late@x.io', password: PASSWORD, ip: 'i' });
    await deps.accounts.createKey(1, 'squatter');
    await requestReset(deps, { email: 'late@x.io', ip: 'i' });
    const token = tokenIn(mail[mail.length - 1].text);
    expect(await resetPassword(deps, { token, password: 'the owner password' })).toEqual({ outcome: 'reset' });
    expect(accounts.get(1)!.verifiedAt).not.toBeNull();
    expect(keys.every((k) => k.revoked)).toBe(true);
  });
});

describe('log-in', () => {
  it('opens a session with the right password, and says the same for a wrong one and an unknown address', async () => {
    const { deps } = fakes();
    await signUp(deps, { email: 'l@x.io', password: PASSWORD, ip: 'i' });
    expect(await logIn(deps, { email: 'L@x.io ', password: PASSWORD, ip: 'i' })).toMatchObject({ outcome: 'in' });
    const wrong = await logIn(deps, { email: 'l@x.io', password: 'not the password', ip: 'i' });
    const unknown = await logIn(deps, { email: 'nobody@x.io', password: PASSWORD, ip: 'i' });
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({ outcome: 'invalid' });
  });

  it('limits attempts per address whatever the IP, and per IP whatever the address', async () => {
    const { deps } = fakes();
    const [perAddress] = ATTEMPT_LIMITS.logInPerAddress;
    for (let i = 0; i < perAddress; i++)
      await logIn(deps, { email: 'target@x.io', password: 'guess', ip: `10.0.0.${i}` });
    expect(await logIn(deps, { email: 'target@x.io', password: 'guess', ip: '10.0.1.1' })).toMatchObject({
      outcome: 'limited',
    });
    const [perIp] = ATTEMPT_LIMITS.logInPerIp;
    for (let i = 0; i < perIp; i++) await logIn(deps, { email: `p${i}@x.io`, password: 'guess', ip: '7.7.7.7' });
    expect(await logIn(deps, { email: 'fresh@x.io', password: 'guess', ip: '7.7.7.7' })).toMatchObject({
      outcome: 'limited',
    });
  });
});

describe('password reset', () => {
  it('mails a link only to an address in use, answers the same to any, and ends every session on reset', async () => {
    const { deps, mail, sessions } = fakes();
    await signUp(deps, { email: 'r@x.io', password: PASSWORD, ip: 'i' });
    await logIn(deps, { email: 'r@x.io', password: PASSWORD, ip: 'i' });
    mail.length = 0;
    expect(await requestReset(deps, { email: 'r@x.io', ip: 'i' })).toEqual({ outcome: 'mailed' });
    expect(await requestReset(deps, { email: 'ghost@x.io', ip: 'i' })).toEqual({ outcome: 'mailed' });
    expect(mail.map((m) => m.to)).toEqual(['r@x.io']);
    const token = tokenIn(mail[0].text);
    expect(await resetPassword(deps, { token, password: 'short' })).toMatchObject({ outcome: 'invalid' });
    expect(await resetPassword(deps, { token, password: 'a brand new password' })).toEqual({ outcome: 'reset' });
    expect(sessions.size).toBe(0);
    expect(await resetPassword(deps, { token, password: 'a brand new password' })).toEqual({ outcome: 'expired' });
    expect(await logIn(deps, { email: 'r@x.io', password: 'a brand new password', ip: 'j' })).toMatchObject({
      outcome: 'in',
    });
  });
});

describe('password change and closing', () => {
  it('changes the password with the current one, keeping this session and ending the others', async () => {
    const { deps, sessions } = fakes();
    await signUp(deps, { email: 'c@x.io', password: PASSWORD, ip: 'i' });
    const a = await logIn(deps, { email: 'c@x.io', password: PASSWORD, ip: 'i' });
    await logIn(deps, { email: 'c@x.io', password: PASSWORD, ip: 'i' });
    const sessionId = a.outcome === 'in' ? a.session.id : '';
    const input = { accountId: 1, sessionId, current: 'wrong one!!', password: 'the next password' };
    expect(await changePassword(deps, input)).toMatchObject({ field: 'current' });
    expect(await changePassword(deps, { ...input, current: PASSWORD })).toEqual({ outcome: 'changed' });
    expect([...sessions.keys()]).toEqual([sessionId]);
  });

  it('counts password checks of logged-in pages in the address window: no guessing from a stolen session', async () => {
    const { deps } = fakes();
    await signUp(deps, { email: 'g@x.io', password: PASSWORD, ip: 'i' });
    const [perAddress] = ATTEMPT_LIMITS.logInPerAddress;
    const input = { accountId: 1, sessionId: 's', current: 'guess guess', password: 'the next password' };
    for (let i = 0; i < perAddress; i++)
      expect(await changePassword(deps, input)).toMatchObject({ outcome: 'invalid' });
    expect(await changePassword(deps, input)).toMatchObject({ outcome: 'limited' });
    expect(await closeAccount(deps, { accountId: 1, password: PASSWORD, confirmed: true })).toMatchObject({
      outcome: 'limited',
    });
  });

  it('closes only with the password and the confirmation', async () => {
    const { deps, accounts } = fakes();
    await signUp(deps, { email: 'z@x.io', password: PASSWORD, ip: 'i' });
    expect(await closeAccount(deps, { accountId: 1, password: 'nope', confirmed: true })).toMatchObject({
      outcome: 'invalid',
    });
    expect(await closeAccount(deps, { accountId: 1, password: PASSWORD, confirmed: false })).toMatchObject({
      outcome: 'invalid',
    });
    expect(await closeAccount(deps, { accountId: 1, password: PASSWORD, confirmed: true })).toEqual({
      outcome: 'closed',
    });
    expect(accounts.get(1)!.closed).toBe(true);
    expect(await logIn(deps, { email: 'z@x.io', password: PASSWORD, ip: 'k' })).toMatchObject({ outcome: 'invalid' });
  });
});

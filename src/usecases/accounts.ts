import { passwordProblem } from '../domain/passwords';
import { z } from '../schema/zod';
import type { AccountRecord, AccountStore, AttemptWindows, Mailer, SessionStore, TokenStore } from './ports/accounts';

/**
 * The account stories of the site: sign up, verify the address, log in, reset, change the password, close.
 * No answer tells whether an address is registered: sign-up and reset mail the address in every case
 * and say the same thing; a failed log-in says "address or password" whichever was wrong; the limits
 * are counted per IP and per address alike, registered or not.
 */
export interface AccountDeps {
  accounts: AccountStore;
  sessions: SessionStore;
  tokens: TokenStore;
  mailer: Mailer;
  windows: AttemptWindows;
  /** Where the site is reached (links in mails), without a trailing slash. */
  siteUrl: string;
  /** SHA-256 hex of a text (addresses are counted in the shared windows by hash, never in plain). */
  digest: (text: string) => string;
  /** Password hashing (domain/passwords.ts: scrypt); `verify` takes as long for a missing hash as for a wrong one. */
  passwords: {
    hash(password: string): Promise<string>;
    verify(password: string, stored: string | null): Promise<boolean>;
  };
}

const HOUR = 3600;
const VERIFY_TTL_MS = 48 * HOUR * 1000;
const RESET_TTL_MS = HOUR * 1000;

/** Attempts per window: [count, seconds]. Generous for people, tight for scripts. */
export const ATTEMPT_LIMITS = {
  logInPerIp: [30, 15 * 60],
  logInPerAddress: [10, 15 * 60],
  signUpPerIp: [10, HOUR],
  mailPerAddress: [3, HOUR],
  mailPerIp: [10, HOUR],
} as const satisfies Record<string, readonly [number, number]>;

const Email = z.email().max(254);

/** The address as accounts keep it: trimmed, lower case; null when it is not an address. */
export function normalEmail(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const email = raw.trim().toLowerCase();
  return Email.safeParse(email).success ? email : null;
}

export type Refusal =
  | { outcome: 'invalid'; field: 'email' | 'password' | 'current'; message: string }
  | { outcome: 'limited'; retryAfterSeconds: number };

/** Takes one slot in each window; the longest wait of those exceeded, or null when all have room. */
async function overLimit(
  deps: Pick<AccountDeps, 'windows'>,
  buckets: { bucket: string; limit: readonly [number, number] }[],
): Promise<Refusal | null> {
  let wait = 0;
  for (const { bucket, limit } of buckets) {
    const [count, seconds] = limit;
    if ((await deps.windows.take(bucket, seconds)) > count) wait = Math.max(wait, seconds);
  }
  return wait > 0 ? { outcome: 'limited', retryAfterSeconds: wait } : null;
}

function link(deps: AccountDeps, path: string, token: string): string {
  return `${deps.siteUrl}${path}?token=${encodeURIComponent(token)}`;
}

async function mailVerification(deps: AccountDeps, accountId: number, email: string): Promise<void> {
  const token = await deps.tokens.issue(accountId, 'verify', VERIFY_TTL_MS);
  await deps.mailer.send({
    to: email,
    subject: 'Verify your address for Fund Data Service',
    text:
      `Open this link to verify your address and get your API key:\n\n${link(deps, '/verify', token)}\n\n` +
      `The link works once, for 48 hours. If you did not sign up, ignore this message: nothing happens without it.\n`,
  });
}

/**
 * Sign-up: a new address gets an account on the free plan (its first key comes with the verification link);
 * an address in use gets a note instead. Either way the answer is "check your mailbox".
 */
export async function signUp(
  deps: AccountDeps,
  input: { email: unknown; password: unknown; ip: string },
): Promise<Refusal | { outcome: 'mailed'; email: string }> {
  const email = normalEmail(input.email);
  if (!email) return { outcome: 'invalid', field: 'email', message: 'Enter an e-mail address, like name@example.com' };
  const password = typeof input.password === 'string' ? input.password : '';
  const problem = passwordProblem(password, email);
  if (problem) return { outcome: 'invalid', field: 'password', message: problem };
  const limited = await overLimit(deps, [
    { bucket: `signup-ip:${input.ip}`, limit: ATTEMPT_LIMITS.signUpPerIp },
    { bucket: `mail-ip:${input.ip}`, limit: ATTEMPT_LIMITS.mailPerIp },
    { bucket: `mail-to:${deps.digest(email)}`, limit: ATTEMPT_LIMITS.mailPerAddress },
  ]);
  if (limited) return limited;
  const created = await deps.accounts.signUp(email, await deps.passwords.hash(password));
  if (created) await mailVerification(deps, created.account.id, email);
  else
    await deps.mailer.send({
      to: email,
      subject: 'Someone tried to sign up with your address',
      text:
        `An account of Fund Data Service already uses this address. If it was you, log in at ${deps.siteUrl}/login, ` +
        `or choose a new password at ${deps.siteUrl}/reset.\nIf it was not you, ignore this message.\n`,
    });
  return { outcome: 'mailed', email };
}

/**
 * The verification link: the address is verified, the browser logged in, and the account's first key
 * created and shown once (a second key when the account already has one made from the dashboard).
 */
export async function verifyAddress(
  deps: AccountDeps,
  token: string,
): Promise<{
  outcome: 'verified';
  accountId: number;
  email: string;
  key: string;
  session: { id: string; csrf: string };
} | null> {
  const accountId = await deps.tokens.consume(token, 'verify');
  if (accountId === null) return null;
  const account = await deps.accounts.byId(accountId);
  if (!account) return null;
  await provenOwner(deps, account);
  const { key } = await deps.accounts.createKey(accountId, 'default');
  const session = await deps.sessions.create(accountId);
  return { outcome: 'verified', accountId, email: account.email, key, session };
}

/**
 * Whoever opened a mailed link owns the address. Until then anyone could have signed up with it and logged in:
 * the keys and sessions made before that moment are not the owner's, so they end.
 */
async function provenOwner(deps: AccountDeps, account: AccountRecord | null): Promise<void> {
  if (!account || account.verifiedAt) return;
  await deps.accounts.revokeAllKeys(account.id);
  await deps.sessions.removeAll(account.id);
  await deps.accounts.markVerified(account.id);
}

/** "Send the link again", from a logged-in page. */
export async function resendVerification(
  deps: AccountDeps,
  accountId: number,
): Promise<Refusal | { outcome: 'sent' | 'already' }> {
  const account = await deps.accounts.byId(accountId);
  if (!account) return { outcome: 'invalid', field: 'email', message: 'No such account' };
  if (account.verifiedAt) return { outcome: 'already' };
  const limited = await overLimit(deps, [
    { bucket: `mail-to:${deps.digest(account.email)}`, limit: ATTEMPT_LIMITS.mailPerAddress },
  ]);
  if (limited) return limited;
  await mailVerification(deps, accountId, account.email);
  return { outcome: 'sent' };
}

/** A logged-in page that asks for the password counts against the address's log-in window: no guessing there. */
function passwordGuesses(deps: AccountDeps, email: string): Promise<Refusal | null> {
  return overLimit(deps, [{ bucket: `login-to:${deps.digest(email)}`, limit: ATTEMPT_LIMITS.logInPerAddress }]);
}

/** Log-in: a new session (a new id whatever the browser held before). */
export async function logIn(
  deps: AccountDeps,
  input: { email: unknown; password: unknown; ip: string },
): Promise<Refusal | { outcome: 'in'; session: { id: string; csrf: string } }> {
  const email = normalEmail(input.email) ?? '';
  const password = typeof input.password === 'string' ? input.password.slice(0, 1024) : '';
  const limited = await overLimit(deps, [
    { bucket: `login-ip:${input.ip}`, limit: ATTEMPT_LIMITS.logInPerIp },
    { bucket: `login-to:${deps.digest(email)}`, limit: ATTEMPT_LIMITS.logInPerAddress },
  ]);
  if (limited) return limited;
  const found = email ? await deps.accounts.byEmail(email) : null;
  // verify hashes once whether or not the account exists: the time taken tells nothing either.
  const ok = await deps.passwords.verify(password, found?.passwordHash ?? null);
  if (!found || !ok) return { outcome: 'invalid', field: 'email', message: 'Wrong e-mail address or password' };
  return { outcome: 'in', session: await deps.sessions.create(found.account.id) };
}

/** "Forgot your password?": a reset link to an address in use, nothing to others, the same answer to both. */
export async function requestReset(
  deps: AccountDeps,
  input: { email: unknown; ip: string },
): Promise<Refusal | { outcome: 'mailed' }> {
  const email = normalEmail(input.email);
  if (!email) return { outcome: 'invalid', field: 'email', message: 'Enter an e-mail address, like name@example.com' };
  const limited = await overLimit(deps, [
    { bucket: `mail-ip:${input.ip}`, limit: ATTEMPT_LIMITS.mailPerIp },
    { bucket: `mail-to:${deps.digest(email)}`, limit: ATTEMPT_LIMITS.mailPerAddress },
  ]);
  if (limited) return limited;
  const found = await deps.accounts.byEmail(email);
  if (found) {
    const token = await deps.tokens.issue(found.account.id, 'reset', RESET_TTL_MS);
    await deps.mailer.send({
      to: email,
      subject: 'Choose a new password for Fund Data Service',
      text:
        `Open this link to choose a new password:\n\n${link(deps, '/reset/password', token)}\n\n` +
        `The link works once, for one hour. If you did not ask for it, ignore this message: your password stays.\n`,
    });
  }
  return { outcome: 'mailed' };
}

/** The reset link's form: a new password, and every session of the account ends (a thief's too). */
export async function resetPassword(
  deps: AccountDeps,
  input: { token: unknown; password: unknown },
): Promise<Refusal | { outcome: 'expired' } | { outcome: 'reset' }> {
  const token = typeof input.token === 'string' ? input.token : '';
  const password = typeof input.password === 'string' ? input.password : '';
  // The password is checked before the token is used up, so a refused password leaves the link working.
  const problem = passwordProblem(password, '');
  if (problem) return { outcome: 'invalid', field: 'password', message: problem };
  const accountId = await deps.tokens.consume(token, 'reset');
  if (accountId === null) return { outcome: 'expired' };
  await provenOwner(deps, await deps.accounts.byId(accountId));
  await deps.accounts.setPassword(accountId, await deps.passwords.hash(password));
  await deps.sessions.removeAll(accountId);
  return { outcome: 'reset' };
}

/** From the account page: the current password, then the new one; the account's other sessions end. */
export async function changePassword(
  deps: AccountDeps,
  input: { accountId: number; sessionId: string; current: unknown; password: unknown },
): Promise<Refusal | { outcome: 'changed' }> {
  const account = await deps.accounts.byId(input.accountId);
  const limited = account ? await passwordGuesses(deps, account.email) : null;
  if (limited) return limited;
  const current = typeof input.current === 'string' ? input.current.slice(0, 1024) : '';
  if (!account || !(await deps.passwords.verify(current, await deps.accounts.passwordHashOf(input.accountId))))
    return { outcome: 'invalid', field: 'current', message: 'The current password is not right' };
  const password = typeof input.password === 'string' ? input.password : '';
  const problem = passwordProblem(password, account.email);
  if (problem) return { outcome: 'invalid', field: 'password', message: problem };
  await deps.accounts.setPassword(input.accountId, await deps.passwords.hash(password));
  await deps.sessions.removeAll(input.accountId, input.sessionId);
  return { outcome: 'changed' };
}

/** What closing an account keeps, as the account page says it. */
export const KEPT_ON_CLOSING =
  'We keep the account number, its plan and its usage (credits per month, calls and credits per day and operation) ' +
  'for billing and accounting, without your e-mail address. Your keys are revoked at once; your sessions, ' +
  'webhook endpoints, saved factsheets and password are deleted.';

/** Closing, confirmed by the password: keys revoked at once, everything else of the account removed. */
export async function closeAccount(
  deps: AccountDeps,
  input: { accountId: number; password: unknown; confirmed: boolean },
): Promise<Refusal | { outcome: 'closed' }> {
  const account = await deps.accounts.byId(input.accountId);
  const limited = account ? await passwordGuesses(deps, account.email) : null;
  if (limited) return limited;
  const password = typeof input.password === 'string' ? input.password.slice(0, 1024) : '';
  if (!(await deps.passwords.verify(password, await deps.accounts.passwordHashOf(input.accountId))))
    return { outcome: 'invalid', field: 'password', message: 'The password is not right' };
  if (!input.confirmed)
    return { outcome: 'invalid', field: 'password', message: 'Tick the box to confirm that your keys stop working' };
  await deps.accounts.close(input.accountId);
  return { outcome: 'closed' };
}

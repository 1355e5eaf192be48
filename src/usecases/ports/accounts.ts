import type { PlanId } from '../../domain/plans';

/** The ports of the account stories: accounts and their keys, sessions, mailed tokens, mail, attempt windows. */

export interface AccountRecord {
  id: number;
  email: string;
  plan: PlanId;
  createdAt: Date;
  /** null until the address is verified through the mailed link. */
  verifiedAt: Date | null;
}

export interface KeyRecord {
  id: string;
  label: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** Calls and credits of one operation on one UTC day. */
export interface UsageRow {
  day: string;
  operation: string;
  calls: number;
  credits: number;
}

export interface AccountStore {
  /** A new, unverified account on the free plan (its first key comes with verification); null when the address is taken. */
  signUp(email: string, passwordHash: string): Promise<{ account: AccountRecord } | null>;
  /** The account that can log in with this address (never a closed one), with its password hash. */
  byEmail(email: string): Promise<{ account: AccountRecord; passwordHash: string | null } | null>;
  byId(id: number): Promise<AccountRecord | null>;
  passwordHashOf(id: number): Promise<string | null>;
  setPassword(id: number, passwordHash: string): Promise<void>;
  markVerified(id: number): Promise<void>;
  /** Revokes every key, removes sessions, webhooks and factsheets, and erases the address; usage rows stay. */
  close(id: number): Promise<void>;
  keys(accountId: number): Promise<KeyRecord[]>;
  createKey(accountId: number, label: string | null): Promise<{ id: string; key: string }>;
  /** False when the account has no such key. */
  revokeKey(accountId: number, id: string): Promise<boolean>;
  revokeAllKeys(accountId: number): Promise<void>;
  /** Credits charged this month (the metering counter) and calls and credits per day and operation. */
  usage(accountId: number, monthStart: Date): Promise<{ used: number; days: UsageRow[] }>;
}

export interface Session {
  accountId: number;
  /** The synchroniser token of the session's forms. */
  csrf: string;
}

export interface SessionStore {
  /** A new session; the id is returned this once (only its hash is kept). */
  create(accountId: number): Promise<{ id: string; csrf: string }>;
  /** The live session (idle and absolute expiry applied), touched; null when unknown or expired. */
  find(id: string): Promise<Session | null>;
  remove(id: string): Promise<void>;
  /** Every session of the account but `keep` (a password change logs out the other browsers). */
  removeAll(accountId: number, keep?: string): Promise<void>;
}

export type TokenPurpose = 'verify' | 'reset';

export interface TokenStore {
  /** A single-use token for the account, valid `ttlMs`; the plaintext is returned this once (only its hash is kept). */
  issue(accountId: number, purpose: TokenPurpose, ttlMs: number): Promise<string>;
  /** The account the token was issued to, marking it used; null when unknown, used, expired or for another purpose. */
  consume(token: string, purpose: TokenPurpose): Promise<number | null>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Fixed windows shared by every API process: the count in the current window after taking one slot. */
export interface AttemptWindows {
  take(bucket: string, windowSeconds: number): Promise<number>;
}

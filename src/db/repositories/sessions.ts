import { createHash, randomBytes } from 'node:crypto';

import type { Pool } from 'pg';

import type { AttemptWindows, Session, SessionStore, TokenPurpose, TokenStore } from '../../usecases/ports/accounts';

/** 256 random bits, URL-safe: session ids, CSRF tokens and mailed tokens. */
function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps instead of a session id or a mailed token. */
function digest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Anything but 43 URL-safe base64 characters cannot be one of ours: refused without a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Server-side sessions in Postgres: the browser holds a random id, the table its SHA-256. A session ends
 * `idleMs` after its last request or `maxMs` after it began, whichever comes first.
 */
export class SessionsRepository implements SessionStore {
  constructor(
    private readonly pool: Pool,
    private readonly limits: { idleMs: number; maxMs: number },
  ) {}

  async create(accountId: number): Promise<{ id: string; csrf: string }> {
    const id = randomToken();
    const csrf = randomToken();
    await this.pool.query('INSERT INTO sessions (id_hash, account_id, csrf_token) VALUES ($1, $2, $3)', [
      digest(id),
      accountId,
      csrf,
    ]);
    return { id, csrf };
  }

  async find(id: string): Promise<Session | null> {
    if (!TOKEN_SHAPE.test(id)) return null;
    // Touching last_seen_at at most once a minute keeps a page view from writing a row each time.
    const { rows } = await this.pool.query<{ account_id: string; csrf_token: string }>(
      `WITH live AS (
         SELECT s.id_hash FROM sessions s JOIN accounts a ON a.id = s.account_id AND a.closed_at IS NULL
          WHERE s.id_hash = $1 AND s.last_seen_at > now() - $2 * interval '1 millisecond'
            AND s.created_at > now() - $3 * interval '1 millisecond'
       )
       UPDATE sessions s SET last_seen_at = CASE WHEN s.last_seen_at < now() - interval '1 minute' THEN now()
                                                 ELSE s.last_seen_at END
         FROM live WHERE s.id_hash = live.id_hash
       RETURNING s.account_id, s.csrf_token`,
      [digest(id), this.limits.idleMs, this.limits.maxMs],
    );
    if (rows.length === 0) {
      // One miss in fifty sweeps: a flood of made-up cookies costs no scan of the table each.
      if (Math.random() < 0.02) await this.sweep();
      return null;
    }
    return { accountId: Number(rows[0].account_id), csrf: rows[0].csrf_token };
  }

  async remove(id: string): Promise<void> {
    if (!TOKEN_SHAPE.test(id)) return;
    await this.pool.query('DELETE FROM sessions WHERE id_hash = $1', [digest(id)]);
  }

  async removeAll(accountId: number, keep?: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE account_id = $1 AND id_hash IS DISTINCT FROM $2', [
      accountId,
      keep ? digest(keep) : null,
    ]);
  }

  /** Expired sessions go now and then when an unknown or ended one is presented: the table holds few dead ones. */
  private async sweep(): Promise<void> {
    await this.pool.query(
      `DELETE FROM sessions WHERE last_seen_at < now() - $1 * interval '1 millisecond'
          OR created_at < now() - $2 * interval '1 millisecond'`,
      [this.limits.idleMs, this.limits.maxMs],
    );
  }
}

/** Single-use mailed tokens (address verification, password reset), kept as hashes. */
export class AccountTokensRepository implements TokenStore {
  constructor(private readonly pool: Pool) {}

  async issue(accountId: number, purpose: TokenPurpose, ttlMs: number): Promise<string> {
    const token = randomToken();
    await this.pool.query(
      `INSERT INTO account_tokens (token_hash, account_id, purpose, expires_at)
       VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`,
      [digest(token), accountId, purpose, ttlMs],
    );
    return token;
  }

  async consume(token: string, purpose: TokenPurpose): Promise<number | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const { rows } = await this.pool.query<{ account_id: string }>(
      `UPDATE account_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING account_id`,
      [digest(token), purpose],
    );
    if (rows.length === 0) return null;
    // One reset link works once: the account's other links of the same purpose stop working with it.
    await this.pool.query(
      'UPDATE account_tokens SET used_at = now() WHERE account_id = $1 AND purpose = $2 AND used_at IS NULL',
      [rows[0].account_id, purpose],
    );
    return Number(rows[0].account_id);
  }
}

/** Fixed windows of any length in the shared rate_windows table (take_window_slot in the migrations). */
export class AttemptWindowsRepository implements AttemptWindows {
  constructor(private readonly pool: Pool) {}

  async take(bucket: string, windowSeconds: number): Promise<number> {
    const { rows } = await this.pool.query<{ count: number }>(
      'SELECT take_window_slot($1, clock_timestamp(), $2) AS count',
      [bucket, windowSeconds],
    );
    return rows[0].count;
  }
}

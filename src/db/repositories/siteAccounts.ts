import type { Pool } from 'pg';

import { generateApiKey } from '../../domain/apiKeys';
import type { PlanId } from '../../domain/plans';
import type { AccountRecord, AccountStore, KeyRecord, UsageRow } from '../../usecases/ports/accounts';
import { withTransaction } from '../postgres';
import { revokeAccountKeys } from './accounts';

interface AccountRow {
  id: string;
  email: string;
  plan_id: PlanId;
  created_at: Date;
  verified_at: Date | null;
}

const ACCOUNT_COLUMNS = 'id, email, plan_id, created_at, verified_at';

function accountOf(row: AccountRow): AccountRecord {
  return {
    id: Number(row.id),
    email: row.email,
    plan: row.plan_id,
    createdAt: row.created_at,
    verifiedAt: row.verified_at,
  };
}

/** Accounts as the site sees them: sign-up, passwords, verification, keys, usage, closing. */
export class SiteAccountsRepository implements AccountStore {
  constructor(private readonly pool: Pool) {}

  async signUp(email: string, passwordHash: string): Promise<{ account: AccountRecord } | null> {
    const { rows } = await this.pool.query<AccountRow>(
      `INSERT INTO accounts (email, plan_id, password_hash) VALUES ($1, 'free', $2)
       ON CONFLICT (email) DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
      [email, passwordHash],
    );
    return rows[0] ? { account: accountOf(rows[0]) } : null;
  }

  async byEmail(email: string): Promise<{ account: AccountRecord; passwordHash: string | null } | null> {
    const { rows } = await this.pool.query<AccountRow & { password_hash: string | null }>(
      `SELECT ${ACCOUNT_COLUMNS}, password_hash FROM accounts WHERE email = $1 AND closed_at IS NULL`,
      [email],
    );
    return rows[0] ? { account: accountOf(rows[0]), passwordHash: rows[0].password_hash } : null;
  }

  async byId(id: number): Promise<AccountRecord | null> {
    const { rows } = await this.pool.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1 AND closed_at IS NULL`,
      [id],
    );
    return rows[0] ? accountOf(rows[0]) : null;
  }

  async passwordHashOf(id: number): Promise<string | null> {
    const { rows } = await this.pool.query<{ password_hash: string | null }>(
      'SELECT password_hash FROM accounts WHERE id = $1 AND closed_at IS NULL',
      [id],
    );
    return rows[0]?.password_hash ?? null;
  }

  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.pool.query('UPDATE accounts SET password_hash = $2 WHERE id = $1 AND closed_at IS NULL', [
      id,
      passwordHash,
    ]);
  }

  async markVerified(id: number): Promise<void> {
    await this.pool.query('UPDATE accounts SET verified_at = coalesce(verified_at, now()) WHERE id = $1', [id]);
  }

  /**
   * Keys revoked (kept as hashes, so a leaked one answers revoked_api_key rather than invalid_api_key), sessions,
   * mailed tokens, webhook endpoints (and their deliveries) and factsheets removed, the address erased; the account
   * row (id and plan) and its usage rows stay for billing.
   */
  async close(id: number): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      await revokeAccountKeys(client, id);
      await client.query('UPDATE api_keys SET label = NULL WHERE account_id = $1', [id]);
      for (const table of ['sessions', 'account_tokens', 'webhook_endpoints', 'factsheets'])
        await client.query(`DELETE FROM ${table} WHERE account_id = $1`, [id]);
      await client.query(
        `UPDATE accounts SET email = 'closed-' || id || '@closed.invalid', password_hash = NULL, closed_at = now()
          WHERE id = $1`,
        [id],
      );
    });
  }

  async keys(accountId: number): Promise<KeyRecord[]> {
    const { rows } = await this.pool.query<{
      id: string;
      label: string | null;
      created_at: Date;
      last_used_at: Date | null;
      revoked_at: Date | null;
    }>(
      `SELECT id, label, created_at, last_used_at, revoked_at FROM api_keys WHERE account_id = $1
        ORDER BY revoked_at IS NOT NULL, created_at DESC, id`,
      [accountId],
    );
    return rows.map((r) => ({
      id: r.id,
      label: r.label,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
      revokedAt: r.revoked_at,
    }));
  }

  async createKey(accountId: number, label: string | null): Promise<{ id: string; key: string }> {
    const k = generateApiKey();
    await this.pool.query('INSERT INTO api_keys (id, account_id, secret_hash, label) VALUES ($1, $2, $3, $4)', [
      k.id,
      accountId,
      k.hash,
      label,
    ]);
    return { id: k.id, key: k.key };
  }

  async revokeKey(accountId: number, id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 AND account_id = $2',
      [id, accountId],
    );
    return rowCount === 1;
  }

  async revokeAllKeys(accountId: number): Promise<void> {
    await revokeAccountKeys(this.pool, accountId);
  }

  async usage(accountId: number, monthStart: Date): Promise<{ used: number; days: UsageRow[] }> {
    const month = monthStart.toISOString().slice(0, 10);
    const [used, days] = await Promise.all([
      this.pool.query<{ used: number }>('SELECT used FROM usage_months WHERE account_id = $1 AND month_start = $2', [
        accountId,
        month,
      ]),
      this.pool.query<{ day: string; operation: string; calls: number; credits: number }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, operation, calls, credits FROM usage_days
          WHERE account_id = $1 AND day >= $2::date AND day < ($2::date + interval '1 month')
          ORDER BY day, operation`,
        [accountId, month],
      ),
    ]);
    return { used: used.rows[0]?.used ?? 0, days: days.rows };
  }
}

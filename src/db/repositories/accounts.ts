import type { Pool, PoolClient } from 'pg';

import { apiKeyId, generateApiKey, hashApiKey } from '../../domain/apiKeys';
import type { PlanId } from '../../domain/plans';
import { withTransaction } from '../postgres';

export interface StoredKey {
  id: string;
  accountId: number;
  secretHash: Buffer;
  /** May file documents into the universe (POST/GET/DELETE /documents). */
  operator: boolean;
}

export interface KeyListing {
  id: string;
  email: string;
  plan: PlanId;
  label: string | null;
  operator: boolean;
  createdAt: string;
  revokedAt: string | null;
}

/** An unverified account's password, sessions and keys, which whoever signed up with the address holds. */
async function endUnprovenAccess(client: PoolClient, accountId: number): Promise<void> {
  await client.query('UPDATE accounts SET password_hash = NULL WHERE id = $1', [accountId]);
  await client.query('DELETE FROM sessions WHERE account_id = $1', [accountId]);
  await revokeAccountKeys(client, accountId);
}

/** Revokes every live key of the account (closing it, proving its owner, an operator vouching for the address). */
export async function revokeAccountKeys(db: Pool | PoolClient, accountId: number): Promise<void> {
  await db.query('UPDATE api_keys SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL', [accountId]);
}

/** Accounts and their API keys (the operator's side: npm run keys). */
export class AccountsRepository {
  constructor(private readonly pool: Pool) {}

  /** Creates the account when missing (keeping its plan when it exists unless `plan` differs) and a new key. */
  async createKey(
    email: string,
    plan: PlanId,
    label: string | null = null,
    options: { operator?: boolean } = {},
  ): Promise<{ key: string; email: string; plan: PlanId; operator: boolean }> {
    return withTransaction(this.pool, async (client) => {
      // An operator vouches for the address: the account is verified from now on. One signed up on the site and never
      // verified may have been made by anyone with the address: its password, sessions and keys end here.
      const before = await client.query<{ id: number }>(
        'SELECT id FROM accounts WHERE email = $1 AND verified_at IS NULL AND closed_at IS NULL FOR UPDATE',
        [email],
      );
      if (before.rows[0]) await endUnprovenAccess(client, before.rows[0].id);
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO accounts (email, plan_id, verified_at) VALUES ($1, $2, now())
         ON CONFLICT (email) DO UPDATE SET plan_id = excluded.plan_id,
           verified_at = coalesce(accounts.verified_at, now()) RETURNING id`,
        [email, plan],
      );
      const k = generateApiKey();
      const operator = options.operator ?? false;
      await client.query(
        'INSERT INTO api_keys (id, account_id, secret_hash, label, operator) VALUES ($1, $2, $3, $4, $5)',
        [k.id, rows[0].id, k.hash, label, operator],
      );
      return { key: k.key, email, plan, operator };
    });
  }

  /** Revokes the demo account's earlier keys and issues a fresh one (npm start prints it). */
  async rotateDemoKey(email: string, plan: PlanId): Promise<{ key: string }> {
    await this.pool.query(
      `UPDATE api_keys SET revoked_at = now() WHERE revoked_at IS NULL AND label = 'demo'
         AND account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [email],
    );
    return this.createKey(email, plan, 'demo');
  }

  /** True when `key` (the whole plaintext key) exists, is not revoked and belongs to the account `email`. */
  async isActiveKeyOf(key: string, email: string): Promise<boolean> {
    const id = apiKeyId(key);
    if (!id) return false;
    const { rowCount } = await this.pool.query(
      `SELECT 1 FROM api_keys k JOIN accounts a ON a.id = k.account_id
        WHERE k.id = $1 AND k.secret_hash = $2 AND k.revoked_at IS NULL AND a.email = $3`,
      [id, hashApiKey(key), email],
    );
    return rowCount === 1;
  }

  async findKey(id: string): Promise<StoredKey | null> {
    const { rows } = await this.pool.query<{ id: string; account_id: number; secret_hash: Buffer; operator: boolean }>(
      'SELECT id, account_id, secret_hash, operator FROM api_keys WHERE id = $1',
      [id],
    );
    const row = rows[0];
    return row ? { id: row.id, accountId: row.account_id, secretHash: row.secret_hash, operator: row.operator } : null;
  }

  /** The plan of the key's account; null when the key is unknown or revoked. */
  async planOfKey(keyId: string): Promise<PlanId | null> {
    const { rows } = await this.pool.query<{ plan_id: PlanId }>(
      'SELECT a.plan_id FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.id = $1 AND k.revoked_at IS NULL',
      [keyId],
    );
    return rows[0]?.plan_id ?? null;
  }

  /** Returns false when there is no such key; revoking twice keeps the first time. */
  async revokeKey(id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1',
      [id],
    );
    return rowCount === 1;
  }

  async setPlan(email: string, plan: PlanId): Promise<boolean> {
    const { rowCount } = await this.pool.query('UPDATE accounts SET plan_id = $2 WHERE email = $1', [email, plan]);
    return rowCount === 1;
  }

  async listKeys(): Promise<KeyListing[]> {
    const { rows } = await this.pool.query<{
      id: string;
      email: string;
      plan: PlanId;
      label: string | null;
      operator: boolean;
      created_at: Date;
      revoked_at: Date | null;
    }>(
      `SELECT k.id, a.email, a.plan_id AS plan, k.label, k.operator, k.created_at, k.revoked_at
         FROM api_keys k JOIN accounts a ON a.id = k.account_id ORDER BY k.created_at, k.id`,
    );
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      plan: r.plan,
      label: r.label,
      operator: r.operator,
      createdAt: r.created_at.toISOString(),
      revokedAt: r.revoked_at ? r.revoked_at.toISOString() : null,
    }));
  }
}

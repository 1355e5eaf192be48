import type { Pool } from 'pg';
import { isPlanId, type PlanId } from '../../domain/plans';

export type MeterStatus = 'ok' | 'unknown' | 'revoked' | 'burst' | 'refused';

export interface MeterResult {
  status: MeterStatus;
  accountId: number | null;
  email: string | null;
  plan: PlanId | null;
  used: number;
  burstCount: number;
}

/** Credits and bursts live in Postgres so every API process shares them (see meter_request in the migrations). */
export class MeteringRepository {
  constructor(private readonly pool: Pool) {}

  /** Takes a burst slot and charges `cost` credits in one atomic round trip. `now` is for tests; the database clock is used otherwise. */
  async meter(keyId: string, cost: number, now: Date | null = null): Promise<MeterResult> {
    const { rows } = await this.pool.query('SELECT * FROM meter_request($1, $2, $3)', [keyId, cost, now]);
    const r = rows[0];
    return {
      status: r.status,
      accountId: r.account_id,
      email: r.email,
      plan: isPlanId(r.plan_id) ? r.plan_id : null,
      used: r.used ?? 0,
      burstCount: r.burst_count ?? 0,
    };
  }

  /** Counts a request against a shared one-minute window (the demo endpoint's per-IP limit). */
  async takeRateSlot(bucket: string, now: Date | null = null): Promise<number> {
    const { rows } = await this.pool.query<{ count: number }>('SELECT take_rate_slot($1, coalesce($2, clock_timestamp())) AS count', [bucket, now]);
    return rows[0].count;
  }

  async isRevoked(keyId: string): Promise<boolean> {
    const { rows } = await this.pool.query('SELECT revoked_at IS NOT NULL AS revoked FROM api_keys WHERE id = $1', [keyId]);
    return rows[0]?.revoked ?? true;
  }

  async usage(accountId: number, monthStart: Date): Promise<number> {
    const { rows } = await this.pool.query<{ used: number }>(
      'SELECT used FROM usage_months WHERE account_id = $1 AND month_start = $2::date',
      [accountId, monthStart.toISOString().slice(0, 10)],
    );
    return rows[0]?.used ?? 0;
  }
}

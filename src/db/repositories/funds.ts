import type { Pool } from 'pg';
import type { FundData } from '../../schema/fund';

import type { StoredFund } from '../../usecases/ports';

export type { StoredFund };

export class FundsRepository {
  constructor(private readonly pool: Pool) {}

  async get(isin: string): Promise<StoredFund | null> {
    const { rows } = await this.pool.query(
      'SELECT isin, name, payload::text AS payload_json, generated_at, expires_at FROM funds WHERE isin = $1',
      [isin],
    );
    const r = rows[0];
    return r ? { isin: r.isin, name: r.name, payload: Buffer.from(r.payload_json, 'utf8'), generatedAt: r.generated_at, expiresAt: r.expires_at } : null;
  }

  async upsert(isin: string, name: string | null, data: FundData, generatedAt: Date, expiresAt: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO funds (isin, name, payload, generated_at, expires_at, data_as_of) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (isin) DO UPDATE SET name = $2, payload = $3, generated_at = $4, expires_at = $5, data_as_of = $6`,
      [isin, name, JSON.stringify(data), generatedAt, expiresAt, data.dataAsOf],
    );
  }

  /** True when a payload generated at or after `since` is stored (a concurrent load already did the work). */
  async hasPayloadSince(isin: string, since: Date): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM funds WHERE isin = $1 AND generated_at >= $2', [isin, since]);
    return rowCount === 1;
  }
}

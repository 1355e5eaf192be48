import type { Pool } from 'pg';

export interface KeyIdRow {
  id: string;
  createdAt: Date;
}

/** The ids of API keys (never secrets), for the API's in-memory directory of keys that exist. */
export class ApiKeyIdsRepository {
  constructor(private readonly pool: Pool) {}

  /** Every key id created at or after `since` (all of them when null). */
  async createdSince(since: Date | null): Promise<KeyIdRow[]> {
    const { rows } =
      since === null
        ? await this.pool.query<{ id: string; created_at: Date }>('SELECT id, created_at FROM api_keys')
        : await this.pool.query<{ id: string; created_at: Date }>(
            'SELECT id, created_at FROM api_keys WHERE created_at >= $1',
            [since],
          );
    return rows.map((r) => ({ id: r.id, createdAt: r.created_at }));
  }
}

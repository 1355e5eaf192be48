import type { Pool } from 'pg';

import { changesBetween } from '../../domain/changes';
import { fundSummary } from '../../domain/fundSummary';
import type { FundSummary } from '../../domain/holdings';
import type { FundData } from '../../schema/fund';
import type { StoredFund, StoredSummary } from '../../usecases/ports/funds';
import { withTransaction } from '../postgres';

export type { StoredFund, StoredSummary };

interface FundRow {
  isin: string;
  name: string | null;
  payload_json: string;
  generated_at: Date;
  expires_at: Date;
}

const FUND_COLUMNS = 'isin, name, payload::text AS payload_json, generated_at, expires_at';

export class FundsRepository {
  constructor(private readonly pool: Pool) {}

  async get(isin: string): Promise<StoredFund | null> {
    const { rows } = await this.pool.query<FundRow>(`SELECT ${FUND_COLUMNS} FROM funds WHERE isin = $1`, [isin]);
    return rows[0] ? storedFund(rows[0]) : null;
  }

  /** Stored payloads of the ISINs that have one, in one query. */
  async getMany(isins: readonly string[]): Promise<Map<string, StoredFund>> {
    const { rows } = await this.pool.query<FundRow>(`SELECT ${FUND_COLUMNS} FROM funds WHERE isin = ANY($1::text[])`, [
      [...new Set(isins)],
    ]);
    return new Map(rows.map((r) => [r.isin, storedFund(r)]));
  }

  /**
   * The aggregation summaries of the ISINs that have a payload. A payload stored before summaries
   * existed has none: it is computed from the payload (without holdings) until its next refresh.
   */
  async summaries(isins: readonly string[]): Promise<Map<string, StoredSummary>> {
    const { rows } = await this.pool.query<{
      isin: string;
      name: string | null;
      generated_at: Date;
      expires_at: Date;
      summary: FundSummary | null;
      payload_json: string | null;
    }>(
      `SELECT isin, name, generated_at, expires_at, summary, CASE WHEN summary IS NULL THEN payload::text END AS payload_json
         FROM funds WHERE isin = ANY($1::text[])`,
      [[...new Set(isins)]],
    );
    return new Map(
      rows.map((r) => [
        r.isin,
        {
          isin: r.isin,
          name: r.name,
          generatedAt: r.generated_at,
          expiresAt: r.expires_at,
          summary: r.summary ?? fundSummary(JSON.parse(r.payload_json!) as FundData, null),
        },
      ]),
    );
  }

  /**
   * Name and timestamps of the ISINs that have a payload: enough to tell whether a kept summary is still the stored
   * one.
   */
  async stamps(isins: readonly string[]): Promise<Map<string, Omit<StoredSummary, 'summary'>>> {
    const { rows } = await this.pool.query<{ isin: string; name: string | null; generated_at: Date; expires_at: Date }>(
      'SELECT isin, name, generated_at, expires_at FROM funds WHERE isin = ANY($1::text[])',
      [[...new Set(isins)]],
    );
    return new Map(
      rows.map((r) => [r.isin, { isin: r.isin, name: r.name, generatedAt: r.generated_at, expiresAt: r.expires_at }]),
    );
  }

  /**
   * Stores the payload (replacing the previous one) with its summary and, in the same transaction, the
   * changes from the payload it replaces as outbox rows: the two cannot diverge. A remembered
   * not_found no longer applies. Returns the number of change rows written.
   */
  async save(
    isin: string,
    name: string | null,
    data: FundData,
    generatedAt: Date,
    expiresAt: Date,
    summary: FundSummary,
  ): Promise<number> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ payload: FundData }>(
        'SELECT payload FROM funds WHERE isin = $1 FOR UPDATE',
        [isin],
      );
      await client.query(
        `WITH cleared AS (DELETE FROM fund_misses WHERE isin = $1)
         INSERT INTO funds (isin, name, payload, generated_at, expires_at, data_as_of, summary) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (isin) DO UPDATE SET name = $2, payload = $3, generated_at = $4, expires_at = $5, data_as_of = $6, summary = $7`,
        [isin, name, JSON.stringify(data), generatedAt, expiresAt, data.dataAsOf, JSON.stringify(summary)],
      );
      const changes = changesBetween(rows[0]?.payload ?? null, data);
      if (changes.length > 0) {
        await client.query(
          `INSERT INTO change_outbox (isin, name, event, field, old, new, data_as_of, generated_at)
           SELECT $1, $2, c.event, c.field, c.old, c.new, $3, $4 FROM unnest($5::text[], $6::text[], $7::text[], $8::text[]) AS c(event, field, old, new)`,
          [
            isin,
            name,
            data.dataAsOf,
            generatedAt,
            changes.map((c) => c.event),
            changes.map((c) => c.field),
            changes.map((c) => c.old),
            changes.map((c) => c.new),
          ],
        );
      }
      return changes.length;
    });
  }

  /** True when a payload generated at or after `since` is stored (a concurrent load already did the work). */
  async hasPayloadSince(isin: string, since: Date): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM funds WHERE isin = $1 AND generated_at >= $2', [
      isin,
      since,
    ]);
    return rowCount === 1;
  }

  /**
   * Up to `limit` ISINs, in ISIN order after `after`, whose payload was generated before `cutoff` (the universe
   * refresh's pages).
   */
  async staleAfter(after: string | null, cutoff: Date, limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ isin: string }>(
      'SELECT isin FROM funds WHERE isin > $1 AND generated_at < $2 ORDER BY isin LIMIT $3',
      [after ?? '', cutoff, limit],
    );
    return rows.map((r) => r.isin);
  }

  /** Remembers that a load found no public data for the ISIN, until `expiresAt`. */
  async recordMiss(isin: string, checkedAt: Date, expiresAt: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO fund_misses (isin, checked_at, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (isin) DO UPDATE SET checked_at = $2, expires_at = $3`,
      [isin, checkedAt, expiresAt],
    );
  }

  /** Forgets the remembered not_found outcomes of these ISINs: a document for them has arrived. */
  async forgetMisses(isins: readonly string[]): Promise<number> {
    if (isins.length === 0) return 0;
    const { rowCount } = await this.pool.query('DELETE FROM fund_misses WHERE isin = ANY($1::text[])', [
      [...new Set(isins)],
    ]);
    return rowCount ?? 0;
  }

  /**
   * Drops the stored payloads of funds whose last documents were removed from the universe (their reload
   * found nothing): they answer 404 from now on, as a fund never known does.
   */
  async forgetFunds(isins: readonly string[]): Promise<number> {
    if (isins.length === 0) return 0;
    const { rowCount } = await this.pool.query('DELETE FROM funds WHERE isin = ANY($1::text[])', [[...new Set(isins)]]);
    return rowCount ?? 0;
  }

  /** Of these ISINs, those whose not_found outcome is remembered and not yet expired. */
  async knownMissing(isins: readonly string[], now: Date): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ isin: string }>(
      'SELECT isin FROM fund_misses WHERE isin = ANY($1::text[]) AND expires_at > $2',
      [[...new Set(isins)], now],
    );
    return new Set(rows.map((r) => r.isin));
  }
}

function storedFund(r: FundRow): StoredFund {
  return {
    isin: r.isin,
    name: r.name,
    payload: Buffer.from(r.payload_json, 'utf8'),
    generatedAt: r.generated_at,
    expiresAt: r.expires_at,
  };
}

import type { Pool } from 'pg';

import { scpiChangesBetween } from '../../domain/scpiChanges';
import { SCPI_CATEGORIES, type ScpiCategory, type ScpiData } from '../../schema/scpi';
import type { ScpiMatch, ScpiStore, StoredScpi } from '../../usecases/ports/scpi';
import { withTransaction } from '../postgres';

export type { ScpiMatch, StoredScpi };

/** One SCPI of the library as the worker identified it from its documents (loaded or not). */
export interface ScpiIdentity {
  slug: string;
  isin: string | null;
  name: string;
  managementCompany: string | null;
  category: string | null;
  capitalType: string | null;
}

interface StoredRow {
  slug: string;
  isin: string | null;
  name: string;
  payload_json: string;
  generated_at: Date;
  expires_at: Date;
}

/**
 * The SCPI universe (scpi_universe: every SCPI folder of the library, identified by the worker) and the
 * loaded payloads (scpi), with their change rows written to the one change outbox in the same
 * transaction as the payload, as funds do.
 */
export class ScpiRepository implements ScpiStore {
  constructor(private readonly pool: Pool) {}

  /** The slug of an SCPI known by its slug, its ISIN or its name (accent- and case-insensitive). */
  async resolve(idOrIsin: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ slug: string }>(
      `SELECT slug FROM scpi_universe
        WHERE slug = $1 OR isin = upper($1) OR fund_search_norm(name) = fund_search_norm($1)
           OR fund_search_norm(regexp_replace(name, '^SCPI\\s+', '', 'i')) = fund_search_norm($1)
        ORDER BY (slug = $1) DESC, (isin = upper($1)) DESC LIMIT 1`,
      [idOrIsin],
    );
    return rows[0]?.slug ?? null;
  }

  async get(slug: string): Promise<StoredScpi | null> {
    const { rows } = await this.pool.query<StoredRow>(
      'SELECT slug, isin, name, payload::text AS payload_json, generated_at, expires_at FROM scpi WHERE slug = $1',
      [slug],
    );
    const r = rows[0];
    return r
      ? {
          slug: r.slug,
          isin: r.isin,
          name: r.name,
          payload: Buffer.from(r.payload_json, 'utf8'),
          generatedAt: r.generated_at,
          expiresAt: r.expires_at,
        }
      : null;
  }

  /** True when a payload generated at or after `since` is stored (a concurrent load already did the work). */
  async hasPayloadSince(slug: string, since: Date): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM scpi WHERE slug = $1 AND generated_at >= $2', [
      slug,
      since,
    ]);
    return rowCount === 1;
  }

  /**
   * Stores the payload and, in the same transaction, its changes from the payload it replaces as change
   * rows (under the SCPI's ISIN, or its slug when it has none). Returns the number of change rows.
   */
  async save(identity: ScpiIdentity, data: ScpiData, generatedAt: Date, expiresAt: Date): Promise<number> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ payload: ScpiData }>(
        'SELECT payload FROM scpi WHERE slug = $1 FOR UPDATE',
        [identity.slug],
      );
      await client.query(
        `INSERT INTO scpi (slug, isin, name, payload, generated_at, expires_at, data_as_of) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (slug) DO UPDATE SET isin = $2, name = $3, payload = $4, generated_at = $5, expires_at = $6, data_as_of = $7`,
        [identity.slug, identity.isin, identity.name, JSON.stringify(data), generatedAt, expiresAt, data.dataAsOf],
      );
      await upsertIdentity(client, identity);
      const changes = scpiChangesBetween(rows[0]?.payload ?? null, data);
      if (changes.length > 0) {
        await client.query(
          `INSERT INTO change_outbox (isin, name, event, field, old, new, data_as_of, generated_at)
           SELECT $1, $2, c.event, c.field, c.old, c.new, $3, $4 FROM unnest($5::text[], $6::text[], $7::text[], $8::text[]) AS c(event, field, old, new)`,
          [
            identity.isin ?? identity.slug,
            identity.name,
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

  /** Forgets an SCPI left without any document (its last filed one removed): 404 from then on. */
  async forget(slug: string): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      await client.query('DELETE FROM scpi WHERE slug = $1', [slug]);
      await client.query('DELETE FROM scpi_universe WHERE slug = $1', [slug]);
    });
  }

  /** Replaces the universe with the SCPI the library holds now (a folder that went away leaves it). */
  async replaceUniverse(identities: readonly ScpiIdentity[]): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      for (const identity of identities) await upsertIdentity(client, identity);
      await client.query('DELETE FROM scpi_universe WHERE NOT (slug = ANY($1::text[]))', [
        identities.map((i) => i.slug),
      ]);
    });
  }

  /** Up to `limit` slugs after `after` whose payload was generated before `cutoff` (the universe refresh's pages). */
  async staleAfter(after: string | null, cutoff: Date, limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ slug: string }>(
      'SELECT slug FROM scpi WHERE slug > $1 AND generated_at < $2 ORDER BY slug LIMIT $3',
      [after ?? '', cutoff, limit],
    );
    return rows.map((r) => r.slug);
  }

  /** The universe by name, management company (words anywhere, accent- and case-insensitive) or ISIN prefix. */
  async search(query: string, limit: number): Promise<ScpiMatch[]> {
    const { rows } = await this.pool.query<MatchRow>(
      `SELECT u.slug, u.isin, u.name, u.management_company, u.category, u.capital_type, s.slug IS NOT NULL AS loaded,
              (s.payload #>> '{keyFacts,sharePriceEur}')::float8 AS share_price,
              (SELECT (e->>'value')::float8 FROM jsonb_array_elements(s.payload #> '{performance,distributionRateByYear}') e ORDER BY e->>'year' DESC LIMIT 1) AS distribution_rate,
              (s.payload #>> '{portfolio,financialOccupancyRatePct}')::float8 AS tof,
              s.data_as_of
         FROM scpi_universe u LEFT JOIN scpi s ON s.slug = u.slug
        WHERE fund_search_norm(u.name) LIKE '%' || fund_search_norm($1) || '%'
           OR fund_search_norm(u.management_company) LIKE '%' || fund_search_norm($1) || '%'
           OR u.isin LIKE upper($1) || '%'
           OR u.slug LIKE fund_search_norm($1) || '%'
        ORDER BY (u.isin LIKE upper($1) || '%') DESC, (fund_search_norm(u.name) LIKE fund_search_norm($1) || '%') DESC, u.name
        LIMIT $2`,
      [query.replace(/[%_\\]/g, ''), limit],
    );
    return rows.map((r) => ({
      slug: r.slug,
      isin: r.isin,
      name: r.name,
      managementCompany: r.management_company,
      category: (SCPI_CATEGORIES as readonly string[]).includes(r.category ?? '') ? (r.category as ScpiCategory) : null,
      capitalType: r.capital_type === 'fixe' || r.capital_type === 'variable' ? r.capital_type : null,
      loaded: r.loaded,
      sharePriceEur: r.share_price,
      distributionRatePct: r.distribution_rate,
      financialOccupancyRatePct: r.tof,
      dataAsOf: r.data_as_of,
    }));
  }
}

interface MatchRow {
  slug: string;
  isin: string | null;
  name: string;
  management_company: string | null;
  category: string | null;
  capital_type: string | null;
  loaded: boolean;
  share_price: number | null;
  distribution_rate: number | null;
  tof: number | null;
  data_as_of: string | null;
}

async function upsertIdentity(client: { query: Pool['query'] }, i: ScpiIdentity): Promise<void> {
  await client.query(
    `INSERT INTO scpi_universe (slug, isin, name, management_company, category, capital_type, identified_at) VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (slug) DO UPDATE SET isin = $2, name = $3, management_company = $4, category = $5, capital_type = $6, identified_at = now()`,
    [i.slug, i.isin, i.name, i.managementCompany, i.category, i.capitalType],
  );
}

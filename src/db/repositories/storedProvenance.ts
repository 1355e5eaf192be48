import type { Pool } from 'pg';

import type { DocumentMention, FundProvenance } from '../../domain/derivedData';
import type { DocumentKind } from '../../domain/documents';
import type { HoldingsStamp } from '../../domain/holdings';
import type { FieldSource } from '../../schema/fund';
import type { ProvenanceStore, StoredDocumentBytes } from '../../usecases/ports/derived';

/** The kinds of filed document ClickHouse rows are read from. */
const DERIVED_KINDS: DocumentKind[] = ['holdings', 'tpt', 'nav'];

/** Bytes stored as an upload, before anyone knew what they were: the filing knows their type. */
const UNTYPED = 'application/octet-stream';

/**
 * What Postgres says of each stored fund's documents, for a rebuild of ClickHouse (`npm run rebuild:clickhouse`):
 * the payload's provenance, the summary's holdings stamp and the filed documents covering the fund; and the
 * documents' bytes.
 */
export class StoredProvenanceRepository implements ProvenanceStore {
  constructor(private readonly pool: Pool) {}

  async page(after: string | null, limit: number): Promise<FundProvenance[]> {
    const { rows } = await this.pool.query<{
      isin: string;
      generated_at: Date;
      sources: Record<string, FieldSource> | null;
      holdings: HoldingsStamp | null;
    }>(
      `SELECT isin, generated_at, payload->'sources' AS sources, summary->'holdings' AS holdings
         FROM funds WHERE isin > $1 ORDER BY isin LIMIT $2`,
      [after ?? '', limit],
    );
    const filed = await this.filedFor(rows.map((r) => r.isin));
    return rows.map((r) => ({
      isin: r.isin,
      generatedAt: r.generated_at.toISOString(),
      sources: r.sources ?? {},
      holdings: r.holdings ?? null,
      filed: filed.get(r.isin) ?? [],
    }));
  }

  async count(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM funds');
    return rows[0].n;
  }

  async document(sha256: string): Promise<StoredDocumentBytes | null> {
    const { rows } = await this.pool.query<{ media_type: string; content: Buffer }>(
      `SELECT CASE WHEN d.media_type = $2 THEN coalesce(f.media_type, d.media_type) ELSE d.media_type END AS media_type,
              d.content
         FROM documents d LEFT JOIN filed_documents f ON f.sha256 = d.sha256
        WHERE d.sha256 = $1`,
      [sha256, UNTYPED],
    );
    return rows[0] ? { mediaType: rows[0].media_type, content: rows[0].content } : null;
  }

  /** The filed NAV and holdings documents of these funds, newest first (the order a load reads them in). */
  private async filedFor(isins: string[]): Promise<Map<string, DocumentMention[]>> {
    const found = new Map<string, DocumentMention[]>();
    if (isins.length === 0) return found;
    const { rows } = await this.pool.query<{
      isin: string;
      sha256: string;
      kind: DocumentKind;
      media_type: string;
      file_name: string;
      filed_at: Date;
    }>(
      `SELECT i.isin, f.sha256, f.kind, f.media_type, f.file_name, f.filed_at
         FROM filed_documents f CROSS JOIN LATERAL unnest(f.isins) AS i(isin)
        WHERE f.isins && $1::text[] AND i.isin = ANY($1::text[]) AND f.kind = ANY($2::text[])
        ORDER BY f.filed_at DESC, f.sha256`,
      [isins, DERIVED_KINDS],
    );
    for (const r of rows) {
      const list = found.get(r.isin) ?? [];
      list.push({
        sha256: r.sha256,
        kind: r.kind,
        origin: `filed:${r.file_name}`,
        mediaType: r.media_type,
        retrievedAt: r.filed_at.toISOString(),
        recipe: null,
      });
      found.set(r.isin, list);
    }
    return found;
  }
}

import type { Pool } from 'pg';

import type { DocumentHistory } from '../../usecases/ports/retention';
import { withTransaction } from '../postgres';

/**
 * The documents' side of the storage retention (usecases/retainStorage.ts): what every stored payload, filed document
 * and issuer recipe's copy names is gathered once, in one transaction, then the other documents not stored since the
 * cut-off go (a load storing a document again marks it: migration 1700000000017), with the source reads before it.
 */
export class DocumentHistoryRepository implements DocumentHistory {
  constructor(private readonly pool: Pool) {}

  async pruneBefore(before: Date): Promise<{ documents: number; bytes: number; sourceReads: number }> {
    return withTransaction(this.pool, async (client) => {
      await client.query(NAMED_DOCUMENTS);
      const { rows } = await client.query<{ documents: number; bytes: string }>(
        `WITH gone AS (
           DELETE FROM documents d
            WHERE d.stored_at < $1 AND NOT EXISTS (SELECT 1 FROM named_documents n WHERE n.sha256 = d.sha256)
           RETURNING d.size)
         SELECT count(*)::int AS documents, coalesce(sum(size), 0)::bigint AS bytes FROM gone`,
        [before],
      );
      const reads = await client.query('DELETE FROM source_reads WHERE read_at < $1', [before]);
      return { documents: rows[0].documents, bytes: Number(rows[0].bytes), sourceReads: reads.rowCount ?? 0 };
    });
  }
}

/**
 * Every document hash something stored names: each field's source in a fund's or an SCPI's provenance
 * (`sources.<field>.document`) and the documents that source's conflicts name (`sources.<field>.conflicts[].document`),
 * a fund's holdings document (`summary.holdings.document`), the filed documents (the operator's own: kept until
 * removed) and the issuer recipes' copies (fetched again in full when missing, but a copy a refresh compares with is
 * kept).
 */
const NAMED_DOCUMENTS = `
  CREATE TEMP TABLE named_documents ON COMMIT DROP AS
  WITH sources AS (
    SELECT source.value::jsonb AS source
      FROM funds f,
           json_each(CASE WHEN json_typeof(f.payload -> 'sources') = 'object' THEN f.payload -> 'sources' ELSE '{}' END)
             AS source
    UNION ALL
    SELECT source.value
      FROM scpi s,
           jsonb_each(CASE WHEN jsonb_typeof(s.payload -> 'sources') = 'object' THEN s.payload -> 'sources' ELSE '{}' END)
             AS source
  )
  SELECT source ->> 'document' AS sha256 FROM sources
  UNION SELECT conflict ->> 'document'
    FROM sources,
         jsonb_array_elements(CASE WHEN jsonb_typeof(source -> 'conflicts') = 'array' THEN source -> 'conflicts' ELSE '[]' END)
           AS conflict
  UNION SELECT f.summary -> 'holdings' ->> 'document' FROM funds f
  UNION SELECT sha256 FROM filed_documents
  UNION SELECT sha256 FROM issuer_documents`;

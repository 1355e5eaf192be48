import type { Pool } from 'pg';

import type { DocumentKind, SourceConnector, SourceDocument } from '../../domain/documents';
import type { FiledDocument } from '../../schema/documents';
import { normaliseIsin } from '../../schema/isin';
import type { FiledDocumentQuery, FiledDocuments } from '../../usecases/ports/documents';

/** What filing one identified document records; its bytes are already in `documents`. */
export interface FilingRow {
  sha256: string;
  kind: DocumentKind;
  mediaType: string;
  language: string | null;
  isins: string[];
  /** The SCPI it belongs to (its slug), for an SCPI's documents; null for a fund's. */
  scpiSlug: string | null;
  asOf: string | null;
  name: string | null;
  source: string;
  fileName: string;
  /** The ingestion run filing it. */
  filedBy: string;
}

/** What a removed filing was: its kind and media type, and the funds and SCPI it covered. */
export interface RemovedFiling {
  isins: string[];
  scpiSlug: string | null;
  kind: DocumentKind;
  mediaType: string;
}

interface FiledRow {
  sha256: string;
  kind: DocumentKind;
  media_type: string;
  language: string | null;
  isins: string[];
  scpi_slug: string | null;
  as_of: string | null;
  name: string | null;
  source: string;
  file_name: string;
  filed_at: Date;
}

/** The columns of a filed document, read through the table alias `f`. */
const COLUMNS = `f.sha256, f.kind, f.media_type, f.language, f.isins, f.scpi_slug, to_char(f.as_of, 'YYYY-MM-DD') AS as_of, f.name, f.source, f.file_name, f.filed_at`;

/** Largest number of filed documents one fund load reads (newest first): a fund has a handful, never hundreds. */
const MAX_DOCUMENTS_PER_FUND = 50;

/** The documents operators filed (inbox, import command, POST /documents), by the funds they cover. */
export class FiledDocumentsRepository implements FiledDocuments {
  constructor(private readonly pool: Pool) {}

  /**
   * Files a document once, under the union of every ISIN it was given for (one holdings list serves every share
   * class of its fund). False when nothing is new: the same bytes were filed before, by another run, under these
   * ISINs already. A retried run that had filed it gets true again, so its funds are still reloaded.
   */
  async file(row: FilingRow): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO filed_documents AS f (sha256, kind, media_type, language, isins, as_of, name, source, file_name, filed_by, scpi_slug)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (sha256) DO UPDATE
         SET isins = ARRAY(SELECT DISTINCT unnest(f.isins || excluded.isins) ORDER BY 1), filed_by = excluded.filed_by
       WHERE NOT (f.isins @> excluded.isins) OR f.filed_by = excluded.filed_by`,
      [
        row.sha256,
        row.kind,
        row.mediaType,
        row.language,
        row.isins,
        row.asOf,
        row.name,
        row.source,
        row.fileName,
        row.filedBy,
        row.scpiSlug,
      ],
    );
    return rowCount === 1;
  }

  /** Newest first; `before` is the cursor a previous page returned. */
  async list(query: FiledDocumentQuery): Promise<FiledDocument[]> {
    const { rows } = await this.pool.query<FiledRow>(
      `SELECT ${COLUMNS} FROM filed_documents f
        WHERE ($1::text IS NULL OR isins @> ARRAY[$1::text]) AND ($2::text IS NULL OR kind = $2)
          AND ($3::timestamptz IS NULL OR (filed_at, sha256) < ($3::timestamptz, $4::text))
        ORDER BY filed_at DESC, sha256 DESC LIMIT $5`,
      [query.isin, query.kind, query.before?.filedAt ?? null, query.before?.sha256 ?? '', query.limit],
    );
    return rows.map(filedDocument);
  }

  /** Removes a filed document; what it was and the funds and SCPI it covered, or null when no document has this hash. */
  async remove(sha256: string): Promise<RemovedFiling | null> {
    const { rows } = await this.pool.query<{
      isins: string[];
      scpi_slug: string | null;
      kind: DocumentKind;
      media_type: string;
    }>('DELETE FROM filed_documents WHERE sha256 = $1 RETURNING isins, scpi_slug, kind, media_type', [sha256]);
    const row = rows[0];
    return row ? { isins: row.isins, scpiSlug: row.scpi_slug, kind: row.kind, mediaType: row.media_type } : null;
  }

  /**
   * The filed documents of a fund (an ISIN they cover), newest first, with their bytes; SCPI documents aside, and EPT
   * and EMT files too: those are read through the FinDatEx folder they were placed in, one row at a time.
   */
  async forIsin(isin: string): Promise<SourceDocument[]> {
    return this.withContent(
      `f.isins @> ARRAY[$1::text] AND f.scpi_slug IS NULL AND f.kind NOT IN ('ept', 'emt')`,
      isin,
    );
  }

  /** The filed documents of an SCPI, newest first, with their bytes. */
  async forScpi(slug: string): Promise<SourceDocument[]> {
    return this.withContent('f.scpi_slug = $1', slug);
  }

  /** The SCPI that have filed documents. */
  async scpiSlugs(): Promise<string[]> {
    const { rows } = await this.pool.query<{ slug: string }>(
      'SELECT DISTINCT scpi_slug AS slug FROM filed_documents WHERE scpi_slug IS NOT NULL',
    );
    return rows.map((r) => r.slug);
  }

  /** A version of an SCPI's filed documents that changes whenever one is filed or removed ('' when it has none). */
  async scpiVersion(slug: string): Promise<string> {
    const { rows } = await this.pool.query<{ version: string | null }>(
      `SELECT count(*) || '@' || max(filed_at) || '#' || string_agg(sha256, ',' ORDER BY sha256) AS version
         FROM filed_documents WHERE scpi_slug = $1`,
      [slug],
    );
    return rows[0]?.version ?? '';
  }

  private async withContent(where: string, key: string): Promise<SourceDocument[]> {
    const { rows } = await this.pool.query<FiledRow & { content: Buffer }>(
      `SELECT ${COLUMNS}, d.content FROM filed_documents f
         JOIN documents d ON d.sha256 = f.sha256
        WHERE ${where} ORDER BY f.filed_at DESC LIMIT $2`,
      [key, MAX_DOCUMENTS_PER_FUND],
    );
    return rows.map((r) => ({
      kind: r.kind,
      mediaType: r.media_type,
      origin: `filed:${r.file_name}`,
      retrievedAt: r.filed_at.toISOString(),
      content: r.content,
    }));
  }
}

function filedDocument(r: FiledRow): FiledDocument {
  return {
    sha256: r.sha256,
    kind: r.kind,
    mediaType: r.media_type,
    language: r.language,
    isins: r.isins,
    scpi: r.scpi_slug,
    asOf: r.as_of,
    name: r.name,
    source: r.source,
    fileName: r.file_name,
    filedAt: r.filed_at.toISOString(),
  };
}

/** The filed documents as a source of fund loads, read like the library's folders. */
export class FiledDocumentsConnector implements SourceConnector {
  readonly name = 'filed-documents';

  constructor(private readonly filed: FiledDocumentsRepository) {}

  async fetch(input: string): Promise<SourceDocument[]> {
    const isin = normaliseIsin(input);
    return isin ? this.filed.forIsin(isin) : [];
  }
}

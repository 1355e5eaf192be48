import { type Cell, cellText } from '../holdings';

/**
 * A FinDatEx excerpt: some rows of a file, cut out with every column of the file, as a JSON
 * rendering (one record per row, keyed by the file's headers) that any FinDatEx reader takes.
 *
 * The FinDatEx library folder hands a fund load the excerpt of its share class instead of the whole
 * file, so a universe of hundreds of share classes is not re-parsed once per share class. The
 * envelope keeps what the cut would otherwise lose: the file's name and format, its decimal mark
 * (a CSV's text numbers are read with the whole file's convention) and the row numbers of the
 * original file, so provenance still points at the row a user can open.
 */

/** The renderings a FinDatEx file comes in. */
export type FindatexFormat = 'csv' | 'xlsx' | 'json' | 'yaml';

const EXCERPT_KEY = 'findatexExcerpt';

export interface ExcerptOrigin {
  /** Name of the file the rows were cut from. */
  file: string;
  format: FindatexFormat;
  decimalComma: boolean;
  /** Row numbers in that file (see FindatexTable.rowNumbers), one per record. */
  rows: number[];
}

const FORMATS: readonly FindatexFormat[] = ['csv', 'xlsx', 'json', 'yaml'];

/** The excerpt's bytes: the same rows always give the same bytes (documents are stored by content hash). */
export function writeExcerpt(
  origin: ExcerptOrigin,
  headers: readonly string[],
  rows: readonly (readonly Cell[])[],
): Buffer {
  const records = rows.map((cells) => {
    const record: Record<string, ReturnType<typeof excerptCell>> = {};
    // A header printed twice keeps its first column, as the table reads it.
    headers.forEach((h, i) => {
      if (!Object.hasOwn(record, h))
        Object.defineProperty(record, h, { value: excerptCell(cells[i]), enumerable: true });
    });
    return record;
  });
  return Buffer.from(`${JSON.stringify({ [EXCERPT_KEY]: origin, records }, null, 1)}\n`, 'utf8');
}

/** Dates as the templates write them (ISO); numbers, flags and text as the file has them. Idempotent. */
export function excerptCell(cell: Cell): string | number | boolean | null {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date) return cellText(cell) || null;
  return cell;
}

/** The envelope of an excerpt holding `recordCount` records, or null for any other document. */
export function excerptOf(doc: unknown, recordCount: number): ExcerptOrigin | null {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return null;
  const meta = (doc as Record<string, unknown>)[EXCERPT_KEY] as Partial<ExcerptOrigin> | undefined;
  if (!meta || typeof meta !== 'object') return null;
  const rowsValid =
    Array.isArray(meta.rows) &&
    meta.rows.length === recordCount &&
    meta.rows.every((n) => Number.isInteger(n) && n > 0);
  if (!rowsValid || typeof meta.file !== 'string' || !FORMATS.includes(meta.format as FindatexFormat)) return null;
  return {
    file: meta.file,
    format: meta.format as FindatexFormat,
    decimalComma: meta.decimalComma === true,
    rows: meta.rows as number[],
  };
}

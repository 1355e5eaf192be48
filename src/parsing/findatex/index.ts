import { UnreadableDocumentError } from '../../domain/documents';
import { EMT_FIELDS, type EmtRow, locatedEmtRows } from './emt';
import { EPT_FIELDS, type EptRow, locatedEptRows } from './ept';
import type { FindatexFormat } from './excerpt';
import type { Located } from './rows';
import { type FindatexTable, readFindatexTable } from './table';
import { TPT_FIELDS, type TptReport, tptReportsFromTable } from './tpt';

/**
 * FinDatEx templates: EPT (PRIIPs data, one row per share class), EMT (MiFID target market and
 * costs, one row per share class) and TPT (Solvency II look-through, one row per position).
 * table.ts reads any rendering into a table keyed by field code, rows.ts reads its cells, and each
 * template has its module; this one tells the templates apart and is what the rest of the service imports.
 */

export * from './classifications';
export * from './emt';
export * from './ept';
export { writeExcerpt } from './excerpt';
export type { Located } from './rows';
export { fieldCode, type FindatexTable, readFindatexCsv } from './table';
export * from './tpt';

export type FindatexKind = 'ept' | 'emt' | 'tpt';

/**
 * Which template a table follows: the version field's name says it for EPT and EMT
 * (00001_EPT_Version, 00001_EMT_Version); TPT has position fields (12 CIC, 26 weight).
 */
export function findatexKind(table: FindatexTable): FindatexKind | null {
  const version = table.headers[table.columns.get('00001') ?? -1] ?? '';
  if (/ept/i.test(version)) return 'ept';
  if (/emt/i.test(version)) return 'emt';
  if (table.columns.has(TPT_FIELDS.cic) && table.columns.has(TPT_FIELDS.weight)) return 'tpt';
  if (table.columns.has(EPT_FIELDS.sri) || table.columns.has(EPT_FIELDS.kidPublicationDate)) return 'ept';
  if (table.columns.has(EMT_FIELDS.retail)) return 'emt';
  return null;
}

/** What an EPT or EMT file holds: its share-class rows with their provenance, and what an excerpt of them needs. */
interface ShareClassFile<K extends 'ept' | 'emt', T> {
  kind: K;
  rows: Located<T>[];
  /** Header cells as printed, which the rows' cells are aligned with. */
  headers: string[];
  format: FindatexFormat;
  decimalComma: boolean;
}

export type FindatexDocument =
  ShareClassFile<'ept', EptRow> | ShareClassFile<'emt', EmtRow> | { kind: 'tpt'; reports: TptReport[] };

/** Reads a FinDatEx file of unknown template. */
export async function parseFindatex(content: Buffer, mediaType: string, origin: string): Promise<FindatexDocument> {
  const table = await readFindatexTable(content, mediaType, origin);
  switch (findatexKind(table)) {
    case 'ept':
      return { kind: 'ept', rows: locatedEptRows(table, origin), ...fileShape(table) };
    case 'emt':
      return { kind: 'emt', rows: locatedEmtRows(table, origin), ...fileShape(table) };
    case 'tpt':
      return { kind: 'tpt', reports: tptReportsFromTable(table, origin) };
    default:
      throw new UnreadableDocumentError(origin, 'not an EPT, EMT or TPT file');
  }
}

function fileShape(table: FindatexTable): { headers: string[]; format: FindatexFormat; decimalComma: boolean } {
  return { headers: table.headers, format: table.format, decimalComma: table.decimalComma };
}

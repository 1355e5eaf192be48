import { parse as parseYaml } from 'yaml';

import { UnreadableDocumentError } from '../../domain/documents';
import { type Cell, cellText, isZip, XLSX_MEDIA_TYPE, xlsxSheets } from '../holdings';
import { decodeText, readCsvRows } from '../text/csv';
import { inferDecimalComma } from '../text/numbers';
import { excerptOf, type FindatexFormat } from './excerpt';

/**
 * Any FinDatEx file (CSV, XLSX, JSON or YAML rendering) read into one table keyed by field code.
 *
 * Every template names its columns "<code>_<Name>" (00030_Portfolio_Identifying_Data,
 * 26_Valuation_weight). Names drift between versions (V2.0 spells one "Carried _Interest") while
 * the numeric codes stay, so columns are matched on the code alone.
 */

export interface FindatexTable {
  /** Header cells as printed. */
  headers: string[];
  /** Field code ("00030", "26", "8b") → column index. */
  columns: Map<string, number>;
  rows: Cell[][];
  /**
   * Where each of `rows` sits in the file, for provenance: the spreadsheet row (header row
   * included, 1-based) for CSV and XLSX, the 1-based record for JSON and YAML; an excerpt states
   * the numbers of the file it was cut from.
   */
  rowNumbers: number[];
  /** Whether text numbers in this file use a decimal comma (European CSV exports). */
  decimalComma: boolean;
  /** The rendering read; an excerpt gives the format of the file it was cut from. */
  format: FindatexFormat;
}

const FIELD_CODE = /^\s*(\d{1,5}[a-z]?)_[A-Za-z]/i;

/** "00030_Portfolio_Identifying_Data" → "00030", "8b_Total_number_of_shares" → "8b"; null for other headers. */
export function fieldCode(header: unknown): string | null {
  const m = typeof header === 'string' ? FIELD_CODE.exec(header) : null;
  return m ? m[1].toLowerCase() : null;
}

/** A data file's header row names at least this many template fields (template definitions name one per row). */
const MIN_CODED_HEADERS = 3;
const HEADER_SCAN_ROWS = 20;

/**
 * Builds a table from rows whose header (found in the first rows) carries field codes. `rowNumber`
 * numbers a row by its index in `rows` (the spreadsheet row by default).
 */
function tableFromRows(
  rows: Cell[][],
  origin: string,
  decimalComma = false,
  format: FindatexFormat = 'csv',
  rowNumber = (index: number) => index + 1,
): FindatexTable {
  let headerIndex = -1;
  let bestCount = MIN_CODED_HEADERS - 1;
  for (let i = 0; i < Math.min(rows.length, HEADER_SCAN_ROWS); i++) {
    const count = rows[i].filter((c) => fieldCode(c) !== null).length;
    if (count > bestCount) {
      headerIndex = i;
      bestCount = count;
    }
  }
  if (headerIndex < 0)
    throw new UnreadableDocumentError(origin, 'no FinDatEx header (field codes such as 00030_... or 26_...)');
  const headers = rows[headerIndex].map(cellText);
  const columns = new Map<string, number>();
  headers.forEach((h, i) => {
    const code = fieldCode(h);
    if (code !== null && !columns.has(code)) columns.set(code, i);
  });
  const body: Cell[][] = [];
  const rowNumbers: number[] = [];
  for (let i = headerIndex + 1; i < rows.length; i++) {
    if (!rows[i].some((c) => cellText(c).trim() !== '')) continue;
    body.push(rows[i]);
    rowNumbers.push(rowNumber(i));
  }
  return { headers, columns, rows: body, rowNumbers, decimalComma, format };
}

/**
 * JSON or YAML renderings: an array of records keyed by field names (or an envelope holding one).
 * Rows are numbered by record (1-based), unless the document is an excerpt (excerpt.ts) stating
 * the rows and conventions of the file it was cut from.
 */
function tableFromRecords(doc: unknown, origin: string, format: FindatexFormat = 'json'): FindatexTable {
  const records = findRecordArray(doc);
  if (!records) throw new UnreadableDocumentError(origin, 'no FinDatEx records (objects keyed by field codes)');
  const headers = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const rows = records.map((r) => headers.map((h) => toCell(r[h])));
  const excerpt = excerptOf(doc, records.length);
  // Row i of [headers, ...rows] is record i: the header takes index 0.
  const recordNumber = (index: number) => excerpt?.rows[index - 1] ?? index;
  return tableFromRows(
    [headers, ...rows],
    origin,
    excerpt?.decimalComma ?? false,
    excerpt?.format ?? format,
    recordNumber,
  );
}

function findRecordArray(doc: unknown, depth = 0): Record<string, unknown>[] | null {
  if (depth > 4 || doc === null || typeof doc !== 'object') return null;
  if (Array.isArray(doc)) {
    const records = doc.filter(
      (d): d is Record<string, unknown> => d !== null && typeof d === 'object' && !Array.isArray(d),
    );
    if (
      records.length > 0 &&
      records.some((r) => Object.keys(r).filter((k) => fieldCode(k)).length >= MIN_CODED_HEADERS)
    )
      return records;
    return null;
  }
  if (Object.keys(doc).filter((k) => fieldCode(k)).length >= MIN_CODED_HEADERS) return [doc as Record<string, unknown>];
  for (const value of Object.values(doc)) {
    const found = findRecordArray(value, depth + 1);
    if (found) return found;
  }
  return null;
}

function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date)
    return value;
  return JSON.stringify(value);
}

/** Media type first; generic types are sniffed from the bytes. */
function formatOf(content: Buffer, mediaType: string): FindatexFormat {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  if (type === XLSX_MEDIA_TYPE || isZip(content)) return 'xlsx';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type.includes('yaml')) return 'yaml';
  if (type === 'text/csv' || type === 'application/csv' || type === 'text/tab-separated-values') return 'csv';
  const head = decodeText(content.subarray(0, 512)).trimStart();
  if (head.startsWith('[') || head.startsWith('{')) return 'json';
  if (/^(-\s+)?["']?\d{1,5}[a-z]?_[A-Za-z][^,;\t\n]*["']?\s*:/.test(head)) return 'yaml';
  return 'csv';
}

const NUMBER_LIKE = /^[-+(]?\d[\d\s.,']*%?\)?$/;

/** Synchronous CSV reading (the delimiter and the decimal mark are detected). */
export function readFindatexCsv(content: Buffer, origin: string): FindatexTable {
  const { rows, delimiter } = readCsvRows(content, origin);
  const table = tableFromRows(rows, origin);
  // Only number-looking cells vote: names and narratives carry commas of their own.
  table.decimalComma = inferDecimalComma(
    table.rows.flat().filter((c) => typeof c === 'string' && NUMBER_LIKE.test(c.trim())),
    delimiter,
  );
  return table;
}

/** Any supported rendering (CSV, XLSX, JSON, YAML) into a table. */
export async function readFindatexTable(content: Buffer, mediaType: string, origin: string): Promise<FindatexTable> {
  if (content.length === 0) throw new UnreadableDocumentError(origin, 'empty file');
  switch (formatOf(content, mediaType)) {
    case 'xlsx':
      return firstSheetWithTable(content, origin);
    case 'json':
      return tableFromRecords(
        parseText(content, origin, (t) => JSON.parse(t)),
        origin,
        'json',
      );
    case 'yaml':
      return tableFromRecords(
        parseText(content, origin, (t) => parseYaml(t)),
        origin,
        'yaml',
      );
    default:
      return readFindatexCsv(content, origin);
  }
}

async function firstSheetWithTable(content: Buffer, origin: string): Promise<FindatexTable> {
  for await (const rows of xlsxSheets(content, origin)) {
    try {
      return tableFromRows(rows, origin, false, 'xlsx');
    } catch {
      // Workbooks carry cover or notes sheets; the data sheet is the one with coded headers.
    }
  }
  throw new UnreadableDocumentError(origin, 'no sheet with a FinDatEx header');
}

function parseText(content: Buffer, origin: string, parser: (text: string) => unknown): unknown {
  try {
    return parser(decodeText(content));
  } catch (err) {
    throw new UnreadableDocumentError(origin, `unparseable document (${(err as Error).message})`);
  }
}

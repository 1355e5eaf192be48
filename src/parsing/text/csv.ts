import { parse } from 'csv-parse/sync';

import { UnreadableDocumentError } from '../../domain/documents';

/**
 * Text tables as providers export them: bytes decoded, delimiter detected, rows of trimmed cells, header names matched.
 */

/** Decodes a text file: UTF-8 (BOM or not), UTF-16 with a BOM, and Latin-1 when the bytes are not UTF-8. */
export function decodeText(content: Buffer): string {
  if (content.length >= 2 && content[0] === 0xff && content[1] === 0xfe) return content.subarray(2).toString('utf16le');
  if (content.length >= 2 && content[0] === 0xfe && content[1] === 0xff) {
    const swapped = Buffer.from(content.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  const text = content.toString('utf8').replace(/^\uFEFF/, '');
  return text.includes('\uFFFD') ? content.toString('latin1') : text;
}

const DELIMITERS = ['\t', ';', ',', '|'] as const;

/**
 * Picks the delimiter present on the most of the first lines (outside quotes). On a tie the order
 * tab, ";", ",", "|" decides: a file with as many ";" as "," uses the commas as decimal marks.
 */
export function detectDelimiter(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 50);
  let best: string = ',';
  let bestLines = 0;
  for (const d of DELIMITERS) {
    const n = lines.filter((l) => countOutsideQuotes(l, d) > 0).length;
    if (n > bestLines) {
      best = d;
      bestLines = n;
    }
  }
  return best;
}

function countOutsideQuotes(line: string, char: string): number {
  let inQuotes = false;
  let count = 0;
  for (const c of line) {
    if (c === '"') inQuotes = !inQuotes;
    else if (c === char && !inQuotes) count++;
  }
  return count;
}

export interface CsvTable {
  rows: string[][];
  delimiter: string;
}

/**
 * Reads CSV text into rows of trimmed cells, tolerating ragged rows, stray quotes and broken
 * records (a disclaimer with an unbalanced quote must not cost us the table above it).
 */
export function readCsvRows(content: Buffer, origin: string): CsvTable {
  if (content.length === 0) throw new UnreadableDocumentError(origin, 'empty file');
  if (content.subarray(0, 1024).includes(0) && !(content[0] === 0xff || content[0] === 0xfe)) {
    throw new UnreadableDocumentError(origin, 'binary content, not a text table');
  }
  const text = decodeText(content);
  const delimiter = detectDelimiter(text);
  try {
    const rows = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      trim: true,
    }) as string[][]; // no `columns` option: every record is an array of its cells
    return { rows, delimiter };
  } catch (err) {
    throw new UnreadableDocumentError(origin, `not a CSV file (${(err as Error).message})`);
  }
}

/** Lower-case letters and digits only: "NAV per Share" → "navpershare", "As-Of" → "asof". */
export function normaliseHeader(raw: unknown): string {
  return typeof raw === 'string'
    ? raw
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9%]/g, '')
    : '';
}

import { parse } from 'csv-parse/sync';
import { UnreadableDocumentError } from '../types';

/**
 * Tolerant cell readers (numbers, dates, CSV text) shared by every parser of data files and by the
 * PDF text helpers: providers print the same values in many local formats, and one reading of
 * "1.234,56" or "11-10-2016" across the service keeps the parsers consistent.
 */
const MISSING = new Set(['', '-', '--', '---', '—', '–', 'n/a', 'na', 'n.a.', 'nan', 'null', 'none', 'nd', 'n.d.', '#n/a', '#value!']);

export function isMissing(raw: unknown): boolean {
  if (raw === null || raw === undefined) return true;
  if (typeof raw === 'number') return !Number.isFinite(raw);
  return typeof raw === 'string' && MISSING.has(raw.trim().toLowerCase());
}

export interface DecimalOptions {
  /**
   * True when the file writes decimals with a comma ("0,25"). Undefined lets each value decide:
   * a lone comma followed by exactly three digits after a non-zero lead ("1,234") is a thousands
   * separator, any other lone comma ("0,25", "27,2480") is a decimal mark.
   */
  decimalComma?: boolean;
}

/** Linear: \d+(?:\.\d*)? reads a run of digits one way; \d+\.?\d* split it at every digit (quadratic on 1 MB of digits). */
const PLAIN_NUMBER = /^-?(\d+(?:\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a number as printed: quotes, thousands separators (",", ".", space, apostrophe), decimal
 * commas, "%" and currency signs, a leading unicode minus or accounting parentheses. Null for
 * missing markers and anything that is not a number.
 */
export function parseDecimal(raw: unknown, options: DecimalOptions = {}): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  let text = raw.trim().replace(/^"(.*)"$/s, '$1').trim();
  if (isMissing(text)) return null;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  text = text.replace(/[\s\u00a0\u202f'’%$€£¥]/g, '').replace(/^[−–]/, '-');
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) {
    text = text.slice(1);
  }
  if (/^[-+]/.test(text)) return null; // "--1", "+-2": not a number
  const normalised = normaliseSeparators(text, options.decimalComma);
  if (normalised === null || !PLAIN_NUMBER.test(normalised)) return null;
  const n = Number(normalised);
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

/** Rewrites the digits so that "." is the only decimal mark and no grouping remains. */
function normaliseSeparators(text: string, decimalComma: boolean | undefined): string | null {
  const commas = (text.match(/,/g) ?? []).length;
  const dots = (text.match(/\./g) ?? []).length;
  if (commas > 0 && dots > 0) {
    // Both present: whichever comes last is the decimal mark ("1.234,56" or "1,234.56").
    return text.lastIndexOf(',') > text.lastIndexOf('.') ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  }
  if (commas > 1) return /^\d{1,3}(,\d{3})+$/.test(text) ? text.replace(/,/g, '') : null;
  if (dots > 1) return /^\d{1,3}(\.\d{3})+$/.test(text) ? text.replace(/\./g, '') : null;
  if (commas === 1) {
    if (decimalComma === true) return text.replace(',', '.');
    if (decimalComma === false) return text.replace(',', '');
    return /^[1-9]\d{0,2},\d{3}$/.test(text) ? text.replace(',', '') : text.replace(',', '.');
  }
  return text;
}

/**
 * Decides from a column's printed values whether the file uses decimal commas. Evidence in the
 * values wins ("1.234,56", "0,25", "27,2480"); without any, a ";" or tab delimited file is taken to
 * be written the European way, because that is why such files avoid the comma as delimiter.
 */
export function inferDecimalComma(samples: readonly unknown[], delimiter = ','): boolean {
  for (const raw of samples) {
    if (typeof raw !== 'string') continue;
    const t = raw.replace(/[\s\u00a0'"%]/g, '');
    if (/\d\.\d{3},\d/.test(t) || /^-?0,\d/.test(t) || /\d,(\d{1,2}|\d{4,})$/.test(t)) return true;
    if (/\d,\d{3}\.\d/.test(t) || /\d\.(\d{1,2}|\d{4,})$/.test(t)) return false;
  }
  return delimiter !== ',';
}

/** Day-first or month-first, for numeric dates such as 11-10-2016. */
export type DateOrder = 'dmy' | 'mdy';

const NUMERIC_DATE = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})$/;

/**
 * Decides how a column's numeric dates are written. A first part above 12 proves day-first and a
 * second part above 12 proves month-first; the first proof found in the column wins. A column
 * that proves neither (every day <= 12) is read day-first: the documents we serve are mostly
 * European, where dd-mm-yyyy is the norm.
 */
export function inferDateOrder(samples: readonly unknown[]): DateOrder {
  for (const raw of samples) {
    if (typeof raw !== 'string') continue;
    const m = NUMERIC_DATE.exec(raw.trim());
    if (!m) continue;
    if (Number(m[1]) > 12) return 'dmy';
    if (Number(m[2]) > 12) return 'mdy';
  }
  return 'dmy';
}

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, janv: 1, janvier: 1, januar: 1, jän: 1,
  feb: 2, february: 2, févr: 2, fevr: 2, fév: 2, fev: 2, février: 2, februar: 2,
  mar: 3, march: 3, mars: 3, mär: 3, märz: 3, mrz: 3,
  apr: 4, april: 4, avr: 4, avril: 4,
  may: 5, mai: 5,
  jun: 6, june: 6, juin: 6, juni: 6,
  jul: 7, july: 7, juil: 7, juillet: 7, juli: 7,
  aug: 8, august: 8, août: 8, aout: 8,
  sep: 9, sept: 9, september: 9, septembre: 9,
  oct: 10, october: 10, octobre: 10, okt: 10, oktober: 10,
  nov: 11, november: 11, novembre: 11,
  dec: 12, december: 12, déc: 12, décembre: 12, dez: 12, dezember: 12,
};

const ISO_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[T\s])/;
const DAY_MONTH_NAME_YEAR = /^(\d{1,2})[\s./-]+([a-zà-ü]{3,9})\.?[\s./,-]+(\d{4}|\d{2})$/i;
const MONTH_NAME_DAY_YEAR = /^([a-zà-ü]{3,9})\.?[\s./-]+(\d{1,2})(?:st|nd|rd|th)?,?[\s./-]+(\d{4})$/i;

/**
 * Reads a date as printed and returns it as YYYY-MM-DD, or null. Accepts ISO (with or without a
 * time), "Aug 30, 2016", "30-Aug-2021", "30/Aug/2021", "30 August 2016" and numeric dd-mm-yyyy,
 * dd/mm/yyyy, dd.mm.yyyy (or mm/dd/yyyy when `order` says so; see inferDateOrder). Date objects (as
 * spreadsheet readers return them) are taken at their UTC calendar day.
 */
export function parseDate(raw: unknown, order: DateOrder = 'dmy'): string | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.toISOString().slice(0, 10);
  if (typeof raw !== 'string') return null;
  const text = raw.trim().replace(/^"(.*)"$/, '$1').trim();
  let m = ISO_DATE.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = NUMERIC_DATE.exec(text);
  if (m) {
    const [first, second, year] = [Number(m[1]), Number(m[2]), fullYear(m[3])];
    return order === 'dmy' ? isoDate(year, second, first) : isoDate(year, first, second);
  }
  m = DAY_MONTH_NAME_YEAR.exec(text);
  if (m) return monthFromName(m[2]) ? isoDate(fullYear(m[3]), monthFromName(m[2])!, Number(m[1])) : null;
  m = MONTH_NAME_DAY_YEAR.exec(text);
  if (m) return monthFromName(m[1]) ? isoDate(Number(m[3]), monthFromName(m[1])!, Number(m[2])) : null;
  return null;
}

function monthFromName(name: string): number | undefined {
  return MONTHS[name.toLowerCase()];
}

/** Two-digit years: 00-69 are 20xx, 70-99 are 19xx (the usual spreadsheet pivot). */
function fullYear(text: string): number {
  const y = Number(text);
  if (text.length === 4) return y;
  return y < 70 ? 2000 + y : 1900 + y;
}

/** Null unless the calendar date exists (no 31 April) and lies in a plausible range. */
function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

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
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, 50);
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
    const rows: string[][] = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      trim: true,
    });
    return { rows, delimiter };
  } catch (err) {
    throw new UnreadableDocumentError(origin, `not a CSV file (${(err as Error).message})`);
  }
}

/** Lower-case letters and digits only: "NAV per Share" → "navpershare", "As-Of" → "asof". */
export function normaliseHeader(raw: unknown): string {
  return typeof raw === 'string' ? raw.toLowerCase().normalize('NFKD').replace(/[^a-z0-9%]/g, '') : '';
}


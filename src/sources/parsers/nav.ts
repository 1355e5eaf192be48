import { parse } from 'csv-parse/sync';
import { UnreadableDocumentError } from '../types';

/**
 * NAV histories (CSV or JSON) → a fund series and, when the file has one, a benchmark/index series.
 *
 * This module also holds the tolerant cell readers (numbers, dates, CSV text) that the holdings and
 * FinDatEx parsers share: providers print the same values in many local formats, and one reading of
 * "1.234,56" or "11-10-2016" across the service keeps the parsers consistent.
 */

export interface NavPoint {
  /** YYYY-MM-DD */
  date: string;
  value: number;
}

export interface NavSeries {
  /** Oldest first, one point per date. */
  fund: NavPoint[];
  /** Oldest first; empty when the file has no benchmark or index column. */
  benchmark: NavPoint[];
}

// ---------------------------------------------------------------------------------------------
// Shared cell readers
// ---------------------------------------------------------------------------------------------

/** Markers providers print for "no value"; they read as null, never as zero. */
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

const PLAIN_NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

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

// ---------------------------------------------------------------------------------------------
// NAV column recognition (CSV headers and JSON keys alike)
// ---------------------------------------------------------------------------------------------

function isDateKey(key: string): boolean {
  return key.includes('date') || key.includes('datum') || ['asof', 'day', 'period', 'time', 'timestamp', 'x', 'd', 'jour'].includes(key);
}

/** How date-like a key is: an exact "date" beats "as of", which beats "recordDate"-style names. */
function dateKeyRank(key: string): number {
  if (key === 'date' || key === 'dates' || key === 'datum') return 0;
  if (key === 'asof' || key === 'asofdate' || key === 'navdate' || key === 'valuationdate' || key === 'pricedate') return 1;
  return 2;
}

function isBenchmarkKey(key: string): boolean {
  return ['index', 'benchmark', 'bench', 'indice', 'reference', 'bmk'].some((w) => key.includes(w));
}

/**
 * Rank of a fund-value key, lower is better, null when it is no fund value: the NAV itself first,
 * then prices, then generic "value" names. Returns, distributions and volumes never qualify.
 */
function fundKeyRank(key: string): number | null {
  if (!key || isBenchmarkKey(key) || isDateKey(key)) return null;
  if (/return|perf|change|distribution|dividend|volume|shares|yield|%/.test(key)) return null;
  if (key.startsWith('nav') || key.includes('netassetvalue') || key === 'vl' || key.includes('valeurliquidative') || key.includes('inventarwert')) return 0;
  if (['price', 'close', 'kurs', 'cours', 'preis'].some((w) => key.includes(w))) return 1;
  if (['value', 'values', 'level', 'y', 'v', 'fund'].includes(key)) return 2;
  return null;
}

interface NavColumns {
  date: number;
  fund: number;
  benchmark: number;
}

/** Picks the date, fund and benchmark columns from header names; -1 where none fits. */
function pickColumns(keys: readonly string[]): NavColumns {
  const norm = keys.map(normaliseHeader);
  const date = bestIndex(norm, (k) => (isDateKey(k) ? dateKeyRank(k) : null));
  const fund = bestIndex(norm, (k, i) => (i === date ? null : fundKeyRank(k)));
  const benchmark = bestIndex(norm, (k, i) => (i === date || i === fund || !isBenchmarkKey(k) ? null : 0));
  return { date, fund, benchmark };
}

function bestIndex(keys: readonly string[], rank: (key: string, index: number) => number | null): number {
  let best = -1;
  let bestRank = Infinity;
  keys.forEach((k, i) => {
    const r = rank(k, i);
    if (r !== null && r < bestRank) {
      best = i;
      bestRank = r;
    }
  });
  return best;
}

// ---------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------

/** Rows scanned for a header; NAV downloads put at most a few lines of fund identity above it. */
const HEADER_SCAN_ROWS = 30;

interface NavTable {
  body: string[][];
  columns: NavColumns;
}

/**
 * Parses a NAV history CSV: a header row (possibly under a few preamble lines) naming a date column,
 * a NAV/price column and optionally a benchmark/index column; or no header at all, in which case
 * the first column holding dates is the date and the first numeric column after it is the fund
 * (further columns are ignored: without names we cannot tell a benchmark from a market price).
 */
export function parseNavCsv(content: Buffer, origin: string): NavSeries {
  const { rows, delimiter } = readCsvRows(content, origin);
  const table = locateNavTable(rows);
  if (!table) throw new UnreadableDocumentError(origin, 'no date and NAV columns found');
  const { body, columns } = table;
  const order = inferDateOrder(body.map((r) => r[columns.date]));
  const decimalComma = inferDecimalComma(
    body.flatMap((r) => [r[columns.fund], columns.benchmark >= 0 ? r[columns.benchmark] : undefined]),
    delimiter,
  );
  const read = (raw: string | undefined) => parseDecimal(raw, { decimalComma });
  const fund: NavPoint[] = [];
  const benchmark: NavPoint[] = [];
  for (const row of body) {
    const date = parseDate(row[columns.date], order);
    if (!date) continue;
    pushPositive(fund, date, read(row[columns.fund]));
    if (columns.benchmark >= 0) pushPositive(benchmark, date, read(row[columns.benchmark]));
  }
  return finish(fund, benchmark, origin);
}

function locateNavTable(rows: string[][]): NavTable | null {
  for (let i = 0; i < Math.min(rows.length, HEADER_SCAN_ROWS); i++) {
    const row = rows[i];
    if (isDataRow(row)) return headerlessTable(rows.slice(i));
    const columns = pickColumns(row);
    if (columns.date < 0) continue;
    const body = rows.slice(i + 1);
    if (columns.fund < 0) columns.fund = firstNumericColumn(body, [columns.date, columns.benchmark]);
    if (columns.fund >= 0) return { body, columns };
  }
  return null;
}

/** A date followed by a number: an observation, so the file has no header (a preamble "As of" line has no number). */
function isDataRow(row: string[]): boolean {
  const date = row.findIndex((cell) => parseDate(cell) !== null);
  return date >= 0 && row.slice(date + 1).some((cell) => parseDecimal(cell) !== null);
}

function headerlessTable(body: string[][]): NavTable | null {
  const date = body[0].findIndex((cell) => parseDate(cell) !== null);
  const fund = firstNumericColumn(body, [date], date + 1);
  return fund < 0 ? null : { body, columns: { date, fund, benchmark: -1 } };
}

/** The first column (from `start`, skipping `exclude`) whose first rows mostly hold numbers. */
function firstNumericColumn(body: string[][], exclude: number[], start = 0): number {
  const sample = body.slice(0, 20);
  const width = Math.max(0, ...sample.map((r) => r.length));
  for (let c = start; c < width; c++) {
    if (exclude.includes(c)) continue;
    const numeric = sample.filter((r) => parseDecimal(r[c]) !== null).length;
    if (numeric > 0 && numeric >= sample.length / 2) return c;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** How deep we look for a series inside an API response before giving up. */
const MAX_JSON_DEPTH = 6;

/**
 * Parses a NAV history delivered as JSON. Recognised shapes, searched breadth-first through the
 * document so that API envelopes ({ data: { series: [...] } }) need no configuration:
 * - parallel arrays: { dates: [...], values: [...] } (openseries); in an array of such objects the
 *   first is the fund and one whose name says index/benchmark is the benchmark;
 * - records: [{ date, nav, benchmark? }, ...] with keys recognised like CSV headers;
 * - pairs: [[date or epoch milliseconds, value], ...] (chart feeds);
 * - a date-keyed map: { "2020-01-31": 101.2, ... }.
 * Keys that are not NAV-like (distribution amounts, statistics) are never taken for a NAV.
 */
export function parseNavJson(content: Buffer, origin: string): NavSeries {
  let doc: Json;
  try {
    doc = JSON.parse(decodeText(content)) as Json;
  } catch (err) {
    throw new UnreadableDocumentError(origin, `not a JSON file (${(err as Error).message})`);
  }
  const found = findJsonSeries(doc);
  if (!found) throw new UnreadableDocumentError(origin, 'no date/NAV series in the JSON document');
  return finish(found.fund, found.benchmark, origin);
}

interface RawSeries {
  fund: NavPoint[];
  benchmark: NavPoint[];
}

function findJsonSeries(doc: Json): RawSeries | null {
  let level: Json[] = [doc];
  for (let depth = 0; depth < MAX_JSON_DEPTH && level.length > 0; depth++) {
    for (const node of level) {
      const series = seriesAt(node);
      if (series && series.fund.length > 0) return series;
    }
    level = level.flatMap(children);
  }
  return null;
}

function children(node: Json): Json[] {
  if (Array.isArray(node)) return node.filter((c) => c !== null && typeof c === 'object');
  if (node !== null && typeof node === 'object') return Object.values(node).filter((c) => c !== null && typeof c === 'object');
  return [];
}

function seriesAt(node: Json): RawSeries | null {
  if (Array.isArray(node)) return pairSeries(node) ?? recordSeries(node) ?? multiParallelSeries(node);
  if (node !== null && typeof node === 'object') {
    const single = parallelSeries(node);
    return single ? { fund: single, benchmark: [] } : mapSeries(node);
  }
  return null;
}

function isObject(node: Json | undefined): node is { [key: string]: Json } {
  return node !== null && node !== undefined && typeof node === 'object' && !Array.isArray(node);
}

/** { dates: [...], values: [...] } of equal length. */
function parallelSeries(node: { [key: string]: Json }): NavPoint[] | null {
  const keys = Object.keys(node);
  const dateKey = keys.find((k) => ['dates', 'date', 'x', 'timestamps'].includes(normaliseHeader(k)) && Array.isArray(node[k]));
  const valueKey = keys.find((k) => k !== dateKey && Array.isArray(node[k]) && fundKeyRank(normaliseHeader(k)) !== null);
  if (!dateKey || !valueKey) return null;
  const dates = node[dateKey] as Json[];
  const values = node[valueKey] as Json[];
  if (dates.length !== values.length) return null;
  const order = inferDateOrder(dates);
  const points: NavPoint[] = [];
  dates.forEach((d, i) => {
    const date = jsonDate(d, order);
    if (date) pushPositive(points, date, parseDecimal(values[i]));
  });
  return points.length > 0 ? points : null;
}

/** An array of parallel-array series objects: the first is the fund, an index-named one the benchmark. */
function multiParallelSeries(nodes: Json[]): RawSeries | null {
  const series = nodes.filter(isObject).map((n) => ({ node: n, points: parallelSeries(n) })).filter((s) => s.points);
  if (series.length === 0) return null;
  const isBench = (n: { [key: string]: Json }) =>
    ['name', 'valuetype', 'label', 'type', 'id'].some((k) => typeof n[k] === 'string' && isBenchmarkKey(normaliseHeader(n[k] as string)));
  const fund = series.find((s) => !isBench(s.node)) ?? series[0];
  const bench = series.find((s) => s !== fund && isBench(s.node));
  return { fund: fund.points!, benchmark: bench?.points ?? [] };
}

/** [{ date, nav, index }, ...]: keys chosen as CSV headers are. */
function recordSeries(nodes: Json[]): RawSeries | null {
  const records = nodes.filter(isObject);
  if (records.length === 0 || records.length < nodes.length / 2) return null;
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const columns = pickColumns(keys);
  if (columns.date < 0 || columns.fund < 0) return null;
  const [dateKey, fundKey] = [keys[columns.date], keys[columns.fund]];
  const benchKey = columns.benchmark >= 0 ? keys[columns.benchmark] : null;
  const order = inferDateOrder(records.map((r) => r[dateKey]));
  const fund: NavPoint[] = [];
  const benchmark: NavPoint[] = [];
  for (const r of records) {
    const date = jsonDate(r[dateKey], order);
    if (!date) continue;
    pushPositive(fund, date, parseDecimal(r[fundKey]));
    if (benchKey) pushPositive(benchmark, date, parseDecimal(r[benchKey]));
  }
  return fund.length > 0 ? { fund, benchmark } : null;
}

/** [[date, value], ...]; most rows must be pairs so that arbitrary nested arrays are not misread. */
function pairSeries(nodes: Json[]): RawSeries | null {
  const pairs = nodes.filter((n): n is Json[] => Array.isArray(n) && n.length >= 2);
  if (pairs.length === 0 || pairs.length < nodes.length / 2) return null;
  const order = inferDateOrder(pairs.map((p) => p[0]));
  const fund: NavPoint[] = [];
  for (const [d, v] of pairs) {
    const date = jsonDate(d, order);
    if (date) pushPositive(fund, date, parseDecimal(v));
  }
  return fund.length > 0 ? { fund, benchmark: [] } : null;
}

/** { "2020-01-31": 101.2, ... } where most keys are dates. */
function mapSeries(node: { [key: string]: Json }): RawSeries | null {
  const keys = Object.keys(node);
  if (keys.length === 0) return null;
  const order = inferDateOrder(keys);
  const fund: NavPoint[] = [];
  for (const k of keys) {
    const date = parseDate(k, order);
    if (date) pushPositive(fund, date, parseDecimal(node[k]));
  }
  return fund.length >= keys.length / 2 && fund.length > 0 ? { fund, benchmark: [] } : null;
}

/** Epoch milliseconds (chart feeds) start at 1e11 (1973); smaller numbers are not dates. */
const EPOCH_MS_MIN = 1e11;

function jsonDate(raw: Json | undefined, order: DateOrder): string | null {
  if (typeof raw === 'number') return raw >= EPOCH_MS_MIN && raw < 1e13 ? new Date(raw).toISOString().slice(0, 10) : null;
  return parseDate(raw, order);
}

// ---------------------------------------------------------------------------------------------
// Dispatch and common finish
// ---------------------------------------------------------------------------------------------

/** Parses a NAV history by media type; an unknown or generic type is sniffed (JSON starts with { or [). */
export function parseNav(content: Buffer, mediaType: string, origin: string): NavSeries {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return parseNavJson(content, origin);
  if (type === 'text/csv' || type === 'text/tab-separated-values' || type === 'application/csv') return parseNavCsv(content, origin);
  return /^\s*[[{]/.test(decodeText(content.subarray(0, 256))) ? parseNavJson(content, origin) : parseNavCsv(content, origin);
}

/** A NAV or index level is a positive amount; zero and negatives are data errors, not observations. */
function pushPositive(points: NavPoint[], date: string, value: number | null): void {
  if (value !== null && value > 0) points.push({ date, value });
}

function finish(fund: NavPoint[], benchmark: NavPoint[], origin: string): NavSeries {
  if (fund.length === 0) throw new UnreadableDocumentError(origin, 'no usable date/NAV observations');
  return { fund: sortUnique(fund), benchmark: sortUnique(benchmark) };
}

/**
 * Oldest first whatever the file order (many providers publish newest first). A date seen twice
 * keeps the value that appears last in the file: corrections are appended, not inserted.
 */
function sortUnique(points: NavPoint[]): NavPoint[] {
  const byDate = new Map(points.map((p) => [p.date, p]));
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

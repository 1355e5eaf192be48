import { UnreadableDocumentError } from '../domain/documents';
import type { NavPoint } from '../domain/navSeries';
import { decodeText, normaliseHeader, readCsvRows } from './text/csv';
import { type DateOrder, inferDateOrder, parseDate } from './text/dates';
import { inferDecimalComma, parseDecimal } from './text/numbers';

/** NAV histories (CSV or JSON) → a fund series and, when the file has one, a benchmark/index series. */

export interface NavSeries {
  /** Oldest first, one point per date. */
  fund: NavPoint[];
  /** Oldest first; empty when the file has no benchmark or index column. */
  benchmark: NavPoint[];
}

// ---------------------------------------------------------------------------------------------
// NAV column recognition (CSV headers and JSON keys alike)
// ---------------------------------------------------------------------------------------------

function isDateKey(key: string): boolean {
  return (
    key.includes('date') ||
    key.includes('datum') ||
    ['asof', 'day', 'period', 'time', 'timestamp', 'x', 'd', 'jour'].includes(key)
  );
}

/** How date-like a key is: an exact "date" beats "as of", which beats "recordDate"-style names. */
function dateKeyRank(key: string): number {
  if (key === 'date' || key === 'dates' || key === 'datum') return 0;
  if (key === 'asof' || key === 'asofdate' || key === 'navdate' || key === 'valuationdate' || key === 'pricedate')
    return 1;
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
  if (
    key.startsWith('nav') ||
    key.includes('netassetvalue') ||
    key === 'vl' ||
    key.includes('valeurliquidative') ||
    key.includes('inventarwert')
  )
    return 0;
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
  if (node !== null && typeof node === 'object')
    return Object.values(node).filter((c) => c !== null && typeof c === 'object');
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
  const dateKey = keys.find(
    (k) => ['dates', 'date', 'x', 'timestamps'].includes(normaliseHeader(k)) && Array.isArray(node[k]),
  );
  const valueKey = keys.find(
    (k) => k !== dateKey && Array.isArray(node[k]) && fundKeyRank(normaliseHeader(k)) !== null,
  );
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
  const series = nodes
    .filter(isObject)
    .map((n) => ({ node: n, points: parallelSeries(n) }))
    .filter((s) => s.points);
  if (series.length === 0) return null;
  const isBench = (n: { [key: string]: Json }) =>
    ['name', 'valuetype', 'label', 'type', 'id'].some(
      (k) => typeof n[k] === 'string' && isBenchmarkKey(normaliseHeader(n[k])),
    );
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
  if (typeof raw === 'number')
    return raw >= EPOCH_MS_MIN && raw < 1e13 ? new Date(raw).toISOString().slice(0, 10) : null;
  return parseDate(raw, order);
}

// ---------------------------------------------------------------------------------------------
// Dispatch and common finish
// ---------------------------------------------------------------------------------------------

/** Parses a NAV history by media type; an unknown or generic type is sniffed (JSON starts with { or [). */
export function parseNav(content: Buffer, mediaType: string, origin: string): NavSeries {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return parseNavJson(content, origin);
  if (type === 'text/csv' || type === 'text/tab-separated-values' || type === 'application/csv')
    return parseNavCsv(content, origin);
  return /^\s*[[{]/.test(decodeText(content.subarray(0, 256)))
    ? parseNavJson(content, origin)
    : parseNavCsv(content, origin);
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

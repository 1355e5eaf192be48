import type * as ReadExcelFile from 'read-excel-file/node' with { 'resolution-mode': 'import' };

import { UnreadableDocumentError } from '../domain/documents';
import { ISIN_SHAPE } from '../schema/isin';
import { AS_OF_LABEL, type Field, HEADERS } from './holdingsVocabulary';
import { normaliseHeader, readCsvRows } from './text/csv';
import { parsePrintedDate } from './text/dates';
import { inferDecimalComma, parseDecimal } from './text/numbers';

/**
 * Holdings files as managers publish them (iShares CSV with or without the "Fund Holdings as of"
 * preamble, SPDR daily XLSX with a header block, and look-alikes) → one line per position, plus the
 * aggregations the factsheet shows (sector, country, asset class, currency, top holdings).
 */

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export type HoldingsMediaType = 'text/csv' | typeof XLSX_MEDIA_TYPE;

export interface Holding {
  name: string;
  ticker: string | null;
  isin: string | null;
  /** Percent of the fund as printed (4.24 means 4.24%); fractions are scaled, see weightScale. */
  weight: number;
  sector: string | null;
  country: string | null;
  assetClass: string | null;
  currency: string | null;
  marketValue: number | null;
  /** The issuer when the file names it apart from the line (TPT field 46). */
  issuer?: string | null;
}

export interface HoldingsFile {
  /** The date the file says the holdings are as of (YYYY-MM-DD), null when it does not say. */
  asOf: string | null;
  /** Every line of the table in file order, cash and derivative lines included. */
  holdings: Holding[];
  /** Number of security lines: cash and derivative lines are not holdings in the factsheet sense. */
  totalHoldings: number;
}

export interface Exposure {
  label: string;
  weight: number;
}

/** A spreadsheet or CSV cell as the readers hand it over. */
export type Cell = string | number | boolean | Date | null | undefined;

// ---------------------------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------------------------

/**
 * Parses a holdings file by media type; XLSX reading is asynchronous, hence the promise. A ZIP
 * signature means a workbook whatever the declared type (servers label downloads loosely, CSVs
 * included as application/vnd.ms-excel), and a declared workbook that is not one is unreadable.
 */
export async function parseHoldings(
  content: Buffer,
  mediaType: HoldingsMediaType | (string & {}), // any string, the known types named
  origin: string,
): Promise<HoldingsFile> {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  if (type === XLSX_MEDIA_TYPE || isZip(content)) return parseHoldingsXlsx(content, origin);
  return parseHoldingsCsv(content, origin);
}

/** Synchronous CSV path, for callers that know they hold a CSV. */
export function parseHoldingsCsv(content: Buffer, origin: string): HoldingsFile {
  const { rows, delimiter } = readCsvRows(content, origin);
  return parseHoldingsTable(rows, origin, delimiter);
}

/** Reads every sheet and keeps the first that holds a holdings table. */
async function parseHoldingsXlsx(content: Buffer, origin: string): Promise<HoldingsFile> {
  let lastError: unknown = null;
  for await (const rows of xlsxSheets(content, origin)) {
    try {
      return parseHoldingsTable(rows, origin);
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError instanceof UnreadableDocumentError
    ? lastError
    : new UnreadableDocumentError(origin, 'no holdings table in the workbook');
}

/** XLSX files are ZIP archives; sniffing the signature catches spreadsheets sent as octet-stream. */
export function isZip(content: Buffer): boolean {
  return content.length > 4 && content[0] === 0x50 && content[1] === 0x4b && content[2] === 0x03 && content[3] === 0x04;
}

/**
 * read-excel-file ships its typings as an ES module while this project compiles to CommonJS, so a
 * static import does not type-check; its package exports a CommonJS build for require().
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS build, as said above
const readExcel = require('read-excel-file/node') as typeof ReadExcelFile;

/**
 * The sheets of a workbook as rows of cells, first sheet first, read one at a time: the reader
 * unpacks the workbook for every sheet, so callers stop as soon as they find their table.
 */
export async function* xlsxSheets(content: Buffer, origin: string): AsyncGenerator<Cell[][]> {
  const names = await unreadableOnError(origin, () => readExcel.readSheetNames(content));
  for (const sheet of names)
    yield (await unreadableOnError(origin, () => readExcel.default(content, { sheet }))) as Cell[][];
}

async function unreadableOnError<T>(origin: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    throw new UnreadableDocumentError(origin, `not an XLSX workbook (${(err as Error).message})`);
  }
}

// ---------------------------------------------------------------------------------------------
// Table recognition
// ---------------------------------------------------------------------------------------------

type ColumnMap = Record<Field, number>;

/** Holdings tables start within the first lines (iShares: 3, SPDR: 5, US iShares with preamble: ~10). */
const HEADER_SCAN_ROWS = 60;

/**
 * Finds the header row (the first one naming a weight column and a name or ticker column), reads
 * the rows under it and skips whatever is not a position: blank separators, footnotes and the
 * legal text some providers append. A row is a position when it has a weight and a name or ticker.
 */
export function parseHoldingsTable(rows: Cell[][], origin: string, delimiter = ','): HoldingsFile {
  const headerIndex = findHeaderRow(rows);
  if (headerIndex < 0) throw new UnreadableDocumentError(origin, 'no holdings header (weight and name columns) found');
  const columns = mapColumns(rows[headerIndex]);
  const body = rows.slice(headerIndex + 1);
  const decimalComma = inferDecimalComma(
    body.map((r) => r[columns.weight]),
    delimiter,
  );
  const holdings = body.map((r) => readHolding(r, columns, decimalComma)).filter((h): h is Holding => h !== null);
  if (holdings.length === 0) throw new UnreadableDocumentError(origin, 'holdings header found but no position rows');
  const scale = weightScale(rows[headerIndex][columns.weight], holdings);
  const scaled = scale === 1 ? holdings : holdings.map((h) => ({ ...h, weight: h.weight * scale }));
  return {
    asOf: findAsOf(rows.slice(0, headerIndex)),
    holdings: scaled,
    totalHoldings: scaled.filter((h) => !isCashOrDerivative(h)).length,
  };
}

function findHeaderRow(rows: Cell[][]): number {
  for (let i = 0; i < Math.min(rows.length, HEADER_SCAN_ROWS); i++) {
    const columns = mapColumns(rows[i]);
    if (columns.weight >= 0 && (columns.name >= 0 || columns.ticker >= 0)) return i;
  }
  return -1;
}

function mapColumns(header: Cell[]): ColumnMap {
  const norm = header.map((c) => normaliseHeader(typeof c === 'string' ? c : ''));
  const used = new Set<number>();
  const columns = {} as ColumnMap;
  // Weight first: "Market Value %" must become the weight, not the market value.
  for (const field of [
    'weight',
    'isin',
    'ticker',
    'name',
    'sector',
    'country',
    'assetClass',
    'currency',
    'marketValue',
  ] as Field[]) {
    const index = findColumn(norm, HEADERS[field], used);
    columns[field] = index;
    if (index >= 0) used.add(index);
  }
  return columns;
}

function findColumn(norm: string[], spec: { exact: string[]; prefix?: string[] }, used: Set<number>): number {
  for (const want of spec.exact) {
    const i = norm.findIndex((h, idx) => h === want && !used.has(idx));
    if (i >= 0) return i;
  }
  for (const want of spec.prefix ?? []) {
    const i = norm.findIndex((h, idx) => h.startsWith(want) && !used.has(idx));
    if (i >= 0) return i;
  }
  return -1;
}

function readHolding(row: Cell[], columns: ColumnMap, decimalComma: boolean): Holding | null {
  const weight = numberCell(row[columns.weight], decimalComma);
  const name = text(row, columns.name);
  const ticker = text(row, columns.ticker);
  if (weight === null || (name === null && ticker === null)) return null;
  return {
    name: name ?? ticker!,
    ticker,
    isin: isinOrNull(text(row, columns.isin)),
    weight,
    sector: text(row, columns.sector),
    country: text(row, columns.country),
    assetClass: text(row, columns.assetClass),
    currency: text(row, columns.currency)?.toUpperCase() ?? null,
    marketValue: columns.marketValue >= 0 ? numberCell(row[columns.marketValue], decimalComma) : null,
  };
}

/** Cell as trimmed text; "-" and other missing markers become null. */
function text(row: Cell[], index: number): string | null {
  if (index < 0) return null;
  const value = cellText(row[index]).trim();
  return value === '' || /^(-+|—|n\/a)$/i.test(value) ? null : value;
}

function numberCell(cell: Cell, decimalComma: boolean): number | null {
  return typeof cell === 'number' ? parseDecimal(cell) : parseDecimal(cellText(cell), { decimalComma });
}

export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell);
}

/** The value when it has the shape of an ISIN (upper-cased, spaces removed), else null: "-", CUSIPs, internal codes. */
export function isinOrNull(raw: string | null): string | null {
  const value = raw?.toUpperCase().replace(/\s/g, '') ?? '';
  return ISIN_SHAPE.test(value) ? value : null;
}

/**
 * Weights are kept as printed percent. A column not labelled as percent whose lines add up to about
 * one is a column of fractions (0.0424 for 4.24%) and is scaled to percent.
 */
function weightScale(header: Cell, holdings: Holding[]): number {
  const label = cellText(header).toLowerCase();
  if (label.includes('%') || label.includes('percent')) return 1;
  const total = holdings.reduce((sum, h) => sum + h.weight, 0);
  const max = Math.max(...holdings.map((h) => h.weight));
  return total > 0.5 && total <= 1.5 && max <= 1 ? 100 : 1;
}

/**
 * The holdings date from the lines above the table: a cell saying "as of" carries the date itself
 * ("As of 30-Aug-2021") or is followed by it ("Fund Holdings as of","30/Aug/2021").
 */
function findAsOf(preamble: Cell[][]): string | null {
  for (const row of preamble) {
    for (let i = 0; i < row.length; i++) {
      const label = cellText(row[i]);
      const match = AS_OF_LABEL.exec(label);
      if (!match) continue;
      const inline = label.slice(match.index + match[0].length).replace(/^[\s:]+/, '');
      for (const candidate of [inline, ...row.slice(i + 1)]) {
        // A date on its own: day first unless only month first makes it valid.
        const date = parsePrintedDate(candidate instanceof Date ? candidate : cellText(candidate));
        if (date) return date;
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Aggregations
// ---------------------------------------------------------------------------------------------

const CASH_OR_DERIVATIVE_CLASS =
  /cash|money market|future|^fx$|forward|swap|option|derivative|collateral|margin|currency/i;

/**
 * Cash, money-market sweep, FX and derivative lines. Providers mark them in the asset class
 * ("Cash", "Futures", "FX"), in the sector ("Cash and/or Derivatives") or only in the ticker
 * (SPDR's "CASH_USD").
 */
export function isCashOrDerivative(h: Pick<Holding, 'assetClass' | 'sector' | 'ticker'>): boolean {
  return (
    (h.assetClass !== null && CASH_OR_DERIVATIVE_CLASS.test(h.assetClass)) ||
    (h.sector !== null && /cash and\/or derivatives|^cash$/i.test(h.sector)) ||
    (h.ticker !== null && /^cash([_ -]|$)/i.test(h.ticker))
  );
}

export type ExposureKey = 'sector' | 'country' | 'assetClass' | 'currency';

/** The label under which cash and derivative lines are grouped in sector and country breakdowns. */
export const CASH_AND_DERIVATIVES = 'Cash and/or Derivatives';

/**
 * Sums weights per label of `key`, sorted by weight (desc, then label), rounded to 2 decimals, zero
 * buckets dropped. A key no line discloses gives [] (not disclosed, per the spec's empty arrays).
 *
 * Cash and derivative lines: for sector and country their printed label describes a currency or an
 * exchange, not an economic exposure, so they are grouped under "Cash and/or Derivatives" (as
 * iShares factsheets do); for asset class they keep their printed class ("Cash", "Futures"), or
 * "Cash" when the file prints none; for currency they keep their currency, which they really are.
 * Lines without a label for a disclosed key are grouped under "Other".
 */
export function aggregateExposure(holdings: readonly Holding[], key: ExposureKey): Exposure[] {
  if (!holdings.some((h) => h[key] !== null && !isCashOrDerivative(h))) return [];
  return sumByLabel(holdings.map((h) => ({ label: exposureLabel(h, key), weight: h.weight })));
}

function exposureLabel(h: Holding, key: ExposureKey): string {
  const cash = isCashOrDerivative(h);
  if (cash && (key === 'sector' || key === 'country')) return CASH_AND_DERIVATIVES;
  if (cash && key === 'assetClass') return h.assetClass ?? 'Cash';
  return h[key] ?? 'Other';
}

/** Groups weights by label: rounded to 2 decimals, zero buckets dropped, largest first. */
export function sumByLabel(items: readonly Exposure[]): Exposure[] {
  const totals = new Map<string, number>();
  for (const { label, weight } of items) totals.set(label, (totals.get(label) ?? 0) + weight);
  return [...totals]
    .map(([label, weight]) => ({ label, weight: round2(weight) }))
    .filter((e) => e.weight !== 0)
    .sort((a, b) => b.weight - a.weight || a.label.localeCompare(b.label));
}

function round2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100 || 0;
}

/**
 * The n largest lines by weight (ties keep file order). Each line stands alone: share classes of one
 * issuer (Alphabet A and C) are separate positions, as factsheets list them. Cash and derivative
 * lines are not holdings and never appear.
 */
export function topHoldings(holdings: readonly Holding[], n = 10): { name: string; weight: number }[] {
  return holdings
    .map((h, i) => ({ h, i }))
    .filter(({ h }) => !isCashOrDerivative(h))
    .sort((a, b) => b.h.weight - a.h.weight || a.i - b.i)
    .slice(0, Math.max(0, n))
    .map(({ h }) => ({ name: h.name, weight: h.weight }));
}

import { UnreadableDocumentError } from '../../domain/documents';
import { normaliseIsin } from '../../schema/isin';
import {
  fieldCode,
  findatexKind,
  type FindatexTable,
  locatedEmtRows,
  locatedEptRows,
  readFindatexCsv,
  tptReportsFromTable,
} from '../findatex';
import { readFindatexTable } from '../findatex/table';
import { type Cell, cellText, type HoldingsFile, parseHoldingsTable, xlsxSheets } from '../holdings';
import { legacySheets } from '../legacyWorkbook';
import { parseNav } from '../nav';
import { normaliseHeader, readCsvRows } from '../text/csv';
import { type Format, TABLE_MEDIA_TYPES } from './sniff';
import { type Description, distinct, type Reading, refused } from './types';
import { HOLDINGS_HEADER_WORDS } from './words';

/**
 * Tables (CSV, XLSX, JSON, YAML) are tried as FinDatEx files first (their coded headers cannot be mistaken),
 * then as holdings lists, then as NAV histories. A workbook is unpacked once: reading one is slow (the official
 * FinDatEx templates take seconds), and each parser would otherwise unpack it again.
 */

const ORIGIN = 'document';
/** Sheets of a workbook read at most: data files have one or two, templates a few more. */
const MAX_SHEETS = 12;
/** Header cells named in a refusal. */
const NAMED_COLUMNS = 5;
/** A template definition lists its fields one per row: at least this many coded cells in one column. */
const MIN_TEMPLATE_FIELDS = 10;

const WHAT_WE_READ = 'a holdings list, a NAV history nor a FinDatEx EPT/EMT/TPT file';

export async function readTable(content: Buffer, format: Exclude<Format, 'pdf'>, json?: unknown): Promise<Reading> {
  switch (format) {
    case 'xlsx':
      return readWorkbook(content);
    case 'xls':
      return readLegacyWorkbook(content);
    case 'csv':
      return readCsv(content);
    case 'json':
      return (
        (await findatexIn(() => readFindatexTable(content, TABLE_MEDIA_TYPES.json, ORIGIN))) ??
        navIn(content, TABLE_MEDIA_TYPES.json, json) ??
        refused(`a JSON file that is neither a NAV history nor a FinDatEx EPT/EMT/TPT file (keys: ${keysOf(json)})`)
      );
    case 'yaml':
      return (
        (await findatexIn(() => readFindatexTable(content, TABLE_MEDIA_TYPES.yaml, ORIGIN))) ??
        refused('a YAML file that is not a FinDatEx EPT, EMT or TPT file (no records keyed by field codes)')
      );
  }
}

async function readCsv(content: Buffer): Promise<Reading> {
  let table: { rows: string[][]; delimiter: string };
  try {
    table = readCsvRows(content, ORIGIN);
  } catch (err) {
    if (err instanceof UnreadableDocumentError)
      return refused(`a text file that cannot be read as a table: ${err.reason}`);
    throw err;
  }
  const { rows, delimiter } = table;
  if (!rows.some((r) => r.filter((c) => c !== '').length >= 2))
    return refused('a text file without a table: no columns separated by commas, semicolons or tabs');
  return (
    (await findatexIn(() => Promise.resolve(readFindatexCsv(content, ORIGIN)))) ??
    holdingsIn([rows], delimiter) ??
    navIn(content, TABLE_MEDIA_TYPES.csv) ??
    refused(`a CSV table that is neither ${WHAT_WE_READ} (columns: ${columnsOf(rows)})`)
  );
}

async function readWorkbook(content: Buffer): Promise<Reading> {
  const sheets: Cell[][][] = [];
  try {
    for await (const rows of xlsxSheets(content, ORIGIN)) if (sheets.push(rows) >= MAX_SHEETS) break;
  } catch (err) {
    if (err instanceof UnreadableDocumentError) return refused(`a workbook that cannot be read: ${err.reason}`);
    throw err;
  }
  for (const rows of sheets) {
    const found = await findatexIn(() => Promise.resolve(readFindatexCsv(asCsv(rows), ORIGIN)));
    if (found) return found;
  }
  if (sheets.some(isTemplateDefinition))
    return refused(
      'a FinDatEx template definition (the list of the template fields), not a data file with a row per share class or position',
    );
  return (
    holdingsIn(sheets) ??
    navInSheets(sheets) ??
    refused(`a spreadsheet that is neither ${WHAT_WE_READ} (columns: ${columnsOf(sheets[0] ?? [])})`)
  );
}

/**
 * An Excel 97-2003 or XML Spreadsheet 2003 workbook: its first sheet that reads as one of our tables is filed as CSV,
 * the form every table parser reads.
 */
async function readLegacyWorkbook(content: Buffer): Promise<Reading> {
  let sheets: string[][][];
  try {
    sheets = legacySheets(content, ORIGIN);
  } catch (err) {
    if (err instanceof UnreadableDocumentError)
      return refused(`a legacy Office file that cannot be read as a workbook (a Word file?): ${err.reason}`);
    throw err;
  }
  for (const rows of sheets) {
    const csv = asCsv(rows);
    const reading = await readCsv(csv);
    if (reading.ok) return { ...reading, converted: { content: csv, mediaType: TABLE_MEDIA_TYPES.csv } };
  }
  return refused(`an Excel 97-2003 workbook that is neither ${WHAT_WE_READ} (columns: ${columnsOf(sheets[0] ?? [])})`);
}

// ---------------------------------------------------------------------------------------------- FinDatEx

/** The FinDatEx file a table is, or null when it is none (no coded header, or one of no known template). */
async function findatexIn(read: () => Promise<FindatexTable>): Promise<Reading | null> {
  let table: FindatexTable;
  try {
    table = await read();
  } catch (err) {
    if (err instanceof UnreadableDocumentError) return null;
    throw err;
  }
  const kind = findatexKind(table);
  if (!kind) return null;
  try {
    return { ok: true, description: describeFindatex(kind, table) };
  } catch (err) {
    if (err instanceof UnreadableDocumentError)
      return refused(`a FinDatEx ${kind.toUpperCase()} file that cannot be read: ${err.reason}`);
    throw err;
  }
}

function describeFindatex(kind: 'ept' | 'emt' | 'tpt', table: FindatexTable): Description {
  const base = { kind, language: null };
  if (kind === 'tpt') {
    // A TPT lists positions; the ISINs it is about are its portfolios' (field 1), not its positions' (field 14).
    const reports = tptReportsFromTable(table, ORIGIN);
    return {
      ...base,
      isins: distinct(reports.map((r) => normaliseIsin(r.portfolio.id))),
      asOf: latest(reports.map((r) => r.asOf)),
      name: single(reports.map((r) => r.portfolio.name)),
    };
  }
  // EPT and EMT: one row per share class; each row's identifier is the share class's ISIN when it has one.
  const rows =
    kind === 'ept'
      ? locatedEptRows(table, ORIGIN).map((r) => ({ ...r.fields, date: r.fields.kidPublicationDate || null }))
      : locatedEmtRows(table, ORIGIN).map((r) => ({ ...r.fields, date: r.fields.referenceDate }));
  return {
    ...base,
    isins: distinct(rows.map((r) => normaliseIsin(r.isin))),
    asOf: latest(rows.map((r) => r.date)),
    name: single(rows.map((r) => r.name || null)),
  };
}

/** The latest of some YYYY-MM-DD dates. */
function latest(dates: Array<string | null>): string | null {
  return distinct(dates).sort().at(-1) ?? null;
}

/** The one value all give, or null when they give none or several (a file of many share classes has no one name). */
function single(values: Array<string | null>): string | null {
  const found = distinct(values.map((v) => v?.trim() || null));
  return found.length === 1 ? found[0] : null;
}

/** A template definition names one field per row (NUM, DATA, DEFINITION...), never a header of coded columns. */
function isTemplateDefinition(rows: Cell[][]): boolean {
  const perColumn = new Map<number, number>();
  for (const row of rows)
    row.forEach((cell, i) => {
      if (fieldCode(cell) !== null) perColumn.set(i, (perColumn.get(i) ?? 0) + 1);
    });
  return [...perColumn.values()].some((n) => n >= MIN_TEMPLATE_FIELDS);
}

// ---------------------------------------------------------------------------------------------- holdings

/** The first sheet that reads as a holdings list, with what it says of itself. */
function holdingsIn(sheets: Cell[][][], delimiter?: string): Reading | null {
  for (const rows of sheets) {
    let file: HoldingsFile;
    try {
      file = parseHoldingsTable(rows, ORIGIN, delimiter);
    } catch (err) {
      if (err instanceof UnreadableDocumentError) continue;
      throw err;
    }
    if (file.holdings.length === 0) continue;
    const header = headerRow(rows);
    return {
      ok: true,
      description: {
        kind: 'holdings',
        language: header.language,
        // A holdings file names its holdings, not itself: the caller knows which fund it is for.
        isins: [],
        asOf: file.asOf,
        name: statedName(rows.slice(0, Math.max(0, header.index))),
      },
    };
  }
  return null;
}

/** Rows a holdings header is looked for in, as holdings.ts does. */
const HEADER_SCAN_ROWS = 60;

/** The row whose cells are most holdings headers, and the language most of them are in (null on a tie). */
function headerRow(rows: Cell[][]): { index: number; language: string | null } {
  let best = { index: -1, score: 0, language: null as string | null };
  rows.slice(0, HEADER_SCAN_ROWS).forEach((row, index) => {
    const scores = Object.entries(HOLDINGS_HEADER_WORDS).map(([code, words]) => ({
      code,
      score: row.filter((c) => isHeaderWord(normaliseHeader(cellText(c)), words)).length,
    }));
    scores.sort((a, b) => b.score - a.score);
    const total = scores.reduce((n, s) => n + s.score, 0);
    if (total > best.score)
      best = { index, score: total, language: scores[0].score > (scores[1]?.score ?? 0) ? scores[0].code : null };
  });
  return best;
}

/** Exact, or a long word the header starts with ("Gewichtung in %", "Weight (%)"). */
function isHeaderWord(header: string, words: readonly string[]): boolean {
  return header !== '' && words.some((w) => header === w || (w.length >= 5 && header.startsWith(w)));
}

/** "Fund Name:" / "SPDR... ETF" in the lines above a holdings table (SPDR's header block). */
function statedName(preamble: Cell[][]): string | null {
  const label = /^(?:fund name|fund|nom du fonds|fondsname|name des fonds|nome del fondo|nombre del fondo)\s*:?$/i;
  for (const row of preamble) {
    const cells = row.map((c) => cellText(c).trim());
    const at = cells.findIndex((c) => label.test(c));
    const value = at >= 0 ? cells.slice(at + 1).find((c) => c !== '') : undefined;
    if (value) return value;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------- NAV

/** A NAV history in one of a workbook's sheets, filed as that sheet's CSV (the NAV reader reads CSV and JSON). */
function navInSheets(sheets: readonly Cell[][][]): Reading | null {
  for (const rows of sheets) {
    const csv = asCsv(rows);
    const found = navIn(csv, TABLE_MEDIA_TYPES.csv);
    if (found?.ok) return { ...found, converted: { content: csv, mediaType: TABLE_MEDIA_TYPES.csv } };
  }
  return null;
}

function navIn(content: Buffer, mediaType: string, json?: unknown): Reading | null {
  let last: string | undefined;
  try {
    last = parseNav(content, mediaType, ORIGIN).fund.at(-1)?.date;
  } catch (err) {
    if (err instanceof UnreadableDocumentError) return null;
    throw err;
  }
  const own = json === undefined ? { isins: [], name: null } : ownIdentity(json);
  return { ok: true, description: { kind: 'nav', language: null, asOf: last ?? null, ...own } };
}

/** Depth searched for the fund's own ISIN in a NAV JSON (an API envelope or a series object). */
const IDENTITY_DEPTH = 3;
/** More ISINs than this at one level are a list of other things, not the fund's own. */
const MAX_OWN_ISINS = 3;
const ISIN_KEYS = new Set(['isin', 'isincode', 'fundisin', 'shareclassisin']);
const NAME_KEYS = new Set(['name', 'fundname', 'longname', 'shortname']);

/** The ISIN (and name beside it) a NAV JSON states for its fund: "isin": "SE0009807308" next to the series. */
function ownIdentity(json: unknown): { isins: string[]; name: string | null } {
  let level: unknown[] = [json];
  for (let depth = 0; depth <= IDENTITY_DEPTH && level.length > 0; depth++) {
    const objects = level.filter((n): n is Record<string, unknown> => n !== null && typeof n === 'object');
    const found = objects.flatMap((o) => {
      const entries = Array.isArray(o) ? [] : Object.entries(o);
      const isin = entries.map(([k, v]) => (ISIN_KEYS.has(normaliseHeader(k)) ? normaliseIsin(v) : null)).find(Boolean);
      const name = entries.find(([k, v]) => NAME_KEYS.has(normaliseHeader(k)) && typeof v === 'string')?.[1];
      return isin ? [{ isin, name: typeof name === 'string' ? name : null }] : [];
    });
    const isins = distinct(found.map((f) => f.isin));
    if (isins.length > 0 && isins.length <= MAX_OWN_ISINS)
      return { isins, name: isins.length === 1 ? (found[0].name ?? null) : null };
    if (isins.length > MAX_OWN_ISINS) break;
    level = objects.flatMap((o) => Object.values(o));
  }
  return { isins: [], name: null };
}

// ---------------------------------------------------------------------------------------------- shapes

/** A sheet as CSV text, for the readers that take bytes: every cell quoted, dates as ISO. */
function asCsv(rows: Cell[][]): Buffer {
  return Buffer.from(
    rows.map((r) => r.map((c) => `"${cellText(c).replace(/"/g, '""')}"`).join(',')).join('\n'),
    'utf8',
  );
}

/** The first row that looks like a header (two cells or more), as a short list for a refusal. */
function columnsOf(rows: Cell[][]): string {
  const cells = (r: Cell[]) => r.map((c) => cellText(c).trim()).filter((c) => c !== '');
  const header =
    rows
      .slice(0, 20)
      .map(cells)
      .find((r) => r.length >= 2) ?? cells(rows[0] ?? []);
  return listed(header);
}

function keysOf(json: unknown): string {
  const node: unknown = Array.isArray(json)
    ? (json as unknown[]).find((n) => n !== null && typeof n === 'object')
    : json;
  return node !== null && typeof node === 'object' ? listed(Object.keys(node)) : 'none';
}

function listed(names: string[]): string {
  if (names.length === 0) return 'none';
  const shown = names.slice(0, NAMED_COLUMNS).map((n) => (n.length > 30 ? `${n.slice(0, 29)}…` : n));
  return `${shown.join(', ')}${names.length > NAMED_COLUMNS ? '…' : ''}`;
}

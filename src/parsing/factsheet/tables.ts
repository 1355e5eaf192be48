import type { PdfText } from '../pdf/text';
import type { Hit } from '../text/hits';
import type { TextLine } from '../text/lines';
import { parseDecimal } from '../text/numbers';
import { withoutSubtotals } from './subtotals';
import { layoutCells, type Views, viewsOf } from './views';

/**
 * Weighted tables of a factsheet: the holdings and the sector allocation, "name  weight" rows under a heading.
 * Patterns follow the LINEAR TIME rules of parsers/kid.ts (see factsheet.ts for layout lines).
 */

export interface WeightedName {
  name: string;
  weight: number;
}

export interface WeightedLabel {
  label: string;
  weight: number;
}

/** Positions a factsheet lists as its top holdings, at most. */
export const TOP_HOLDINGS = 10;

/**
 * Table headings are whole cells ("PORTFOLIO", "Top 10 Holdings", "INDUSTRY ALLOCATION (%)"), not words inside prose.
 */
// One blank run per optional part: see LINEAR TIME in kid.ts.
const HEADING_END = String.raw`\s*(?:\((?:%|in %|% of (?:net assets|aum))\)\s*)?:?$`;
const HOLDINGS_HEADING = new RegExp(
  String.raw`^(?:top (?:\d+ |ten )?(?:holdings|positions)|(?:portfolio )?holdings|portfolio|stock name|security name|principales? (?:lignes|positions)|top 10)${HEADING_END}`,
  'i',
);
const SECTOR_HEADING = new RegExp(
  String.raw`^(?:(?:portfolio classification by )?industry allocation|sector(?:al)? (?:allocation|breakdown|exposure|weights?)|sectors?|r[ée]partition sectorielle|secteurs?)${HEADING_END}`,
  'i',
);
const MAX_TABLE_LINES = 80;

/** A "name  weight" cell: where the name starts, the name, the weight. */
export interface Cell {
  column: number;
  name: string;
  weight: number;
  line: number;
  page: number;
}

const COLUMN_TOLERANCE = 3;
const MIN_COLUMN_ROWS = 3;
/** Rows of one column further apart than this belong to another table below it. */
const MAX_ROW_GAP = 5;

/**
 * Reads the "name  weight" cells of a block of layout lines, column by column. Cells are grouped by the
 * column their name starts in; a group needs MIN_COLUMN_ROWS rows to count as a table column, which drops
 * stray prose that happens to end in a number. Columns are read left to right, each top to bottom, so a
 * two-column table comes out as printed, never interleaved row by row.
 */
export function readWeightedColumns(lines: TextLine[]): Cell[][] {
  const cells = lines.flatMap((line, i) => cellsOf(line, i));
  const columns: Cell[][] = [];
  // Cells come sorted by column, so the first column within tolerance of a cell is never before the first
  // one within tolerance of the previous cell: a moving index finds it (searching every column for every
  // cell would be quadratic on a line of many cells).
  let candidate = 0;
  for (const cell of cells.sort((a, b) => a.column - b.column || a.line - b.line)) {
    while (candidate < columns.length && columns[candidate][0].column < cell.column - COLUMN_TOLERANCE) candidate++;
    const column = columns[candidate];
    if (column) column.push(cell);
    else columns.push([cell]);
  }
  return columns
    .map((c) => firstRun(c.sort((a, b) => a.line - b.line)))
    .filter((c) => c.length >= MIN_COLUMN_ROWS)
    .sort((a, b) => a[0].column - b[0].column);
}

/** The leading rows of a column up to the first gap wider than MAX_ROW_GAP lines. */
function firstRun(column: Cell[]): Cell[] {
  const end = column.findIndex((c, i) => i > 0 && c.line - column[i - 1].line > MAX_ROW_GAP);
  return end < 0 ? column : column.slice(0, end);
}

function cellsOf(line: TextLine, index: number): Cell[] {
  const out: Cell[] = [];
  // A name is words separated by single spaces; two or more spaces separate it from its weight.
  // Linear: a name starts only where a cell can start (not inside a word, not after "word "): every start
  // inside one run of words ends at the same gap, so trying each of them would rescan the run (quadratic).
  const cell = /(?<!\S)(?<!\S )(\S+(?: \S+)*)\s{2,}(\d{1,3}(?:[.,]\d{1,3}))\s?%?(?=\s{2,}|\s*$)/g;
  for (const m of line.text.matchAll(cell)) {
    const weight = parseDecimal(m[2]);
    if (weight === null || weight > 100 || !/\p{L}/u.test(m[1])) continue;
    out.push({ column: m.index ?? 0, name: m[1].trim(), weight, line: index, page: line.page });
  }
  return out;
}

/**
 * A row's trailing weight and the blanks before it. The name is what precedes it and must hold a letter;
 * /^(.*\p{L}.*?)\s+.../ would say the same but retry the tail after every letter of the line (quadratic).
 */
const TRAILING_WEIGHT = /(?<!\s)\s+(\d{1,3}[.,]\d{1,3})\s?%?$/;

/** Reading-order fallback: one "name weight" row per line (pdf.js keeps a row's cells on one line). */
function readWeightedRows(lines: TextLine[]): Cell[] {
  return lines.flatMap((line, i) => {
    const m = TRAILING_WEIGHT.exec(line.text);
    const name = m ? line.text.slice(0, m.index) : '';
    const weight = m && /\p{L}/u.test(name) ? parseDecimal(m[1]) : null;
    return weight !== null && weight <= 100 ? [{ column: 0, name: name.trim(), weight, line: i, page: line.page }] : [];
  });
}

/** Whether a line carries a heading as one of its cells (layout lines hold several columns). */
function hasHeadingCell(line: TextLine, heading: RegExp): boolean {
  return line.text
    .trim()
    .split(/\s{2,}|\t/)
    .some((cell) => cell.split(/\s+/).length <= 8 && heading.test(cell.replace(/^[•·*-]\s*/, '')));
}

/** The lines after a heading, up to the heading of the next table (`stop`) or MAX_TABLE_LINES. */
function tableBlock(lines: TextLine[], heading: RegExp, stop: RegExp | null): TextLine[] {
  const start = lines.findIndex((l) => hasHeadingCell(l, heading));
  if (start < 0) return [];
  const block: TextLine[] = [];
  for (const line of lines.slice(start + 1, start + 1 + MAX_TABLE_LINES)) {
    if (stop && hasHeadingCell(line, stop)) break;
    block.push(line);
  }
  return block;
}

function weightedTable(views: Views, heading: RegExp, stop: RegExp | null): Cell[] {
  if (views.layout.length > 0) {
    const block = tableBlock(views.layout, heading, stop);
    const columns = besideNameHeader(readWeightedColumns(block), block);
    if (columns.length > 0) return columns.flat();
  }
  return firstRun(readWeightedRows(tableBlock(views.reading, heading, stop)));
}

/** Column headers over the names of a holdings table ("Stock Name", "Company/Issuer"). */
const NAME_HEADER =
  /^(?:stock name|security name|securit(?:y|ies)|company(?: ?\/ ?issuer)?(?: name)?|issuer(?: name)?|name of (?:the )?(?:instrument|security|issuer|company)|instrument(?: name)?|holdings?|name|nom|libell[ée]|bezeichnung|wertpapier|titolo|emittente|emisor|valeur|titre)$/i;
/** Lines under a table heading where its column headers may stand. */
const HEADER_LINES = 5;
const MAX_HEADER_CELLS = 20;

/**
 * The columns from the table's first name header rightwards: a page's left column (fund details, "Beta
 * 0.91", "Regular Plan 1.62%") may sit beside the table on the same lines, and is not part of it. Without
 * a name header, every column is kept.
 */
function besideNameHeader(columns: Cell[][], block: TextLine[]): Cell[][] {
  const starts = block
    .slice(0, HEADER_LINES)
    .flatMap((l) => layoutCells(l.text, MAX_HEADER_CELLS))
    .filter((c) => NAME_HEADER.test(c.text))
    .map((c) => c.start);
  if (starts.length === 0) return columns;
  const left = Math.min(...starts) - COLUMN_TOLERANCE;
  const kept = columns.filter((c) => c[0].column >= left);
  return kept.length > 0 ? kept : columns;
}

/**
 * Every position of the holdings table in printed order, column by column, without the asset-class and
 * sector rows that group them, totals and cash (subtotals.ts).
 */
export function readHoldings(text: PdfText): WeightedName[] {
  const views = viewsOf(text);
  return holdingCells(views).map((c) => ({ name: c.name, weight: c.weight }));
}

function holdingCells(views: Views): Cell[] {
  return withoutSubtotals(weightedTable(views, HOLDINGS_HEADING, SECTOR_HEADING));
}

/** The heaviest TOP_HOLDINGS positions; equal weights keep their printed order. */
export function findTopHoldings(views: Views): Hit<WeightedName[]> | null {
  const cells = holdingCells(views);
  if (cells.length === 0) return null;
  const ranked = cells.map((c, i) => ({ c, i })).sort((a, b) => b.c.weight - a.c.weight || a.i - b.i);
  return {
    value: ranked.slice(0, TOP_HOLDINGS).map(({ c }) => ({ name: c.name, weight: c.weight })),
    page: cells[0].page,
  };
}

export function findSectors(views: Views): Hit<WeightedLabel[]> | null {
  const cells = weightedTable(views, SECTOR_HEADING, HOLDINGS_HEADING).filter(
    (c) => !/^(?:grand )?total\b/i.test(c.name),
  );
  if (cells.length === 0) return null;
  return { value: cells.map((c) => ({ label: c.name, weight: c.weight })), page: cells[0].page };
}

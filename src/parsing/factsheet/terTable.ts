import type { Hit } from '../text/hits';
import { firstIsin } from '../text/isin';
import type { TextLine } from '../text/lines';
import { normalisePercent } from '../text/numbers';
import { TER_LABEL } from './labelled';
import { type LayoutCell, layoutCells, type Views } from './views';

/**
 * A table of share classes with an ISIN column and a TER / ongoing charges column:
 *
 *   Share class      ISIN            Ongoing charges   Management fee
 *   A EUR Acc        LU0123456784    1.85%             1.50%
 *
 * Layout lines keep the columns apart by runs of blanks, reading-order lines by tabs (pdf.js puts one
 * between the cells of a row); either way a row's TER is the figure standing under the TER heading.
 * Linear: cells come from splitting a line, and each row is matched against a header of a few cells.
 */

/** The expense ratio of one plan or share class, as the factsheet prints it. */
export interface ShareClassTer {
  /** The plan or class as printed ("Regular Plan", "A EUR Acc"); the ISIN when the row names nothing else. */
  label: string;
  isin: string | null;
  /** Normalised as `ter` is: decimal point, at least two decimals ("1.62%"). */
  ter: string;
}

/** Where a cell starts and ends: character columns in layout lines, the cell's index in tabbed lines. */
type Cell = LayoutCell;

/** Lines under the header a table may take, and lines without an ISIN that end it. */
const MAX_TABLE_ROWS = 40;
const MAX_GAP_LINES = 2;
const MAX_CELLS = 20;
/** Characters of a row read: a share-class table is never wider. */
const MAX_ROW_CHARS = 400;

const ISIN_HEADER = /^(?:ISIN|ISIN code|code ISIN|ISIN-Code|codice ISIN|c[óo]digo ISIN)$/i;
const CLASS_HEADER =
  /(?<!\p{L})(?:share class|class|classe|klasse|clase|plan|option|name|part|parts|tranche|anteilsklasse|anteilklasse|categor[iy]a?)(?!\p{L})/iu;
const TER_HEADER = new RegExp(
  String.raw`(?:${TER_LABEL.source}|laufende kosten|gesamtkostenquote|spese correnti|gastos corrientes|lopende kosten)`,
  'iu',
);
const FIGURE = /^([-−]?\d{1,2}(?:[.,]\d{1,4})?) ?%?$/;

/** The rows of the first share-class table with an ISIN and a TER column: layout lines first. */
export function terTable(views: Views): Hit<ShareClassTer[]> | null {
  for (const [lines, layout] of [
    [views.layout, true],
    [views.reading, false],
  ] as const) {
    for (let i = 0; i < lines.length; i++) {
      const header = cellsOf(lines[i], layout);
      if (!header.some((c) => ISIN_HEADER.test(c.text)) || !header.some((c) => TER_HEADER.test(c.text))) continue;
      const rows = tableRows(lines, i, header, layout);
      if (rows.length > 0) return { value: rows, page: lines[i].page };
    }
  }
  return null;
}

/** A line's cells: split at runs of two blanks or more (layout) or at tabs (reading order). */
function cellsOf(line: TextLine, layout: boolean): Cell[] {
  if (layout) return layoutCells(line.text, MAX_CELLS);
  const parts = line.text.split('\t', MAX_CELLS);
  return parts.length < 2 ? [] : parts.map((text, k) => ({ start: k, end: k, text: text.trim() }));
}

function tableRows(lines: TextLine[], headerAt: number, header: Cell[], layout: boolean): ShareClassTer[] {
  const rows: ShareClassTer[] = [];
  let gap = 0;
  for (const line of lines.slice(headerAt + 1, headerAt + 1 + MAX_TABLE_ROWS)) {
    // Bounded: every header-like line reads the rows under it, so each row's cost must be a constant.
    const text = line.text.slice(0, MAX_ROW_CHARS);
    if (text.trim() === '') continue;
    const row = firstIsin(text) ? readRow(cellsOf({ text, page: line.page }, layout), header) : null;
    if (row) rows.push(row);
    gap = row ? 0 : gap + 1;
    if (gap >= MAX_GAP_LINES && rows.length > 0) break;
  }
  return rows;
}

/** A row's TER (the figure under the TER heading), its ISIN and its class name. */
function readRow(cells: Cell[], header: Cell[]): ShareClassTer | null {
  const terHeader = header.findIndex((c) => TER_HEADER.test(c.text));
  const figure = cells.find((c) => FIGURE.test(c.text) && nearestHeader(c, header) === terHeader);
  const m = figure ? FIGURE.exec(figure.text) : null;
  const ter = m ? normalisePercent(`${m[1]}%`) : null;
  const isinCell = cells.find((c) => firstIsin(c.text));
  const isin = isinCell ? (firstIsin(isinCell.text)?.isin ?? null) : null;
  if (ter === null || isin === null || !isinCell) return null;
  return { label: classLabel(cells, header, isinCell, isin), isin, ter };
}

/** Which header cell a row cell stands under: the one it overlaps most, else the nearest by centre. */
function nearestHeader(cell: Cell, header: Cell[]): number {
  let best = -1;
  let bestScore = -Infinity;
  header.forEach((h, k) => {
    const overlap = Math.min(cell.end, h.end) - Math.max(cell.start, h.start);
    const distance = Math.abs((cell.start + cell.end) / 2 - (h.start + h.end) / 2);
    const score = overlap > 0 ? overlap : -distance;
    if (score > bestScore) [best, bestScore] = [k, score];
  });
  return best;
}

/**
 * The class's name: the cell under a "Share class" / "Plan" heading, else what precedes the ISIN in its
 * cell or the row, else the ISIN itself.
 */
function classLabel(cells: Cell[], header: Cell[], isinCell: Cell, isin: string): string {
  const classHeader = header.findIndex((c) => CLASS_HEADER.test(c.text) && !ISIN_HEADER.test(c.text));
  const under = cells.find((c) => c !== isinCell && !FIGURE.test(c.text) && nearestHeader(c, header) === classHeader);
  if (classHeader >= 0 && under) return under.text;
  const inCell = isinCell.text.replace(isin, '').replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim();
  if (inCell) return inCell;
  const before = cells.filter((c) => c.start < isinCell.start && !FIGURE.test(c.text)).map((c) => c.text);
  return before.length > 0 ? before.join(' ') : isin;
}

/**
 * Finds the rows of a risk scale among the digits of a page: the seven digits 1..7, left to right, on
 * one baseline, of one size, evenly spaced and standing apart. Linear after a sort: the input comes from
 * outside, and a page of figures can hold thousands of digits.
 */
import type { DigitItem, Rgb } from './scaleTypes';

/** A scale: the digits 1..7 in order, left to right, with their spacing. */
export interface ScaleRow {
  cells: DigitItem[];
  gap: number;
}

/** Spacing of the digits along the row: each gap within this share of the median gap. */
const GAP_TOLERANCE = 0.2;
/** The digits of a scale stand apart: their spacing is at least this many digit widths (real scales: 4-8). */
const MIN_GAP_WIDTHS = 1.5;
/** Lines of other sizes a digit is compared with before it starts a line of its own. */
const LOOK_BACK = 8;
/** A page with more candidate rows than this is a table of figures, not a key document's scale. */
const MAX_ROWS = 16;
/** Digits taller than this (points) are headings or decoration, not the digits of a scale. */
const MAX_DIGIT_HEIGHT = 72;
/** Two colours closer than this (Euclidean, 0-255 RGB) are the same colour. */
const SAME_COLOR = 24;

/**
 * Rows of the seven digits 1..7 on one baseline. A digit drawn several times at nearly the same place (a
 * fake bold) counts once; other digits on the line may stand elsewhere, but not between the seven.
 */
export function findScaleRows(digits: readonly DigitItem[]): ScaleRow[] {
  const rows: ScaleRow[] = [];
  for (const line of groupByBaseline(withoutRepeats(digits))) rows.push(...scalesInLine(line));
  return rows.length > MAX_ROWS ? [] : rows;
}

/**
 * Repeats are found through a grid of cells as large as the test's reach for the tallest digit, keyed by
 * digit and cell, so each digit is compared with its few neighbours only.
 */
function withoutRepeats(digits: readonly DigitItem[]): DigitItem[] {
  const usable = digits.filter(
    (d) => d.height > 0 && d.height <= MAX_DIGIT_HEIGHT && d.width >= 0 && Number.isFinite(d.x) && Number.isFinite(d.y),
  );
  const cell = 0.3 * Math.max(0, ...usable.map((d) => d.height));
  const kept: DigitItem[] = [];
  const grid = new Map<string, DigitItem[]>();
  for (const d of usable) {
    const [i, j] = [Math.floor(d.x / cell), Math.floor(d.y / cell)];
    const q = 0.3 * d.height;
    const near = neighbours(grid, d.digit, i, j).find(
      (k) => Math.abs(k.x - d.x) < q && Math.abs(k.y - d.y) < q && sameSize(k, d),
    );
    if (near) {
      if (!sameInk(near.color, d.color)) near.color = null; // drawn twice in two colours: we cannot tell which shows
      continue;
    }
    const copy = { ...d };
    kept.push(copy);
    const key = `${d.digit}:${i}:${j}`;
    const bucket = grid.get(key);
    if (bucket) bucket.push(copy);
    else grid.set(key, [copy]);
  }
  return kept;
}

function neighbours(grid: Map<string, DigitItem[]>, digit: number, i: number, j: number): DigitItem[] {
  const found: DigitItem[] = [];
  for (let di = -1; di <= 1; di++)
    for (let dj = -1; dj <= 1; dj++) found.push(...(grid.get(`${digit}:${i + di}:${j + dj}`) ?? []));
  return found;
}

function sameInk(a: Rgb | null | undefined, b: Rgb | null | undefined): boolean {
  if (!a || !b) return a === b;
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) <= SAME_COLOR;
}

/** Items of about one size whose baselines agree within a quarter of their height (lines: sorted by x). */
function groupByBaseline(digits: readonly DigitItem[]): DigitItem[][] {
  const lines: DigitItem[][] = [];
  for (const d of [...digits].sort((a, b) => a.y - b.y)) {
    let line: DigitItem[] | undefined;
    for (let k = lines.length - 1; k >= Math.max(0, lines.length - LOOK_BACK) && !line; k--) {
      const first = lines[k][0];
      if (Math.abs(first.y - d.y) <= 0.25 * first.height && sameSize(first, d)) line = lines[k];
    }
    if (line) line.push(d);
    else lines.push([d]);
  }
  return lines.map((line) => line.sort((a, b) => a.x - b.x));
}

function sameSize(a: DigitItem, b: DigitItem): boolean {
  return Math.abs(a.height - b.height) <= 0.2 * Math.max(a.height, b.height);
}

/** Each run of seven neighbours reading 1..7 that is evenly spaced with the digits apart. */
function scalesInLine(line: readonly DigitItem[]): ScaleRow[] {
  const rows: ScaleRow[] = [];
  for (let i = 0; i + 7 <= line.length; i++) {
    if (line[i].digit !== 1) continue;
    const cells = line.slice(i, i + 7);
    if (!cells.every((c, k) => c.digit === k + 1)) continue;
    const row = asScale(cells);
    if (row) rows.push(row);
  }
  return rows;
}

function asScale(cells: DigitItem[]): ScaleRow | null {
  const gaps = cells.slice(1).map((c, i) => c.x + c.width / 2 - (cells[i].x + cells[i].width / 2));
  const gap = median(gaps);
  const widest = Math.max(...cells.map((c) => c.width));
  // Digits (nearly) touching: a number such as a date or a phone number, not a scale.
  if (!(gap >= MIN_GAP_WIDTHS * widest)) return null;
  if (gaps.some((g) => Math.abs(g - gap) > GAP_TOLERANCE * gap)) return null;
  return { cells, gap };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

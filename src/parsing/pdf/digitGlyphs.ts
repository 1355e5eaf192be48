/**
 * Recognises a digit drawn as a vector outline (a scale whose digits were converted to paths, so the
 * text layer holds no digit at all). The outline is sampled on a coarse grid stretched over its ink box
 * and compared with the same grid of the digits 0-9 of a few common typefaces (digitTemplates.ts). Only a
 * clear match counts: the reading needs all seven digits of a scale, in order, so a glyph we are unsure
 * of costs the scale, never a wrong class.
 */
import { DIGIT_TEMPLATES } from './digitTemplates';
import type { Point } from './scaleTypes';

/** Grid of the comparison: rows and columns over the ink box, and samples per cell along each axis. */
export const GRID_ROWS = 12;
export const GRID_COLUMNS = 8;
const SAMPLES = 4;

/** Correlation with the best template at least this ... */
const MIN_MATCH = 0.8;
/** ... and ahead of the best template of any other digit by this much. */
const MIN_MARGIN = 0.1;
/** Ink box width over height of a digit (a 1 in a sans face is the narrowest, a 4 in a wide face the widest). */
const MIN_ASPECT = 0.12;
const MAX_ASPECT = 1.1;
/** Outlines with more edges than this are not a digit (and would cost too much to sample). */
const MAX_EDGES = 2000;

/**
 * Share of each grid cell the outline covers (row 0 at the top), by the fill rule given; null for an
 * outline without area or too complex to be a glyph.
 */
export function glyphRaster(subpaths: readonly (readonly Point[])[], evenOdd = false): Float32Array | null {
  const box = boundsOf(subpaths);
  if (!box) return null;
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  if (!(width > 0 && height > 0)) return null;
  const edges = edgesOf(subpaths);
  if (edges.length < 3 || edges.length > MAX_EDGES) return null;
  const cells = new Float32Array(GRID_ROWS * GRID_COLUMNS);
  const columns = GRID_COLUMNS * SAMPLES;
  const xs = Array.from({ length: columns }, (_, j) => box.x0 + ((j + 0.5) / columns) * width);
  for (let i = 0; i < GRID_ROWS * SAMPLES; i++) {
    const y = box.y1 - ((i + 0.5) / (GRID_ROWS * SAMPLES)) * height;
    const inside = scanline(edges, y, xs, evenOdd);
    const row = Math.floor(i / SAMPLES) * GRID_COLUMNS;
    for (let j = 0; j < columns; j++) if (inside[j]) cells[row + Math.floor(j / SAMPLES)] += 1 / (SAMPLES * SAMPLES);
  }
  return cells;
}

/** The digit 0-9 the outline clearly is, or null. */
export function recogniseDigit(subpaths: readonly (readonly Point[])[], evenOdd = false): number | null {
  const box = boundsOf(subpaths);
  if (!box) return null;
  const aspect = (box.x1 - box.x0) / (box.y1 - box.y0);
  if (!(aspect >= MIN_ASPECT && aspect <= MAX_ASPECT)) return null;
  const raster = glyphRaster(subpaths, evenOdd);
  return raster ? bestDigit(raster) : null;
}

/** The digit whose templates match the raster best, when the match is good and clearly ahead of the others. */
function bestDigit(raster: ArrayLike<number>): number | null {
  const best = new Array<number>(10).fill(-1);
  for (const template of templates()) {
    best[template.digit] = Math.max(best[template.digit], correlation(raster, template.cells));
  }
  const ranked = best.map((score, digit) => ({ score, digit })).sort((a, b) => b.score - a.score);
  const [first, second] = ranked;
  return first.score >= MIN_MATCH && first.score - second.score >= MIN_MARGIN ? first.digit : null;
}

/** Pearson correlation of two rasters: insensitive to stroke weight, which changes all cells alike. */
export function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < n; i++) {
    sa += a[i];
    sb += b[i];
  }
  const ma = sa / n;
  const mb = sb / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  }
  // A uniform raster (a plain bar filling its box) correlates with nothing.
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/** A raster as its template text: one digit 0-9 per cell (its coverage in ninths, 9 for full). */
export function encodeRaster(raster: ArrayLike<number>): string {
  return Array.from(raster, (v) => String(Math.min(9, Math.round(v * 9)))).join('');
}

interface Template {
  digit: number;
  cells: Float32Array;
}

let decoded: Template[] | null = null;

function templates(): Template[] {
  decoded ??= DIGIT_TEMPLATES.flatMap(({ digits }) =>
    digits.map((text, digit) => ({ digit, cells: Float32Array.from(text, (c) => Number(c) / 9) })),
  );
  return decoded;
}

interface Edge {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

function edgesOf(subpaths: readonly (readonly Point[])[]): Edge[] {
  const edges: Edge[] = [];
  for (const poly of subpaths) {
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i];
      const b = poly[(i + 1) % poly.length];
      if (a.y !== b.y) edges.push({ ax: a.x, ay: a.y, bx: b.x, by: b.y });
    }
  }
  return edges;
}

/** Which of the sample points (sorted xs) on the horizontal line y are inside the outline. */
function scanline(edges: readonly Edge[], y: number, xs: readonly number[], evenOdd: boolean): boolean[] {
  const crossings: { x: number; dir: number }[] = [];
  for (const e of edges) {
    const up = e.ay <= y && e.by > y;
    const down = e.by <= y && e.ay > y;
    if (up || down) crossings.push({ x: e.ax + ((y - e.ay) / (e.by - e.ay)) * (e.bx - e.ax), dir: up ? 1 : -1 });
  }
  crossings.sort((p, q) => p.x - q.x);
  const inside: boolean[] = [];
  let winding = 0;
  let k = 0;
  for (const x of xs) {
    while (k < crossings.length && crossings[k].x <= x) winding += crossings[k++].dir;
    inside.push(evenOdd ? winding % 2 !== 0 : winding !== 0);
  }
  return inside;
}

function boundsOf(subpaths: readonly (readonly Point[])[]): { x0: number; y0: number; x1: number; y1: number } | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const poly of subpaths) {
    for (const p of poly) {
      if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return null;
      x0 = Math.min(x0, p.x);
      y0 = Math.min(y0, p.y);
      x1 = Math.max(x1, p.x);
      y1 = Math.max(y1, p.y);
    }
  }
  return x1 > x0 && y1 > y0 ? { x0, y0, x1, y1 } : null;
}

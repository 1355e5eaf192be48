/**
 * Reads the risk class (SRI/SRRI 1-7) from the drawing of a KID's or KIID's risk scale, for documents
 * whose text layer states no class (the class is only shaded, coloured or framed). Pure: the PDF reader
 * thread collects the geometry of each page (`ScalePage`, see scaleGeometry.ts) and this module decides.
 *
 * Never a guess: a class is returned only when exactly one box of a 1..7 row of digits is clearly
 * marked and no other sign on the scale contradicts it; anything else (no scale, two boxes marked,
 * a colour ramp with nothing else singling one box out, signs that disagree) is null.
 *
 * Coordinates are PDF user space of the page (y up), in points; colours are 0-255 RGB.
 */

export interface Point {
  x: number;
  y: number;
}

export type Rgb = readonly [number, number, number];

/** A text item that is exactly one digit 1-7: its origin on the baseline, advance width and font height. */
export interface DigitItem {
  digit: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Something painted on the page, in painting order: a filled or stroked path (its subpaths as polygons;
 * curves flattened to their end points), or an image (its placed rectangle, colour unknown).
 */
export interface PaintedShape {
  kind: 'fill' | 'stroke' | 'image';
  subpaths: Point[][];
  /** Fill rule of a fill: even-odd instead of non-zero winding. */
  evenOdd?: boolean;
  /** Null when unknown (a pattern or shading, an image). */
  color: Rgb | null;
  /** Constant opacity (PDF `ca`/`CA`), 1 when absent. */
  alpha?: number;
  /** Stroke width in points. */
  lineWidth?: number;
}

/** A digit glyph as drawn, with its ink: the centre of the glyph and its fill colour (null: unknown). */
export interface DigitInk {
  digit: number;
  x: number;
  y: number;
  color: Rgb | null;
}

export interface ScalePage {
  page: number;
  digits: DigitItem[];
  /** Painting order; only shapes that reach a digit need be given. */
  shapes: PaintedShape[];
  inks: DigitInk[];
}

export interface RiskScaleReading {
  value: number;
  page: number;
}

/** Two colours closer than this (Euclidean, 0-255 RGB) are the same colour. */
const SAME_COLOR = 24;
/** The marked box must differ from the others by at least this much. */
const CLEAR_COLOR = 64;
/** A marked box is darker than the others by this much luminance (0-255), or ... */
const SALIENT_DARKER = 40;
/** ... more saturated (max - min channel) by this much. */
const SALIENT_SATURATION = 60;
/** A marked frame's line is at least this many times as thick as the other frames. */
const THICKER_FRAME = 1.5;
/** Spacing of the digits along the row: each gap within this share of the median gap. */
const GAP_TOLERANCE = 0.2;
/** The digits of a scale stand apart: their spacing is at least this many digit widths (real scales: 4-8). */
const MIN_GAP_WIDTHS = 1.5;
/** A cell-sized frame is at most this many gaps wide (a frame around the whole scale is not a mark). */
const CELL_FRAME_MAX_GAPS = 1.5;
/** The centre of a digit sits about this share of its font height above the baseline. */
const DIGIT_MIDDLE = 0.35;

const WHITE: Rgb = [255, 255, 255];

/** The class the drawn scale marks, or null; when several pages draw a scale, they must agree. */
export function readRiskScale(pages: readonly ScalePage[]): RiskScaleReading | null {
  const readings: RiskScaleReading[] = [];
  for (const page of pages) {
    for (const row of findScaleRows(page.digits)) {
      const value = markedClass(row, page);
      if (value !== null) readings.push({ value, page: page.page });
    }
  }
  const values = new Set(readings.map((r) => r.value));
  return values.size === 1 ? readings[0] : null;
}

// ---------------------------------------------------------------------------------------------------------
// The row of digits
// ---------------------------------------------------------------------------------------------------------

/** A scale: the digits 1..7 in order, left to right, with their spacing. */
export interface ScaleRow {
  cells: DigitItem[];
  gap: number;
}

/**
 * Rows of the seven digits 1..7 on one baseline, left to right, evenly spaced and of one size. A digit
 * drawn several times at nearly the same place (a fake bold) counts once; a row holding a digit twice
 * elsewhere is not a scale (we could not tell which one belongs to it).
 */
export function findScaleRows(digits: readonly DigitItem[]): ScaleRow[] {
  const rows: ScaleRow[] = [];
  for (const line of groupByBaseline(withoutRepeats(digits))) {
    const row = asScale(line);
    if (row) rows.push(row);
  }
  return rows;
}

function withoutRepeats(digits: readonly DigitItem[]): DigitItem[] {
  const kept: DigitItem[] = [];
  for (const d of digits) {
    if (!(d.height > 0) || !Number.isFinite(d.x) || !Number.isFinite(d.y)) continue;
    const near = (k: DigitItem) =>
      k.digit === d.digit && Math.abs(k.x - d.x) < 0.3 * d.height && Math.abs(k.y - d.y) < 0.3 * d.height;
    if (!kept.some(near)) kept.push(d);
  }
  return kept;
}

/** Items of about one size whose baselines agree within a quarter of their height. */
function groupByBaseline(digits: readonly DigitItem[]): DigitItem[][] {
  const lines: DigitItem[][] = [];
  for (const d of [...digits].sort((a, b) => a.y - b.y)) {
    const line = lines.find((l) => Math.abs(l[0].y - d.y) <= 0.25 * l[0].height && sameSize(l[0], d));
    if (line) line.push(d);
    else lines.push([d]);
  }
  return lines;
}

function sameSize(a: DigitItem, b: DigitItem): boolean {
  return Math.abs(a.height - b.height) <= 0.2 * Math.max(a.height, b.height);
}

function asScale(line: readonly DigitItem[]): ScaleRow | null {
  const cells: DigitItem[] = [];
  for (let digit = 1; digit <= 7; digit++) {
    const found = line.filter((d) => d.digit === digit);
    if (found.length !== 1) return null;
    cells.push(found[0]);
  }
  const gaps = cells.slice(1).map((c, i) => c.x - cells[i].x);
  const gap = median(gaps);
  // Not increasing, or digits (nearly) touching: a number such as a date, not a scale.
  if (!(gap >= MIN_GAP_WIDTHS * cells[0].width)) return null;
  if (gaps.some((g) => Math.abs(g - gap) > GAP_TOLERANCE * gap)) return null;
  return { cells, gap };
}

// ---------------------------------------------------------------------------------------------------------
// Which box is marked
// ---------------------------------------------------------------------------------------------------------

/** A sign read over the seven cells: one cell singled out, nothing, or something we must not read. */
export type Signal = { pick: number } | 'none' | 'conflict';

/** The three signs a box can be marked by: what shows behind its digit, a frame around it, the digit's ink. */
interface ScaleSignals {
  background: Signal;
  frame: Signal;
  ink: Signal;
}

function scaleSignals(row: ScaleRow, page: ScalePage): ScaleSignals {
  const centres = row.cells.map(centreOf);
  return {
    background: backgroundSignal(centres.map((c) => backgroundAt(c, page.shapes))),
    frame: frameSignal(centres.map((c) => frameAround(c, page.shapes, row.gap))),
    ink: inkSignal(row.cells.map((cell, i) => inkOf(cell, centres[i], page.inks))),
  };
}

/**
 * The class the row marks: every sign that singles out a cell must single out the same one, and none may be in
 * conflict.
 */
function markedClass(row: ScaleRow, page: ScalePage): number | null {
  const { background, frame, ink } = scaleSignals(row, page);
  const signals = [background, frame, ink];
  if (signals.includes('conflict')) return null;
  const picks = new Set(signals.flatMap((s) => (typeof s === 'object' ? [s.pick] : [])));
  return picks.size === 1 ? [...picks][0] : null;
}

function centreOf(d: DigitItem): Point {
  return { x: d.x + d.width / 2, y: d.y + DIGIT_MIDDLE * d.height };
}

/**
 * The colour showing behind a point: the page's white under every fill that covers it, in painting order; null under an
 * image.
 */
function backgroundAt(p: Point, shapes: readonly PaintedShape[]): Rgb | null {
  let color: Rgb | null = WHITE;
  for (const shape of shapes) {
    if (shape.kind === 'stroke' || !covers(shape, p)) continue;
    if (shape.kind === 'image' || shape.color === null) color = null;
    else color = color === null && (shape.alpha ?? 1) < 1 ? null : blend(shape.color, shape.alpha ?? 1, color ?? WHITE);
  }
  return color;
}

/** A stroked outline around the point no wider than a cell: the last one painted. */
function frameAround(
  p: Point,
  shapes: readonly PaintedShape[],
  gap: number,
): { color: Rgb | null; lineWidth: number } | null {
  let frame: { color: Rgb | null; lineWidth: number } | null = null;
  for (const shape of shapes) {
    if (shape.kind !== 'stroke') continue;
    const around = shape.subpaths.some(
      (poly) => windingNumber(poly, p) !== 0 && widthOf(poly) <= CELL_FRAME_MAX_GAPS * gap,
    );
    if (around) frame = { color: shape.color, lineWidth: shape.lineWidth ?? 1 };
  }
  return frame;
}

/** The ink of the digit's glyphs drawn at its place; null when none was seen or their colours disagree (unknown). */
function inkOf(cell: DigitItem, centre: Point, inks: readonly DigitInk[]): Rgb | null {
  const reach = 0.6 * cell.height;
  const colors = inks
    .filter((i) => i.digit === cell.digit && Math.hypot(i.x - centre.x, i.y - centre.y) <= reach)
    .map((i) => i.color);
  if (colors.length === 0 || colors.some((c) => c === null)) return null;
  const first = colors[0] as Rgb;
  return colors.every((c) => distance(c as Rgb, first) <= SAME_COLOR) ? first : null;
}

/**
 * Backgrounds: one box clearly darker or more colourful than six alike is marked; an image behind any digit tells
 * nothing.
 */
export function backgroundSignal(colors: readonly (Rgb | null)[]): Signal {
  if (colors.some((c) => c === null)) return 'none';
  return oddOneOut(colors as Rgb[], (odd, common) => darker(odd, common) || moreColourful(odd, common));
}

/** Digit inks: one digit lighter (white on a dark box) or more colourful than six alike is marked. */
export function inkSignal(colors: readonly (Rgb | null)[]): Signal {
  if (colors.some((c) => c === null)) return 'none';
  return oddOneOut(colors as Rgb[], (odd, common) => darker(common, odd) || moreColourful(odd, common));
}

/**
 * Frames: the one framed box, or among seven framed boxes the one whose frame is clearly thicker or
 * of another colour. Two to five framed boxes are a conflict; six (the marked box drawn without an
 * outline, say) tell nothing.
 */
export function frameSignal(frames: readonly ({ color: Rgb | null; lineWidth: number } | null)[]): Signal {
  const framed = frames.flatMap((f, i) => (f ? [i] : []));
  if (framed.length === 0 || framed.length === 6) return 'none';
  if (framed.length === 1) return { pick: framed[0] + 1 };
  if (framed.length < 6) return 'conflict';
  const all = frames as { color: Rgb | null; lineWidth: number }[];
  const widths = all.map((f) => f.lineWidth);
  const thick = widths.flatMap((w, i) => (widths.every((o, j) => j === i || w >= THICKER_FRAME * o) ? [i] : []));
  if (
    thick.length === 1 &&
    alike(
      widths.filter((_, i) => i !== thick[0]),
      (a, b) => Math.abs(a - b) <= 0.1 * Math.max(a, b),
    )
  )
    return { pick: thick[0] + 1 };
  if (all.some((f) => f.color === null)) return 'none';
  return oddOneOut(
    all.map((f) => f.color as Rgb),
    () => true,
  );
}

/**
 * One colour clearly apart from six alike, and salient (the caller's test: a mark stands out, it is not
 * the one box left blank): its cell. Seven alike, or no four alike (a colour ramp): nothing. Four or more
 * alike with two or more apart, or an odd one that is not salient (a bar filled up to the class): conflict.
 */
function oddOneOut(colors: readonly Rgb[], salient: (odd: Rgb, common: Rgb) => boolean): Signal {
  for (let i = 0; i < colors.length; i++) {
    const others = colors.filter((_, j) => j !== i);
    if (!alike(others, (a, b) => distance(a, b) <= SAME_COLOR)) continue;
    if (distance(colors[i], others[0]) <= SAME_COLOR) return 'none';
    if (distance(colors[i], others[0]) < CLEAR_COLOR) return 'conflict';
    return salient(colors[i], others[0]) ? { pick: i + 1 } : 'conflict';
  }
  return largestAlikeGroup(colors) >= 4 ? 'conflict' : 'none';
}

function largestAlikeGroup(colors: readonly Rgb[]): number {
  return Math.max(...colors.map((c) => colors.filter((o) => distance(o, c) <= SAME_COLOR).length));
}

function alike<T>(items: readonly T[], same: (a: T, b: T) => boolean): boolean {
  return items.every((a) => items.every((b) => same(a, b)));
}

function darker(a: Rgb, b: Rgb): boolean {
  return luminance(a) <= luminance(b) - SALIENT_DARKER;
}

function moreColourful(a: Rgb, b: Rgb): boolean {
  return saturation(a) >= saturation(b) + SALIENT_SATURATION;
}

// ---------------------------------------------------------------------------------------------------------
// Geometry and colour
// ---------------------------------------------------------------------------------------------------------

/** Whether a fill or image paints the point: non-zero winding or even-odd over all its subpaths. */
function covers(shape: PaintedShape, p: Point): boolean {
  let winding = 0;
  let crossings = 0;
  for (const poly of shape.subpaths) {
    const w = windingNumber(poly, p);
    winding += w;
    crossings += Math.abs(w) % 2;
  }
  return shape.evenOdd ? crossings % 2 === 1 : winding !== 0;
}

/** Winding number of a closed polygon around a point (0: outside). */
export function windingNumber(poly: readonly Point[], p: Point): number {
  let w = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    const side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y);
    if (a.y <= p.y && b.y > p.y && side > 0) w++;
    else if (a.y > p.y && b.y <= p.y && side < 0) w--;
  }
  return w;
}

function widthOf(poly: readonly Point[]): number {
  const xs = poly.map((q) => q.x);
  return Math.max(...xs) - Math.min(...xs);
}

function blend(top: Rgb, alpha: number, under: Rgb): Rgb {
  const a = Math.min(1, Math.max(0, alpha));
  return [0, 1, 2].map((k) => top[k] * a + under[k] * (1 - a)) as unknown as Rgb;
}

function distance(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

function luminance(c: Rgb): number {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

function saturation(c: Rgb): number {
  return Math.max(...c) - Math.min(...c);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** "#rrggbb" (how pdf.js reports colours) as RGB; null for anything else. */
export function parseHexColor(hex: unknown): Rgb | null {
  if (typeof hex !== 'string' || !/^#[0-9a-f]{6}$/i.test(hex)) return null;
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

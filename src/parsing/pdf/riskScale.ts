/**
 * Reads the risk class (SRI/SRRI 1-7) from the drawing of a KID's or KIID's risk scale, for documents
 * whose text layer states no class (the class is only shaded, coloured or framed). Pure: the PDF reader
 * thread collects the geometry of each page (`ScalePage`, see scaleGeometry.ts) and this module decides.
 *
 * Read on every layout that marks one box of a horizontal row: boxes touching or apart, drawn as `re`
 * rectangles or paths, the digits as text or as outlines (digitGlyphs.ts); the mark a fill of another
 * colour (grey, a colour, a dark fill with a white digit), a thicker or coloured frame, or the digit's ink.
 *
 * Never a guess: a class is returned only when exactly one box of a 1..7 row of digits is clearly
 * marked and no other sign on the scale contradicts it; anything else (no scale, two boxes marked,
 * a colour ramp with nothing else singling one box out, signs that disagree, boxes that do not form a
 * row, a part of the page the reader could not take in whole) is null.
 */
import { recogniseDigit } from './digitGlyphs';
import {
  type Background,
  backgroundAt,
  boundsOf,
  type Box,
  boxesFormRow,
  type CellSize,
  distance,
  type Frame,
  frameAround,
  median,
  sidesOf,
} from './scaleCells';
import { findScaleRows, type ScaleRow } from './scaleRows';
import {
  DIGIT_INK,
  DIGIT_MIDDLE,
  type DigitItem,
  type PaintedShape,
  type Point,
  type Rgb,
  type RiskScaleReading,
  type ScalePage,
} from './scaleTypes';

export { windingNumber } from './scaleCells';
export { findScaleRows } from './scaleRows';
export type { DigitItem, PaintedShape, Rgb, RiskScaleReading, ScalePage } from './scaleTypes';

/** The marked box must differ from the others by at least this much (Euclidean, 0-255 RGB). */
const CLEAR_COLOR = 64;
/** Two colours closer than this are the same colour. */
const SAME_COLOR = 24;
/** A marked box is darker than the others by this much luminance (0-255), or ... */
const SALIENT_DARKER = 40;
/** ... more saturated (max - min channel) by this much, or ... */
const SALIENT_SATURATION = 60;
/** ... of another hue, by this many degrees, both being clearly coloured (orange among blue boxes). */
const SALIENT_HUE = 60;
/** A marked frame's line is at least this many times as thick as the other frames. */
const THICKER_FRAME = 1.5;

/** The class the drawn scale marks, or null; when several pages draw a scale, they must agree. */
export function readRiskScale(pages: readonly ScalePage[]): RiskScaleReading | null {
  const readings: RiskScaleReading[] = [];
  for (const page of pages) {
    // A page the reader could not take in whole may hold a scale it did not hand over: say nothing.
    if (page.truncated) return null;
    const { digits, shapes } = withOutlinedDigits(page);
    for (const row of findScaleRows(digits)) {
      const value = markedClass(row, shapes);
      if (value !== null) readings.push({ value, page: page.page });
    }
  }
  const values = new Set(readings.map((r) => r.value));
  return values.size === 1 ? readings[0] : null;
}

/**
 * The page's digits with those drawn as outlines added, and its shapes without the outlines' own paint
 * (a digit's ink is not what lies behind it): the outline itself, and any other paint lying within a
 * digit's ink box (its stroke, a fake bold).
 */
function withOutlinedDigits(page: ScalePage): { digits: DigitItem[]; shapes: PaintedShape[] } {
  const outlined: { item: DigitItem; box: Box; shape: PaintedShape }[] = [];
  for (const shape of page.shapes) {
    if (!shape.glyph || shape.kind !== 'fill') continue;
    const digit = recogniseDigit(shape.subpaths, shape.evenOdd);
    const box = shapeBox(shape);
    if (digit === null || digit < 1 || digit > 7 || !box) continue;
    const ink = (box.y1 - box.y0) / DIGIT_INK;
    const color = (shape.alpha ?? 1) < 1 ? null : shape.color;
    outlined.push({ item: { digit, x: box.x0, y: box.y0, width: box.x1 - box.x0, height: ink, color }, box, shape });
  }
  if (outlined.length === 0) return { digits: page.digits, shapes: page.shapes };
  const inDigit = digitBoxIndex(outlined.map((o) => o.box));
  const own = new Set(outlined.map((o) => o.shape));
  return {
    digits: [...page.digits, ...outlined.map((o) => o.item)],
    shapes: page.shapes.filter((s) => s.kind === 'image' || !(own.has(s) || inDigit(shapeBox(s)))),
  };
}

/**
 * Whether a box lies within one of the digits' boxes (with a tenth of its height to spare), through a
 * grid of cells as large as the largest digit: each test looks at one cell's few digits.
 */
function digitBoxIndex(boxes: readonly Box[]): (box: Box | null) => boolean {
  const cell = Math.max(...boxes.map((b) => Math.max(b.x1 - b.x0, b.y1 - b.y0)));
  const grid = new Map<string, Box[]>();
  for (const b of boxes) {
    for (let i = Math.floor(b.x0 / cell); i <= Math.floor(b.x1 / cell); i++) {
      for (let j = Math.floor(b.y0 / cell); j <= Math.floor(b.y1 / cell); j++) {
        grid.set(`${i}:${j}`, [...(grid.get(`${i}:${j}`) ?? []), b]);
      }
    }
  }
  return (box) => {
    if (!box) return false;
    const key = `${Math.floor((box.x0 + box.x1) / 2 / cell)}:${Math.floor((box.y0 + box.y1) / 2 / cell)}`;
    return (grid.get(key) ?? []).some((b) => within(box, b, 0.1 * (b.y1 - b.y0)));
  };
}

function shapeBox(shape: PaintedShape): Box | null {
  const boxes = shape.subpaths.filter((p) => p.length > 0).map(boundsOf);
  return boxes.length ? boxes.reduce(unionBox) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Which box is marked
// ---------------------------------------------------------------------------------------------------------

/** A sign read over the seven cells: one cell singled out, nothing, or something we must not read. */
export type Signal = { pick: number } | 'none' | 'conflict';

interface RowReading {
  centres: Point[];
  backgrounds: Background[];
  frames: (Frame | null)[];
  inks: (Rgb | null)[];
}

function readRow(row: ScaleRow, shapes: readonly PaintedShape[]): RowReading {
  const centres = row.cells.map(centreOf);
  const size: CellSize = { gap: row.gap, height: median(row.cells.map((c) => c.height)) };
  const sides = shapes.flatMap(sidesOf);
  return {
    centres,
    backgrounds: centres.map((c) => backgroundAt(c, shapes, size)),
    frames: centres.map((c) => frameAround(c, shapes, sides, size)),
    inks: row.cells.map((c) => c.color ?? null),
  };
}

/**
 * The class the row marks: every sign that singles out a cell must single out the same one, none may be
 * in conflict, a marked background must be the cell's own box, and the cells' boxes must form a row.
 */
function markedClass(row: ScaleRow, shapes: readonly PaintedShape[]): number | null {
  const reading = readRow(row, shapes);
  const background = backgroundSignal(reading.backgrounds.map((b) => b.color));
  const signals = [background, frameSignal(reading.frames), inkSignal(reading.inks)];
  if (signals.includes('conflict')) return null;
  const picks = new Set(signals.flatMap((s) => (typeof s === 'object' ? [s.pick] : [])));
  if (picks.size !== 1) return null;
  const [pick] = picks;
  // A colour that is not a box of the cell's own (a table column shaded over several rows, a tall bar).
  if (typeof background === 'object' && reading.backgrounds[pick - 1].box === null) return null;
  // A frame outlines the whole cell; a fill may be an inner band of it (a shaded line of text in a table cell).
  const boxes = reading.frames.map((f, i) => f?.box ?? reading.backgrounds[i].box);
  return boxesFormRow(boxes, reading.centres, row.gap) ? pick : null;
}

function centreOf(d: DigitItem): Point {
  return { x: d.x + d.width / 2, y: d.y + DIGIT_MIDDLE * d.height };
}

/**
 * Backgrounds: one box clearly darker, more colourful or of another hue than six alike is marked; an
 * image behind any digit tells nothing.
 */
export function backgroundSignal(colors: readonly (Rgb | null)[]): Signal {
  if (colors.some((c) => c === null)) return 'none';
  return oddOneOut(
    colors as Rgb[],
    (odd, common) => darker(odd, common) || moreColourful(odd, common) || otherHue(odd, common),
  );
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
  const othersAlike = (i: number) =>
    alike(
      widths.filter((_, j) => j !== i),
      (a, b) => Math.abs(a - b) <= 0.1 * Math.max(a, b),
    );
  if (thick.length === 1 && othersAlike(thick[0])) return { pick: thick[0] + 1 };
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

function otherHue(a: Rgb, b: Rgb): boolean {
  if (saturation(a) < SALIENT_SATURATION || saturation(b) < SALIENT_SATURATION) return false;
  const turn = Math.abs(hue(a) - hue(b));
  return Math.min(turn, 360 - turn) >= SALIENT_HUE;
}

// ---------------------------------------------------------------------------------------------------------
// Colour and boxes
// ---------------------------------------------------------------------------------------------------------

function luminance(c: Rgb): number {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

function saturation(c: Rgb): number {
  return Math.max(...c) - Math.min(...c);
}

/** Hue in degrees (0 red, 120 green, 240 blue). */
function hue([r, g, b]: Rgb): number {
  const max = Math.max(r, g, b);
  const range = max - Math.min(r, g, b);
  if (range === 0) return 0;
  const h = max === r ? (g - b) / range : max === g ? 2 + (b - r) / range : 4 + (r - g) / range;
  return (h * 60 + 360) % 360;
}

function unionBox(a: Box, b: Box): Box {
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}

function within(inner: Box, outer: Box, slack: number): boolean {
  return (
    inner.x0 >= outer.x0 - slack &&
    inner.y0 >= outer.y0 - slack &&
    inner.x1 <= outer.x1 + slack &&
    inner.y1 <= outer.y1 + slack
  );
}

/** "#rrggbb" (how pdf.js reports colours) as RGB; null for anything else. */
export function parseHexColor(hex: unknown): Rgb | null {
  if (typeof hex !== 'string' || !/^#[0-9a-f]{6}$/i.test(hex)) return null;
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

/**
 * What each cell of a scale shows around its digit: the colour behind the digit (and the box it comes
 * from, when a box of the cell's size paints it), and the frame around it (a stroked outline, or four
 * sides drawn as separate lines or thin bars, as office programs draw table borders).
 */
import type { PaintedShape, Point, Rgb } from './scaleTypes';

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The size of a scale's cell: the spacing of its digits and their font height. */
export interface CellSize {
  gap: number;
  height: number;
}

export interface Background {
  /** Null under an image, a pattern or a shading. */
  color: Rgb | null;
  /** The cell-sized box whose paint shows at the digit; null when it is the page or a larger surface. */
  box: Box | null;
}

export interface Frame {
  /** Null when unknown, or when the sides disagree. */
  color: Rgb | null;
  lineWidth: number;
  box: Box;
}

/** A box belongs to one cell: at most this many digit spacings wide ... */
const CELL_MAX_GAPS = 1.5;
/** ... and this many digit heights tall (a table column or a chart's bar reaching over rows is not a box). */
const CELL_MAX_HEIGHTS = 5;
/** A line drawn as a filled bar: its thickness is at most this share of its length. */
const BAR_THINNESS = 0.25;
/** Two colours closer than this (Euclidean, 0-255 RGB) are the same colour. */
const SAME_COLOR = 24;

const WHITE: Rgb = [255, 255, 255];

function isCellSized(box: Box, size: CellSize): boolean {
  return box.x1 - box.x0 <= CELL_MAX_GAPS * size.gap && box.y1 - box.y0 <= CELL_MAX_HEIGHTS * size.height;
}

/**
 * The colour showing behind a point: the page's white under every fill that covers it, in painting
 * order; null under an image. Its box: the covering contour of the last fill, when it is cell-sized.
 */
export function backgroundAt(p: Point, shapes: readonly PaintedShape[], size: CellSize): Background {
  let color: Rgb | null = WHITE;
  let box: Box | null = null;
  for (const shape of shapes) {
    if (shape.kind === 'stroke' || !covers(shape, p)) continue;
    const alpha = shape.alpha ?? 1;
    if (shape.kind === 'image' || shape.color === null) color = null;
    else color = color === null && alpha < 1 ? null : blend(shape.color, alpha, color ?? WHITE);
    const around = contourAround(shape, p);
    box = around && isCellSized(around, size) ? around : null;
  }
  return { color, box };
}

/**
 * The frame around a point: the last cell-sized stroked outline enclosing it, or else four sides around
 * it (`sides`: sidesOf the same shapes, worked out once per row).
 */
export function frameAround(
  p: Point,
  shapes: readonly PaintedShape[],
  sides: readonly Side[],
  size: CellSize,
): Frame | null {
  let frame: Frame | null = null;
  for (const shape of shapes) {
    if (shape.kind !== 'stroke') continue;
    for (const poly of shape.subpaths) {
      const box = boundsOf(poly);
      if (poly.length > 2 && windingNumber(poly, p) !== 0 && isCellSized(box, size))
        frame = { color: shape.color, lineWidth: shape.lineWidth ?? 1, box };
    }
  }
  return frame ?? sidesAround(p, sides, size);
}

/** A straight horizontal or vertical mark: a stroked segment or a thin filled bar. */
export interface Side {
  horizontal: boolean;
  /** Its position across (y of a horizontal side), and its extent along. */
  at: number;
  from: number;
  to: number;
  thickness: number;
  color: Rgb | null;
}

/** Four sides enclosing the point within a cell's reach, the nearest on each side (the last drawn among equals). */
function sidesAround(p: Point, sides: readonly Side[], size: CellSize): Frame | null {
  const reach = { across: (CELL_MAX_GAPS / 2) * size.gap, up: (CELL_MAX_HEIGHTS / 2) * size.height };
  const nearest: (Side & { distance: number })[] = [];
  for (const side of sides) {
    const along = side.horizontal ? p.x : p.y;
    if (along < side.from || along > side.to) continue;
    const offset = side.at - (side.horizontal ? p.y : p.x);
    const slot = (side.horizontal ? 0 : 2) + (offset > 0 ? 0 : 1);
    const distance = Math.abs(offset);
    if (distance > (side.horizontal ? reach.up : reach.across) || distance === 0) continue;
    const held = nearest[slot];
    if (!held || distance <= held.distance + 0.5) nearest[slot] = { ...side, distance };
  }
  if (![0, 1, 2, 3].every((k) => nearest[k])) return null;
  const [top, bottom, right, left] = nearest;
  return {
    color: majorityColor(nearest.map((s) => s.color)),
    lineWidth: Math.min(...nearest.map((s) => s.thickness)),
    box: { x0: left.at, y0: bottom.at, x1: right.at, y1: top.at },
  };
}

/** The straight marks of a shape that may be a cell's side. */
export function sidesOf(shape: PaintedShape): Side[] {
  if (shape.kind === 'stroke') {
    return shape.subpaths.flatMap((poly) =>
      poly.slice(1).flatMap((b, i) => segmentSide(poly[i], b, shape.lineWidth ?? 1, shape.color)),
    );
  }
  if (shape.kind !== 'fill') return [];
  return shape.subpaths.flatMap((poly): Side[] => {
    const box = boundsOf(poly);
    const [w, h] = [box.x1 - box.x0, box.y1 - box.y0];
    if (poly.length < 4 || poly.length > 5 || Math.min(w, h) > BAR_THINNESS * Math.max(w, h)) return [];
    return w >= h
      ? [{ horizontal: true, at: (box.y0 + box.y1) / 2, from: box.x0, to: box.x1, thickness: h, color: shape.color }]
      : [{ horizontal: false, at: (box.x0 + box.x1) / 2, from: box.y0, to: box.y1, thickness: w, color: shape.color }];
  });
}

function segmentSide(a: Point, b: Point, thickness: number, color: Rgb | null): Side[] {
  const [dx, dy] = [Math.abs(b.x - a.x), Math.abs(b.y - a.y)];
  if (dy <= 0.02 * dx)
    return [
      { horizontal: true, at: (a.y + b.y) / 2, from: Math.min(a.x, b.x), to: Math.max(a.x, b.x), thickness, color },
    ];
  if (dx <= 0.02 * dy)
    return [
      { horizontal: false, at: (a.x + b.x) / 2, from: Math.min(a.y, b.y), to: Math.max(a.y, b.y), thickness, color },
    ];
  return [];
}

/** The colour of at least three of the four sides (a cell next to a marked one shares one of its sides). */
function majorityColor(colors: readonly (Rgb | null)[]): Rgb | null {
  for (const c of colors) {
    if (c && colors.filter((o) => o && distance(o, c) <= SAME_COLOR).length >= 3) return c;
  }
  return null;
}

/**
 * The boxes of a row's cells (each cell's own box, when it has one) form a row: one height, one band,
 * each centred on its digit. A bar chart's bars, or boxes shifted off their digits, do not.
 */
export function boxesFormRow(boxes: readonly (Box | null)[], centres: readonly Point[], gap: number): boolean {
  const present = boxes.flatMap((b, i) => (b ? [{ b, c: centres[i] }] : []));
  if (present.length === 0) return true;
  const height = median(present.map(({ b }) => b.y1 - b.y0));
  const bottom = median(present.map(({ b }) => b.y0));
  return present.every(
    ({ b, c }) =>
      Math.abs(b.y1 - b.y0 - height) <= 0.25 * height &&
      Math.abs(b.y0 - bottom) <= 0.25 * height &&
      Math.abs((b.x0 + b.x1) / 2 - c.x) <= 0.3 * gap,
  );
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

/** The smallest of the shape's contours that winds around the point, as a box. */
function contourAround(shape: PaintedShape, p: Point): Box | null {
  let best: Box | null = null;
  for (const poly of shape.subpaths) {
    if (windingNumber(poly, p) === 0) continue;
    const box = boundsOf(poly);
    if (!best || area(box) < area(best)) best = box;
  }
  return best;
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

export function boundsOf(poly: readonly Point[]): Box {
  let box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const q of poly)
    box = {
      x0: Math.min(box.x0, q.x),
      y0: Math.min(box.y0, q.y),
      x1: Math.max(box.x1, q.x),
      y1: Math.max(box.y1, q.y),
    };
  return box;
}

const area = (b: Box) => (b.x1 - b.x0) * (b.y1 - b.y0);

function blend(top: Rgb, alpha: number, under: Rgb): Rgb {
  const a = Math.min(1, Math.max(0, alpha));
  return [0, 1, 2].map((k) => top[k] * a + under[k] * (1 - a)) as unknown as Rgb;
}

export function distance(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

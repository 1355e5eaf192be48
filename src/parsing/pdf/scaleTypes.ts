/**
 * The geometry a drawn risk scale is read from (riskScale.ts): what the PDF reader thread collects on a
 * page (scaleGeometry.ts) and hands over. Coordinates are PDF user space of the page (y up), in points;
 * colours are 0-255 RGB.
 */

export interface Point {
  x: number;
  y: number;
}

export type Rgb = readonly [number, number, number];

/**
 * A digit 1-7: its origin on the baseline, advance width and font height, and the colour it is drawn in
 * (null or absent: unknown). Text glyphs come from the reader; outlined digits are recognised here and
 * given their ink box (width) and a height such that the usual middle of a digit is the ink's middle.
 */
export interface DigitItem {
  digit: number;
  x: number;
  y: number;
  width: number;
  height: number;
  color?: Rgb | null;
}

/**
 * Something painted on the page, in painting order: a filled or stroked path (its subpaths as polygons,
 * curves flattened), or an image (its placed rectangle, colour unknown).
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
  /** A small fill standing in a row of its like: possibly a digit drawn as an outline. */
  glyph?: boolean;
}

export interface ScalePage {
  page: number;
  /** The digits 1-7 drawn as text, one per glyph drawn. */
  digits: DigitItem[];
  /** Painting order; only shapes that reach a possible digit are given. */
  shapes: PaintedShape[];
  /** The reader hit one of its limits on this page: what it gives is incomplete and must not be read. */
  truncated?: boolean;
}

export interface RiskScaleReading {
  value: number;
  page: number;
}

/** The middle of a digit sits about this share of its font height above the baseline. */
export const DIGIT_MIDDLE = 0.35;
/** A digit's ink is about this share of its font height (the height given to an outlined digit). */
export const DIGIT_INK = 0.7;

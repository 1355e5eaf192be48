import { digitOutline, outlinePolygons } from '../../../test/fixtures/digitOutlines';
import { readRiskScale } from './riskScale';
import { backgroundAt, boxesFormRow, frameAround, sidesOf } from './scaleCells';
import type { DigitItem, PaintedShape, Point, Rgb, ScalePage } from './scaleTypes';

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
const GREY: Rgb = [160, 160, 160];
const LIGHT: Rgb = [200, 200, 200];
const BLUE: Rgb = [40, 90, 190];
const ORANGE: Rgb = [240, 130, 10];

const PITCH = 23;
const SIZE = { gap: PITCH, height: 9 };

const rect = (x: number, y: number, w: number, h: number): Point[] => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
];
const line = (ax: number, ay: number, bx: number, by: number): Point[] => [
  { x: ax, y: ay },
  { x: bx, y: by },
];

/** Seven text digits at x 100 + 23 i, baseline 600 (middles at y 603.15); shapes as given. */
function page(shapes: PaintedShape[], ink: (n: number) => Rgb = () => BLACK): ScalePage {
  const digits: DigitItem[] = [1, 2, 3, 4, 5, 6, 7].map((n) => ({
    digit: n,
    x: 97.5 + (n - 1) * PITCH,
    y: 600,
    width: 5,
    height: 9,
    color: ink(n),
  }));
  return { page: 1, digits, shapes };
}

/** A 20x15 box around digit n (1-7), moved by dx, and as tall as asked. */
const cell = (n: number, dx = 0, height = 15) => rect(90 + (n - 1) * PITCH + dx, 596, 20, height);
const fill = (subpaths: Point[][], color: Rgb): PaintedShape => ({ kind: 'fill', subpaths, color });
const stroke = (subpaths: Point[][], color: Rgb, lineWidth: number): PaintedShape => ({
  kind: 'stroke',
  subpaths,
  color,
  lineWidth,
});
const SEVEN = [1, 2, 3, 4, 5, 6, 7];

describe('backgrounds and their boxes', () => {
  it('gives the colour behind a point and the cell-sized box it comes from', () => {
    const shapes = [fill([rect(0, 0, 595, 842)], LIGHT), fill([cell(3)], BLUE)];
    expect(backgroundAt({ x: 146, y: 603 }, shapes, SIZE)).toEqual({
      color: BLUE,
      box: { x0: 136, y0: 596, x1: 156, y1: 611 },
    });
    expect(backgroundAt({ x: 100, y: 603 }, shapes, SIZE)).toEqual({ color: LIGHT, box: null });
  });

  it('gives no box for paint reaching over several rows (a table column, a tall bar)', () => {
    expect(backgroundAt({ x: 146, y: 603 }, [fill([cell(3, 0, 80)], BLUE)], SIZE).box).toBeNull();
  });
});

describe('frames', () => {
  const framesOf = (shapes: PaintedShape[]) => {
    const sides = shapes.flatMap(sidesOf);
    return SEVEN.map((n) => frameAround({ x: 100 + (n - 1) * PITCH, y: 603 }, shapes, sides, SIZE));
  };

  it('reads four separate lines around a digit as its frame, the thinnest side as its width', () => {
    const shapes = SEVEN.flatMap((n) => {
      const [x0, x1] = [90 + (n - 1) * PITCH, 110 + (n - 1) * PITCH];
      const width = n === 5 ? 2 : 0.5;
      return [line(x0, 596, x1, 596), line(x1, 596, x1, 611), line(x1, 611, x0, 611), line(x0, 611, x0, 596)].map((l) =>
        stroke([l], BLACK, width),
      );
    });
    expect(framesOf(shapes).map((f) => f?.lineWidth)).toEqual([0.5, 0.5, 0.5, 0.5, 2, 0.5, 0.5]);
    expect(readRiskScale([page(shapes)])?.value).toBe(5);
  });

  it('reads borders drawn as thin filled bars, as office programs draw a table', () => {
    const bars = (n: number, color: Rgb, t: number) => {
      const x0 = 90 + (n - 1) * PITCH;
      return fill(
        [rect(x0, 596, 20, t), rect(x0, 611 - t, 20, t), rect(x0, 596, t, 15), rect(x0 + 20 - t, 596, t, 15)],
        color,
      );
    };
    const shapes = SEVEN.map((n) => (n === 6 ? bars(n, ORANGE, 0.5) : bars(n, GREY, 0.5)));
    expect(readRiskScale([page(shapes)])?.value).toBe(6);
    expect(readRiskScale([page(SEVEN.map((n) => bars(n, GREY, 0.5)))])).toBeNull();
  });

  it('does not read a grid of lines (all cells framed alike) or sides beyond a cell', () => {
    const grid = [
      ...[596, 611].map((y) => stroke([line(80, y, 270, y)], BLACK, 0.5)),
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => stroke([line(88.5 + i * PITCH, 596, 88.5 + i * PITCH, 611)], BLACK, 0.5)),
    ];
    expect(framesOf(grid).every((f) => f?.lineWidth === 0.5)).toBe(true);
    expect(readRiskScale([page(grid)])).toBeNull();
    const far = [stroke([line(0, 700, 595, 700)], BLACK, 2), stroke([line(0, 500, 595, 500)], BLACK, 2)];
    expect(framesOf(far).every((f) => f === null)).toBe(true);
  });
});

describe('the boxes form a row', () => {
  const centres = SEVEN.map((n) => ({ x: 100 + (n - 1) * PITCH, y: 603 }));
  const box = (n: number, dx = 0, h = 15) => ({
    x0: 90 + (n - 1) * PITCH + dx,
    y0: 596,
    x1: 110 + (n - 1) * PITCH + dx,
    y1: 596 + h,
  });

  it('accepts boxes of one band centred on their digits, or a single box', () => {
    expect(
      boxesFormRow(
        SEVEN.map((n) => box(n)),
        centres,
        PITCH,
      ),
    ).toBe(true);
    expect(
      boxesFormRow(
        SEVEN.map((n) => (n === 3 ? box(n) : null)),
        centres,
        PITCH,
      ),
    ).toBe(true);
  });

  it('refuses bars of different heights and a box off its digit', () => {
    expect(
      boxesFormRow(
        SEVEN.map((n) => box(n, 0, 10 + 4 * n)),
        centres,
        PITCH,
      ),
    ).toBe(false);
    expect(
      boxesFormRow(
        SEVEN.map((n) => box(n, n === 4 ? 9 : 0)),
        centres,
        PITCH,
      ),
    ).toBe(false);
  });

  it('so a highlighted bar among bars of other heights is no mark', () => {
    const shapes = SEVEN.map((n) => fill([cell(n, 0, 12 + 3 * n)], n === 2 ? ORANGE : BLUE));
    expect(readRiskScale([page(shapes, () => WHITE)])).toBeNull();
  });
});

describe('what the reading will not use', () => {
  it('reads nothing from a page the reader marked truncated', () => {
    const shaded = SEVEN.map((n) => fill([cell(n)], n === 4 ? BLACK : LIGHT));
    expect(readRiskScale([page(shaded)])?.value).toBe(4);
    expect(readRiskScale([{ ...page(shaded), truncated: true }])).toBeNull();
  });

  it('reads a box of another hue among coloured ones, but not a faint difference', () => {
    expect(readRiskScale([page(SEVEN.map((n) => fill([cell(n)], n === 2 ? ORANGE : BLUE)))])?.value).toBe(2);
    expect(readRiskScale([page(SEVEN.map((n) => fill([cell(n)], n === 2 ? [60, 100, 200] : BLUE)))])).toBeNull();
  });

  it('takes a digit drawn twice in two colours as of unknown ink', () => {
    const twice = page([], (n) => (n === 3 ? WHITE : BLACK));
    twice.digits.push({ ...twice.digits[2], color: BLACK, x: twice.digits[2].x + 0.2 });
    expect(readRiskScale([twice])).toBeNull();
    expect(readRiskScale([page([], (n) => (n === 3 ? ORANGE : BLACK))])?.value).toBe(3);
  });
});

describe('outlined digits', () => {
  /** The digits as filled outlines (fixture font) centred on the cells, instead of text. */
  const outlined = (boxes: PaintedShape[], ink: (n: number) => Rgb): ScalePage => ({
    page: 2,
    digits: [],
    shapes: [
      ...boxes,
      ...SEVEN.map((n) => {
        const polys = outlinePolygons(digitOutline('condensedBold', n), 0.009);
        const xs = polys.flat().map((p) => p.x);
        const dx = 100 + (n - 1) * PITCH - (Math.min(...xs) + Math.max(...xs)) / 2;
        return {
          ...fill(
            polys.map((poly) => poly.map((p) => ({ x: p.x + dx, y: p.y + 600 }))),
            ink(n),
          ),
          glyph: true,
        };
      }),
    ],
  });

  it('reads them, their own ink not taken for what lies behind them', () => {
    const boxes = SEVEN.map((n) => fill([cell(n)], n === 6 ? BLACK : LIGHT));
    expect(readRiskScale([outlined(boxes, (n) => (n === 6 ? WHITE : BLACK))])).toEqual({ value: 6, page: 2 });
    expect(
      readRiskScale([
        outlined(
          SEVEN.map((n) => fill([cell(n)], LIGHT)),
          () => BLACK,
        ),
      ]),
    ).toBeNull();
  });

  it('reads nothing when a shape flagged as a glyph is not a digit', () => {
    const page = outlined(
      SEVEN.map((n) => fill([cell(n)], n === 6 ? BLACK : LIGHT)),
      () => BLACK,
    );
    page.shapes[page.shapes.length - 3] = { ...fill([rect(189.5, 600, 5, 6.5)], BLACK), glyph: true };
    expect(readRiskScale([page])).toBeNull();
  });
});

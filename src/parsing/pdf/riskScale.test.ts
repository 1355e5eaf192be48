import {
  backgroundSignal,
  type DigitItem,
  findScaleRows,
  frameSignal,
  inkSignal,
  type PaintedShape,
  parseHexColor,
  readRiskScale,
  type Rgb,
  type ScalePage,
  windingNumber,
} from './riskScale';

const GREY: Rgb = [199, 200, 202];
const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
const BLUE: Rgb = [0, 26, 255];

const GAP = 36;
const SIZE = 12;

interface CellDrawing {
  fill?: Rgb | null;
  alpha?: number;
  frame?: { color: Rgb; lineWidth: number };
  ink?: Rgb | null;
  image?: boolean;
}

function rect(x: number, y: number, w: number, h: number) {
  return [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ];
}

/**
 * A page with a 1-7 scale: digit items at x0 + i*GAP, each cell drawn as asked (undefined: nothing behind the digit).
 */
function scalePage(cells: CellDrawing[], { page = 1, x0 = 100, y0 = 500 } = {}): ScalePage {
  const digits: DigitItem[] = [];
  const shapes: PaintedShape[] = [];
  cells.forEach((cell, i) => {
    const x = x0 + i * GAP;
    digits.push({ digit: i + 1, x, y: y0, width: 6.7, height: SIZE, color: cell.ink });
    const box = rect(x - 14, y0 - 6, GAP - 2, 24);
    if (cell.image) shapes.push({ kind: 'image', subpaths: [box], color: null });
    if (cell.fill !== undefined) shapes.push({ kind: 'fill', subpaths: [box], color: cell.fill, alpha: cell.alpha });
    if (cell.frame)
      shapes.push({ kind: 'stroke', subpaths: [box], color: cell.frame.color, lineWidth: cell.frame.lineWidth });
  });
  return { page, digits, shapes };
}

const seven = (cell: (n: number) => CellDrawing) => [1, 2, 3, 4, 5, 6, 7].map(cell);
/** Grey boxes, the marked ones black: the Fidelity KIID's drawing. */
const shaded = (...marked: number[]) => seven((n) => ({ fill: marked.includes(n) ? BLACK : GREY }));
/** A colour ramp from green to red, as PRIIPs scales often are. */
const RAMP: Rgb[] = [
  [0, 150, 60],
  [90, 180, 50],
  [180, 200, 40],
  [250, 200, 0],
  [250, 140, 0],
  [240, 80, 0],
  [200, 0, 0],
];

describe('readRiskScale: which box is marked', () => {
  it('reads a shaded box among grey ones', () => {
    expect(readRiskScale([scalePage(shaded(5))])).toEqual({ value: 5, page: 1 });
  });

  it.each([1, 7])('reads a marked box at the end of the scale (%i)', (n) => {
    expect(readRiskScale([scalePage(shaded(n))])?.value).toBe(n);
  });

  it('reads a coloured box among unfilled ones (white page behind)', () => {
    expect(readRiskScale([scalePage(seven((n) => (n === 3 ? { fill: BLUE } : {})))])?.value).toBe(3);
  });

  it('reads a framed box when no other is framed', () => {
    expect(
      readRiskScale([scalePage(seven((n) => (n === 6 ? { frame: { color: BLACK, lineWidth: 1 } } : {})))])?.value,
    ).toBe(6);
  });

  it('reads the box whose frame is clearly thicker when all are framed', () => {
    const cells = seven((n) => ({ frame: { color: BLACK, lineWidth: n === 2 ? 2 : 0.5 } }));
    expect(readRiskScale([scalePage(cells)])?.value).toBe(2);
  });

  it('reads a white digit on an image (the box drawn as a picture), as the Invesco KID draws it', () => {
    const cells = seven((n) => ({ image: true, ink: n === 4 ? WHITE : BLACK }));
    expect(readRiskScale([scalePage(cells)])?.value).toBe(4);
  });

  it('reads a colour ramp whose marked box is also framed', () => {
    const cells = seven((n) => ({ fill: RAMP[n - 1], frame: n === 3 ? { color: BLACK, lineWidth: 2 } : undefined }));
    expect(readRiskScale([scalePage(cells)])?.value).toBe(3);
  });

  it('agrees when background and ink both single out the same box', () => {
    const cells = seven((n) => ({ fill: n === 2 ? BLUE : [240, 241, 245], ink: n === 2 ? WHITE : BLACK }));
    expect(readRiskScale([scalePage(cells)])?.value).toBe(2);
  });

  it('finds the scale wherever the page puts it (offset coordinates)', () => {
    expect(readRiskScale([scalePage(shaded(4), { x0: -2000, y0: 15000 })])?.value).toBe(4);
  });

  it('reads a fake-bold digit drawn four times at nearly the same place once', () => {
    const page = scalePage(shaded(4));
    const four = page.digits[3];
    page.digits.push(
      { ...four, x: four.x + 0.24 },
      { ...four, y: four.y - 0.24 },
      { ...four, x: four.x + 0.24, y: four.y - 0.24 },
    );
    expect(readRiskScale([page])?.value).toBe(4);
  });

  it('names the page of the scale, and accepts two pages that agree', () => {
    expect(readRiskScale([scalePage(shaded(3), { page: 2 }), scalePage(shaded(3), { page: 3 })])).toEqual({
      value: 3,
      page: 2,
    });
  });
});

describe('readRiskScale: never a guess', () => {
  it('is null without a scale', () => {
    expect(readRiskScale([])).toBeNull();
    expect(readRiskScale([{ page: 1, digits: [], shapes: [] }])).toBeNull();
  });

  it('is null when no box is marked', () => {
    expect(readRiskScale([scalePage(shaded())])).toBeNull();
    expect(readRiskScale([scalePage(seven(() => ({})))])).toBeNull();
  });

  it('is null when two boxes are marked', () => {
    expect(readRiskScale([scalePage(shaded(3, 5))])).toBeNull();
  });

  it('is null for a bar filled up to the class (the odd box out is the blank one)', () => {
    expect(readRiskScale([scalePage(seven((n) => ({ fill: n <= 6 ? BLUE : WHITE })))])).toBeNull();
    expect(readRiskScale([scalePage(seven((n) => ({ fill: n <= 4 ? BLUE : WHITE })))])).toBeNull();
  });

  it('is null for a colour ramp with nothing else singling a box out', () => {
    expect(readRiskScale([scalePage(seven((n) => ({ fill: RAMP[n - 1] })))])).toBeNull();
  });

  it('is null when the marked box differs only faintly (under the clear difference)', () => {
    expect(readRiskScale([scalePage(seven((n) => ({ fill: n === 5 ? [170, 170, 172] : GREY })))])).toBeNull();
  });

  it('is null when the mark is nearly transparent', () => {
    expect(
      readRiskScale([scalePage(seven((n) => ({ fill: n === 5 ? BLACK : GREY, alpha: n === 5 ? 0.1 : 1 })))]),
    ).toBeNull();
    expect(
      readRiskScale([scalePage(seven((n) => ({ fill: n === 5 ? BLACK : GREY, alpha: n === 5 ? 0.9 : 1 })))])?.value,
    ).toBe(5);
  });

  it('is null when two signs single out different boxes', () => {
    const cells = seven((n) => ({ fill: n === 3 ? BLACK : GREY, ink: n === 5 ? [220, 0, 0] : BLACK }));
    expect(readRiskScale([scalePage(cells)])).toBeNull();
  });

  it('is null when a mark singles out one box but another sign marks several', () => {
    const cells = seven((n) => ({
      fill: n === 3 ? BLACK : GREY,
      frame: n === 3 || n === 4 ? { color: BLACK, lineWidth: 1 } : undefined,
    }));
    expect(readRiskScale([scalePage(cells)])).toBeNull();
  });

  it('is null when two pages disagree', () => {
    expect(readRiskScale([scalePage(shaded(3)), scalePage(shaded(4), { page: 2 })])).toBeNull();
  });

  it('is null when an image hides what is behind the digits and nothing else marks a box', () => {
    expect(readRiskScale([scalePage(seven(() => ({ image: true, ink: BLACK })))])).toBeNull();
  });

  it('is null for garbage geometry without throwing', () => {
    const page = scalePage(shaded(5));
    page.digits = page.digits.map((d) => ({ ...d, x: Number.NaN }));
    expect(readRiskScale([page])).toBeNull();
    const empty = scalePage(shaded(5));
    empty.shapes = empty.shapes.map((s) => ({ ...s, subpaths: [[], [{ x: 0, y: 0 }]] }));
    expect(readRiskScale([empty])).toBeNull();
    const flat = scalePage(shaded(5));
    flat.digits = flat.digits.map((d) => ({ ...d, height: 0 }));
    expect(readRiskScale([flat])).toBeNull();
  });

  it('does not read a frame around the whole scale as a marked box', () => {
    const page = scalePage(seven(() => ({})));
    page.shapes.push({ kind: 'stroke', subpaths: [rect(50, 480, 300, 60)], color: BLACK, lineWidth: 2 });
    expect(readRiskScale([page])).toBeNull();
  });

  it('does not count a ring (even-odd outer and inner outline) as a filled box', () => {
    const page = scalePage(seven(() => ({})));
    const x = 100 + 2 * GAP;
    page.shapes.push({
      kind: 'fill',
      evenOdd: true,
      subpaths: [rect(x - 14, 494, 34, 24), rect(x - 12, 496, 30, 20)],
      color: BLACK,
    });
    expect(readRiskScale([page])).toBeNull();
  });
});

describe('findScaleRows', () => {
  const row = (xs: number[], ys: number[] = xs.map(() => 500)): DigitItem[] =>
    xs.map((x, i) => ({ digit: i + 1, x, y: ys[i], width: 6.7, height: SIZE }));
  const even = [0, 1, 2, 3, 4, 5, 6].map((i) => 100 + i * GAP);

  it('finds seven evenly spaced digits on one baseline', () => {
    expect(findScaleRows(row(even))).toHaveLength(1);
    expect(findScaleRows(row(even))[0].gap).toBeCloseTo(GAP);
  });

  it('tolerates small unevenness (within a fifth of the gap)', () => {
    expect(findScaleRows(row(even.map((x, i) => x + (i === 3 ? 6 : 0))))).toHaveLength(1);
  });

  it('refuses uneven spacing, digits out of order, a missing digit, a digit between, or another baseline', () => {
    expect(findScaleRows(row(even.map((x, i) => x + (i === 3 ? 12 : 0))))).toHaveLength(0);
    expect(findScaleRows(row([...even].reverse()))).toHaveLength(0);
    expect(findScaleRows(row(even).slice(0, 6))).toHaveLength(0);
    expect(findScaleRows([...row(even), { digit: 3, x: 190, y: 500, width: 6.7, height: SIZE }])).toHaveLength(0);
    expect(
      findScaleRows(
        row(
          even,
          even.map((_, i) => (i === 6 ? 520 : 500)),
        ),
      ),
    ).toHaveLength(0);
  });

  it('finds the seven among other digits of the line standing elsewhere (another column on the baseline)', () => {
    const digits = [...row(even), { digit: 3, x: 400, y: 500, width: 6.7, height: SIZE }];
    expect(findScaleRows(digits)).toHaveLength(1);
    expect(findScaleRows([{ digit: 5, x: 20, y: 500, width: 6.7, height: SIZE }, ...digits])).toHaveLength(1);
  });

  it('is linear: thousands of digits on a page of figures cost milliseconds', () => {
    const figures = Array.from({ length: 20000 }, (_, i) => ({
      digit: (i % 7) + 1,
      x: (i % 100) * 5,
      y: Math.floor(i / 100) * 4,
      width: 5,
      height: 8,
    }));
    const started = performance.now();
    expect(findScaleRows(figures)).toHaveLength(0);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses digits that touch (a number such as 1234567, not a scale)', () => {
    expect(findScaleRows(row([0, 1, 2, 3, 4, 5, 6].map((i) => 100 + i * 6.7)))).toHaveLength(0);
  });

  it('refuses digits of different sizes', () => {
    const digits = row(even);
    digits[2] = { ...digits[2], height: 24 };
    expect(findScaleRows(digits)).toHaveLength(0);
  });
});

describe('signals', () => {
  it('background: one salient odd box is a pick; seven alike is nothing; a blank odd box is a conflict', () => {
    expect(backgroundSignal([GREY, GREY, BLACK, GREY, GREY, GREY, GREY])).toEqual({ pick: 3 });
    expect(backgroundSignal([GREY, GREY, GREY, GREY, GREY, GREY, GREY])).toBe('none');
    expect(backgroundSignal([BLUE, BLUE, BLUE, BLUE, BLUE, BLUE, WHITE])).toBe('conflict');
    expect(backgroundSignal([GREY, null, BLACK, GREY, GREY, GREY, GREY])).toBe('none');
  });

  it('ink: a lighter or more colourful digit is a pick; a darker one among light ones is a conflict', () => {
    expect(inkSignal([BLACK, BLACK, BLACK, WHITE, BLACK, BLACK, BLACK])).toEqual({ pick: 4 });
    expect(inkSignal([BLACK, [220, 0, 0], BLACK, BLACK, BLACK, BLACK, BLACK])).toEqual({ pick: 2 });
    expect(inkSignal([WHITE, WHITE, WHITE, WHITE, WHITE, WHITE, BLACK])).toBe('conflict');
  });

  it('frames: one framed box, several framed boxes, six framed boxes', () => {
    const f = { color: BLACK, lineWidth: 1 };
    expect(frameSignal([null, null, f, null, null, null, null])).toEqual({ pick: 3 });
    expect(frameSignal([null, f, f, null, null, null, null])).toBe('conflict');
    expect(frameSignal([f, f, f, null, f, f, f])).toBe('none');
    expect(frameSignal([f, f, f, f, f, f, { color: [220, 0, 0], lineWidth: 1 }])).toEqual({ pick: 7 });
    expect(frameSignal([f, f, f, f, f, f, f])).toBe('none');
  });
});

describe('geometry helpers', () => {
  it('winding number of a square, either direction, and outside', () => {
    const square = rect(0, 0, 10, 10);
    expect(Math.abs(windingNumber(square, { x: 5, y: 5 }))).toBe(1);
    expect(Math.abs(windingNumber([...square].reverse(), { x: 5, y: 5 }))).toBe(1);
    expect(windingNumber(square, { x: 15, y: 5 })).toBe(0);
  });

  it('parses pdf.js colours', () => {
    expect(parseHexColor('#c7c8ca')).toEqual([199, 200, 202]);
    expect(parseHexColor('red')).toBeNull();
    expect(parseHexColor(undefined)).toBeNull();
  });
});

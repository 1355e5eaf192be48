/**
 * The drawn risk scale read end to end (generated PDF -> reader thread -> riskScale.ts) on each layout
 * real key documents use, and never read from drawings that only look like one. The pages come from
 * test/fixtures/riskScaleLayouts.ts.
 */
import {
  BLACK,
  type LayoutBox,
  type LayoutPage,
  layoutPdf,
  LIGHT_GREY,
  type Rgb01,
  type ScaleLayout,
  separateBoxes,
  WHITE,
} from '../../../test/fixtures/riskScaleLayouts';
import { closePdfReaders, extractPdfText } from './text';

afterAll(() => closePdfReaders());

const read = async (content: LayoutPage) =>
  (await extractPdfText(await layoutPdf(content), { riskScale: true, layout: false })).riskScale?.value ?? null;

const SEVEN = [1, 2, 3, 4, 5, 6, 7];
const ORANGE: Rgb01 = [0.95, 0.5, 0.05];
const MID_BLUE: Rgb01 = [0.2, 0.4, 0.75];
const RED: Rgb01 = [0.85, 0.1, 0.1];
const GREY: Rgb01 = [0.6, 0.6, 0.6];

type Digits = ScaleLayout['digits'];
const DIGITS: [string, Digits][] = [
  ['text digits', 'text'],
  ['outlined digits (condensed bold)', { outlines: 'condensedBold' }],
  ['outlined digits (monospaced)', { outlines: 'mono' }],
];
const DRAWS: ScaleLayout['draw'][] = ['re', 'path'];

/** Contiguous grey boxes, the marked one black with a white digit (the Fidelity KIIDs). */
const shaded = (marked: number): LayoutBox[] =>
  SEVEN.map((n) => (n === marked ? { fill: BLACK, ink: WHITE } : { fill: LIGHT_GREY }));
/** Nothing drawn but the marked box, filled. */
const colouredAlone = (marked: number, fill: Rgb01): LayoutBox[] => SEVEN.map((n) => (n === marked ? { fill } : {}));
/** Every box outlined, none filled; the marked one's outline differs as asked. */
const framed = (marked: number, mark: { color: Rgb01; width: number }): LayoutBox[] =>
  SEVEN.map((n) => ({ stroke: n === marked ? mark : { color: GREY, width: 0.5 } }));

describe.each(DIGITS)('the drawn scale with %s', (_, digits) => {
  it.each(DRAWS)(
    'reads the 2019 layout: separate 20x15 boxes, the marked one dark blue, boxes drawn as %s',
    async (draw) => {
      for (const marked of [1, 4, 7]) {
        expect(await read({ scale: { boxes: separateBoxes(marked), draw, digits } })).toBe(marked);
      }
    },
  );

  it('reads boxes painted through a clip (the whole page filled, clipped to the box)', async () => {
    expect(await read({ scale: { boxes: separateBoxes(5), draw: 'clip', digits } })).toBe(5);
    expect(await read({ scale: { boxes: separateBoxes(), draw: 'clip', digits } })).toBeNull();
  });

  it('reads contiguous shaded boxes (grey, the marked one black with a white digit)', async () => {
    const box = { width: 34, height: 22, gap: 0 };
    expect(await read({ scale: { boxes: shaded(5), box, digitSize: 14, digits } })).toBe(5);
  });

  it('reads a coloured box among boxes not drawn at all', async () => {
    expect(await read({ scale: { boxes: colouredAlone(3, ORANGE), digits } })).toBe(3);
  });

  it('reads a box of another hue among coloured ones (orange among blue)', async () => {
    const boxes = SEVEN.map((n) => ({ fill: n === 6 ? ORANGE : MID_BLUE, ink: WHITE }));
    expect(await read({ scale: { boxes, box: { width: 30, height: 20, gap: 2 }, digitSize: 11, digits } })).toBe(6);
  });

  it.each(DRAWS)('reads a framed box: thicker, or of another colour, none filled (%s)', async (draw) => {
    expect(await read({ scale: { boxes: framed(2, { color: BLACK, width: 2 }), draw, digits } })).toBe(2);
    expect(await read({ scale: { boxes: framed(6, { color: RED, width: 0.5 }), draw, digits } })).toBe(6);
    expect(
      await read({
        scale: {
          boxes: colouredAlone(4, BLACK).map((b) => (b.fill ? { stroke: { color: BLACK, width: 1 } } : {})),
          draw,
          digits,
        },
      }),
    ).toBe(4);
  });

  it('reads frames drawn as separate lines (a table made in an office program)', async () => {
    const boxes = SEVEN.map((n) => ({ stroke: { color: n === 3 ? BLACK : GREY, width: n === 3 ? 2 : 0.5 } }));
    expect(await read({ scale: { boxes, draw: 'sides', box: { width: 30, height: 18, gap: 0 }, digits } })).toBe(3);
  });

  it('reads larger boxes anywhere on the page', async () => {
    const scale = {
      boxes: separateBoxes(2),
      box: { width: 40, height: 26, gap: 6 },
      digitSize: 14,
      origin: { x: 250, y: 90 },
      digits,
    };
    expect(await read({ scale })).toBe(2);
  });

  it('is null when two boxes are marked, or none', async () => {
    expect(await read({ scale: { boxes: separateBoxes(2, 5), digits } })).toBeNull();
    expect(await read({ scale: { boxes: separateBoxes(), digits } })).toBeNull();
    expect(await read({ scale: { boxes: SEVEN.map(() => ({})), digits } })).toBeNull();
  });

  it('is null when the boxes do not stand evenly in a row, or stand off their digits', async () => {
    expect(await read({ scale: { boxes: separateBoxes(4), shifts: [0, 0, 0, 9, 9, 9, 9], digits } })).toBeNull();
    expect(await read({ scale: { boxes: separateBoxes(4), boxShifts: [0, 0, 0, 9, 0, 0, 0], digits } })).toBeNull();
  });

  it('is null when a digit is missing or the digits are out of order', async () => {
    expect(await read({ scale: { boxes: separateBoxes(4), labels: [1, 2, 4, 3, 5, 6, 7], digits } })).toBeNull();
    expect(await read({ scale: { boxes: separateBoxes(4), labels: [1, 2, 3, 4, 5, 6], digits } })).toBeNull();
  });
});

const bars = [40, 25, -12, 60, 33, 18, 47];

describe('the drawn scale with its digits typed as one letter-spaced string', () => {
  it('reads the marked box, and nothing when the digits are out of order', async () => {
    expect(await read({ scale: { boxes: separateBoxes(6), digits: 'run' } })).toBe(6);
    expect(await read({ scale: { boxes: separateBoxes(), digits: 'run' } })).toBeNull();
    expect(await read({ scale: { boxes: separateBoxes(3), digits: 'run', labels: [1, 3, 2, 4, 5, 6, 7] } })).toBeNull();
  });
});

describe('drawings that are not a scale', () => {
  it('does not read a past-performance bar chart next to an unmarked scale, nor let it disturb a marked one', async () => {
    const barChart = { origin: { x: 60, y: 420 }, values: bars, highlight: 3 };
    expect(await read({ scale: { boxes: separateBoxes() }, barChart })).toBeNull();
    expect(await read({ scale: { boxes: separateBoxes(3) }, barChart })).toBe(3);
    expect(await read({ scale: { boxes: separateBoxes(3), digits: { outlines: 'condensedBold' } }, barChart })).toBe(3);
  });

  it('does not read seven bars labelled 1..7, one highlighted, as a scale', async () => {
    const labelsInside = SEVEN.map(String);
    expect(
      await read({ barChart: { origin: { x: 60, y: 420 }, values: bars.map(Math.abs), highlight: 2, labelsInside } }),
    ).toBeNull();
  });

  it('does not read a table whose column is shaded over all its rows', async () => {
    const table = { origin: { x: 60, y: 500 }, columns: 7, rows: 4, cell: { width: 50, height: 16 }, digitRow: 0 };
    expect(await read({ table: { ...table, shadedColumn: 4 } })).toBeNull();
    expect(await read({ table: { ...table, shadedColumn: 4, cellRectangles: true } })).toBeNull();
  });

  it('does not read a plain table grid whose header row counts 1..7', async () => {
    const table = { origin: { x: 60, y: 500 }, columns: 7, rows: 3, cell: { width: 50, height: 16 }, digitRow: 0 };
    expect(await read({ table })).toBeNull();
    expect(await read({ table: { ...table, cellRectangles: true } })).toBeNull();
  });

  it('reads nothing from a page of colours alone', async () => {
    expect(await read({ scale: { boxes: separateBoxes(4), digits: 'none' } })).toBeNull();
  });
});

describe('the reader stays bounded', () => {
  it('reads a scale on a page crowded with other drawing quickly', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      origin: { x: 20 + (i % 6) * 95, y: 60 + Math.floor(i / 6) * 40 },
      values: bars.map((v) => v / 4),
      highlight: i % 7,
    }));
    // Sixty bar charts below the scale: only what lies near its marks is handed over and looked at.
    const started = performance.now();
    const pdf = await layoutPdf({ scale: { boxes: separateBoxes(6), origin: { x: 60, y: 700 } }, barChart: many });
    expect((await extractPdfText(pdf, { riskScale: true, layout: false })).riskScale?.value).toBe(6);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';

import { PDFJS_DRAW_OPS, PDFJS_OPS, SCALE_GEOMETRY_SOURCE } from './scaleGeometry';
import type { Point, ScalePage } from './scaleTypes';

/** The reader thread walks pdf.js' operator list by code: the codes must be those of the pdf.js pdf-parse bundles. */
describe('pdf.js operator codes of the risk-scale reading', () => {
  const bundle = readFileSync(require.resolve('pdf-parse'), 'utf8');

  it('match the OPS table inside the pdf-parse bundle', () => {
    for (const [name, code] of Object.entries(PDFJS_OPS)) expect(bundle).toMatch(new RegExp(`[{,]${name}:${code}[,}]`));
  });

  it('match pdfjs-dist, whose version pdf-parse pins', async () => {
    const manifest = (name: string) =>
      JSON.parse(readFileSync(path.join(packageRoot(name), 'package.json'), 'utf8')) as {
        version: string;
        dependencies: Record<string, string>;
      };
    const pinned = manifest('pdf-parse').dependencies['pdfjs-dist'];
    const installed = manifest('pdfjs-dist').version;
    expect(installed).toBe(pinned);
    const pdfjs = (await import('pdfjs-dist/legacy/build/pdf.mjs')) as { OPS: Record<string, number> };
    for (const [name, code] of Object.entries(PDFJS_OPS)) expect(pdfjs.OPS[name]).toBe(code);
    expect(PDFJS_DRAW_OPS).toEqual({ moveTo: 0, lineTo: 1, curveTo: 2, closePath: 3 });
  });
});

/** A package's folder (its exports do not list package.json). */
function packageRoot(name: string): string {
  const entry = require.resolve(name === 'pdfjs-dist' ? 'pdfjs-dist/legacy/build/pdf.mjs' : name);
  const marker = `${path.sep}node_modules${path.sep}${name}${path.sep}`;
  return entry.slice(0, entry.lastIndexOf(marker) + marker.length);
}

/** The reader thread's functions, evaluated here from the same source. */
interface ReaderFns {
  pageGeometry: (list: OperatorList, page: number) => ScalePage | null;
  clipPolygon: (poly: Point[], box: { x0: number; y0: number; x1: number; y1: number }) => Point[];
  groupContours: (subpaths: Point[][]) => { polys: Point[][] }[];
}

interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the source is ours: it is what the reader thread evaluates
const reader = new Function(
  `${SCALE_GEOMETRY_SOURCE}; return { pageGeometry, clipPolygon, groupContours };`,
) as unknown as () => ReaderFns;
const { pageGeometry, clipPolygon, groupContours } = reader();

/** An operator list drawing seven digits 20 pt apart at y 600, and boxes under them as asked. */
function scaleList(extra: (list: OperatorList) => void = () => undefined): OperatorList {
  const list: OperatorList = { fnArray: [], argsArray: [] };
  const op = (fn: number, args: unknown[] | null = null) => {
    list.fnArray.push(fn);
    list.argsArray.push(args);
  };
  extra(list);
  op(PDFJS_OPS.setFillRGBColor, ['#000000']);
  op(PDFJS_OPS.beginText);
  op(PDFJS_OPS.setFont, ['f1', 9]);
  for (let d = 1; d <= 7; d++) {
    op(PDFJS_OPS.setTextMatrix, [[1, 0, 0, 1, 100 + 23 * (d - 1), 600]]);
    op(PDFJS_OPS.showText, [[{ unicode: String(d), width: 556 }]]);
  }
  return list;
}

function rectPath(list: OperatorList, x: number, y: number, w: number, h: number, paint: number = PDFJS_OPS.fill) {
  const { moveTo, lineTo, closePath } = PDFJS_DRAW_OPS;
  const data = Float32Array.from([moveTo, x, y, lineTo, x + w, y, lineTo, x + w, y + h, lineTo, x, y + h, closePath]);
  list.fnArray.push(PDFJS_OPS.constructPath);
  list.argsArray.push([paint, [data], Float32Array.from([x, y, x + w, y + h])]);
}

describe('the reader thread: what a page hands over', () => {
  it('finds the digits of a row with their size and ink', () => {
    const page = pageGeometry(scaleList(), 1);
    expect(page?.digits.map((d) => d.digit)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(page?.digits[0]).toMatchObject({ x: 100, y: 600, height: 9, color: [0, 0, 0] });
    expect(page?.digits[0].width).toBeCloseTo(5.004);
  });

  it('hands over only the paint near the marks, however much else the page draws', () => {
    const page = pageGeometry(
      scaleList((list) => {
        for (let i = 0; i < 20000; i++) rectPath(list, (i % 100) * 5, (i / 100) * 2, 4, 1.5);
        rectPath(list, 95, 597, 20, 15);
      }),
      1,
    );
    expect(page?.truncated).toBeUndefined();
    expect(page?.shapes).toHaveLength(1);
  });

  it('marks a page beyond its limits as truncated rather than handing over part of it', () => {
    const page = pageGeometry(
      scaleList((list) => {
        for (let i = 0; i < 60000; i++) rectPath(list, i % 500, 590, 1, 30);
      }),
      1,
    );
    expect(page).toMatchObject({ truncated: true, shapes: [] });
  });

  it('stays fast: tens of thousands of small paths away from the scale cost a fraction of the reading budget', () => {
    const list = scaleList((l) => {
      // Glyph-sized, so each is cut into contours and tested for a row (text set tight: no row).
      for (let i = 0; i < 45000; i++) rectPath(l, (i % 300) * 2, 50 + Math.floor(i / 300) * 3, 1.5, 4);
    });
    const started = performance.now();
    pageGeometry(list, 1);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('returns nothing for a page without a row', () => {
    expect(pageGeometry({ fnArray: [], argsArray: [] }, 1)).toBeNull();
  });
});

describe('the reader thread: path geometry', () => {
  const square = (x: number, y: number, s: number): Point[] => [
    { x, y },
    { x: x + s, y },
    { x: x + s, y: y + s },
    { x, y: y + s },
  ];

  it('cuts a fill to its clip', () => {
    const cut = clipPolygon(square(0, 0, 100), { x0: 10, y0: 20, x1: 30, y1: 35 });
    const xs = cut.map((p) => p.x);
    const ys = cut.map((p) => p.y);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([10, 30, 20, 35]);
    expect(clipPolygon(square(0, 0, 5), { x0: 10, y0: 10, x1: 20, y1: 20 })).toHaveLength(0);
  });

  it('keeps a glyph and its counter together and separates glyphs that stand apart', () => {
    const groups = groupContours([square(0, 0, 10), square(30, 0, 10), square(3, 3, 4), square(60, 0, 10)]);
    expect(groups.map((g) => g.polys.length).sort()).toEqual([1, 1, 2]);
  });
});

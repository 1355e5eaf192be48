import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { format, resolveConfig } from 'prettier';

import { type DigitFont, digitOutline, outlinePolygons } from '../../../test/fixtures/digitOutlines';
import {
  buildDigitTemplates,
  digitTemplatesSource,
  fontOutlines,
  HELD_OUT_FONTS,
  installed,
  TEMPLATE_FONTS,
} from '../../../test/fixtures/fontDigits';
import { correlation, glyphRaster, recogniseDigit } from './digitGlyphs';
import { DIGIT_TEMPLATES } from './digitTemplates';
import type { Point } from './scaleTypes';

const SEVEN = [1, 2, 3, 4, 5, 6, 7];
const templateFonts = installed(TEMPLATE_FONTS);
const heldOut = installed(HELD_OUT_FONTS);
if (heldOut.length === 0) console.log('Liberation/DejaVu fonts absent: only the fixture outlines are tried');

const box = (x: number, y: number, w: number, h: number): Point[] => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
];

describe('recogniseDigit', () => {
  it.each<DigitFont>(['condensedBold', 'mono'])('reads the digits 1-7 of the fixture outlines (%s)', (font) => {
    for (const d of SEVEN) expect(recogniseDigit(outlinePolygons(digitOutline(font, d), 0.01))).toBe(d);
  });

  it('reads them whatever the scale or place on the page', () => {
    const shifted = outlinePolygons(digitOutline('mono', 4), 0.012).map((poly) =>
      poly.map((p) => ({ x: p.x + 410, y: p.y + 7230 })),
    );
    expect(recogniseDigit(shifted)).toBe(4);
  });

  (heldOut.length ? it : it.skip)('reads the digits 1-7 of typefaces the templates were not made from', () => {
    for (const file of heldOut) {
      const outlines = fontOutlines(file, '1234567');
      expect([path.basename(file), SEVEN.map((d) => recogniseDigit(outlines.get(String(d)) ?? []))]).toEqual([
        path.basename(file),
        SEVEN,
      ]);
    }
  });

  it('refuses shapes that are no digit: a box, a bar, a disc, a ring, nothing', () => {
    const disc = Array.from({ length: 24 }, (_, i) => ({
      x: 5 * Math.cos((i * Math.PI) / 12),
      y: 5 * Math.sin((i * Math.PI) / 12),
    }));
    expect(recogniseDigit([box(0, 0, 6, 8)])).toBeNull();
    expect(recogniseDigit([box(0, 0, 1.2, 8)])).toBeNull();
    expect(recogniseDigit([disc])).toBeNull();
    expect(recogniseDigit([box(0, 0, 6, 8), box(1, 1, 4, 6)], true)).toBeNull();
    expect(recogniseDigit([])).toBeNull();
    expect(
      recogniseDigit([
        [
          { x: 0, y: 0 },
          { x: Number.NaN, y: 1 },
          { x: 1, y: 1 },
        ],
      ]),
    ).toBeNull();
  });

  (heldOut.length ? it : it.skip)('never reads a letter of the held-out typefaces as a digit 1-7', () => {
    // I and l are a bare stem, S a rounder 5: alone they may pass for one; a scale needs all seven in order.
    for (const file of heldOut) {
      for (const [ch, outline] of fontOutlines(file, 'ABCDEFGHJKLMNOPQRTUVWXYZabcdefghjkmnopqrstuvwxyz%&')) {
        const digit = recogniseDigit(outline);
        expect([path.basename(file), ch, digit !== null && digit >= 1 && digit <= 7]).toEqual([
          path.basename(file),
          ch,
          false,
        ]);
      }
    }
  });

  it('does not read slanted digits (an oblique face): better no class than a wrong one', () => {
    const slant = (poly: Point[]) => poly.map((p) => ({ x: p.x + 0.25 * p.y, y: p.y }));
    const read = SEVEN.map((d) => recogniseDigit(outlinePolygons(digitOutline('condensedBold', d)).map(slant)));
    expect(read.filter((d, i) => d !== null && d !== i + 1)).toEqual([]);
  });
});

describe('glyphRaster and correlation', () => {
  it('samples the coverage of each cell by the fill rule', () => {
    const ring = [box(0, 0, 8, 12), box(2, 2, 4, 8)];
    const evenOdd = glyphRaster(ring, true);
    expect(evenOdd?.[0]).toBe(1); // the corner is ink
    expect(evenOdd?.[5 * 8 + 4]).toBe(0); // the middle is the counter
    expect(glyphRaster(ring, false)?.[5 * 8 + 4]).toBe(1); // same direction: non-zero fills it
  });

  it('is 1 for a raster with itself and 0 against a uniform one', () => {
    const raster = glyphRaster(outlinePolygons(digitOutline('mono', 2)));
    if (!raster) throw new Error('no raster');
    expect(correlation(raster, raster)).toBeCloseTo(1);
    expect(correlation(raster, new Float32Array(raster.length).fill(0.5))).toBe(0);
  });
});

describe('the committed templates', () => {
  (templateFonts.length === TEMPLATE_FONTS.length ? it : it.skip)('are what the template fonts give', async () => {
    const built = buildDigitTemplates();
    if (process.env.UPDATE_DIGIT_TEMPLATES) {
      const file = path.join(__dirname, 'digitTemplates.ts');
      const options = await resolveConfig(file);
      writeFileSync(file, await format(digitTemplatesSource(built), { ...options, filepath: file }));
    }
    expect(DIGIT_TEMPLATES).toEqual(built);
  });
});

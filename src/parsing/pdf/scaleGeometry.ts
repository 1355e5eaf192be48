/**
 * The geometry a risk scale is read from (riskScale.ts), collected inside the PDF reader thread from
 * pdf.js' operator list: each glyph of a digit 1-7 drawn as text (place, size, colour), the small filled
 * shapes that stand in a row of seven (digits drawn as outlines, recognised later), and what is painted
 * around those marks (filled and stroked paths, cut to their clip; images).
 *
 * It is JavaScript source evaluated in the worker (as the reader itself is, see text.ts), so it uses
 * pdf.js' private operator list as data. The operator codes below are those of the pdf.js that pdf-parse
 * bundles (5.4); `scaleGeometry.test.ts` checks them against that copy and runs this source on synthetic
 * operator lists, and the generated pages of `riskScale.layouts.test.ts` and `text.test.ts` check the
 * whole reading end to end.
 */

import { SCALE_PATHS_SOURCE } from './scalePaths';
import { DIGIT_INK, DIGIT_MIDDLE } from './scaleTypes';

/** Pages also walked when no page of text digits has a row of them: a KID or KIID draws its scale on page 1 or 2. */
const SCALE_PAGES = 2;

/** pdf.js operator codes (OPS) this reading uses. */
export const PDFJS_OPS = {
  setLineWidth: 2,
  setGState: 9,
  save: 10,
  restore: 11,
  transform: 12,
  stroke: 20,
  closeStroke: 21,
  fill: 22,
  eoFill: 23,
  fillStroke: 24,
  eoFillStroke: 25,
  closeFillStroke: 26,
  closeEOFillStroke: 27,
  clip: 29,
  eoClip: 30,
  beginText: 31,
  setCharSpacing: 33,
  setWordSpacing: 34,
  setHScale: 35,
  setLeading: 36,
  setFont: 37,
  setTextRenderingMode: 38,
  setTextRise: 39,
  moveText: 40,
  setLeadingMoveText: 41,
  setTextMatrix: 42,
  nextLine: 43,
  showText: 44,
  showSpacedText: 45,
  nextLineShowText: 46,
  nextLineSetSpacingShowText: 47,
  setStrokeColorN: 53,
  setFillColor: 54,
  setFillColorN: 55,
  setStrokeRGBColor: 58,
  setFillRGBColor: 59,
  shadingFill: 62,
  paintFormXObjectBegin: 74,
  paintFormXObjectEnd: 75,
  paintImageMaskXObject: 83,
  paintImageXObject: 85,
  paintInlineImageXObject: 86,
  paintSolidColorImageMask: 90,
  constructPath: 91,
  setStrokeTransparent: 92,
  setFillTransparent: 93,
} as const;

/** pdf.js path drawing codes inside constructPath's data (DrawOPS). */
export const PDFJS_DRAW_OPS = { moveTo: 0, lineTo: 1, curveTo: 2, closePath: 3 } as const;

/**
 * Defines `async function scaleGeometry(doc, maxPages, pageTexts)` in the worker: one ScalePage
 * (scaleTypes.ts) per page where marks stand in a row of seven. Pages whose text (from getText) holds
 * each digit 1-7 standing alone are walked; when none of them has a row of text digits, the first pages
 * are walked as well (a scale whose digits are outlines leaves no digit in the text). Each walked page
 * costs one operator list.
 *
 * Linear and bounded: one pass records the digits and the painted paths (references into the operator
 * list, which pdf.js holds anyway), a second finds the rows, a third hands over only the paths near a
 * mark of a row; every list is capped, and a page that hits a cap is marked `truncated` (not read).
 */
export const SCALE_GEOMETRY_SOURCE = `
const OPS = ${JSON.stringify(PDFJS_OPS)};
const DRAW = ${JSON.stringify(PDFJS_DRAW_OPS)};
const FILLS = new Set([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const STROKES = new Set([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const EVEN_ODD = new Set([OPS.eoFill, OPS.eoFillStroke, OPS.closeEOFillStroke]);
const IMAGES = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintSolidColorImageMask]);
const DIGIT_MIDDLE = ${DIGIT_MIDDLE};
const DIGIT_INK = ${DIGIT_INK};
const SCALE_PAGES = ${SCALE_PAGES};
const MAX_DIGITS = 5000;
const MAX_RECORDS = 50000;
const MAX_CANDIDATES = 20000;
const MAX_ROWS = 16;
const MAX_POINTS = 200000;
/** Ink heights (points) of a digit drawn as an outline. */
const GLYPH_MIN = 2;
const GLYPH_MAX = 60;
${SCALE_PATHS_SOURCE}
function rgb(hex) {
  return typeof hex === 'string' && /^#[0-9a-f]{6}$/i.test(hex) ? [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) : null;
}

// One pass over the operator list: the digits drawn as text, and every painted path and image with its
// state (colours, clip, line width). Paths are kept as references to their data, not as polygons.
function walk(list) {
  const digits = [];
  const records = [];
  let truncated = false;
  let gs = { ctm: [1, 0, 0, 1, 0, 0], fill: [0, 0, 0], stroke: [0, 0, 0], lineWidth: 1, ca: 1, CA: 1, clip: null,
    font: 0, hScale: 1, rise: 0, charSpacing: 0, wordSpacing: 0, leading: 0, mode: 0 };
  const stack = [];
  let tm = [1, 0, 0, 1, 0, 0];
  let tlm = tm;
  let clipNext = false;
  const record = (r) => { if (records.length < MAX_RECORDS) records.push(r); else truncated = true; };
  const moveLine = (tx, ty) => { tlm = mul(tlm, [1, 0, 0, 1, tx, ty]); tm = tlm; };
  const show = (glyphs) => {
    const m = mul(gs.ctm, tm);
    const upright = m[0] > 0 && m[3] > 0 && Math.abs(m[1]) + Math.abs(m[2]) <= 0.01 * (m[0] + m[3]);
    let x = 0;
    for (const g of glyphs || []) {
      if (typeof g === 'number') { x -= (g * gs.font) / 1000; continue; }
      if (!g || typeof g.width !== 'number') continue;
      const advance = (g.width * gs.font) / 1000;
      if (upright && gs.mode !== 3 && gs.mode !== 7 && /^[1-7]$/.test(g.unicode || '')) {
        const o = apply(m, x * gs.hScale, gs.rise);
        const ink = gs.mode === 1 || gs.mode === 5 ? gs.stroke : gs.fill;
        if (digits.length >= MAX_DIGITS) truncated = true;
        else digits.push({ digit: Number(g.unicode), x: o.x, y: o.y, width: advance * gs.hScale * m[0], height: Math.abs(gs.font) * m[3], color: Array.isArray(ink) ? ink : null });
      }
      x += advance + gs.charSpacing + (g.isSpace ? gs.wordSpacing : 0);
    }
    tm = mul(tm, [1, 0, 0, 1, x * gs.hScale, 0]);
  };
  const paintPath = ([paint, [data] = [], minMax]) => {
    if (!minMax || !data) return;
    const box = boxOf(gs.ctm, minMax[0], minMax[1], minMax[2], minMax[3]);
    if (clipNext) { gs.clip = intersect(gs.clip, box); clipNext = false; }
    const fill = FILLS.has(paint) && gs.fill !== 'none';
    const stroke = STROKES.has(paint) && gs.stroke !== 'none';
    const seen = intersect(gs.clip, box);
    if ((!fill && !stroke) || isEmpty(seen)) return;
    const scale = Math.sqrt(Math.abs(gs.ctm[0] * gs.ctm[3] - gs.ctm[1] * gs.ctm[2]));
    record({ data, ctm: gs.ctm, clip: gs.clip, box: seen, fill: fill ? gs.fill : undefined, stroke: stroke ? gs.stroke : undefined,
      evenOdd: EVEN_ODD.has(paint), ca: gs.ca, CA: gs.CA, lineWidth: (gs.lineWidth || 1) * scale });
  };
  const enterForm = ([matrix, bbox]) => {
    stack.push(gs);
    gs = { ...gs };
    if (Array.isArray(matrix) || ArrayBuffer.isView(matrix)) gs.ctm = mul(gs.ctm, Array.from(matrix));
    if (bbox && bbox.length === 4) gs.clip = intersect(gs.clip, boxOf(gs.ctm, bbox[0], bbox[1], bbox[2], bbox[3]));
  };

  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const a = list.argsArray[i] || [];
    switch (fn) {
      case OPS.save: stack.push(gs); gs = { ...gs }; break;
      case OPS.restore: if (stack.length) gs = stack.pop(); break;
      case OPS.transform: gs.ctm = mul(gs.ctm, a); break;
      case OPS.paintFormXObjectBegin: enterForm(a); break;
      case OPS.paintFormXObjectEnd: if (stack.length) gs = stack.pop(); break;
      case OPS.setLineWidth: gs.lineWidth = a[0]; break;
      case OPS.setGState: for (const [k, v] of a[0] || []) { if (k === 'ca') gs.ca = v; else if (k === 'CA') gs.CA = v; } break;
      case OPS.setFillRGBColor: gs.fill = rgb(a[0]); break;
      case OPS.setStrokeRGBColor: gs.stroke = rgb(a[0]); break;
      case OPS.setFillColor: case OPS.setFillColorN: gs.fill = null; break; // a pattern: colour unknown
      case OPS.setStrokeColorN: gs.stroke = null; break;
      case OPS.setFillTransparent: gs.fill = 'none'; break;
      case OPS.setStrokeTransparent: gs.stroke = 'none'; break;
      case OPS.clip: case OPS.eoClip: clipNext = true; break;
      case OPS.constructPath: paintPath(a); break;
      case OPS.shadingFill: record({ image: true, box: gs.clip || { x0: -Infinity, y0: -Infinity, x1: Infinity, y1: Infinity } }); break;
      case OPS.beginText: tm = [1, 0, 0, 1, 0, 0]; tlm = tm; break;
      case OPS.setTextMatrix: tm = Array.from(a[0] && a[0].length === 6 ? a[0] : a); tlm = tm; break;
      case OPS.moveText: moveLine(a[0], a[1]); break;
      case OPS.setLeadingMoveText: gs.leading = -a[1]; moveLine(a[0], a[1]); break;
      case OPS.nextLine: moveLine(0, -gs.leading); break;
      case OPS.setLeading: gs.leading = a[0]; break;
      case OPS.setFont: gs.font = Number(a[1]) || 0; break;
      case OPS.setHScale: gs.hScale = (Number(a[0]) || 100) / 100; break;
      case OPS.setTextRise: gs.rise = a[0]; break;
      case OPS.setCharSpacing: gs.charSpacing = a[0]; break;
      case OPS.setWordSpacing: gs.wordSpacing = a[0]; break;
      case OPS.setTextRenderingMode: gs.mode = a[0]; break;
      case OPS.showText: case OPS.showSpacedText: show(a[0]); break;
      case OPS.nextLineShowText: moveLine(0, -gs.leading); show(a[0]); break;
      case OPS.nextLineSetSpacingShowText: gs.wordSpacing = a[0]; gs.charSpacing = a[1]; moveLine(0, -gs.leading); show(a[2]); break;
      default:
        if (IMAGES.has(fn)) {
          const box = intersect(gs.clip, boxOf(gs.ctm, 0, 0, 1, 1));
          if (!isEmpty(box)) record({ image: true, box });
        }
    }
  }
  return { digits, records, truncated };
}

// Filled groups of contours the size of a glyph: possibly a digit drawn as an outline.
function glyphMarks(records) {
  const marks = [];
  records.forEach((r, index) => {
    // Too flat to hold a glyph (a rule, a table line): not worth cutting into contours.
    if (r.fill === undefined || marks.length >= MAX_CANDIDATES || r.box.y1 - r.box.y0 < GLYPH_MIN) return;
    for (const g of groupContours(pathSubpaths(r.data, r.ctm))) {
      const w = g.box.x1 - g.box.x0;
      const h = g.box.y1 - g.box.y0;
      if (h < GLYPH_MIN || h > GLYPH_MAX || w > 1.2 * h || marks.length >= MAX_CANDIDATES) continue;
      marks.push({ x: (g.box.x0 + g.box.x1) / 2, y: (g.box.y0 + g.box.y1) / 2, h: h / DIGIT_INK, key: 'glyph', record: index, box: g.box });
    }
  });
  return marks;
}

const sameBox = (a, b) => Math.abs(a.x0 - b.x0) + Math.abs(a.y0 - b.y0) + Math.abs(a.x1 - b.x1) + Math.abs(a.y1 - b.y1) < 1e-3;
const rectOf = (b) => [{ x: b.x0, y: b.y0 }, { x: b.x1, y: b.y0 }, { x: b.x1, y: b.y1 }, { x: b.x0, y: b.y1 }];

// The painted shapes near the kept marks, in painting order, fills cut to their clip; a fill's groups
// that are kept glyph marks become shapes of their own, flagged as possible digits.
function shapesNear(records, reaches, glyphs, budget) {
  const shapes = [];
  let points = 0;
  const fits = (polys) => { for (const p of polys) points += p.length; return points <= budget; };
  for (let index = 0; index < records.length; index++) {
    const r = records[index];
    if (!reaches(r.box)) continue;
    if (r.image) { shapes.push({ kind: 'image', subpaths: [rectOf(r.box)], color: null }); continue; }
    const near = pathSubpaths(r.data, r.ctm).filter((p) => reaches(polyBox(p)));
    if (!fits(near)) return null;
    if (r.fill !== undefined) {
      const polys = r.clip ? near.map((p) => clipPolygon(p, r.clip)).filter((p) => p.length > 2) : near;
      const fill = { kind: 'fill', evenOdd: r.evenOdd, color: r.fill, alpha: r.ca };
      const marks = glyphs.get(index) || [];
      const groups = marks.length ? groupContours(polys) : [];
      const isGlyph = (g) => marks.some((m) => sameBox(m.box, g.box));
      for (const g of groups.filter(isGlyph)) shapes.push({ ...fill, subpaths: g.polys, glyph: true });
      const rest = marks.length ? groups.filter((g) => !isGlyph(g)).flatMap((g) => g.polys) : polys;
      if (rest.length) shapes.push({ ...fill, subpaths: rest });
    }
    if (r.stroke !== undefined) {
      const polys = r.clip ? near.filter((p) => !isEmpty(intersect(polyBox(p), r.clip))) : near;
      if (polys.length) shapes.push({ kind: 'stroke', subpaths: polys, color: r.stroke, alpha: r.CA, lineWidth: r.lineWidth });
    }
  }
  return shapes;
}

function pageGeometry(list, pageNumber) {
  const { digits, records, truncated } = walk(list);
  const textMarks = digits.map((d) => ({ x: d.x + d.width / 2, y: d.y + DIGIT_MIDDLE * d.height, h: d.height, key: d.digit, digit: d }));
  const textRows = marksInRows(textMarks, (marks) => new Set(marks.map((m) => m.key)).size === 7);
  const glyphRows = marksInRows(glyphMarks(records), (marks) => marks.length >= 7);
  // Past a cap, a row may have gone unseen as well: the page says so rather than seem to hold no scale.
  if (truncated || textRows.length + glyphRows.length > MAX_ROWS) return { page: pageNumber, digits: [], shapes: [], truncated: true };
  if (textRows.length + glyphRows.length === 0) return null;
  const kept = [...textRows, ...glyphRows].flat();
  const glyphs = new Map();
  for (const m of glyphRows.flat()) glyphs.set(m.record, [...(glyphs.get(m.record) || []), m]);
  const shapes = shapesNear(records, reachOf(kept), glyphs, MAX_POINTS);
  if (!shapes) return { page: pageNumber, digits: [], shapes: [], truncated: true };
  return { page: pageNumber, digits: textRows.flat().map((m) => m.digit), shapes };
}

// A page can hold a scale drawn with text digits only if its text has each digit 1-7 standing alone (or
// repeated, as a fake bold draws it: "4444"); later pages without them are skipped unread.
function mayHoldScale(text) {
  return [1, 2, 3, 4, 5, 6, 7].every((d) => new RegExp('(^|\\\\s)' + d + '+(?=\\\\s|$)').test(text));
}

async function scaleGeometry(doc, maxPages, pageTexts) {
  const last = Math.min(doc.numPages, maxPages);
  const walked = new Map();
  const visit = async (n) => {
    if (!walked.has(n)) walked.set(n, pageGeometry(await (await doc.getPage(n)).getOperatorList(), n));
  };
  for (let n = 1; n <= last; n++) if (!pageTexts || mayHoldScale(pageTexts[n - 1] || '')) await visit(n);
  // No row of text digits: the scale may be drawn with outlined digits, or with digits the text merges
  // into one word; look at the first pages' drawing too.
  if (![...walked.values()].some((g) => g && g.digits.length)) for (let n = 1; n <= Math.min(last, SCALE_PAGES); n++) await visit(n);
  return [...walked.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, g]) => (g ? [g] : []));
}
`;

/**
 * The geometry a risk scale is read from (riskScale.ts), collected inside the PDF reader thread from
 * pdf.js: the text items that are one digit 1-7, and, on pages holding all seven, what is painted under
 * them (filled and stroked paths, images) and the colour each digit glyph is drawn in.
 *
 * It is JavaScript source evaluated in the worker (as the reader itself is, see text.ts), so it uses
 * pdf.js' private operator list as data. The operator codes below are those of the pdf.js that pdf-parse
 * bundles (5.4); `scaleGeometry.test.ts` checks them against that copy, and the generated scales of
 * `text.test.ts` check the whole reading end to end.
 */

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
 * (riskScale.ts) per page that has all seven digits as text items. Pages whose text (from getText) lacks
 * them cost nothing; the others cost a second getTextContent and, with all seven digits, an operator list.
 */
export const SCALE_GEOMETRY_SOURCE = `
const OPS = ${JSON.stringify(PDFJS_OPS)};
const DRAW = ${JSON.stringify(PDFJS_DRAW_OPS)};
const FILLS = new Set([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const STROKES = new Set([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const EVEN_ODD = new Set([OPS.eoFill, OPS.eoFillStroke, OPS.closeEOFillStroke]);
const IMAGES = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintSolidColorImageMask]);
const DIGIT_MIDDLE = 0.35;

function rgb(hex) {
  return typeof hex === 'string' && /^#[0-9a-f]{6}$/i.test(hex) ? [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) : null;
}
function mul(m, n) {
  return [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3], m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
}
function apply(m, x, y) {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}

function digitItems(content) {
  const digits = [];
  for (const item of content.items) {
    const t = item.transform;
    if (typeof item.str !== 'string' || !t || !/^[1-7]$/.test(item.str.trim())) continue;
    if (Math.abs(t[1]) > 1e-3 || Math.abs(t[2]) > 1e-3 || !(t[0] > 0)) continue; // horizontal text only
    digits.push({ digit: Number(item.str.trim()), x: t[4], y: t[5], width: item.width, height: item.height || Math.abs(t[3]) });
  }
  return digits;
}

function pathSubpaths(data, m) {
  const subpaths = [];
  let current = null;
  for (let i = 0; i < data.length; ) {
    const op = data[i++];
    if (op === DRAW.moveTo) { current = [apply(m, data[i], data[i + 1])]; subpaths.push(current); i += 2; }
    else if (op === DRAW.lineTo) { if (current) current.push(apply(m, data[i], data[i + 1])); i += 2; }
    else if (op === DRAW.curveTo) { if (current) current.push(apply(m, data[i + 4], data[i + 5])); i += 6; }
    else if (op === DRAW.closePath) current = null;
    else break; // an unknown code: stop rather than misread what follows
  }
  return subpaths.filter((s) => s.length > 2);
}

async function pageGeometry(page, pageNumber) {
  const digits = digitItems(await page.getTextContent());
  if (new Set(digits.map((d) => d.digit)).size < 7) return null;
  const centres = digits.map((d) => ({ x: d.x + d.width / 2, y: d.y + DIGIT_MIDDLE * d.height }));
  const reaches = (b) => centres.some((c) => c.x >= b.x0 && c.x <= b.x1 && c.y >= b.y0 && c.y <= b.y1);
  const boxOf = (m, x0, y0, x1, y1) => {
    const p = [apply(m, x0, y0), apply(m, x1, y0), apply(m, x0, y1), apply(m, x1, y1)];
    return { x0: Math.min(...p.map((q) => q.x)), y0: Math.min(...p.map((q) => q.y)), x1: Math.max(...p.map((q) => q.x)), y1: Math.max(...p.map((q) => q.y)) };
  };
  const rect = (b) => [[{ x: b.x0, y: b.y0 }, { x: b.x1, y: b.y0 }, { x: b.x1, y: b.y1 }, { x: b.x0, y: b.y1 }]];

  const list = await page.getOperatorList();
  const shapes = [];
  const inks = [];
  let gs = { ctm: [1, 0, 0, 1, 0, 0], fill: [0, 0, 0], stroke: [0, 0, 0], lineWidth: 1, ca: 1, CA: 1, clip: null,
    font: 0, hScale: 1, rise: 0, charSpacing: 0, wordSpacing: 0, leading: 0, mode: 0 };
  const stack = [];
  let tm = [1, 0, 0, 1, 0, 0];
  let tlm = tm;
  let clipNext = false;
  const moveLine = (tx, ty) => { tlm = mul(tlm, [1, 0, 0, 1, tx, ty]); tm = tlm; };
  const show = (glyphs) => {
    let x = 0;
    for (const g of glyphs || []) {
      if (typeof g === 'number') { x -= (g * gs.font) / 1000; continue; }
      if (!g || typeof g.width !== 'number') continue;
      const advance = (g.width * gs.font) / 1000;
      const visible = gs.mode !== 3 && gs.mode !== 7;
      if (visible && /^[1-7]$/.test(g.unicode || '')) {
        const c = apply(mul(gs.ctm, tm), (x + advance / 2) * gs.hScale, gs.rise + DIGIT_MIDDLE * gs.font);
        const strokeOnly = gs.mode === 1 || gs.mode === 5;
        const ink = strokeOnly ? gs.stroke : gs.fill;
        inks.push({ digit: Number(g.unicode), x: c.x, y: c.y, color: Array.isArray(ink) ? ink : null });
      }
      x += advance + gs.charSpacing + (g.isSpace ? gs.wordSpacing : 0);
    }
    tm = mul(tm, [1, 0, 0, 1, x * gs.hScale, 0]);
  };

  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const a = list.argsArray[i] || [];
    switch (fn) {
      case OPS.save: stack.push(gs); gs = { ...gs }; break;
      case OPS.restore: if (stack.length) gs = stack.pop(); break;
      case OPS.transform: gs.ctm = mul(gs.ctm, a); break;
      case OPS.paintFormXObjectBegin: stack.push(gs); gs = { ...gs }; if (Array.isArray(a[0]) || ArrayBuffer.isView(a[0])) gs.ctm = mul(gs.ctm, Array.from(a[0])); break;
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
      case OPS.constructPath: {
        const [paint, [data] = [], minMax] = a;
        if (!minMax || !data) break;
        const box = boxOf(gs.ctm, minMax[0], minMax[1], minMax[2], minMax[3]);
        if (clipNext) { gs.clip = box; clipNext = false; }
        if (!reaches(box)) break;
        const subpaths = pathSubpaths(data, gs.ctm);
        if (FILLS.has(paint) && gs.fill !== 'none') shapes.push({ kind: 'fill', subpaths, evenOdd: EVEN_ODD.has(paint), color: gs.fill, alpha: gs.ca });
        if (STROKES.has(paint) && gs.stroke !== 'none') {
          const scale = Math.sqrt(Math.abs(gs.ctm[0] * gs.ctm[3] - gs.ctm[1] * gs.ctm[2]));
          shapes.push({ kind: 'stroke', subpaths, color: gs.stroke, alpha: gs.CA, lineWidth: (gs.lineWidth || 1) * scale });
        }
        break;
      }
      case OPS.shadingFill: {
        const box = gs.clip || { x0: -Infinity, y0: -Infinity, x1: Infinity, y1: Infinity };
        if (reaches(box)) shapes.push({ kind: 'image', subpaths: rect(box), color: null });
        break;
      }
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
          const box = boxOf(gs.ctm, 0, 0, 1, 1);
          if (reaches(box)) shapes.push({ kind: 'image', subpaths: rect(box), color: null });
        }
    }
  }
  return { page: pageNumber, digits, shapes, inks };
}

// A page can hold a scale only if its text has each digit 1-7 standing alone (or repeated, as a fake bold
// draws it: "4444"); the others are skipped without reading their text items again.
function mayHoldScale(text) {
  return [1, 2, 3, 4, 5, 6, 7].every((d) => new RegExp('(^|\\\\s)' + d + '+(?=\\\\s|$)').test(text));
}

async function scaleGeometry(doc, maxPages, pageTexts) {
  const pages = [];
  for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
    if (pageTexts && !mayHoldScale(pageTexts[n - 1] || '')) continue;
    const geometry = await pageGeometry(await doc.getPage(n), n);
    if (geometry) pages.push(geometry);
  }
  return pages;
}
`;

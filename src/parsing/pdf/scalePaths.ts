/**
 * JavaScript source (evaluated in the PDF reader thread with scaleGeometry.ts, hence a string) of the path
 * geometry the scale reading needs: matrices and boxes, pdf.js path data as polygons, a fill cut to its
 * clip, the contours of one compound path split into glyph-sized groups, and the pre-filter that keeps
 * only the marks standing in a row of seven (the only places a scale can be, so the only places whose
 * drawing is handed over).
 *
 * Every step is linear in what it reads (or n log n for a sort), and what is kept is capped by the caller.
 */
export const SCALE_PATHS_SOURCE = `
const CURVE_STEPS = 4;
/** A mark's neighbourhood handed over, in font heights around its middle: the box of a cell and its sides. */
const REACH = 3;
/** Marks closer than this (in font heights, middle to middle) belong to a word or number, not a scale. */
const ISOLATION = 0.75;
/** A compound path with more contours than this is not split into glyphs (a map, a chart, a page of outlined text). */
const MAX_SPLIT = 512;
/** A line with more marks standing apart than this is a pattern (dots, checkboxes), not a scale. */
const MAX_ROW_MARKS = 64;

function mul(m, n) {
  return [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3], m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
}
function apply(m, x, y) {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}
function boxOf(m, x0, y0, x1, y1) {
  const p = [apply(m, x0, y0), apply(m, x1, y0), apply(m, x0, y1), apply(m, x1, y1)];
  return { x0: Math.min(p[0].x, p[1].x, p[2].x, p[3].x), y0: Math.min(p[0].y, p[1].y, p[2].y, p[3].y), x1: Math.max(p[0].x, p[1].x, p[2].x, p[3].x), y1: Math.max(p[0].y, p[1].y, p[2].y, p[3].y) };
}
function intersect(a, b) {
  if (!a) return b;
  if (!b) return a;
  return { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) };
}
function union(a, b) {
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}
function isEmpty(b) {
  return !(b.x1 >= b.x0 && b.y1 >= b.y0);
}
function polyBox(poly) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of poly) {
    if (p.x < x0) x0 = p.x;
    if (p.x > x1) x1 = p.x;
    if (p.y < y0) y0 = p.y;
    if (p.y > y1) y1 = p.y;
  }
  return { x0, y0, x1, y1 };
}
function bezier(a, b, c, d, t) {
  const u = 1 - t;
  return u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d;
}

// Polygons in page space. A line or curve after a close starts again from the closed subpath's start,
// as PDF says; curves are cut into a few segments so that a digit's bowl keeps its shape.
function pathSubpaths(data, m) {
  const subpaths = [];
  let current = null;
  let lx = 0, ly = 0, sx = 0, sy = 0;
  const open = () => { if (!current) { current = [apply(m, sx, sy)]; subpaths.push(current); } };
  for (let i = 0; i < data.length; ) {
    const op = data[i++];
    if (op === DRAW.moveTo && i + 2 <= data.length) {
      lx = sx = data[i]; ly = sy = data[i + 1]; i += 2;
      current = [apply(m, lx, ly)]; subpaths.push(current);
    } else if (op === DRAW.lineTo && i + 2 <= data.length) {
      open(); lx = data[i]; ly = data[i + 1]; i += 2; current.push(apply(m, lx, ly));
    } else if (op === DRAW.curveTo && i + 6 <= data.length) {
      open();
      for (let s = 1; s <= CURVE_STEPS; s++) {
        const t = s / CURVE_STEPS;
        current.push(apply(m, bezier(lx, data[i], data[i + 2], data[i + 4], t), bezier(ly, data[i + 1], data[i + 3], data[i + 5], t)));
      }
      lx = data[i + 4]; ly = data[i + 5]; i += 6;
    } else if (op === DRAW.closePath) {
      current = null; lx = sx; ly = sy;
    } else break; // an unknown code: stop rather than misread what follows
  }
  return subpaths.filter((s) => s.length > 1);
}

// A fill cut to the clip's box (Sutherland-Hodgman against each side): what lies outside is not painted.
function clipPolygon(poly, b) {
  const sides = [
    [(p) => p.x >= b.x0, (p, q) => ({ x: b.x0, y: p.y + ((b.x0 - p.x) / (q.x - p.x)) * (q.y - p.y) })],
    [(p) => p.x <= b.x1, (p, q) => ({ x: b.x1, y: p.y + ((b.x1 - p.x) / (q.x - p.x)) * (q.y - p.y) })],
    [(p) => p.y >= b.y0, (p, q) => ({ x: p.x + ((b.y0 - p.y) / (q.y - p.y)) * (q.x - p.x), y: b.y0 })],
    [(p) => p.y <= b.y1, (p, q) => ({ x: p.x + ((b.y1 - p.y) / (q.y - p.y)) * (q.x - p.x), y: b.y1 })],
  ];
  let out = poly;
  for (const [inside, cross] of sides) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const p = input[i];
      const q = input[(i + 1) % input.length];
      if (inside(p)) out.push(p);
      if (inside(p) !== inside(q)) out.push(cross(p, q));
    }
  }
  return out;
}

// Contours whose boxes overlap go together (a glyph and its counters); apart, they are separate marks.
function groupContours(subpaths) {
  if (subpaths.length > MAX_SPLIT) return [{ polys: subpaths, box: subpaths.map(polyBox).reduce(union) }];
  const items = subpaths.map((poly) => ({ poly, box: polyBox(poly) })).sort((a, b) => a.box.x0 - b.box.x0);
  const groups = [];
  let active = [];
  for (const it of items) {
    active = active.filter((g) => !g.merged && g.box.x1 >= it.box.x0);
    const hits = active.filter((g) => g.box.y0 <= it.box.y1 && g.box.y1 >= it.box.y0);
    let g = hits[0];
    if (!g) {
      g = { polys: [], box: it.box };
      groups.push(g);
      active.push(g);
    }
    for (const h of hits.slice(1)) {
      g.polys.push(...h.polys);
      g.box = union(g.box, h.box);
      h.merged = true;
    }
    g.polys.push(it.poly);
    g.box = union(g.box, it.box);
  }
  return groups.filter((g) => !g.merged);
}

// Marks (digits or glyph-sized shapes: { x, y, h, key }, x and y their middle, h a font height) that stand
// apart on one line with at least six others. Marks drawn twice at one place (a fake bold) count once.
function marksInRows(marks, enough) {
  const rows = [];
  const lines = [];
  for (const m of [...marks].sort((a, b) => a.y - b.y)) {
    let line = null;
    for (let k = lines.length - 1; k >= Math.max(0, lines.length - 8) && !line; k--) {
      const l = lines[k];
      if (Math.abs(l.y - m.y) <= 0.25 * l.h && Math.abs(l.h - m.h) <= 0.2 * Math.max(l.h, m.h)) line = l;
    }
    if (line) line.marks.push(m);
    else lines.push({ y: m.y, h: m.h, marks: [m] });
  }
  for (const line of lines) {
    const sorted = line.marks.sort((a, b) => a.x - b.x);
    const distinct = sorted.filter((m, i) => i === 0 || !(m.key === sorted[i - 1].key && m.x - sorted[i - 1].x < 0.3 * m.h));
    const apart = distinct.filter((m, i) => {
      const before = distinct[i - 1];
      const after = distinct[i + 1];
      return (!before || m.x - before.x >= ISOLATION * m.h) && (!after || after.x - m.x >= ISOLATION * m.h);
    });
    if (enough(apart) && apart.length <= MAX_ROW_MARKS) rows.push(apart);
  }
  return rows;
}

// The neighbourhoods of the kept marks, sorted by x, and a test whether a box reaches one of them.
function reachOf(marks) {
  const zones = marks.map((m) => ({ x0: m.x - REACH * m.h, x1: m.x + REACH * m.h, y0: m.y - REACH * m.h, y1: m.y + REACH * m.h })).sort((a, b) => a.x0 - b.x0);
  const widest = zones.reduce((w, z) => Math.max(w, z.x1 - z.x0), 0);
  return (b) => {
    let lo = 0, hi = zones.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (zones[mid].x0 < b.x0 - widest) lo = mid + 1; else hi = mid; }
    for (let i = lo; i < zones.length && zones[i].x0 <= b.x1; i++) {
      const z = zones[i];
      if (z.x1 >= b.x0 && z.y0 <= b.y1 && z.y1 >= b.y0) return true;
    }
    return false;
  };
}
`;

import { createHash } from 'node:crypto';

/**
 * The page's one style sheet, the same text for every fund, language and variant (they differ by a
 * class on <html>), so one hash covers every page in the Content-Security-Policy.
 *
 * Every length is a multiple of --u, one millimetre of the A4 sheet: 1mm on a page or in print, and
 * 1/210 of the frame's width when embedded, so the whole sheet scales to any iframe without script.
 */

/** The palette: one accent colour and greys. */
export const COLOURS = {
  accent: '#0f3b66',
  accentSoft: '#c3d3e6',
  text: '#1d2329',
  muted: '#5d6670',
  rule: '#d5dae0',
  grid: '#e7eaee',
  index: '#9fa8b3',
  track: '#eef1f4',
  screen: '#e6e8eb',
} as const;

const FONT_STACK = '"Liberation Sans", Arial, Helvetica, "DejaVu Sans", sans-serif';

/** The sheet's geometry in millimetres; the charts are drawn at these widths so they print 1:1. */
const LAYOUT_MM = {
  sheetWidth: 210,
  sheetHeight: 297,
  marginX: 11,
  leftColumn: 63,
  columnGap: 7,
  pairGap: 6,
  /** First column of the returns tables, and the calendar chart's left margin, so bars and figures line up. */
  returnsLabelColumn: 15,
} as const;

const RIGHT_COLUMN_MM = LAYOUT_MM.sheetWidth - 2 * LAYOUT_MM.marginX - LAYOUT_MM.leftColumn - LAYOUT_MM.columnGap;
const HALF_COLUMN_MM = (RIGHT_COLUMN_MM - LAYOUT_MM.pairGap) / 2;
const PX_PER_MM = 96 / 25.4;

/** Chart widths in CSS pixels (the SVG viewBox), matching the boxes they are laid out in. */
export const CHART_PX = {
  wide: Math.round(RIGHT_COLUMN_MM * PX_PER_MM),
  half: Math.round(HALF_COLUMN_MM * PX_PER_MM),
  returnsLabelColumn: Math.round(LAYOUT_MM.returnsLabelColumn * PX_PER_MM),
} as const;

/** A length of `mm` sheet millimetres. */
const u = (mm: number): string => `calc(${mm} * var(--u))`;
/** A font size of `points` on the printed sheet. */
const pt = (points: number): string => u(Number((points * 0.352778).toFixed(4)));

const c = COLOURS;
const L = LAYOUT_MM;
const clampLines = (lines: number) =>
  `display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: ${lines}; line-clamp: ${lines}; overflow: hidden;`;
const oneLine = 'white-space: nowrap; overflow: hidden; text-overflow: ellipsis;';

const RULES = [
  '@page { size: A4; margin: 0; }',
  "@property --u { syntax: '<length>'; inherits: true; initial-value: 1mm; }",
  '*, *::before, *::after { box-sizing: border-box; margin: 0; padding: 0; }',
  'html { -webkit-text-size-adjust: 100%; print-color-adjust: exact; -webkit-print-color-adjust: exact; }',
  `body { font-family: ${FONT_STACK}; color: ${c.text}; background: transparent; }`,
  // Variants: a page on a grey desk, a bare sheet for print, a sheet scaled to its frame when embedded.
  `html.v-page { background: ${c.screen}; }`,
  `.v-page .frame { padding: 24px 0; }`,
  `.v-page .sheet { margin: 0 auto; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12), 0 6px 24px rgba(0, 0, 0, 0.14); }`,
  '.v-embed .frame { container-type: inline-size; }',
  '.v-embed .sheet { --u: calc(100cqw / 210); }',
  `@media print { html.v-page { background: none; } .v-page .frame { padding: 0; } .v-page .sheet { box-shadow: none; } .pdf { display: none; } }`,
  // The sheet: header band, body, footer; the body takes what is left and never pushes the footer off.
  `.sheet { --u: 1mm; width: ${u(L.sheetWidth)}; height: ${u(L.sheetHeight)}; overflow: hidden; background: #fff; display: grid; grid-template-rows: auto minmax(0, 1fr) auto; font-size: ${pt(8)}; line-height: 1.25; font-variant-numeric: tabular-nums; }`,
  `.band { background: ${c.accent}; color: #fff; padding: ${u(6.5)} ${u(L.marginX)} ${u(5)}; display: grid; grid-template-columns: minmax(0, 1fr) auto; column-gap: ${u(8)}; align-items: end; }`,
  `.kicker { font-size: ${pt(7)}; letter-spacing: 0.1em; text-transform: uppercase; color: ${c.accentSoft}; margin-bottom: ${u(1.5)}; ${oneLine} }`,
  `.band h1 { font-size: ${pt(16)}; line-height: 1.15; font-weight: 700; letter-spacing: -0.005em; ${clampLines(2)} overflow-wrap: anywhere; }`,
  `.ids { display: flex; flex-wrap: wrap; column-gap: ${u(5)}; row-gap: ${u(0.6)}; margin-top: ${u(2.4)}; font-size: ${pt(7.5)}; max-height: ${u(7.5)}; overflow: hidden; }`,
  `.ids div { display: flex; column-gap: ${u(1.2)}; max-width: 100%; min-width: 0; }`,
  `.ids dt { color: ${c.accentSoft}; white-space: nowrap; }`,
  `.ids dd { font-weight: 700; ${oneLine} }`,
  `.band-side { text-align: right; font-size: ${pt(7.5)}; display: flex; flex-direction: column; align-items: flex-end; row-gap: ${u(1.2)}; }`,
  `.doc-type { font-size: ${pt(8)}; font-weight: 700; letter-spacing: 0.14em; text-transform: uppercase; }`,
  `.as-of { color: ${c.accentSoft}; white-space: nowrap; }`,
  `.as-of strong { color: #fff; }`,
  `.pdf { margin-top: ${u(1.5)}; display: inline-block; color: #fff; text-decoration: none; font-weight: 700; font-size: ${pt(7)}; letter-spacing: 0.08em; border: ${u(0.25)} solid ${c.accentSoft}; border-radius: ${u(0.6)}; padding: ${u(0.6)} ${u(2.2)}; }`,
  '.pdf:hover, .pdf:focus { background: rgba(255, 255, 255, 0.14); }',
  // Two columns; each wraps the blocks that do not fit into a hidden second line instead of cutting one in half.
  `.body { display: grid; grid-template-columns: ${u(L.leftColumn)} minmax(0, 1fr); column-gap: ${u(L.columnGap)}; padding: ${u(5.5)} ${u(L.marginX)} ${u(2)}; min-height: 0; overflow: hidden; }`,
  `.col { display: flex; flex-direction: column; flex-wrap: wrap; align-content: flex-start; row-gap: ${u(3.8)}; column-gap: ${u(20)}; height: 100%; min-height: 0; overflow: hidden; }`,
  '.col > * { width: 100%; }',
  `.pair { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); column-gap: ${u(L.pairGap)}; align-items: start; }`,
  `.pair > * { min-width: 0; }`,
  `.no-data { grid-column: 1 / -1; align-self: start; margin-top: ${u(10)}; padding: ${u(6)} 0; text-align: center; color: ${c.muted}; font-size: ${pt(9)}; border-top: ${u(0.1)} solid ${c.rule}; border-bottom: ${u(0.1)} solid ${c.rule}; }`,
  // Blocks.
  `.block h2 { font-size: ${pt(8.5)}; font-weight: 700; font-variant-caps: all-small-caps; letter-spacing: 0.06em; color: ${c.accent}; line-height: 1.2; padding-bottom: ${u(0.7)}; margin-bottom: ${u(1.2)}; border-bottom: ${u(0.3)} solid ${c.accent}; ${oneLine} }`,
  `.block p { font-size: ${pt(7.8)}; }`,
  `.objective { ${clampLines(7)} hyphens: auto; overflow-wrap: anywhere; }`,
  `table { width: 100%; border-collapse: collapse; table-layout: fixed; font-size: ${pt(7.3)}; }`,
  `th, td { padding: ${u(0.42)} 0; border-bottom: ${u(0.1)} solid ${c.rule}; text-align: left; font-weight: 400; vertical-align: top; }`,
  `.facts th { color: ${c.muted}; width: 45%; padding-right: ${u(2)}; }`,
  `.facts td { text-align: right; font-weight: 700; }`,
  `.facts.wide-labels th { width: 68%; }`,
  `.facts td span { ${clampLines(2)} overflow-wrap: anywhere; }`,
  `.holdings td:first-child { ${oneLine} padding-right: ${u(2)}; }`,
  `.holdings td:last-child, .holdings th:last-child { text-align: right; width: ${u(15)}; }`,
  `.holdings thead th, .returns thead th { color: ${c.muted}; font-size: ${pt(6.8)}; border-bottom-color: ${c.text}; }`,
  `.returns { font-size: ${pt(7)}; }`,
  `.returns th, .returns td { text-align: right; padding-left: ${u(0.5)}; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }`,
  `.returns th:first-child, .returns td:first-child { text-align: left; padding-left: 0; }`,
  `.returns tbody th { color: ${c.muted}; }`,
  `.returns col.label { width: ${u(L.returnsLabelColumn)}; }`,
  `.returns .fund td { font-weight: 700; }`,
  `.returns .fund th::before, .returns .index th::before { content: ''; display: inline-block; width: ${u(1.8)}; height: ${u(1.8)}; margin-right: ${u(1.2)}; background: ${c.accent}; vertical-align: baseline; }`,
  `.returns .index th::before { background: ${c.index}; }`,
  `.chart svg { display: block; width: 100%; height: auto; overflow: hidden; }`,
  `.chart + table { margin-top: ${u(0.6)}; }`,
  `.block .subtitle { font-size: ${pt(6.8)}; color: ${c.muted}; margin: ${u(-0.6)} 0 ${u(1)}; ${oneLine} }`,
  `.legend { display: flex; column-gap: ${u(5)}; font-size: ${pt(7)}; color: ${c.muted}; margin-bottom: ${u(0.6)}; min-width: 0; }`,
  `.legend span { ${oneLine} min-width: 0; }`,
  `.legend span::before { content: ''; display: inline-block; width: ${u(4)}; height: ${u(0.7)}; margin-right: ${u(1.4)}; vertical-align: middle; background: ${c.accent}; }`,
  `.legend .key-fund { flex: none; }`,
  `.legend .key-index::before { background: ${c.index}; }`,
  `.sri { list-style: none; display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); column-gap: ${u(0.9)}; }`,
  `.sri li { text-align: center; font-size: ${pt(8)}; font-weight: 700; color: ${c.muted}; background: ${c.track}; padding: ${u(1.1)} 0; }`,
  `.sri li.on { background: ${c.accent}; color: #fff; }`,
  `.sri-scale { display: flex; justify-content: space-between; font-size: ${pt(6.5)}; color: ${c.muted}; margin-top: ${u(1)}; }`,
  `.sri-class { font-size: ${pt(7)}; color: ${c.muted}; margin-top: ${u(0.8)}; }`,
  `.sfdr strong { color: ${c.accent}; margin-right: ${u(1.5)}; }`,
  `.block .sfdr { font-size: ${pt(7.5)}; ${clampLines(2)} }`,
  // Footer: sources, the sheet's date, the disclaimer; the small print stays on the page whatever the body holds.
  `.foot { margin: 0 ${u(L.marginX)}; padding: ${u(2.4)} 0 ${u(6.5)}; border-top: ${u(0.1)} solid ${c.rule}; font-size: ${pt(6)}; line-height: 1.35; color: ${c.muted}; display: grid; row-gap: ${u(1.1)}; }`,
  `.sources strong { font-weight: 700; color: ${c.text}; margin-right: ${u(0.8)}; }`,
  `.sources { ${clampLines(3)} }`,
  `.sources .file { color: #838b94; }`,
  `.disclaimer { ${clampLines(4)} }`,
];

export const FACTSHEET_STYLESHEET: string = RULES.join('\n');

/** 'sha256-<base64>' of the <style> element's exact text, for the Content-Security-Policy's style-src. */
export const FACTSHEET_STYLE_HASH: string = `sha256-${createHash('sha256').update(FACTSHEET_STYLESHEET, 'utf8').digest('base64')}`;

import { normaliseIsin } from '../../domain/isin';
import {
  DATE,
  dedupeRepeatedLines,
  normaliseLine,
  normalisePercent,
  parseDate,
  parseDecimal,
  textLines,
  type PdfText,
  type TextLine,
} from '../pdf/text';

/**
 * Reads a single-fund factsheet from its text layer.
 *
 * Factsheets have no regulated template, so everything is a labelled value ("Benchmark:", "Beta : 0.83")
 * or a table of "name  weight" rows under a heading. Labelled values are read from the reading-order text;
 * tables are read from the layout text when there is one, because it keeps side-by-side columns apart
 * (reading order can interleave the two halves of a two-column holdings table).
 *
 * Every pattern runs in time linear in the text, which comes from outside: the rules are those of LINEAR TIME
 * in kid.ts. Layout lines keep their runs of spaces (columns), so patterns over them never let two
 * quantifiers share a run, and a pattern that starts with a run starts at its first character.
 */

export interface WeightedName {
  name: string;
  weight: number;
}

export interface WeightedLabel {
  label: string;
  weight: number;
}

export interface FactsheetFields {
  name: string | null;
  isin: string | null;
  manager: string | null;
  benchmark: string | null;
  /** Assets under management as printed, with currency and unit ("₹ 23,686.45 Crores"). */
  aum: string | null;
  inception: string | null;
  reportDate: string | null;
  /** The headline NAV: a labelled NAV, else the regular plan's growth/accumulation line of the NAV table. */
  nav: number | null;
  /** Every NAV line read, by plan/option label as printed ("Dir-Plan-Growth"). */
  navs: Array<{ label: string; value: number }>;
  /** Largest positions, heaviest first (at most TOP_HOLDINGS). */
  topHoldings: WeightedName[];
  sector: WeightedLabel[];
  ter: string | null;
  /** Annualised standard deviation / volatility as printed ("11.00%"). */
  volatility: string | null;
  sharpe: string | null;
  beta: string | null;
  /** 1-based page where each filled field was found. */
  pages: Record<string, number>;
}

export const TOP_HOLDINGS = 10;

interface Hit<T> {
  value: T;
  page: number;
}

/** The two renderings of the document a parser can look at. */
interface Views {
  reading: TextLine[];
  /** Layout lines keep their leading spaces: column positions matter. */
  layout: TextLine[];
}

export function parseFactsheet(text: PdfText): FactsheetFields {
  const views: Views = { reading: textLines(text.pages ?? []), layout: layoutLines(text.layout ?? []) };
  const pages: Record<string, number> = {};
  const take = <T>(field: string, hit: Hit<T> | null): T | null => {
    if (hit === null) return null;
    pages[field] = hit.page;
    return hit.value;
  };
  const takeList = <T>(field: string, hit: Hit<T[]> | null): T[] => take(field, hit && hit.value.length > 0 ? hit : null) ?? [];

  const navs = findNavs(views);
  return {
    name: take('name', findFundName(views.reading)),
    isin: take('isin', findIsin(views.reading)),
    manager: take('manager', findManager(views.reading)),
    benchmark: take('benchmark', labelled(views, BENCHMARK_LABEL, freeText, true)),
    aum: take('aum', findAum(views.reading)),
    inception: take('inception', labelled(views, INCEPTION_LABEL, dateValue)),
    reportDate: take('reportDate', findReportDate(views)),
    nav: take('nav', navs && { value: headlineNav(navs.value), page: navs.page }),
    navs: takeList('navs', navs && { value: navs.value.map(({ label, value }) => ({ label, value })), page: navs.page }),
    topHoldings: takeList('topHoldings', findTopHoldings(views)),
    sector: takeList('sector', findSectors(views)),
    ter: take('ter', labelled(views, TER_LABEL, percentValue)),
    volatility: take('volatility', labelled(views, VOLATILITY_LABEL, percentValue)),
    sharpe: take('sharpe', labelled(views, SHARPE_LABEL, ratioValue)),
    beta: take('beta', labelled(views, BETA_LABEL, ratioValue)),
    pages,
  };
}

/** Layout pages as lines; only trailing blanks and typography are normalised, indentation is kept. */
function layoutLines(pages: string[]): TextLine[] {
  const out: TextLine[] = [];
  pages.forEach((page, i) => {
    // trimEnd, not /\s+$/: tried from every blank of a long inner run, that pattern rescans the run (quadratic).
    const lines = page.split('\n').map((l) => l.replace(/\t/g, '    ').trimEnd());
    // Column positions matter here, so spaces are kept as they are and only characters are mapped.
    for (const line of dedupeRepeatedLines(lines)) out.push({ text: mapCharacters(line), page: i + 1 });
  });
  return out;
}

/** normaliseLine's character mapping without its space collapsing (one char in, one char out keeps columns). */
function mapCharacters(line: string): string {
  return line.replace(/\S+/g, (word) => {
    const mapped = normaliseLine(word);
    return mapped.length === word.length ? mapped : word;
  });
}

// ---------------------------------------------------------------------------------------------
// Labelled values
// ---------------------------------------------------------------------------------------------

// Labels are bounded by (?<!\p{L}) / (?!\p{L}) rather than \b, which is ASCII-only and fails next to "é".
const BENCHMARK_LABEL = /(?<!\p{L})(?:(?:first|second)[- ]tier benchmark|benchmark(?: index)?|reference index|indice de r[ée]f[ée]rence|indicateur de r[ée]f[ée]rence)(?!\p{L})/iu;
const INCEPTION_LABEL = /(?<!\p{L})(?:inception date|date of (?:allotment|inception|launch)|launch date|fund launch(?: date)?|share class launch(?: date)?|date de (?:cr[ée]ation|lancement))(?!\p{L})/iu;
const REPORT_LABEL = /(?<!\p{L})(?:report(?:ing)? (?:as on|as of|as at|date)|factsheet (?:as (?:of|at|on)|date)|data as (?:of|at|on)|portfolio as (?:of|at|on)|donn[ée]es au)(?!\p{L})/iu;
const TER_LABEL = /(?<!\p{L})(?:total expense ratio|TER|expense ratio|ongoing charges?(?: figure)?|OCF|frais courants)(?!\p{L})/iu;
const VOLATILITY_LABEL = /(?<!\p{L})(?:standard deviation|(?:annuali[sz]ed )?volatility|volatilit[ée]|[ée]cart[- ]type)(?!\p{L})/iu;
const SHARPE_LABEL = /(?<!\p{L})(?:sharpe(?: ratio)?|ratio de sharpe)(?!\p{L})/iu;
const BETA_LABEL = /(?<!\p{L})b[eê]ta(?!\p{L})/iu;

type ValueReader<T> = (rest: string) => T | null;

/**
 * Characters after a label that its value may take (a date, a figure, an index name: never a paragraph).
 * Bounding it keeps each label occurrence's work constant: a long line of labels is read in linear time.
 */
const MAX_VALUE_CHARS = 300;

/** Where a label opens its line: after the indentation, or after a leading bullet and its blanks. */
function lineOpenings(text: string): number[] {
  const first = text.search(/\S/);
  if (first < 0 || !'•·*-'.includes(text[first])) return [first];
  const afterBullet = text.slice(first + 1).search(/\S/);
  return afterBullet < 0 ? [first] : [first, first + 1 + afterBullet];
}

/** Whether a wide gap (two blanks, or a tab) precedes position `at`: the label opens a column. */
function opensColumn(text: string, at: number): boolean {
  return text[at - 1] === '\t' || (at >= 2 && /\s/.test(text[at - 1]) && /\s/.test(text[at - 2]));
}

/** A layout value ends at the next wide gap (three blanks or a tab), where the neighbouring column starts. */
function firstCell(text: string): string {
  const end = text.search(/\s{3,}|\t/);
  return end < 0 ? text : text.slice(0, end);
}

/**
 * The value after a label on the same line, "Label : value" or "Label value", read first from the
 * reading-order lines, then from the layout lines. The label must open its line or its column (after a
 * bullet or a wide gap) so prose that merely mentions "benchmark" is not read; free text also needs a colon.
 * In layout lines the value ends at the next wide gap, so a neighbouring column is never part of the value.
 */
function labelled<T>(views: Views, label: RegExp, read: ValueReader<T>, needsColon = false): Hit<T> | null {
  const global = new RegExp(label.source, label.flags.includes('g') ? label.flags : `${label.flags}g`);
  for (const lines of [views.reading, views.layout]) {
    for (const line of lines) {
      // Each occurrence costs a constant (no rescan of what precedes it, a bounded value): linear in the line.
      const openings = lineOpenings(line.text);
      for (const m of line.text.matchAll(global)) {
        const at = m.index ?? 0;
        if (!openings.includes(at) && !opensColumn(line.text, at)) continue;
        const start = at + m[0].length;
        const after = line.text.slice(start, start + MAX_VALUE_CHARS).replace(/^\s*(?:\((?:%|in %)\))?/, '');
        const colon = /^\s*[:=]/.test(after);
        if (needsColon && !colon) continue;
        const value = read(firstCell(after.replace(/^\s*(?:[:\-–=]\s*)?/, '')));
        if (value !== null) return { value, page: line.page };
      }
    }
  }
  return null;
}

function freeText(rest: string): string | null {
  const value = rest.replace(/[.;,]\s*$/, '').trim();
  return /\p{L}/u.test(value) ? value : null;
}

function dateValue(rest: string): string | null {
  const m = new RegExp(`^(?:on |le )?(${DATE})`, 'i').exec(rest.trim());
  return m ? parseDate(m[1]) : null;
}

function percentValue(rest: string): string | null {
  const m = /^([-−]?\d{1,3}(?:[.,]\d+)?)\s?%/.exec(rest.trim());
  return m ? normalisePercent(m[0]) : null;
}

/** Ratios are kept as printed ("0.83"), decimal comma turned into a point. */
function ratioValue(rest: string): string | null {
  const m = /^([-−]?\d{1,2}(?:[.,]\d+)?)(?![\d%])/.exec(rest.trim());
  return m ? m[1].replace(',', '.').replace('−', '-') : null;
}

// ---------------------------------------------------------------------------------------------
// Identification
// ---------------------------------------------------------------------------------------------

/** Linear: the parenthesis is bounded; unbounded, each "fund (" of a long line without ")" scanned to its end. */
const FUND_WORD = /\b(?:fund|fonds|etf|sicav|portfolio|trust|fcp)(?:\s*\([^)]{0,80}\))?$/i;

/**
 * A labelled name, else the first short title-case line ending in "Fund"/"ETF"/... Mixed-case candidates
 * win over all-caps ones, which on factsheets are usually category banners ("EQUITY-FLEXICAP FUND").
 */
function findFundName(lines: TextLine[]): Hit<string> | null {
  const label = /^(?:fund name|name of (?:the )?fund|scheme name|nom du fonds)\s*:\s*(\S.*)$/i; // (\S.*): see LINEAR TIME in kid.ts
  for (const line of lines) {
    const m = label.exec(line.text);
    if (m) return { value: m[1].trim(), page: line.page };
  }
  const candidates = lines.filter((l) => l.text.split(/\s+/).length <= 10 && FUND_WORD.test(withoutClassSuffix(l.text)) && isTitleCase(l.text));
  const mixed = candidates.find((l) => l.text !== l.text.toUpperCase());
  const chosen = mixed ?? candidates[0];
  return chosen ? { value: chosen.text, page: chosen.page } : null;
}

/** "Global Equity Fund Acc", "... ETF (Dist)", "... Fund - A EUR Acc": the share-class tail after the fund word. */
// (?<!\s): tried from the first blank of a run only, not from each of its blanks.
const CLASS_SUFFIX = /(?<!\s)\s+(?:-\s*)?\(?(?:[A-Z]\d?\s+)?(?:(?:EUR|USD|GBP|CHF|JPY)\s+)?(?:acc|accumulating|accumulation|dist|distributing|distribution|inc|income)\)?\.?$/i;

function withoutClassSuffix(text: string): string {
  return text.replace(CLASS_SUFFIX, '');
}

/** Names capitalise every significant word ("SBI Flexicap Fund", "iShares Core MSCI World UCITS ETF"); prose does not. */
function isTitleCase(text: string): boolean {
  const words = text.split(/\s+/);
  return words.every((w) => w.length <= 3 || /^[\p{Lu}\d(&]|^\p{Ll}\p{Lu}/u.test(w)) && /^[\p{Lu}\d]|^\p{Ll}\p{Lu}/u.test(words[0]);
}

function findIsin(lines: TextLine[]): Hit<string> | null {
  for (const line of lines) {
    for (const m of line.text.matchAll(/\b([A-Z]{2}[A-Z0-9]{9}\d)\b/g)) {
      const isin = normaliseIsin(m[1]);
      if (isin) return { value: isin, page: line.page };
    }
  }
  return null;
}

/** "Fund Manager: A, B (Co fund Manager)": a list that ends in a comma continues on the next line. */
function findManager(lines: TextLine[]): Hit<string> | null {
  // (\S.*|): the blanks after the colon have one reading (see LINEAR TIME in kid.ts); the value may be empty.
  const label = /^(?:[•·\-*]\s*)?(?:fund managers?|portfolio managers?|investment manager|management company|managers?|g[ée]rants?|soci[ée]t[ée] de gestion)\s*:\s*(\S.*|)$/i;
  for (let i = 0; i < lines.length; i++) {
    const m = label.exec(lines[i].text);
    if (!m) continue;
    let value = m[1].trim();
    for (let j = i + 1; j < lines.length && (value === '' || /[,&]$|\band$/.test(value)) && j <= i + 3; j++) value = `${value} ${lines[j].text}`.trim();
    // Linear: tried from a blank run's first character only, and "(since ...)" is bounded (unbounded, each
    // "(since" of a long value without ")" scanned to its end).
    value = value.replace(/(?<!\s)\s*\((?:co[- ]?fund manager|co-manager|lead manager|since [^)]{0,80})\)/gi, '').replace(/[,;]\s*$/, '').trim();
    if (value) return { value, page: lines[i].page };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// AUM, dates, NAV
// ---------------------------------------------------------------------------------------------

// Linear: one blank run per optional part (was \s*:?\s*(.*)), the value starting at its first non-blank.
const AUM_LABEL = new RegExp(
  String.raw`^(?:[•·*-]\s*)?(?:(?:fund |total )?AUM|assets under management|fund size|(?:total )?net assets|actif net|encours)\b(?:\s+(?:as (?:on|of|at)|au)\s+(?:${DATE}))?\s*(?::\s*)?(\S.*|)$`,
  'i',
);

/**
 * Assets under management as printed. "AUM as on <date>" beats the monthly average ("AAUM"), which the
 * label cannot match since it must open the line. The value may sit on the next line.
 */
function findAum(lines: TextLine[]): Hit<string> | null {
  for (let i = 0; i < lines.length; i++) {
    const m = AUM_LABEL.exec(lines[i].text);
    if (!m) continue;
    const value = [m[1], lines[i + 1]?.text ?? ''].map(cleanAmount).find((v) => /\d/.test(v) && !/^\d{1,2}[/.-]\d/.test(v));
    if (value) return { value, page: lines[i].page };
  }
  return null;
}

/**
 * Indian factsheets set the rupee sign in a font that maps it to a backtick; restore it so the amount
 * reads as printed on paper.
 */
function cleanAmount(raw: string): string {
  return raw.trim().replace(/^`\s*(?=\d)/, '₹ ');
}

function findReportDate(views: Views): Hit<string> | null {
  const labelledDate = labelled(views, REPORT_LABEL, dateValue);
  if (labelledDate) return labelledDate;
  const asOf = new RegExp(`\\b(?:as (?:on|of|at)|au)\\s*(?::\\s*)?(${DATE})`, 'i'); // one blank run per optional part
  for (const line of views.reading) {
    const m = asOf.exec(line.text);
    const iso = m ? parseDate(m[1]) : null;
    if (iso) return { value: iso, page: line.page };
  }
  return null;
}

const NAV_NUMBER = String.raw`(\d{1,7}(?:,\d{3})*\.\d{1,6}|\d{1,7}[.,]\d{1,6})`;

interface NavRow {
  label: string;
  value: number;
  page: number;
}

/** A labelled "NAV: 123.45" (one line), else the rows of the NAV table. */
function findNavs(views: Views): Hit<NavRow[]> | null {
  // One blank run per optional part (was :\s*(?:currency)?\s*): see LINEAR TIME in kid.ts.
  const direct = new RegExp(String.raw`\b(?:NAV|net asset value|valeur liquidative)(?: per (?:share|unit))?\s*:\s*(?:(?:[A-Z]{3}|[€$£₹\x60])\s*)?${NAV_NUMBER}(?![\d/.-])`, 'i');
  for (const line of views.reading) {
    const m = direct.exec(line.text);
    const n = m ? parseDecimal(m[1]) : null;
    if (n !== null) return { value: [{ label: 'NAV', value: n, page: line.page }], page: line.page };
  }
  const rows = views.layout.length > 0 ? navTableRows(views.layout) : [];
  const all = rows.length > 0 ? rows : navColumnRows(views.reading);
  return all.length > 0 ? { value: all, page: all[0].page } : null;
}

/** Of several plans, the regular growth/accumulation line is the fund's headline NAV. */
function headlineNav(rows: NavRow[]): number {
  const rank = (label: string) => (/growth|\bacc|capitali/i.test(label) ? 0 : 2) + (/\bdir(?:ect)?\b|institutional|\binst\b/i.test(label) ? 1 : 0);
  return rows.reduce((a, b) => (rank(b.label) < rank(a.label) ? b : a)).value;
}

/** Words that name a share class, plan or option; a NAV table row label carries one of them. */
const PLAN_WORD = /plan|option|class|growth|idcw|dividend|\bacc|\bdist|capitali|direct|regular|institutional|retail|\bunits?\b|\bshares?\b|\bparts?\b/i;

/** A plan/option label: a few words naming a class, not a date, not a column header. */
function isPlanLabel(text: string): boolean {
  return PLAN_WORD.test(text) && !/^\d/.test(text) && text.split(/\s+/).length <= 6 && !/^(?:option|plan|nav\b|record date)s?$/i.test(text);
}

/** Layout rows under the NAV heading: the first "label  number" pair of cells on each line. */
function navTableRows(lines: TextLine[]): NavRow[] {
  const start = lines.findIndex((l) => /\b(?:net asset value|NAV)\b/i.test(l.text));
  if (start < 0) return [];
  const number = new RegExp(`^${NAV_NUMBER}$`);
  const rows: NavRow[] = [];
  for (const line of lines.slice(start + 1, start + 16)) {
    const cells = line.text.trim().split(/\s{2,}/);
    for (let k = 0; k + 1 < cells.length; k++) {
      if (!isPlanLabel(cells[k]) || !number.test(cells[k + 1])) continue;
      const value = parseDecimal(cells[k + 1]);
      if (value !== null) rows.push({ label: cells[k], value, page: line.page });
      break; // a neighbouring table (dividends, "LAST IDCW") may follow on the same line
    }
  }
  return rows;
}

/**
 * Reading order prints a NAV table column by column: the plan labels, then as many numbers. Pair them
 * when a run of label lines is followed by a run of exactly as many number lines.
 */
function navColumnRows(lines: TextLine[]): NavRow[] {
  const number = new RegExp(`^${NAV_NUMBER}$`);
  for (let i = 0; i < lines.length; i++) {
    let j = i;
    while (j < lines.length && isPlanLabel(lines[j].text)) j++;
    const labels = lines.slice(i, j);
    if (labels.length < 2) continue;
    const values = lines.slice(j, j + labels.length);
    if (values.length === labels.length && values.every((v) => number.test(v.text))) {
      return labels.map((l, k) => ({ label: l.text, value: parseDecimal(values[k].text) ?? NaN, page: l.page })).filter((r) => Number.isFinite(r.value));
    }
    i = j;
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Weighted tables: holdings and sectors
// ---------------------------------------------------------------------------------------------

/** Table headings are whole cells ("PORTFOLIO", "Top 10 Holdings", "INDUSTRY ALLOCATION (%)"), not words inside prose. */
// One blank run per optional part (was \s*(?:\(...\))?\s*:?$).
const HEADING_END = String.raw`\s*(?:\((?:%|in %|% of (?:net assets|aum))\)\s*)?:?$`;
const HOLDINGS_HEADING = new RegExp(
  String.raw`^(?:top (?:\d+ |ten )?(?:holdings|positions)|(?:portfolio )?holdings|portfolio|stock name|security name|principales? (?:lignes|positions)|top 10)${HEADING_END}`,
  'i',
);
const SECTOR_HEADING = new RegExp(
  String.raw`^(?:(?:portfolio classification by )?industry allocation|sector(?:al)? (?:allocation|breakdown|exposure|weights?)|sectors?|r[ée]partition sectorielle|secteurs?)${HEADING_END}`,
  'i',
);
const NON_POSITION = /^(?:grand )?total\b|^cash\b|cash equivalents?|net (?:current )?assets|^others?$|^sub[- ]?total/i;
const MAX_TABLE_LINES = 80;

/** A "name  weight" cell: where the name starts, the name, the weight. */
export interface Cell {
  column: number;
  name: string;
  weight: number;
  line: number;
  page: number;
}

const COLUMN_TOLERANCE = 3;
const MIN_COLUMN_ROWS = 3;
/** Rows of one column further apart than this belong to another table below it. */
const MAX_ROW_GAP = 5;

/**
 * Reads the "name  weight" cells of a block of layout lines, column by column. Cells are grouped by the
 * column their name starts in; a group needs MIN_COLUMN_ROWS rows to count as a table column, which drops
 * stray prose that happens to end in a number. Columns are read left to right, each top to bottom, so a
 * two-column table comes out as printed, never interleaved row by row.
 */
export function readWeightedColumns(lines: TextLine[]): Cell[][] {
  const cells = lines.flatMap((line, i) => cellsOf(line, i));
  const columns: Cell[][] = [];
  // Cells come sorted by column, so the first column within tolerance of a cell is never before the first
  // one within tolerance of the previous cell: a moving index finds it (searching every column for every
  // cell was quadratic on a line of many cells).
  let candidate = 0;
  for (const cell of cells.sort((a, b) => a.column - b.column || a.line - b.line)) {
    while (candidate < columns.length && columns[candidate][0].column < cell.column - COLUMN_TOLERANCE) candidate++;
    const column = columns[candidate];
    if (column) column.push(cell);
    else columns.push([cell]);
  }
  return columns
    .map((c) => firstRun(c.sort((a, b) => a.line - b.line)))
    .filter((c) => c.length >= MIN_COLUMN_ROWS)
    .sort((a, b) => a[0].column - b[0].column);
}

/** The leading rows of a column up to the first gap wider than MAX_ROW_GAP lines. */
function firstRun(column: Cell[]): Cell[] {
  const end = column.findIndex((c, i) => i > 0 && c.line - column[i - 1].line > MAX_ROW_GAP);
  return end < 0 ? column : column.slice(0, end);
}

function cellsOf(line: TextLine, index: number): Cell[] {
  const out: Cell[] = [];
  // A name is words separated by single spaces; two or more spaces separate it from its weight.
  // Linear: a name starts only where a cell can start (not inside a word, not after "word "): every start
  // inside one run of words ends at the same gap, so trying each of them rescanned the run (quadratic).
  const cell = /(?<!\S)(?<!\S )(\S+(?: \S+)*)\s{2,}(\d{1,3}(?:[.,]\d{1,3}))\s?%?(?=\s{2,}|\s*$)/g;
  for (const m of line.text.matchAll(cell)) {
    const weight = parseDecimal(m[2]);
    if (weight === null || weight > 100 || !/\p{L}/u.test(m[1])) continue;
    out.push({ column: m.index ?? 0, name: m[1].trim(), weight, line: index, page: line.page });
  }
  return out;
}

/**
 * A row's trailing weight and the blanks before it. The name is what precedes it and must hold a letter;
 * /^(.*\p{L}.*?)\s+.../ said the same but retried the tail after every letter of the line (quadratic).
 */
const TRAILING_WEIGHT = /(?<!\s)\s+(\d{1,3}[.,]\d{1,3})\s?%?$/;

/** Reading-order fallback: one "name weight" row per line (pdf.js keeps a row's cells on one line). */
function readWeightedRows(lines: TextLine[]): Cell[] {
  return lines.flatMap((line, i) => {
    const m = TRAILING_WEIGHT.exec(line.text);
    const name = m ? line.text.slice(0, m.index) : '';
    const weight = m && /\p{L}/u.test(name) ? parseDecimal(m[1]) : null;
    return weight !== null && weight <= 100 ? [{ column: 0, name: name.trim(), weight, line: i, page: line.page }] : [];
  });
}

/** Whether a line carries a heading as one of its cells (layout lines hold several columns). */
function hasHeadingCell(line: TextLine, heading: RegExp): boolean {
  return line.text
    .trim()
    .split(/\s{2,}|\t/)
    .some((cell) => cell.split(/\s+/).length <= 8 && heading.test(cell.replace(/^[•·*-]\s*/, '')));
}

/** The lines after a heading, up to the heading of the next table (`stop`) or MAX_TABLE_LINES. */
function tableBlock(lines: TextLine[], heading: RegExp, stop: RegExp | null): TextLine[] {
  const start = lines.findIndex((l) => hasHeadingCell(l, heading));
  if (start < 0) return [];
  const block: TextLine[] = [];
  for (const line of lines.slice(start + 1, start + 1 + MAX_TABLE_LINES)) {
    if (stop && hasHeadingCell(line, stop)) break;
    block.push(line);
  }
  return block;
}

function weightedTable(views: Views, heading: RegExp, stop: RegExp | null): Cell[] {
  if (views.layout.length > 0) {
    const columns = readWeightedColumns(tableBlock(views.layout, heading, stop));
    if (columns.length > 0) return columns.flat();
  }
  return firstRun(readWeightedRows(tableBlock(views.reading, heading, stop)));
}

/** Every position of the holdings table in printed order, column by column, without totals and cash. */
export function readHoldings(text: PdfText): WeightedName[] {
  const views: Views = { reading: textLines(text.pages ?? []), layout: layoutLines(text.layout ?? []) };
  return holdingCells(views).map((c) => ({ name: c.name, weight: c.weight }));
}

function holdingCells(views: Views): Cell[] {
  return weightedTable(views, HOLDINGS_HEADING, SECTOR_HEADING).filter((c) => !NON_POSITION.test(c.name));
}

/** The heaviest TOP_HOLDINGS positions; equal weights keep their printed order. */
function findTopHoldings(views: Views): Hit<WeightedName[]> | null {
  const cells = holdingCells(views);
  if (cells.length === 0) return null;
  const ranked = cells.map((c, i) => ({ c, i })).sort((a, b) => b.c.weight - a.c.weight || a.i - b.i);
  return { value: ranked.slice(0, TOP_HOLDINGS).map(({ c }) => ({ name: c.name, weight: c.weight })), page: cells[0].page };
}

function findSectors(views: Views): Hit<WeightedLabel[]> | null {
  const cells = weightedTable(views, SECTOR_HEADING, HOLDINGS_HEADING).filter((c) => !/^(?:grand )?total\b/i.test(c.name));
  if (cells.length === 0) return null;
  return { value: cells.map((c) => ({ label: c.name, weight: c.weight })), page: cells[0].page };
}

import type { PdfText } from '../pdf/text';
import type { Hit } from '../text/hits';
import { layoutLines, normaliseLine, textLines } from '../text/lines';
import { DATE, PERIOD } from './french';

/**
 * Reading labelled values out of an SCPI document, whatever the layout: the value after its label on
 * the same line ("Taux d'occupation financier : 98,1 %"), in the next cell of a table row
 * ("TOF\t98,1 %"), under its label when a row of labels sits over a row of values, on the line after
 * the label, or before the label ("24 844 associés", "(0 en attente de retrait)").
 *
 * Labels are matched on a folded copy of each line (lower case, accents removed, one character per
 * character so offsets stay those of the printed line); values are read from short windows next to the
 * label. LINEAR TIME (see parsers/kid.ts): label patterns are alternations of literal phrases scanned
 * once per line, and every value pattern runs on a window of at most WINDOW characters, so each label
 * hit costs a constant, whatever the text holds (200,000 characters of repeated labels included).
 */

/** Characters of text read after (or before) a label for its value. */
export const WINDOW = 120;
const BEFORE_WINDOW = 48;

/** One normalised line of the document. */
export interface ScpiLine {
  text: string;
  folded: string;
  page: number;
}

/** Where a label was found: its line and the offsets of the match in that line. */
export interface LabelHit {
  line: number;
  start: number;
  end: number;
  match: RegExpExecArray;
}

/** Folds one character at a time, so a match in the folded line is at the same offsets in the printed one. */
function foldLine(text: string): string {
  let out = '';
  for (const ch of text) {
    const folded = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    out += folded.length === ch.length ? folded : ch.toLowerCase().length === ch.length ? ch.toLowerCase() : ch;
  }
  return out;
}

/** The document as the SCPI parsers read it: normalised lines with their folded copies. */
export class ScpiText {
  readonly lines: ScpiLine[];

  constructor(text: PdfText) {
    const cells = layoutCells(text.layout);
    this.lines = textLines(text.pages ?? []).map((l) => {
      const line = l.text.includes('\t') ? l.text : (cells.get(cellKey(l.page, l.text)) ?? l.text);
      return { text: line, folded: foldLine(line), page: l.page };
    });
  }

  /** Every match of a (global) label pattern, line by line, in document order. */
  *labels(pattern: RegExp): Generator<LabelHit> {
    for (let i = 0; i < this.lines.length; i++) {
      pattern.lastIndex = 0;
      const folded = this.lines[i].folded;
      for (let m = pattern.exec(folded); m; m = pattern.exec(folded)) {
        yield { line: i, start: m.index, end: m.index + m[0].length, match: m };
        if (m[0].length === 0) pattern.lastIndex++;
      }
    }
  }

  page(hit: LabelHit): number {
    return this.lines[hit.line].page;
  }

  /**
   * The windows a label's value may sit in, nearest first: the rest of its cell, the next cell of its row,
   * the cell under the label (a row of labels over a row of values with as many cells), the start of the
   * next line. Each window is folded text, cut at the next label of `stop` (non-global) so a missing value
   * never borrows its neighbour's. `rowOnly`: the label's cell and the next cell of its row only.
   */
  *valueWindows(hit: LabelHit, stop: RegExp, rowOnly = false): Generator<string> {
    const line = this.lines[hit.line].folded;
    const tab = line.indexOf('\t', hit.end);
    const cellEnd = tab === -1 ? line.length : tab;
    yield cut(line.slice(hit.end, Math.min(cellEnd, hit.end + WINDOW)), stop);
    if (tab !== -1) yield cut(nextCell(line, tab + 1), stop);
    if (rowOnly) return;
    const next = this.lines[hit.line + 1];
    if (next && next.page === this.lines[hit.line].page) {
      const under = cellUnder(line, hit.start, next.folded);
      if (under !== null) yield cut(under, stop);
      yield cut(next.folded.slice(0, WINDOW), stop);
    }
  }

  /** Folded text just before a label in its cell (at most BEFORE_WINDOW characters). */
  before(hit: LabelHit): string {
    const line = this.lines[hit.line].folded;
    const cellStart = line.lastIndexOf('\t', hit.start - 1) + 1;
    return line.slice(Math.max(cellStart, hit.start - BEFORE_WINDOW), hit.start);
  }

  /** The printed (unfolded) text of a hit's line from `offset`, for values kept as stated. */
  printedAfter(hit: LabelHit, length = WINDOW): string {
    const line = this.lines[hit.line].text;
    const tab = line.indexOf('\t', hit.end);
    return line.slice(hit.end, Math.min(tab === -1 ? line.length : tab, hit.end + length));
  }

  /**
   * The printed text after a label in its cell or, when the cell holds nothing more ("Délai de jouissance\t1er jour du
   * 6e mois"), in the next one.
   */
  printedValue(hit: LabelHit, length = WINDOW): string {
    const own = this.printedAfter(hit, length);
    if (/[\p{L}\p{N}]/u.test(own)) return own;
    const line = this.lines[hit.line].text;
    const tab = line.indexOf('\t', hit.end);
    return tab === -1 ? own : nextCell(line, tab + 1).slice(0, length);
  }

  /** The printed text of a line (bounded), for values kept as stated. */
  printedLine(index: number, length = WINDOW): string {
    return this.lines[index]?.text.slice(0, length) ?? '';
  }
}

/**
 * The cells of the layout text's lines (`pdftotext -layout`: a gap of two blanks or more between columns),
 * by page and line text with its blanks collapsed. pdf.js reads some tables without a tab between the
 * cells ("Capitalisation Prix de souscription TOF T3 2025" over "718,93 M€ 250,00 € 89,03 %"): the same
 * line in the layout text says where each cell starts, so a row of labels over a row of values is read
 * cell by cell. A tab replaces one blank, so the line keeps its length and offsets. A line the layout
 * prints otherwise (two columns side by side) keeps its reading-order text. Linear: one pass per line.
 */
function layoutCells(layout: string[] | undefined): Map<string, string> {
  const cells = new Map<string, string>();
  for (const line of layoutLines(layout ?? [])) {
    const tabbed = normaliseLine(line.text.trim().replace(/ {2,}/g, '\t'));
    if (!tabbed.includes('\t')) continue;
    const key = cellKey(line.page, tabbed.replace(/\t/g, ' '));
    if (!cells.has(key)) cells.set(key, tabbed);
  }
  return cells;
}

function cellKey(page: number, text: string): string {
  return `${page}\u0000${text}`;
}

/** The text of the cell that starts at `from` (bounded). */
function nextCell(line: string, from: number): string {
  const tab = line.indexOf('\t', from);
  return line.slice(from, Math.min(tab === -1 ? line.length : tab, from + WINDOW));
}

/** When a row of cells sits over a row with as many cells, the cell under the one holding `offset`. */
function cellUnder(line: string, offset: number, next: string): string | null {
  if (!line.includes('\t')) return null;
  const cells = line.split('\t', 64);
  const nextCells = next.split('\t', 64);
  if (cells.length !== nextCells.length || cells.length < 2) return null;
  const index = line.slice(0, offset).split('\t').length - 1;
  return nextCells[index].slice(0, WINDOW);
}

/**
 * A window up to the first label of `stop` (a non-global pattern) in it, after the acronym that often
 * follows a label ("Taux d'occupation financier (TOF) : 98 %"). The window is short: a constant cost.
 */
function cut(window: string, stop: RegExp): string {
  const rest = window.replace(LEADING_ACRONYM, '');
  const m = stop.exec(rest);
  return m ? rest.slice(0, m.index) : rest;
}

const LEADING_ACRONYM = /^ ?\([^()]{0,40}\)/;

/**
 * A window with what is not the value blanked: dates, periods, years standing alone. "Taux de
 * distribution 2024 : 6,20 %" then reads 6,20 %, and "au 30/09/2025 : 1 237 M€" reads the amount.
 */
export function withoutDates(window: string): string {
  return window.replace(DATES_AND_PERIODS, (m) => ' '.repeat(m.length));
}

const DATES_AND_PERIODS = new RegExp(
  `${DATE}|${PERIOD}|\\b(?:19|20)\\d{2}\\b(?![ \\u00a0\\u202f]?(?:[\\d%€]|euros?\\b|eur\\b|m2|m²|parts?\\b|ans?\\b))`,
  'gi',
);

/** The first year (19xx/20xx) of a window, e.g. "taux de distribution 2024 :". */
export function yearIn(window: string): string | null {
  return /\b((?:19|20)\d{2})\b/.exec(window)?.[1] ?? null;
}

/** Compiles label phrases (folded, lower case, may hold regex syntax) into one global pattern. */
export function labelPattern(phrases: readonly string[]): RegExp {
  return new RegExp(`(?:${phrases.join('|')})`, 'g');
}

/** The first hit of `finder` over the label's hits: the document order decides. */
export function firstHit<T>(text: ScpiText, pattern: RegExp, read: (hit: LabelHit) => T | null): Hit<T> | null {
  for (const hit of text.labels(pattern)) {
    const value = read(hit);
    if (value !== null) return { value, page: text.page(hit) };
  }
  return null;
}

import type { Hit } from '../text/hits';
import { firstIsin } from '../text/isin';
import type { TextLine } from '../text/lines';
import { normalisePercent } from '../text/numbers';
import { firstCell, type LabelAt, labelsIn, skipQualifiers, TER_LABEL } from './labelled';
import { type ShareClassTer, terTable } from './terTable';
import type { Views } from './views';

export type { ShareClassTer } from './terTable';

/**
 * The expense ratio of each plan or share class when a factsheet gives several: "Total Expense Ratio:
 * Regular Plan 1.62%, Direct Plan 0.85%", the same as a list under the label, or a table of share classes
 * with ISIN and TER / ongoing charges columns (terTable.ts). Values are normalised as `ter` is ("1.62%").
 * Patterns follow the LINEAR TIME rules of parsers/kid.ts: they run over bounded texts (a label's rest, a
 * line cut to MAX_LINE_CHARS).
 */

/** Lines under a label that a list of plans may take. */
const MAX_LIST_LINES = 8;
const MAX_LINE_CHARS = 300;
/** How far left of the label's column a layout list under it may start. */
const COLUMN_TOLERANCE = 4;

/**
 * Words that name a plan or share class ("Regular Plan", "Dir", "A EUR Acc", "Class I"); a label without
 * one is another figure of the line (an exit load, a beta) and ends the list.
 */
const CLASS_WORD =
  /(?<!\p{L})(?:regular|direct|reg|dir|plan|class|classe|klasse|clase|share|shares|units?|retail|institutional|inst|acc|accumulating|accumulation|dist|distributing|distribution|inc|income|growth|idcw|dividend|hedged|thesaurierend|aussch[üu]ttend|capitalisation|parts?|anteilklasse)(?!\p{L})/iu;
/**
 * A bare share-class code: "A", "I2", "R EUR", "Z-USD H". Two characters at most: three are acronyms
 * ("TER", "OCF", "NAV") as often as classes.
 */
const CLASS_CODE = /^[A-Z][A-Z0-9]?(?:[ -](?:EUR|USD|GBP|CHF|JPY|SEK|NOK|DKK|H|Hedged))*$/;
/** Fees that are not the expense ratio: a label naming one is not a plan. */
const OTHER_FEE = /(?<!\p{L})(?:entry|exit|load|management|performance|transaction|switch|fee|fees)(?!\p{L})/iu;

/** The plans' TERs printed with a TER label, else the rows of a share-class table. */
export function findTerByClass(views: Views): Hit<ShareClassTer[]> | null {
  return terTable(views) ?? terList(views);
}

/**
 * Of several plans, the one `ter` reports: the regular plan (the one sold through distributors, the
 * reference of Indian factsheets), else the first printed.
 */
export function headlineTer(classes: ShareClassTer[]): ShareClassTer {
  return classes.find((c) => /(?<!\p{L})reg(?:ular)?(?!\p{L})/iu.test(c.label)) ?? classes[0];
}

function terList(views: Views): Hit<ShareClassTer[]> | null {
  for (const found of labelsIn(views, TER_LABEL)) {
    const { rest, notes } = skipQualifiers(found.rest);
    const bare = notes.some((n) => n.includes('%'));
    const inline = readPairs(rest, bare).pairs;
    // A list under the label when the label's own cell holds no figure (in layout lines a figure further
    // right belongs to the next column).
    const own = found.layout ? firstCell(rest) : rest;
    const value = inline.length > 0 ? inline : /\d/.test(own) ? [] : listBelow(found, bare);
    if (value.length > 0) return { value, page: found.lines[found.index].page };
  }
  return null;
}

/**
 * "Regular Plan 1.62%, Direct Plan 0.85%": the figures of a text, each with the words before it (or the
 * parenthesis after it: "1.62% (Regular)"), and where the last one read ends. Reading stops at the first
 * figure whose words name no plan. `bare`: the label said "(%)", so figures may come without the sign.
 */
function readPairs(text: string, bare: boolean): { pairs: ShareClassTer[]; end: number } {
  const figure = bare ? BARE_FIGURE : PERCENT_FIGURE;
  const bounded = text.slice(0, MAX_LINE_CHARS);
  const out: ShareClassTer[] = [];
  let from = 0;
  let end = 0;
  for (const m of bounded.matchAll(figure)) {
    const at = m.index ?? 0;
    if (at < from) continue;
    let words = bounded.slice(from, at);
    from = at + m[0].length;
    const after = /^\s?\(([^()]{1,40})\)/.exec(bounded.slice(from));
    if (labelText(words).label === '' && after) {
      words = after[1];
      from += after[0].length;
    }
    const { label, isin } = labelText(words);
    const ter = normalisePercent(`${m[1]}%`);
    if (!isClassLabel(label) || ter === null) break;
    out.push({ label, isin, ter });
    end = from;
  }
  return { pairs: out, end };
}

// Linear: a figure is a few digits; each attempt of the global scan costs a constant.
const PERCENT_FIGURE = /(?<![\d.,])([-−]?\d{1,2}(?:[.,]\d{1,4})?) ?%/g;
const BARE_FIGURE = /(?<![\d.,])([-−]?\d{1,2}[.,]\d{1,4})(?: ?%)?(?![\d/]|[.,]\d)/g;

/** The words before a figure without separators around them, and the ISIN among them if any. */
function labelText(words: string): { label: string; isin: string | null } {
  const found = firstIsin(words);
  const text = found ? words.slice(0, found.index) + words.slice(found.index + found.isin.length) : words;
  const label = text
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;|/:=–-]+(?:(?:and|&)\s)?/i, '')
    // Tried from the first character of a run only ((?<!...)): from each one, a long run would be rescanned.
    .replace(/(?<![\s,;|/:=–(-])[\s,;|/:=–(-]+$/, '');
  return { label, isin: found?.isin ?? null };
}

function isClassLabel(label: string): boolean {
  return (
    label.length > 0 &&
    label.length <= 50 &&
    label.split(' ').length <= 6 &&
    !OTHER_FEE.test(label) &&
    (CLASS_WORD.test(label) || CLASS_CODE.test(label))
  );
}

/**
 * The plans printed under a label, one a line ("Regular Plan : 1.62%"), or in reading order as a run of
 * plan names followed by as many figures. In layout lines only the cell at the label's column is read,
 * so a neighbouring column never adds a plan.
 */
function listBelow(found: LabelAt, bare: boolean): ShareClassTer[] {
  const below = found.lines.slice(found.index + 1, found.index + 1 + MAX_LIST_LINES);
  const texts = below.map((l) => (found.layout ? cellAt(l, found.at) : l.text.slice(0, MAX_LINE_CHARS)));
  const out: ShareClassTer[] = [];
  for (const text of texts) {
    const { pairs, end } = readPairs(text, bare);
    // A line of the list holds plans and nothing else: prose that mentions a plan and a figure is not one.
    const tail = found.layout ? firstCell(text.slice(end)) : text.slice(end);
    if (pairs.length === 0 || /\p{L}/u.test(tail)) break;
    out.push(...(found.layout ? pairs.slice(0, 1) : pairs));
  }
  return out.length > 0 || found.layout ? out : columnPairs(texts, bare);
}

/** The text of a layout line from the cell that starts near `column`, bounded. */
function cellAt(line: TextLine, column: number): string {
  const from = Math.max(0, column - COLUMN_TOLERANCE);
  const start = line.text.slice(from, column + COLUMN_TOLERANCE).search(/\S/);
  if (start < 0 || (from + start > 0 && /\S/.test(line.text[from + start - 1]))) return '';
  return line.text.slice(from + start, from + start + MAX_LINE_CHARS);
}

/** "Regular Plan", "Direct Plan", "1.62%", "0.85%": pdf.js reads a two-column list column by column. */
function columnPairs(texts: string[], bare: boolean): ShareClassTer[] {
  const names = texts.findIndex((t) => !isClassLabel(labelText(t).label));
  const count = names < 0 ? texts.length : names;
  if (count < 2) return [];
  const figure = new RegExp(`^${(bare ? BARE_FIGURE : PERCENT_FIGURE).source}$`);
  const out: ShareClassTer[] = [];
  for (let k = 0; k < count; k++) {
    const m = figure.exec(texts[count + k]?.trim() ?? '');
    const ter = m ? normalisePercent(`${m[1]}%`) : null;
    if (ter === null) return [];
    out.push({ ...labelText(texts[k]), ter });
  }
  return out;
}

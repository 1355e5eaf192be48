import { DATE, parsePrintedDate } from '../text/dates';
import type { Hit } from '../text/hits';
import type { TextLine } from '../text/lines';
import { normalisePercent, PERCENT } from '../text/numbers';
import type { Views } from './views';

/**
 * Labelled values of a factsheet ("Benchmark:", "Beta : 0.83"): the labels, where a label may stand, and
 * the readers of the values after it.
 * Patterns follow the LINEAR TIME rules of parsers/kid.ts (see factsheet.ts for layout lines).
 */

// Labels are bounded by (?<!\p{L}) / (?!\p{L}) rather than \b, which is ASCII-only and fails next to "é".
export const BENCHMARK_LABEL =
  /(?<!\p{L})(?:(?:first|second)[- ]tier benchmark|benchmark(?: index)?|reference index|indice de r[ée]f[ée]rence|indicateur de r[ée]f[ée]rence)(?!\p{L})/iu;
export const INCEPTION_LABEL =
  /(?<!\p{L})(?:inception date|date of (?:allotment|inception|launch)|launch date|fund launch(?: date)?|share class launch(?: date)?|date de (?:cr[ée]ation|lancement))(?!\p{L})/iu;
export const REPORT_LABEL =
  /(?<!\p{L})(?:report(?:ing)? (?:as on|as of|as at|date)|factsheet (?:as (?:of|at|on)|date)|data as (?:of|at|on)|portfolio as (?:of|at|on)|donn[ée]es au)(?!\p{L})/iu;
export const TER_LABEL =
  /(?<!\p{L})(?:total expense ratio|TER|expense ratio|ongoing charges?(?: figure)?|OCF|frais courants)(?!\p{L})/iu;
export const VOLATILITY_LABEL =
  /(?<!\p{L})(?:standard deviation|(?:annuali[sz]ed )?volatility|volatilit[ée]|[ée]cart[- ]type)(?!\p{L})/iu;
export const SHARPE_LABEL = /(?<!\p{L})(?:sharpe(?: ratio)?|ratio de sharpe)(?!\p{L})/iu;
export const BETA_LABEL = /(?<!\p{L})b[eê]ta(?!\p{L})/iu;

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
export function firstCell(text: string): string {
  const end = text.search(/\s{3,}|\t/);
  return end < 0 ? text : text.slice(0, end);
}

/** Where a label stands in a line: the line, its index among `lines`, where the label starts, and the text after it. */
export interface LabelAt {
  lines: TextLine[];
  index: number;
  /** Offset of the label in the line (a column in layout lines). */
  at: number;
  /** The text after the label, at most MAX_VALUE_CHARS characters. */
  rest: string;
  /** Whether the line is a layout line, where a wide gap ends a cell. */
  layout: boolean;
}

/**
 * Every occurrence of `label` that opens its line or its column (after a bullet or a wide gap), in the
 * reading-order lines first, then the layout lines. Prose that merely mentions "benchmark" is not a label.
 */
export function* labelsIn(views: Views, label: RegExp): Generator<LabelAt> {
  const global = new RegExp(label.source, label.flags.includes('g') ? label.flags : `${label.flags}g`);
  for (const [lines, layout] of [
    [views.reading, false],
    [views.layout, true],
  ] as const) {
    for (let index = 0; index < lines.length; index++) {
      const text = lines[index].text;
      // Each occurrence costs a constant (no rescan of what precedes it, a bounded value): linear in the line.
      const openings = lineOpenings(text);
      for (const m of text.matchAll(global)) {
        const at = m.index ?? 0;
        if (!openings.includes(at) && !opensColumn(text, at)) continue;
        const start = at + m[0].length;
        yield { lines, index, at, rest: text.slice(start, start + MAX_VALUE_CHARS), layout };
      }
    }
  }
}

/**
 * The value after a label on the same line, "Label : value" or "Label value", read first from the
 * reading-order lines, then from the layout lines (see labelsIn); free text also needs a colon.
 * In layout lines the value ends at the next wide gap, so a neighbouring column is never part of the value.
 */
export function labelled<T>(views: Views, label: RegExp, read: ValueReader<T>, needsColon = false): Hit<T> | null {
  for (const { lines, index, rest } of labelsIn(views, label)) {
    const after = rest.replace(/^\s*(?:\((?:%|in %)\))?/, '');
    const colon = /^\s*[:=]/.test(after);
    if (needsColon && !colon) continue;
    const value = read(firstCell(after.replace(/^\s*(?:[:\-–=]\s*)?/, '')));
    if (value !== null) return { value, page: lines[index].page };
  }
  return null;
}

export function freeText(rest: string): string | null {
  const value = rest.replace(/[.;,]\s*$/, '').trim();
  return /\p{L}/u.test(value) ? value : null;
}

export function dateValue(rest: string): string | null {
  const m = new RegExp(`^(?:on |le )?(${DATE})`, 'i').exec(rest.trim());
  return m ? parsePrintedDate(m[1]) : null;
}

export function percentValue(rest: string): string | null {
  const m = new RegExp(`^${PERCENT}`).exec(rest.trim());
  return m ? normalisePercent(m[0]) : null;
}

/** Ratios are kept as printed ("0.83"), decimal comma turned into a point. */
export function ratioValue(rest: string): string | null {
  const m = /^([-−]?\d{1,2}(?:[.,]\d+)?)(?![\d%])/.exec(rest.trim());
  return m ? m[1].replace(',', '.').replace('−', '-') : null;
}

/**
 * What may stand between a label and its value: "(TER)", "(₹ in Cr.)", "as on December 31, 2025", ":".
 * Returns the text after them and the contents of the parentheses skipped (a unit or currency may sit
 * there: "AUM (INR Cr)"). Linear: anchored, each part bounded, at most MAX_QUALIFIERS rounds.
 */
export function skipQualifiers(rest: string): { rest: string; notes: string[] } {
  const notes: string[] = [];
  let text = rest;
  for (let round = 0; round < MAX_QUALIFIERS; round++) {
    const m = QUALIFIER.exec(text);
    if (!m || m[0].trim() === '') break;
    if (m[1] !== undefined) notes.push(m[1]);
    text = text.slice(m[0].length);
  }
  return { rest: text.replace(/^\s+/, ''), notes };
}

const MAX_QUALIFIERS = 4;
// One blank run per optional part (see LINEAR TIME in kid.ts); the parenthesis is bounded.
const QUALIFIER = new RegExp(
  String.raw`^\s*(?:\(([^()]{0,60})\)|(?:as (?:on|of|at)|au|am|al|per|zum|du|op|a fecha de)\s(?:${DATE})|[:\-–=])`,
  'iu',
);

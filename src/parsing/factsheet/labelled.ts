import { DATE, parsePrintedDate } from '../text/dates';
import type { Hit } from '../text/hits';
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
export function labelled<T>(views: Views, label: RegExp, read: ValueReader<T>, needsColon = false): Hit<T> | null {
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

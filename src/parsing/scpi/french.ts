import { DATE, parsePrintedDate } from '../text/dates';
import { foldAccents } from '../text/fold';
import { parseDecimal } from '../text/numbers';

/**
 * French numbers, amounts and periods as SCPI documents print them: "1 234,56 €", "5,73 %", "130 M€",
 * "1,2 Md€", "65,7 millions d'euros", "T3 2025", "3ème trimestre 2025", "1er semestre 2025",
 * "au 30/09/2025". Thousands are grouped by spaces, no-break spaces (U+00A0) or narrow no-break spaces
 * (U+202F); the decimal mark is the comma. Built on the text kit's decimal and date readers.
 *
 * LINEAR TIME (see parsers/kid.ts): the patterns here are applied either to short windows of text (a few
 * dozen characters after a label) or, for the global ones, start with a literal and repeat only bounded
 * groups, so a scan costs a constant per position.
 */

/** Blanks a French number may be grouped with (normalised lines have only the space left). */
const GROUP = '[ \\u00a0\\u202f]';

/**
 * Regex source of a French printed number: grouped thousands "1 234 567,89", plain "1234,5" or a decimal
 * point "30.1". The grouped form needs groups of exactly three digits, so "2025 3,73" is two numbers.
 */
export const FRENCH_NUMBER = String.raw`(?<![\d,.])(?:\d{1,3}(?:${GROUP}\d{3})+(?:,\d+)?|\d+(?:[,.]\d+)?)`;

/** "1 234,56" (any French grouping) -> 1234.56; null for anything else. */
export function readFrenchNumber(raw: string): number | null {
  const compact = raw.replace(/[\s\u00a0\u202f]/g, '');
  // A single dot with three digits after it ("1.234") is a French thousands mark, never a decimal one.
  const text = /^\d{1,3}(?:\.\d{3})+$/.test(compact) ? compact.replace(/\./g, '') : compact;
  return parseDecimal(text, { decimalComma: true });
}

const PERCENT_RE = new RegExp(`(${FRENCH_NUMBER})${GROUP}?%`);

/** "5,73 %", "98,1%" -> 5.73, 98.1 (the first percentage in the text). */
export function readPercent(text: string): number | null {
  const m = PERCENT_RE.exec(text);
  return m ? readFrenchNumber(m[1]) : null;
}

/** Scales printed after an amount: "M€" is millions, "Md€"/"Mds€"/"Mrd€" billions, "K€" thousands. */
const SCALE_WORDS: ReadonlyArray<[RegExp, number]> = [
  [/^(?:md|mds|mrd|milliards?)$/i, 1e9],
  [/^(?:m|mio|millions?)$/i, 1e6],
  [/^(?:k|milliers?)$/i, 1e3],
];

/**
 * Regex source of an amount in euros: the number (group 1), an optional scale word (group 2), then the
 * currency: "204 €", "204€", "1 234,56 euros", "130 M€", "1,2 Md€", "65,7 millions d'euros", "12 EUR".
 */
export const EURO_AMOUNT = String.raw`(${FRENCH_NUMBER})${GROUP}?(?:(md|mds|mrd|milliards?|m|mio|millions?|k|milliers?)${GROUP}?(?:d'|de${GROUP})?)?(?:€|euros?\b|eur\b)`;

const EURO_RE = new RegExp(EURO_AMOUNT, 'i');

/** The first amount in euros of the text, scaled ("130 M€" -> 130000000); null when there is none. */
export function readEuros(text: string): number | null {
  const m = EURO_RE.exec(text);
  return m ? euroValue(m[1], m[2]) : null;
}

/** An EURO_AMOUNT match's number and scale word as euros (rounded to the cent against float noise). */
export function euroValue(number: string, scale: string | undefined): number | null {
  const n = readFrenchNumber(number);
  if (n === null) return null;
  const factor = scale ? (SCALE_WORDS.find(([re]) => re.test(scale))?.[1] ?? 1) : 1;
  return Math.round(n * factor * 100) / 100;
}

/** A reporting period and the day it ends. */
export interface Period {
  /** As a bulletin names it, normalised: "T3 2025", "S1 2025", "2025". */
  label: string;
  /** YYYY-MM-DD, the last day of the period. */
  end: string;
}

const ORDINAL_WORDS: Record<string, number> = {
  premier: 1,
  premiere: 1,
  deuxieme: 2,
  second: 2,
  seconde: 2,
  troisieme: 3,
  quatrieme: 4,
};

/** "1er", "3e", "3ème", "3eme", "3è", "2nd", "troisième" -> the number. */
function ordinal(token: string): number | null {
  const folded = foldAccents(token);
  const digits = /^(\d)/.exec(folded);
  if (digits) return Number(digits[1]);
  return ORDINAL_WORDS[folded] ?? null;
}

const ORDINAL = String.raw`(?:[1-4](?:er|ère|ere|e|ème|eme|è|nd|nde)|premier|première|premiere|deuxième|deuxieme|second|seconde|troisième|troisieme|quatrième|quatrieme)`;

/**
 * Regex source of a quarter or half-year: "T3 2025", "T3-2025", "3T 2025", "3e trimestre 2025",
 * "troisième trimestre 2025", "1er semestre 2025", "S1 2025". Groups: quarter number (1, 2 or 3 by form),
 * half-year (4 or 5), year (6).
 */
export const PERIOD = String.raw`(?:\b(?:t([1-4])|([1-4])t)[ -]?|\b(${ORDINAL}) trimestre (?:de l'annee |de l'année |de )?|\b(${ORDINAL}) semestre (?:de l'annee |de l'année |de )?|\bs([12])[ -]?)(\d{4})\b`;

const PERIOD_RE = new RegExp(PERIOD, 'i');

/** The first quarter or half-year named in the text, with its end date; null when none is. */
export function readPeriod(text: string): Period | null {
  const m = PERIOD_RE.exec(text);
  return m ? periodOf(m) : null;
}

/** A PERIOD match as a Period (null for an impossible "5e trimestre"). */
function periodOf(m: RegExpExecArray): Period | null {
  const year = Number(m[6]);
  const quarterToken = m[1] ?? m[2] ?? m[3];
  if (quarterToken !== undefined) {
    const q = ordinal(quarterToken);
    return q !== null && q >= 1 && q <= 4 ? { label: `T${q} ${year}`, end: endOfMonth(year, q * 3) } : null;
  }
  const halfToken = m[4] ?? m[5];
  const h = halfToken === undefined ? null : ordinal(halfToken);
  return h === 1 || h === 2 ? { label: `S${h} ${year}`, end: endOfMonth(year, h * 6) } : null;
}

/** A calendar year as a period (an annual report's exercise): "2024", ending 31 December. */
export function yearPeriod(year: number): Period {
  return { label: String(year), end: `${year}-12-31` };
}

function endOfMonth(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const DATE_RE = new RegExp(DATE, 'i');

/** The first date printed in the text ("au 30/09/2025", "30 septembre 2025", "1er août 2025") as YYYY-MM-DD. */
export function readFrenchDate(text: string): string | null {
  const m = DATE_RE.exec(text);
  return m ? parsePrintedDate(m[0]) : null;
}

/** Regex source of a printed date, re-exported for the label readers. */
export { DATE };

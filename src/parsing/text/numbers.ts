import { parseDecimal } from '../../domain/decimal';
import { percentFromFraction } from '../../domain/format';

/**
 * Numbers as documents and data files print them: the one decimal reader of the parsers (English and
 * French notations, thousands marks, missing markers), percentages and small numbers written as words.
 * Providers print the same values in many local formats, and one reading of "1.234,56" across the
 * service keeps the parsers consistent.
 */

// The decimal reader is domain logic (the profile rules read figures too): one implementation, there.
export { isMissing, parseDecimal } from '../../domain/decimal';

/**
 * Decides from a column's printed values whether the file uses decimal commas. Evidence in the
 * values wins ("1.234,56", "0,25", "27,2480"); without any, a ";" or tab delimited file is taken to
 * be written the European way, because that is why such files avoid the comma as delimiter.
 */
export function inferDecimalComma(samples: readonly unknown[], delimiter = ','): boolean {
  for (const raw of samples) {
    if (typeof raw !== 'string') continue;
    const t = raw.replace(/[\s\u00a0'"%]/g, '');
    if (/\d\.\d{3},\d/.test(t) || /^-?0,\d/.test(t) || /\d,(\d{1,2}|\d{4,})$/.test(t)) return true;
    if (/\d,\d{3}\.\d/.test(t) || /\d\.(\d{1,2}|\d{4,})$/.test(t)) return false;
  }
  return delimiter !== ',';
}

/**
 * "17.3", "17.3x", "2.45%", "5.10 years" -> the number, or null. The figure has at most one separator,
 * which is its decimal mark ("4,5 years").
 */
export function leadingNumber(value: string | undefined): number | null {
  const match = value ? /-?\d+(?:[.,]\d+)?/.exec(value) : null;
  return match ? parseDecimal(match[0], { decimalComma: true }) : null;
}

/** Regex source for a percentage as printed: "0.20%", "0,20 %", "-1.5 %". Group 1 is the number. */
export const PERCENT = String.raw`([-−]?\d{1,3}(?:[.,]\d+)?)\s?%`;

/**
 * A printed percentage normalised to the payload form: decimal point, no space, decimals kept as printed
 * ("0,20 %" -> "0.20%"), and any zero written "0%" so "0.00%" and "none" compare equal.
 */
export function normalisePercent(raw: string): string | null {
  const m = new RegExp(`^${PERCENT}$`).exec(raw.trim());
  // The figure has at most one separator, which is its decimal mark.
  const n = m ? parseDecimal(m[1], { decimalComma: true }) : null;
  // One notation for every source (KID text, EPT fractions): at least two decimals, "0.00%" for none.
  return n === null ? null : percentFromFraction(n / 100);
}

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  zéro: 0,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
};

/** "4", "four", "quatre" -> 4; null for anything else. */
export function smallNumber(token: string): number | null {
  const t = token.trim().toLowerCase();
  if (/^\d{1,2}$/.test(t)) return Number(t);
  return t in NUMBER_WORDS ? NUMBER_WORDS[t] : null;
}

import { EURO_AMOUNT, euroValue, FRENCH_NUMBER, readFrenchNumber } from './french';

/**
 * Value readers for the short windows next to a label (labels.ts): each takes folded text with the
 * dates already blanked and answers the value or null. The windows are at most a few dozen characters,
 * so these patterns cost a constant per label hit (LINEAR TIME, parsers/kid.ts).
 */

export type WindowReader<T> = (window: string) => T | null;

const N = FRENCH_NUMBER;
// The text after a figure is looked at, not consumed ((?=...)): the next figure may sit in it.
const PCT_G = new RegExp(`(${N}) ?%(?=(.{0,16}))`, 'g');
const EUR_G = new RegExp(`${EURO_AMOUNT}(?=(.{0,16}))`, 'gi');
const YEARS = new RegExp(`(${N}) ?(?:ans?|annees?)\\b`);
const SQM = new RegExp(`(${N}) ?(?:m2|metres? carres?)`);
/** A bare count: a number followed by neither a decimal, a percent, an amount nor another digit group. */
const COUNT = new RegExp(`(?<!\\d )(${N})(?! ?[\\d%€,.]| ?(?:euros?|eur|md|mds|m ?€|millions?|milliards?)\\b)`);

/** The first percentage of the window. */
export const percent: WindowReader<number> = (w) => {
  PCT_G.lastIndex = 0;
  const m = PCT_G.exec(w);
  return m ? readFrenchNumber(m[1]) : null;
};

/**
 * A percentage, preferring the one the tax qualifier names: "10 % HT soit 12 % TTC" is 12 for 'ttc'
 * (TTI, "toutes taxes incluses", counts as TTC) and 10 for 'ht'. Without the preferred qualifier, the
 * first percentage not marked with the other one; null when only the other one is stated.
 */
export function percentPreferring(tax: 'ttc' | 'ht'): WindowReader<number> {
  const preferred = tax === 'ttc' ? /^ ?(?:ttc|tti)\b/ : /^ ?ht\b/;
  const other = tax === 'ttc' ? /^ ?ht\b/ : /^ ?(?:ttc|tti)\b/;
  return (w) => {
    let fallback: number | null = null;
    PCT_G.lastIndex = 0;
    for (let m = PCT_G.exec(w); m; m = PCT_G.exec(w)) {
      const value = readFrenchNumber(m[1]);
      if (preferred.test(m[2])) return value;
      if (fallback === null && !other.test(m[2])) fallback = value;
    }
    return fallback;
  };
}

/** The first amount in euros of the window ("204 €", "130 M€", "1,2 Md€"). */
export const euros: WindowReader<number> = (w) => {
  EUR_G.lastIndex = 0;
  const m = EUR_G.exec(w);
  return m ? euroValue(m[1], m[2]) : null;
};

/**
 * An amount per share: the one marked "par part" or "/part" when the window has several (an annual report
 * gives the total and the value per share), else the first one.
 */
export const eurosPerShare: WindowReader<number> = (w) => {
  let first: number | null = null;
  EUR_G.lastIndex = 0;
  for (let m = EUR_G.exec(w); m; m = EUR_G.exec(w)) {
    const value = euroValue(m[1], m[2]);
    if (/^ ?(?:par part|\/ ?part)/.test(m[3])) return value;
    first ??= value;
  }
  return first;
};

/** A gross amount: the one marked "brut" when the window gives gross and net, else the first one not marked "net". */
export const grossEuros: WindowReader<number> = (w) => {
  let first: number | null = null;
  EUR_G.lastIndex = 0;
  for (let m = EUR_G.exec(w); m; m = EUR_G.exec(w)) {
    const value = euroValue(m[1], m[2]);
    if (/^(?: ?\/ ?part| par part)? ?brut/.test(m[3])) return value;
    if (first === null && !/^(?: ?\/ ?part| par part)? ?net/.test(m[3])) first = value;
  }
  return first;
};

/** "de 202 € à 204 €" (a change of price): the new amount; otherwise the first amount. */
export const newEuros: WindowReader<number> = (w) => {
  const change = new RegExp(`\\bde ${EURO_AMOUNT} a ${EURO_AMOUNT}`, 'i').exec(w);
  return change ? euroValue(change[3], change[4]) : euros(w);
};

export const years: WindowReader<number> = (w) => {
  const m = YEARS.exec(w);
  return m ? readFrenchNumber(m[1]) : null;
};

export const squareMetres: WindowReader<number> = (w) => {
  const m = SQM.exec(w);
  return m ? readFrenchNumber(m[1]) : null;
};

/** A whole number standing alone ("24 844", "0"). */
export const count: WindowReader<number> = (w) => {
  const m = COUNT.exec(w);
  const n = m ? readFrenchNumber(m[1]) : null;
  return n !== null && Number.isInteger(n) ? n : null;
};

/** A number of shares: "10 parts", "1 part". */
export const shares: WindowReader<number> = (w) => {
  const m = new RegExp(`(${N}) ?parts?\\b`).exec(w);
  const n = m ? readFrenchNumber(m[1]) : null;
  return n !== null && Number.isInteger(n) ? n : null;
};

/** "décote de 3,95 %" is -3.95; "surcote de 2 %" is 2; a sign printed wins. */
export function signedPercent(label: string): WindowReader<number> {
  return (w) => {
    const m = new RegExp(`([-−+])? ?(${N}) ?%`).exec(w);
    const n = m ? readFrenchNumber(m[2]) : null;
    if (n === null || !m) return null;
    if (m[1]) return m[1] === '+' ? n : -n;
    return /^decote/.test(label) ? -n : n;
  };
}

/** The number at the end of the text before a label: "24 844 " (associés), "981 138 m2 de " (surface totale). */
export function countBefore(unit = ''): WindowReader<number> {
  const re = new RegExp(`(?:^|[^\\d,.])(${N}) ?${unit}(?: de| d')? ?$`);
  return (before) => {
    if (unit === '' && /\baucune? (?:parts? )?$/.test(before)) return 0;
    const m = re.exec(before);
    const n = m ? readFrenchNumber(m[1]) : null;
    return n !== null && (unit !== '' || Number.isInteger(n)) ? n : null;
  };
}

/**
 * Whether a window holds a figure at all (after dates were blanked): a label with a figure in its window is answered
 * there or not at all.
 */
export function hasFigure(window: string): boolean {
  return /\d/.test(window);
}

import { foldAccents } from '../text/fold';
import { HEADING_WORDS, JOINER_WORDS } from './subtotalWords';

/**
 * Holdings tables often group their positions under asset-class and sector rows that carry the sum of
 * the rows under them ("Equity & Equity related 96.2", "Banks 18.5", then "HDFC Bank Ltd 8.2" ...), and
 * close groups with "Total" / "Sub Total" rows. Those rows are not holdings. Two signals tell them apart:
 * - vocabulary: a name made only of asset-class and sector words ("Banks", "Aktien", "Cash & Cash Equivalents");
 * - arithmetic: a weight equal, within the rounding of the printed figures, to the sum of the rows after it.
 * An issuer's name ("HDFC Bank Ltd") is never taken for a heading by arithmetic alone.
 */

/** Totals, cash and balancing lines, whatever words come with them. */
const NON_POSITION =
  /^(?:grand )?total\b|^cash\b|cash equivalents?|net (?:current )?assets|net receivables?|^others?$|^sub[- ]?total/i;

/** Corporate forms and figures: a name carrying one is an issuer or a security, not a heading. */
const ISSUER_WORDS = new Set(
  'ltd limited inc incorporated corp corporation plc llc lp llp sa ag nv se spa sarl sas gmbh kgaa co company bhd tbk oyj asa ab bv sicav ucits'.split(
    ' ',
  ),
);

/** Rows after a candidate heading that its sum may take. Bounds the work to rows x this. */
const MAX_GROUP_ROWS = 60;

interface Weighted {
  name: string;
  weight: number;
}

/** The rows that are positions, in their order: headings and totals dropped. */
export function withoutSubtotals<T extends Weighted>(rows: T[]): T[] {
  const decimals = rows.map((r) => printedDecimals(r.weight));
  const heading = rows.map((r) => isHeadingName(r.name));
  if (sortedByWeight(rows.filter((_, i) => !heading[i]))) return rows.filter((_, i) => !heading[i]);
  // From the bottom up: a sector row is recognised before the asset-class row above it, whose sum then
  // skips it instead of counting its holdings twice.
  for (let i = rows.length - 1; i >= 0; i--) {
    if (heading[i] || looksLikeIssuer(rows[i].name)) continue;
    heading[i] = sumsItsRows(rows, decimals, heading, i) || sumsItsHeadings(rows, decimals, heading, i);
  }
  return rows.filter((_, i) => !heading[i]);
}

/**
 * A list sorted by weight has no group headings among its rows: a heading weighs more than the last row of
 * the group above it. Sums are not sought there, where neighbours that add up are a coincidence.
 */
function sortedByWeight(rows: Weighted[]): boolean {
  return rows.every((r, i) => i === 0 || r.weight <= rows[i - 1].weight);
}

/** Whether a name is a total, cash line, or made only of asset-class / sector words. */
function isHeadingName(name: string): boolean {
  if (NON_POSITION.test(name.trim())) return true;
  const words = normalisedWords(name).filter((w) => !JOINER_WORDS.has(w));
  return words.length > 0 && words.every(isHeadingWord);
}

function isHeadingWord(word: string): boolean {
  return HEADING_WORDS.has(word) || (word.endsWith('s') && HEADING_WORDS.has(word.slice(0, -1)));
}

/** Lower-case words without accents; "S.p.A." and "N.V." kept whole so they read as corporate forms. */
function normalisedWords(name: string): string[] {
  return foldAccents(name)
    .replace(/(?<=\p{L})\.(?=\p{L})/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

function looksLikeIssuer(name: string): boolean {
  return /\d/.test(name) || normalisedWords(name).some((w) => ISSUER_WORDS.has(w));
}

/**
 * A sector row: its weight is the sum of at least two plain rows after it, before the next heading.
 * One row is not enough: equal neighbours are common in a list sorted by weight.
 */
function sumsItsRows(rows: Weighted[], decimals: number[], heading: boolean[], i: number): boolean {
  let sum = 0;
  let slack = half(decimals[i]);
  let count = 0;
  for (let j = i + 1; j < rows.length && j <= i + MAX_GROUP_ROWS && !heading[j]; j++) {
    sum += rows[j].weight;
    slack += half(decimals[j]);
    count++;
    if (count >= 2 && Math.abs(sum - rows[i].weight) <= slack) return true;
    if (sum > rows[i].weight + slack) return false;
  }
  return false;
}

/**
 * An asset-class row: the next row is a heading, and its weight is the sum of at least two headings after
 * it (the rows under them already counted in theirs).
 */
function sumsItsHeadings(rows: Weighted[], decimals: number[], heading: boolean[], i: number): boolean {
  if (!heading[i + 1]) return false;
  let sum = 0;
  let slack = half(decimals[i]);
  let count = 0;
  for (let j = i + 1; j < rows.length && j <= i + MAX_GROUP_ROWS; j++) {
    if (!heading[j] || NON_POSITION.test(rows[j].name.trim())) continue;
    sum += rows[j].weight;
    slack += half(decimals[j]);
    count++;
    if (count >= 2 && Math.abs(sum - rows[i].weight) <= slack) return true;
    if (sum > rows[i].weight + slack) return false;
  }
  return false;
}

/** Half a unit of the last printed decimal: how far a rounded figure may be from the true one. */
function half(decimals: number): number {
  return 0.5 * 10 ** -decimals + 1e-9;
}

/**
 * Decimals of a weight as printed, at least one (table cells always print one): the number lost trailing
 * zeros ("18.50" reads 18.5), so this errs towards the coarser rounding, the more lenient one.
 */
function printedDecimals(weight: number): number {
  const [, fraction = ''] = String(weight).split('.');
  return Math.max(fraction.length, 1);
}

import { percentFromFraction } from '../../domain/format';
import type { Hit } from '../text/hits';
import type { LineIndex } from '../text/lines';
import { normalisePercent, PERCENT } from '../text/numbers';
import { type CostRow, firstIn, type Vocabulary } from './vocabulary';

/**
 * Costs of a KID's "Composition of costs" and "Costs over time" tables and a KIID's "Charges" table.
 * Patterns follow the LINEAR TIME rules of parsers/kid.ts: the text comes from outside.
 */

export type { CostRow } from './vocabulary';

/** A footnote mark line ends a cost row in every language. */
const FOOTNOTE_LINE = /^\(\*\)/;
const MAX_ROW_LINES = 6;

/**
 * The percentage of one cost row. The row runs from its label to the next row (labels may wrap onto two
 * lines, descriptions onto several); the first percentage or "none" statement in it is the answer, so the
 * currency amounts of the right-hand column ("0 EUR", "CHF 20") are never read as the cost.
 *
 * Layouts move things around, and the row is read as the layout leaves it:
 * - a label split over two lines ("Ongoing" / "charges 0.20%"), or around its value ("Ongoing" / "0.20%" /
 *   "charges") when the value cell sits between the label's lines;
 * - a value printed before its label (a label centred beside a description that starts above it).
 */
export function findCostRow(doc: LineIndex, row: CostRow, vocabs: readonly Vocabulary[]): Hit<string> | null {
  return firstIn(vocabs, (v) => {
    const above = valuesAboveLabels(doc, v);
    for (let i = 0; i < doc.lines.length; i++) {
      const start = rowStart(doc, i, v.costLabels[row]);
      if (!start) continue;
      const value = rowValue(doc, i, start, v, above);
      if (value) return { value, page: doc.lines[i].page };
    }
    return null;
  });
}

/** A label's line is short when the label is split: a sentence that happens to end in a label's first word is not. */
const SPLIT_LABEL_MAX_CHARS = 40;

/** Where a row starts at line i: the text after its label on the label's line(s), and the next line of the row. */
function rowStart(doc: LineIndex, i: number, label: RegExp): { head: string; next: number } | null {
  const text = doc.lines[i].text;
  const own = label.exec(text);
  if (own) return { head: text.slice(own[0].length), next: i + 1 };
  if (text.length > SPLIT_LABEL_MAX_CHARS || i + 1 >= doc.lines.length) return null;
  const joined = `${text} ${doc.lines[i + 1].text}`;
  const wrapped = label.exec(joined);
  if (wrapped && wrapped[0].length > text.length) return { head: joined.slice(wrapped[0].length), next: i + 2 };
  const middle = doc.lines[i + 1].text;
  if (!VALUE_ONLY.test(middle) || i + 2 >= doc.lines.length) return null;
  const around = label.exec(`${text} ${doc.lines[i + 2].text}`);
  return around && around[0].length > text.length
    ? { head: `${middle} ${doc.lines[i + 2].text.slice(around[0].length - text.length - 1)}`, next: i + 3 }
    : null;
}

/** A cell holding nothing but a figure: "0.20%", "0,20 %", "1.5%*". */
const VALUE_ONLY = new RegExp(`^${PERCENT}\\*?$`);

/**
 * The row's value: on the label's line, else where this document's table puts values of bare label
 * lines: below them (a label wrapped over lines, its value after), or above them (a description cell
 * drawn higher than its centred label, so the text layer has it first).
 */
function rowValue(
  doc: LineIndex,
  i: number,
  start: { head: string; next: number },
  v: Vocabulary,
  valuesAbove: boolean,
): string | null {
  const own = firstCostValue(start.head, v);
  if (own) return own;
  const below = firstValueBelow(doc, start.next, v)?.value ?? null;
  const above = valueAbove(doc, i, v);
  return valuesAbove ? (above ?? below) : (below ?? above);
}

/**
 * Whether the cost table puts its values above the labels: decided once for the document, over every
 * label line that carries no value itself, by counting those only a line above could serve against
 * those only the lines below could. A tie reads as the usual layout (below).
 */
function valuesAboveLabels(doc: LineIndex, v: Vocabulary): boolean {
  // Decided once per document and language: every cost row asks.
  const decided = LAYOUTS.get(doc)?.get(v.code);
  if (decided !== undefined) return decided;
  const above = countValuesAboveLabels(doc, v);
  LAYOUTS.set(doc, (LAYOUTS.get(doc) ?? new Map<string, boolean>()).set(v.code, above));
  return above;
}

/** Per document (dropped with it), per language: whether its cost table puts values above their labels. */
const LAYOUTS = new WeakMap<LineIndex, Map<string, boolean>>();

function countValuesAboveLabels(doc: LineIndex, v: Vocabulary): boolean {
  let onlyAbove = 0;
  let onlyBelow = 0;
  for (let i = 0; i < doc.lines.length; i++) {
    const label = Object.values(v.costLabels)
      .map((re) => re.exec(doc.lines[i].text))
      .find((m) => m !== null);
    if (!label || firstCostValue(doc.lines[i].text.slice(label[0].length), v)) continue;
    const above = valueAbove(doc, i, v) !== null;
    const below = firstValueBelow(doc, i + 1, v) !== null;
    if (above && !below) onlyAbove++;
    if (below && !above) onlyBelow++;
  }
  return onlyAbove > onlyBelow;
}

function firstValueBelow(doc: LineIndex, from: number, v: Vocabulary): { value: string; line: number } | null {
  for (let i = from; i < doc.lines.length && i < from + MAX_ROW_LINES; i++) {
    const text = doc.lines[i].text;
    if (isRowBoundary(text, v)) return null;
    const value = firstCostValue(text, v);
    if (value) return { value, line: i };
  }
  return null;
}

/** The line above a label, when it holds a value and belongs to no other row's label. */
function valueAbove(doc: LineIndex, i: number, v: Vocabulary): string | null {
  const above = doc.lines[i - 1]?.text;
  if (!above || isRowBoundary(above, v)) return null;
  return firstCostValue(above, v);
}

function isLabelLine(text: string, v: Vocabulary): boolean {
  return Object.values(v.costLabels).some((re) => re.test(text));
}

function isRowBoundary(text: string, v: Vocabulary): boolean {
  return FOOTNOTE_LINE.test(text) || v.costRowEnd.test(text) || isLabelLine(text, v);
}

function firstCostValue(row: string, v: Vocabulary): string | null {
  const pct = new RegExp(PERCENT).exec(row);
  const none = v.noCost.exec(row);
  if (pct && (!none || pct.index < none.index)) return normalisePercent(pct[0]);
  return none ? percentFromFraction(0) : null;
}

/**
 * "Annual cost impact (*)" row of the costs-over-time table: the first column is "if you exit after 1 year",
 * the last is the recommended holding period. With a one-year RHP the single column is both.
 */
export function findCostImpact(
  doc: LineIndex,
  rhpYears: number | null,
  vocabs: readonly Vocabulary[],
): { oneYear: Hit<string> | null; atRhp: Hit<string> | null } {
  const found = firstIn(vocabs, (v) => costImpactIn(doc, rhpYears, v));
  return found ?? { oneYear: null, atRhp: null };
}

function costImpactIn(
  doc: LineIndex,
  rhpYears: number | null,
  v: Vocabulary,
): { oneYear: Hit<string>; atRhp: Hit<string> | null } | null {
  for (let i = 0; i < doc.lines.length; i++) {
    const m = v.impactLabel.exec(doc.lines[i].text);
    if (!m) continue;
    const rest = doc.lines[i].text.slice(m[0].length);
    if (v.impactHeader.test(rest)) continue; // the "Annual cost impact if you exit after 1 year" column header
    const values = costImpactValues(rest, doc.lines[i + 1]?.text ?? '', v);
    if (values.length === 0) continue;
    const page = doc.lines[i].page;
    const oneYear = { value: values[0], page };
    if (values.length > 1) return { oneYear, atRhp: { value: values[values.length - 1], page } };
    return { oneYear, atRhp: rhpYears !== null && rhpYears <= 1 ? { value: values[0], page } : null };
  }
  return null;
}

/**
 * Percentages on the label's line. The next line is used only when the values wrapped off the label line
 * and it holds nothing but values: the footnote below the table quotes other percentages ("11.6% before costs").
 */
function costImpactValues(sameLine: string, nextLine: string, v: Vocabulary): string[] {
  const own = percentsOf(sameLine);
  if (own.length > 0) return own;
  const leftover = nextLine.replace(new RegExp(PERCENT, 'g'), '').replace(v.perYear, '');
  return /\p{L}/u.test(leftover) ? [] : percentsOf(nextLine);
}

function percentsOf(text: string): string[] {
  return [...text.matchAll(new RegExp(PERCENT, 'g'))]
    .map((m) => normalisePercent(m[0]))
    .filter((v): v is string => v !== null);
}

/**
 * ISO 4217 codes a KID's example investment is commonly stated in; a three-letter word outside it is not a currency.
 */
const CURRENCIES = new Set([
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'JPY',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'CAD',
  'AUD',
  'NZD',
  'HKD',
  'SGD',
  'CNY',
  'CNH',
  'ZAR',
  'RON',
  'ISK',
  'MXN',
  'BRL',
  'INR',
  'KRW',
  'TRY',
  'ILS',
]);

/**
 * The currency of the example investment ("Example investment: EUR 10,000", "Beispiel für eine Anlage: 10.000 USD").
 */
export function findCurrency(doc: LineIndex, vocabs: readonly Vocabulary[]): Hit<string> | null {
  const flat = doc.flat.replace(/\n/g, ' ');
  return firstIn(vocabs, (v) => {
    // The amount must carry a code the label's case cannot fake: the vocabulary's pattern is case-insensitive.
    for (const m of flat.matchAll(v.exampleInvestment)) {
      const code = m[1] ?? m[2];
      if (code && CURRENCIES.has(code)) return { value: code, page: doc.pageAt(m.index ?? 0) };
    }
    return null;
  });
}

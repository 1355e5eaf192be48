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
 * The cost of one row, as the document states it. The row runs from its label to the next row (labels may wrap onto
 * two lines, descriptions onto several); the first percentage or "none" statement in it is the answer, so the
 * currency amounts of the right-hand column ("0 EUR", "CHF 20") are never read as the cost. A performance fee that is
 * a share of the outperformance is stated so ("20.00% of the outperformance"), and a fee that is only a fixed amount
 * as that amount ("EUR 25"): neither is a percentage of the investment.
 *
 * Layouts move things around, and the row is read as the layout leaves it:
 * - a label split over two lines ("Ongoing" / "charges 0.20%"), or around its value ("Ongoing" / "0.20%" /
 *   "charges") when the value cell sits between the label's lines;
 * - a value printed before its label (a label centred beside a description that starts above it).
 */
export function findCostRow(
  doc: LineIndex,
  row: CostRow,
  vocabs: readonly Vocabulary[],
  docType: 'kid' | 'kiid',
): Hit<string> | null {
  return firstIn(vocabs, (v) => {
    const above = valuesAboveLabels(doc, v);
    for (let i = 0; i < doc.lines.length; i++) {
      const start = rowStart(doc, i, v.costLabels[row], v);
      if (!start) continue;
      const texts = rowTexts(doc, start, v);
      const value =
        (row === 'performanceFee' ? outperformanceShare(texts, v) : null) ??
        rowValue(doc, i, start, v, above) ??
        fixedAmount(texts, docType);
      if (value) return { value, page: doc.lines[i].page };
    }
    return null;
  });
}

/** A label's line is short when the label is split: a sentence that happens to end in a label's first word is not. */
const SPLIT_LABEL_MAX_CHARS = 40;

/** Where a row starts at line i: the text after its label on the label's line(s), and the next line of the row. */
function rowStart(doc: LineIndex, i: number, label: RegExp, v: Vocabulary): { head: string; next: number } | null {
  const text = doc.lines[i].text;
  const own = afterLabel(text, label, v);
  if (own !== null) return { head: own, next: i + 1 };
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

/**
 * The text after a row's label on its line. The label opens the line, or follows the cell of its group ("One-off costs
 * | Entry costs", "Laufende Kosten | Portfolio-Transaktionskosten", as the pre-2023 template prints them); a label that
 * another row's label follows is such a group cell ("Laufende Kosten" there), not its own row.
 */
function afterLabel(text: string, label: RegExp, v: Vocabulary): string | null {
  const own = label.exec(text);
  if (own) {
    const rest = text.slice(own[0].length);
    if (!startsWithLabel(rest, v)) return rest;
  }
  const group = v.costRowEnd.exec(text) ?? labelIn(text, v);
  if (!group) return null;
  const row = text.slice(group[0].length).trimStart();
  const m = label.exec(row);
  return m ? row.slice(m[0].length) : null;
}

function labelIn(text: string, v: Vocabulary): RegExpExecArray | null {
  for (const re of Object.values(v.costLabels)) {
    const m = re.exec(text);
    if (m && startsWithLabel(text.slice(m[0].length), v)) return m;
  }
  return null;
}

function startsWithLabel(rest: string, v: Vocabulary): boolean {
  return isLabelLine(rest.trimStart(), v);
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

/** The texts of a row: after its label, then its lines below up to the next row (labels may wrap, values follow). */
function rowTexts(doc: LineIndex, start: { head: string; next: number }, v: Vocabulary): string[] {
  const texts = [start.head];
  for (let i = start.next; i < doc.lines.length && i < start.next + MAX_ROW_LINES; i++) {
    if (isRowBoundary(doc.lines[i].text, v)) break;
    texts.push(doc.lines[i].text);
  }
  return texts;
}

/**
 * A performance fee that is a share of the outperformance ("20% della sovraperformance"): stated so, in one wording for
 * every language, since it is no percentage of the investment. It is the fee's definition, so it wins over the other
 * figures the row quotes (a benchmark's weights, "100% ICE BofA ...").
 */
function outperformanceShare(texts: string[], v: Vocabulary): string | null {
  for (const text of texts) {
    const m = v.outperformance.exec(text);
    const share = m ? normalisePercent(`${m[1]}%`) : null;
    if (share) return `${share} ${OUTPERFORMANCE}`;
  }
  return null;
}

const OUTPERFORMANCE = 'of the outperformance';

/** Characters after an amount searched for the words of its description. */
const AMOUNT_CONTEXT = 40;

/**
 * A fee stated as a fixed amount ("EUR 25", "25 €"), as printed: an amount is never a percentage. A KID's table
 * gives every cost of its example investment in an amount column, so there only an amount its description states
 * (followed by more words, not ending its cell) is a fixed fee; a KIID has no such column.
 */
function fixedAmount(texts: string[], docType: 'kid' | 'kiid'): string | null {
  for (const text of texts) {
    for (const m of text.matchAll(AMOUNT)) {
      const amount = m[0].replace(/\s+/g, ' ');
      if (!/[1-9]/.test(amount)) continue; // "0 EUR" says the cost is nil: a "none" statement says so in words
      const end = (m.index ?? 0) + m[0].length;
      // The words that follow it in its cell; a bounded look, so a line of many amounts is not rescanned for each.
      const after = text.slice(end, end + AMOUNT_CONTEXT).split('\t')[0];
      if (docType === 'kiid' || /\p{L}/u.test(after)) return amount;
    }
  }
  return null;
}

/**
 * "Annual cost impact (*)" row of the costs-over-time table: the first column is "if you exit after 1 year",
 * the last is the recommended holding period. With a holding period of a year at most, or one that runs to maturity,
 * the single column is both (a product maturing later would also print the one-year column).
 */
export function findCostImpact(
  doc: LineIndex,
  singleColumnIsWhole: boolean,
  vocabs: readonly Vocabulary[],
): { oneYear: Hit<string> | null; atRhp: Hit<string> | null } {
  const found = firstIn(vocabs, (v) => costImpactIn(doc, singleColumnIsWhole, v));
  return found ?? { oneYear: null, atRhp: null };
}

function costImpactIn(
  doc: LineIndex,
  singleColumnIsWhole: boolean,
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
    return { oneYear, atRhp: singleColumnIsWhole ? { value: values[0], page } : null };
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

const CODES = [...CURRENCIES].join('|');
/** A printed figure. Linear: at most four thousands groups, then one decimal part. */
const FIGURE = String.raw`\d{1,3}(?:[.,' ]\d{3}){0,4}(?:[.,]\d{1,2})?(?!\d)`;
/** An amount with its currency: "EUR 25", "25 €", "1.250,50 EUR". Never started inside a number. */
const AMOUNT = new RegExp(
  String.raw`(?<![\d.,])(?:(?:\b(?:${CODES})|[€£$])\s?${FIGURE}|${FIGURE}\s?(?:(?:${CODES})\b|[€£]))`,
  'g',
);

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

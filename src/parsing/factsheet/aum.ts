import { DATE } from '../text/dates';
import type { Hit } from '../text/hits';
import { firstCell, type LabelAt, labelsIn, skipQualifiers } from './labelled';
import type { Views } from './views';

/**
 * The fund's assets under management as printed: "INR 2,525 Cr", "₹ 23,686.45 Crores", "USD 1.2 billion",
 * "Fondsvolumen 512,3 Mio. EUR", "Encours : 1 234 M€", "Patrimonio: 45,6 milioni di euro".
 * The contract keeps it a string with its unit and currency, so it is only cleaned of extra blanks.
 * Patterns follow the LINEAR TIME rules of parsers/kid.ts: every amount pattern is anchored at the start of
 * a bounded text (the rest after a label), so each label occurrence costs a constant.
 */

/**
 * Labels of the AUM in English and the major EEA languages. Averages ("AAUM", "Average AUM") are not the
 * fund's size on the report date: "AUM" must open its line or column, so "Monthly Average AUM" is passed over.
 * "net assets" needs its "s": "Net Asset Value" is the NAV.
 */
const AUM_LABEL_WORDS = [
  String.raw`(?:fund |scheme |latest |closing |current |month[- ]end |total )?AUM`,
  String.raw`assets under management|fund size|size of (?:the )?fund|fund assets|(?:total )?net assets(?: of the fund)?`,
  // de
  String.raw`(?:teil)?fondsvolumen|(?:teil)?fondsverm[öo]gen|fondsgr[öo](?:ß|ss)e|verwaltetes verm[öo]gen`,
  // fr
  String.raw`encours(?: (?:du fonds|g[ée]r[ée]|sous gestion))?|actifs? nets?(?: du fonds)?|actifs sous gestion|taille du fonds`,
  // it, es, pt
  String.raw`patrimonio(?: (?:netto|neto|del fondo|total))?|masse gestite|dimensione del fondo|activos(?: netos| totales| bajo gesti[óo]n)?|tama[ñn]o del fondo|patrim[óo]nio(?: l[íi]quido)?`,
  // nl, nordic, pl
  String.raw`(?:fonds|beheerd |netto )?vermogen|fondsgrootte|fondsf[öo]rm[öo]genhet|f[öo]rvaltat kapital|aktywa netto`,
].join('|');
// Bounded by (?<!\p{L}) / (?!\p{L}) rather than \b, which is ASCII-only and fails next to "ö".
const AUM_LABEL = new RegExp(String.raw`(?<!\p{L})(?:${AUM_LABEL_WORDS})(?!\p{L})`, 'iu');

const CURRENCY_CODE = String.raw`(?:INR|USD|EUR|GBP|CHF|JPY|SEK|NOK|DKK|PLN|CZK|HUF|RON|BGN|ISK|AUD|CAD|HKD|SGD|CNY)(?!\p{L})`;
/** Indian factsheets set the rupee in a font that maps it to a backtick; "Rs." is the rupee too. */
const CURRENCY_SIGN = String.raw`(?:US\$|Rs\.?|[₹€$£¥\x60])`;
const CURRENCY = `(?:${CURRENCY_CODE}|${CURRENCY_SIGN})`;
/** After the number the currency may also be a word: "Mio. Euro", "milioni di euro", "millions d'euros". */
const CURRENCY_AFTER = String.raw`(?:${CURRENCY}|(?:(?:di|de) |d')?euros?(?!\p{L}))`;
/**
 * Grouped thousands ("23,686.45", Indian "1,23,456", French "1 234", Swiss "1'234") or plain digits. Bounded
 * repetitions: each attempt of the anchored pattern costs a constant.
 */
const NUMBER = String.raw`(?:\d{1,3}(?:[,.' ]\d{2,3}){1,6}(?:[.,]\d{1,4})?|\d{1,12}(?:[.,]\d{1,4})?)`;
/** Scale words, longest first where one is the start of another ("millions" before "m"). */
const UNIT = String.raw`(?:crores?|crs?\.?|lakhs?|lacs?|billions?|bn\.?|millions?|mn\.?|mio\.?|mill?\.?|mln\.?|mrd\.?|mds?\.?|milliards?|milliarden|miliardi|miliardo|milioni|milione|millones|mill[oó]n|miljoen|miljard|mld\.?|m)(?!\p{L})`;

/** currency? number unit? currency? at the start of a text; the groups are the currency before, the unit, the currency after. */
const AMOUNT = new RegExp(String.raw`^(${CURRENCY}\s?)?${NUMBER}(?:\s?(${UNIT}))?(?:\s?(${CURRENCY_AFTER}))?`, 'iu');
const CURRENCY_ANYWHERE = new RegExp(`(?<![\\p{L}])${CURRENCY}`, 'iu');
const UNIT_ANYWHERE = new RegExp(`(?<![\\p{L}])${UNIT}`, 'iu');
const STARTS_WITH_DATE = new RegExp(`^(?:${DATE})`, 'i');

/** How far from the label's column the value on the next layout line may start. */
const NEXT_LINE_TOLERANCE = 4;
/** Characters of the next line read: an amount is short, and the bound keeps each label's work constant. */
const MAX_VALUE_CHARS = 300;

/**
 * Assets under management as printed. The value follows the label on its line, after qualifiers such as
 * "as on December 31, 2025" or "(INR Cr)", or opens the next line. Reading-order lines are tried first,
 * then the layout lines.
 */
export function findAum(views: Views): Hit<string> | null {
  for (const found of labelsIn(views, AUM_LABEL)) {
    const value = aumAfter(found);
    if (value) return { value, page: found.lines[found.index].page };
  }
  return null;
}

function aumAfter(found: LabelAt): string | null {
  const { rest, notes } = skipQualifiers(found.rest);
  const sameLine = found.layout ? firstCell(rest) : rest;
  const unitInLabel = notes.map(unitOf).find((u) => u !== null) ?? null;
  // The next line holds the value only when nothing follows the label: "AUM: not disclosed" has none.
  if (sameLine.trim() !== '') return readAmount(sameLine, unitInLabel);
  const next = nextLineText(found);
  return next === null ? null : readAmount(next, unitInLabel);
}

/** The text under the label: the next line in reading order, the cell below the label's column in layout. */
function nextLineText({ lines, index, at, layout }: LabelAt): string | null {
  const next = lines[index + 1];
  if (!next) return null;
  if (!layout) return next.text.slice(0, MAX_VALUE_CHARS);
  const from = Math.max(0, at - NEXT_LINE_TOLERANCE);
  const start = next.text.slice(from, at + NEXT_LINE_TOLERANCE + 1).search(/\S/);
  // The cell must start there, not be the tail of a wider cell of the column beside it.
  if (start < 0 || (from + start > 0 && /\S/.test(next.text[from + start - 1]))) return null;
  return firstCell(next.text.slice(from + start, from + start + MAX_VALUE_CHARS));
}

interface LabelUnit {
  currency: string | null;
  unit: string | null;
}

/** "INR Cr", "₹ in Crores", "in EUR million", "Mio. EUR": the currency and scale a label's parenthesis gives. */
function unitOf(note: string): LabelUnit | null {
  const currency = CURRENCY_ANYWHERE.exec(note)?.[0] ?? null;
  const unit = UNIT_ANYWHERE.exec(note)?.[0] ?? null;
  return currency || unit ? { currency, unit } : null;
}

/**
 * An amount at the start of `text` with a currency or a scale, as printed. A bare number counts only when
 * the label carried the unit ("AUM (INR Cr) 2,525"): it is then written with it ("INR 2,525 Cr"). Dates
 * and numbers running on into more digits are not amounts.
 */
function readAmount(text: string, unitInLabel: LabelUnit | null): string | null {
  const value = text.replace(/^\s+/, '');
  if (STARTS_WITH_DATE.test(value)) return null;
  const m = AMOUNT.exec(value);
  if (!m || /^(?:\d|[.,/-]\d)/.test(value.slice(m[0].length))) return null;
  const printed = m[0];
  if (m[1] || m[2] || m[3]) return cleanAmount(printed);
  if (!unitInLabel) return null;
  return cleanAmount([unitInLabel.currency, printed, unitInLabel.unit].filter((p) => p !== null).join(' '));
}

/** Blanks made single; the backtick standing for the rupee (see CURRENCY_SIGN) becomes "₹ " as on paper. */
function cleanAmount(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim().replace(/^`\s*/, '₹ ');
}

import { percentFromFraction } from '../../../domain/format';
import type { Hit } from '../../text/hits';
import type { LineIndex } from '../../text/lines';
import { normalisePercent, PERCENT } from '../../text/numbers';

/**
 * Costs of a KID's "Composition of costs" and "Costs over time" tables and a KIID's "Charges" table.
 * Patterns follow the LINEAR TIME rules of parsers/kid.ts: the text comes from outside.
 */

export type CostRow = 'entry' | 'exit' | 'ongoing' | 'transaction' | 'performanceFee';

/** Row labels of the PRIIPs "Composition of costs" table and the UCITS "Charges" table, in both languages. */
const COST_LABELS: Record<CostRow, RegExp> = {
  entry: /^(?:one-off )?entry (?:costs?|charges?|fees?)\b|^(?:co[uû]ts|frais|droits) d'entr[ée]e\b/i,
  exit: /^(?:one-off )?exit (?:costs?|charges?|fees?)\b|^(?:co[uû]ts|frais|droits) de sortie\b/i,
  ongoing: /^management fees(?: and other)?\b|^ongoing charges?\b|^frais de gestion(?: et autres)?\b|^frais courants\b/i,
  transaction: /^(?:portfolio )?transaction (?:costs?|fees?)\b|^co[uû]ts de transaction\b|^frais de transaction\b/i,
  performanceFee: /^performance fees?\b|^commissions? (?:li[ée]es? aux r[ée]sultats|de (?:sur)?performance)\b/i,
};

/** Lines that end a cost row even though they are not another row's label. */
const COST_ROW_END = /^(?:one-off|ongoing costs|incidental costs|charges taken|how long should|what happens if|past performance|practical information|co[uû]ts (?:ponctuels|r[ée]currents|accessoires)|frais (?:ponctuels|prélevés)|combien de temps|performances pass[ée]es|informations pratiques|\(\*\))/i;
const MAX_ROW_LINES = 6;

/** Words that state a cost is not charged; such a row reads as 0%. */
const NO_COST = /\b(?:none|nil|n\/a|n\.a\.|not applicable|no (?:entry |exit |performance |switching )?(?:fee|charge|cost)s?|does not charge|do not charge|is no\b|are no\b|néant|aucune?|pas de|ne (?:facturons|prélevons|prélève|facture) pas|sans objet)/i;

/**
 * The percentage of one cost row. The row runs from its label to the next row (labels may wrap onto two
 * lines, descriptions onto several); the first percentage or "none" statement in it is the answer, so the
 * currency amounts of the right-hand column ("0 EUR", "CHF 20") are never read as the cost.
 */
export function findCostRow(doc: LineIndex, row: CostRow): Hit<string> | null {
  const label = COST_LABELS[row];
  for (let i = 0; i < doc.lines.length; i++) {
    const line = doc.lines[i];
    const m = label.exec(line.text);
    if (!m) continue;
    const value = firstCostValue(rowText(doc, i, m[0].length));
    if (value) return { value, page: line.page };
  }
  return null;
}

function rowText(doc: LineIndex, start: number, labelLength: number): string {
  const parts = [doc.lines[start].text.slice(labelLength)];
  for (let i = start + 1; i < doc.lines.length && i <= start + MAX_ROW_LINES; i++) {
    const text = doc.lines[i].text;
    if (COST_ROW_END.test(text) || Object.values(COST_LABELS).some((re) => re.test(text))) break;
    parts.push(text);
  }
  return parts.join(' ');
}

function firstCostValue(row: string): string | null {
  const pct = new RegExp(PERCENT).exec(row);
  const none = NO_COST.exec(row);
  if (pct && (!none || pct.index < none.index)) return normalisePercent(pct[0]);
  return none ? percentFromFraction(0) : null;
}

const COST_IMPACT_LABEL = /^(?:annual cost impact|incidence (?:annuelle )?des co[uû]ts(?: annuels)?|impact des co[uû]ts annuels)\b/i;

/**
 * "Annual cost impact (*)" row of the costs-over-time table: the first column is "if you exit after 1 year",
 * the last is the recommended holding period. With a one-year RHP the single column is both.
 */
export function findCostImpact(doc: LineIndex, rhpYears: number | null): { oneYear: Hit<string> | null; atRhp: Hit<string> | null } {
  for (let i = 0; i < doc.lines.length; i++) {
    const m = COST_IMPACT_LABEL.exec(doc.lines[i].text);
    if (!m) continue;
    const rest = doc.lines[i].text.slice(m[0].length);
    if (/^\s*(?:if you|si vous)\b/i.test(rest)) continue; // the "Annual cost impact if you exit after 1 year" column header
    const values = costImpactValues(rest, doc.lines[i + 1]?.text ?? '');
    if (values.length === 0) continue;
    const page = doc.lines[i].page;
    const oneYear = { value: values[0], page };
    if (values.length > 1) return { oneYear, atRhp: { value: values[values.length - 1], page } };
    return { oneYear, atRhp: rhpYears !== null && rhpYears <= 1 ? { value: values[0], page } : null };
  }
  return { oneYear: null, atRhp: null };
}

/**
 * Percentages on the label's line. The next line is used only when the values wrapped off the label line
 * and it holds nothing but values: the footnote below the table quotes other percentages ("11.6% before costs").
 */
function costImpactValues(sameLine: string, nextLine: string): string[] {
  const own = percentsOf(sameLine);
  if (own.length > 0) return own;
  const leftover = nextLine.replace(new RegExp(PERCENT, 'g'), '').replace(/each year|per year|chaque ann[ée]e|par an/gi, '');
  return /\p{L}/u.test(leftover) ? [] : percentsOf(nextLine);
}

function percentsOf(text: string): string[] {
  return [...text.matchAll(new RegExp(PERCENT, 'g'))].map((m) => normalisePercent(m[0])).filter((v): v is string => v !== null);
}

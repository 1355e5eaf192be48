import type { Hit } from '../text/hits';
import { FIGURE_STOP } from './figures';
import { FRENCH_NUMBER, readFrenchNumber } from './french';
import type { ScpiText } from './labels';
import type { WeightedLabel } from './types';

/**
 * The sector and geographic splits: a heading ("Répartition sectorielle", "Répartition géographique", "par
 * typologie d'actifs"...) then items "Bureaux 51,08 %", "Bureaux\t51,08 %", "51,08 % Bureaux", on its line
 * ("Bureaux 51 % ; Commerces 30 %") or on the lines after it, or a chart legend that prints each label on
 * one line and its percent on the next. Reading stops at a line with no item, at the next heading, or once
 * the items reach 100 %. LINEAR TIME: item patterns run on lines capped at ITEM_LINE characters, the label
 * part bounded ({2,60}), so a line costs a constant.
 */

const SECTOR =
  /repartition (?:sectorielle|typologique|par (?:type d'actifs|typologie(?: d'actifs)?|secteur(?: d'activite)?|nature d'actifs|type de biens|classe d'actifs|destination|usage))/g;
const GEOGRAPHY =
  /repartition (?:geographique|par (?:zone geographique|zone|pays|region|localisation|situation geographique))/g;
const ANY_HEADING = /repartition|\bpatrimoine\b|indicateurs|chiffres cles|distribution|\bfiscalite\b/;

const ITEM_LINE = 300;
/** Items summing to this are the whole list (printed weights are rounded to the hundredth). */
const COMPLETE = 99.99;
const FIGURE_LINE = new RegExp(FIGURE_STOP.source);
const MAX_LINES = 20;
const LABEL_FIRST = new RegExp(`([^\\d%;:\\t]{2,60}?)[ \\t]?:?[ \\t]?(${FRENCH_NUMBER}) ?%`, 'g');
const PERCENT_FIRST = new RegExp(`(${FRENCH_NUMBER}) ?% ?(?:en |de |d'|a |au |aux )?([^\\d%;,\\t()]{2,60})`, 'g');
const ONLY_PERCENT = new RegExp(`^(${FRENCH_NUMBER}) ?%$`);

export function readSplits(text: ScpiText): {
  sector: Hit<WeightedLabel[]> | null;
  geography: Hit<WeightedLabel[]> | null;
} {
  return { sector: readSplit(text, SECTOR), geography: readSplit(text, GEOGRAPHY) };
}

function readSplit(text: ScpiText, heading: RegExp): Hit<WeightedLabel[]> | null {
  for (const hit of text.labels(heading)) {
    const items = itemsAfter(text, hit.line, hit.end);
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    if (items.length >= 2 || (items.length === 1 && total >= 99.5)) return { value: items, page: text.page(hit) };
  }
  return null;
}

/** The items on the heading's line after it, then on the lines below, until the list ends. */
function itemsAfter(text: ScpiText, line: number, from: number): WeightedLabel[] {
  const items: WeightedLabel[] = [];
  const total = () => items.reduce((sum, item) => sum + item.weight, 0);
  items.push(
    ...itemsOf(
      text.lines[line].text.slice(from, from + ITEM_LINE),
      text.lines[line].folded.slice(from, from + ITEM_LINE),
    ),
  );
  for (let i = line + 1; i < text.lines.length && i <= line + MAX_LINES && total() < COMPLETE; i++) {
    const printed = text.lines[i].text.slice(0, ITEM_LINE);
    const folded = text.lines[i].folded.slice(0, ITEM_LINE);
    if (/^repartition\b/.test(folded) || FIGURE_LINE.test(folded)) break; // the next split's heading, or another figure
    const found = itemsOf(printed, folded);
    if (found.length > 0) {
      items.push(...found);
      continue;
    }
    // A legend: the label alone on its line, its percent alone on the next.
    const next = text.lines[i + 1]?.folded.slice(0, ITEM_LINE) ?? '';
    const pct = ONLY_PERCENT.exec(next.trim());
    if (pct && !ANY_HEADING.test(folded) && /\p{L}/u.test(printed) && printed.length <= 60) {
      items.push({ label: cleanLabel(printed), weight: readFrenchNumber(pct[1]) ?? 0 });
      i++;
      continue;
    }
    if (items.length > 0 || ANY_HEADING.test(folded)) break;
  }
  return items.filter((item) => item.label !== '' && item.weight > 0 && item.weight <= 100);
}

/** The items of one line, label first ("Bureaux 51,08 %") or percent first ("86 % en régions"). */
function itemsOf(printed: string, folded: string): WeightedLabel[] {
  const body = folded.replace(/^[\s:–-]+/, '');
  const offset = folded.length - body.length;
  const percentFirst = /^\d/.test(body);
  const re = percentFirst ? PERCENT_FIRST : LABEL_FIRST;
  const items: WeightedLabel[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const [labelGroup, numberGroup] = percentFirst ? [2, 1] : [1, 2];
    const start = offset + m.index + m[0].indexOf(m[labelGroup]);
    const label = cleanLabel(printed.slice(start, start + m[labelGroup].length));
    const weight = readFrenchNumber(m[numberGroup]);
    if (label && weight !== null) items.push({ label, weight });
  }
  return items;
}

function cleanLabel(raw: string): string {
  const label = raw
    .replace(/^[\s,;:•·*–-]+|[\s,;:•·*–(-]+$/g, '')
    .replace(/^(?:et|and)\s+|\s+(?:et|and)$/gi, '')
    .replace(/^(?:en|à|au|aux|de|d')\s+/i, '')
    .trim();
  return label.charAt(0).toUpperCase() + label.slice(1);
}

import { parsePrintedDate } from '../text/dates';
import type { Hit } from '../text/hits';
import { FIGURE_STOP } from './figures';
import { DATE, EURO_AMOUNT, euroValue, FRENCH_NUMBER, readFrenchNumber, readPeriod } from './french';
import { type LabelHit, type ScpiText, withoutDates, yearIn } from './labels';
import type { DatedPrice, ScpiYearly, YearHits } from './types';
import { euros, grossEuros, hasFigure, percent } from './values';

/**
 * Figures by year and by quarter: the taux de distribution and the gross distribution per share of each
 * year, the distribution of the quarter, the subscription price on 1 January (the rate's denominator) and
 * the changes of price with the day they took effect. Read from sentences ("Taux de distribution 2024 :
 * 6,20 %", "Distribution T3 2025 : 3,73 € brut", "prix porté de 202 € à 204 € le 1er août 2025") and from
 * the table every annual report prints ("Évolution du prix de la part": year, price on 1 January,
 * distribution, rate). LINEAR TIME as in labels.ts: labels are literal alternations, values windows.
 */

export interface YearlyContext {
  /**
   * The year a figure without its own year belongs to (an annual report's exercise); null: such figures are skipped.
   */
  fallbackYear: string | null;
  /** The quarter a distribution without its own period belongs to (a quarterly bulletin's); null: skipped. */
  quarter: string | null;
}

export interface YearlyReading {
  yearly: ScpiYearly;
  lastQuarterDistribution: Hit<number> | null;
  /**
   * Prices with the day they took effect: changes of price, a history table, a price stated with its date of effect.
   */
  priceChanges: Hit<DatedPrice[]> | null;
  /**
   * "Prix de souscription en vigueur depuis le 1er mars 2022" without its amount: the day the document's current price
   * took effect.
   */
  currentPriceSince: Hit<string> | null;
}

const STOP = new RegExp(FIGURE_STOP.source);
const FORECAST = /\b(?:objectif|previsionnel(?:le)?|prevision|cible|estime)\b/;
/**
 * Words before a label that make its figure a target: "L'objectif de taux de distribution 2025 est compris entre...".
 */
const FORECAST_BEFORE =
  /\b(?:objectifs?|previsions?|perspectives?|fourchette|estimation|guidance)(?: (?:de|du|d'un|d'une|pour le|pour l'annee))? ?$/;
/** A range is a target or a guidance, never the figure: "compris entre 4,60 % et 5,10 %", "entre 4,5 et 5 %". */
const RANGE = /\bentre (?:\d|de )|\bde \d[\d,.]* ?%? a \d/;

/** Whether the first year of a label's qualifier belongs to a quarter or half-year ("T3 2025", "1er semestre 2025"). */
function namesPeriodFirst(own: string): boolean {
  const year = /\b(?:19|20)\d{2}\b/.exec(own);
  return year !== null && readPeriod(own.slice(0, year.index + 4)) !== null;
}

/** True when the label's figure is a target, a forecast or a range rather than a figure. */
function isForecast(text: ScpiText, hit: LabelHit): boolean {
  return FORECAST_BEFORE.test(text.before(hit)) || FORECAST.test(qualifier(text, hit));
}

export function readYearly(text: ScpiText, context: YearlyContext): YearlyReading {
  const yearly: ScpiYearly = { distributionRate: {}, distributionPerShare: {}, priceOnFirstJanuary: {} };
  // A table's header names the rate and the distribution too; its rows are read as a table, not as sentences.
  const headers = readPriceTables(text, yearly);
  readDistributionRates(text, context, yearly.distributionRate, headers);
  const lastQuarterDistribution = readDistributions(text, context, yearly.distributionPerShare, headers);
  readFirstJanuaryPrices(text, yearly.priceOnFirstJanuary);
  const since = readPricesInForce(text);
  return {
    yearly,
    lastQuarterDistribution,
    priceChanges: mergePrices(readPriceChanges(text), readPriceHistoryTables(text), since.prices),
    currentPriceSince: since.current,
  };
}

function keep(hits: YearHits, year: string | null, value: number | null, page: number, range: [number, number]): void {
  if (year === null || value === null || value < range[0] || value > range[1] || hits[year]) return;
  hits[year] = { value, page };
}

/** The value of a label: the first window (own cell, next cell, cell under, next line) that holds a figure. */
function valueOf(text: ScpiText, hit: LabelHit, read: (window: string) => number | null): number | null {
  for (const window of text.valueWindows(hit, STOP)) {
    const blanked = withoutDates(window);
    if (!hasFigure(blanked)) continue;
    return FORECAST.test(blanked) || RANGE.test(blanked) ? null : read(blanked);
  }
  return null;
}

/** The label's own cell after it, unblanked: where its year or period is written. */
function qualifier(text: ScpiText, hit: LabelHit): string {
  return text.lines[hit.line].folded.slice(hit.end, hit.end + 60);
}

// ------------------------------------------------------------------------------------- sentences

const RATE_LABEL =
  /\btaux de distribution\b((?: (?:brut|net|annuel|global|de fiscalite etrangere|avant fiscalite(?: etrangere)?|apres fiscalite(?: etrangere)?|\(td\)|\(tdvm\)|sur valeur de marche|au titre de(?: l'exercice| l'annee)?)){0,4})/g;

/** "Taux de distribution 2024 : 6,20 %" (gross, ASPIM 2022 definition; the older TDVM and net rates are not it). */
function readDistributionRates(text: ScpiText, context: YearlyContext, hits: YearHits, headers: Set<number>): void {
  for (const hit of text.labels(RATE_LABEL)) {
    if (headers.has(hit.line)) continue;
    const words = hit.match[1];
    if ((/\bnet\b/.test(words) && !/\bbrut\b/.test(words)) || /tdvm|valeur de marche/.test(words)) continue;
    if (isForecast(text, hit)) continue;
    const own = qualifier(text, hit);
    // A quarter's or half-year's rate ("Taux de distribution T3 2025") is not the year's.
    if (namesPeriodFirst(own)) continue;
    const year = yearIn(own) ?? context.fallbackYear;
    keep(hits, year, valueOf(text, hit, percent), text.page(hit), [0, 30]);
  }
}

const DISTRIBUTION_LABEL =
  /(?<!taux de )\b(?:distribution|dividende|acompte(?: sur dividende)?|revenus? distribues?)s?\b((?: (?:brute?s?|nette?s?|annuelle?s?|trimestrielle?s?|semestrielle?s?|versee?s?|par part|courante?s?|totale?s?|de l'exercice)){0,4})/g;

/**
 * "Distribution T3 2025 : 3,73 € brut / 3,03 € net" (the quarter), "Dividende 2024 : 12,24 €/part" (the
 * year). A distribution with no period of its own is the bulletin's quarter or the report's year.
 * Returns the quarter's distribution (the first one found of the newest quarter named).
 */
function readDistributions(
  text: ScpiText,
  context: YearlyContext,
  hits: YearHits,
  headers: Set<number>,
): Hit<number> | null {
  let quarter: { period: string; hit: Hit<number> } | null = null;
  for (const hit of text.labels(DISTRIBUTION_LABEL)) {
    if (headers.has(hit.line)) continue;
    const words = hit.match[1];
    if (/\bnette?s?\b/.test(words) && !/\bbrute?s?\b/.test(words)) continue;
    const own = qualifier(text, hit);
    if (isForecast(text, hit) || /plus-value|exceptionnel/.test(own)) continue;
    const period = readPeriod(own);
    const year = period ? null : yearIn(own);
    const value = valueOf(text, hit, grossEuros);
    if (value === null || value > 1000) continue;
    const page = text.page(hit);
    if (period?.label.startsWith('T') || (!period && !year && context.quarter && !/annuel/.test(words))) {
      const label = period?.label ?? context.quarter;
      if (label && (!quarter || periodAfter(label, quarter.period))) quarter = { period: label, hit: { value, page } };
    } else if (!period) {
      keep(hits, year ?? context.fallbackYear, value, page, [0, 1000]);
    }
  }
  return quarter?.hit ?? null;
}

/** "T1 2026" after "T4 2025": years first, then quarters. */
function periodAfter(a: string, b: string): boolean {
  const key = (p: string) => p.slice(-4) + p.slice(0, 2);
  return key(a) > key(b);
}

const FIRST_JANUARY_PRICE =
  /prix (?:de souscription|de la part|d'une part)(?: de la part| par part)? au (?:1er|01|1) janvier ((?:19|20)\d{2})|prix (?:de souscription|de la part) au 0?1\/0?1\/((?:19|20)\d{2})/g;

/** "Prix de souscription au 1er janvier 2025 : 202 €". */
function readFirstJanuaryPrices(text: ScpiText, hits: YearHits): void {
  for (const hit of text.labels(FIRST_JANUARY_PRICE)) {
    keep(hits, hit.match[1] ?? hit.match[2], valueOf(text, hit, euros), text.page(hit), [1, 20_000]);
  }
}

const CHANGE =
  /\b(?:porte|passe|releve|revalorise|augmente|ramene|abaisse|diminue|baisse|ajuste|modifie)e?s?\b|nouveau prix(?: de souscription| de la part)?/g;
const CHANGE_VALUE = new RegExp(
  `^ ?(?:de ${EURO_AMOUNT} )?(?:a |: ?|de )?${EURO_AMOUNT}(?: par part)?,? (?:le|au|a compter du|a partir du|depuis le|des le|en date du|effectif le|avec effet au) (${DATE})`,
  'i',
);

/** "Prix de souscription porté de 202 € à 204 € le 1er août 2025": the new price and the day it took effect. */
function readPriceChanges(text: ScpiText): Hit<DatedPrice[]> | null {
  const points: DatedPrice[] = [];
  let page: number | null = null;
  for (const hit of text.labels(CHANGE)) {
    const line = text.lines[hit.line].folded;
    if (
      !hit.match[0].startsWith('nouveau') &&
      !/\b(?:prix|part)\b/.test(line.slice(Math.max(0, hit.start - 80), hit.start))
    )
      continue;
    const m = CHANGE_VALUE.exec(line.slice(hit.end, hit.end + 120));
    const price = m ? euroValue(m[3], m[4]) : null;
    const date = m ? parsePrintedDate(m[5]) : null;
    if (price === null || date === null || price < 1 || price > 20_000 || points.some((p) => p.date === date)) continue;
    points.push({ date, priceEur: price });
    page ??= text.page(hit);
  }
  points.sort((a, b) => a.date.localeCompare(b.date));
  return page === null ? null : { value: points, page };
}

/**
 * "Prix de souscription en vigueur depuis le 1er mars 2022", "Le prix de souscription est applicable à
 * compter du 1er juillet 2024", "Prix de la part : 204 € depuis le 1er août 2025": the price in force and
 * the day it took effect. With its amount in the sentence, a dated price; without, the day the
 * document's current price took effect (readScpiDocument pairs it with the price the document states).
 */
const IN_FORCE = /\bprix (?:de souscription|de la part|d'une part|de part)\b/g;
const IN_FORCE_VALUE = new RegExp(
  `^(?:(?: d'une part| de la part| par part)? ?(?:est |:|de )? ?${EURO_AMOUNT})?,? ?(?:est |reste )?(?:\\(?(?:en vigueur|applicable|pratique|appliquee?) )?(?:depuis le|a compter du|a partir du|au|des le|en date du) (${DATE})`,
  'i',
);

function readPricesInForce(text: ScpiText): { prices: Hit<DatedPrice[]> | null; current: Hit<string> | null } {
  const points: DatedPrice[] = [];
  let page: number | null = null;
  let current: Hit<string> | null = null;
  for (const hit of text.labels(IN_FORCE)) {
    const line = text.lines[hit.line];
    const next = text.lines[hit.line + 1];
    // A sentence may wrap before its date: the start of the next line of the page is read with it.
    const window = `${line.folded.slice(hit.end, hit.end + 120)}${next && next.page === line.page ? ` ${next.folded.slice(0, 40)}` : ''}`;
    const m = IN_FORCE_VALUE.exec(window);
    if (!m || !/\b(?:vigueur|applicable|pratique|appliquee?|depuis|compter|partir)\b/.test(m[0])) continue;
    const date = parsePrintedDate(m[3]);
    if (date === null) continue;
    const price = m[1] ? euroValue(m[1], m[2]) : null;
    if (price === null) {
      current ??= { value: date, page: line.page };
      continue;
    }
    if (price < 1 || price > 20_000 || points.some((p) => p.date === date)) continue;
    points.push({ date, priceEur: price });
    page ??= line.page;
  }
  return { prices: page === null ? null : { value: points, page }, current };
}

/** A header naming a date of effect and a price: "Date d'effet | Prix de souscription". */
const HISTORY_HEADER =
  /\bdate (?:d'effet|de (?:mise en vigueur|prise d'effet|changement|modification)|d'application)\b|\bhistorique du prix\b/;
const HISTORY_ROW = new RegExp(`^(${DATE})[\\t ]?:?[\\t ]?${EURO_AMOUNT}[\\t ]?$`, 'i');

/**
 * "Historique du prix de souscription" as a table: a header naming the date of effect and the price, then
 * one row per change ("1er juillet 2024 | 442,00 €"). Rows are read while they are a date and an amount.
 */
function readPriceHistoryTables(text: ScpiText): Hit<DatedPrice[]> | null {
  const points: DatedPrice[] = [];
  let page: number | null = null;
  for (let i = 0; i < text.lines.length; i++) {
    const header = text.lines[i].folded.slice(0, 200);
    if (!HISTORY_HEADER.test(header) || !/\bprix\b/.test(`${header} ${text.lines[i + 1]?.folded.slice(0, 200) ?? ''}`))
      continue;
    let r = i + 1;
    // The header may take a second line (the column names under the table's title).
    if (r < text.lines.length && !HISTORY_ROW.test(text.lines[r].folded.slice(0, 120))) r++;
    for (; r < text.lines.length && r < i + 42; r++) {
      const row = HISTORY_ROW.exec(text.lines[r].folded.slice(0, 120));
      if (!row) break;
      const date = parsePrintedDate(row[1]);
      const price = euroValue(row[2], row[3]);
      if (date === null || price === null || price < 1 || price > 20_000 || points.some((p) => p.date === date))
        continue;
      points.push({ date, priceEur: price });
      page ??= text.lines[r].page;
    }
    i = r - 1;
  }
  return page === null ? null : { value: points, page };
}

/**
 * The dated prices of every reading, one per date (the first reading's), oldest first, with the first reading's page.
 */
function mergePrices(...readings: (Hit<DatedPrice[]> | null)[]): Hit<DatedPrice[]> | null {
  const points: DatedPrice[] = [];
  let page: number | null = null;
  for (const reading of readings) {
    if (!reading) continue;
    page ??= reading.page;
    for (const point of reading.value) if (!points.some((p) => p.date === point.date)) points.push(point);
  }
  points.sort((a, b) => a.date.localeCompare(b.date));
  return page === null ? null : { value: points, page };
}

// ------------------------------------------------------------------------------------- the annual table

type Column = 'price' | 'dividend' | 'rate' | 'other';
const COLUMN_WORDS: ReadonlyArray<[RegExp, Column]> = [
  [/prix (?:de souscription |de la part |d'une part )?au (?:1er|01|1) janvier/g, 'price'],
  [/taux de distribution|\btd\b/g, 'rate'],
  [
    /(?<!taux de )(?:dividende|distribution)(?: brute?| versee?)*(?: par part| au titre de l'annee| de l'annee)?|revenus? distribues?/g,
    'dividend',
  ],
  [
    /valeur de (?:realisation|reconstitution)|report a nouveau|\btdvm\b|prix (?:moyen|d'execution)|variation|performance globale|\bpga\b|nombre de parts|capitalisation/g,
    'other',
  ],
];
const TABLE_NUMBER = new RegExp(FRENCH_NUMBER, 'g');
const ROW_YEAR = /^((?:19|20)\d{2})\b(.*)$/;

/**
 * "Évolution du prix de la part": a header naming the price on 1 January and the distribution (on one
 * line or over up to three), then one row per year. A row is read only when it has one figure per
 * column the header names; otherwise it is not ours to guess.
 */
function readPriceTables(text: ScpiText, yearly: ScpiYearly): Set<number> {
  const headerLines = new Set<number>();
  for (let i = 0; i < text.lines.length; i++) {
    const header = text.lines.slice(i, i + 3).map((l) => l.folded.slice(0, 400));
    if (!/1er janvier/.test(header[0]) || !/dividende|distribution/.test(header.join(' '))) continue;
    let first = i + 1;
    while (first < Math.min(i + 3, text.lines.length) && !ROW_YEAR.test(text.lines[first].folded)) first++;
    if (first >= text.lines.length || !ROW_YEAR.test(text.lines[first].folded)) continue; // a sentence, not a table
    const columns = columnsOf(
      text.lines
        .slice(i, first)
        .map((l) => l.folded.slice(0, 400))
        .join(' '),
    );
    if (!columns.includes('price') || columns.length < 2) continue;
    for (let h = i; h < first; h++) headerLines.add(h);
    for (let r = first; r < text.lines.length && r < first + 40; r++) {
      const row = ROW_YEAR.exec(text.lines[r].folded.slice(0, 300));
      if (!row) break;
      const values = [...row[2].matchAll(TABLE_NUMBER)].map((m) => readFrenchNumber(m[0]));
      if (values.length !== columns.length) continue;
      const page = text.lines[r].page;
      columns.forEach((column, c) => {
        const target =
          column === 'price'
            ? yearly.priceOnFirstJanuary
            : column === 'dividend'
              ? yearly.distributionPerShare
              : column === 'rate'
                ? yearly.distributionRate
                : null;
        if (target) keep(target, row[1], values[c], page, column === 'rate' ? [0, 30] : [0, 20_000]);
      });
    }
    i = first;
  }
  return headerLines;
}

/** The columns a header names, in the order it names them. */
function columnsOf(header: string): Column[] {
  const found: { at: number; end: number; column: Column }[] = [];
  for (const [re, column] of COLUMN_WORDS) {
    re.lastIndex = 0;
    for (const m of header.matchAll(re)) found.push({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length, column });
  }
  found.sort((a, b) => a.at - b.at);
  // A phrase inside another ("distribution" in "taux de distribution") is the longer one's.
  const columns: Column[] = [];
  let end = -1;
  for (const f of found) {
    if (f.at < end) continue;
    columns.push(f.column);
    end = f.end;
  }
  return columns;
}

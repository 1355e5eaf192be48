import { parseIsoDate } from './format';
import { arrayOf, field, finiteNumber, presentText } from './html';

/**
 * What the blocks show of the payload, cut to what one A4 page holds: every series and list here is
 * bounded whatever the data, so the page cannot grow past its sheet.
 */
export const LIMITS = {
  holdings: 10,
  /** Bars per allocation chart, "Other" included. */
  allocationBars: 8,
  calendarYears: 10,
  annualisedPeriods: 6,
  /** Points of the indexed performance line. */
  performancePoints: 260,
  // Allocation labels: the chart cuts them to its label column (about 24 characters) anyway.
  labelLength: 32,
  holdingNameLength: 90,
} as const;

export interface Weight {
  label: string;
  weight: number;
}

/** Labelled weights with a finite weight and a label, largest first (ties keep their order). */
function validWeights(items: unknown, labelKey: string, labelLength: number): Weight[] {
  const weights: Weight[] = [];
  for (const item of arrayOf(items)) {
    const label = presentText(field(item, labelKey), labelLength);
    const weight = finiteNumber(field(item, 'weight'));
    if (label !== null && weight !== null) weights.push({ label, weight });
  }
  return weights.sort((a, b) => b.weight - a.weight);
}

/** The largest `max` holdings by weight. */
export function topHoldings(items: unknown, max: number = LIMITS.holdings): Weight[] {
  return validWeights(items, 'name', LIMITS.holdingNameLength).slice(0, max);
}

/** At most `max` weights, largest first; beyond that the smallest are summed into one `otherLabel` bar. */
export function allocationBars(items: unknown, otherLabel: string, max: number = LIMITS.allocationBars): Weight[] {
  const weights = validWeights(items, 'label', LIMITS.labelLength);
  if (weights.length <= max) return weights;
  const rest = weights.slice(max - 1).reduce((sum, item) => sum + item.weight, 0);
  return [...weights.slice(0, max - 1), { label: otherLabel, weight: rest }];
}

/** At most `max` items spread evenly over the list, the first and the last always among them. */
export function downsample<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  if (max < 2) return items.slice(0, Math.max(0, max));
  const picked: T[] = [];
  const step = (items.length - 1) / (max - 1);
  for (let i = 0; i < max; i++) picked.push(items[Math.round(i * step)]);
  return picked;
}

export interface CalendarReturns {
  years: string[];
  fund: number[];
  /** null when no year has an index figure. */
  index: (number | null)[] | null;
}

/** The last `max` calendar years that have a fund return; null when there is none. */
export function calendarReturns(value: unknown, max: number = LIMITS.calendarYears): CalendarReturns | null {
  const years = arrayOf(field(value, 'years'));
  const fund = arrayOf(field(value, 'fund'));
  const benchmark = arrayOf(field(value, 'benchmark'));
  const rows: { year: string; fund: number; index: number | null }[] = [];
  years.forEach((year, i) => {
    const label = presentText(typeof year === 'number' ? String(year) : year, 12);
    const fundReturn = finiteNumber(fund[i]);
    if (label !== null && fundReturn !== null)
      rows.push({ year: label, fund: fundReturn, index: finiteNumber(benchmark[i]) });
  });
  const shown = rows.slice(-max);
  if (shown.length === 0) return null;
  const hasIndex = shown.some((row) => row.index !== null);
  return {
    years: shown.map((row) => row.year),
    fund: shown.map((row) => row.fund),
    index: hasIndex ? shown.map((row) => row.index) : null,
  };
}

export interface AnnualisedReturn {
  label: string;
  fund: number | null;
  index: number | null;
}

/** Periods with at least one figure, at most `max`; `hasIndex` when some period has an index figure. */
export function annualisedReturns(
  value: unknown,
  max: number = LIMITS.annualisedPeriods,
): { periods: AnnualisedReturn[]; hasIndex: boolean } | null {
  const periods: AnnualisedReturn[] = [];
  for (const item of arrayOf(value)) {
    const label = presentText(field(item, 'label'), 24);
    const fund = finiteNumber(field(item, 'fund'));
    const index = finiteNumber(field(item, 'index'));
    if (label !== null && (fund !== null || index !== null)) periods.push({ label, fund, index });
  }
  const shown = periods.slice(0, max);
  if (shown.length === 0) return null;
  return { periods: shown, hasIndex: shown.some((period) => period.index !== null) };
}

/** [epoch ms, level] pairs of a line. */
type LinePoints = [number, number][];

export interface IndexedPerformance {
  fund: LinePoints;
  /** null when the fund has no index or fewer than two index points. */
  index: LinePoints | null;
  /** The first date of the fund line (ISO text as given). */
  since: string;
}

/**
 * The indexed performance lines, sampled down to `maxPoints` dates; null when the fund line would have
 * fewer than two points (a line needs two to mean anything).
 */
export function indexedPerformance(
  value: unknown,
  maxPoints: number = LIMITS.performancePoints,
): IndexedPerformance | null {
  // Cheap checks on every point, date parsing only on the sample: a long daily series has thousands.
  const candidates: { date: string; fund: number; index: number | null }[] = [];
  for (const point of arrayOf(field(value, 'points'))) {
    const date = field(point, 'date');
    const fund = finiteNumber(field(point, 'fund'));
    if (typeof date === 'string' && fund !== null)
      candidates.push({ date: date.trim(), fund, index: finiteNumber(field(point, 'index')) });
  }
  // ISO dates sort as text.
  if (!candidates.every((point, i) => i === 0 || candidates[i - 1].date <= point.date))
    candidates.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const sampled = downsample(candidates, maxPoints).flatMap((point) => {
    const at = parseIsoDate(point.date);
    return at === null ? [] : [{ ...point, at }];
  });
  if (sampled.length < 2) return null;
  const fund: LinePoints = sampled.map((point) => [point.at, point.fund]);
  const index: LinePoints = sampled.flatMap((point): LinePoints =>
    point.index === null ? [] : [[point.at, point.index]],
  );
  const showIndex = field(value, 'hasIndex') === true && index.length >= 2;
  return { fund, index: showIndex ? index : null, since: sampled[0].date };
}

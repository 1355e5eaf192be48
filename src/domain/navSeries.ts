/** The NAV or index observation and what the analytics do to a series of them: cleaning, month-end samples, anchors. */
import { daysBetween, monthIndexOf, validIsoDate } from './calendarArithmetic';

/** One observation of a NAV or index series: the one point type of parsers, storage and analytics. */
export interface NavPoint {
  /** YYYY-MM-DD */
  readonly date: string;
  readonly value: number;
}

/** How far a point-in-time anchor may sit from the wanted date (weekend + holiday + last-business-day dating). */
export const ANCHOR_TOLERANCE_DAYS = 5;

/**
 * Sorted, de-duplicated, valid observations on or before `until` (null: no cut-off).
 * Exported so callers (and tests) see exactly which points the analytics use.
 */
export function cleanSeries(points: readonly NavPoint[] | null | undefined, until: string | null = null): NavPoint[] {
  const byDate = new Map<string, NavPoint>();
  for (const p of points ?? []) {
    const date = validIsoDate(p?.date);
    if (!date || !isPositiveNumber(p.value)) continue;
    if (until !== null && date > until) continue;
    byDate.delete(date); // re-insert so the later duplicate wins
    byDate.set(date, { date, value: p.value });
  }
  return [...byDate.values()].sort((a, b) => compareStrings(a.date, b.date));
}

/** Month-end sample per calendar month (key: year * 12 + month0): the month's last observation. */
export function monthEndSamples(sortedPoints: readonly NavPoint[]): Map<number, NavPoint> {
  const samples = new Map<number, NavPoint>();
  for (const p of sortedPoints) samples.set(monthIndexOf(p.date), p); // sorted, so the last one wins
  return samples;
}

/** The observation nearest to `date` within ANCHOR_TOLERANCE_DAYS, preferring one on or before it. */
export function nearestObservation(sortedPoints: readonly NavPoint[], date: string): NavPoint | null {
  const i = lastIndexOnOrBefore(sortedPoints, date);
  const before = i >= 0 ? sortedPoints[i] : undefined;
  if (before && daysBetween(before.date, date) <= ANCHOR_TOLERANCE_DAYS) return before;
  const after = sortedPoints[i + 1];
  if (after && daysBetween(date, after.date) <= ANCHOR_TOLERANCE_DAYS) return after;
  return null;
}

/** Binary search: index of the last point dated on or before `date`, -1 when none. */
function lastIndexOnOrBefore(sortedPoints: readonly NavPoint[], date: string): number {
  let lo = 0;
  let hi = sortedPoints.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sortedPoints[mid].date <= date) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

function isPositiveNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

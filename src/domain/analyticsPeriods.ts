/** The analytics blocks of a prepared NAV series: monthly chart grid, calendar years, trailing periods, 3-year risk. */
import type { FundData } from '../schema/fund';
import {
  daysBetween,
  decemberIndex,
  isMonthComplete,
  lastDayOfMonth,
  minusYears,
  monthIndexOf,
  MONTHS_PER_YEAR,
  yearOf,
} from './calendarArithmetic';
import { type NavPoint, nearestObservation } from './navSeries';
import {
  annualise,
  annualisedVolatility,
  formatPercent,
  formatRatio,
  maxDrawdown,
  PERCENT,
  roundTo,
  simpleReturns,
} from './returnMaths';

export type CumulativePerformance = FundData['cumulativePerformance'];
export type IndexedPerformance = FundData['indexedPerformance'];
export type CalendarReturns = FundData['calendarReturns'];
export type AnnualisedReturns = FundData['annualisedReturns'];

export interface RiskMetrics {
  /** Annualised sample standard deviation of the last 36 monthly returns, e.g. "15.23%"; "" when not computable. */
  volatility3y: string;
  /** Annualised 36-month return over volatility3y (0% risk-free), e.g. "0.85"; "" when not computable. */
  sharpe3y: string;
  /** Largest peak-to-trough fall of month-end values over the same 36 months, "-12.34%" ("0.00%" when none). */
  maxDrawdown: string;
}

/** Trailing window of the risk metrics: 36 monthly returns, i.e. 37 consecutive month-end samples. */
export const RISK_WINDOW_MONTHS = 36;
/** Average calendar-year length, used to annualise Since Inception over its exact number of days. */
export const DAYS_PER_YEAR = 365.25;
/** Level of the indexed series at its first point. */
const INDEX_BASE = 100;
/**
 * Volatility below this (as a fraction) is treated as zero: a perfectly smooth series has no meaningful Sharpe ratio.
 */
const MIN_VOLATILITY = 1e-9;

const TRAILING_PERIODS: readonly { label: string; years: number }[] = [
  { label: '1 Year', years: 1 },
  { label: '3 Years p.a.', years: 3 },
  { label: '5 Years p.a.', years: 5 },
  { label: '10 Years p.a.', years: 10 },
];
const SINCE_INCEPTION_LABEL = 'Since Inception';

/** A NAV series cleaned and sampled once, shared by every block. */
export interface AnalyticsContext {
  /** Fund observations from the start observation to the end observation. */
  fund: NavPoint[];
  fundMonths: Map<number, NavPoint>;
  /** Benchmark observations up to the end observation (earlier ones kept: they may anchor the start). */
  benchmark: NavPoint[];
  benchmarkMonths: Map<number, NavPoint>;
  start: NavPoint;
  end: NavPoint;
  reachesInception: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Cumulative and indexed series
// ---------------------------------------------------------------------------------------------------------

interface GridPoint {
  date: string;
  fund: NavPoint | null;
  benchmark: NavPoint | null;
}

/**
 * The chart grid: the start observation (labelled with its own date), then one point per calendar month up
 * to the end month, labelled with the calendar month end, except an unfinished last month, labelled with
 * the end observation's date (a month end in the future would misstate the as-of). Gap months stay on the
 * grid with a null fund value so charts show the gap instead of interpolating across it.
 */
export function buildGrid(ctx: AnalyticsContext): GridPoint[] {
  const grid: GridPoint[] = [
    { date: ctx.start.date, fund: ctx.start, benchmark: nearestObservation(ctx.benchmark, ctx.start.date) },
  ];
  const endMonth = monthIndexOf(ctx.end.date);
  for (let month = monthIndexOf(ctx.start.date); month <= endMonth; month++) {
    const fund = ctx.fundMonths.get(month) ?? null;
    if (fund === ctx.start) continue; // the start observation already opens the grid
    const monthEnd = lastDayOfMonth(month);
    const date = month === endMonth && ctx.end.date < monthEnd ? ctx.end.date : monthEnd;
    grid.push({ date, fund, benchmark: ctx.benchmarkMonths.get(month) ?? null });
  }
  return grid;
}

/** A single point carries no return, so fewer than two grid points disclose nothing (empty array). */
function hasPerformance(grid: GridPoint[]): boolean {
  return grid.length >= 2;
}

/**
 * Rebases each column at the grid's first point; a benchmark without a value there cannot be rebased and stays null.
 */
function rebasedColumns(grid: GridPoint[]): { date: string; fund: number | null; benchmark: number | null }[] {
  const fundBase = grid[0].fund;
  const benchmarkBase = grid[0].benchmark;
  const ratio = (p: NavPoint | null, base: NavPoint | null) => (p && base ? p.value / base.value : null);
  return grid.map((g) => ({
    date: g.date,
    fund: ratio(g.fund, fundBase),
    benchmark: ratio(g.benchmark, benchmarkBase),
  }));
}

export function cumulativeFromGrid(grid: GridPoint[]): CumulativePerformance {
  if (!hasPerformance(grid)) return [];
  const toPercent = (r: number | null) => (r === null ? null : roundTo((r - 1) * PERCENT));
  return rebasedColumns(grid).map((p) => ({
    date: p.date,
    fund: toPercent(p.fund),
    benchmark: toPercent(p.benchmark),
  }));
}

export function indexedFromGrid(grid: GridPoint[]): IndexedPerformance {
  if (!hasPerformance(grid)) return { points: [], hasIndex: false };
  const toLevel = (r: number | null) => (r === null ? null : roundTo(r * INDEX_BASE));
  const points = rebasedColumns(grid).map((p) => ({
    date: p.date,
    fund: toLevel(p.fund),
    index: toLevel(p.benchmark),
  }));
  return { points, hasIndex: points.some((p) => p.index !== null) };
}

// ---------------------------------------------------------------------------------------------------------
// Calendar-year returns
// ---------------------------------------------------------------------------------------------------------

/**
 * Year Y runs from the December sample of Y-1 to the December sample of Y. The inception year has no
 * prior December, so it runs from the start observation, but only when the history reaches inception
 * (otherwise the first year in the data is not the fund's own partial year). A year missing either
 * anchor (a gap) is left out rather than shown as null, because the payload's fund column is numeric.
 */
export function calendarFromContext(ctx: AnalyticsContext): CalendarReturns {
  const result: CalendarReturns = { years: [], fund: [], benchmark: [] };
  const firstYear = yearOf(ctx.start.date);
  for (let year = firstYear; year <= lastCompleteYear(ctx.end.date); year++) {
    const isInceptionYear = year === firstYear && ctx.reachesInception;
    const fundStart = isInceptionYear ? ctx.start : ctx.fundMonths.get(decemberIndex(year - 1));
    const fundEnd = ctx.fundMonths.get(decemberIndex(year));
    if (!fundStart || !fundEnd || fundEnd.date <= fundStart.date) continue;
    const benchmarkStart = isInceptionYear
      ? nearestObservation(ctx.benchmark, ctx.start.date)
      : (ctx.benchmarkMonths.get(decemberIndex(year - 1)) ?? null);
    const benchmarkEnd = ctx.benchmarkMonths.get(decemberIndex(year)) ?? null;
    result.years.push(String(year));
    result.fund.push(percentReturn(fundStart, fundEnd));
    result.benchmark.push(benchmarkStart && benchmarkEnd ? percentReturn(benchmarkStart, benchmarkEnd) : null);
  }
  return result;
}

/** The year of the end observation counts only when the end observation completes it. */
function lastCompleteYear(endDate: string): number {
  const year = yearOf(endDate);
  return isMonthComplete(endDate) && monthIndexOf(endDate) === decemberIndex(year) ? year : year - 1;
}

function percentReturn(from: NavPoint, to: NavPoint): number {
  return roundTo((to.value / from.value - 1) * PERCENT);
}

// ---------------------------------------------------------------------------------------------------------
// Trailing (annualised) returns
// ---------------------------------------------------------------------------------------------------------

/**
 * All five rows always appear (a stable shape for renderers), with null where the history is too short;
 * the array is empty only when no row has any figure. N-year rows run from the anchor nearest to
 * "end date minus N calendar years" and are annualised geometrically over exactly N years.
 */
export function annualisedFromContext(ctx: AnalyticsContext): AnnualisedReturns {
  const rows: AnnualisedReturns = TRAILING_PERIODS.map(({ label, years }) => {
    const anchor = nearestObservation(ctx.fund, minusYears(ctx.end.date, years));
    if (!anchor || anchor === ctx.end) return { label, fund: null, index: null };
    return { label, ...periodReturns(ctx, anchor, years) };
  });
  rows.push({ label: SINCE_INCEPTION_LABEL, ...sinceInception(ctx) });
  return rows.every((r) => r.fund === null && r.index === null) ? [] : rows;
}

/**
 * Since Inception, from the start observation. Periods of at least one calendar year are annualised
 * over their exact length in days; shorter ones are reported cumulative, because annualising a
 * few months' return extrapolates it (the usual performance-presentation convention).
 */
function sinceInception(ctx: AnalyticsContext): { fund: number | null; index: number | null } {
  if (!ctx.reachesInception || ctx.end === ctx.start) return { fund: null, index: null };
  const atLeastOneYear = minusYears(ctx.end.date, 1) >= ctx.start.date;
  const years = atLeastOneYear ? daysBetween(ctx.start.date, ctx.end.date) / DAYS_PER_YEAR : 1;
  return periodReturns(ctx, ctx.start, years);
}

/** Fund and benchmark return from `anchor` to the end observation, annualised over `years` (1: plain return). */
function periodReturns(ctx: AnalyticsContext, anchor: NavPoint, years: number): { fund: number; index: number | null } {
  const benchmarkStart = nearestObservation(ctx.benchmark, anchor.date);
  const benchmarkEnd = nearestObservation(ctx.benchmark, ctx.end.date);
  const index =
    benchmarkStart && benchmarkEnd && benchmarkEnd !== benchmarkStart
      ? roundTo(annualise(benchmarkEnd.value / benchmarkStart.value, years) * PERCENT)
      : null;
  return { fund: roundTo(annualise(ctx.end.value / anchor.value, years) * PERCENT), index };
}

// ---------------------------------------------------------------------------------------------------------
// Risk metrics
// ---------------------------------------------------------------------------------------------------------

/**
 * The 37 consecutive month-end samples ending at the last complete month, or null when any is missing
 * (fewer than 36 months of history, or a gap inside the window): a return across a gap is not a monthly
 * return, and a shorter window would not be a 3-year figure. Month-end sampling (not daily) for all three
 * metrics, so volatility, Sharpe and drawdown describe the same 36 observations for daily and monthly input.
 */
function riskWindow(ctx: AnalyticsContext): NavPoint[] | null {
  const lastMonth = monthIndexOf(ctx.end.date) - (isMonthComplete(ctx.end.date) ? 0 : 1);
  const samples: NavPoint[] = [];
  for (let month = lastMonth - RISK_WINDOW_MONTHS; month <= lastMonth; month++) {
    const sample = ctx.fundMonths.get(month);
    if (!sample) return null;
    samples.push(sample);
  }
  return samples;
}

export function riskFromContext(ctx: AnalyticsContext): RiskMetrics {
  const window = riskWindow(ctx);
  if (!window) return { volatility3y: '', sharpe3y: '', maxDrawdown: '' };
  const volatility = annualisedVolatility(simpleReturns(window));
  const annualReturn = annualise(
    window[window.length - 1].value / window[0].value,
    RISK_WINDOW_MONTHS / MONTHS_PER_YEAR,
  );
  return {
    volatility3y: formatPercent(volatility),
    sharpe3y: volatility < MIN_VOLATILITY ? '' : formatRatio(annualReturn / volatility),
    maxDrawdown: formatPercent(maxDrawdown(window)),
  };
}

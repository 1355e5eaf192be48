import {
  type AnalyticsContext,
  annualisedFromContext,
  type AnnualisedReturns,
  buildGrid,
  calendarFromContext,
  type CalendarReturns,
  cumulativeFromGrid,
  type CumulativePerformance,
  indexedFromGrid,
  type IndexedPerformance,
  riskFromContext,
  type RiskMetrics,
} from './analyticsPeriods';
import { daysBetween, validIsoDate } from './calendarArithmetic';
import { cleanSeries, monthEndSamples, type NavPoint } from './navSeries';

/**
 * Performance and risk analytics computed from a NAV history (spec section 2.3): the FundData blocks
 * cumulativePerformance, indexedPerformance, calendarReturns, annualisedReturns, the risk metric strings
 * volatility3y, sharpe3y, maxDrawdown, and dataAsOf. Pure functions, no I/O. This file prepares the series
 * and assembles the blocks; analyticsPeriods.ts computes each block, returnMaths.ts holds the maths.
 *
 * Conventions (the spec is silent on these):
 * - Input hygiene: points with a date that is not a real `YYYY-MM-DD` day or a value that is not a finite
 *   positive number are dropped (a NAV of 0 would make every ratio meaningless); input is sorted; a date
 *   seen twice keeps the value seen last in input order (as the NAV CSV parser does).
 * - `asOf` is a cut-off: observations after it are ignored. Every period ends at the latest fund observation
 *   on or before `asOf` (the "end observation"), which is also `dataAsOf`.
 * - Share-class inception: fund observations before inception (e.g. a predecessor's track record) are
 *   dropped; the series starts at the first observation on or after inception (the "start observation").
 *   The history "reaches inception" when that observation is at most INCEPTION_TOLERANCE_DAYS after the
 *   inception date, or when no inception date is known (the first NAV then stands for inception, as the
 *   extraction does for keyFacts.inception). Figures that need the inception value (Since Inception, the
 *   partial first calendar year) are left out when the history does not reach inception.
 * - Month-end sample of a month: the last observation on or before the calendar month end that still lies
 *   in that month. A month without any observation has no sample (a gap); values are never carried over
 *   from an earlier month, because that would fake flat months and distort volatility and drawdown.
 * - A month (or year) counts as complete when the end observation is on or after its last weekday (Mon-Fri),
 *   so a NAV history ending on Friday 30 December 2022 completes 2022 although the 31st is not in it.
 *   Exchange holidays are not modelled.
 * - Point-in-time anchors (trailing-period starts, benchmark value at a fund date): the observation nearest
 *   to the wanted date within ANCHOR_TOLERANCE_DAYS, preferring one on or before it; none within the
 *   tolerance means the figure is null. The tolerance absorbs weekends, holidays and month-end series
 *   dated on the last business day.
 * - Numbers in the payload are percent rounded to OUTPUT_DECIMALS; metric strings use exactly
 *   OUTPUT_DECIMALS decimals ("15.20%", "-12.34%", Sharpe "0.85").
 */

export interface AnalyticsInput {
  /** Fund NAV (or total-return index) observations, daily or monthly; sorted and de-duplicated here. */
  fund: readonly NavPoint[];
  /** Benchmark level observations; absent or empty when no benchmark series exists. */
  benchmark?: readonly NavPoint[] | null;
  /** Share-class inception date `YYYY-MM-DD`; may be before the first NAV. Unknown: null or ''. */
  inception?: string | null;
  /** Latest NAV date `YYYY-MM-DD`; observations after it are ignored. Unknown: the last observation. */
  asOf?: string | null;
}

export interface FundAnalytics extends RiskMetrics {
  cumulativePerformance: CumulativePerformance;
  indexedPerformance: IndexedPerformance;
  calendarReturns: CalendarReturns;
  annualisedReturns: AnnualisedReturns;
  /** Date of the end observation; "" without observations. */
  dataAsOf: string;
}

/**
 * How late the first NAV may be after the inception date and still stand for the inception value (one month, so monthly
 * series qualify).
 */
export const INCEPTION_TOLERANCE_DAYS = 31;

// ---------------------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------------------

/** Every analytics block at once (the series is prepared once). */
export function analyseNavSeries(input: AnalyticsInput): FundAnalytics {
  const ctx = prepare(input);
  if (!ctx) return emptyAnalytics();
  const grid = buildGrid(ctx);
  return {
    cumulativePerformance: cumulativeFromGrid(grid),
    indexedPerformance: indexedFromGrid(grid),
    calendarReturns: calendarFromContext(ctx),
    annualisedReturns: annualisedFromContext(ctx),
    ...riskFromContext(ctx),
    dataAsOf: ctx.end.date,
  };
}

/** Monthly cumulative return in percent from the start observation; benchmark rebased at the same date. */
export function computeCumulativePerformance(input: AnalyticsInput): CumulativePerformance {
  const ctx = prepare(input);
  return ctx ? cumulativeFromGrid(buildGrid(ctx)) : [];
}

/** The cumulative series as levels rebased to 100 at the first point. */
export function computeIndexedPerformance(input: AnalyticsInput): IndexedPerformance {
  const ctx = prepare(input);
  return ctx ? indexedFromGrid(buildGrid(ctx)) : { points: [], hasIndex: false };
}

/** Complete calendar years, oldest first, from the inception year to the last complete year. */
export function computeCalendarReturns(input: AnalyticsInput): CalendarReturns {
  const ctx = prepare(input);
  return ctx ? calendarFromContext(ctx) : { years: [], fund: [], benchmark: [] };
}

/** 1 Year, 3/5/10 Years p.a. and Since Inception, always in that order; unavailable figures are null. */
export function computeAnnualisedReturns(input: AnalyticsInput): AnnualisedReturns {
  const ctx = prepare(input);
  return ctx ? annualisedFromContext(ctx) : [];
}

/** volatility3y, sharpe3y and maxDrawdown over the last 36 complete months. */
export function computeRiskMetrics(input: AnalyticsInput): RiskMetrics {
  const ctx = prepare(input);
  return ctx ? riskFromContext(ctx) : { volatility3y: '', sharpe3y: '', maxDrawdown: '' };
}

/** Date of the latest fund observation on or before asOf; "" when there is none. */
export function computeDataAsOf(input: AnalyticsInput): string {
  return prepare(input)?.end.date ?? '';
}

// ---------------------------------------------------------------------------------------------------------
// Preparation
// ---------------------------------------------------------------------------------------------------------

function prepare(input: AnalyticsInput): AnalyticsContext | null {
  const asOf = validIsoDate(input.asOf);
  const inception = validIsoDate(input.inception);
  const fund = cleanSeries(input.fund, asOf).filter((p) => inception === null || p.date >= inception);
  if (fund.length === 0) return null;
  const start = fund[0];
  const end = fund[fund.length - 1];
  const benchmark = cleanSeries(input.benchmark, end.date);
  return {
    fund,
    fundMonths: monthEndSamples(fund),
    benchmark,
    benchmarkMonths: monthEndSamples(benchmark),
    start,
    end,
    reachesInception: inception === null || daysBetween(inception, start.date) <= INCEPTION_TOLERANCE_DAYS,
  };
}

function emptyAnalytics(): FundAnalytics {
  return {
    cumulativePerformance: [],
    indexedPerformance: { points: [], hasIndex: false },
    calendarReturns: { years: [], fund: [], benchmark: [] },
    annualisedReturns: [],
    volatility3y: '',
    sharpe3y: '',
    maxDrawdown: '',
    dataAsOf: '',
  };
}

import { isCalendarDate } from './calendar';
import type { FundData } from '../schema/fund';

/**
 * Performance and risk analytics computed from a NAV history (spec section 2.3): the FundData blocks
 * cumulativePerformance, indexedPerformance, calendarReturns, annualisedReturns, the risk metric strings
 * volatility3y, sharpe3y, maxDrawdown, and dataAsOf. Pure functions, no I/O.
 *
 * Conventions (the spec is silent on these; see the report that introduced this module):
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

/** One observation of a NAV or index series: the one point type of parsers, storage and analytics. */
export interface NavPoint {
  /** YYYY-MM-DD */
  readonly date: string;
  readonly value: number;
}

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

export interface FundAnalytics extends RiskMetrics {
  cumulativePerformance: CumulativePerformance;
  indexedPerformance: IndexedPerformance;
  calendarReturns: CalendarReturns;
  annualisedReturns: AnnualisedReturns;
  /** Date of the end observation; "" without observations. */
  dataAsOf: string;
}

export const MONTHS_PER_YEAR = 12;
/** Trailing window of the risk metrics: 36 monthly returns, i.e. 37 consecutive month-end samples. */
export const RISK_WINDOW_MONTHS = 36;
/** How far a point-in-time anchor may sit from the wanted date (weekend + holiday + last-business-day dating). */
export const ANCHOR_TOLERANCE_DAYS = 5;
/** How late the first NAV may be after the inception date and still stand for the inception value (one month, so monthly series qualify). */
export const INCEPTION_TOLERANCE_DAYS = 31;
/** Average calendar-year length, used to annualise Since Inception over its exact number of days. */
export const DAYS_PER_YEAR = 365.25;
/** Decimals of payload numbers and metric strings. */
export const OUTPUT_DECIMALS = 2;
/** Level of the indexed series at its first point. */
export const INDEX_BASE = 100;
/** Volatility below this (as a fraction) is treated as zero: a perfectly smooth series has no meaningful Sharpe ratio. */
export const MIN_VOLATILITY = 1e-9;

export const TRAILING_PERIODS: readonly { label: string; years: number }[] = [
  { label: '1 Year', years: 1 },
  { label: '3 Years p.a.', years: 3 },
  { label: '5 Years p.a.', years: 5 },
  { label: '10 Years p.a.', years: 10 },
];
export const SINCE_INCEPTION_LABEL = 'Since Inception';

const PERCENT = 100;
const MS_PER_DAY = 86_400_000;
const DECEMBER = 11;
const SATURDAY = 6;
const SUNDAY = 0;

// ---------------------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------------------

/** Every analytics block at once (the series is prepared once). */
export function computeAnalytics(input: AnalyticsInput): FundAnalytics {
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

/** A fraction as a percent string with fixed decimals: 0.1523 -> "15.23%", -0.1234 -> "-12.34%"; null/NaN -> "". */
export function formatPercent(fraction: number | null, decimals = OUTPUT_DECIMALS): string {
  if (fraction === null || !Number.isFinite(fraction)) return '';
  return `${fixed(fraction * PERCENT, decimals)}%`;
}

/** A plain ratio with fixed decimals: 0.8512 -> "0.85"; null/NaN -> "". */
export function formatRatio(value: number | null, decimals = OUTPUT_DECIMALS): string {
  if (value === null || !Number.isFinite(value)) return '';
  return fixed(value, decimals);
}

/** Rounds for the payload; never returns -0, so a flat figure does not print as "-0". */
export function roundTo(value: number, decimals = OUTPUT_DECIMALS): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

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

// ---------------------------------------------------------------------------------------------------------
// Preparation
// ---------------------------------------------------------------------------------------------------------

interface Context {
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

function prepare(input: AnalyticsInput): Context | null {
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
function buildGrid(ctx: Context): GridPoint[] {
  const grid: GridPoint[] = [{ date: ctx.start.date, fund: ctx.start, benchmark: nearestObservation(ctx.benchmark, ctx.start.date) }];
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

/** Rebases each column at the grid's first point; a benchmark without a value there cannot be rebased and stays null. */
function rebasedColumns(grid: GridPoint[]): { date: string; fund: number | null; benchmark: number | null }[] {
  const fundBase = grid[0].fund;
  const benchmarkBase = grid[0].benchmark;
  const ratio = (p: NavPoint | null, base: NavPoint | null) => (p && base ? p.value / base.value : null);
  return grid.map((g) => ({ date: g.date, fund: ratio(g.fund, fundBase), benchmark: ratio(g.benchmark, benchmarkBase) }));
}

function cumulativeFromGrid(grid: GridPoint[]): CumulativePerformance {
  if (!hasPerformance(grid)) return [];
  const toPercent = (r: number | null) => (r === null ? null : roundTo((r - 1) * PERCENT));
  return rebasedColumns(grid).map((p) => ({ date: p.date, fund: toPercent(p.fund), benchmark: toPercent(p.benchmark) }));
}

function indexedFromGrid(grid: GridPoint[]): IndexedPerformance {
  if (!hasPerformance(grid)) return { points: [], hasIndex: false };
  const toLevel = (r: number | null) => (r === null ? null : roundTo(r * INDEX_BASE));
  const points = rebasedColumns(grid).map((p) => ({ date: p.date, fund: toLevel(p.fund), index: toLevel(p.benchmark) }));
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
function calendarFromContext(ctx: Context): CalendarReturns {
  const result: CalendarReturns = { years: [], fund: [], benchmark: [] };
  const firstYear = yearOf(ctx.start.date);
  for (let year = firstYear; year <= lastCompleteYear(ctx.end.date); year++) {
    const isInceptionYear = year === firstYear && ctx.reachesInception;
    const fundStart = isInceptionYear ? ctx.start : ctx.fundMonths.get(decemberIndex(year - 1));
    const fundEnd = ctx.fundMonths.get(decemberIndex(year));
    if (!fundStart || !fundEnd || fundEnd.date <= fundStart.date) continue;
    const benchmarkStart = isInceptionYear
      ? nearestObservation(ctx.benchmark, ctx.start.date)
      : ctx.benchmarkMonths.get(decemberIndex(year - 1)) ?? null;
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
function annualisedFromContext(ctx: Context): AnnualisedReturns {
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
function sinceInception(ctx: Context): { fund: number | null; index: number | null } {
  if (!ctx.reachesInception || ctx.end === ctx.start) return { fund: null, index: null };
  const atLeastOneYear = minusYears(ctx.end.date, 1) >= ctx.start.date;
  const years = atLeastOneYear ? daysBetween(ctx.start.date, ctx.end.date) / DAYS_PER_YEAR : 1;
  return periodReturns(ctx, ctx.start, years);
}

/** Fund and benchmark return from `anchor` to the end observation, annualised over `years` (1: plain return). */
function periodReturns(ctx: Context, anchor: NavPoint, years: number): { fund: number; index: number | null } {
  const benchmarkStart = nearestObservation(ctx.benchmark, anchor.date);
  const benchmarkEnd = nearestObservation(ctx.benchmark, ctx.end.date);
  const index =
    benchmarkStart && benchmarkEnd && benchmarkEnd !== benchmarkStart
      ? roundTo(annualise(benchmarkEnd.value / benchmarkStart.value, years) * PERCENT)
      : null;
  return { fund: roundTo(annualise(ctx.end.value / anchor.value, years) * PERCENT), index };
}

/** Geometric annualisation of a growth ratio over `years`, as a fraction. */
function annualise(growth: number, years: number): number {
  return growth ** (1 / years) - 1;
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
function riskWindow(ctx: Context): NavPoint[] | null {
  const lastMonth = monthIndexOf(ctx.end.date) - (isMonthComplete(ctx.end.date) ? 0 : 1);
  const samples: NavPoint[] = [];
  for (let month = lastMonth - RISK_WINDOW_MONTHS; month <= lastMonth; month++) {
    const sample = ctx.fundMonths.get(month);
    if (!sample) return null;
    samples.push(sample);
  }
  return samples;
}

function riskFromContext(ctx: Context): RiskMetrics {
  const window = riskWindow(ctx);
  if (!window) return { volatility3y: '', sharpe3y: '', maxDrawdown: '' };
  const volatility = annualisedVolatility(simpleReturns(window));
  const annualReturn = annualise(window[window.length - 1].value / window[0].value, RISK_WINDOW_MONTHS / MONTHS_PER_YEAR);
  return {
    volatility3y: formatPercent(volatility),
    sharpe3y: volatility < MIN_VOLATILITY ? '' : formatRatio(annualReturn / volatility),
    maxDrawdown: formatPercent(maxDrawdown(window)),
  };
}

function simpleReturns(samples: readonly NavPoint[]): number[] {
  return samples.slice(1).map((p, i) => p.value / samples[i].value - 1);
}

/** Sample (n-1) standard deviation of monthly returns, scaled by sqrt(12) under the i.i.d. convention. */
function annualisedVolatility(returns: readonly number[]): number {
  const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * Math.sqrt(MONTHS_PER_YEAR);
}

/** Largest fall from a running peak, as a negative fraction (0 when the series never falls). */
function maxDrawdown(samples: readonly NavPoint[]): number {
  let peak = samples[0].value;
  let worst = 0;
  for (const { value } of samples) {
    peak = Math.max(peak, value);
    worst = Math.min(worst, value / peak - 1);
  }
  return worst;
}

// ---------------------------------------------------------------------------------------------------------
// Anchors and dates
// ---------------------------------------------------------------------------------------------------------

/** The observation nearest to `date` within ANCHOR_TOLERANCE_DAYS, preferring one on or before it. */
function nearestObservation(sortedPoints: readonly NavPoint[], date: string): NavPoint | null {
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

/** A month is complete once the series reaches its last weekday (weekend month ends carry no NAV). */
function isMonthComplete(date: string): boolean {
  return date >= lastWeekdayOfMonth(monthIndexOf(date));
}

function validIsoDate(raw: unknown): string | null {
  return isCalendarDate(raw) ? raw : null;
}

function isPositiveNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** Days since 1970-01-01 for a calendar day; month0 and day may overflow (day 0 = last day of the previous month). */
function utcDayNumber(year: number, month0: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month0, day); // unlike Date.UTC, does not map years 0-99 to 1900-1999
  return d.getTime() / MS_PER_DAY;
}

function dayNumber(date: string): number {
  return utcDayNumber(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

function dateOfDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/** year * 12 + zero-based month, so consecutive months are consecutive integers. */
function monthIndexOf(date: string): number {
  return yearOf(date) * MONTHS_PER_YEAR + Number(date.slice(5, 7)) - 1;
}

function decemberIndex(year: number): number {
  return year * MONTHS_PER_YEAR + DECEMBER;
}

function lastDayOfMonth(monthIndex: number): string {
  const year = Math.floor(monthIndex / MONTHS_PER_YEAR);
  const month0 = monthIndex % MONTHS_PER_YEAR;
  return dateOfDayNumber(utcDayNumber(year, month0 + 1, 0)); // day 0 of the next month
}

function lastWeekdayOfMonth(monthIndex: number): string {
  let day = dayNumber(lastDayOfMonth(monthIndex));
  while ([SATURDAY, SUNDAY].includes(new Date(day * MS_PER_DAY).getUTCDay())) day--;
  return dateOfDayNumber(day);
}

/** Same calendar day `years` earlier; 29 February becomes 28 February in a non-leap year. */
function minusYears(date: string, years: number): string {
  const year = yearOf(date) - years;
  const month0 = Number(date.slice(5, 7)) - 1;
  const lastDay = Number(lastDayOfMonth(year * MONTHS_PER_YEAR + month0).slice(8, 10));
  const day = Math.min(Number(date.slice(8, 10)), lastDay);
  return `${String(year).padStart(4, '0')}-${date.slice(5, 7)}-${String(day).padStart(2, '0')}`;
}

function fixed(value: number, decimals: number): string {
  return roundTo(value, decimals).toFixed(decimals);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

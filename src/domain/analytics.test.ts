import { FundData } from '../schema/fund';
import {
  analyseNavSeries,
  computeAnnualisedReturns,
  computeCalendarReturns,
  computeCumulativePerformance,
  computeDataAsOf,
  computeIndexedPerformance,
  computeRiskMetrics,
} from './analytics';
import { emptyFundData } from './fundSkeleton';
import { cleanSeries, monthEndSamples, type NavPoint } from './navSeries';
import { formatPercent, formatRatio, roundTo } from './returnMaths';

// ---- Independent helpers: written differently from the implementation on purpose ----

/** Calendar month ends, `count` of them, starting with the month `first` ('YYYY-MM'), via string arithmetic. */
function monthEnds(first: string, count: number): string[] {
  const out: string[] = [];
  let [y, m] = first.split('-').map(Number);
  const daysIn = (yy: number, mm: number) =>
    [31, yy % 4 === 0 && (yy % 100 !== 0 || yy % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mm - 1];
  for (let i = 0; i < count; i++) {
    out.push(`${y}-${String(m).padStart(2, '0')}-${daysIn(y, m)}`);
    m += 1;
    if (m === 13) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

function series(dates: string[], values: number[]): NavPoint[] {
  return dates.map((date, i) => ({ date, value: values[i] }));
}

/** Compounded path from monthly returns starting at 100. */
function pathFromReturns(returns: number[]): number[] {
  const values = [100];
  for (const r of returns) values.push(values[values.length - 1] * (1 + r));
  return values;
}

/** Volatility via the one-pass "sum of squares" formula (the module uses two passes). */
function referenceVolatility(values: number[]): number {
  const r = values.slice(1).map((v, i) => v / values[i] - 1);
  const n = r.length;
  const sum = r.reduce((a, b) => a + b, 0);
  const sumSq = r.reduce((a, b) => a + b * b, 0);
  return Math.sqrt((sumSq - (sum * sum) / n) / (n - 1)) * Math.sqrt(12);
}

/** Annualised return via mean log return (the module uses the end/start ratio). */
function referenceAnnualised(values: number[], years: number): number {
  const logs = values.slice(1).map((v, i) => Math.log(v / values[i]));
  return Math.exp(logs.reduce((a, b) => a + b, 0) / years) - 1;
}

/** Drawdown by brute force over every (peak, later trough) pair. */
function referenceDrawdown(values: number[]): number {
  let worst = 0;
  for (let i = 0; i < values.length; i++)
    for (let j = i + 1; j < values.length; j++) worst = Math.min(worst, values[j] / values[i] - 1);
  return worst;
}

const pct = (fraction: number) => `${(Math.round(fraction * 10000) / 100).toFixed(2)}%`;

// A 3-year-plus mixed series reused by several tests.
const MIXED_RETURNS = [0.03, -0.02, 0.05, -0.04, 0.01, 0.02, -0.06, 0.04, 0.0, 0.015, -0.01, 0.025];
const mixed = (months: number) =>
  Array.from({ length: months }, (_, i) => MIXED_RETURNS[i % MIXED_RETURNS.length] * (1 + i / 100));

describe('formatting helpers', () => {
  it.each([
    [0.1523, '15.23%'],
    [-0.1234, '-12.34%'],
    [0.152, '15.20%'],
    [0, '0.00%'],
    [-0.00001, '0.00%'],
    [null, ''],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('formatPercent(%p) = %p', (input, expected) => expect(formatPercent(input)).toBe(expected));

  it.each([
    [0.8512, '0.85'],
    [-1.2, '-1.20'],
    [-0.001, '0.00'],
    [null, ''],
  ])('formatRatio(%p) = %p', (input, expected) => expect(formatRatio(input)).toBe(expected));

  it('rounds without producing -0', () => {
    expect(Object.is(roundTo(-0.0001), 0)).toBe(true);
    expect(roundTo(12.345678, 3)).toBe(12.346);
  });
});

describe('input hygiene', () => {
  it('sorts, keeps the last of duplicate dates, drops invalid dates and non-positive values, cuts at asOf', () => {
    const raw: NavPoint[] = [
      { date: '2024-03-31', value: 103 },
      { date: '2024-01-31', value: 101 },
      { date: '2024-02-29', value: 1 },
      { date: '2024-02-29', value: 102 },
      { date: '2024-02-30', value: 500 },
      { date: '31/01/2024', value: 500 },
      { date: '2024-04-30', value: 0 },
      { date: '2024-05-31', value: Number.NaN },
      { date: '2024-06-30', value: 106 },
    ];
    expect(cleanSeries(raw, '2024-05-31')).toEqual(series(['2024-01-31', '2024-02-29', '2024-03-31'], [101, 102, 103]));
  });

  it('gives the same analytics for unsorted, duplicated input as for the clean series', () => {
    const dates = monthEnds('2020-12', 50);
    const values = pathFromReturns(mixed(49));
    const clean = series(dates, values);
    const messy = [...clean].reverse();
    messy.push({ date: dates[10], value: 12345 }); // earlier in input order, then overridden below
    messy.push({ date: dates[10], value: values[10] });
    expect(analyseNavSeries({ fund: messy, asOf: dates[49] })).toEqual(
      analyseNavSeries({ fund: clean, asOf: dates[49] }),
    );
  });

  it('month-end sample is the last observation inside the month', () => {
    const samples = monthEndSamples(series(['2024-01-05', '2024-01-29', '2024-03-28'], [1, 2, 3]));
    expect([...samples.values()].map((p) => p.date)).toEqual(['2024-01-29', '2024-03-28']);
    expect(samples.size).toBe(2); // February has no observation: a gap, not a carried-over value
  });
});

describe('empty and degenerate histories', () => {
  it('no observations: everything undisclosed', () => {
    const a = analyseNavSeries({ fund: [] });
    expect(a).toEqual({
      cumulativePerformance: [],
      indexedPerformance: { points: [], hasIndex: false },
      calendarReturns: { years: [], fund: [], benchmark: [] },
      annualisedReturns: [],
      volatility3y: '',
      sharpe3y: '',
      maxDrawdown: '',
      dataAsOf: '',
    });
  });

  it('a single observation: no performance, but the as-of date', () => {
    const a = analyseNavSeries({ fund: [{ date: '2024-05-31', value: 10 }], inception: '2024-05-31' });
    expect(a.cumulativePerformance).toEqual([]);
    expect(a.indexedPerformance).toEqual({ points: [], hasIndex: false });
    expect(a.annualisedReturns).toEqual([]);
    expect(a.calendarReturns.years).toEqual([]);
    expect(a.volatility3y).toBe('');
    expect(a.dataAsOf).toBe('2024-05-31');
  });

  it('inception after every observation leaves nothing', () => {
    expect(computeDataAsOf({ fund: series(['2024-01-31'], [1]), inception: '2024-02-01' })).toBe('');
  });

  it('fits into FundData', () => {
    const dates = monthEnds('2019-12', 61);
    const a = analyseNavSeries({
      fund: series(dates, pathFromReturns(mixed(60))),
      benchmark: series(dates, pathFromReturns(mixed(60).map((r) => r / 2))),
    });
    const data = {
      ...emptyFundData('2025-01-01T00:00:00Z'),
      cumulativePerformance: a.cumulativePerformance,
      indexedPerformance: a.indexedPerformance,
      calendarReturns: a.calendarReturns,
      annualisedReturns: a.annualisedReturns,
      dataAsOf: a.dataAsOf,
    };
    expect(() => FundData.parse(data)).not.toThrow();
  });
});

describe('cumulative and indexed performance', () => {
  const dates = monthEnds('2021-01', 6); // Jan..Jun 2021
  const values = [100, 102, 99, 105, 110, 121];

  it('is percent from the first point, one point per month end', () => {
    const cum = computeCumulativePerformance({ fund: series(dates, values) });
    expect(cum.map((p) => p.date)).toEqual(dates);
    expect(cum.map((p) => p.fund)).toEqual([0, 2, -1, 5, 10, 21]);
    expect(cum.every((p) => p.benchmark === null)).toBe(true);
  });

  it('indexed is the same series rebased to 100', () => {
    const benchmark = series(dates, [50, 51, 50, 52, 53, 55]);
    const idx = computeIndexedPerformance({ fund: series(dates, values), benchmark });
    const cum = computeCumulativePerformance({ fund: series(dates, values), benchmark });
    expect(idx.hasIndex).toBe(true);
    idx.points.forEach((p, i) => {
      expect(p.fund).toBeCloseTo(100 + (cum[i].fund as number), 6);
      expect(p.index).toBeCloseTo(100 + (cum[i].benchmark as number), 6);
    });
    expect(idx.points[5]).toEqual({ date: '2021-06-30', fund: 121, index: 110 });
  });

  it('samples daily data at month ends, opens at inception and labels an unfinished last month with the as-of date', () => {
    const fund = series(
      ['2021-01-14', '2021-01-15', '2021-01-28', '2021-01-29', '2021-02-26', '2021-03-10', '2021-03-12', '2021-03-15'],
      [99, 100, 101, 104, 110, 115, 120, 125],
    );
    const cum = computeCumulativePerformance({ fund, inception: '2021-01-15', asOf: '2021-03-12' });
    expect(cum).toEqual([
      { date: '2021-01-15', fund: 0, benchmark: null },
      { date: '2021-01-31', fund: 4, benchmark: null },
      { date: '2021-02-28', fund: 10, benchmark: null },
      { date: '2021-03-12', fund: 20, benchmark: null },
    ]);
  });

  it('keeps gap months with a null fund value', () => {
    const d = monthEnds('2021-01', 4);
    const cum = computeCumulativePerformance({ fund: series([d[0], d[1], d[3]], [100, 110, 90]) });
    expect(cum.map((p) => [p.date, p.fund])).toEqual([
      ['2021-01-31', 0],
      ['2021-02-28', 10],
      ['2021-03-31', null],
      ['2021-04-30', -10],
    ]);
  });

  it('aligns the benchmark by month, null where it is missing', () => {
    const benchmark = series([dates[0], dates[1], dates[3], dates[4]], [200, 210, 220, 190]);
    const cum = computeCumulativePerformance({ fund: series(dates, values), benchmark });
    expect(cum.map((p) => p.benchmark)).toEqual([0, 5, null, 10, -5, null]);
  });

  it('a benchmark without a value at the start cannot be rebased: the column stays null', () => {
    const benchmark = series(dates.slice(2), [1, 2, 3, 4]);
    const idx = computeIndexedPerformance({ fund: series(dates, values), benchmark });
    expect(idx.points.every((p) => p.index === null)).toBe(true);
    expect(idx.hasIndex).toBe(false);
  });

  it('rebases at share-class inception: earlier observations are dropped', () => {
    const cum = computeCumulativePerformance({ fund: series(dates, values), inception: '2021-03-01' });
    expect(cum[0]).toEqual({ date: '2021-03-31', fund: 0, benchmark: null });
    expect(cum[cum.length - 1].fund).toBeCloseTo((121 / 99 - 1) * 100, 2);
  });
});

describe('calendar returns', () => {
  it('starts at a mid-year inception (partial first year) and excludes the current partial year', () => {
    const fund = series(
      ['2020-07-15', '2020-12-31', '2021-06-30', '2021-12-31', '2022-06-30'],
      [100, 110, 104, 99, 120],
    );
    const benchmark = series(['2020-07-15', '2020-12-31', '2021-12-31'], [50, 55, 66]);
    expect(computeCalendarReturns({ fund, benchmark, inception: '2020-07-15', asOf: '2022-06-30' })).toEqual({
      years: ['2020', '2021'],
      fund: [10, -10],
      benchmark: [10, 20],
    });
  });

  it('is clamped to the inception year when earlier data exists', () => {
    const fund = series(
      ['2018-12-31', '2019-12-31', '2020-03-31', '2020-12-31', '2021-12-31'],
      [80, 90, 100, 120, 132],
    );
    expect(computeCalendarReturns({ fund, inception: '2020-03-31' }).years).toEqual(['2020', '2021']);
    expect(computeCalendarReturns({ fund, inception: '2020-03-31' }).fund).toEqual([20, 10]);
  });

  it('skips the first data year when the history starts long after inception', () => {
    const fund = series(['2020-06-30', '2020-12-31', '2021-12-31'], [100, 110, 121]);
    expect(computeCalendarReturns({ fund, inception: '2010-01-04' })).toEqual({
      years: ['2021'],
      fund: [10],
      benchmark: [null],
    });
    // Without a known inception the first NAV stands for it.
    expect(computeCalendarReturns({ fund }).years).toEqual(['2020', '2021']);
  });

  it.each([
    ['2021-12-31', ['2020', '2021']], // Dec 31: complete
    ['2022-12-30', ['2020', '2021', '2022']], // Friday; the 31st is a Saturday: complete
    ['2024-12-30', ['2020', '2021', '2022', '2023']], // Monday; Tuesday 31st still to come: partial
  ])('as of %s the years are %p', (asOf, years) => {
    const dates = ['2019-12-31', '2020-12-31', '2021-12-31', '2022-12-30', '2023-12-29', '2024-12-30'];
    const fund = series(dates, [100, 101, 102, 103, 104, 105]);
    expect(computeCalendarReturns({ fund, asOf }).years).toEqual(years);
  });

  it('omits a year whose December is missing', () => {
    const fund = series(['2019-12-31', '2020-12-31', '2021-11-30', '2022-12-30'], [100, 110, 120, 130]);
    expect(computeCalendarReturns({ fund }).years).toEqual(['2020']);
  });

  it('matches compounding of monthly returns inside each year', () => {
    const dates = monthEnds('2019-12', 37);
    const returns = mixed(36);
    const cal = computeCalendarReturns({ fund: series(dates, pathFromReturns(returns)) });
    expect(cal.years).toEqual(['2020', '2021', '2022']);
    [0, 1, 2].forEach((y) => {
      const compounded = returns.slice(y * 12, y * 12 + 12).reduce((acc, r) => acc * (1 + r), 1) - 1;
      expect(cal.fund[y]).toBeCloseTo(compounded * 100, 2);
    });
  });
});

describe('annualised returns', () => {
  const LABELS = ['1 Year', '3 Years p.a.', '5 Years p.a.', '10 Years p.a.', 'Since Inception'];

  it('a series growing exactly 1% a month: every trailing figure is 1.01^12 - 1 a year', () => {
    const dates = monthEnds('2018-12', 61); // five years exactly
    const fund = series(
      dates,
      dates.map((_, i) => 100 * 1.01 ** i),
    );
    const rows = computeAnnualisedReturns({ fund, inception: dates[0] });
    const expected = Math.round((1.01 ** 12 - 1) * 10000) / 100;
    expect(rows.map((r) => r.label)).toEqual(LABELS);
    expect(rows.map((r) => r.fund)).toEqual([expected, expected, expected, null, expected]);
    expect(rows.every((r) => r.index === null)).toBe(true);
  });

  it('annualises multi-year figures geometrically (checked with log returns)', () => {
    const dates = monthEnds('2014-06', 121); // ten years exactly
    const values = pathFromReturns(mixed(120));
    const bench = pathFromReturns(mixed(120).map((r) => r * 0.7 + 0.001));
    const rows = computeAnnualisedReturns({
      fund: series(dates, values),
      benchmark: series(dates, bench),
      inception: dates[0],
    });
    const last = values.length - 1;
    expect(rows[0].fund).toBeCloseTo((values[last] / values[last - 12] - 1) * 100, 2);
    expect(rows[1].fund).toBeCloseTo(referenceAnnualised(values.slice(last - 36), 3) * 100, 2);
    expect(rows[2].fund).toBeCloseTo(referenceAnnualised(values.slice(last - 60), 5) * 100, 2);
    expect(rows[3].fund).toBeCloseTo(referenceAnnualised(values, 10) * 100, 2);
    expect(rows[3].index).toBeCloseTo(referenceAnnualised(bench, 10) * 100, 2);
    // Since inception over 2014-06-30..2024-06-30 = 3653 days, annualised by days / 365.25.
    expect(rows[4].fund).toBeCloseTo(((values[last] / values[0]) ** (365.25 / 3653) - 1) * 100, 2);
  });

  it('exactly one year of history gives 1 Year and Since Inception, nothing longer', () => {
    const dates = monthEnds('2023-06', 13);
    const fund = series(dates, pathFromReturns(mixed(12)));
    const rows = computeAnnualisedReturns({ fund, inception: '2023-06-30' });
    expect(rows[0].fund).not.toBeNull();
    expect(rows.slice(1, 4).map((r) => r.fund)).toEqual([null, null, null]);
    // 366 days (leap year) annualised: within rounding of the 1-year figure.
    expect(rows[4].fund).toBeCloseTo(rows[0].fund as number, 1);
  });

  it('Since Inception below one year is cumulative, not annualised', () => {
    const fund = series(['2024-01-31', '2024-07-31'], [100, 110]);
    const rows = computeAnnualisedReturns({ fund, inception: '2024-01-31' });
    expect(rows.map((r) => r.fund)).toEqual([null, null, null, null, 10]);
  });

  it('Since Inception is null when the history does not reach inception', () => {
    const dates = monthEnds('2020-06', 25);
    const rows = computeAnnualisedReturns({ fund: series(dates, pathFromReturns(mixed(24))), inception: '2015-03-02' });
    expect(rows[0].fund).not.toBeNull();
    expect(rows[4]).toEqual({ label: 'Since Inception', fund: null, index: null });
  });

  it('accepts a month-end anchor dated on the last business day', () => {
    // 2024-06-28 minus one year is Wednesday 2023-06-28; the series has Friday 2023-06-30 instead.
    const fund = series(['2023-05-31', '2023-06-30', '2024-05-31', '2024-06-28'], [90, 100, 105, 112]);
    expect(computeAnnualisedReturns({ fund })[0].fund).toBe(12);
  });

  it('a gap at the window start leaves that row null', () => {
    const fund = series(['2021-01-29', '2022-01-31', '2023-03-31', '2024-06-28'], [100, 110, 120, 130]);
    const rows = computeAnnualisedReturns({ fund });
    expect(rows[0].fund).toBeNull(); // nothing within 5 days of 2023-06-28
    expect(rows[4].fund).not.toBeNull();
  });
});

describe('risk metrics (volatility3y, sharpe3y, maxDrawdown)', () => {
  it('1% a month: zero volatility, no Sharpe ratio, no drawdown', () => {
    const dates = monthEnds('2020-12', 40);
    const m = computeRiskMetrics({
      fund: series(
        dates,
        dates.map((_, i) => 100 * 1.01 ** i),
      ),
    });
    expect(m).toEqual({ volatility3y: '0.00%', sharpe3y: '', maxDrawdown: '0.00%' });
  });

  it('matches independent computations over the last 36 months', () => {
    const dates = monthEnds('2019-03', 50);
    const values = pathFromReturns(mixed(49));
    const m = computeRiskMetrics({ fund: series(dates, values) });
    const window = values.slice(values.length - 37);
    const vol = referenceVolatility(window);
    expect(m.volatility3y).toBe(pct(vol));
    expect(m.sharpe3y).toBe((Math.round((referenceAnnualised(window, 3) / vol) * 100) / 100).toFixed(2));
    expect(m.maxDrawdown).toBe(pct(referenceDrawdown(window)));
  });

  it('hand-computed drawdown: peak 120, trough 80 -> -33.33%', () => {
    const dates = monthEnds('2021-06', 37);
    const values = Array.from({ length: 37 }, () => 100);
    values.splice(10, 5, 120, 90, 110, 80, 130);
    expect(computeRiskMetrics({ fund: series(dates, values) }).maxDrawdown).toBe('-33.33%');
  });

  it('ignores a drawdown older than the trailing window', () => {
    const dates = monthEnds('2020-01', 40);
    const values = [100, 50, ...Array.from({ length: 38 }, (_, i) => 60 + i)];
    expect(computeRiskMetrics({ fund: series(dates, values) }).maxDrawdown).toBe('0.00%');
  });

  it('exactly 36 months of history is enough; 35 is not', () => {
    const values = pathFromReturns(mixed(36));
    const dates = monthEnds('2021-06', 37);
    expect(computeRiskMetrics({ fund: series(dates, values) }).volatility3y).toBe(pct(referenceVolatility(values)));
    expect(computeRiskMetrics({ fund: series(dates.slice(1), values.slice(1)) })).toEqual({
      volatility3y: '',
      sharpe3y: '',
      maxDrawdown: '',
    });
  });

  it('a gap inside the window empties the metrics', () => {
    const dates = monthEnds('2020-01', 48);
    const values = pathFromReturns(mixed(47));
    dates.splice(40, 1);
    values.splice(40, 1);
    expect(computeRiskMetrics({ fund: series(dates, values) }).volatility3y).toBe('');
  });

  it('with daily data as of mid-month, the window ends at the last complete month end', () => {
    const dates = monthEnds('2021-01', 37);
    const values = pathFromReturns(mixed(36));
    const withPartialMonth = [...series(dates, values), { date: '2024-02-14', value: values[36] * 1.5 }];
    const m = computeRiskMetrics({ fund: withPartialMonth });
    expect(m.volatility3y).toBe(pct(referenceVolatility(values)));
    // The partial February is neither a monthly return nor a month end of the window.
    expect(computeRiskMetrics({ fund: withPartialMonth, asOf: '2024-01-31' })).toEqual(m);
    expect(computeDataAsOf({ fund: withPartialMonth })).toBe('2024-02-14');
  });

  it('negative returns give a negative Sharpe ratio', () => {
    const dates = monthEnds('2021-01', 37);
    const values = pathFromReturns(mixed(36).map((r) => r - 0.02));
    expect(computeRiskMetrics({ fund: series(dates, values) }).sharpe3y.startsWith('-')).toBe(true);
  });
});

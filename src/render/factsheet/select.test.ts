import { calendarYears, indexedPoints } from '../../../test/fixtures/factsheetSnapshots';
import {
  allocationBars,
  annualisedReturns,
  calendarReturns,
  downsample,
  indexedPerformance,
  LIMITS,
  topHoldings,
} from './select';

describe('what the blocks show of the payload', () => {
  it('keeps the ten largest holdings with a name and a finite weight', () => {
    const holdings = [
      ...Array.from({ length: 30 }, (_, i) => ({ name: `H${i}`, weight: i })),
      { name: '', weight: 99 },
      { name: 'Broken', weight: Number.NaN },
      { name: 'Endless', weight: Number.POSITIVE_INFINITY },
    ];
    const top = topHoldings(holdings);
    expect(top).toHaveLength(LIMITS.holdings);
    expect(top[0]).toEqual({ label: 'H29', weight: 29 });
    expect(top.map((h) => h.label)).not.toContain('Broken');
    expect(top.map((h) => h.label)).not.toContain('Endless');
  });

  it('sums what is past the seventh allocation into one "Other" bar', () => {
    const bars = allocationBars(
      Array.from({ length: 12 }, (_, i) => ({ label: `S${i}`, weight: 12 - i })),
      'Other',
    );
    expect(bars).toHaveLength(8);
    expect(bars[7]).toEqual({ label: 'Other', weight: 5 + 4 + 3 + 2 + 1 });
    expect(bars.slice(0, 7).map((b) => b.label)).toEqual(['S0', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6']);
  });

  it('keeps up to eight allocations as they are, largest first', () => {
    const bars = allocationBars(
      [
        { label: 'Cash', weight: -0.05 },
        { label: 'Equity', weight: 60 },
        { label: 'Bonds', weight: 40 },
      ],
      'Other',
    );
    expect(bars.map((b) => b.label)).toEqual(['Equity', 'Bonds', 'Cash']);
  });

  it('gives no allocation for garbage', () => {
    expect(allocationBars(null, 'Other')).toEqual([]);
    expect(allocationBars([{ label: 'X' }, 'nonsense', { weight: 3 }], 'Other')).toEqual([]);
  });

  it('samples a long series down, first and last kept', () => {
    const items = Array.from({ length: 5000 }, (_, i) => i);
    const sample = downsample(items, 260);
    expect(sample).toHaveLength(260);
    expect(sample[0]).toBe(0);
    expect(sample[259]).toBe(4999);
    expect(downsample([1, 2, 3], 260)).toEqual([1, 2, 3]);
  });

  it('keeps the last ten calendar years, with the index only when some year has one', () => {
    const returns = calendarReturns(calendarYears(60));
    expect(returns?.years).toHaveLength(LIMITS.calendarYears);
    expect(returns?.years.at(-1)).toBe('2025');
    expect(returns?.index).toHaveLength(LIMITS.calendarYears);
    const fundOnly = calendarReturns({ years: ['2024', '2025'], fund: [1, 2], benchmark: [null, null] });
    expect(fundOnly?.index).toBeNull();
    expect(calendarReturns({ years: ['2025'], fund: [Number.NaN], benchmark: [1] })).toBeNull();
  });

  it('keeps annualised periods that have a figure', () => {
    const returns = annualisedReturns([
      { label: '1 Year', fund: 2, index: null },
      { label: '3 Years p.a.', fund: null, index: null },
    ]);
    expect(returns).toEqual({ periods: [{ label: '1 Year', fund: 2, index: null }], hasIndex: false });
    expect(annualisedReturns([])).toBeNull();
  });

  it('draws the performance lines from at most 260 dates, the index only when the fund has one', () => {
    const lines = indexedPerformance({ points: indexedPoints(5000, true, true), hasIndex: true });
    expect(lines?.fund.length).toBeLessThanOrEqual(LIMITS.performancePoints);
    expect(lines?.fund[0][0]).toBe(Date.UTC(2012, 0, 2));
    expect(lines?.index?.length).toBe(lines?.fund.length);
    expect(indexedPerformance({ points: indexedPoints(20), hasIndex: false })?.index).toBeNull();
  });

  it('needs two fund points to draw a line, and orders them by date', () => {
    expect(indexedPerformance({ points: [{ date: '2026-01-01', fund: 100, index: 100 }], hasIndex: true })).toBeNull();
    expect(
      indexedPerformance({
        points: [
          { date: 'garbage', fund: 100, index: 100 },
          { date: '2026-01-02', fund: 101, index: 100 },
        ],
        hasIndex: true,
      }),
    ).toBeNull();
    const lines = indexedPerformance({
      points: [
        { date: '2026-02-01', fund: 101, index: null },
        { date: '2026-01-01', fund: 100, index: null },
      ],
      hasIndex: true,
    });
    expect(lines?.fund).toEqual([
      [Date.UTC(2026, 0, 1), 100],
      [Date.UTC(2026, 1, 1), 101],
    ]);
    expect(lines?.since).toBe('2026-01-01');
    expect(lines?.index).toBeNull();
  });
});

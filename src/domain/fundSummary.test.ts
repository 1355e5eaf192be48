import { emptyFundData } from './fundSkeleton';
import { fundSummary, percentOf } from './fundSummary';

describe('fundSummary', () => {
  it('reads the ongoing charge, falling back to the TER, as a number', () => {
    const data = emptyFundData();
    data.headlineMetrics.ter = '0.40%';
    expect(fundSummary(data, null).ter).toBe(0.4);
    data.costs.ongoing = '0,25 %';
    expect(fundSummary(data, null).ter).toBe(0.25);
  });

  it('keeps the panels, the profile and the holdings stamp', () => {
    const data = emptyFundData();
    data.geography = [{ label: 'France', weight: 60 }];
    data.profile.kind = 'equity';
    data.riskRating = 5;
    const stamp = { loadedAt: '2026-11-23 10:00:00', asOf: '2026-10-31', count: 120 };
    expect(fundSummary(data, stamp)).toMatchObject({
      geography: [{ label: 'France', weight: 60 }],
      kind: 'equity',
      riskRating: 5,
      holdings: stamp,
      ter: null,
    });
  });

  it.each([
    ['', null],
    ['n/a', null],
    ['-0.1%', null],
    ['120%', null],
    ['abc', null],
    ['0%', 0],
    ['1.5', 1.5],
  ])('percentOf(%j) = %j', (text, expected) => {
    expect(percentOf(text)).toBe(expected);
  });
});

import { HOLDING_MATCH_RULES } from './holdingMatch';
import type { FundHolding } from './holdings';
import { DEFAULT_SHARED_LIMIT, OVERLAP_METHODOLOGY, type OverlapFund, overlapOf } from './overlap';

function line(name: string, weight: number, more: Partial<FundHolding> = {}): FundHolding {
  return {
    name,
    weight,
    issuer: null,
    isin: null,
    country: null,
    sector: null,
    assetClass: null,
    currency: null,
    ...more,
  };
}

const APPLE = 'US0378331005';
const MSFT = 'US5949181045';
const MSFT_OTHER = 'US5949182035';
const NESTLE = 'CH0038863350';

const fundA: OverlapFund = {
  isin: 'LU0000000001',
  holdings: [
    line('Apple Inc', 10, { isin: APPLE }),
    line('Microsoft Corp', 8, { isin: MSFT }),
    line('Nestlé S.A.', 5),
    line('USD CASH', 3, { assetClass: 'Cash' }),
    line('Short future', -2, { assetClass: 'Futures' }),
  ],
};
const fundB: OverlapFund = {
  isin: 'LU0000000002',
  holdings: [
    line('APPLE INC', 6, { isin: APPLE }),
    line('Microsoft Corp', 9, { isin: MSFT_OTHER }),
    line('NESTLE SA-REG', 7, { isin: NESTLE }),
    line('USD CASH', 4, { assetClass: 'Cash' }),
  ],
};

describe('overlapOf', () => {
  it('sums the smaller weight over shared holdings: ISIN when both have one, else the issuer key', () => {
    expect(overlapOf([fundA, fundB])).toEqual([
      {
        a: 'LU0000000001',
        b: 'LU0000000002',
        // Apple by ISIN (6), Nestlé by name since A has no ISIN (5); Microsoft's ISINs differ; cash never overlaps.
        overlap: 11,
        sharedCount: 2,
        shared: [
          { label: 'Apple Inc', a: 10, b: 6 },
          { label: 'Nestlé S.A.', a: 5, b: 7 },
        ],
        disclosed: { a: 26, b: 26 },
      },
    ]);
  });

  it('labels shared holdings with fund a’s line, so the order of the funds matters for labels only', () => {
    const [pair] = overlapOf([fundB, fundA]);
    expect(pair.shared).toEqual([
      { label: 'APPLE INC', a: 6, b: 10 },
      { label: 'NESTLE SA-REG', a: 7, b: 5 },
    ]);
    expect(pair.overlap).toBe(11);
  });

  it('lists every pair i < j in the order given', () => {
    const c: OverlapFund = { isin: 'LU0000000003', holdings: [line('Apple', 1, { isin: APPLE })] };
    expect(overlapOf([fundA, fundB, c]).map((p) => [p.a, p.b, p.overlap])).toEqual([
      ['LU0000000001', 'LU0000000002', 11],
      ['LU0000000001', 'LU0000000003', 1],
      ['LU0000000002', 'LU0000000003', 1],
    ]);
    expect(overlapOf([fundA])).toEqual([]);
    expect(overlapOf([])).toEqual([]);
  });

  it('caps the shared list at sharedLimit, but counts every shared holding', () => {
    const shared = (sharedLimit?: number) => overlapOf([fundA, fundB], { sharedLimit })[0];
    expect(shared(1).shared.map((s) => s.label)).toEqual(['Apple Inc']);
    expect(shared(1).sharedCount).toBe(2);
    expect(shared(0).shared).toEqual([]);
    expect(shared(-3).shared).toEqual([]);
    expect(shared(1.9).shared).toHaveLength(1);
    expect(shared(NaN).shared).toHaveLength(2);
    expect(shared(undefined).shared).toHaveLength(2);
    expect(DEFAULT_SHARED_LIMIT).toBe(100);
  });

  it('orders shared holdings by the rounded smaller weight, then by label', () => {
    const a = [line('Zeta', 0.031), line('Alpha', 0.034), line('Mid', 0.05), line('Big', 0.04)];
    const b = [line('Zeta', 0.04), line('Alpha', 0.04), line('Mid', 0.06), line('Big', 9)];
    expect(
      overlapOf([
        { isin: 'A', holdings: a },
        { isin: 'B', holdings: b },
      ])[0].shared,
    ).toEqual([
      { label: 'Mid', a: 0.05, b: 0.06 },
      { label: 'Big', a: 0.04, b: 9 },
      { label: 'Alpha', a: 0.03, b: 0.04 },
      { label: 'Zeta', a: 0.03, b: 0.04 },
    ]);
  });

  it('rounds the overlap after summing, not each term', () => {
    const third = [line('A', 0.333), line('B', 0.333), line('C', 0.334)];
    const [pair] = overlapOf([
      { isin: 'X', holdings: third },
      { isin: 'Y', holdings: third },
    ]);
    expect(pair.overlap).toBe(1);
    expect(pair.shared.map((s) => s.a)).toEqual([0.33, 0.33, 0.33]);
  });

  it('reports how much of each portfolio is visible: positive weights, cash included, capped at 100', () => {
    const heavy = [line('A', 80), line('B', 30.004), line('Short', -15), line('USD', 5, { assetClass: 'Cash' })];
    const light = [line('A', 33.333), line('C', 0)];
    expect(
      overlapOf([
        { isin: 'X', holdings: heavy },
        { isin: 'Y', holdings: light },
      ])[0],
    ).toMatchObject({
      overlap: 33.33,
      disclosed: { a: 100, b: 33.33 },
    });
  });

  it('gives zeros for funds without holdings or with cash only', () => {
    const empty: OverlapFund = { isin: 'E', holdings: [] };
    const cash: OverlapFund = {
      isin: 'C',
      holdings: [line('USD CASH', 60, { assetClass: 'Cash' }), line('EUR Cash', 40)],
    };
    expect(overlapOf([empty, cash, cash])).toEqual([
      { a: 'E', b: 'C', overlap: 0, sharedCount: 0, shared: [], disclosed: { a: 0, b: 100 } },
      { a: 'E', b: 'C', overlap: 0, sharedCount: 0, shared: [], disclosed: { a: 0, b: 100 } },
      { a: 'C', b: 'C', overlap: 0, sharedCount: 0, shared: [], disclosed: { a: 100, b: 100 } },
    ]);
  });

  it('finds a fund overlapping itself by everything but cash', () => {
    expect(overlapOf([fundA, fundA])[0]).toMatchObject({ overlap: 23, sharedCount: 3, disclosed: { a: 26, b: 26 } });
  });

  it('handles hostile 200,000-character names', () => {
    const long = 'Acme Holdings '.repeat(15_000);
    const [pair] = overlapOf([
      { isin: 'X', holdings: [line(`${long}Inc`, 2)] },
      { isin: 'Y', holdings: [line(`${long.toUpperCase()}CORP 3.5% 2031`, 3)] },
    ]);
    expect([pair.overlap, pair.sharedCount, pair.shared[0].label.length]).toEqual([2, 1, long.length + 3]);
  });

  it('compares 20 funds of 3,000 holdings each, by ISIN and by name, to the known overlap', () => {
    // Fund i holds securities 100i to 100i + 2,999 at 1/30 % each; even funds give ISINs, odd ones only
    // names (so every pair with an odd fund matches on names), and each fund holds 1% of cash.
    const funds = Array.from({ length: 20 }, (_, i) => ({
      isin: `FUND${String(i).padStart(8, '0')}`,
      holdings: [
        ...Array.from({ length: 3000 }, (_, k) => security(100 * i + k, i % 2 === 0)),
        line('USD CASH', 1, { assetClass: 'Cash', isin: null }),
      ],
    }));
    const pairs = overlapOf(funds);
    expect(pairs).toHaveLength(190);
    const byName = Array.from({ length: 4900 }, (_, k) => ({ k, name: securityName(k) })).sort((x, y) =>
      x.name < y.name ? -1 : 1,
    );
    let p = 0;
    for (let i = 0; i < 20; i++) {
      for (let j = i + 1; j < 20; j++) {
        const sharedCount = 3000 - 100 * (j - i);
        const pair = pairs[p++];
        expect([pair.a, pair.b, pair.sharedCount, pair.overlap]).toEqual([
          funds[i].isin,
          funds[j].isin,
          sharedCount,
          Math.round((sharedCount / 30) * 100) / 100,
        ]);
        expect(pair.disclosed).toEqual({ a: 100, b: 100 });
        expect(pair.shared).toHaveLength(100);
        // All shared weights round to 0.03: the order is the labels'.
        const labels = byName.filter(({ k }) => k >= 100 * j && k < 100 * i + 3000).slice(0, 100);
        expect(pair.shared.map((s) => s.label)).toEqual(labels.map(({ name }) => name));
      }
    }
  });
});

describe('OVERLAP_METHODOLOGY', () => {
  it('states every field of a pair and the matching rules', () => {
    expect(OVERLAP_METHODOLOGY.map(([field]) => field)).toEqual([
      'pairs',
      'matching',
      'overlap',
      'sharedCount',
      'shared',
      'disclosed',
    ]);
    expect(OVERLAP_METHODOLOGY.find(([field]) => field === 'matching')?.[1]).toBe(HOLDING_MATCH_RULES);
  });
});

/**
 * Security k: an ISIN-shaped code and a name unique under issuerKey: letters, not a trailing number,
 * behind an X so that no code reads as a legal form ("SAS", "PLC").
 */
function security(k: number, withIsin: boolean): FundHolding {
  return line(securityName(k), 100 / 3000, {
    isin: withIsin ? `XS${String(k).padStart(9, '0')}0` : null,
    assetClass: 'Equity',
  });
}

function securityName(k: number): string {
  let letters = '';
  for (let n = k; letters.length < 3 || n > 0; n = Math.floor(n / 26))
    letters = String.fromCharCode(65 + (n % 26)) + letters;
  return `Security X${letters} Corp`;
}

// Tests of holdingIndex.ts: matchHoldings and HoldingMatcher, by example and against a brute-force reading of the rule.
import { seeded } from '../../test/fixtures/seeded';
import { HoldingMatcher, type MatchedGroup, matchHoldings } from './holdingIndex';
import { isCashOrDerivativeHolding } from './holdingMatch';
import type { FundHolding } from './holdings';
import { issuerKey } from './issuerKey';
import { compareText } from './ranking';

/** A holdings line with defaults. */
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

const ISIN_A = 'US0378331005';
const ISIN_B = 'US02079K3059';
const ISIN_C = 'US02079K1079';

/** Groups in a canonical order, so that tests do not depend on the matcher's internal order. */
function sorted(groups: MatchedGroup[]): MatchedGroup[] {
  return [...groups].sort((x, y) => compareText(x.label, y.label) || x.a - y.a || x.b - y.b);
}

describe('matchHoldings', () => {
  it('matches on ISIN when both sides have one, whatever the names', () => {
    expect(
      matchHoldings([line('GOOGL', 4, { isin: ISIN_B })], [line('Alphabet Inc Class A', 3, { isin: ISIN_B })]),
    ).toEqual([{ label: 'GOOGL', a: 4, b: 3 }]);
  });

  it('does not match two ISINs that differ, even under one issuer key', () => {
    expect(
      matchHoldings(
        [line('Alphabet Inc Class A', 4, { isin: ISIN_B })],
        [line('Alphabet Inc Class C', 3, { isin: ISIN_C })],
      ),
    ).toEqual([]);
  });

  it('matches on the issuer key when a side has no ISIN, and then takes every line under the key', () => {
    const a = [
      line('Alphabet Inc Class A', 3, { isin: ISIN_B }),
      line('Alphabet Inc Class C', 2, { isin: ISIN_C }),
      line('Apple', 1, { isin: ISIN_A }),
    ];
    expect(matchHoldings(a, [line('ALPHABET INC', 4)])).toEqual([{ label: 'Alphabet Inc Class A', a: 5, b: 4 }]);
  });

  it('keys on the issuer when given, the name otherwise', () => {
    const a = [line('Apple 3.25% 2030', 2, { issuer: 'Apple Inc.' })];
    expect(matchHoldings(a, [line('AAPL US', 1, { issuer: 'APPLE INC' })])).toEqual([
      { label: 'Apple 3.25% 2030', a: 2, b: 1 },
    ]);
    expect(matchHoldings(a, [line('AAPL US', 1, { issuer: '  ' })])).toEqual([]);
  });

  it('reaches across names through an ISIN, without counting a line twice', () => {
    // A's "X Corp" carries the ISIN B holds; A's unnamed "X" line goes with it by name.
    const a = [line('X Corp', 2, { isin: ISIN_A }), line('X', 1)];
    const b = [line('Y Holdings', 3, { isin: ISIN_A }), line('X', 0.5)];
    expect(matchHoldings(a, b)).toEqual([{ label: 'X Corp', a: 3, b: 3.5 }]);
  });

  it('sums repeated lines of one security on each side', () => {
    const a = [line('Apple', 2, { isin: ISIN_A }), line('Apple (2)', 1, { isin: ISIN_A })];
    expect(matchHoldings(a, [line('Apple', 4, { isin: ISIN_A })])).toEqual([{ label: 'Apple', a: 3, b: 4 }]);
  });

  it('reads ISIN cells leniently but refuses what is no ISIN', () => {
    expect(
      matchHoldings([line('A', 1, { isin: ` ${ISIN_A.toLowerCase()} ` })], [line('B', 2, { isin: ISIN_A })]),
    ).toEqual([{ label: 'A', a: 1, b: 2 }]);
    // "-" is no ISIN: the lines match by name, not by a shared dash.
    expect(matchHoldings([line('Acme', 1, { isin: '-' })], [line('Other', 2, { isin: '-' })])).toEqual([]);
    expect(matchHoldings([line('Acme', 1, { isin: 'N/A' })], [line('ACME INC', 2, { isin: 'n/a' })])).toEqual([
      { label: 'Acme', a: 1, b: 2 },
    ]);
  });

  it('never matches cash, derivatives, blank names or lines without a positive weight', () => {
    const cash = [line('USD CASH', 5, { assetClass: 'Cash' }), line('USD Cash', 2), line('', 1), line('  ', 1)];
    expect(matchHoldings(cash, cash)).toEqual([]);
    expect(matchHoldings([line('Apple', 0), line('Apple', -1), line('Apple', NaN)], [line('Apple', 1)])).toEqual([]);
  });

  it('labels a group with side A’s largest line, the first of equal ones', () => {
    const a = [
      line('Alphabet Inc Class C', 2, { isin: ISIN_C }),
      line('Alphabet Inc Class A', 2, { isin: ISIN_B }),
      line('Alphabet', 1),
    ];
    expect(matchHoldings(a, [line('Alphabet Inc Class A', 9, { isin: ISIN_B })])).toEqual([
      { label: 'Alphabet Inc Class C', a: 5, b: 9 },
    ]);
  });

  it('agrees with a brute-force reading of the rule on random funds', () => {
    const random = seeded(7);
    for (let run = 0; run < 400; run++) {
      const [a, b] = [randomFund(random), randomFund(random)];
      expect(sorted(matchHoldings(a, b))).toEqual(sorted(referencePair(a, b)));
    }
  });
});

describe('HoldingMatcher', () => {
  it('reuses one index for many pairs and gives the same answer as fresh ones', () => {
    const random = seeded(11);
    const funds = Array.from({ length: 6 }, () => randomFund(random));
    const matcher = new HoldingMatcher();
    const indexes = funds.map((f) => matcher.index(f));
    const all = () => {
      for (let i = 0; i < funds.length; i++) {
        for (let j = i + 1; j < funds.length; j++)
          expect(sorted(matcher.pair(indexes[i], indexes[j]))).toEqual(sorted(referencePair(funds[i], funds[j])));
      }
    };
    all();
    // A fund indexed later brings new name keys: the earlier indexes are read again against them.
    funds.push([line('Nestle', 1), line('Word Tech', 2), line('Apple', 1)]);
    indexes.push(matcher.index(funds[funds.length - 1]));
    all();
  });

  it('groups across many funds, scaled, labelled by the largest scaled line', () => {
    const matcher = new HoldingMatcher();
    const funds = [
      {
        index: matcher.index([
          line('Apple Inc', 10, { isin: ISIN_A }),
          line('Alphabet Inc Class A', 5, { isin: ISIN_B }),
        ]),
        scale: 0.5,
      },
      {
        index: matcher.index([line('APPLE', 20, { isin: ISIN_A }), line('Alphabet Inc Class C', 5, { isin: ISIN_C })]),
        scale: 0.3,
      },
      { index: matcher.index([line('Alphabet', 4), line('USD Cash', 50)]), scale: 0.2 },
    ];
    const groups = matcher.across(funds);
    const out = Array.from({ length: groups.count }, (_, g) => ({
      label: groups.label(g),
      weight: round(groups.weight[g]),
    }));
    // Apple: 10 × 0.5 + 20 × 0.3 = 11, labelled by fund 2 (6 > 5). Alphabet: one group through fund 3's line.
    expect(out).toEqual([
      { label: 'APPLE', weight: 11 },
      { label: 'Alphabet Inc Class A', weight: 4.8 },
    ]);
  });

  it('breaks a tie between equal largest lines by their place in the fund, not by position', () => {
    // F's first position (lines 0 and 2, one ISIN) is named by line 2; its second by line 1: equal weights.
    const f = [
      line('Beta', 1, { isin: ISIN_A }),
      line('Alpha', 3, { isin: ISIN_B }),
      line('Beta Corp', 3, { isin: ISIN_A }),
    ];
    // G's three lines are one position (a line without ISIN under their key), so F's two positions join.
    const g = [line('Gamma', 1, { isin: ISIN_A }), line('Gamma', 1, { isin: ISIN_B }), line('Gamma', 1)];
    expect(matchHoldings(f, g)).toEqual([{ label: 'Alpha', a: 7, b: 3 }]);
    const matcher = new HoldingMatcher();
    const groups = matcher.across([f, g].map((holdings) => ({ index: matcher.index(holdings), scale: 1 })));
    expect([groups.count, groups.label(0), groups.weight[0]]).toEqual([1, 'Alpha', 10]);
  });

  it('agrees with a brute-force reading of the rule across many random funds', () => {
    const random = seeded(23);
    for (let run = 0; run < 150; run++) {
      const funds = Array.from({ length: 1 + Math.floor(random() * 5) }, () => ({
        holdings: randomFund(random),
        scale: Math.round(random() * 100) / 100,
      }));
      const matcher = new HoldingMatcher();
      const groups = matcher.across(funds.map((f) => ({ index: matcher.index(f.holdings), scale: f.scale })));
      const got = Array.from({ length: groups.count }, (_, g) => ({
        label: groups.label(g),
        weight: round(groups.weight[g]),
      }));
      const want = referenceAcross(funds).map((g) => ({ label: g.label, weight: round(g.weight) }));
      expect(got.sort(byLabelThenWeight)).toEqual(want.sort(byLabelThenWeight));
    }
  });
});

// ---------------------------------------------------------------------------------------------
// A brute-force reading of the rule: every line a node, links as the contract states them.
// ---------------------------------------------------------------------------------------------

interface RefLine {
  fund: number;
  order: number;
  name: string;
  weight: number;
  isin: string | null;
  key: string;
}

function refLines(funds: readonly (readonly FundHolding[])[]): RefLine[] {
  return funds.flatMap((holdings, fund) =>
    holdings
      .map((h, order) => ({ h, order }))
      .filter(({ h }) => h.weight > 0 && Number.isFinite(h.weight) && !isCashOrDerivativeHolding(h))
      .map(({ h, order }) => {
        const cell = h.isin?.trim().toUpperCase() ?? '';
        const isin = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(cell) ? cell : null;
        return {
          fund,
          order,
          name: h.name,
          weight: h.weight,
          isin,
          key: issuerKey(h.issuer?.trim() ? h.issuer : h.name),
        };
      }),
  );
}

/** Components of the lines: same ISIN; same key when a fund of the set lists a line without ISIN under it. */
function refComponents(lines: RefLine[]): RefLine[][] {
  const byName = new Set(lines.filter((l) => l.isin === null && l.key !== '').map((l) => l.key));
  const parent = lines.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  lines.forEach((x, i) =>
    lines.forEach((y, j) => {
      const sameIsin = x.isin !== null && x.isin === y.isin;
      const sameName = x.key !== '' && x.key === y.key && byName.has(x.key);
      if (sameIsin || sameName) parent[find(i)] = find(j);
    }),
  );
  const groups = new Map<number, RefLine[]>();
  lines.forEach((l, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), l]));
  return [...groups.values()];
}

function largest(lines: RefLine[], weightOf: (l: RefLine) => number): RefLine {
  return lines.reduce((best, l) => (weightOf(l) > weightOf(best) ? l : best));
}

function referencePair(a: readonly FundHolding[], b: readonly FundHolding[]): MatchedGroup[] {
  return refComponents(refLines([a, b])).flatMap((group) => {
    const [sideA, sideB] = [group.filter((l) => l.fund === 0), group.filter((l) => l.fund === 1)];
    if (sideA.length === 0 || sideB.length === 0) return [];
    const label = largest(
      sideA.sort((x, y) => x.order - y.order),
      (l) => l.weight,
    ).name;
    return [{ label, a: sum(sideA), b: sum(sideB) }];
  });
}

function referenceAcross(funds: { holdings: FundHolding[]; scale: number }[]): { label: string; weight: number }[] {
  return refComponents(refLines(funds.map((f) => f.holdings))).map((group) => {
    const scaled = (l: RefLine) => l.weight * funds[l.fund].scale;
    const ordered = group.sort((x, y) => x.fund - y.fund || x.order - y.order);
    return { label: largest(ordered, scaled).name, weight: ordered.reduce((s, l) => s + scaled(l), 0) };
  });
}

function sum(lines: RefLine[]): number {
  return lines.reduce((s, l) => s + l.weight, 0);
}

function round(x: number): number {
  return Math.round(x * 1e9) / 1e9;
}

function byLabelThenWeight(x: { label: string; weight: number }, y: { label: string; weight: number }): number {
  return compareText(x.label, y.label) || x.weight - y.weight;
}

/** A small fund from a tiny universe, so that names, keys and ISINs collide in every way. */
function randomFund(random: () => number): FundHolding[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const names = [
    'Alphabet Inc Class A',
    'ALPHABET INC-CL C',
    'Alphabet',
    'Apple Inc.',
    'APPLE',
    'Nestlé S.A.',
    'NESTLE SA-REG',
    'Word Tech Corp 3.25% 2030',
    'Word Tech',
    'USD Cash',
    '',
    'Inc.',
  ];
  const isins = [ISIN_A, ISIN_B, ISIN_C, 'GB0002634946', null, null, null, '-', ' us0378331005'];
  return Array.from({ length: Math.floor(random() * 8) }, () =>
    line(pick(names), pick([0, -1, 0.5, 1, 1, 2, 3, 2.25]), {
      isin: pick(isins),
      issuer: random() < 0.2 ? pick(names) : null,
      assetClass: random() < 0.1 ? 'Cash' : 'Equity',
    }),
  );
}

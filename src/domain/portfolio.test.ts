import { CASH_AND_DERIVATIVES, HOLDING_MATCH_RULES, LOOKTHROUGH_RULES_VERSION } from './holdingMatch';
import type { FundHolding, FundSummary } from './holdings';
import {
  aggregatePortfolio,
  PORTFOLIO_METHODOLOGY,
  type PortfolioFund,
  type PortfolioInput,
  type PositionAnswer,
  TOP_HOLDINGS_LIMIT,
  topHoldingsNote,
} from './portfolio';

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

function summary(more: Partial<FundSummary> = {}): FundSummary {
  return {
    ter: null,
    riskRating: null,
    category: '',
    kind: 'other',
    currency: '',
    dataAsOf: '2026-10-31',
    assetAllocation: [],
    sector: [],
    geography: [],
    region: [],
    creditQuality: [],
    topHoldings: [],
    holdings: null,
    ...more,
  };
}

function fund(isin: string, more: Partial<FundSummary> = {}, holdings: FundHolding[] | null = null): PositionAnswer {
  const stamp = holdings ? { loadedAt: '2026-11-01T00:00:00Z', asOf: '2026-10-31', count: holdings.length } : null;
  const answered: PortfolioFund = {
    isin,
    name: `Fund ${isin}`,
    summary: summary({ holdings: stamp, ...more }),
    holdings,
  };
  return { status: 'ok', fund: answered };
}

/** Positions as [input, weight]; an input of twelve characters starting with two letters is a valid ISIN here. */
function portfolio(positions: [string, number][], answers: Record<string, PositionAnswer>): PortfolioInput {
  return {
    positions: positions.map(([input, weight]) => ({
      input,
      isin: /^[A-Z]{2}[A-Z0-9]{10}$/.test(input) ? input : null,
      weight,
    })),
    answers: new Map(Object.entries(answers)),
  };
}

const [A, B, C, D] = ['LU0000000001', 'LU0000000002', 'LU0000000003', 'LU0000000004'];
const APPLE = 'US0378331005';
const MSFT = 'US5949181045';

describe('normalisation and positions', () => {
  it('merges duplicates in first-occurrence order and scales every position, invalid ones included, to 100', () => {
    const out = aggregatePortfolio(
      portfolio(
        [
          [B, 1],
          [A, 2],
          ['not an isin', 4],
          [B, 1],
        ],
        { [A]: fund(A, { ter: 0.2, riskRating: 4, category: 'Global Equity', kind: 'equity' }), [B]: fund(B) },
      ),
    );
    expect(out.positions).toEqual([
      {
        isin: B,
        name: `Fund ${B}`,
        weight: 25,
        covered: true,
        ter: null,
        riskRating: null,
        category: '',
        kind: 'other',
      },
      {
        isin: A,
        name: `Fund ${A}`,
        weight: 25,
        covered: true,
        ter: 0.2,
        riskRating: 4,
        category: 'Global Equity',
        kind: 'equity',
      },
    ]);
    expect(out.coverage).toBe(50);
    expect(out.invalid).toEqual(['not an isin']);
  });

  it('rounds weights to 2 decimals for output but keeps full precision inside', () => {
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 1],
          [B, 1],
          [C, 1],
        ],
        { [A]: fund(A), [B]: fund(B), [C]: fund(C) },
      ),
    );
    expect(out.positions.map((p) => p.weight)).toEqual([33.33, 33.33, 33.33]);
    expect(out.coverage).toBe(100);
  });

  it('answers every status: covered only when ok; pending listed; ok and not_found billed', () => {
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 1],
          [B, 1],
          [C, 1],
          [D, 1],
          ['LU0000000005', 1],
          [C, 1],
        ],
        {
          [A]: fund(A),
          [B]: { status: 'pending' },
          [C]: { status: 'not_found' },
          [D]: { status: 'error' },
        },
      ),
    );
    expect(out.positions.map((p) => [p.isin, p.weight, p.covered, p.name])).toEqual([
      [A, 16.67, true, `Fund ${A}`],
      [B, 16.67, false, null],
      [C, 33.33, false, null],
      [D, 16.67, false, null],
      ['LU0000000005', 16.67, false, null],
    ]);
    expect(out.pending).toEqual([B]);
    expect(out.billable).toBe(2);
    expect(out.coverage).toBe(16.67);
    expect(out.rules).toBe(LOOKTHROUGH_RULES_VERSION);
  });

  it('keeps every invalid input once, in order, and lets one valid position stand for its share', () => {
    const out = aggregatePortfolio(
      portfolio(
        [
          ['x', 1],
          [A, 1],
          ['y', 1],
          ['x', 1],
        ],
        { [A]: fund(A, { kind: 'equity' }) },
      ),
    );
    expect(out.invalid).toEqual(['x', 'y']);
    expect(out.positions.map((p) => p.weight)).toEqual([25]);
    expect(out.coverage).toBe(25);
    expect(out.kinds).toEqual([{ label: 'equity', weight: 100 }]);
    expect(out.billable).toBe(1);
  });

  it('takes zero weights as positions of no weight', () => {
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 0],
          [B, 5],
        ],
        { [A]: fund(A, { ter: 2, kind: 'equity' }), [B]: fund(B, { kind: 'fixedIncome' }) },
      ),
    );
    expect(out.positions.map((p) => [p.weight, p.covered])).toEqual([
      [0, true],
      [100, true],
    ]);
    // A has a TER but no weight: nothing to average.
    expect(out.fees).toEqual({ weightedTer: null, coverage: 0, annualCostPer10k: null });
    expect(out.kinds).toEqual([{ label: 'fixedIncome', weight: 100 }]);
    expect(out.billable).toBe(2);
  });

  it('scales weights of any finite size, the tiniest and the largest, without overflowing (found by the OpenAPI fuzz run)', () => {
    const answers = { [A]: fund(A, { kind: 'equity' }), [B]: fund(B, { kind: 'equity' }) };
    for (const [a, b] of [
      [2.225073858507203e-309, 0],
      [5e-324, 5e-324],
      [Number.MAX_VALUE, Number.MAX_VALUE],
      [1e308, 1e308],
    ]) {
      const out = aggregatePortfolio(
        portfolio(
          [
            [A, a],
            [B, b],
          ],
          answers,
        ),
      );
      const expected = b === 0 ? [100, 0] : [50, 50];
      expect(out.positions.map((p) => p.weight)).toEqual(expected);
      expect(out.coverage).toBe(100);
      expect(out.kinds).toEqual([{ label: 'equity', weight: 100 }]);
    }
    const duplicates = aggregatePortfolio(
      portfolio(
        [
          [A, Number.MAX_VALUE],
          [A, Number.MAX_VALUE],
          [B, Number.MAX_VALUE],
        ],
        answers,
      ),
    );
    expect(duplicates.positions.map((p) => p.weight)).toEqual([66.67, 33.33]);
  });

  it('covers nothing when nothing is answered', () => {
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 1],
          ['bad', 1],
        ],
        { [A]: { status: 'pending' } },
      ),
    );
    expect(out).toMatchObject({
      coverage: 0,
      fees: { weightedTer: null, coverage: 0, annualCostPer10k: null },
      risk: { weightedSrri: null, band: null, coverage: 0 },
      kinds: [],
      sector: { items: [], coverage: 0 },
      geography: { items: [], coverage: 0 },
      currency: { items: [], coverage: 0 },
      geographyLookThrough: 0,
      topHoldings: {
        items: [],
        coverage: 0,
        note: 'No fund in the portfolio discloses its holdings, so none are aggregated.',
      },
      pending: [A],
      invalid: ['bad'],
      billable: 0,
    });
  });
});

describe('fees and risk', () => {
  it('weights the TER over positions that state one and prices 10,000 invested from the unrounded TER', () => {
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 60],
          [B, 30],
          [C, 10],
        ],
        { [A]: fund(A, { ter: 0.2 }), [B]: fund(B, { ter: 0.5 }), [C]: fund(C) },
      ),
    );
    expect(out.fees).toEqual({ weightedTer: 0.3, coverage: 90, annualCostPer10k: 30 });
    const precise = aggregatePortfolio(portfolio([[A, 1]], { [A]: fund(A, { ter: 0.12345 }) }));
    expect(precise.fees).toEqual({ weightedTer: 0.12, coverage: 100, annualCostPer10k: 12.35 });
  });

  it.each([
    [[2, 3], 2.5, 'medium'],
    [[4, 5], 4.5, 'high'],
    [[1, 2], 1.5, 'low'],
    [[1, 1], 1, 'low'],
    [[7, 6], 6.5, 'high'],
  ])('ratings %j weigh %d, band %s', (ratings, srri, band) => {
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 1],
          [B, 1],
        ],
        { [A]: fund(A, { riskRating: ratings[0] }), [B]: fund(B, { riskRating: ratings[1] }) },
      ),
    );
    expect(out.risk).toEqual({ weightedSrri: srri, band, coverage: 100 });
  });

  it('bands 4.49 as medium: the band follows Math.round of the average', () => {
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 51],
          [B, 49],
        ],
        { [A]: fund(A, { riskRating: 4 }), [B]: fund(B, { riskRating: 5 }) },
      ),
    );
    expect(out.risk).toEqual({ weightedSrri: 4.49, band: 'medium', coverage: 100 });
  });

  it('bands on the rounded average and ignores ratings outside 1-7', () => {
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 60],
          [B, 40],
          [C, 50],
        ],
        { [A]: fund(A, { riskRating: 2 }), [B]: fund(B, { riskRating: 5 }), [C]: fund(C, { riskRating: 9 }) },
      ),
    );
    expect(out.risk).toEqual({ weightedSrri: 3.2, band: 'medium', coverage: 66.67 });
    expect(out.positions.map((p) => p.riskRating)).toEqual([2, 5, null]);
  });
});

describe('breakdowns', () => {
  it('covers the funds that disclose a panel and describes the covered part, labels merged ignoring case', () => {
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 60],
          [B, 20],
          [C, 20],
        ],
        {
          [A]: fund(A, {
            sector: [
              { label: 'IT', weight: 50 },
              { label: 'Health', weight: 50 },
            ],
          }),
          [B]: fund(B),
          [C]: fund(C, { sector: [{ label: 'it ', weight: 100 }] }),
        },
      ),
    );
    expect(out.sector).toEqual({
      items: [
        { label: 'IT', weight: 62.5 },
        { label: 'Health', weight: 37.5 },
      ],
      coverage: 80,
    });
  });

  it('rounds, drops zero items, names blank labels Other and orders equal weights by label', () => {
    const out = aggregatePortfolio(
      portfolio([[A, 1]], {
        [A]: fund(A, {
          region: [
            { label: 'Europe', weight: 100 / 3 },
            { label: 'Asia', weight: 100 / 3 },
            { label: ' ', weight: 100 / 3 },
            { label: 'Mars', weight: 0 },
            { label: 'Bad', weight: NaN },
          ],
        }),
      }),
    );
    expect(out.region).toEqual({
      items: [
        { label: 'Asia', weight: 33.33 },
        { label: 'Europe', weight: 33.33 },
        { label: 'Other', weight: 33.33 },
      ],
      coverage: 100,
    });
  });

  it('reads asset allocation, region and credit quality from the funds’ panels', () => {
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 3],
          [B, 1],
        ],
        {
          [A]: fund(A, {
            assetAllocation: [{ label: 'Equity', weight: 100 }],
            region: [{ label: 'Europe', weight: 100 }],
          }),
          [B]: fund(B, {
            assetAllocation: [
              { label: 'Bonds', weight: 90 },
              { label: 'Cash', weight: 10 },
            ],
            creditQuality: [
              { label: 'AAA', weight: 70 },
              { label: 'BBB', weight: 30 },
            ],
          }),
        },
      ),
    );
    expect(out.assetAllocation).toEqual({
      items: [
        { label: 'Equity', weight: 75 },
        { label: 'Bonds', weight: 22.5 },
        { label: 'Cash', weight: 2.5 },
      ],
      coverage: 100,
    });
    expect(out.region).toEqual({ items: [{ label: 'Europe', weight: 100 }], coverage: 75 });
    expect(out.creditQuality).toEqual({
      items: [
        { label: 'AAA', weight: 70 },
        { label: 'BBB', weight: 30 },
      ],
      coverage: 25,
    });
  });

  it('counts a fund without any panel in coverage but in no block', () => {
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 1],
          [B, 1],
        ],
        { [A]: fund(A), [B]: fund(B, { sector: [{ label: 'IT', weight: 100 }], kind: 'equity' }) },
      ),
    );
    expect(out.coverage).toBe(100);
    expect(out.sector.coverage).toBe(50);
    expect([out.assetAllocation, out.region, out.creditQuality, out.geography, out.currency]).toEqual(
      Array(5).fill({ items: [], coverage: 0 }),
    );
    expect(out.kinds).toEqual([
      { label: 'equity', weight: 50 },
      { label: 'other', weight: 50 },
    ]);
  });

  it('looks geography through to the holdings’ countries, the country panel otherwise', () => {
    const holdings = [
      line('Apple', 60, { isin: APPLE, country: 'United States' }),
      line('Toyota', 25, { country: 'Japan' }),
      line('Unknown Co', 5),
      line('USD CASH', 10, { assetClass: 'Cash', country: 'United States' }),
    ];
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 50],
          [B, 50],
        ],
        {
          [A]: fund(A, { geography: [{ label: 'Ireland', weight: 100 }] }, holdings),
          [B]: fund(B, { geography: [{ label: 'United Kingdom', weight: 100 }] }),
        },
      ),
    );
    expect(out.geography).toEqual({
      items: [
        { label: 'United Kingdom', weight: 50 },
        { label: 'United States', weight: 30 },
        { label: 'Japan', weight: 12.5 },
        { label: CASH_AND_DERIVATIVES, weight: 5 },
        { label: 'Other', weight: 2.5 },
      ],
      coverage: 100,
    });
    expect(out.geographyLookThrough).toBe(50);
  });

  it('falls back to the country panel when the holdings state no country but for cash', () => {
    const holdings = [
      line('Apple', 90, { isin: APPLE }),
      line('USD CASH', 10, { assetClass: 'Cash', country: 'United States' }),
    ];
    const out = aggregatePortfolio(
      portfolio([[A, 1]], { [A]: fund(A, { geography: [{ label: 'Ireland', weight: 100 }] }, holdings) }),
    );
    expect(out.geography).toEqual({ items: [{ label: 'Ireland', weight: 100 }], coverage: 100 });
    expect(out.geographyLookThrough).toBe(0);
  });

  it('reads the currency split off holdings only; a share-class currency is no exposure', () => {
    const holdings = [
      line('Apple', 60, { currency: 'USD' }),
      line('Toyota', 30, { currency: 'JPY' }),
      line('USD CASH', 10, { assetClass: 'Cash', currency: 'USD' }),
    ];
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 1],
          [B, 1],
        ],
        { [A]: fund(A, { currency: 'EUR' }, holdings), [B]: fund(B, { currency: 'EUR' }) },
      ),
    );
    expect(out.currency).toEqual({
      items: [
        { label: 'USD', weight: 70 },
        { label: 'JPY', weight: 30 },
      ],
      coverage: 50,
    });
  });
});

describe('top holdings', () => {
  const full = [
    line('Apple Inc', 6, { isin: APPLE }),
    line('Microsoft Corp', 5, { isin: MSFT }),
    line('Nestle', 3),
    line('USD CASH', 10, { assetClass: 'Cash' }),
  ];
  const top = [
    { name: 'APPLE INC', weight: 8 },
    { name: 'Nestlé S.A.', weight: 4 },
    { name: 'Toyota Motor Corp', weight: 2 },
  ];

  it('aggregates full holdings and top holdings across funds, a lower bound, labelled by the largest contributor', () => {
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 50],
          [B, 30],
          [C, 20],
        ],
        { [A]: fund(A, {}, full), [B]: fund(B, { topHoldings: top }), [C]: fund(C) },
      ),
    );
    // Apple 6 × 0.5 + 8 × 0.3 = 5.4, Nestlé 1.5 + 1.2 = 2.7, Microsoft 2.5, Toyota 0.6; over 80% covered.
    expect(out.topHoldings).toEqual({
      items: [
        { label: 'Apple Inc', weight: 6.75 },
        { label: 'Nestle', weight: 3.38 },
        { label: 'Microsoft Corp', weight: 3.13 },
        { label: 'Toyota Motor Corp', weight: 0.75 },
      ],
      coverage: 80,
      note:
        'Full holdings known for 50% of the portfolio; for the other 30% only the largest positions are disclosed, so aggregated weights are a lower bound. ' +
        'The remaining 20% is not covered (no holdings disclosed, or not answered); weights are rescaled to the 80% that is.',
    });
  });

  it('takes the label of the largest scaled line, whichever fund prints it', () => {
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 10],
          [B, 90],
        ],
        { [A]: fund(A, {}, full), [B]: fund(B, { topHoldings: top }) },
      ),
    );
    expect(out.topHoldings.items[0]).toEqual({ label: 'APPLE INC', weight: 7.8 });
  });

  it('prefers full holdings over the top holdings of the same fund, and never lists cash', () => {
    const out = aggregatePortfolio(
      portfolio([[A, 1]], {
        [A]: fund(
          A,
          {
            topHoldings: [
              { name: 'USD CASH', weight: 10 },
              { name: 'Other Co', weight: 9 },
            ],
          },
          full,
        ),
      }),
    );
    expect(out.topHoldings.items.map((i) => i.label)).toEqual(['Apple Inc', 'Microsoft Corp', 'Nestle']);
    expect(out.topHoldings.note).toBe(
      'Full holdings known for 100% of the portfolio, so aggregated weights are complete.',
    );
  });

  it('keeps the 50 largest groups', () => {
    const many = Array.from({ length: 60 }, (_, k) =>
      line(`Company ${String.fromCharCode(65 + (k % 26))}${String.fromCharCode(65 + Math.floor(k / 26))}`, 60 - k),
    );
    const out = aggregatePortfolio(portfolio([[A, 1]], { [A]: fund(A, {}, many) }));
    expect(out.topHoldings.items).toHaveLength(TOP_HOLDINGS_LIMIT);
    expect(out.topHoldings.items.map((i) => i.weight)).toEqual(Array.from({ length: 50 }, (_, k) => 60 - k));
  });

  it('states how complete the aggregation is, also at 0% and 100%', () => {
    expect(topHoldingsNote(0, 0)).toBe('No fund in the portfolio discloses its holdings, so none are aggregated.');
    expect(topHoldingsNote(100, 0)).toBe(
      'Full holdings known for 100% of the portfolio, so aggregated weights are complete.',
    );
    expect(topHoldingsNote(0, 100)).toBe(
      'Only the largest positions are disclosed for the 100% of the portfolio whose funds list holdings, so aggregated weights are a lower bound.',
    );
    expect(topHoldingsNote(62.5, 20)).toBe(
      'Full holdings known for 62.5% of the portfolio; for the other 20% only the largest positions are disclosed, so aggregated weights are a lower bound. ' +
        'The remaining 17.5% is not covered (no holdings disclosed, or not answered); weights are rescaled to the 82.5% that is.',
    );
    expect(topHoldingsNote(40, 0)).toBe(
      'Full holdings known for 40% of the portfolio, so aggregated weights are complete for that part. ' +
        'The remaining 60% is not covered (no holdings disclosed, or not answered); weights are rescaled to the 40% that is.',
    );
    expect(topHoldingsNote(100 / 3, 200 / 3)).toBe(
      'Full holdings known for 33.33% of the portfolio; for the other 66.67% only the largest positions are disclosed, so aggregated weights are a lower bound.',
    );
  });

  it('copes with hostile 200,000-character names', () => {
    const long = 'Acme Holdings '.repeat(15_000);
    const out = aggregatePortfolio(
      portfolio(
        [
          [A, 1],
          [B, 1],
        ],
        {
          [A]: fund(A, {}, [line(`${long}Inc`, 10)]),
          [B]: fund(B, { topHoldings: [{ name: `${long.toUpperCase()}PLC`, weight: 30 }] }),
        },
      ),
    );
    expect(out.topHoldings.items.map((i) => [i.label.length, i.weight])).toEqual([[long.length + 3, 20]]);
  });

  it('aggregates 1,000 funds of 100 to 300 holdings to the known result', () => {
    // Fund f holds securities f..f+n-1 (n = 100 + f % 201) of a 1,300-security universe at 100/n % each,
    // every third fund only its ten largest (by name). Security s then weighs Σ over funds holding it.
    const positions: [string, number][] = [];
    const answers: Record<string, PositionAnswer> = {};
    const expected = new Map<number, number>();
    for (let f = 0; f < 1000; f++) {
      const isin = `LU${String(f).padStart(10, '0')}`;
      const n = 100 + (f % 201);
      const holdings = Array.from({ length: n }, (_, k) =>
        line(`Security X${(f + k).toString(26)} Corp`, 100 / n, { isin: `XS${String(f + k).padStart(10, '0')}` }),
      );
      const topOnly = f % 3 === 0;
      const listed = topOnly ? holdings.slice(0, 10) : holdings;
      listed.forEach((_, k) => expected.set(f + k, (expected.get(f + k) ?? 0) + 100 / n / 1000));
      answers[isin] = topOnly
        ? fund(isin, { topHoldings: listed.map(({ name, weight }) => ({ name, weight })) })
        : fund(isin, {}, holdings);
      positions.push([isin, 1]);
    }
    const out = aggregatePortfolio(portfolio(positions, answers));
    const want = [...expected]
      .map(([s, weight]) => ({ label: `Security X${s.toString(26)} Corp`, weight: Math.round(weight * 100) / 100 }))
      .sort((x, y) => y.weight - x.weight || (x.label < y.label ? -1 : 1))
      .slice(0, 50);
    expect(out.topHoldings.items).toEqual(want);
    expect(out.topHoldings.coverage).toBe(100);
    expect(out.topHoldings.note).toBe(
      'Full holdings known for 66.6% of the portfolio; for the other 33.4% only the largest positions are disclosed, so aggregated weights are a lower bound.',
    );
  });
});

describe('PORTFOLIO_METHODOLOGY', () => {
  it('states a rule for every part of the response', () => {
    const fields = PORTFOLIO_METHODOLOGY.map(([field]) => field);
    for (const field of [
      'positions',
      'coverage',
      'blocks',
      'geography',
      'currency',
      'kinds',
      'fees',
      'risk',
      'topHoldings',
      'matching',
      'pending',
      'invalid',
      'billable',
      'rules',
    ]) {
      expect(fields).toContain(field);
    }
    expect(Object.fromEntries(PORTFOLIO_METHODOLOGY).matching).toBe(HOLDING_MATCH_RULES);
  });
});

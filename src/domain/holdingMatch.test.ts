// Tests of holdingMatch.ts: the rules statement and version, and the cash and derivative predicate.
import { cashOrDerivativeTest, HOLDING_MATCH_RULES, holdingIsin, isCashOrDerivativeHolding } from './holdingMatch';
import type { FundHolding } from './holdings';
import { ISSUER_NOISE } from './issuerKey';

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

describe('HOLDING_MATCH_RULES', () => {
  it('states the issuer key from its own tables', () => {
    for (const phrase of Object.values(ISSUER_NOISE).flat()) expect(HOLDING_MATCH_RULES).toContain(phrase);
  });
});

describe('isCashOrDerivativeHolding', () => {
  it.each<[FundHolding, boolean]>([
    [line('USD CASH', 1, { assetClass: 'Cash' }), true],
    [line('BLK CSH FND TREASURY SL AGENCY', 1, { assetClass: 'Money Market', isin: 'IE00B3L10356' }), true],
    [line('S&P500 EMINI FUT DEC25', 1, { assetClass: 'Futures' }), true],
    [line('EUR/USD', 1, { assetClass: 'FX' }), true],
    [line('Margin', 1, { assetClass: 'Cash Collateral and Margins' }), true],
    [line('Anything', 1, { sector: 'Cash and/or Derivatives' }), true],
    [line('USD Cash', 1), true],
    [line('FX FWD USD/EUR', 1), true],
    [line('Money Market Sweep', 1), true],
    [line('IRS 2.5% 2030 swap', 1), true],
    // Name markers are read only without ISIN, and singular "future"/"option" are companies.
    [line('Cash America International', 1, { isin: 'US14754D1000', assetClass: 'Equity' }), false],
    [line('Future plc', 1), false],
    [line('Option Care Health', 1), false],
    [line('Apple Inc', 1, { assetClass: 'Equity', sector: 'Information Technology' }), false],
  ])('%o → %s', (h, expected) => {
    expect(isCashOrDerivativeHolding(h)).toBe(expected);
    // The matcher's memoised form agrees, asked twice (the second answer comes from the memo).
    const memoised = cashOrDerivativeTest();
    expect([memoised(h, holdingIsin(h.isin) !== null), memoised(h, holdingIsin(h.isin) !== null)]).toEqual([
      expected,
      expected,
    ]);
  });
});

import type { FieldSource, FundData } from '../schema/fund';
import { assembleFund, RISK_RATING_FALLBACK_SOURCE } from './assembleFund';
import { emptyFundData } from './fundSkeleton';
import { FALLBACK_RISK_RATING } from './profileRules';

const KID_SOURCE: FieldSource = {
  document: 'a'.repeat(64),
  kind: 'kid',
  origin: 'library:X/kid.pdf',
  page: 1,
  asOf: '2026-01-01',
  method: 'text',
};

function fund(assetClass: string, riskRating: number | null, sources: FundData['sources'] = {}): FundData {
  const data = emptyFundData('2026-11-23T10:00:00.000Z');
  return { ...data, keyFacts: { ...data.keyFacts, assetClass }, riskRating, sources };
}

describe('assembleFund: where the risk rating comes from', () => {
  it('keeps a disclosed rating and its document source', () => {
    const out = assembleFund(fund('Equity', 4, { riskRating: KID_SOURCE }), null, null);
    expect(out.riskRating).toBe(4);
    expect(out.sources.riskRating).toEqual(KID_SOURCE);
  });

  it('keeps a rating read from the drawn scale with its graphic source', () => {
    const graphic = { ...KID_SOURCE, method: 'graphic' as const };
    const out = assembleFund(fund('Equity', 5, { riskRating: graphic }), null, null);
    expect(out.sources.riskRating).toEqual(graphic);
  });

  it('flags the asset-class fallback when no document states a rating', () => {
    const out = assembleFund(fund('Equity', null), null, null);
    expect(out.riskRating).toBe(FALLBACK_RISK_RATING.equity);
    expect(out.sources.riskRating).toEqual({
      document: '',
      kind: 'rule',
      origin: 'asset-class fallback (methodology)',
      page: null,
      asOf: null,
      method: 'fallback',
    });
    expect(out.profile.riskBand).not.toBeNull();
  });

  it('replaces the source of an out-of-range rating by the fallback flag', () => {
    const out = assembleFund(fund('Bond', 9, { riskRating: KID_SOURCE }), null, null);
    expect(out.riskRating).toBe(FALLBACK_RISK_RATING.fixedIncome);
    expect(out.sources.riskRating).toEqual(RISK_RATING_FALLBACK_SOURCE);
  });

  it('leaves no source when neither a document nor the rule gives a rating', () => {
    expect(assembleFund(fund('', null), null, null).sources).not.toHaveProperty('riskRating');
    expect(assembleFund(fund('', 0, { riskRating: KID_SOURCE }), null, null).sources).not.toHaveProperty('riskRating');
  });

  it('does not share the flag object between funds', () => {
    const a = assembleFund(fund('Equity', null), null, null);
    a.sources.riskRating.origin = 'changed';
    expect(assembleFund(fund('Equity', null), null, null).sources.riskRating.origin).toBe(
      'asset-class fallback (methodology)',
    );
  });

  it('leaves the input untouched', () => {
    const input = fund('Equity', null);
    assembleFund(input, null, null);
    expect(input.sources).toEqual({});
    expect(input.riskRating).toBeNull();
  });
});

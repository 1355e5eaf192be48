import { Profile } from '../schema/fund';
import { emptyFundData } from './fundSkeleton';
import {
  classifyProfile,
  kindFromAssetClass,
  type ProfileInput,
  resolveRiskRating,
  riskBandOf,
  riskRatingFallback,
  structureFromSecurityType,
} from './profile';
import {
  concentrationOf,
  creditQualityOf,
  creditTierOf,
  equityShareBand,
  equityShareOf,
  rateSensitivityOf,
  regionFocusOf,
  regionTiltOf,
  sectorTiltOf,
  valuationOf,
  type WeightedInput,
} from './profileFields';
import { PROFILE_RULES, PROFILE_RULES_VERSION } from './profileRules';

const w = (...pairs: [string, number][]): WeightedInput[] => pairs.map(([label, weight]) => ({ label, weight }));
/** Ten holdings summing to `total`, split unevenly. */
const holdings = (total: number) =>
  Array.from({ length: 10 }, (_, i) => ({ name: `H${i}`, weight: (total * (i + 1)) / 55 }));

describe('rule-set version and description', () => {
  it('is exported from profileRules.ts and re-exported by the skeleton', () => {
    expect(PROFILE_RULES_VERSION).toMatch(/^profile-rules\/\d{4}-\d{2}-\d+$/);
    expect(emptyFundData().profile.rules).toBe(PROFILE_RULES_VERSION);
  });

  it('describes every profile field with unique rule ids', () => {
    const ids = PROFILE_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const described = new Set(PROFILE_RULES.map((r) => r.field));
    for (const field of Object.keys(Profile.shape).filter((f) => f !== 'rules')) expect(described).toContain(field);
    expect(PROFILE_RULES.every((r) => r.condition.length > 0 && !r.condition.includes('undefined'))).toBe(true);
  });
});

describe('kind from assetClass', () => {
  it.each([
    ['Equity', 'equity'],
    ['Global Equities', 'equity'],
    ['US Large-Cap Stock', 'equity'],
    ['Fixed Income', 'fixedIncome'],
    ['Corporate Bonds', 'fixedIncome'],
    ['Emerging Markets Debt', 'fixedIncome'],
    ['EUR Hedged Bond', 'fixedIncome'],
    ['Money Market', 'moneyMarket'],
    ['Money-market fixed income', 'moneyMarket'],
    ['Cash', 'moneyMarket'],
    ['Allocation', 'allocation'],
    ['Multi-Asset', 'allocation'],
    ['Mixed', 'allocation'],
    ['Bond & Equity', 'allocation'],
    ['Alternative', 'alternative'],
    ['Hedge Fund', 'alternative'],
    ['Commodities', 'alternative'],
    ['Equity Long/Short', 'alternative'],
    ['Real Estate', 'other'],
    ['', 'other'],
    ['  ', 'other'],
    ['?!#', 'other'],
  ])('%p -> %p', (assetClass, kind) => expect(kindFromAssetClass(assetClass)).toBe(kind));

  it('tolerates a missing value', () => expect(kindFromAssetClass(undefined)).toBe('other'));
});

describe('riskBand (SRRI) and the fallback', () => {
  it.each([
    [1, 'low'],
    [2, 'low'],
    [3, 'medium'],
    [4, 'medium'],
    [5, 'high'],
    [7, 'high'],
    [0, null],
    [8, null],
    [3.5, null],
    [null, null],
    [Number.NaN, null],
  ])('SRRI %p -> %p', (srri, band) => expect(riskBandOf(srri)).toBe(band));

  it.each([
    ['moneyMarket', {}, 1],
    ['fixedIncome', {}, 3],
    ['allocation', {}, 4],
    ['equity', {}, 5],
    ['equity', { emergingMarkets: true }, 6],
    ['equity', { sectorFund: true }, 6],
    ['alternative', {}, 5],
    ['other', {}, null],
  ] as const)('fallback for %p %p is %p', (kind, hints, rating) =>
    expect(riskRatingFallback(kind, hints)).toBe(rating),
  );

  it('the disclosed indicator wins; the band follows the resolved rating', () => {
    expect(resolveRiskRating({ assetClass: 'Equity', riskRating: 2 })).toBe(2);
    expect(classifyProfile({ assetClass: 'Equity', riskRating: 2 }).riskBand).toBe('low');
    expect(resolveRiskRating({ assetClass: 'Equity', riskRating: null })).toBe(5);
    expect(classifyProfile({ assetClass: 'Money Market' }).riskBand).toBe('low');
    expect(classifyProfile({ assetClass: 'Real Estate' }).riskBand).toBeNull();
  });

  it('emerging-market and sector equity fall back to 6', () => {
    expect(resolveRiskRating({ assetClass: 'Emerging Markets Equity' })).toBe(6);
    expect(resolveRiskRating({ assetClass: 'Equity', region: w(['Emerging Markets', 85], ['Europe', 15]) })).toBe(6);
    expect(resolveRiskRating({ assetClass: 'Equity', sector: w(['Technology', 50], ['Health Care', 50]) })).toBe(6);
    expect(resolveRiskRating({ assetClass: 'Equity', sector: w(['Technology', 49.99], ['Health Care', 50.01]) })).toBe(
      6,
    );
    expect(resolveRiskRating({ assetClass: 'Equity', sector: w(['Technology', 49.99]) })).toBe(5);
  });
});

describe('concentration (ten largest holdings)', () => {
  it.each([
    [50, 'concentrated'],
    [50.01, 'concentrated'],
    [49.99, 'balanced'],
    [30, 'balanced'],
    [29.99, 'diversified'],
    [5, 'diversified'],
  ])('top-10 weight %p -> %p', (total, expected) => expect(concentrationOf(holdings(total))).toBe(expected));

  it('sums only the ten largest', () => {
    const many = [
      ...Array.from({ length: 10 }, (_, i) => ({ name: `A${i}`, weight: 2.9 })),
      { name: 'Big', weight: 3 },
    ];
    expect(concentrationOf(many)).toBe('diversified'); // 3 + 9 x 2.9 = 29.1
    expect(concentrationOf([...many, { name: 'Bigger', weight: 4 }])).toBe('balanced'); // 4 + 3 + 8 x 2.9 = 30.2
  });

  it('is exact at 30 despite floating-point sums', () => {
    expect(concentrationOf([10.1, 19.9].map((weight) => ({ name: 'x', weight })))).toBe('balanced');
    expect(concentrationOf(Array.from({ length: 10 }, () => ({ name: 'x', weight: 3 })))).toBe('balanced');
  });

  it('no usable holdings -> null', () => {
    expect(concentrationOf([])).toBeNull();
    expect(concentrationOf(undefined)).toBeNull();
    expect(
      concentrationOf([
        { name: 'x', weight: Number.NaN },
        { name: 'y', weight: -4 },
      ]),
    ).toBeNull();
  });
});

describe('regionFocus and regionTilt', () => {
  it.each([
    [w(['Europe', 80], ['Asia', 20]), 'Europe'],
    [w(['Europe', 79.99], ['Asia', 20.01]), 'Global'],
    [w(['North America', 100]), 'North America'],
  ])('regions %j -> %p', (region, focus) => expect(regionFocusOf(region, [])).toBe(focus));

  it('prefers a dominant country, and uses countries when no region panel exists', () => {
    expect(regionFocusOf(w(['Europe', 100]), w(['Germany', 85], ['France', 15]))).toBe('Germany');
    expect(regionFocusOf(w(['Europe', 100]), w(['Germany', 60], ['France', 40]))).toBe('Europe');
    expect(regionFocusOf([], w(['Japan', 92], ['Other', 8]))).toBe('Japan');
  });

  it('residual buckets are never a focus', () => {
    expect(regionFocusOf(w(['Other', 85], ['Europe', 15]), [])).toBe('Global');
    expect(regionFocusOf(w(['Cash', 100]), [])).toBeNull();
  });

  it('no exposure data -> null; merged duplicates count together', () => {
    expect(regionFocusOf([], [])).toBeNull();
    expect(regionFocusOf(undefined, undefined)).toBeNull();
    expect(regionFocusOf(w(['Europe', 50], [' europe ', 30], ['Asia', 20]), [])).toBe('Europe');
  });

  it.each([
    [w(['North America', 65], ['Europe', 35]), 'North America'],
    [w(['North America', 50], ['Europe', 50]), 'North America'],
    [w(['North America', 49.99], ['Europe', 30], ['Asia', 20.01]), null],
    [w(['North America', 79.99], ['Europe', 20.01]), 'North America'],
  ])('tilt of %j -> %p', (region, tilt) => {
    expect(regionTiltOf(region, [])).toBe(tilt);
    expect(classifyProfile({ assetClass: 'Equity', region }).regionTilt).toBe(tilt);
  });

  it('a focused fund has no tilt', () => {
    const p = classifyProfile({ assetClass: 'Equity', region: w(['North America', 80], ['Europe', 20]) });
    expect(p.regionFocus).toBe('North America');
    expect(p.regionTilt).toBeNull();
  });
});

describe('sectorTilt and sector funds (equity only)', () => {
  it.each([
    [w(['Technology', 30], ['Health Care', 25]), 'Technology'],
    [w(['Technology', 29.99], ['Health Care', 25]), 'Broad'],
    [w(['Other', 60], ['Health Care', 25]), 'Broad'],
    [[], null],
  ])('sectors %j -> %p', (sector, tilt) => expect(sectorTiltOf(sector)).toBe(tilt));

  it('>= 50% in one sector is a sector fund', () => {
    const at50 = classifyProfile({
      assetClass: 'Equity',
      sector: w(['Technology', 50], ['Communication', 20]),
      peRatio: 30,
      region: w(['Global', 100]),
    });
    expect(at50.category).toBe('Technology Sector Equity');
    expect(at50.sectorTilt).toBe('Technology');
    const below = classifyProfile({
      assetClass: 'Equity',
      sector: w(['Technology', 49.99]),
      peRatio: 30,
      region: w(['Europe', 40], ['Asia', 60]),
    });
    expect(below.category).toBe('Global Equity Growth');
    expect(below.sectorTilt).toBe('Technology');
  });

  it('is null for non-equity funds', () => {
    expect(classifyProfile({ assetClass: 'Bond', sector: w(['Government', 90]) }).sectorTilt).toBeNull();
    expect(classifyProfile({ assetClass: 'Bond', sector: w(['Government', 90]) }).category).toBe('Bond');
  });
});

describe('valuation (P/E, equity only)', () => {
  it.each([
    [14.99, 'value'],
    [15, 'blend'],
    [18, 'blend'],
    [22, 'blend'],
    [22.01, 'growth'],
    ['18.4x', 'blend'],
    ['12,5', 'value'],
    [' 25 ', 'growth'],
    [0, null],
    [-8, null],
    ['n/a', null],
    ['', null],
    [null, null],
  ])('P/E %p -> %p', (pe, expected) => expect(valuationOf(pe)).toBe(expected));

  it('applies to equity only', () =>
    expect(classifyProfile({ assetClass: 'Multi-Asset', peRatio: 10 }).valuation).toBeNull());
});

describe('creditQuality (bonds and money market)', () => {
  it.each([
    [w(['AAA', 20], ['AA', 20], ['A', 20], ['BBB', 40]), 'high'],
    [w(['AAA', 20], ['AA', 20], ['A', 19.99], ['BBB', 40.01]), 'medium'],
    [w(['A', 50], ['BBB', 30], ['BB', 20]), 'medium'],
    [w(['A', 50], ['BBB', 29.99], ['BB', 20.01]), 'low'],
    [w(['BB', 60], ['B', 40]), 'low'],
    [w(['A', 50], ['BBB', 30], ['Not Rated', 20]), 'medium'],
    [w(['A', 50], ['BBB', 29], ['NR', 21]), 'low'],
  ])('%j -> %p', (buckets, expected) => expect(creditQualityOf(buckets)).toBe(expected));

  it('shares are of the recognised rating buckets: cash and unknown labels are left out', () => {
    // 57 of 95 rated = 60% -> high, although 57 < 60 of the whole panel.
    expect(creditQualityOf(w(['AAA', 57], ['BBB', 38], ['Cash', 5]))).toBe('high');
    expect(creditQualityOf(w(['AA', 57], ['BB', 38], ['Derivatives???', 5]))).toBe('high');
  });

  it.each([
    ['AAA', 'high'],
    ['Aaa', 'high'],
    ['AA+', 'high'],
    ['Aa3', 'high'],
    ['A-', 'high'],
    ['A2', 'high'],
    ['A-1+', 'high'],
    ['P-1', 'high'],
    ['F1+', 'high'],
    ['A-2', 'investmentGrade'],
    ['BBB-', 'investmentGrade'],
    ['Baa1', 'investmentGrade'],
    ['Investment Grade', 'investmentGrade'],
    ['BB+', 'subInvestmentGrade'],
    ['Ba2', 'subInvestmentGrade'],
    ['B', 'subInvestmentGrade'],
    ['CCC and below', 'subInvestmentGrade'],
    ['Below B', 'subInvestmentGrade'],
    ['High Yield', 'subInvestmentGrade'],
    ['Non-investment grade', 'subInvestmentGrade'],
    ['D', 'subInvestmentGrade'],
    ['NR', 'notRated'],
    ['Not rated', 'notRated'],
    ['AAA (Government)', 'high'],
    ['AA/Aa', 'high'],
    ['Rated A', 'high'],
    ['Cash', null],
    ['Cash & equivalents', null],
    ['Government', null],
    ['', null],
    ['ZZZ', null],
  ])('rating bucket %p -> %p', (label, tier) => expect(creditTierOf(label)).toBe(tier));

  it('no recognised bucket -> null; applies to bonds and money market only', () => {
    expect(creditQualityOf([])).toBeNull();
    expect(creditQualityOf(w(['Cash', 100], ['???', 3]))).toBeNull();
    expect(
      classifyProfile({ assetClass: 'Money Market', creditQuality: w(['A-1+', 70], ['A-2', 30]) }).creditQuality,
    ).toBe('high');
    expect(classifyProfile({ assetClass: 'Equity', creditQuality: w(['AAA', 100]) }).creditQuality).toBeNull();
  });
});

describe('rateSensitivity (duration)', () => {
  it.each([
    [3.49, 'limited'],
    [3.5, 'moderate'],
    [6, 'moderate'],
    [6.01, 'extensive'],
    [0, 'limited'],
    [-7, 'extensive'],
    ['4.2 years', 'moderate'],
    ['', null],
    [null, null],
  ])('duration %p -> %p', (duration, expected) => expect(rateSensitivityOf(duration)).toBe(expected));

  it('prefers effective over modified duration', () => {
    expect(rateSensitivityOf(2, 8)).toBe('limited');
    expect(rateSensitivityOf('', 8)).toBe('extensive');
    expect(rateSensitivityOf(null, '5')).toBe('moderate');
  });
});

describe('equityShare (allocation only)', () => {
  it('sums the equity buckets as reported', () => {
    expect(equityShareOf(w(['Equity', 45.5], ['Bonds', 40], ['Cash', 14.5]))).toBe(45.5);
    expect(equityShareOf(w(['US Stock', 30], ['Non-US Stock', 20.25], ['Preferred Stock', 5], ['Bond', 44.75]))).toBe(
      50.25,
    );
    expect(equityShareOf(w(['Bonds', 90], ['Cash', 10]))).toBe(0);
  });

  it('null without a recognised bucket', () => {
    expect(equityShareOf([])).toBeNull();
    expect(equityShareOf(w(['???', 50], ['xyz', 50]))).toBeNull();
  });

  it.each([
    [0, '0-20%'],
    [19.99, '0-20%'],
    [20, '20-40%'],
    [40, '40-60%'],
    [59.99, '40-60%'],
    [60, '60-80%'],
    [80, '80-100%'],
    [100, '80-100%'],
    [130, '80-100%'],
    [-5, '0-20%'],
  ])('band of %p -> %p', (share, band) => expect(equityShareBand(share)).toBe(band));

  it('is null for other kinds', () =>
    expect(classifyProfile({ assetClass: 'Equity', assetAllocation: w(['Equity', 98]) }).equityShare).toBeNull());
});

describe('category', () => {
  it.each<[ProfileInput, string]>([
    [{ assetClass: 'Equity', region: w(['Europe', 40], ['North America', 60]), peRatio: 18 }, 'Global Equity Blend'],
    [{ assetClass: 'Equity', geography: w(['United States', 95]), peRatio: 25 }, 'United States Equity Growth'],
    [{ assetClass: 'Equity', region: w(['Emerging Markets', 100]), peRatio: 11 }, 'Emerging Markets Equity Value'],
    [{ assetClass: 'Equity' }, 'Equity'],
    [
      {
        assetClass: 'Fixed Income',
        currency: 'eur',
        creditQuality: w(['AAA', 70], ['BBB', 30]),
        effectiveDuration: 2.1,
      },
      'EUR High Quality Short Duration Bond',
    ],
    [
      { assetClass: 'Bond', currency: 'USD', creditQuality: w(['BB', 100]), modifiedDuration: '7.5' },
      'USD Low Quality Long Duration Bond',
    ],
    [
      { assetClass: 'Bond', currency: 'GBP', creditQuality: w(['BBB', 100]), effectiveDuration: 5 },
      'GBP Medium Quality Intermediate Duration Bond',
    ],
    [{ assetClass: 'Bond', currency: 'euro' }, 'Bond'],
    [{ assetClass: 'Money Market', currency: 'EUR' }, 'EUR Money Market'],
    [{ assetClass: 'Money Market' }, 'Money Market'],
    [{ assetClass: 'Mixed Assets', assetAllocation: w(['Equity', 50], ['Bond', 50]) }, 'Allocation 40-60% Equity'],
    [{ assetClass: 'Allocation' }, 'Allocation'],
    [{ assetClass: 'Commodities' }, 'Commodities'],
    [{ assetClass: 'Alternative' }, 'Alternative'],
    [{ assetClass: '  Real   Estate ' }, 'Real Estate'],
    [{ assetClass: '' }, ''],
  ])('%j -> %p', (input, category) => expect(classifyProfile(input).category).toBe(category));
});

describe('classifyProfile as a whole', () => {
  it('empty input: nothing derived, valid Profile', () => {
    const p = classifyProfile({ assetClass: '' });
    expect(p).toEqual({
      kind: 'other',
      category: '',
      riskBand: null,
      concentration: null,
      regionFocus: null,
      regionTilt: null,
      sectorTilt: null,
      valuation: null,
      creditQuality: null,
      rateSensitivity: null,
      equityShare: null,
      rules: PROFILE_RULES_VERSION,
    });
    expect(Profile.parse(p)).toEqual(p);
  });

  it('garbage everywhere still yields a valid Profile', () => {
    const garbage = w(['', 50], ['   ', 30], ['???', Number.NaN], ['n/a', 90]);
    const p = classifyProfile({
      assetClass: '@@@',
      currency: '12',
      riskRating: 99,
      topHoldings: [{ name: '', weight: Number.POSITIVE_INFINITY }],
      region: garbage,
      geography: garbage,
      sector: garbage,
      creditQuality: garbage,
      assetAllocation: garbage,
      peRatio: 'abc',
      effectiveDuration: 'n/a',
    });
    expect(Profile.parse(p)).toEqual(p);
    expect(p).toMatchObject({ kind: 'other', category: '@@@', riskBand: null, concentration: null, regionFocus: null });
  });

  it('a full equity fund', () => {
    const p = classifyProfile({
      assetClass: 'Equity',
      riskRating: 6,
      topHoldings: holdings(35),
      region: w(['North America', 70], ['Europe', 20], ['Asia', 10]),
      sector: w(['Technology', 32], ['Financials', 15]),
      peRatio: '21.9',
    });
    expect(p).toEqual({
      kind: 'equity',
      category: 'Global Equity Blend',
      riskBand: 'high',
      concentration: 'balanced',
      regionFocus: 'Global',
      regionTilt: 'North America',
      sectorTilt: 'Technology',
      valuation: 'blend',
      creditQuality: null,
      rateSensitivity: null,
      equityShare: null,
      rules: PROFILE_RULES_VERSION,
    });
  });
});

describe('structureFromSecurityType', () => {
  it.each([
    ['UCITS ETF', 'etf'],
    ['Exchange Traded Fund', 'etf'],
    ['Open-ended fund', 'open-ended fund'],
    ['Open End Fund', 'open-ended fund'],
    ['SICAV', 'open-ended fund'],
    ['UCITS', 'open-ended fund'],
    ['OEIC', 'open-ended fund'],
    ['FCP', 'open-ended fund'],
    ['Unit Trust', 'open-ended fund'],
    ['Closed-end fund', 'closed-ended fund'],
    ['Investment Trust', 'closed-ended fund'],
    ['SICAF', 'closed-ended fund'],
    ['SCPI', 'real estate fund'],
    ['REIT', 'real estate fund'],
    ['Pension plan', 'other'],
    ['', ''],
    ['  ', ''],
    ['n/a', ''],
    ['---', ''],
    [null, ''],
  ])('%p -> %p', (label, structure) => expect(structureFromSecurityType(label)).toBe(structure));
});

describe('rules reading text from documents (hostile values)', () => {
  // Values reach the rules from documents anyone can upload: each is read in one pass. A quadratic
  // reading of these inputs would take minutes, past the test timeout (figures: npm run bench).
  const n = 200_000;

  it('reads the first figure of a value, whatever follows it', () => {
    expect(rateSensitivityOf(`1${','.repeat(n)}1`)).toBeNull(); // not a number: no figure, no guess
    expect(rateSensitivityOf(`2.5${','.repeat(n)}`)).toBe('limited');
    expect(rateSensitivityOf('7.5 years')).toBe('extensive');
    expect(rateSensitivityOf('4,5')).toBe('moderate');
    expect(valuationOf(`18.4x${'.'.repeat(n)}`)).toBe('blend');
  });

  it('drops parenthesised asides without rescanning unclosed ones', () => {
    expect(creditTierOf('('.repeat(n))).toBeNull();
    expect(creditTierOf(`AAA ${'('.repeat(n)}`)).toBe('high');
    expect(creditTierOf('BBB (investment grade)')).toBe('investmentGrade');
  });
});

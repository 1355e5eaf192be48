import type { FieldSource } from '../schema/fund';
import { type DocumentMention, type FundProvenance, matchesStamp, planDerivedData, stampInstant } from './derivedData';

const sha = (c: string) => c.repeat(64);
const src = (document: string, kind: string, extra: Partial<FieldSource> = {}): FieldSource => ({
  document,
  kind,
  origin: `library:ZZ/${kind}`,
  page: null,
  asOf: null,
  ...extra,
});

const fund = (over: Partial<FundProvenance> = {}): FundProvenance => ({
  isin: 'ZZSMPL000014',
  generatedAt: '2026-11-23T10:00:05.678Z',
  sources: {},
  holdings: null,
  filed: [],
  ...over,
});

const filed = (sha256: string, kind: DocumentMention['kind']): DocumentMention => ({
  sha256,
  kind,
  origin: 'filed:holdings.xlsx',
  mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  retrievedAt: '2026-11-20T00:00:00.000Z',
  recipe: null,
});

const STAMP = { loadedAt: '2026-11-23 10:00:04', asOf: '2026-10-31', count: 3 };

describe('planDerivedData', () => {
  it('reads the NAV again from the document the analytics name, which must end on the date they state', () => {
    const plan = planDerivedData(
      fund({
        sources: {
          'keyFacts.inception': src(sha('b'), 'nav'),
          cumulativePerformance: src(sha('a'), 'nav', { asOf: '2026-10-30' }),
          dataAsOf: src(sha('a'), 'nav', { asOf: '2026-10-29' }),
          riskRating: src(sha('k'), 'kid'),
        },
      }),
    );
    expect(plan.nav).toEqual({
      candidates: [
        { sha256: sha('a'), kind: 'nav', origin: 'library:ZZ/nav', mediaType: null, retrievedAt: null, recipe: null },
      ],
      lastDate: '2026-10-30',
    });
  });

  it('takes the as-of date source when no analytics field was filled, without a date to check; no NAV when none', () => {
    expect(planDerivedData(fund({ sources: { dataAsOf: src(sha('a'), 'nav') } })).nav).toMatchObject({
      candidates: [{ sha256: sha('a') }],
      lastDate: null,
    });
    expect(planDerivedData(fund({ sources: { 'keyFacts.inception': src(sha('b'), 'nav') } })).nav).toBeNull();
  });

  it("reads the holdings again from the stamp's own document when it names one", () => {
    const plan = planDerivedData(
      fund({
        sources: { geography: src(sha('h'), 'holdings'), sector: src(sha('t'), 'tpt') },
        holdings: { ...STAMP, document: sha('t') },
      }),
    );
    expect(plan.holdings?.candidates.map((m) => [m.sha256, m.kind])).toEqual([[sha('t'), 'tpt']]);
    // Named by nothing else: each holdings kind is tried.
    const unnamed = planDerivedData(fund({ holdings: { ...STAMP, document: sha('x') } }));
    expect(unnamed.holdings?.candidates.map((m) => [m.sha256, m.kind])).toEqual([
      [sha('x'), 'holdings'],
      [sha('x'), 'tpt'],
    ]);
  });

  it('otherwise tries every holdings file, then every TPT, named or filed; never a document the load skipped', () => {
    const plan = planDerivedData(
      fund({
        sources: {
          assetAllocation: src(sha('t'), 'tpt'),
          'keyFacts.holdings': src(sha('f'), 'factsheet', {
            conflicts: [{ document: sha('h'), kind: 'holdings', value: 3, asOf: null }],
          }),
          [`skipped.${sha('s')}`]: src(sha('s'), 'holdings', { skipped: 'no holdings header' }),
        },
        holdings: STAMP,
        filed: [filed(sha('u'), 'holdings'), filed(sha('t'), 'tpt')],
      }),
    );
    expect(plan.holdings?.candidates.map((m) => [m.sha256, m.kind, m.origin])).toEqual([
      [sha('h'), 'holdings', ''],
      [sha('u'), 'holdings', 'filed:holdings.xlsx'],
      [sha('t'), 'tpt', 'library:ZZ/tpt'],
    ]);
    expect(plan.holdings?.stamp).toBe(STAMP);
  });

  it("writes under the summary's stamp, else at the payload's second; no holdings without a stamp", () => {
    expect(planDerivedData(fund({ holdings: STAMP })).loadedAt.toISOString()).toBe('2026-11-23T10:00:04.000Z');
    const bare = planDerivedData(fund());
    expect(bare.loadedAt.toISOString()).toBe('2026-11-23T10:00:05.000Z');
    expect(bare.holdings).toBeNull();
  });
});

describe('matchesStamp', () => {
  const lines = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      name: `Line ${i}`,
      issuer: null,
      isin: null,
      weight: 1,
      country: null,
      sector: null,
      assetClass: null,
      currency: null,
    }));

  it('asks for as many lines, the same as-of date and, when the stamp names it, the same document', () => {
    expect(matchesStamp(STAMP, { asOf: '2026-10-31', holdings: lines(3) }, sha('a'))).toBe(true);
    expect(matchesStamp(STAMP, { asOf: '2026-10-31', holdings: lines(4) }, sha('a'))).toBe(false);
    expect(matchesStamp(STAMP, { asOf: null, holdings: lines(3) }, sha('a'))).toBe(false);
    expect(matchesStamp({ ...STAMP, document: sha('b') }, { asOf: '2026-10-31', holdings: lines(3) }, sha('a'))).toBe(
      false,
    );
    expect(matchesStamp({ ...STAMP, asOf: null }, { asOf: null, holdings: lines(3) }, sha('a'))).toBe(true);
  });
});

describe('stampInstant', () => {
  it('reads the DateTime text of a stamp as UTC and refuses anything else', () => {
    expect(stampInstant('2026-11-23 10:00:04').toISOString()).toBe('2026-11-23T10:00:04.000Z');
    expect(() => stampInstant('2026-11-23T10:00:04Z')).toThrow(TypeError);
    expect(() => stampInstant('')).toThrow(TypeError);
  });
});

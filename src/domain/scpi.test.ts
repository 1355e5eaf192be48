import { ScpiData } from '../schema/scpi';
import {
  capitalisationEur,
  distributionRatePct,
  emptyScpiData,
  pgaPct,
  premiumToReconstitutionPct,
  priceOnFirstJanuary,
  roundTo,
  scpiSearchKey,
  scpiSlug,
} from './scpi';

describe('emptyScpiData', () => {
  it('is a valid ScpiData with nothing stated', () => {
    const data = emptyScpiData('2025-10-01T00:00:00.000Z');
    expect(ScpiData.parse(data)).toEqual(data);
    expect(data.generatedAt).toBe('2025-10-01T00:00:00.000Z');
    expect(data.keyFacts.sharePriceEur).toBeNull();
    expect(data.performance.distributionRateByYear).toEqual([]);
    expect(data.performance.tri).toEqual({ y5: null, y10: null, y15: null });
    expect(data.sources).toEqual({});
  });

  it('has every field of the schema, no more (strict parse)', () => {
    expect(() => ScpiData.strict().parse(emptyScpiData())).not.toThrow();
    const groups = ['keyFacts', 'performance', 'portfolio', 'fees', 'debt', 'liquidity', 'distribution'] as const;
    for (const group of groups) {
      const shape = Object.keys(ScpiData.shape[group].shape).sort();
      expect(Object.keys(emptyScpiData()[group]).sort()).toEqual(shape);
    }
  });

  it('answers a fresh object each time', () => {
    const a = emptyScpiData();
    a.performance.sharePriceHistory.push({ date: '2025-01-01', priceEur: 1 });
    expect(emptyScpiData().performance.sharePriceHistory).toEqual([]);
  });
});

describe('scpiSlug', () => {
  it.each([
    ['SCPI Épargne Pierre', 'epargne-pierre'],
    ['Épargne Pierre Europe', 'epargne-pierre-europe'],
    ["Coeur d'Europe", 'coeur-d-europe'],
    ['Cœur de Régions', 'coeur-de-regions'],
    ['Comète', 'comete'],
    ['  SCPI   Iroko   Zen  ', 'iroko-zen'],
    ['scpi iroko zen', 'iroko-zen'],
    ['PF Grand Paris', 'pf-grand-paris'],
    ['Corum XL', 'corum-xl'],
    ['Remake Live!', 'remake-live'],
    ['SCPIs du Sud', 'scpis-du-sud'],
    ['SCPI', 'scpi'],
    ['---', ''],
  ])('%s -> %s', (name, slug) => {
    expect(scpiSlug(name)).toBe(slug);
  });
});

describe('scpiSearchKey', () => {
  it('folds accents, case and blanks', () => {
    expect(scpiSearchKey('Épargne')).toBe(scpiSearchKey('epargne'));
    expect(scpiSearchKey('ÉPARGNE  Pierre')).toBe('epargne pierre');
    expect(scpiSearchKey('Cœur')).toBe('coeur');
    expect(scpiSearchKey('Coeur d’Europe')).toBe("coeur d'europe");
    expect(scpiSearchKey('Île-de-France')).toBe('ile-de-france');
  });
});

describe('distributionRatePct (ASPIM)', () => {
  it('divides the gross distribution of the year by the 1 January price', () => {
    expect(distributionRatePct(12.24, 204)).toBe(6);
    expect(distributionRatePct(41.17, 664)).toBe(6.2);
    expect(distributionRatePct(11.0, 200)).toBe(5.5);
  });

  it('rounds to two decimals', () => {
    expect(distributionRatePct(10, 3)).toBe(333.33);
    expect(distributionRatePct(1.005, 100)).toBe(1.01);
  });

  it('is null without an input or with an unusable price', () => {
    expect(distributionRatePct(null, 204)).toBeNull();
    expect(distributionRatePct(12, null)).toBeNull();
    expect(distributionRatePct(12, undefined)).toBeNull();
    expect(distributionRatePct(12, 0)).toBeNull();
    expect(distributionRatePct(12, -1)).toBeNull();
    expect(distributionRatePct(Number.NaN, 200)).toBeNull();
    expect(distributionRatePct(-1, 200)).toBeNull();
  });

  it('zero distribution is a zero rate, not a missing one', () => {
    expect(distributionRatePct(0, 200)).toBe(0);
  });
});

describe('premiumToReconstitutionPct', () => {
  it('is (price / reconstitution - 1) x 100', () => {
    expect(premiumToReconstitutionPct(664, 681.94)).toBe(-2.63);
    expect(premiumToReconstitutionPct(204, 212.39)).toBe(-3.95);
    expect(premiumToReconstitutionPct(220, 200)).toBe(10);
    expect(premiumToReconstitutionPct(200, 200)).toBe(0);
  });

  it('is null without an input', () => {
    expect(premiumToReconstitutionPct(null, 200)).toBeNull();
    expect(premiumToReconstitutionPct(200, null)).toBeNull();
    expect(premiumToReconstitutionPct(200, 0)).toBeNull();
    expect(premiumToReconstitutionPct(0, 200)).toBeNull();
  });
});

describe('pgaPct', () => {
  it('adds the change of the price over the year to the distribution rate', () => {
    expect(pgaPct(6.02, 200, 204)).toBe(8.02);
    expect(pgaPct(5, 200, 190)).toBe(0);
    expect(pgaPct(6.2, 664, 664)).toBe(6.2);
  });

  it('is null without an input', () => {
    expect(pgaPct(null, 200, 204)).toBeNull();
    expect(pgaPct(6, null, 204)).toBeNull();
    expect(pgaPct(6, 200, null)).toBeNull();
  });
});

describe('capitalisationEur', () => {
  it('multiplies shares by the price', () => {
    expect(capitalisationEur(6_155_352, 204)).toBe(1_255_691_808);
    expect(capitalisationEur(null, 204)).toBeNull();
    expect(capitalisationEur(10, null)).toBeNull();
  });
});

describe('priceOnFirstJanuary', () => {
  const history = [
    { date: '2021-03-01', priceEur: 200 },
    { date: '2023-01-01', priceEur: 202 },
    { date: '2025-08-01', priceEur: 204 },
  ];

  it('is the last price in force on 1 January', () => {
    expect(priceOnFirstJanuary(history, 2022)).toBe(200);
    expect(priceOnFirstJanuary(history, '2023')).toBe(202);
    expect(priceOnFirstJanuary(history, 2025)).toBe(202);
    expect(priceOnFirstJanuary(history, 2026)).toBe(204);
  });

  it('is null before the history starts', () => {
    expect(priceOnFirstJanuary(history, 2021)).toBeNull();
    expect(priceOnFirstJanuary([], 2025)).toBeNull();
  });
});

describe('roundTo', () => {
  it('rounds half away from zero at the given places', () => {
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(-2.635, 2)).toBe(-2.64);
    expect(roundTo(5, 2)).toBe(5);
  });
});

import { emptyFundData } from '../../domain/fundSkeleton';
import type { FieldSource, FundData } from '../../schema/fund';
import type { FactsheetPageOptions, FactsheetSnapshot } from './index';

/**
 * Fixtures for the factsheet's tests: a fund with every block filled (modelled on the sample equity
 * fund ZZSMPL000014 as the service returns it), the empty fund, partial and hostile variants.
 * Long series are generated, deterministically.
 */

export const FIXTURE_ISIN = 'ZZSMPL000014';
export const FIXTURE_NAME = 'Sample Global Equity Fund Acc';
export const FIXTURE_CREATED_AT = '2026-11-23T18:56:15.299Z';

export function pageOptions(overrides: Partial<FactsheetPageOptions> = {}): FactsheetPageOptions {
  return { language: 'en', variant: 'page', pdfUrl: 'https://api.example.com/api/v1/shared/factsheets/abc/pdf', createdAt: FIXTURE_CREATED_AT, ...overrides };
}

/** A small deterministic pseudo-random generator (LCG), so generated series are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const isoDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/** `count` month-end (or daily) points from January 2012, fund and index walking from 100. */
export function indexedPoints(count: number, withIndex = true, daily = false): FundData['indexedPerformance']['points'] {
  const scale = daily ? 0.22 : 1;
  const random = seeded(14);
  const points: FundData['indexedPerformance']['points'] = [];
  let fund = 100;
  let index = 100;
  for (let i = 0; i < count; i++) {
    const at = daily ? Date.UTC(2012, 0, 2 + i) : i === 0 ? Date.UTC(2012, 0, 2) : Date.UTC(2012, i + 1, 0);
    if (i > 0) {
      const market = (random() - (daily ? 0.497 : 0.46)) * 0.07 * scale;
      fund *= 1 + market + (random() - 0.5) * 0.012 * scale;
      index *= 1 + market + (random() - 0.495) * 0.01 * scale;
    }
    points.push({ date: isoDay(at), fund: round2(fund), index: withIndex ? round2(index) : null });
  }
  return points;
}

/** `count` calendar years ending in 2025, with fund and index returns. */
export function calendarYears(count: number): FundData['calendarReturns'] {
  const random = seeded(2025);
  const years: string[] = [];
  const fund: number[] = [];
  const benchmark: number[] = [];
  for (let i = 0; i < count; i++) {
    years.push(String(2025 - count + 1 + i));
    fund.push(round2((random() - 0.35) * 40));
    benchmark.push(round2((random() - 0.35) * 36));
  }
  return { years, fund, benchmark };
}

function source(kind: string, file: string, asOf: string, page: number | null): FieldSource {
  return { document: `${kind}0000000000000000000000000000000000000000000000000000000000000`.slice(0, 64), kind, origin: `library:${FIXTURE_ISIN}/${file}`, page, asOf };
}

function fixtureSources(): FundData['sources'] {
  const kid = (page: number) => source('kid', 'kid.pdf', '2026-02-16', page);
  const factsheet = source('factsheet', 'factsheet.pdf', '2026-10-30', 1);
  const holdings = source('holdings', 'holdings.csv', '2026-10-30', null);
  const nav = source('nav', 'nav.csv', '2026-10-30', null);
  return {
    name: kid(1), 'keyFacts.manager': kid(1), investmentObjective: kid(1), riskRating: kid(1), benchmarkName: kid(1), sfdrArticle: kid(1),
    'costs.recommendedHoldingPeriod': kid(1), 'costs.entry': kid(2), 'costs.exit': kid(2), 'costs.ongoing': kid(2), 'costs.transaction': kid(2),
    'costs.performanceFee': kid(2), 'costs.riy1y': kid(2), 'costs.riyRhp': kid(2),
    'keyFacts.currency': source('ept', 'ept.csv', '2026-02-16', null),
    'keyFacts.aum': factsheet, 'headlineMetrics.aum': factsheet, 'keyFacts.inception': factsheet, topHoldings: factsheet, sector: factsheet,
    'keyFacts.assetClass': factsheet, securityType: factsheet, shareClass: factsheet, 'keyFacts.distribution': factsheet,
    'keyFacts.holdings': factsheet, 'metrics.peRatio': factsheet, 'headlineMetrics.ter': factsheet,
    geography: holdings, assetAllocation: holdings,
    dataAsOf: nav, cumulativePerformance: nav, indexedPerformance: nav, calendarReturns: nav, annualisedReturns: nav,
    'headlineMetrics.volatility3y': nav, 'headlineMetrics.sharpe3y': nav, 'metrics.volatility3y': nav, 'metrics.sharpe3y': nav, 'metrics.maxDrawdown': nav,
  };
}

const weights = (pairs: [string, number][]) => pairs.map(([label, weight]) => ({ label, weight }));

/** The sample equity fund with every block of the sheet filled. */
export function fullFundData(): FundData {
  const data = emptyFundData('2026-11-23T18:56:15.299Z');
  const points = indexedPoints(179);
  return {
    ...data,
    investmentObjective:
      'This is a sample fund. Its objective is to achieve long-term capital growth by investing in global equity securities. The fund is managed with reference to its benchmark index.',
    securityType: 'UCITS ETF',
    structure: 'etf',
    shareClass: 'Acc EUR',
    keyFacts: {
      assetClass: 'Equity', subAsset: 'Global Equity Blend', currency: 'EUR', aum: 'EUR 3,721.1 million', inception: '2012-01-01',
      distribution: 'Accumulating', holdings: 61, manager: 'Sample Asset Management S.A.',
    },
    benchmarkName: 'Sample Global Equity Index',
    riskRating: 4,
    profile: {
      ...data.profile, kind: 'equity', category: 'Global Equity Blend', riskBand: 'medium', concentration: 'concentrated',
      regionFocus: 'Global', sectorTilt: 'Broad', valuation: 'blend',
    },
    topHoldings: [
      ['ALPHA MATERIALS INC', 14.3], ['HARBOR ENERGY AG', 8.22], ['ORCHID RETAIL SA', 5.94], ['VERTEX MATERIALS PLC', 4.72], ['EMBER SOFTWARE CORP', 3.95],
      ['LUMEN MEDIA INC', 3.41], ['SUMMIT MEDIA AG', 3.02], ['BEACON MEDIA SA', 2.71], ['IRIS SOFTWARE PLC', 2.47], ['PIONEER ENERGY CORP', 2.27],
    ].map(([name, weight]) => ({ name: name as string, weight: weight as number })),
    geography: weights([
      ['United States', 48.35], ['France', 13.89], ['Japan', 9.87], ['Germany', 8.55], ['Switzerland', 7.51], ['Canada', 7.48],
      ['United Kingdom', 3.39], ['Cash and/or Derivatives', 0.96],
    ]),
    sector: weights([
      ['Materials', 24.79], ['Consumer Discretionary', 13.73], ['Communication', 12.46], ['Information Technology', 11.8], ['Energy', 11.7],
      ['Financials', 5.24], ['Health Care', 4.51], ['Utilities', 4.19], ['Industrials', 3.95], ['Real Estate', 3.36], ['Consumer Staples', 3.31],
      ['Cash and/or Derivatives', 0.96],
    ]),
    assetAllocation: weights([['Equity', 99.04], ['Cash', 0.96]]),
    calendarReturns: {
      years: ['2012', '2013', '2014', '2015', '2016', '2017', '2018', '2019', '2020', '2021', '2022', '2023', '2024', '2025'],
      fund: [-0.82, 7.73, 23.77, -8.92, 19.18, 22.34, 6.81, 2.97, -19.45, 0.21, 8.99, -6.92, 22.7, 5.21],
      benchmark: [-8.22, 4.47, 18.15, -4.74, 27.07, 28.07, 1.6, 8.09, -13.96, 0.67, 0.82, -11.9, 29.44, 16.34],
    },
    cumulativePerformance: points.map((point) => ({ date: point.date, fund: round2((point.fund ?? 100) - 100), benchmark: round2((point.index ?? 100) - 100) })),
    indexedPerformance: { points, hasIndex: true },
    annualisedReturns: [
      { label: '1 Year', fund: -24.94, index: -23.7 }, { label: '3 Years p.a.', fund: 0.31, index: 3.8 }, { label: '5 Years p.a.', fund: 0.18, index: 0.31 },
      { label: '10 Years p.a.', fund: 1.88, index: 2.98 }, { label: 'Since Inception', fund: 3.28, index: 3.79 },
    ],
    headlineMetrics: { ter: '0.24%', aum: 'EUR 3,721.1 million', volatility3y: '15.02%', sharpe3y: '0.03', yieldToMaturity: '', modifiedDuration: '' },
    metrics: { ...data.metrics, peRatio: '17.0', volatility3y: '15.02%', sharpe3y: '0.03', maxDrawdown: '-33.04%' },
    sfdrArticle: 8,
    costs: {
      entry: '3.00%', exit: '0.00%', ongoing: '0.24%', transaction: '0.06%', performanceFee: '0.00%', riy1y: '3.30%', riyRhp: '0.90%',
      recommendedHoldingPeriod: '5 years',
    },
    dataAsOf: '2026-10-30',
    sources: fixtureSources(),
  };
}

export function fullSnapshot(): FactsheetSnapshot {
  return { isin: FIXTURE_ISIN, name: FIXTURE_NAME, generatedAt: '2026-11-23T18:56:15.299Z', data: fullFundData() };
}

/** A snapshot of the fund with nothing disclosed but what `overrides` sets. */
export function snapshotWith(overrides: Partial<FundData> = {}, name: string | null = FIXTURE_NAME): FactsheetSnapshot {
  return { isin: FIXTURE_ISIN, name, generatedAt: '2026-11-23T18:56:15.299Z', data: { ...emptyFundData('2026-11-23T18:56:15.299Z'), ...overrides } };
}

/** Text that breaks out of HTML, attributes or SVG if any of it reaches the page unescaped. */
export const HOSTILE = `<script>alert(1)</script>"onload="alert(2)' & <img src=x onerror=alert(3)>`;

/** The full fund with hostile text in every field that comes from documents. */
export function hostileSnapshot(): FactsheetSnapshot {
  const data = fullFundData();
  const hostileSources = Object.fromEntries(
    Object.entries(data.sources).map(([path, entry]) => [path, { ...entry, kind: `${HOSTILE}`, origin: `library:X/${HOSTILE}.pdf`, asOf: HOSTILE }]),
  );
  return {
    isin: FIXTURE_ISIN,
    name: `Fund ${HOSTILE}`,
    generatedAt: data.generatedAt,
    data: {
      ...data,
      investmentObjective: `Objective ${HOSTILE}`,
      shareClass: HOSTILE,
      benchmarkName: `Index ${HOSTILE}`,
      keyFacts: { ...data.keyFacts, manager: `Manager ${HOSTILE}`, aum: HOSTILE, inception: HOSTILE, holdings: HOSTILE },
      profile: { ...data.profile, category: HOSTILE, regionFocus: HOSTILE },
      topHoldings: data.topHoldings.map((holding, i) => ({ ...holding, name: `${i} ${HOSTILE}` })),
      sector: data.sector.map((item, i) => ({ ...item, label: `${i} ${HOSTILE}` })),
      geography: data.geography.map((item, i) => ({ ...item, label: `${i} ${HOSTILE}` })),
      assetAllocation: data.assetAllocation.map((item, i) => ({ ...item, label: `${i} ${HOSTILE}` })),
      calendarReturns: { ...data.calendarReturns, years: data.calendarReturns.years.map((year) => `${year}${HOSTILE}`) },
      annualisedReturns: data.annualisedReturns.map((period) => ({ ...period, label: HOSTILE })),
      costs: { ...data.costs, recommendedHoldingPeriod: HOSTILE },
      metrics: { ...data.metrics, averageRating: HOSTILE },
      sources: hostileSources,
    },
  };
}

/** The full fund with every variable-length field far past what a page holds. */
export function hugeSnapshot(): FactsheetSnapshot {
  const data = fullFundData();
  const longName = (prefix: string) => `${prefix} ${'Extraordinarily Long Name '.repeat(40)}`.slice(0, 1000);
  return {
    isin: FIXTURE_ISIN,
    name: longName('Fund'),
    generatedAt: data.generatedAt,
    data: {
      ...data,
      investmentObjective: 'The fund seeks growth. '.repeat(900).slice(0, 20000),
      benchmarkName: longName('Index'),
      keyFacts: { ...data.keyFacts, manager: longName('Manager') },
      topHoldings: Array.from({ length: 500 }, (_, i) => ({ name: `${longName(`Holding ${i}`)}`, weight: round2(5 - i * 0.009) })),
      sector: Array.from({ length: 40 }, (_, i) => ({ label: longName(`Sector ${i}`), weight: 40 - i })),
      geography: Array.from({ length: 120 }, (_, i) => ({ label: `Country ${i}`, weight: round2(10 - i * 0.08) })),
      calendarReturns: calendarYears(60),
      indexedPerformance: { points: indexedPoints(5000, true, true), hasIndex: true },
    },
  };
}

/** The names of every attribute of every tag of an HTML document (its attribute values are all double-quoted). */
export function attributeNames(html: string): string[] {
  const names: string[] = [];
  for (const [tag] of html.matchAll(/<[a-zA-Z][^>]*>/g)) {
    const withoutValues = tag.replace(/"[^"]*"/g, '""');
    for (const [, name] of withoutValues.matchAll(/\s([^\s="/>]+)(?==|\s|\/?>)/g)) names.push(name.toLowerCase());
  }
  return names;
}

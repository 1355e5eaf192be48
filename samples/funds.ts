import { isinCheckDigit } from '../src/schema/isin';

/**
 * The fictional funds of the sample library. Everything is derived deterministically from the
 * fund's index; ISINs use the user-assigned country code ZZ so that no invented figure ever sits
 * under a real fund's ISIN, and every name says it is a sample.
 */
type SampleAssetClass = 'Equity' | 'Fixed Income' | 'Money Market' | 'Multi Asset' | 'Alternative';

interface SampleHolding {
  name: string;
  assetClass: 'Equity' | 'Fixed Income' | 'Money Market' | 'Cash';
  ticker: string;
  weight: number;
  sector: string;
  country: string;
  currency: string;
  /** Bonds and money market instruments. */
  rating?: string;
  maturity?: string;
  cic?: string;
}

export interface SampleFund {
  index: number;
  isin: string;
  name: string;
  shareClass: string;
  manager: string;
  currency: string;
  assetClass: SampleAssetClass;
  theme: string;
  securityType: string;
  distribution: 'Accumulating' | 'Distributing';
  benchmark: string | null;
  inception: string;
  aumMillions: number;
  sri: number;
  rhpYears: number;
  costs: { entry: number; exit: number; ongoing: number; transaction: number; performanceFee: number };
  sfdrArticle: 6 | 8 | 9 | null;
  objective: string;
  /** Language of the fund's key document. */
  language: SampleKeyDocumentLanguage;
  /** Which key document the fund publishes. */
  keyDocument: 'kid' | 'kiid' | null;
  hasFactsheet: boolean;
  holdingsFormat: 'ishares-csv' | 'plain-csv' | 'xlsx' | 'tpt-json' | null;
  hasNav: boolean;
  hasEpt: boolean;
  drift: number;
  vol: number;
  peRatio: number | null;
  yieldToMaturity: number | null;
  modifiedDuration: number | null;
  holdings: SampleHolding[];
}

export function sampleIsin(n: number): string {
  const body = `ZZSMPL${String(n).padStart(5, '0')}`;
  return body + isinCheckDigit(body);
}

/** mulberry32: a small seeded PRNG, so the library is the same on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type SampleKeyDocumentLanguage = 'en' | 'fr' | 'de' | 'it' | 'es' | 'nl' | 'pt';
/** Key documents in every language the service reads, English the most common (as in a European library). */
const KEY_DOCUMENT_LANGUAGES: SampleKeyDocumentLanguage[] = ['en', 'de', 'it', 'en', 'es', 'nl', 'fr', 'pt'];

const MANAGERS = ['Sample Asset Management S.A.', 'Example Capital Partners Ltd', 'Demo Investors SAS'];
const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF'];

interface Archetype {
  assetClass: SampleAssetClass;
  themes: string[];
  sri: number;
  rhp: number;
  ongoing: number;
  drift: number;
  vol: number;
}

const ARCHETYPES: Archetype[] = [
  {
    assetClass: 'Equity',
    themes: [
      'Global Equity',
      'Europe Equity',
      'US Equity',
      'Emerging Markets Equity',
      'Technology Equity',
      'Japan Equity',
      'Global Value Equity',
      'Healthcare Equity',
    ],
    sri: 4,
    rhp: 5,
    ongoing: 0.002,
    drift: 0.07,
    vol: 0.15,
  },
  {
    assetClass: 'Fixed Income',
    themes: [
      'Euro Government Bond',
      'Global Aggregate Bond',
      'US Corporate Bond',
      'High Yield Bond',
      'Short Duration Bond',
      'Long Duration Government Bond',
      'Emerging Markets Debt',
      'Green Bond',
    ],
    sri: 2,
    rhp: 3,
    ongoing: 0.0015,
    drift: 0.025,
    vol: 0.05,
  },
  {
    assetClass: 'Money Market',
    themes: [
      'Euro Liquidity',
      'USD Treasury Money Market',
      'Sterling Liquidity',
      'Swiss Franc Money Market',
      'Euro Short Term Money Market',
      'USD Liquidity',
      'Euro Cash Plus',
      'Global Liquidity',
    ],
    sri: 1,
    rhp: 1,
    ongoing: 0.001,
    drift: 0.02,
    vol: 0.003,
  },
  {
    assetClass: 'Multi Asset',
    themes: [
      'Balanced Allocation',
      'Defensive Allocation',
      'Growth Allocation',
      'Income Allocation',
      'Flexible Allocation',
      'Moderate Allocation',
      'Target 2040 Allocation',
      'Conservative Allocation',
    ],
    sri: 3,
    rhp: 4,
    ongoing: 0.009,
    drift: 0.045,
    vol: 0.09,
  },
  {
    assetClass: 'Alternative',
    themes: [
      'Global Macro',
      'Long Short Equity',
      'Market Neutral',
      'Managed Futures',
      'Event Driven',
      'Multi Strategy',
      'Commodities',
      'Infrastructure',
    ],
    sri: 5,
    rhp: 5,
    ongoing: 0.014,
    drift: 0.04,
    vol: 0.12,
  },
];

const SECURITY_TYPES = [
  'UCITS ETF',
  'Open-ended investment company (SICAV)',
  'Fonds commun de placement (FCP)',
  'OEIC sub-fund',
];

export function sampleFunds(): SampleFund[] {
  return Array.from({ length: 40 }, (_, i) => sampleFund(i));
}

function sampleFund(i: number): SampleFund {
  const archetype = ARCHETYPES[i % ARCHETYPES.length];
  const theme = archetype.themes[Math.floor(i / ARCHETYPES.length)];
  const rand = prng(7919 * (i + 1));
  const distributing = i % 3 === 1;
  const currency = currencyOf(theme) ?? CURRENCIES[i % CURRENCIES.length];
  const shareClass = `${distributing ? 'Dist' : 'Acc'} ${currency}`;
  const isMoney = archetype.assetClass === 'Money Market';
  const isBond = archetype.assetClass === 'Fixed Income';
  const isEquity = archetype.assetClass === 'Equity';
  const hasBenchmark = i % 4 !== 3 && archetype.assetClass !== 'Alternative';
  const sri = Math.min(
    7,
    Math.max(
      1,
      archetype.sri +
        (theme.includes('Emerging') || theme.includes('Technology') || theme.includes('High Yield') ? 1 : 0),
    ),
  );
  const ongoing = round(archetype.ongoing * (0.8 + rand() * 0.6), 4);
  const fund: SampleFund = {
    index: i,
    isin: sampleIsin(i + 1),
    name: `Sample ${theme} Fund ${distributing ? 'Dist' : 'Acc'}`,
    shareClass,
    manager: MANAGERS[i % MANAGERS.length],
    currency,
    assetClass: archetype.assetClass,
    theme,
    securityType: SECURITY_TYPES[i % SECURITY_TYPES.length],
    distribution: distributing ? 'Distributing' : 'Accumulating',
    benchmark: hasBenchmark
      ? `Sample ${theme.replace(/ (Equity|Bond|Allocation|Money Market|Liquidity)$/, '')} ${isEquity ? 'Equity ' : isBond ? 'Bond ' : ''}Index`
      : null,
    inception: `${2012 + (i % 11)}-${String(1 + (i % 12)).padStart(2, '0')}-${i % 2 ? '15' : '01'}`,
    aumMillions: round(50 + rand() * 4950, 1),
    sri,
    rhpYears: archetype.rhp,
    costs: {
      entry: i % 6 === 0 ? 0.03 : 0,
      exit: 0,
      ongoing,
      transaction: round(ongoing / 4, 4),
      performanceFee: archetype.assetClass === 'Alternative' ? 0.002 : 0,
    },
    sfdrArticle: i % 5 === 0 ? 8 : i % 7 === 0 ? 9 : i % 3 === 0 ? 6 : null,
    objective: objectiveFor(theme, hasBenchmark),
    language: KEY_DOCUMENT_LANGUAGES[i % KEY_DOCUMENT_LANGUAGES.length],
    keyDocument: i % 11 === 10 ? null : i % 5 === 2 ? 'kiid' : 'kid',
    hasFactsheet: i % 7 !== 6,
    holdingsFormat:
      archetype.assetClass === 'Alternative' && i % 2
        ? null
        : isBond || isMoney
          ? 'tpt-json'
          : (['ishares-csv', 'plain-csv', 'xlsx'] as const)[i % 3],
    hasNav: i % 9 !== 8,
    hasEpt: i % 4 !== 2,
    drift: archetype.drift,
    vol: archetype.vol,
    peRatio: isEquity ? round(11 + rand() * 16, 1) : null,
    yieldToMaturity: isBond || isMoney ? round(1.5 + rand() * 4, 2) : null,
    modifiedDuration: isBond
      ? round(
          theme.includes('Short') ? 1.5 + rand() * 1.5 : theme.includes('Long') ? 8 + rand() * 6 : 3.5 + rand() * 3,
          2,
        )
      : isMoney
        ? round(0.1 + rand() * 0.3, 2)
        : null,
    holdings: [],
  };
  fund.holdings = holdingsFor(fund, rand);
  return fund;
}

/** The currency a theme implies (a Euro fund is in EUR); other themes cycle through the list. */
function currencyOf(theme: string): string | null {
  if (/^(Euro|Europe)/.test(theme)) return 'EUR';
  if (/^(US|USD)\b/.test(theme)) return 'USD';
  if (/^Sterling/.test(theme)) return 'GBP';
  if (/^Swiss/.test(theme)) return 'CHF';
  return null;
}

function objectiveFor(theme: string, hasBenchmark: boolean): string {
  const goal =
    theme.includes('Money') || theme.includes('Liquidity')
      ? 'to preserve capital and provide a return in line with money market rates'
      : theme.includes('Bond') || theme.includes('Debt')
        ? 'to provide income and capital growth over the medium term'
        : 'to achieve long-term capital growth';
  const how = hasBenchmark
    ? 'The fund is managed with reference to its benchmark index.'
    : 'The fund is actively managed without reference to a benchmark.';
  return `This is a sample fund. Its objective is ${goal} by investing in ${theme.toLowerCase()} securities. ${how}`;
}

const SECTORS = [
  'Information Technology',
  'Financials',
  'Health Care',
  'Industrials',
  'Consumer Discretionary',
  'Communication',
  'Consumer Staples',
  'Energy',
  'Materials',
  'Utilities',
  'Real Estate',
];
const COUNTRIES: Record<string, string[]> = {
  Global: [
    'United States',
    'United States',
    'United States',
    'Japan',
    'United Kingdom',
    'France',
    'Germany',
    'Switzerland',
    'Canada',
  ],
  Europe: ['France', 'Germany', 'United Kingdom', 'Switzerland', 'Netherlands', 'Spain', 'Italy'],
  US: ['United States'],
  Japan: ['Japan'],
  'Emerging Markets': ['China', 'India', 'Taiwan', 'Korea (South)', 'Brazil', 'South Africa'],
};
const WORDS = [
  'Alpha',
  'Beacon',
  'Cedar',
  'Delta',
  'Ember',
  'Falcon',
  'Granite',
  'Harbor',
  'Iris',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Orchid',
  'Pioneer',
  'Quartz',
  'Riverside',
  'Summit',
  'Tidal',
  'Umber',
  'Vertex',
  'Willow',
  'Zenith',
];
const SUFFIX: Record<string, string> = {
  'Information Technology': 'Software',
  Financials: 'Bank',
  'Health Care': 'Pharma',
  Industrials: 'Industries',
  'Consumer Discretionary': 'Retail',
  Communication: 'Media',
  'Consumer Staples': 'Foods',
  Energy: 'Energy',
  Materials: 'Materials',
  Utilities: 'Power',
  'Real Estate': 'Properties',
};
const RATINGS = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B'];

function regionOf(theme: string): string {
  if (theme.startsWith('Europe') || theme.startsWith('Euro')) return 'Europe';
  if (theme.startsWith('US') || theme.startsWith('USD')) return 'US';
  if (theme.startsWith('Japan')) return 'Japan';
  if (theme.startsWith('Emerging')) return 'Emerging Markets';
  return 'Global';
}

function holdingsFor(fund: SampleFund, rand: () => number): SampleHolding[] {
  const count = fund.assetClass === 'Money Market' ? 25 : fund.assetClass === 'Equity' ? 60 + fund.index : 40;
  const countries = COUNTRIES[regionOf(fund.theme)];
  // Zipf-like weights, a heavier head for concentrated themes.
  const skew = fund.theme.includes('Technology') || fund.theme.includes('Healthcare') ? 1.2 : 0.8;
  const raw = Array.from({ length: count }, (_, k) => 1 / (k + 1) ** skew);
  const total = raw.reduce((a, b) => a + b, 0);
  const cash = fund.assetClass === 'Money Market' ? 0 : 1;
  const equityShare =
    fund.assetClass === 'Multi Asset' ? (EQUITY_SHARE.find(([re]) => re.test(fund.theme))?.[1] ?? 0.5) : null;
  const holdings: SampleHolding[] = raw.map((r, k) => {
    // Multi-asset funds: even lines are equities, odd lines bonds, scaled to the theme's equity share.
    const asBond =
      fund.assetClass === 'Fixed Income' || fund.assetClass === 'Money Market' || (equityShare !== null && k % 2 === 1);
    const sector = fund.theme.includes('Technology')
      ? k % 5 === 4
        ? 'Communication'
        : 'Information Technology'
      : fund.theme.includes('Healthcare')
        ? k % 6 === 5
          ? 'Consumer Staples'
          : 'Health Care'
        : SECTORS[Math.floor(rand() * SECTORS.length)];
    const word = WORDS[(k * 7 + fund.index) % WORDS.length];
    const country = countries[Math.floor(rand() * countries.length)];
    const share = equityShare === null ? 1 : (k % 2 === 0 ? equityShare : 1 - equityShare) * 2;
    const weight = round(((100 - cash) * r * share) / total, 2);
    if (asBond) {
      const years =
        fund.assetClass === 'Money Market' ? rand() * 0.9 : (fund.modifiedDuration ?? 5) * (0.3 + rand() * 1.6);
      const maturity = addYears('2026-10-31', years);
      const government = fund.theme.includes('Government') || fund.theme.includes('Treasury') || k % 4 === 0;
      const rating = fund.theme.includes('High Yield')
        ? RATINGS[3 + Math.floor(rand() * 3)]
        : fund.assetClass === 'Money Market'
          ? RATINGS[Math.floor(rand() * 3)]
          : RATINGS[Math.floor(rand() * 4)];
      return {
        assetClass: fund.assetClass === 'Money Market' ? 'Money Market' : 'Fixed Income',
        name: government
          ? `Sample Republic of ${country} ${(1 + rand() * 4).toFixed(2)}% ${maturity.slice(0, 4)}`
          : `${word} ${SUFFIX[sector]} Corp ${(1 + rand() * 5).toFixed(2)}% ${maturity.slice(0, 4)}`,
        ticker: `${word.slice(0, 3).toUpperCase()}${k}`,
        weight,
        sector: government
          ? 'Government'
          : fund.assetClass === 'Money Market'
            ? k % 3
              ? 'Commercial Paper'
              : 'Certificate of Deposit'
            : 'Corporate',
        country,
        currency: fund.currency,
        rating,
        maturity,
        cic: fund.assetClass === 'Money Market' ? (k % 3 ? 'XX51' : 'XX52') : government ? 'XX12' : 'XX22',
      };
    }
    return {
      assetClass: 'Equity',
      name: `${word} ${SUFFIX[sector]} ${['Inc', 'AG', 'SA', 'plc', 'Corp'][k % 5]}`.toUpperCase(),
      ticker: `${word.slice(0, 3).toUpperCase()}${k}`,
      weight,
      sector,
      country,
      currency: fund.currency,
      cic: 'XX31',
    };
  });
  if (cash)
    holdings.push({
      assetClass: 'Cash',
      name: `${fund.currency} CASH`,
      ticker: fund.currency,
      weight: round(100 - holdings.reduce((a, h) => a + h.weight, 0), 2),
      sector: 'Cash and/or Derivatives',
      country: '-',
      currency: fund.currency,
      cic: 'XX71',
    });
  return holdings;
}

const EQUITY_SHARE: [RegExp, number][] = [
  [/Defensive|Conservative/, 0.3],
  [/Moderate|Income/, 0.45],
  [/Balanced|Flexible/, 0.55],
  [/Growth|Target/, 0.75],
];

function addYears(date: string, years: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + Math.round(years * 365.25));
  return d.toISOString().slice(0, 10);
}

export function round(n: number, decimals: number): number {
  return Number(n.toFixed(decimals));
}

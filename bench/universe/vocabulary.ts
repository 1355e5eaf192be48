/**
 * The words a synthetic universe is made of: fictional management houses, fund themes (with the
 * accented words real European fund names carry), countries and the parts of security names.
 * Every house and security is invented; names say "Synthetic" or are made-up words.
 */

export type SyntheticAssetClass = 'Equity' | 'Fixed Income' | 'Money Market' | 'Multi Asset';
export type SecurityType = 'equity' | 'bond' | 'moneyMarket';

export interface Country {
  name: string;
  region: string;
  currency: string;
  /** Relative share of the security pool. */
  weight: number;
  legalForms: readonly string[];
}

const NORTH_AMERICA = 'North America';
const EUROPE = 'Europe';
const ASIA_PACIFIC = 'Asia Pacific';
const EMERGING = 'Emerging Markets';

export const COUNTRIES: readonly Country[] = [
  { name: 'United States', region: NORTH_AMERICA, currency: 'USD', weight: 30, legalForms: ['Inc', 'Corp'] },
  { name: 'Canada', region: NORTH_AMERICA, currency: 'CAD', weight: 3, legalForms: ['Inc', 'Ltd'] },
  { name: 'United Kingdom', region: EUROPE, currency: 'GBP', weight: 8, legalForms: ['plc'] },
  { name: 'France', region: EUROPE, currency: 'EUR', weight: 6, legalForms: ['SA'] },
  { name: 'Germany', region: EUROPE, currency: 'EUR', weight: 6, legalForms: ['AG', 'SE'] },
  { name: 'Switzerland', region: EUROPE, currency: 'CHF', weight: 4, legalForms: ['AG'] },
  { name: 'Netherlands', region: EUROPE, currency: 'EUR', weight: 3, legalForms: ['NV'] },
  { name: 'Spain', region: EUROPE, currency: 'EUR', weight: 2, legalForms: ['SA'] },
  { name: 'Italy', region: EUROPE, currency: 'EUR', weight: 2, legalForms: ['SpA'] },
  { name: 'Sweden', region: EUROPE, currency: 'SEK', weight: 2, legalForms: ['AB'] },
  { name: 'Denmark', region: EUROPE, currency: 'DKK', weight: 1.5, legalForms: ['A/S'] },
  { name: 'Japan', region: ASIA_PACIFIC, currency: 'JPY', weight: 7, legalForms: ['Co Ltd', 'Corp'] },
  { name: 'Australia', region: ASIA_PACIFIC, currency: 'AUD', weight: 2.5, legalForms: ['Ltd'] },
  { name: 'Hong Kong', region: ASIA_PACIFIC, currency: 'HKD', weight: 1.5, legalForms: ['Ltd'] },
  { name: 'Singapore', region: ASIA_PACIFIC, currency: 'SGD', weight: 1, legalForms: ['Ltd'] },
  { name: 'China', region: EMERGING, currency: 'CNY', weight: 5, legalForms: ['Co Ltd'] },
  { name: 'India', region: EMERGING, currency: 'INR', weight: 3, legalForms: ['Ltd'] },
  { name: 'Taiwan', region: EMERGING, currency: 'TWD', weight: 2.5, legalForms: ['Corp'] },
  { name: 'Korea (South)', region: EMERGING, currency: 'KRW', weight: 2, legalForms: ['Co Ltd'] },
  { name: 'Brazil', region: EMERGING, currency: 'BRL', weight: 1.5, legalForms: ['SA'] },
  { name: 'Mexico', region: EMERGING, currency: 'MXN', weight: 1, legalForms: ['SAB de CV'] },
  { name: 'South Africa', region: EMERGING, currency: 'ZAR', weight: 1, legalForms: ['Ltd'] },
];

export const EQUITY_SECTORS = [
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
] as const;

/** The word a company of the sector carries in its name ("Synthetic Alpha Acorn Software Inc"). */
export const SECTOR_WORDS: Record<(typeof EQUITY_SECTORS)[number], string> = {
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

/** Security names are built from these by the security's number, so the first 20,800 are all different. */
export const NAME_WORDS_A = [
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
  'Aurora',
  'Boreal',
  'Cobalt',
  'Dune',
  'Evergreen',
  'Fjord',
  'Glacier',
  'Horizon',
  'Ivory',
  'Jade',
  'Keystone',
  'Lantern',
  'Monarch',
  'Northstar',
  'Onyx',
  'Prairie',
];
export const NAME_WORDS_B = [
  'Acorn',
  'Bridge',
  'Canyon',
  'Dale',
  'Echo',
  'Field',
  'Grove',
  'Heights',
  'Island',
  'Jetty',
  'Knoll',
  'Lake',
  'Mesa',
  'Nook',
  'Oasis',
  'Peak',
  'Quay',
  'Ridge',
  'Stone',
  'Trail',
  'Union',
  'Valley',
  'Wharf',
  'Yard',
  'Arch',
  'Brook',
  'Crest',
  'Dell',
  'Estuary',
  'Forge',
  'Gate',
  'Hollow',
  'Inlet',
  'Junction',
  'Kiln',
  'Ledge',
  'Mill',
  'Needle',
  'Orbit',
  'Point',
];
/** A third word once every pair of the two lists above is taken ('' for the first round). */
export const NAME_WORDS_C = [
  '',
  'United',
  'North',
  'First',
  'New',
  'Royal',
  'Atlantic',
  'Continental',
  'Pacific',
  'Central',
  'Western',
  'Eastern',
  'Southern',
];

/** Ratings with their relative frequency, by kind of issuer. */
export const GOVERNMENT_RATINGS: readonly [string, number][] = [
  ['AAA', 3],
  ['AA', 3],
  ['A', 2],
  ['BBB', 1.5],
  ['BB', 0.5],
];
export const CORPORATE_RATINGS: readonly [string, number][] = [
  ['AA', 1],
  ['A', 3],
  ['BBB', 4],
  ['BB', 2],
  ['B', 1],
];
export const SHORT_TERM_RATINGS: readonly [string, number][] = [
  ['A-1+', 2],
  ['A-1', 4],
  ['A-2', 1],
];

/**
 * Fictional management houses: invented brand words (checked against no register, chosen to sound
 * like nothing real) with a form that says what they are.
 */
export const MANAGER_BRANDS = [
  'Aldervane',
  'Brumecourt',
  'Cindral',
  'Dovemere',
  'Estrelle',
  'Fenwarde',
  'Galdric',
  'Halvoryn',
  'Isendor',
  'Jorvane',
  'Kestrix',
  'Lumarre',
  'Montclavel',
  'Norrevik',
  'Orvanne',
  'Pellucine',
  'Quarrowind',
  'Rosmarel',
  'Solvenne',
  'Tarrowby',
  'Ulverin',
  'Valcrest',
  'Wendmoor',
  'Xandrel',
  'Yarrowdell',
  'Zephyrine',
  'Ambrevent',
  'Belcastine',
  'Corlandt',
  'Deverelle',
  'Élanvert',
  'Falconeth',
  'Grisvald',
  'Hélicourt',
  'Ivrandel',
  'Jasperine',
  'Korvalis',
  'Lindqvarn',
  'Mérovance',
  'Nordelvik',
  'Ostrevane',
  'Pivermont',
  'Quintessor',
  'Raventhal',
  'Saulnière',
  'Thornvale',
  'Umbrasco',
  'Velloran',
  'Wyndracht',
  'Xérolia',
  'Ysolderen',
  'Zandvoss',
  'Arquebel',
  'Bréhaven',
  'Castellume',
  'Dunmarrow',
  'Eskarel',
  'Fjellborg',
  'Gauthrel',
  'Hespervale',
];
export const MANAGER_FORMS = [
  'Synthetic Asset Management',
  'Synthetic Investors S.A.',
  'Gestion Synthétique SAS',
  'Synthetic Capital Partners Ltd',
  'Synthetische Kapitalverwaltung GmbH',
];

/** Where a theme invests: a region, one country, or anywhere. */
export interface Reach {
  region?: string;
  country?: string;
}

export interface Theme {
  words: string;
  assetClass: SyntheticAssetClass;
  reach: Reach;
  /** The share-class currency the theme implies; otherwise one is drawn. */
  currency?: string;
}

const GLOBAL: Reach = {};
const EU: Reach = { region: EUROPE };
const NA: Reach = { region: NORTH_AMERICA };
const UK: Reach = { country: 'United Kingdom' };

const THEMES: readonly Theme[] = [
  { words: 'Global Equity', assetClass: 'Equity', reach: GLOBAL },
  { words: 'Global Dividend', assetClass: 'Equity', reach: GLOBAL },
  { words: 'Actions Monde', assetClass: 'Equity', reach: GLOBAL },
  { words: 'Global Small Cap', assetClass: 'Equity', reach: GLOBAL },
  { words: 'Europe Equity', assetClass: 'Equity', reach: EU },
  { words: 'Actions Europe', assetClass: 'Equity', reach: EU },
  { words: 'Small Cap Europe', assetClass: 'Equity', reach: EU },
  { words: 'Europe Dividend Equity', assetClass: 'Equity', reach: EU },
  { words: 'Großbritannien Aktien', assetClass: 'Equity', reach: UK },
  { words: 'UK Equity Income', assetClass: 'Equity', reach: UK, currency: 'GBP' },
  { words: 'US Equity', assetClass: 'Equity', reach: NA, currency: 'USD' },
  { words: 'Amérique Actions', assetClass: 'Equity', reach: NA },
  { words: 'Japan Equity', assetClass: 'Equity', reach: { country: 'Japan' } },
  { words: 'Asia Pacific Equity', assetClass: 'Equity', reach: { region: ASIA_PACIFIC } },
  { words: 'Emerging Markets Equity', assetClass: 'Equity', reach: { region: EMERGING } },
  { words: 'Marchés Émergents Actions', assetClass: 'Equity', reach: { region: EMERGING } },
  { words: 'Obligations Euro', assetClass: 'Fixed Income', reach: EU, currency: 'EUR' },
  { words: 'Euro Government Bond', assetClass: 'Fixed Income', reach: EU, currency: 'EUR' },
  { words: 'Global Aggregate Bond', assetClass: 'Fixed Income', reach: GLOBAL },
  { words: 'Crédit Européen', assetClass: 'Fixed Income', reach: EU, currency: 'EUR' },
  { words: 'Global High Yield Bond', assetClass: 'Fixed Income', reach: GLOBAL },
  { words: 'Obligations Court Terme', assetClass: 'Fixed Income', reach: EU, currency: 'EUR' },
  { words: 'US Corporate Bond', assetClass: 'Fixed Income', reach: NA, currency: 'USD' },
  { words: 'Emerging Markets Debt', assetClass: 'Fixed Income', reach: { region: EMERGING } },
  { words: 'Unternehmensanleihen Europa', assetClass: 'Fixed Income', reach: EU, currency: 'EUR' },
  { words: 'Green Bond', assetClass: 'Fixed Income', reach: GLOBAL },
  { words: 'Trésorerie Euro', assetClass: 'Money Market', reach: EU, currency: 'EUR' },
  { words: 'Euro Liquidity', assetClass: 'Money Market', reach: EU, currency: 'EUR' },
  { words: 'Monétaire Court Terme', assetClass: 'Money Market', reach: EU, currency: 'EUR' },
  { words: 'USD Treasury Money Market', assetClass: 'Money Market', reach: NA, currency: 'USD' },
  { words: 'Geldmarkt Euro', assetClass: 'Money Market', reach: EU, currency: 'EUR' },
  { words: 'Sterling Liquidity', assetClass: 'Money Market', reach: UK, currency: 'GBP' },
  { words: 'Épargne Équilibre', assetClass: 'Multi Asset', reach: GLOBAL },
  { words: 'Patrimoine Flexible', assetClass: 'Multi Asset', reach: GLOBAL },
  { words: 'Balanced Allocation', assetClass: 'Multi Asset', reach: GLOBAL },
  { words: 'Défensif', assetClass: 'Multi Asset', reach: GLOBAL },
  { words: 'Growth Allocation', assetClass: 'Multi Asset', reach: GLOBAL },
  { words: 'Vermögensverwaltung Ausgewogen', assetClass: 'Multi Asset', reach: GLOBAL },
  { words: 'Income Allocation', assetClass: 'Multi Asset', reach: GLOBAL },
  { words: 'Société Prudence', assetClass: 'Multi Asset', reach: GLOBAL },
];

/**
 * Themes a whole universe can be limited to: `globalEquity` makes every fund draw from the same securities (overlap).
 */
export const THEME_SETS = {
  mixed: THEMES,
  globalEquity: THEMES.filter((t) => t.assetClass === 'Equity' && !t.reach.region && !t.reach.country),
} as const;
export type ThemeSet = keyof typeof THEME_SETS;

/** Words between the house and the theme, '' most often. */
export const QUALIFIERS = [
  '',
  '',
  '',
  '',
  'Sélection',
  'Responsable',
  'ESG',
  'Index',
  'Plus',
  'Select',
  'Opportunités',
  'Sustainable',
  'Société',
];

/** Share-class letters; a class with a letter names its currency ("I EUR Acc"). */
export const CLASS_LETTERS = ['', '', 'A', 'I', 'R', 'C', 'Z'];

export const FUND_CURRENCIES: readonly [string, number][] = [
  ['EUR', 50],
  ['USD', 28],
  ['GBP', 10],
  ['CHF', 7],
  ['SEK', 5],
];

export const SECURITY_TYPES = [
  'SICAV (UCITS)',
  'Fonds commun de placement (FCP)',
  'OEIC sub-fund',
  'UCITS ETF',
  'Unit trust',
];

/** Per asset class: ongoing charges range (percent), SRI range, how much cash the fund keeps (percent range). */
export const ASSET_CLASS_TRAITS: Record<
  SyntheticAssetClass,
  { ter: [number, number]; sri: [number, number]; cash: [number, number] }
> = {
  Equity: { ter: [0.1, 1.8], sri: [4, 6], cash: [0.2, 3] },
  'Fixed Income': { ter: [0.05, 1.0], sri: [2, 4], cash: [0.5, 4] },
  'Money Market': { ter: [0.05, 0.3], sri: [1, 1], cash: [2, 8] },
  'Multi Asset': { ter: [0.4, 2.0], sri: [3, 5], cash: [1, 6] },
};

/** Typos a person makes in the theme words above, for search benchmarks; each corrects to a word that exists. */
export const TYPOS = ['glbal', 'dividnd', 'eqity', 'obligatons', 'eurpe', 'alocation', 'emergng', 'liquidty'];

/** The accent-free forms people type for accented words of the names above. */
export const UNACCENTED = [
  'epargne',
  'societe',
  'selection',
  'grossbritannien',
  'tresorerie',
  'monetaire',
  'marches emergents',
  'credit europeen',
  'amerique',
  'defensif',
  'opportunites',
];

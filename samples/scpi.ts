import fs from 'node:fs/promises';
import path from 'node:path';

import { emptyScpiData, scpiSlug } from '../src/domain/scpi';
import { isinCheckDigit } from '../src/schema/isin';
import { prng, round } from './funds';
import { type ScpiDocumentContent, scpiDocumentContents, scpiDocuments, type ScpiStatement } from './scpiDocuments';
import type {
  SampleScpiDocument,
  ScpiBulletinPlan,
  ScpiCapitalType,
  ScpiPeriodFigures,
  ScpiProfile,
  Weighted,
} from './scpiProfile';
import { CATEGORY_LABEL, type ScpiCategory } from './scpiWording';

/**
 * The fictional SCPI of the sample library (French real-estate funds): every name says it is a sample,
 * the management companies are invented, and an ISIN, when the documents give one, uses the
 * user-assigned country code ZZ (`ZZSCPI` + digits + a valid check digit), never a real SCPI's.
 *
 * Each SCPI is a plan (category, capital type, which documents it publishes, its price steps) and
 * figures derived from its index with the seeded `prng`; scpiDocuments.ts writes its bulletins, DIC,
 * annual report and note d'information from them, recording every figure each document states.
 * `sampleScpis()` merges those statements the way the service must: the newest document stating a
 * figure wins. The figures stay within the ranges of the real SCPI in shared/realdocs/scpi and follow
 * the ASPIM definitions (taux de distribution = gross distribution per share of the year / subscription
 * price on 1 January × 100; capitalisation = shares × subscription price; valeur de retrait = price less
 * the subscription commission excluding VAT).
 *
 * Library layout: `<root>/scpi/<slug>/` with `bulletin-<year>-t<q>.pdf` (or `-s<half>`), `dic.pdf`,
 * `rapport-annuel-<year>.pdf`, `note-information.pdf`.
 */

/** The payload figures the documents state (src/schema/scpi.ts groups); null / [] where no document states one. */
interface SampleScpiExpected {
  keyFacts: {
    name: string;
    managementCompany: string;
    isin: string | null;
    category: ScpiCategory | null;
    capitalType: ScpiCapitalType | null;
    creationYear: number | null;
    capitalisationEur: number | null;
    sharePriceEur: number | null;
    withdrawalPriceEur: number | null;
    subscriptionFeesPct: number | null;
    managementFeesPct: number | null;
    minimumSubscriptionShares: number | null;
    minimumSubscriptionEur: number | null;
    delayOfJouissance: string | null;
    riskIndicator: number | null;
    sfdrArticle: number | null;
    labelIsr: boolean | null;
  };
  performance: {
    distributionRateByYear: { year: string; value: number }[];
    distributionPerShareByYear: { year: string; value: number }[];
    tri: { y5: number | null; y10: number | null; y15: number | null };
    reconstitutionValueEur: number | null;
    realisationValueEur: number | null;
    sharePriceHistory: { date: string; priceEur: number }[];
    lastQuarterDistributionPerShareEur: number | null;
    premiumToReconstitutionPct: number | null;
    pgaPct: number | null;
  };
  portfolio: {
    numberOfProperties: number | null;
    surfaceSqm: number | null;
    numberOfTenants: number | null;
    financialOccupancyRatePct: number | null;
    physicalOccupancyRatePct: number | null;
    walbYears: number | null;
    waltYears: number | null;
    sectorSplit: Weighted[];
    geographicSplit: Weighted[];
  };
  fees: {
    subscriptionPct: number | null;
    managementPct: number | null;
    transferPct: number | null;
    arbitragePct: number | null;
  };
  debt: { debtRatioPct: number | null; ltvPct: number | null };
  liquidity: {
    sharesAwaitingWithdrawal: number | null;
    numberOfShareholders: number | null;
    netInflowsEur: number | null;
    period: string | null;
  };
  distribution: {
    year: string | null;
    rentalIncomeEur: number | null;
    financialIncomeEur: number | null;
    foreignIncomeSharePct: number | null;
  };
  /** Date of the newest document (YYYY-MM-DD). */
  dataAsOf: string;
}

/** An older document's statement that a newer one contradicts (the newer one wins). */
interface SupersededStatement {
  /** Dotted payload path; series entries add their key: "performance.distributionRateByYear[2024]". */
  field: string;
  file: string;
  value: unknown;
  winner: { file: string; value: unknown };
}

export interface SampleScpi {
  index: number;
  slug: string;
  name: string;
  isin: string | null;
  managementCompany: string;
  category: ScpiCategory;
  capitalType: ScpiCapitalType;
  creationYear: number;
  documents: SampleScpiDocument[];
  /** What a reader of all its documents must find, the newest document winning field by field. */
  expected: SampleScpiExpected;
  /**
   * The file each expected field comes from, by dotted path ("keyFacts.sharePriceEur"); for a series,
   * the newest file contributing to it. `performance.premiumToReconstitutionPct` is "computed" when no
   * document states it but price and reconstitution value are known. The figures outside the payload
   * (`sharesOutstanding`, `recommendedHoldingYears`) are keyed by their own names.
   */
  sources: Record<string, string>;
  /** Every older statement a newer document contradicts (price or occupancy moved on, and so on). */
  superseded: SupersededStatement[];
  /** The designed disagreement: the latest bulletin against an older DIC. */
  disagreement: {
    field: string;
    older: { file: string; date: string; value: number };
    newer: { file: string; date: string; value: number };
  } | null;
  /** Figures the documents state outside the payload. */
  sharesOutstanding: number | null;
  recommendedHoldingYears: number | null;
}

const COMPANIES = [
  'Sample Pierre Gestion SAS',
  'Sample Patrimoine REIM',
  'Démo Immobilier Gestion SA',
  'Sample Régions Asset Management',
  'Sample Europe Real Estate IM',
];

type Geo = 'france' | 'mixed' | 'europe' | 'paris';

interface Plan {
  name: string;
  company: number;
  category: ScpiCategory;
  capital: ScpiCapitalType;
  created: string;
  bulletins: string[];
  dic: string | null;
  report: boolean;
  note: string | null;
  isin: boolean;
  prices: [string, number][];
  capMillions: [number, number];
  sectors: boolean;
  geo: Geo | null;
  subscriptionTtc: number;
  managementHt: number;
  minimumShares: number;
  jouissance: string;
  risk: number;
  holding: number;
  sfdr: 6 | 8 | 9 | null;
  isr: boolean | null;
  rate: [number, number];
  tof: [number, number];
  debt: [number, number];
  growth: number;
  flags?: Partial<ScpiProfile['flags']> & {
    flatTransfer?: boolean;
    earlyWithdrawal?: number;
    awaiting?: number;
    sectorLabels?: [string, number][];
  };
}

const B = (q: string) => `bulletin-${q}.pdf`;

/** The sample SCPI: every category of the schema, both capital types, whole and partial document sets. */
const PLANS: Plan[] = [
  {
    name: 'SCPI Sample Bureaux Horizon',
    company: 0,
    category: 'bureaux',
    capital: 'variable',
    created: '2012-05-15',
    bulletins: ['2025-t2', '2025-t3'],
    dic: '2025-01-02',
    report: true,
    note: '2024-03-15',
    isin: true,
    prices: [
      ['2012-05-15', 230],
      ['2019-01-01', 240],
      ['2022-03-01', 250],
    ],
    capMillions: [700, 950],
    sectors: true,
    geo: 'france',
    subscriptionTtc: 12,
    managementHt: 10,
    minimumShares: 10,
    jouissance: '1er jour du 6e mois',
    risk: 3,
    holding: 10,
    sfdr: 8,
    isr: true,
    rate: [4.5, 5.1],
    tof: [88, 93],
    debt: [12, 22],
    growth: 0.06,
    flags: { statesPga: true, statesLtv: true, statesWal: true, statesPremium: true },
  },
  {
    name: 'SCPI Sample Bureaux Métropoles',
    company: 1,
    category: 'bureaux',
    capital: 'fixe',
    created: '1987-11-03',
    bulletins: ['2025-t3'],
    dic: null,
    report: true,
    note: null,
    isin: true,
    prices: [
      ['2019-09-01', 800],
      ['2023-03-01', 840],
    ],
    capMillions: [280, 420],
    sectors: true,
    geo: null,
    subscriptionTtc: 9.6,
    managementHt: 9,
    minimumShares: 5,
    jouissance: '1er jour du 4e mois',
    risk: 3,
    holding: 10,
    sfdr: 6,
    isr: null,
    rate: [4.2, 4.8],
    tof: [89, 93],
    debt: [8, 18],
    growth: 0,
    flags: { statesWal: true },
  },
  {
    name: 'SCPI Sample Commerces Proximité',
    company: 2,
    category: 'commerces',
    capital: 'fixe',
    created: '2008-06-20',
    bulletins: ['2025-s1'],
    dic: '2025-02-03',
    report: true,
    note: '2023-09-01',
    isin: true,
    prices: [
      ['2016-01-01', 295],
      ['2021-07-01', 310],
    ],
    capMillions: [180, 260],
    sectors: true,
    geo: 'france',
    subscriptionTtc: 12,
    managementHt: 10,
    minimumShares: 5,
    jouissance: '1er jour du 4e mois',
    risk: 3,
    holding: 8,
    sfdr: 6,
    isr: false,
    rate: [5.2, 5.9],
    tof: [92, 96],
    debt: [5, 15],
    growth: 0,
    flags: { statesPremium: true },
  },
  {
    name: 'SCPI Sample Commerces Centre-Ville',
    company: 0,
    category: 'commerces',
    capital: 'variable',
    created: '2017-10-02',
    bulletins: ['2025-t3'],
    dic: '2025-01-15',
    report: false,
    note: '2023-01-01',
    isin: true,
    prices: [
      ['2017-10-02', 240],
      ['2023-01-01', 250],
      ['2025-04-01', 255],
    ],
    capMillions: [90, 140],
    sectors: true,
    geo: null,
    subscriptionTtc: 10.8,
    managementHt: 10,
    minimumShares: 4,
    jouissance: '1er jour du 5e mois',
    risk: 3,
    holding: 8,
    sfdr: 8,
    isr: null,
    rate: [5.0, 5.6],
    tof: [93, 97],
    debt: [10, 20],
    growth: 0.08,
    flags: { statesPremium: true },
  },
  {
    name: 'SCPI Sample Santé Avenir',
    company: 3,
    category: 'santé',
    capital: 'variable',
    created: '2020-02-10',
    bulletins: ['2025-t3'],
    dic: '2025-03-01',
    report: false,
    note: null,
    isin: true,
    prices: [['2020-02-10', 300]],
    capMillions: [200, 320],
    sectors: true,
    geo: 'mixed',
    subscriptionTtc: 12,
    managementHt: 10,
    minimumShares: 1,
    jouissance: '1er jour du 6e mois',
    risk: 3,
    holding: 10,
    sfdr: 9,
    isr: true,
    rate: [4.8, 5.4],
    tof: [97, 100],
    debt: [0, 8],
    growth: 0.12,
    flags: { statesWal: true },
  },
  {
    name: 'SCPI Sample Santé Éducation',
    company: 1,
    category: 'santé',
    capital: 'fixe',
    created: '2011-04-01',
    bulletins: ['2025-s1'],
    dic: null,
    report: true,
    note: '2024-06-01',
    isin: true,
    prices: [
      ['2011-04-01', 950],
      ['2020-01-01', 1000],
    ],
    capMillions: [150, 220],
    sectors: true,
    geo: null,
    subscriptionTtc: 9.6,
    managementHt: 8.5,
    minimumShares: 1,
    jouissance: '1er jour du 5e mois',
    risk: 3,
    holding: 10,
    sfdr: 8,
    isr: true,
    rate: [4.6, 5.2],
    tof: [96, 99.5],
    debt: [0, 10],
    growth: 0,
  },
  {
    name: 'SCPI Sample Logistique Europe',
    company: 2,
    category: 'logistique',
    capital: 'variable',
    created: '2019-03-01',
    bulletins: ['2025-t3'],
    dic: '2025-07-01',
    report: true,
    note: '2024-09-01',
    isin: true,
    prices: [
      ['2019-03-01', 600],
      ['2025-07-01', 610],
    ],
    capMillions: [1150, 1450],
    sectors: true,
    geo: 'mixed',
    subscriptionTtc: 12,
    managementHt: 10,
    minimumShares: 10,
    jouissance: '1er jour du 6e mois',
    risk: 3,
    holding: 8,
    sfdr: 8,
    isr: true,
    rate: [5.3, 5.8],
    tof: [92, 96],
    debt: [1, 6],
    growth: 0.1,
    flags: { statesLtv: true, statesWal: true, statesPremium: true },
  },
  {
    name: 'SCPI Sample Logistique Urbaine',
    company: 3,
    category: 'logistique',
    capital: 'variable',
    created: '2021-09-15',
    bulletins: ['2025-t3'],
    dic: '2025-01-10',
    report: false,
    note: null,
    isin: false,
    prices: [['2021-09-15', 255]],
    capMillions: [150, 230],
    sectors: false,
    geo: null,
    subscriptionTtc: 12,
    managementHt: 10,
    minimumShares: 4,
    jouissance: '1er jour du 6e mois',
    risk: 3,
    holding: 10,
    sfdr: 8,
    isr: null,
    rate: [5.8, 6.4],
    tof: [97, 100],
    debt: [15, 25],
    growth: 0.15,
  },
  {
    name: 'SCPI Sample Épargne Horizon',
    company: 0,
    category: 'diversifiée',
    capital: 'variable',
    created: '2014-01-20',
    bulletins: ['2025-t3'],
    dic: '2025-01-02',
    report: true,
    note: '2024-01-15',
    isin: true,
    prices: [
      ['2014-01-20', 200],
      ['2018-05-01', 204],
      ['2022-01-01', 208],
    ],
    capMillions: [2400, 3200],
    sectors: true,
    geo: 'mixed',
    subscriptionTtc: 12,
    managementHt: 10,
    minimumShares: 10,
    jouissance: '1er jour du 6e mois',
    risk: 3,
    holding: 10,
    sfdr: 8,
    isr: true,
    rate: [5.0, 5.5],
    tof: [93, 96],
    debt: [15, 25],
    growth: 0.05,
    flags: { statesPga: true, statesWal: true, statesPremium: true },
  },
  {
    name: 'SCPI Sample Pierre Diversifiée',
    company: 1,
    category: 'diversifiée',
    capital: 'fixe',
    created: '1999-07-01',
    bulletins: ['2025-t3'],
    dic: '2025-01-31',
    report: true,
    note: '2023-06-30',
    isin: false,
    prices: [
      ['2018-01-01', 660],
      ['2022-09-01', 690],
    ],
    capMillions: [300, 480],
    sectors: true,
    geo: 'france',
    subscriptionTtc: 9,
    managementHt: 9,
    minimumShares: 10,
    jouissance: '1er jour du 2e mois',
    risk: 3,
    holding: 10,
    sfdr: 6,
    isr: false,
    rate: [4.3, 4.9],
    tof: [90, 94],
    debt: [10, 20],
    growth: 0,
  },
  {
    name: 'SCPI Sample Résidentiel Grand Paris',
    company: 2,
    category: 'résidentiel',
    capital: 'fixe',
    created: '2022-01-03',
    bulletins: [],
    dic: '2025-02-14',
    report: false,
    note: null,
    isin: true,
    prices: [['2022-01-03', 500]],
    capMillions: [20, 45],
    sectors: false,
    geo: null,
    subscriptionTtc: 12,
    managementHt: 10,
    minimumShares: 10,
    jouissance: '1er jour du 4e mois',
    risk: 4,
    holding: 15,
    sfdr: 6,
    isr: null,
    rate: [2.8, 3.4],
    tof: [90, 95],
    debt: [0, 5],
    growth: 0,
  },
  {
    name: 'SCPI Sample Résidentiel Régions',
    company: 3,
    category: 'résidentiel',
    capital: 'variable',
    created: '2021-04-01',
    bulletins: ['2025-t3'],
    dic: null,
    report: false,
    note: null,
    isin: false,
    prices: [['2021-04-01', 200]],
    capMillions: [30, 60],
    sectors: false,
    geo: 'france',
    subscriptionTtc: 12,
    managementHt: 10,
    minimumShares: 5,
    jouissance: '1er jour du 4e mois',
    risk: 3,
    holding: 10,
    sfdr: 8,
    isr: null,
    rate: [3.0, 3.6],
    tof: [88, 94],
    debt: [0, 10],
    growth: 0.2,
  },
  {
    name: 'SCPI Sample Europa Patrimoine',
    company: 4,
    category: 'européenne',
    capital: 'variable',
    created: '2018-09-01',
    bulletins: ['2025-t3'],
    dic: '2025-01-02',
    report: true,
    note: '2024-04-01',
    isin: true,
    prices: [['2018-09-01', 200]],
    capMillions: [800, 1000],
    sectors: true,
    geo: 'europe',
    subscriptionTtc: 0,
    managementHt: 15,
    minimumShares: 1,
    jouissance: '1er jour du 2e mois',
    risk: 3,
    holding: 8,
    sfdr: 8,
    isr: true,
    rate: [6.6, 7.3],
    tof: [97, 99.5],
    debt: [20, 30],
    growth: 0.25,
    flags: { statesPga: true, statesLtv: true, statesWal: true, statesPremium: true, earlyWithdrawal: 5 },
  },
  {
    name: 'SCPI Sample Europe Nord',
    company: 4,
    category: 'européenne',
    capital: 'variable',
    created: '2016-02-01',
    bulletins: ['2025-t3'],
    dic: '2025-01-02',
    report: true,
    note: null,
    isin: true,
    prices: [
      ['2016-02-01', 196],
      ['2023-07-01', 204],
    ],
    capMillions: [180, 260],
    sectors: true,
    geo: 'europe',
    subscriptionTtc: 12,
    managementHt: 10,
    minimumShares: 5,
    jouissance: '1er jour du 6e mois',
    risk: 3,
    holding: 8,
    sfdr: 8,
    isr: true,
    rate: [5.6, 6.2],
    tof: [94, 97],
    debt: [0, 8],
    growth: 0.07,
  },
  {
    name: 'SCPI Sample Hôtellerie Loisirs',
    company: 0,
    category: 'autre',
    capital: 'variable',
    created: '2013-05-01',
    bulletins: ['2025-t3'],
    dic: '2025-01-02',
    report: true,
    note: null,
    isin: true,
    prices: [['2013-05-01', 1000]],
    capMillions: [280, 360],
    sectors: true,
    geo: null,
    subscriptionTtc: 12,
    managementHt: 10,
    minimumShares: 5,
    jouissance: '1er jour du 5e mois',
    risk: 4,
    holding: 10,
    sfdr: 6,
    isr: null,
    rate: [4.6, 5.2],
    tof: [97, 100],
    debt: [5, 15],
    growth: 0.03,
    flags: {
      sectorLabels: [
        ['Hôtels', 64],
        ['Résidences de tourisme', 27],
        ['Loisirs', 9],
      ],
    },
  },
  {
    name: 'SCPI Sample Infrastructures Vertes',
    company: 2,
    category: 'autre',
    capital: 'fixe',
    created: '2010-10-01',
    bulletins: [],
    dic: null,
    report: true,
    note: '2024-02-01',
    isin: true,
    prices: [
      ['2017-01-01', 770],
      ['2021-01-01', 773],
    ],
    capMillions: [400, 520],
    sectors: true,
    geo: 'france',
    subscriptionTtc: 12,
    managementHt: 9,
    minimumShares: 10,
    jouissance: '1er jour du 4e mois',
    risk: 3,
    holding: 10,
    sfdr: 9,
    isr: null,
    rate: [4.0, 4.5],
    tof: [96, 100],
    debt: [10, 20],
    growth: 0,
    flags: {
      flatTransfer: true,
      sectorLabels: [
        ['Centrales photovoltaïques', 41],
        ['Data centers', 33],
        ['Parkings', 18],
        ['Bornes de recharge', 8],
      ],
    },
  },
  {
    name: 'SCPI Sample Bureaux Grand Ouest',
    company: 3,
    category: 'bureaux',
    capital: 'variable',
    created: '2006-03-01',
    bulletins: ['2025-t3'],
    dic: '2025-01-02',
    report: true,
    note: '2024-07-01',
    isin: true,
    prices: [
      ['2010-01-01', 440],
      ['2019-06-01', 460],
      ['2024-07-01', 442],
    ],
    capMillions: [150, 220],
    sectors: true,
    geo: 'france',
    subscriptionTtc: 12,
    managementHt: 10,
    minimumShares: 5,
    jouissance: '1er jour du 5e mois',
    risk: 3,
    holding: 10,
    sfdr: 6,
    isr: false,
    rate: [4.4, 4.9],
    tof: [87, 89.5],
    debt: [5, 12],
    growth: 0,
    flags: { statesPga: true, statesPremium: true, awaiting: 0.025 },
  },
];

const SECTORS: Record<ScpiCategory, [string, number][]> = {
  bureaux: [
    ['Bureaux', 84],
    ['Commerces', 11],
    ["Locaux d'activités", 5],
  ],
  commerces: [
    ['Commerces de centre-ville', 42],
    ['Retail parks', 28],
    ['Moyennes surfaces de périphérie', 22],
    ['Bureaux', 8],
  ],
  santé: [
    ['Établissements de santé', 46],
    ['Résidences seniors', 24],
    ['Crèches et éducation', 18],
    ['Laboratoires', 12],
  ],
  logistique: [
    ['Entrepôts logistiques', 51],
    ["Locaux d'activités", 31],
    ['Logistique urbaine', 10],
    ['Messagerie', 8],
  ],
  diversifiée: [
    ['Bureaux', 34],
    ['Commerces', 27],
    ['Logistique et activités', 19],
    ['Santé', 12],
    ['Hôtellerie', 8],
  ],
  résidentiel: [
    ['Logements', 78],
    ['Résidences gérées', 15],
    ["Commerces en pied d'immeuble", 7],
  ],
  européenne: [
    ['Bureaux', 30],
    ['Commerces', 28],
    ['Logistique', 22],
    ['Hôtellerie', 12],
    ['Santé', 8],
  ],
  autre: [
    ['Hôtels', 64],
    ['Résidences de tourisme', 27],
    ['Loisirs', 9],
  ],
};

const GEOS: Record<Geo, [string, number][]> = {
  france: [
    ['Île-de-France', 38],
    ['Régions', 47],
    ['Paris', 15],
  ],
  paris: [
    ['Paris', 55],
    ['Île-de-France', 45],
  ],
  mixed: [
    ['France', 70],
    ['Espagne', 14],
    ['Portugal', 8],
    ['Italie', 5],
    ['Allemagne', 3],
  ],
  europe: [
    ['Allemagne', 28],
    ['Pays-Bas', 22],
    ['Irlande', 18],
    ['Espagne', 16],
    ['Italie', 9],
    ['Belgique', 7],
  ],
};

/** Average surface per property, m², by category. */
const AREA: Record<ScpiCategory, number> = {
  bureaux: 2400,
  commerces: 1300,
  santé: 3200,
  logistique: 14000,
  diversifiée: 3500,
  résidentiel: 1800,
  européenne: 4500,
  autre: 5200,
};
/** Average value per property, M€. */
const ASSET_SIZE: Record<ScpiCategory, number> = {
  bureaux: 9,
  commerces: 4,
  santé: 7,
  logistique: 11,
  diversifiée: 8,
  résidentiel: 5,
  européenne: 12,
  autre: 10,
};

function sampleScpiIsin(n: number): string {
  const body = `ZZSCPI${String(n).padStart(5, '0')}`;
  return body + isinCheckDigit(body);
}

/**
 * The folder's name is the service's own slug of the name ("SCPI Sample Épargne Horizon" → "sample-epargne-horizon").
 */
export { scpiSlug };

/** The price in force on a date (the first step's price before it). */
export function priceOn(profile: Pick<ScpiProfile, 'prices'>, date: string): number {
  let price = profile.prices[0].price;
  for (const step of profile.prices) if (step.date <= date) price = step.price;
  return price;
}

function between(rand: () => number, [lo, hi]: [number, number], decimals: number): number {
  return round(lo + rand() * (hi - lo), decimals);
}

function yearsBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (365.25 * 86400000);
}

/** Weights perturbed by up to ±`spread` relative, one decimal, summing to exactly 100. */
function split(rand: () => number, base: [string, number][], spread = 0.2): Weighted[] {
  const raw = base.map(([label, w]) => ({ label, w: w * (1 - spread + rand() * 2 * spread) }));
  const total = raw.reduce((a, r) => a + r.w, 0);
  const out = raw
    .map((r) => ({ label: r.label, weight: round((r.w * 100) / total, 1) }))
    .sort((a, b) => b.weight - a.weight);
  out[0].weight = round(100 - out.slice(1).reduce((a, r) => a + r.weight, 0), 1);
  return out;
}

function bulletinPlan(code: string, index: number): ScpiBulletinPlan {
  const [year, part] = code.split('-');
  const y = Number(year);
  const n = Number(part.slice(1));
  const semester = part.startsWith('s');
  const startMonth = semester ? (n - 1) * 6 + 1 : (n - 1) * 3 + 1;
  const endMonth = startMonth + (semester ? 5 : 2);
  const lastDay = new Date(Date.UTC(y, endMonth, 0)).getUTCDate();
  const pad = (m: number) => String(m).padStart(2, '0');
  const issues = semester ? (y - 2000) * 2 + n : (y - 2000) * 4 + n;
  return {
    file: B(code),
    kind: semester ? 'semestriel' : 'trimestriel',
    year: y,
    part: n,
    start: `${y}-${pad(startMonth)}-01`,
    end: `${y}-${pad(endMonth)}-${lastDay}`,
    number: issues - 20 - (index % 7) * 3,
  };
}

function profile(plan: Plan, i: number): ScpiProfile {
  const rand = prng(104729 * (i + 1));
  const flags = plan.flags ?? {};
  const prices = plan.prices.map(([date, price]) => ({ date, price }));
  const bulletins = plan.bulletins.map((b) => bulletinPlan(b, i));
  const latestBulletin = bulletins.at(-1) ?? null;
  const latest = latestBulletin?.end ?? '2024-12-31';
  const priceLatest = priceOn({ prices }, latest);
  const variable = plan.capital === 'variable';
  const createdYear = Number(plan.created.slice(0, 4));

  // Capitalisation at the latest date sets the number of shares; earlier dates follow the growth of the collecte.
  const shares = Math.round((between(rand, plan.capMillions, 2) * 1e6) / priceLatest);
  const sharesOn = (date: string) =>
    variable ? Math.round(shares * Math.exp(-plan.growth * yearsBetween(date, latest))) : shares;
  const perAssociate = (22000 + rand() * 14000) / priceLatest;
  const tofLatest = between(rand, plan.tof, 2);
  const debtLatest = between(rand, plan.debt, 2);
  const walbLatest = between(rand, [2.6, 6.5], 1);
  const waltGap = between(rand, [0.8, 2.6], 1);
  const propertiesLatest = Math.max(
    6,
    Math.round((shares * priceLatest) / 1e6 / (ASSET_SIZE[plan.category] * (0.8 + rand() * 0.4))),
  );
  const area = AREA[plan.category] * (0.8 + rand() * 0.4);
  const tenantRatio = plan.category === 'résidentiel' ? 9 + rand() * 6 : 1.2 + rand() * 1.6;
  const baseRate = between(rand, plan.rate, 2);
  const awaitingShare = flags.awaiting ?? (rand() < 0.3 ? rand() * 0.004 : 0);
  const executionDiscount = 0.86 + rand() * 0.07;
  const feeHt = plan.subscriptionTtc / 1.2;

  const figuresAt = (end: string, start: string | null): ScpiPeriodFigures => {
    const before = yearsBetween(end, latest);
    const r = prng(Date.parse(`${end}T00:00:00Z`) / 86400000 + i * 7);
    const s = sharesOn(end);
    const price = priceOn({ prices }, end);
    const withdrawalPrice = round(price * (1 - feeHt / 100), 2);
    const tof = Math.min(100, round(tofLatest + (end === latest ? 0 : (r() - 0.5) * 1.6), 2));
    const properties = Math.max(5, propertiesLatest - Math.round(before * (variable ? 4 * plan.growth * 10 : 0.5)));
    let subscribed: number | null = null;
    let withdrawn: number | null = null;
    let net: number | null = null;
    if (variable && start) {
      const previous = sharesOn(start);
      withdrawn = Math.round(s * (0.002 + r() * 0.006));
      subscribed = s - previous + withdrawn;
      net = subscribed * price - withdrawn * withdrawalPrice;
    }
    const executionPrice = variable ? null : round(price * (executionDiscount + (r() - 0.5) * 0.01), 2);
    return {
      end,
      shares: s,
      associates: Math.round(s / perAssociate),
      subscribedShares: subscribed,
      withdrawnShares: withdrawn,
      awaitingWithdrawal: variable ? Math.round(s * awaitingShare * (1 - before * 0.3)) : null,
      netInflowsEur: net,
      tof,
      top: Math.min(100, round(tof + (r() - 0.4) * 4, 2)),
      debtRatio: round(Math.max(0, debtLatest + (end === latest ? 0 : (r() - 0.5) * 3)), 2),
      // LTV: debt net of cash over the value of the properties, a little below the debt ratio.
      ltv: flags.statesLtv
        ? round(Math.max(0, debtLatest + (end === latest ? 0 : (r() - 0.5) * 3)) * (0.85 + r() * 0.1), 2)
        : null,
      walb: flags.statesWal ? round(walbLatest + before, 1) : null,
      walt: flags.statesWal ? round(walbLatest + waltGap + before, 1) : null,
      properties,
      surfaceSqm: Math.round(properties * area),
      tenants: Math.max(properties, Math.round(properties * tenantRatio)),
      executionPrice,
      buyerPrice: executionPrice === null ? null : round(executionPrice * 1.1, 2),
      exchangedShares: variable ? null : Math.round(s * (0.003 + r() * 0.006)),
      rentsCollectedEur: Math.round(
        ((s * price * (baseRate / 100) * 1.18) / 4) *
          (start && bulletins.find((b) => b.end === end)?.kind === 'semestriel' ? 2 : 1),
      ),
    };
  };

  const periods: Record<string, ScpiPeriodFigures> = {};
  for (const b of bulletins) periods[b.file] = figuresAt(b.end, b.start);
  const yearEnd = figuresAt('2024-12-31', null);

  // Distribution per share of each full year (2020 on, the SCPI existing on 1 January), and its rate.
  const years: ScpiProfile['years'] = [];
  for (let y = Math.max(2020, createdYear + 1); y <= 2024; y++) {
    const priceJan1 = priceOn({ prices }, `${y}-01-01`);
    const distribution = round((priceJan1 * (baseRate + (rand() - 0.5) * 0.5)) / 100, 2);
    years.push({ year: y, priceJan1, distribution, rate: round((distribution / priceJan1) * 100, 2) });
  }
  const rate2025 = baseRate + (rand() - 0.3) * 0.3;
  const quarterDistributions = [1, 2, 3].map((q) =>
    round(
      (priceOn({ prices }, `2025-${String(q * 3 - 2).padStart(2, '0')}-01`) * (rate2025 + (rand() - 0.5) * 0.2)) / 400,
      2,
    ),
  );

  const priceEnd2024 = priceOn({ prices }, '2025-01-01');
  const premium = -0.05 + rand() * 0.1;
  const reconstitution = round(priceEnd2024 / (1 + premium), 2);
  const realisation = round(reconstitution / (1.12 + rand() * 0.07), 2);
  const meanRate = years.length ? years.reduce((a, y) => a + y.rate, 0) / years.length : baseRate;
  const tri = (span: number) => (createdYear <= 2024 - span ? round(meanRate - 0.4 + (rand() - 0.5) * 1.2, 2) : null);
  const last = years.at(-1);
  const pga =
    last && flags.statesPga ? round(last.rate + ((priceEnd2024 - last.priceJan1) / last.priceJan1) * 100, 2) : null;

  const sectorSplit = plan.sectors ? split(rand, flags.sectorLabels ?? SECTORS[plan.category]) : [];
  const geographicSplit = plan.geo ? split(rand, GEOS[plan.geo], 0.25) : [];
  const foreignWeight = geographicSplit
    .filter((g) => !['France', 'Île-de-France', 'Régions', 'Paris'].includes(g.label))
    .reduce((a, g) => a + g.weight, 0);
  const financialShare = 0.004 + rand() * 0.03;
  const distribution2024 = last?.distribution ?? 0;
  const financial = round(distribution2024 * financialShare, 2);

  const slug = scpiSlug(plan.name);
  const visaYear = String(Math.max(createdYear, 1990) % 100).padStart(2, '0');
  return {
    index: i,
    slug,
    name: plan.name,
    isin: plan.isin ? sampleScpiIsin(i + 1) : null,
    visaAmf: `SCPI n° ${visaYear}-${String(3 + ((i * 7) % 29)).padStart(2, '0')}`,
    managementCompany: COMPANIES[plan.company],
    category: plan.category,
    typology:
      plan.flags?.sectorLabels?.[0][0] === 'Centrales photovoltaïques'
        ? 'SCPI thématique (infrastructures et transition énergétique)'
        : plan.category === 'autre'
          ? 'SCPI hôtels, tourisme et loisirs'
          : CATEGORY_LABEL[plan.category],
    capitalType: plan.capital,
    creationDate: plan.created,
    bulletins,
    dicDate: plan.dic,
    annualReportYear: plan.report ? 2024 : null,
    noteDate: plan.note,
    prices,
    nominal: Math.round((prices[0].price * 0.8) / 10) * 10,
    fees: {
      subscriptionTtc: plan.subscriptionTtc,
      managementHt: plan.managementHt,
      transferPct: flags.flatTransfer ? null : variable ? 3 : 5,
      transferFlatEur: flags.flatTransfer ? 150 : null,
      arbitragePct: round(1 + Math.floor(rand() * 5) * 0.5, 2),
      earlyWithdrawalPct: flags.earlyWithdrawal ?? null,
    },
    minimumShares: plan.minimumShares,
    jouissance: plan.jouissance,
    riskClass: plan.risk,
    holdingYears: plan.holding,
    sfdrArticle: plan.sfdr,
    labelIsr: plan.isr,
    reconstitution,
    realisation,
    years,
    tri: { y5: tri(5), y10: tri(10), y15: tri(15) },
    quarterDistributions,
    targetRateRange: [round(rate2025 - 0.25, 1), round(rate2025 + 0.25, 1)],
    pga,
    income: {
      year: 2024,
      rental: round(distribution2024 - financial, 2),
      financial,
      foreignSharePct: foreignWeight > 0 ? round(foreignWeight * (1 - financialShare), 2) : null,
    },
    sectorSplit,
    geographicSplit,
    periods,
    yearEnd,
    flags: {
      statesPga: !!flags.statesPga,
      statesLtv: !!flags.statesLtv,
      statesWal: !!flags.statesWal,
      statesPremium: !!flags.statesPremium,
    },
  };
}

/** The figures each sample SCPI's documents are written from. */
export function scpiProfiles(): ScpiProfile[] {
  return PLANS.map(profile);
}

const SERIES = new Set([
  'performance.distributionRateByYear',
  'performance.distributionPerShareByYear',
  'performance.sharePriceHistory',
]);

/** The payload's empty groups (the service's own skeleton, so the two cannot drift apart), with the SCPI's name. */
function emptyExpected(p: ScpiProfile): SampleScpiExpected {
  const { generatedAt: _generatedAt, sources: _sources, ...empty } = emptyScpiData();
  empty.keyFacts.name = p.name;
  empty.keyFacts.managementCompany = p.managementCompany;
  return empty;
}

function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let at = target;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Merges the documents' statements: for each field (and each year or date of a series), the newest document wins. */
function expectationsOf(p: ScpiProfile, contents: ScpiDocumentContent[]) {
  const expected = emptyExpected(p);
  const sources: Record<string, string> = {};
  const superseded: SupersededStatement[] = [];
  const winners = new Map<string, { file: string; st: ScpiStatement }>();
  const newestFirst = [...contents].sort((a, b) => b.document.date.localeCompare(a.document.date));
  for (const c of newestFirst) {
    for (const st of c.statements) {
      const id = st.key === undefined ? st.field : `${st.field}[${st.key}]`;
      const won = winners.get(id);
      if (!won) {
        winners.set(id, { file: c.document.file, st });
        if (SERIES.has(st.field)) sources[st.field] ??= c.document.file;
        else sources[st.field] = c.document.file;
      } else if (!same(won.st.value, st.value))
        superseded.push({
          field: id,
          file: c.document.file,
          value: st.value,
          winner: { file: won.file, value: won.st.value },
        });
    }
  }
  const series: Record<string, { key: string; value: number }[]> = {};
  const other: Record<string, unknown> = {};
  for (const [, { st }] of winners) {
    if (SERIES.has(st.field)) (series[st.field] ??= []).push({ key: st.key!, value: st.value as number });
    else if (st.field.includes('.')) setPath(expected as unknown as Record<string, unknown>, st.field, st.value);
    else other[st.field] = st.value;
  }
  const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
  expected.performance.distributionRateByYear = (series['performance.distributionRateByYear'] ?? [])
    .sort(byKey)
    .map((e) => ({ year: e.key, value: e.value }));
  expected.performance.distributionPerShareByYear = (series['performance.distributionPerShareByYear'] ?? [])
    .sort(byKey)
    .map((e) => ({ year: e.key, value: e.value }));
  expected.performance.sharePriceHistory = (series['performance.sharePriceHistory'] ?? [])
    .sort(byKey)
    .map((e) => ({ date: e.key, priceEur: e.value }));
  const perf = expected.performance;
  if (
    perf.premiumToReconstitutionPct === null &&
    expected.keyFacts.sharePriceEur !== null &&
    perf.reconstitutionValueEur !== null
  ) {
    perf.premiumToReconstitutionPct = round(
      (expected.keyFacts.sharePriceEur / perf.reconstitutionValueEur - 1) * 100,
      2,
    );
    sources['performance.premiumToReconstitutionPct'] = 'computed';
  }
  expected.dataAsOf = newestFirst[0]?.document.date ?? '';
  return { expected, sources, superseded, other };
}

/** The sample SCPI with the figures their documents state (cheap: no PDF is drawn). */
export function sampleScpis(): SampleScpi[] {
  return scpiProfiles().map((p) => {
    const contents = scpiDocumentContents(p);
    const { expected, sources, superseded, other } = expectationsOf(p, contents);
    const dic = contents.find((c) => c.document.kind === 'dic');
    const latestBulletin = contents.filter((c) => c.document.kind === 'bulletin').at(-1);
    const lost = superseded.find(
      (s) =>
        s.field === 'keyFacts.sharePriceEur' &&
        s.file === dic?.document.file &&
        s.winner.file === latestBulletin?.document.file,
    );
    return {
      index: p.index,
      slug: p.slug,
      name: p.name,
      isin: p.isin,
      managementCompany: p.managementCompany,
      category: p.category,
      capitalType: p.capitalType,
      creationYear: Number(p.creationDate.slice(0, 4)),
      documents: contents.map((c) => c.document),
      expected,
      sources,
      superseded,
      disagreement:
        lost && dic && latestBulletin
          ? {
              field: lost.field,
              older: { file: dic.document.file, date: dic.document.date, value: lost.value as number },
              newer: {
                file: latestBulletin.document.file,
                date: latestBulletin.document.date,
                value: lost.winner.value as number,
              },
            }
          : null,
      sharesOutstanding: (other.sharesOutstanding as number | undefined) ?? null,
      recommendedHoldingYears: (other.recommendedHoldingYears as number | undefined) ?? null,
    };
  });
}

/**
 * Writes `<root>/scpi/<slug>/` for every sample SCPI; deterministic, so rewriting changes nothing. Returns how many.
 */
export async function writeSampleScpiLibrary(root: string): Promise<number> {
  const profiles = scpiProfiles();
  for (const p of profiles) {
    const dir = path.join(root, 'scpi', p.slug);
    await fs.mkdir(dir, { recursive: true });
    for (const [name, content] of Object.entries(await scpiDocuments(p)))
      await fs.writeFile(path.join(dir, name), content);
  }
  return profiles.length;
}

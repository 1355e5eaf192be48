import type { ScpiCategory } from './scpiWording';

/**
 * What a sample SCPI's documents are written from, shared by the generator (scpi.ts) and the document writer
 * (scpiDocuments.ts).
 */

export type ScpiCapitalType = 'fixe' | 'variable';
type ScpiDocumentKind = 'bulletin' | 'dic' | 'rapport-annuel' | 'note-information';

export interface Weighted {
  label: string;
  weight: number;
}

/** A bulletin's period and the figures it reports (also used for the annual report's 31 December). */
export interface ScpiPeriodFigures {
  /** Last day of the period, ISO. */
  end: string;
  shares: number;
  associates: number;
  /** Variable capital: shares subscribed and withdrawn in the period. */
  subscribedShares: number | null;
  withdrawnShares: number | null;
  awaitingWithdrawal: number | null;
  /** Collecte nette of the period, euros (variable capital). */
  netInflowsEur: number | null;
  tof: number;
  top: number;
  debtRatio: number;
  ltv: number | null;
  walb: number | null;
  walt: number | null;
  properties: number;
  surfaceSqm: number;
  tenants: number;
  /** Fixed capital: last execution price net of fees (prix d'exécution net vendeur), and the buyer's price. */
  executionPrice: number | null;
  buyerPrice: number | null;
  /** Shares exchanged on the secondary market (fixed capital). */
  exchangedShares: number | null;
  rentsCollectedEur: number;
}

export interface ScpiBulletinPlan {
  file: string;
  kind: 'trimestriel' | 'semestriel';
  year: number;
  /** Quarter (1-4) or half (1-2). */
  part: number;
  start: string;
  end: string;
  number: number;
}

/** Everything a sample SCPI's documents are written from. */
export interface ScpiProfile {
  index: number;
  slug: string;
  name: string;
  /** The ISIN the documents give, or null when they give none (the AMF visa number is printed instead). */
  isin: string | null;
  visaAmf: string;
  managementCompany: string;
  category: ScpiCategory;
  typology: string;
  capitalType: ScpiCapitalType;
  creationDate: string;
  bulletins: ScpiBulletinPlan[];
  dicDate: string | null;
  annualReportYear: number | null;
  noteDate: string | null;
  /** Subscription price steps, oldest first: the price in force from `date`. */
  prices: { date: string; price: number }[];
  nominal: number;
  fees: {
    subscriptionTtc: number;
    managementHt: number;
    /** Commission de cession, percent; null when it is a flat fee (`transferFlatEur`). */
    transferPct: number | null;
    transferFlatEur: number | null;
    arbitragePct: number;
    /** Commission de retrait anticipé of SCPI without entry fees (withdrawal within three years). */
    earlyWithdrawalPct: number | null;
  };
  minimumShares: number;
  jouissance: string;
  riskClass: number;
  holdingYears: number;
  sfdrArticle: 6 | 8 | 9 | null;
  labelIsr: boolean | null;
  /** Per share, at 31 December of the annual report's year. */
  reconstitution: number;
  realisation: number;
  /** Calendar years before the bulletins' year: distribution per share paid and the rate (ASPIM). */
  years: { year: number; priceJan1: number; distribution: number; rate: number }[];
  tri: { y5: number | null; y10: number | null; y15: number | null };
  /** Gross distribution per share of each quarter of the bulletins' year (T1, T2, T3). */
  quarterDistributions: number[];
  targetRateRange: [number, number];
  /** Performance globale annuelle of the last full year, where the documents state it. */
  pga: number | null;
  income: { year: number; rental: number; financial: number; foreignSharePct: number | null };
  sectorSplit: Weighted[];
  geographicSplit: Weighted[];
  /** Figures at the end of each bulletin's period (by file) and at 31 December of the report's year. */
  periods: Record<string, ScpiPeriodFigures>;
  yearEnd: ScpiPeriodFigures;
  flags: { statesPga: boolean; statesLtv: boolean; statesWal: boolean; statesPremium: boolean };
}

export interface SampleScpiDocument {
  file: string;
  kind: ScpiDocumentKind;
  /**
   * The date that orders documents: a bulletin's period end, a report's 31 December, a DIC's production date, a note's
   * update.
   */
  date: string;
  /** "T3 2025", "S1 2025" for bulletins, "2024" for annual reports, null otherwise. */
  period: string | null;
}

import type { SCPI_CATEGORIES } from '../../schema/scpi';
import type { Hit } from '../text/hits';

/**
 * What one SCPI document states, before it is merged with the other documents of the SCPI. Plain data (parse-pool
 * threads clone it).
 */

export type ScpiCategory = (typeof SCPI_CATEGORIES)[number];

/** Scalar fields a document may state, keyed by their dotted path in ScpiData. */
interface ScpiScalars {
  'keyFacts.name': string;
  'keyFacts.managementCompany': string;
  'keyFacts.isin': string;
  'keyFacts.category': ScpiCategory;
  'keyFacts.capitalType': 'fixe' | 'variable';
  'keyFacts.creationYear': number;
  'keyFacts.capitalisationEur': number;
  'keyFacts.sharePriceEur': number;
  'keyFacts.withdrawalPriceEur': number;
  'keyFacts.minimumSubscriptionShares': number;
  'keyFacts.minimumSubscriptionEur': number;
  'keyFacts.delayOfJouissance': string;
  'keyFacts.riskIndicator': number;
  'keyFacts.sfdrArticle': number;
  'keyFacts.labelIsr': boolean;
  'fees.subscriptionPct': number;
  'fees.managementPct': number;
  'fees.transferPct': number;
  'fees.arbitragePct': number;
  'performance.tri.y5': number;
  'performance.tri.y10': number;
  'performance.tri.y15': number;
  'performance.reconstitutionValueEur': number;
  'performance.realisationValueEur': number;
  'performance.lastQuarterDistributionPerShareEur': number;
  'performance.premiumToReconstitutionPct': number;
  'performance.pgaPct': number;
  'portfolio.numberOfProperties': number;
  'portfolio.surfaceSqm': number;
  'portfolio.numberOfTenants': number;
  'portfolio.financialOccupancyRatePct': number;
  'portfolio.physicalOccupancyRatePct': number;
  'portfolio.walbYears': number;
  'portfolio.waltYears': number;
  'debt.debtRatioPct': number;
  'debt.ltvPct': number;
  'liquidity.sharesAwaitingWithdrawal': number;
  'liquidity.numberOfShareholders': number;
  'liquidity.netInflowsEur': number;
  'distribution.rentalIncomeEur': number;
  'distribution.financialIncomeEur': number;
  'distribution.foreignIncomeSharePct': number;
}

export type ScpiScalarField = keyof ScpiScalars;
export type ScpiScalarHits = { [K in ScpiScalarField]?: Hit<ScpiScalars[K]> };

export interface WeightedLabel {
  label: string;
  weight: number;
}

export interface DatedPrice {
  date: string;
  priceEur: number;
}

/** Lists a document states as one block. */
interface ScpiLists {
  'portfolio.sectorSplit': WeightedLabel[];
  'portfolio.geographicSplit': WeightedLabel[];
  'performance.sharePriceHistory': DatedPrice[];
}
export type ScpiListField = keyof ScpiLists;
type ScpiListHits = { [K in ScpiListField]?: Hit<ScpiLists[K]> };

/** Figures stated per calendar year ("2024" -> value), each with its page. */
export type YearHits = Record<string, Hit<number>>;

export interface ScpiYearly {
  /** Taux de distribution (percent) stated for the year. */
  distributionRate: YearHits;
  /** Gross distribution per share (EUR) stated for the year. */
  distributionPerShare: YearHits;
  /** Subscription price on 1 January of the year, as stated: an input of the distribution rate, not a payload field. */
  priceOnFirstJanuary: YearHits;
}

export type ScpiDocKind = 'bulletin' | 'dic' | 'annual' | 'note';

export interface ScpiReading {
  docKind: ScpiDocKind;
  /**
   * The date the document's figures are as of (YYYY-MM-DD): end of the bulletin's period, the DIC's date, the
   * exercise's end...
   */
  asOf: string | null;
  /** The period the document reports on, as named: "T3 2025", "S1 2025", "2024"; null when not stated. */
  period: string | null;
  scalars: ScpiScalarHits;
  lists: ScpiListHits;
  yearly: ScpiYearly;
  /**
   * Year of the distribution detail (revenus fonciers / financiers, quote-part étrangère), when stated or implied by an
   * annual report.
   */
  distributionYear: string | null;
  /** True when the risk class was read from the drawn scale, not from the text. */
  riskFromGraphic: boolean;
}

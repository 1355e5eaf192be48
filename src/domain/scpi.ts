import type { ScpiData } from '../schema/scpi';

/**
 * SCPI (French real-estate funds): the empty payload, the identifiers we find them by (slug, search key)
 * and the ASPIM computations the payload quotes when the documents give the inputs but not the figure.
 * Never invent: a computation with a missing or unusable input is null.
 */

/** ScpiData with every field present and nothing stated: nulls, empty arrays, empty strings. */
export function emptyScpiData(generatedAt = ''): ScpiData {
  return {
    keyFacts: {
      name: '',
      managementCompany: '',
      isin: null,
      category: null,
      capitalType: null,
      creationYear: null,
      capitalisationEur: null,
      sharePriceEur: null,
      withdrawalPriceEur: null,
      subscriptionFeesPct: null,
      managementFeesPct: null,
      minimumSubscriptionShares: null,
      minimumSubscriptionEur: null,
      delayOfJouissance: null,
      riskIndicator: null,
      sfdrArticle: null,
      labelIsr: null,
    },
    performance: {
      distributionRateByYear: [],
      distributionPerShareByYear: [],
      tri: { y5: null, y10: null, y15: null },
      reconstitutionValueEur: null,
      realisationValueEur: null,
      sharePriceHistory: [],
      lastQuarterDistributionPerShareEur: null,
      premiumToReconstitutionPct: null,
      pgaPct: null,
    },
    portfolio: {
      numberOfProperties: null,
      surfaceSqm: null,
      numberOfTenants: null,
      financialOccupancyRatePct: null,
      physicalOccupancyRatePct: null,
      walbYears: null,
      waltYears: null,
      sectorSplit: [],
      geographicSplit: [],
    },
    fees: { subscriptionPct: null, managementPct: null, transferPct: null, arbitragePct: null },
    debt: { debtRatioPct: null, ltvPct: null },
    liquidity: { sharesAwaitingWithdrawal: null, numberOfShareholders: null, netInflowsEur: null, period: null },
    distribution: { year: null, rentalIncomeEur: null, financialIncomeEur: null, foreignIncomeSharePct: null },
    dataAsOf: '',
    generatedAt,
    sources: {},
  };
}

/**
 * Text folded for comparison: lower case, accents and ligatures removed (NFKD, combining marks dropped),
 * apostrophes unified, blanks collapsed. "Épargne" and "epargne" fold alike, as users type them.
 */
export function scpiSearchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Stable identifier of an SCPI from its name: lower-case ASCII, accents removed, every run of other
 * characters one hyphen, and the leading "SCPI " dropped (every one of them is an SCPI, so the word
 * tells nothing): "SCPI Épargne Pierre" -> "epargne-pierre". Empty when nothing alphanumeric is left.
 */
export function scpiSlug(name: string): string {
  const ascii = scpiSearchKey(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const withoutPrefix = ascii.replace(/^scpi-/, '');
  return withoutPrefix === '' ? ascii : withoutPrefix; // an SCPI literally named "SCPI" keeps its name
}

/**
 * Rounds half away from zero to `decimals` places, as a printed figure is rounded (2.675 -> 2.68 although
 * its binary value is 2.67499...; the relative nudge absorbs that representation error).
 */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(Math.abs(value) * factor * (1 + Number.EPSILON)) / factor;
  return value < 0 ? -rounded : rounded;
}

function usable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Taux de distribution (ASPIM, since 2022) of a year: the gross distribution per share paid for the year
 * (before French and foreign tax, including any distribution of capital gains), divided by the
 * subscription price on 1 January of that year, × 100, two decimals. Null without both inputs or with a
 * price that is not positive.
 */
export function distributionRatePct(
  grossDistributionPerShare: number | null | undefined,
  priceOnFirstJanuary: number | null | undefined,
): number | null {
  if (
    !usable(grossDistributionPerShare) ||
    !usable(priceOnFirstJanuary) ||
    priceOnFirstJanuary <= 0 ||
    grossDistributionPerShare < 0
  )
    return null;
  return roundTo((grossDistributionPerShare / priceOnFirstJanuary) * 100, 2);
}

/**
 * Surcote (positive) or décote (negative) of the subscription price against the valeur de reconstitution
 * per share: (price / reconstitution − 1) × 100, two decimals. The regulator bounds it at ±10 % for a
 * variable-capital SCPI, which is why investors compare it.
 */
export function premiumToReconstitutionPct(
  sharePrice: number | null | undefined,
  reconstitutionValue: number | null | undefined,
): number | null {
  if (!usable(sharePrice) || !usable(reconstitutionValue) || reconstitutionValue <= 0 || sharePrice <= 0) return null;
  return roundTo((sharePrice / reconstitutionValue - 1) * 100, 2);
}

/**
 * Performance globale annuelle (ASPIM) of a year: the distribution rate of the year plus the change of
 * the share price over the year, (price on 1 January of the next year − price on 1 January) / price on
 * 1 January × 100, two decimals.
 */
export function pgaPct(
  distributionRate: number | null | undefined,
  priceOnFirstJanuary: number | null | undefined,
  priceOnFirstJanuaryNextYear: number | null | undefined,
): number | null {
  if (
    !usable(distributionRate) ||
    !usable(priceOnFirstJanuary) ||
    !usable(priceOnFirstJanuaryNextYear) ||
    priceOnFirstJanuary <= 0
  )
    return null;
  return roundTo(
    distributionRate + ((priceOnFirstJanuaryNextYear - priceOnFirstJanuary) / priceOnFirstJanuary) * 100,
    2,
  );
}

/** Capitalisation: number of shares × subscription price, euros (rounded to the euro). */
export function capitalisationEur(
  shares: number | null | undefined,
  sharePrice: number | null | undefined,
): number | null {
  if (!usable(shares) || !usable(sharePrice) || shares <= 0 || sharePrice <= 0) return null;
  return Math.round(shares * sharePrice);
}

/** A price taking effect on a date (sharePriceHistory). */
export interface DatedPrice {
  date: string;
  priceEur: number;
}

/**
 * The subscription price in force on 1 January of `year`: the last price that took effect on or before
 * that day. Null when the history starts later (we cannot tell what the price was).
 */
export function priceOnFirstJanuary(history: readonly DatedPrice[], year: string | number): number | null {
  const day = `${year}-01-01`;
  let best: DatedPrice | null = null;
  for (const point of history) if (point.date <= day && (best === null || point.date > best.date)) best = point;
  return best ? best.priceEur : null;
}

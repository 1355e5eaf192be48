import type { Profile } from '../schema/fund';
import {
  cleanText,
  concentrationOf,
  type CreditQuality,
  creditQualityOf,
  equityShareBand,
  equityShareOf,
  type HoldingInput,
  largestBucket,
  type RateSensitivity,
  rateSensitivityOf,
  regionFocusOf,
  regionTiltOf,
  RESIDUAL_LABEL,
  sectorTiltOf,
  type Valuation,
  valuationOf,
  type WeightedInput,
} from './profileFields';
import {
  FALLBACK_RISK_RATING,
  GLOBAL,
  LOW_RISK_MAX,
  MEDIUM_RISK_MAX,
  PROFILE_RULES_VERSION,
  SECTOR_FUND_MIN,
  SRRI_MAX,
  SRRI_MIN,
} from './profileRules';

/**
 * Rule-based classification of a fund (spec section 2.4), the asset-class risk-rating fallback and the
 * structure token of section 2.3. Pure functions, no I/O. The thresholds and the rule statement are in
 * profileRules.ts, the rules of the single fields in profileFields.ts; this file combines them.
 *
 * Weights are percentages of the portfolio, as everywhere in FundData. Labels are trimmed; weights that
 * are not finite are ignored; a label listed twice (case-insensitively) is one bucket with the summed weight.
 * Residual buckets ("Other", "Cash", "Not classified", "n/a", ...) are never a region focus, a region tilt
 * or a sector tilt: they say where the portfolio is not classified, not where it is concentrated.
 * Sums are rounded to WEIGHT_PRECISION decimals before threshold comparisons, so 10.1 + 19.9 is exactly 30.
 */

export type ProfileKind = Profile['kind'];
export type RiskBand = NonNullable<Profile['riskBand']>;

/** What the classification reads; field names follow FundData. Absent fields count as not disclosed. */
export interface ProfileInput {
  /** keyFacts.assetClass, free text. */
  assetClass: string;
  /** keyFacts.currency (ISO 4217); used in bond and money-market categories. */
  currency?: string | null;
  /** Disclosed SRI/SRRI 1-7, or null when not disclosed (the fallback is then applied, see resolveRiskRating). */
  riskRating?: number | null;
  topHoldings?: readonly HoldingInput[];
  region?: readonly WeightedInput[];
  geography?: readonly WeightedInput[];
  sector?: readonly WeightedInput[];
  creditQuality?: readonly WeightedInput[];
  assetAllocation?: readonly WeightedInput[];
  /** metrics.peRatio: a number or a string such as "18.4" or "18.4x". */
  peRatio?: number | string | null;
  /** metrics.effectiveDuration in years (preferred over modifiedDuration). */
  effectiveDuration?: number | string | null;
  /** headlineMetrics.modifiedDuration in years. */
  modifiedDuration?: number | string | null;
}

// ---- Vocabulary ----
const KIND_PATTERNS = {
  moneyMarket: /money[\s-]*markets?|\bmmf\b|\bliquidity\b|^\s*cash\b/i,
  allocation: /allocation|multi[\s-]*assets?|\bmixed\b|\bbalanced\b|\bhybrid\b/i,
  alternative:
    /alternative|\bhedge\b|commodit|private[\s-]*equity|absolute[\s-]*return|long[\s/-]*short|market[\s-]*neutral|managed[\s-]*futures/i,
  fixedIncome: /fixed[\s-]*income|\bbonds?\b|\bdebt\b|\bcredit\b|\btreasur(?:y|ies)\b/i,
  equity: /\bequit(?:y|ies)\b|\bstocks?\b|\bshares?\b/i,
} as const;
const COMMODITY_PATTERN = /commodit/i;
const EMERGING_PATTERN = /emerging|frontier/i;

const CREDIT_NAMES: Record<CreditQuality, string> = {
  high: 'High Quality',
  medium: 'Medium Quality',
  low: 'Low Quality',
};
const DURATION_NAMES: Record<RateSensitivity, string> = {
  limited: 'Short Duration',
  moderate: 'Intermediate Duration',
  extensive: 'Long Duration',
};
const VALUATION_NAMES: Record<Valuation, string> = { value: 'Value', blend: 'Blend', growth: 'Growth' };

// ---------------------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------------------

/** The full profile of section 2.4. */
export function classifyProfile(input: ProfileInput): Profile {
  const facts = deriveFacts(input);
  return {
    kind: facts.kind,
    category: categoryOf(facts, input),
    riskBand: riskBandOf(resolveRiskRatingFromFacts(input.riskRating, facts)),
    concentration: concentrationOf(input.topHoldings),
    regionFocus: facts.regionFocus,
    regionTilt: facts.regionTilt,
    sectorTilt: facts.sectorTilt,
    valuation: facts.valuation,
    creditQuality: facts.creditQuality,
    rateSensitivity: facts.rateSensitivity,
    equityShare: facts.equityShare,
    rules: PROFILE_RULES_VERSION,
  };
}

/** profile.kind from keyFacts.assetClass text. */
export function kindFromAssetClass(assetClass: string | null | undefined): ProfileKind {
  const text = cleanText(assetClass);
  if (KIND_PATTERNS.moneyMarket.test(text)) return 'moneyMarket';
  const mentionsBonds = KIND_PATTERNS.fixedIncome.test(text);
  const mentionsEquity = KIND_PATTERNS.equity.test(text);
  // A label naming both asset classes ("Bond & Equity") describes a mix.
  if (KIND_PATTERNS.allocation.test(text) || (mentionsBonds && mentionsEquity)) return 'allocation';
  if (KIND_PATTERNS.alternative.test(text)) return 'alternative';
  if (mentionsBonds) return 'fixedIncome';
  if (mentionsEquity) return 'equity';
  return 'other';
}

/**
 * The payload's riskRating: the disclosed SRI/SRRI when it is an integer 1-7, otherwise the asset-class
 * fallback. profile.riskBand is derived from this same number so the two never disagree.
 */
export function resolveRiskRating(input: ProfileInput): number | null {
  return resolveRiskRatingFromFacts(input.riskRating, deriveFacts(input));
}

export interface FallbackHints {
  /** Emerging or frontier markets focus or tilt. */
  emergingMarkets?: boolean;
  /** Equity fund with one sector at or above SECTOR_FUND_MIN. */
  sectorFund?: boolean;
}

/**
 * Risk indicator used when none is disclosed: typical SRRI of the asset class (money market 1, bonds 3,
 * allocation 4, equity 5, alternative 5); emerging-market and sector equity 6 because their volatility
 * usually lands in the 15-25% SRRI band. "other" has no basis for a guess: null.
 */
export function riskRatingFallback(kind: ProfileKind, hints: FallbackHints = {}): number | null {
  switch (kind) {
    case 'moneyMarket':
      return FALLBACK_RISK_RATING.moneyMarket;
    case 'fixedIncome':
      return FALLBACK_RISK_RATING.fixedIncome;
    case 'allocation':
      return FALLBACK_RISK_RATING.allocation;
    case 'equity':
      return hints.emergingMarkets || hints.sectorFund
        ? FALLBACK_RISK_RATING.equityNarrow
        : FALLBACK_RISK_RATING.equity;
    case 'alternative':
      return FALLBACK_RISK_RATING.alternative;
    case 'other':
      return null;
  }
}

/** riskBand from a 1-7 indicator; anything else (missing, fractional, out of range) is null. */
export function riskBandOf(riskRating: number | null | undefined): RiskBand | null {
  if (!isValidRiskRating(riskRating)) return null;
  if (riskRating <= LOW_RISK_MAX) return 'low';
  if (riskRating <= MEDIUM_RISK_MAX) return 'medium';
  return 'high';
}

export type Structure = 'etf' | 'open-ended fund' | 'closed-ended fund' | 'real estate fund' | 'other' | '';

const STRUCTURE_PATTERNS: readonly [Exclude<Structure, '' | 'other'>, RegExp][] = [
  // ETF first: "UCITS ETF" would otherwise read as an open-ended UCITS fund.
  ['etf', /\betfs?\b|exchange[\s-]*traded[\s-]*funds?/i],
  ['real estate fund', /\bscpi\b|\bopci\b|\breits?\b|real[\s-]*estate[\s-]*(?:investment[\s-]*)?(?:fund|trust)/i],
  // Closed before open: "SICAF" and "investment trust" are fixed-capital vehicles.
  ['closed-ended fund', /closed[\s-]*end(?:ed)?|\bsicaf\b|investment[\s-]*trust|\binterval[\s-]*fund\b/i],
  [
    'open-ended fund',
    /open[\s-]*end(?:ed)?|\bsicav\b|\boeic\b|\bicvc\b|\bfcp\b|\bopcvm\b|\bucits\b|unit[\s-]*trust|mutual[\s-]*fund/i,
  ],
];

/** Normalised structure token from the security-type label; "" when nothing is disclosed, "other" when unrecognised. */
export function structureFromSecurityType(securityType: string | null | undefined): Structure {
  const text = cleanText(securityType);
  if (text === '' || RESIDUAL_LABEL.test(text) || !/[a-z]/i.test(text)) return '';
  return STRUCTURE_PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other';
}

// ---------------------------------------------------------------------------------------------------------
// Facts shared by the profile fields, the category and the fallback
// ---------------------------------------------------------------------------------------------------------

interface Facts {
  kind: ProfileKind;
  regionFocus: string | null;
  regionTilt: string | null;
  sectorTilt: string | null;
  /** Largest sector when it makes the equity fund a sector fund. */
  sectorFundSector: string | null;
  valuation: Valuation | null;
  creditQuality: CreditQuality | null;
  rateSensitivity: RateSensitivity | null;
  equityShare: number | null;
  emergingMarkets: boolean;
}

function deriveFacts(input: ProfileInput): Facts {
  const kind = kindFromAssetClass(input.assetClass);
  const isEquity = kind === 'equity';
  const regionFocus = regionFocusOf(input.region, input.geography);
  const regionTilt = regionFocus === GLOBAL ? regionTiltOf(input.region, input.geography) : null;
  const topSector = largestBucket(input.sector);
  return {
    kind,
    regionFocus,
    regionTilt,
    sectorTilt: isEquity ? sectorTiltOf(input.sector) : null,
    sectorFundSector: isEquity && topSector && topSector.weight >= SECTOR_FUND_MIN ? topSector.label : null,
    valuation: isEquity ? valuationOf(input.peRatio) : null,
    creditQuality: kind === 'fixedIncome' || kind === 'moneyMarket' ? creditQualityOf(input.creditQuality) : null,
    rateSensitivity: rateSensitivityOf(input.effectiveDuration, input.modifiedDuration),
    equityShare: kind === 'allocation' ? equityShareOf(input.assetAllocation) : null,
    emergingMarkets: [input.assetClass, regionFocus, regionTilt].some((t) => EMERGING_PATTERN.test(t ?? '')),
  };
}

function resolveRiskRatingFromFacts(disclosed: number | null | undefined, facts: Facts): number | null {
  if (isValidRiskRating(disclosed)) return disclosed;
  return riskRatingFallback(facts.kind, {
    emergingMarkets: facts.emergingMarkets,
    sectorFund: facts.sectorFundSector !== null,
  });
}

function isValidRiskRating(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= SRRI_MIN && value <= SRRI_MAX;
}

// ---------------------------------------------------------------------------------------------------------
// Category
// ---------------------------------------------------------------------------------------------------------

function categoryOf(facts: Facts, input: ProfileInput): string {
  switch (facts.kind) {
    case 'equity':
      if (facts.sectorFundSector) return `${facts.sectorFundSector} Sector Equity`;
      return joinWords(facts.regionFocus, 'Equity', facts.valuation && VALUATION_NAMES[facts.valuation]);
    case 'fixedIncome':
      return joinWords(
        currencyCode(input.currency),
        facts.creditQuality && CREDIT_NAMES[facts.creditQuality],
        facts.rateSensitivity && DURATION_NAMES[facts.rateSensitivity],
        'Bond',
      );
    case 'moneyMarket':
      return joinWords(currencyCode(input.currency), 'Money Market');
    case 'allocation':
      return facts.equityShare === null ? 'Allocation' : `Allocation ${equityShareBand(facts.equityShare)} Equity`;
    case 'alternative':
      return COMMODITY_PATTERN.test(input.assetClass ?? '') ? 'Commodities' : 'Alternative';
    case 'other':
      return cleanText(input.assetClass);
  }
}

function currencyCode(currency: string | null | undefined): string | null {
  const code = cleanText(currency).toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

function joinWords(...parts: (string | null | undefined | false)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' ');
}

import { parseDecimal } from './decimal';
import type { Profile } from '../schema/fund';
import { roundTo } from './analytics';

/**
 * Rule-based classification of a fund (spec section 2.4), the asset-class risk-rating fallback and the
 * structure token of section 2.3. Pure functions, no I/O.
 *
 * Weights are percentages of the portfolio, as everywhere in FundData. Labels are trimmed; weights that
 * are not finite are ignored; a label listed twice (case-insensitively) is one bucket with the summed weight.
 * Residual buckets ("Other", "Cash", "Not classified", "n/a", ...) are never a region focus, a region tilt
 * or a sector tilt: they say where the portfolio is not classified, not where it is concentrated.
 * Sums are rounded to WEIGHT_PRECISION decimals before threshold comparisons, so 10.1 + 19.9 is exactly 30.
 */

/** Version of the rule set carried in profile.rules; bump whenever a rule, threshold or vocabulary changes. */
export const PROFILE_RULES_VERSION = 'profile-rules/2026-11-2';

export type ProfileKind = Profile['kind'];
export type RiskBand = NonNullable<Profile['riskBand']>;
export type Concentration = NonNullable<Profile['concentration']>;
export type Valuation = NonNullable<Profile['valuation']>;
export type CreditQuality = NonNullable<Profile['creditQuality']>;
export type RateSensitivity = NonNullable<Profile['rateSensitivity']>;

export interface WeightedInput {
  label: string;
  weight: number;
}

export interface HoldingInput {
  name: string;
  weight: number;
}

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

// ---- Thresholds (percent of portfolio unless stated) ----
export const TOP_HOLDINGS_COUNT = 10;
export const CONCENTRATED_MIN = 50;
export const BALANCED_MIN = 30;
export const REGION_FOCUS_MIN = 80;
export const REGION_TILT_MIN = 50;
export const SECTOR_TILT_MIN = 30;
export const SECTOR_FUND_MIN = 50;
/** P/E below this is value; from it up to and including GROWTH_PE_ABOVE is blend ("15-22" includes both ends). */
export const VALUE_PE_BELOW = 15;
export const GROWTH_PE_ABOVE = 22;
export const HIGH_CREDIT_MIN = 60;
export const MEDIUM_CREDIT_MIN = 80;
/** Duration in years below this is limited; from it up to and including EXTENSIVE_DURATION_ABOVE is moderate. */
export const LIMITED_DURATION_BELOW = 3.5;
export const EXTENSIVE_DURATION_ABOVE = 6;
export const SRRI_MIN = 1;
export const SRRI_MAX = 7;
export const LOW_RISK_MAX = 2;
export const MEDIUM_RISK_MAX = 4;
/** Width of the equity-share bands in allocation categories: 0-20, 20-40, 40-60, 60-80, 80-100. */
export const EQUITY_SHARE_BAND = 20;
/** Decimals kept when comparing weights and reporting equityShare (absorbs floating-point sums). */
export const WEIGHT_PRECISION = 6;
const EQUITY_SHARE_DECIMALS = 2;
const FULL_PORTFOLIO = 100;

export const GLOBAL = 'Global';
export const BROAD = 'Broad';

/** Asset-class heuristic for riskRating when no SRI/SRRI is disclosed (see riskRatingFallback). */
export const FALLBACK_RISK_RATING = {
  moneyMarket: 1,
  fixedIncome: 3,
  allocation: 4,
  equity: 5,
  /** Emerging-market and single-sector equity funds are more volatile than broad equity. */
  equityNarrow: 6,
  alternative: 5,
} as const;

// ---- Vocabulary ----
const KIND_PATTERNS = {
  moneyMarket: /money[\s-]*markets?|\bmmf\b|\bliquidity\b|^\s*cash\b/i,
  allocation: /allocation|multi[\s-]*assets?|\bmixed\b|\bbalanced\b|\bhybrid\b/i,
  alternative: /alternative|\bhedge\b|commodit|private[\s-]*equity|absolute[\s-]*return|long[\s/-]*short|market[\s-]*neutral|managed[\s-]*futures/i,
  fixedIncome: /fixed[\s-]*income|\bbonds?\b|\bdebt\b|\bcredit\b|\btreasur(?:y|ies)\b/i,
  equity: /\bequit(?:y|ies)\b|\bstocks?\b|\bshares?\b/i,
} as const;
const COMMODITY_PATTERN = /commodit/i;
const EMERGING_PATTERN = /emerging|frontier/i;
const RESIDUAL_LABEL = /^(?:others?|other\s*\/\s*undisclosed|cash(?:\s*(?:and|&)\s*(?:cash\s*)?equivalents)?|liquidity|not\s*classified|unclassified|undisclosed|unknown|n\/?a|not\s*applicable|[-–—]+)$/i;

const ASSET_LABELS = {
  equity: /equit(?:y|ies)|\bstocks?\b|\bshares?\b/i,
  notEquity: /preferred/i,
  recognised: /equit|stock|shares?|bond|fixed|debt|cash|money|liquid|convertible|preferred|propert|real\s*estate|commodit|alternative|other/i,
};

const CREDIT_NAMES: Record<CreditQuality, string> = { high: 'High Quality', medium: 'Medium Quality', low: 'Low Quality' };
const DURATION_NAMES: Record<RateSensitivity, string> = {
  limited: 'Short Duration',
  moderate: 'Intermediate Duration',
  extensive: 'Long Duration',
};
const VALUATION_NAMES: Record<Valuation, string> = { value: 'Value', blend: 'Blend', growth: 'Growth' };

export interface ProfileRule {
  id: string;
  field: keyof Profile;
  condition: string;
}

/** Machine-readable description of every rule, for the methodology page; generated from the same constants. */
export const PROFILE_RULES: readonly ProfileRule[] = [
  { id: 'kind.moneyMarket', field: 'kind', condition: 'assetClass mentions money market, MMF, liquidity or starts with cash (checked first)' },
  { id: 'kind.allocation', field: 'kind', condition: 'assetClass mentions allocation, multi-asset, mixed, balanced or hybrid, or mentions both bonds and equity' },
  { id: 'kind.alternative', field: 'kind', condition: 'assetClass mentions alternative, hedge, commodity, private equity, absolute return, long/short, market neutral or managed futures' },
  { id: 'kind.fixedIncome', field: 'kind', condition: 'assetClass mentions fixed income, bond, debt, credit or treasury' },
  { id: 'kind.equity', field: 'kind', condition: 'assetClass mentions equity, equities, stock or shares' },
  { id: 'kind.other', field: 'kind', condition: 'none of the above, including an empty assetClass' },
  { id: 'riskBand.low', field: 'riskBand', condition: `riskRating ${SRRI_MIN}-${LOW_RISK_MAX}` },
  { id: 'riskBand.medium', field: 'riskBand', condition: `riskRating ${LOW_RISK_MAX + 1}-${MEDIUM_RISK_MAX}` },
  { id: 'riskBand.high', field: 'riskBand', condition: `riskRating ${MEDIUM_RISK_MAX + 1}-${SRRI_MAX}` },
  { id: 'riskBand.source', field: 'riskBand', condition: `disclosed SRI/SRRI, else the asset-class fallback: moneyMarket ${FALLBACK_RISK_RATING.moneyMarket}, fixedIncome ${FALLBACK_RISK_RATING.fixedIncome}, allocation ${FALLBACK_RISK_RATING.allocation}, equity ${FALLBACK_RISK_RATING.equity} (${FALLBACK_RISK_RATING.equityNarrow} for emerging-market or sector funds), alternative ${FALLBACK_RISK_RATING.alternative}, other none` },
  { id: 'concentration.concentrated', field: 'concentration', condition: `weight of the ${TOP_HOLDINGS_COUNT} largest holdings >= ${CONCENTRATED_MIN}%` },
  { id: 'concentration.balanced', field: 'concentration', condition: `weight of the ${TOP_HOLDINGS_COUNT} largest holdings >= ${BALANCED_MIN}% and < ${CONCENTRATED_MIN}%` },
  { id: 'concentration.diversified', field: 'concentration', condition: `weight of the ${TOP_HOLDINGS_COUNT} largest holdings < ${BALANCED_MIN}%` },
  { id: 'concentration.none', field: 'concentration', condition: 'null when no holding weights are disclosed; fewer than ten listed holdings are summed as listed' },
  { id: 'regionFocus.country', field: 'regionFocus', condition: `largest country when >= ${REGION_FOCUS_MIN}% (checked before regions: the more specific label)` },
  { id: 'regionFocus.region', field: 'regionFocus', condition: `largest region when >= ${REGION_FOCUS_MIN}%` },
  { id: 'regionFocus.global', field: 'regionFocus', condition: `"${GLOBAL}" otherwise; null when neither region nor country exposure is disclosed` },
  { id: 'regionTilt', field: 'regionTilt', condition: `${GLOBAL} funds only: largest region (countries when no region panel) when >= ${REGION_TILT_MIN}% and < ${REGION_FOCUS_MIN}%, else null` },
  { id: 'sectorTilt', field: 'sectorTilt', condition: `equity only: largest sector when >= ${SECTOR_TILT_MIN}%, otherwise "${BROAD}"; null without sector data` },
  { id: 'sectorFund', field: 'category', condition: `equity with one sector >= ${SECTOR_FUND_MIN}% is a sector fund: category "<sector> Sector Equity"` },
  { id: 'valuation.value', field: 'valuation', condition: `equity only: portfolio P/E < ${VALUE_PE_BELOW}` },
  { id: 'valuation.blend', field: 'valuation', condition: `equity only: ${VALUE_PE_BELOW} <= P/E <= ${GROWTH_PE_ABOVE}` },
  { id: 'valuation.growth', field: 'valuation', condition: `equity only: P/E > ${GROWTH_PE_ABOVE}; null when P/E is missing or not positive` },
  { id: 'creditQuality.high', field: 'creditQuality', condition: `bonds and money market: AAA to A (incl. A-1/P-1/F1 short-term) >= ${HIGH_CREDIT_MIN}% of rated and not-rated buckets (cash and unrecognised labels excluded)` },
  { id: 'creditQuality.medium', field: 'creditQuality', condition: `bonds and money market: otherwise investment grade (BBB or better, incl. A-2/A-3 short-term) >= ${MEDIUM_CREDIT_MIN}%` },
  { id: 'creditQuality.low', field: 'creditQuality', condition: 'bonds and money market: otherwise; null when no rating bucket is recognised' },
  { id: 'rateSensitivity.limited', field: 'rateSensitivity', condition: `|effective duration| (else |modified duration|) < ${LIMITED_DURATION_BELOW} years` },
  { id: 'rateSensitivity.moderate', field: 'rateSensitivity', condition: `${LIMITED_DURATION_BELOW} <= |duration| <= ${EXTENSIVE_DURATION_ABOVE} years` },
  { id: 'rateSensitivity.extensive', field: 'rateSensitivity', condition: `|duration| > ${EXTENSIVE_DURATION_ABOVE} years; null when no duration is disclosed` },
  { id: 'equityShare', field: 'equityShare', condition: 'allocation only: sum of asset-allocation buckets labelled equity/stock/shares (not preferred); null when no bucket is recognised' },
  { id: 'category.equity', field: 'category', condition: '"<regionFocus> Equity <Value|Blend|Growth>", parts omitted when unknown' },
  { id: 'category.fixedIncome', field: 'category', condition: '"<CCY> <High|Medium|Low Quality> <Short|Intermediate|Long Duration> Bond", parts omitted when unknown' },
  { id: 'category.moneyMarket', field: 'category', condition: '"<CCY> Money Market"' },
  { id: 'category.allocation', field: 'category', condition: `"Allocation <lo>-<hi>% Equity" in ${EQUITY_SHARE_BAND}-point bands (lower bound inclusive), "Allocation" without equity share` },
  { id: 'category.alternative', field: 'category', condition: '"Commodities" when assetClass mentions commodities, else "Alternative"' },
  { id: 'category.other', field: 'category', condition: 'assetClass as given (whitespace collapsed); "" when empty' },
];

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
      return hints.emergingMarkets || hints.sectorFund ? FALLBACK_RISK_RATING.equityNarrow : FALLBACK_RISK_RATING.equity;
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

export const STRUCTURES = ['etf', 'open-ended fund', 'closed-ended fund', 'real estate fund', 'other'] as const;
export type Structure = (typeof STRUCTURES)[number] | '';

const STRUCTURE_PATTERNS: readonly [Exclude<Structure, '' | 'other'>, RegExp][] = [
  // ETF first: "UCITS ETF" would otherwise read as an open-ended UCITS fund.
  ['etf', /\betfs?\b|exchange[\s-]*traded[\s-]*funds?/i],
  ['real estate fund', /\bscpi\b|\bopci\b|\breits?\b|real[\s-]*estate[\s-]*(?:investment[\s-]*)?(?:fund|trust)/i],
  // Closed before open: "SICAF" and "investment trust" are fixed-capital vehicles.
  ['closed-ended fund', /closed[\s-]*end(?:ed)?|\bsicaf\b|investment[\s-]*trust|\binterval[\s-]*fund\b/i],
  ['open-ended fund', /open[\s-]*end(?:ed)?|\bsicav\b|\boeic\b|\bicvc\b|\bfcp\b|\bopcvm\b|\bucits\b|unit[\s-]*trust|mutual[\s-]*fund/i],
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
  return riskRatingFallback(facts.kind, { emergingMarkets: facts.emergingMarkets, sectorFund: facts.sectorFundSector !== null });
}

function isValidRiskRating(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= SRRI_MIN && value <= SRRI_MAX;
}

// ---------------------------------------------------------------------------------------------------------
// Individual rules
// ---------------------------------------------------------------------------------------------------------

/** Sum of the ten largest disclosed holding weights; null without any. */
export function concentrationOf(holdings: readonly HoldingInput[] | null | undefined): Concentration | null {
  const weights = (holdings ?? []).map((h) => h?.weight).filter(isPositiveFinite).sort((a, b) => b - a);
  if (weights.length === 0) return null;
  const topWeight = roundWeight(weights.slice(0, TOP_HOLDINGS_COUNT).reduce((sum, w) => sum + w, 0));
  if (topWeight >= CONCENTRATED_MIN) return 'concentrated';
  if (topWeight >= BALANCED_MIN) return 'balanced';
  return 'diversified';
}

/**
 * Largest country (more specific, so checked first) or region at or above REGION_FOCUS_MIN, else Global;
 * null when neither panel has a usable bucket.
 */
export function regionFocusOf(
  region: readonly WeightedInput[] | null | undefined,
  geography: readonly WeightedInput[] | null | undefined,
): string | null {
  const topCountry = largestBucket(geography);
  const topRegion = largestBucket(region);
  if (!topCountry && !topRegion) return null;
  for (const top of [topCountry, topRegion]) if (top && top.weight >= REGION_FOCUS_MIN) return top.label;
  return GLOBAL;
}

/** For a Global fund: the largest region (countries when there is no region panel) at 50% up to, not including, 80%. */
export function regionTiltOf(
  region: readonly WeightedInput[] | null | undefined,
  geography: readonly WeightedInput[] | null | undefined,
): string | null {
  const top = largestBucket(region) ?? largestBucket(geography);
  return top && top.weight >= REGION_TILT_MIN && top.weight < REGION_FOCUS_MIN ? top.label : null;
}

export function sectorTiltOf(sector: readonly WeightedInput[] | null | undefined): string | null {
  const top = largestBucket(sector);
  if (!top) return null;
  return top.weight >= SECTOR_TILT_MIN ? top.label : BROAD;
}

export function valuationOf(peRatio: number | string | null | undefined): Valuation | null {
  const pe = parseLeadingNumber(peRatio);
  if (pe === null || pe <= 0) return null; // negative or zero P/E: aggregate earnings not meaningful
  if (pe < VALUE_PE_BELOW) return 'value';
  if (pe <= GROWTH_PE_ABOVE) return 'blend';
  return 'growth';
}

/** Rate sensitivity from the magnitude of effective (else modified) duration: a short duration overlay is still sensitive. */
export function rateSensitivityOf(
  effectiveDuration: number | string | null | undefined,
  modifiedDuration?: number | string | null,
): RateSensitivity | null {
  const duration = parseLeadingNumber(effectiveDuration) ?? parseLeadingNumber(modifiedDuration);
  if (duration === null) return null;
  const years = Math.abs(duration);
  if (years < LIMITED_DURATION_BELOW) return 'limited';
  if (years <= EXTENSIVE_DURATION_ABOVE) return 'moderate';
  return 'extensive';
}

export type CreditTier = 'high' | 'investmentGrade' | 'subInvestmentGrade' | 'notRated';

/**
 * Credit tier of one rating-bucket label (S&P/Fitch and Moody's long-term scales, S&P/Moody's/Fitch
 * short-term scales, common wordings). Cash, deposits and unrecognised labels give null: they are left
 * out of the shares, because cash is no credit risk and a guess would be worse than no figure.
 */
export function creditTierOf(label: string | null | undefined): CreditTier | null {
  // Parenthesised asides are dropped; [^()] stops at the next "(", so a run of "(" is read once (linear).
  const text = cleanText(label).toUpperCase().replace(/\([^()]*\)/g, ' ').replace(/\s+/g, ' ').trim();
  if (text === '' || /^(?:CASH|DEPOSITS?|LIQUIDITY)\b/.test(text)) return null;
  if (/^(?:NR|N\/R|NOT RATED|UNRATED|NON[\s-]?RATED|NO RATING|WITHOUT RATING)$/.test(text)) return 'notRated';
  if (/(?:NON|SUB)[\s-]?INVESTMENT GRADE|BELOW INVESTMENT GRADE|HIGH YIELD|SPECULATIVE/.test(text)) return 'subInvestmentGrade';
  if (/^(?:BELOW|UNDER|LESS THAN|<)\s*(?:BBB|BAA|BB|BA|B|CCC|CAA)\b/.test(text)) return 'subInvestmentGrade';
  if (/^INVESTMENT GRADE$/.test(text)) return 'investmentGrade';
  const token = text.replace(/\b(?:RATED|RATING|RATINGS)\b/g, ' ').trim().split(/[\s/]+/)[0] ?? '';
  if (/^(?:A-1\+?|P-1|F1\+?)$/.test(token)) return 'high';
  if (/^(?:A-[23]|P-[23]|F[23])$/.test(token)) return 'investmentGrade';
  if (/^(?:AAA|AA[+-]?|AA[1-3]|A[+-]?|A[1-3])$/.test(token)) return 'high';
  if (/^(?:BBB[+-]?|BAA[1-3]?)$/.test(token)) return 'investmentGrade';
  if (/^(?:BB[+-]?|BA[1-3]?|B[+-]?|B[1-3]|CCC[+-]?|CAA[1-3]?|CC|CA|C|D|SD|RD|DDD?)$/.test(token)) return 'subInvestmentGrade';
  return null;
}

/** Shares of AAA-A and of investment grade among the recognised rating buckets (rated plus not rated). */
export function creditQualityOf(buckets: readonly WeightedInput[] | null | undefined): CreditQuality | null {
  const byTier: Record<CreditTier, number> = { high: 0, investmentGrade: 0, subInvestmentGrade: 0, notRated: 0 };
  for (const { label, weight } of aggregateBuckets(buckets)) {
    const tier = creditTierOf(label);
    if (tier && weight > 0) byTier[tier] += weight;
  }
  const total = byTier.high + byTier.investmentGrade + byTier.subInvestmentGrade + byTier.notRated;
  if (total <= 0) return null;
  const highShare = roundWeight((byTier.high / total) * FULL_PORTFOLIO);
  const investmentGradeShare = roundWeight(((byTier.high + byTier.investmentGrade) / total) * FULL_PORTFOLIO);
  if (highShare >= HIGH_CREDIT_MIN) return 'high';
  if (investmentGradeShare >= MEDIUM_CREDIT_MIN) return 'medium';
  return 'low';
}

/** Equity weight of an allocation panel, as reported (not renormalised: leverage and negative cash are real). */
export function equityShareOf(allocation: readonly WeightedInput[] | null | undefined): number | null {
  const buckets = aggregateBuckets(allocation).filter((b) => ASSET_LABELS.recognised.test(b.label));
  if (buckets.length === 0) return null;
  const equity = buckets
    .filter((b) => ASSET_LABELS.equity.test(b.label) && !ASSET_LABELS.notEquity.test(b.label))
    .reduce((sum, b) => sum + b.weight, 0);
  return roundTo(equity, EQUITY_SHARE_DECIMALS);
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

/** "40-60%": bands of EQUITY_SHARE_BAND points, lower bound inclusive (exactly 40 is 40-60%), clamped to 0-100. */
export function equityShareBand(equityShare: number): string {
  const lastBandStart = FULL_PORTFOLIO - EQUITY_SHARE_BAND;
  const clamped = Math.min(Math.max(equityShare, 0), lastBandStart);
  const low = Math.floor(roundWeight(clamped) / EQUITY_SHARE_BAND) * EQUITY_SHARE_BAND;
  return `${low}-${low + EQUITY_SHARE_BAND}%`;
}

function currencyCode(currency: string | null | undefined): string | null {
  const code = cleanText(currency).toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

/** Buckets with a label and a finite weight, duplicates (case-insensitive) merged, first spelling kept. */
function aggregateBuckets(items: readonly WeightedInput[] | null | undefined): WeightedInput[] {
  const byKey = new Map<string, WeightedInput>();
  for (const item of items ?? []) {
    const label = cleanText(item?.label);
    if (label === '' || typeof item.weight !== 'number' || !Number.isFinite(item.weight)) continue;
    const key = label.toLowerCase();
    const existing = byKey.get(key);
    byKey.set(key, { label: existing?.label ?? label, weight: (existing?.weight ?? 0) + item.weight });
  }
  return [...byKey.values()].map((b) => ({ label: b.label, weight: roundWeight(b.weight) }));
}

/** Largest non-residual bucket with a positive weight (first listed wins a tie); null when there is none. */
function largestBucket(items: readonly WeightedInput[] | null | undefined): WeightedInput | null {
  let top: WeightedInput | null = null;
  for (const bucket of aggregateBuckets(items)) {
    if (RESIDUAL_LABEL.test(bucket.label) || bucket.weight <= 0) continue;
    if (!top || bucket.weight > top.weight) top = bucket;
  }
  return top;
}

/** First number in a value such as 18.4, "18.4x", "4,5 years", "1,234.5"; null when there is none. */
function parseLeadingNumber(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  // The first figure with its separators, ending on a digit, read by the one decimal reader. Linear:
  // the first digit starts the match, and one greedy class gives back to its last digit once.
  const figure = /-?\d(?:[\d.,]*\d)?/.exec(value)?.[0];
  return figure ? parseDecimal(figure) : null;
}

function cleanText(value: string | null | undefined): string {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

function joinWords(...parts: (string | null | undefined | false)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' ');
}

function isPositiveFinite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function roundWeight(value: number): number {
  return roundTo(value, WEIGHT_PRECISION);
}

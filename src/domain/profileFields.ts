/** The rules of single profile fields: concentration, region, sector, valuation, credit, duration, equity share. */
import type { Profile } from '../schema/fund';
import { parseDecimal } from './decimal';
import {
  BALANCED_MIN,
  BROAD,
  CONCENTRATED_MIN,
  EQUITY_SHARE_BAND,
  EXTENSIVE_DURATION_ABOVE,
  GLOBAL,
  GROWTH_PE_ABOVE,
  HIGH_CREDIT_MIN,
  LIMITED_DURATION_BELOW,
  MEDIUM_CREDIT_MIN,
  REGION_FOCUS_MIN,
  REGION_TILT_MIN,
  SECTOR_TILT_MIN,
  TOP_HOLDINGS_COUNT,
  VALUE_PE_BELOW,
  WEIGHT_PRECISION,
} from './profileRules';
import { roundTo } from './returnMaths';

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

const EQUITY_SHARE_DECIMALS = 2;
const FULL_PORTFOLIO = 100;

/** Buckets that say where the portfolio is not classified: never a focus or a tilt, and no structure token. */
export const RESIDUAL_LABEL =
  /^(?:others?|other\s*\/\s*undisclosed|cash(?:\s*(?:and|&)\s*(?:cash\s*)?equivalents)?|liquidity|not\s*classified|unclassified|undisclosed|unknown|n\/?a|not\s*applicable|[-–—]+)$/i;

const ASSET_LABELS = {
  equity: /equit(?:y|ies)|\bstocks?\b|\bshares?\b/i,
  notEquity: /preferred/i,
  recognised:
    /equit|stock|shares?|bond|fixed|debt|cash|money|liquid|convertible|preferred|propert|real\s*estate|commodit|alternative|other/i,
};

/** Sum of the ten largest disclosed holding weights; null without any. */
export function concentrationOf(holdings: readonly HoldingInput[] | null | undefined): Concentration | null {
  const weights = (holdings ?? [])
    .map((h) => h?.weight)
    .filter(isPositiveFinite)
    .sort((a, b) => b - a);
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

/**
 * Rate sensitivity from the magnitude of effective (else modified) duration: a short duration overlay is still
 * sensitive.
 */
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
  const text = cleanText(label)
    .toUpperCase()
    .replace(/\([^()]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '' || /^(?:CASH|DEPOSITS?|LIQUIDITY)\b/.test(text)) return null;
  if (/^(?:NR|N\/R|NOT RATED|UNRATED|NON[\s-]?RATED|NO RATING|WITHOUT RATING)$/.test(text)) return 'notRated';
  if (/(?:NON|SUB)[\s-]?INVESTMENT GRADE|BELOW INVESTMENT GRADE|HIGH YIELD|SPECULATIVE/.test(text))
    return 'subInvestmentGrade';
  if (/^(?:BELOW|UNDER|LESS THAN|<)\s*(?:BBB|BAA|BB|BA|B|CCC|CAA)\b/.test(text)) return 'subInvestmentGrade';
  if (/^INVESTMENT GRADE$/.test(text)) return 'investmentGrade';
  const token =
    text
      .replace(/\b(?:RATED|RATING|RATINGS)\b/g, ' ')
      .trim()
      .split(/[\s/]+/)[0] ?? '';
  if (/^(?:A-1\+?|P-1|F1\+?)$/.test(token)) return 'high';
  if (/^(?:A-[23]|P-[23]|F[23])$/.test(token)) return 'investmentGrade';
  if (/^(?:AAA|AA[+-]?|AA[1-3]|A[+-]?|A[1-3])$/.test(token)) return 'high';
  if (/^(?:BBB[+-]?|BAA[1-3]?)$/.test(token)) return 'investmentGrade';
  if (/^(?:BB[+-]?|BA[1-3]?|B[+-]?|B[1-3]|CCC[+-]?|CAA[1-3]?|CC|CA|C|D|SD|RD|DDD?)$/.test(token))
    return 'subInvestmentGrade';
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

/** "40-60%": bands of EQUITY_SHARE_BAND points, lower bound inclusive (exactly 40 is 40-60%), clamped to 0-100. */
export function equityShareBand(equityShare: number): string {
  const lastBandStart = FULL_PORTFOLIO - EQUITY_SHARE_BAND;
  const clamped = Math.min(Math.max(equityShare, 0), lastBandStart);
  const low = Math.floor(roundWeight(clamped) / EQUITY_SHARE_BAND) * EQUITY_SHARE_BAND;
  return `${low}-${low + EQUITY_SHARE_BAND}%`;
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
export function largestBucket(items: readonly WeightedInput[] | null | undefined): WeightedInput | null {
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

export function cleanText(value: string | null | undefined): string {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

function isPositiveFinite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function roundWeight(value: number): number {
  return roundTo(value, WEIGHT_PRECISION);
}

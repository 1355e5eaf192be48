import type { FieldSource, FundData } from '../schema/fund';
import type { FundAnalytics } from './analytics';
import { classifyProfile, resolveRiskRating, structureFromSecurityType } from './profile';

/**
 * The last, pure step of a load: merge the analytics computed from the NAV series into the
 * extracted data, then derive what the rules derive (profile, fallback risk rating, sub-asset,
 * structure, ongoing-cost fallback). Runs inside the workflow: no I/O, no clock.
 */
export function assembleFund(
  extracted: FundData,
  analytics: FundAnalytics | null,
  navSource: FieldSource | null,
): FundData {
  const data = JSON.parse(JSON.stringify(extracted)) as FundData;
  if (analytics) applyAnalytics(data, analytics, navSource);
  if (!data.structure) data.structure = structureFromSecurityType(data.securityType);
  if (!data.costs.ongoing && data.headlineMetrics.ter) data.costs.ongoing = data.headlineMetrics.ter;
  if (!data.headlineMetrics.aum && data.keyFacts.aum) data.headlineMetrics.aum = data.keyFacts.aum;
  if (!data.region.length && data.geography.length) data.region = data.geography.map((w) => ({ ...w }));

  const profileInput = {
    assetClass: data.keyFacts.assetClass,
    currency: data.keyFacts.currency,
    riskRating: data.riskRating,
    topHoldings: data.topHoldings,
    region: data.region,
    geography: data.geography,
    sector: data.sector,
    creditQuality: data.creditQuality,
    assetAllocation: data.assetAllocation,
    peRatio: data.metrics.peRatio,
    effectiveDuration: data.metrics.effectiveDuration,
    modifiedDuration: data.headlineMetrics.modifiedDuration,
  };
  data.profile = classifyProfile(profileInput);
  data.riskRating = resolveRiskRating(profileInput);
  flagRiskRatingSource(data, extracted.riskRating);
  data.keyFacts.subAsset = data.profile.category;
  return data;
}

/** The source of a risk rating no document states: the asset-class rule of the methodology (GET /methodology). */
export const RISK_RATING_FALLBACK_SOURCE: FieldSource = {
  document: '',
  kind: 'rule',
  origin: 'asset-class fallback (methodology)',
  page: null,
  asOf: null,
  method: 'fallback',
};

/**
 * A rating the rule supplied is flagged as such, so that nobody takes it for a disclosed one; a disclosed
 * rating keeps the source of the document that states it. With neither, no source is left behind (an
 * out-of-range value a document gave is not the payload's rating).
 */
function flagRiskRatingSource(data: FundData, disclosed: number | null | undefined): void {
  if (data.riskRating === disclosed) return;
  if (data.riskRating === null) delete data.sources.riskRating;
  else data.sources.riskRating = { ...RISK_RATING_FALLBACK_SOURCE };
}

/** The fields computed from the NAV series: their source is the NAV document the series was read from. */
export const ANALYTICS_FIELDS: readonly string[] = [
  'cumulativePerformance',
  'indexedPerformance',
  'calendarReturns',
  'annualisedReturns',
  'headlineMetrics.volatility3y',
  'headlineMetrics.sharpe3y',
  'metrics.volatility3y',
  'metrics.sharpe3y',
  'metrics.maxDrawdown',
];

function applyAnalytics(data: FundData, a: FundAnalytics, navSource: FieldSource | null): void {
  data.cumulativePerformance = a.cumulativePerformance;
  data.indexedPerformance = a.indexedPerformance;
  data.calendarReturns = a.calendarReturns;
  data.annualisedReturns = a.annualisedReturns;
  data.headlineMetrics.volatility3y = a.volatility3y;
  data.headlineMetrics.sharpe3y = a.sharpe3y;
  data.metrics.volatility3y = a.volatility3y;
  data.metrics.sharpe3y = a.sharpe3y;
  data.metrics.maxDrawdown = a.maxDrawdown;
  // The as-of date is the latest NAV observation when a NAV history is used.
  if (a.dataAsOf) data.dataAsOf = a.dataAsOf;
  if (navSource) {
    for (const field of ANALYTICS_FIELDS) if (isFilled(valueAt(data, field))) data.sources[field] = navSource;
    if (a.dataAsOf) data.sources.dataAsOf = { ...navSource, asOf: a.dataAsOf };
  }
}

function valueAt(data: FundData, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], data);
}

/** A disclosed value: a non-empty string or array, or an object holding a non-empty array. */
export function isFilled(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value !== '';
  if (value && typeof value === 'object') return Object.values(value).some((v) => Array.isArray(v) && v.length > 0);
  return value !== null && value !== undefined;
}

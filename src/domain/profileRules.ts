/** The profile rule table: version, thresholds, and the statement of every rule for the methodology page. */
import type { Profile } from '../schema/fund';

/** Version of the rule set carried in profile.rules; bump whenever a rule, threshold or vocabulary changes. */
export const PROFILE_RULES_VERSION = 'profile-rules/2026-11-2';

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

export interface ProfileRule {
  id: string;
  field: keyof Profile;
  condition: string;
}

/** Machine-readable description of every rule, for the methodology page; generated from the same constants. */
export const PROFILE_RULES: readonly ProfileRule[] = [
  {
    id: 'kind.moneyMarket',
    field: 'kind',
    condition: 'assetClass mentions money market, MMF, liquidity or starts with cash (checked first)',
  },
  {
    id: 'kind.allocation',
    field: 'kind',
    condition:
      'assetClass mentions allocation, multi-asset, mixed, balanced or hybrid, or mentions both bonds and equity',
  },
  {
    id: 'kind.alternative',
    field: 'kind',
    condition:
      'assetClass mentions alternative, hedge, commodity, private equity, absolute return, long/short, market neutral or managed futures',
  },
  {
    id: 'kind.fixedIncome',
    field: 'kind',
    condition: 'assetClass mentions fixed income, bond, debt, credit or treasury',
  },
  { id: 'kind.equity', field: 'kind', condition: 'assetClass mentions equity, equities, stock or shares' },
  { id: 'kind.other', field: 'kind', condition: 'none of the above, including an empty assetClass' },
  { id: 'riskBand.low', field: 'riskBand', condition: `riskRating ${SRRI_MIN}-${LOW_RISK_MAX}` },
  { id: 'riskBand.medium', field: 'riskBand', condition: `riskRating ${LOW_RISK_MAX + 1}-${MEDIUM_RISK_MAX}` },
  { id: 'riskBand.high', field: 'riskBand', condition: `riskRating ${MEDIUM_RISK_MAX + 1}-${SRRI_MAX}` },
  {
    id: 'riskBand.source',
    field: 'riskBand',
    condition: `disclosed SRI/SRRI, else the asset-class fallback: moneyMarket ${FALLBACK_RISK_RATING.moneyMarket}, fixedIncome ${FALLBACK_RISK_RATING.fixedIncome}, allocation ${FALLBACK_RISK_RATING.allocation}, equity ${FALLBACK_RISK_RATING.equity} (${FALLBACK_RISK_RATING.equityNarrow} for emerging-market or sector funds), alternative ${FALLBACK_RISK_RATING.alternative}, other none`,
  },
  {
    id: 'concentration.concentrated',
    field: 'concentration',
    condition: `weight of the ${TOP_HOLDINGS_COUNT} largest holdings >= ${CONCENTRATED_MIN}%`,
  },
  {
    id: 'concentration.balanced',
    field: 'concentration',
    condition: `weight of the ${TOP_HOLDINGS_COUNT} largest holdings >= ${BALANCED_MIN}% and < ${CONCENTRATED_MIN}%`,
  },
  {
    id: 'concentration.diversified',
    field: 'concentration',
    condition: `weight of the ${TOP_HOLDINGS_COUNT} largest holdings < ${BALANCED_MIN}%`,
  },
  {
    id: 'concentration.none',
    field: 'concentration',
    condition: 'null when no holding weights are disclosed; fewer than ten listed holdings are summed as listed',
  },
  {
    id: 'regionFocus.country',
    field: 'regionFocus',
    condition: `largest country when >= ${REGION_FOCUS_MIN}% (checked before regions: the more specific label)`,
  },
  { id: 'regionFocus.region', field: 'regionFocus', condition: `largest region when >= ${REGION_FOCUS_MIN}%` },
  {
    id: 'regionFocus.global',
    field: 'regionFocus',
    condition: `"${GLOBAL}" otherwise; null when neither region nor country exposure is disclosed`,
  },
  {
    id: 'regionTilt',
    field: 'regionTilt',
    condition: `${GLOBAL} funds only: largest region (countries when no region panel) when >= ${REGION_TILT_MIN}% and < ${REGION_FOCUS_MIN}%, else null`,
  },
  {
    id: 'sectorTilt',
    field: 'sectorTilt',
    condition: `equity only: largest sector when >= ${SECTOR_TILT_MIN}%, otherwise "${BROAD}"; null without sector data`,
  },
  {
    id: 'sectorFund',
    field: 'category',
    condition: `equity with one sector >= ${SECTOR_FUND_MIN}% is a sector fund: category "<sector> Sector Equity"`,
  },
  { id: 'valuation.value', field: 'valuation', condition: `equity only: portfolio P/E < ${VALUE_PE_BELOW}` },
  {
    id: 'valuation.blend',
    field: 'valuation',
    condition: `equity only: ${VALUE_PE_BELOW} <= P/E <= ${GROWTH_PE_ABOVE}`,
  },
  {
    id: 'valuation.growth',
    field: 'valuation',
    condition: `equity only: P/E > ${GROWTH_PE_ABOVE}; null when P/E is missing or not positive`,
  },
  {
    id: 'creditQuality.high',
    field: 'creditQuality',
    condition: `bonds and money market: AAA to A (incl. A-1/P-1/F1 short-term) >= ${HIGH_CREDIT_MIN}% of rated and not-rated buckets (cash and unrecognised labels excluded)`,
  },
  {
    id: 'creditQuality.medium',
    field: 'creditQuality',
    condition: `bonds and money market: otherwise investment grade (BBB or better, incl. A-2/A-3 short-term) >= ${MEDIUM_CREDIT_MIN}%`,
  },
  {
    id: 'creditQuality.low',
    field: 'creditQuality',
    condition: 'bonds and money market: otherwise; null when no rating bucket is recognised',
  },
  {
    id: 'rateSensitivity.limited',
    field: 'rateSensitivity',
    condition: `|effective duration| (else |modified duration|) < ${LIMITED_DURATION_BELOW} years`,
  },
  {
    id: 'rateSensitivity.moderate',
    field: 'rateSensitivity',
    condition: `${LIMITED_DURATION_BELOW} <= |duration| <= ${EXTENSIVE_DURATION_ABOVE} years`,
  },
  {
    id: 'rateSensitivity.extensive',
    field: 'rateSensitivity',
    condition: `|duration| > ${EXTENSIVE_DURATION_ABOVE} years; null when no duration is disclosed`,
  },
  {
    id: 'equityShare',
    field: 'equityShare',
    condition:
      'allocation only: sum of asset-allocation buckets labelled equity/stock/shares (not preferred); null when no bucket is recognised',
  },
  {
    id: 'category.equity',
    field: 'category',
    condition: '"<regionFocus> Equity <Value|Blend|Growth>", parts omitted when unknown',
  },
  {
    id: 'category.fixedIncome',
    field: 'category',
    condition: '"<CCY> <High|Medium|Low Quality> <Short|Intermediate|Long Duration> Bond", parts omitted when unknown',
  },
  { id: 'category.moneyMarket', field: 'category', condition: '"<CCY> Money Market"' },
  {
    id: 'category.allocation',
    field: 'category',
    condition: `"Allocation <lo>-<hi>% Equity" in ${EQUITY_SHARE_BAND}-point bands (lower bound inclusive), "Allocation" without equity share`,
  },
  {
    id: 'category.alternative',
    field: 'category',
    condition: '"Commodities" when assetClass mentions commodities, else "Alternative"',
  },
  { id: 'category.other', field: 'category', condition: 'assetClass as given (whitespace collapsed); "" when empty' },
];

/**
 * The classifications a TPT look-through is broken down by: Solvency II CIC categories, countries,
 * rating buckets and maturity buckets.
 */

/**
 * Solvency II CIC categories: the third character of the CIC code (the first two give the listing
 * country, XL/XT when unlisted). Labels follow the TPT V7 definition's column heads.
 */
export const CIC_CATEGORIES: Record<string, string> = {
  '0': 'Other investments',
  '1': 'Government bonds',
  '2': 'Corporate bonds',
  '3': 'Equity',
  '4': 'Collective investment undertakings',
  '5': 'Structured notes',
  '6': 'Collateralised securities',
  '7': 'Cash and deposits',
  '8': 'Mortgages and loans',
  '9': 'Property',
  A: 'Futures',
  B: 'Call options',
  C: 'Put options',
  D: 'Swaps',
  E: 'Forwards',
  F: 'Credit derivatives',
};

/** Categories that are debt: they carry a credit rating and a maturity worth bucketing. */
const DEBT_CATEGORIES = new Set(['1', '2', '5', '6', '8']);
const DERIVATIVE_CATEGORIES = new Set(['A', 'B', 'C', 'D', 'E', 'F']);

/** The CIC category character, or null when the code is not a CIC. */
export function cicCategory(cic: string | null): string | null {
  const code = cic?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9]{2}[0-9A-F][0-9A-Z]$/.test(code) ? code[2] : null;
}

export function instrumentLabel(cic: string | null): string | null {
  const category = cicCategory(cic);
  return category === null ? null : CIC_CATEGORIES[category];
}

/** Whether the CIC code is in a debt category (DEBT_CATEGORIES). */
export function isDebtCic(cic: string | null): boolean {
  return DEBT_CATEGORIES.has(cicCategory(cic) ?? '');
}

/** Cash and deposits, or any derivative. */
export function isCashOrDerivativeCic(cic: string | null): boolean {
  const category = cicCategory(cic);
  return category === '7' || (category !== null && DERIVATIVE_CATEGORIES.has(category));
}

/** Equity / Bonds / Cash / Other, as the factsheet's asset allocation shows it. */
export function assetAllocationLabel(cic: string | null): string {
  const category = cicCategory(cic);
  if (category === '3') return 'Equity';
  if (isDebtCic(cic)) return 'Bonds';
  if (category === '7') return 'Cash';
  return 'Other';
}

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** "SE" → "Sweden"; codes the runtime does not know (XS, supranationals) are kept as given. */
export function countryName(code: string): string {
  // Some files put a country name where the code belongs: keep it as written.
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    const name = REGION_NAMES.of(code.toUpperCase());
    return name && name !== code.toUpperCase() && name !== 'Unknown Region' ? name : code.toUpperCase();
  } catch {
    return code;
  }
}

export type RatingBucket = 'AAA' | 'AA' | 'A' | 'BBB' | 'BB' | 'B' | 'CCC and below' | 'Not rated';

/** Solvency II credit quality steps 0-6 in rating terms (9 means no rating). */
const CQS_BUCKETS: RatingBucket[] = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'CCC and below'];

/**
 * A rating bucket from an S&P/Fitch-style ("AA-", "BBB+") or Moody's-style ("Aa3", "Baa1") rating,
 * falling back on the credit quality step when the rating is missing or unreadable.
 */
export function ratingBucket(rating: string | null, creditQualityStep: number | null = null): RatingBucket {
  const fromRating = rating ? bucketFromRating(rating) : null;
  if (fromRating) return fromRating;
  if (creditQualityStep !== null && creditQualityStep >= 0 && creditQualityStep <= 6)
    return CQS_BUCKETS[creditQualityStep];
  return 'Not rated';
}

/**
 * A rating is a few characters ("Baa1 (sf) (EXP)" is 15); a longer cell is none, and the patterns below stay on short
 * strings.
 */
const MAX_RATING_CHARS = 40;

function bucketFromRating(raw: string): RatingBucket | null {
  if (raw.trim().length > MAX_RATING_CHARS) return null;
  // Drop agency prefixes and suffixes: "(P)Aa2", "AA- sf", "A+ (EXP)", "BBB-u", "*-" watches.
  const r = raw
    .trim()
    .replace(/^\(p\)/i, '')
    .replace(/\s*\(.*\)\s*$/, '')
    .replace(/\s+.*$/, '')
    .replace(/(\*[+-]?|u|pi|sf)$/i, '');
  const moodys: [RegExp, RatingBucket][] = [
    [/^Aaa$/, 'AAA'],
    [/^Aa[1-3]?$/, 'AA'],
    [/^A[1-3]$/, 'A'],
    [/^Baa[1-3]?$/, 'BBB'],
    [/^Ba[1-3]?$/, 'BB'],
    [/^B[1-3]$/, 'B'],
    [/^(Caa[1-3]?|Ca|C)$/, 'CCC and below'],
  ];
  for (const [pattern, bucket] of moodys) if (pattern.test(r)) return bucket;
  const upper = r.toUpperCase();
  const sp: [RegExp, RatingBucket][] = [
    [/^AAA$/, 'AAA'],
    [/^AA[+-]?$/, 'AA'],
    [/^A[+-]?$/, 'A'],
    [/^BBB[+-]?$/, 'BBB'],
    [/^BB[+-]?$/, 'BB'],
    [/^B[+-]?$/, 'B'],
    [/^(CCC[+-]?|CC|C|D|DD|DDD|SD|RD)$/, 'CCC and below'],
  ];
  for (const [pattern, bucket] of sp) if (pattern.test(upper)) return bucket;
  if (/^(NR|WR|N\/?R|NOT RATED|UNRATED)$/.test(upper)) return 'Not rated';
  return null;
}

export type MaturityBucket = '0-1y' | '1-3y' | '3-5y' | '5-7y' | '7-10y' | '10y+';

const DAYS_PER_YEAR = 365.25;
const MS_PER_DAY = 86_400_000;

/**
 * The bucket of the time left from `asOf` to `maturity` (both YYYY-MM-DD). Lower bounds are
 * inclusive: exactly 1 year is "1-3y". Past maturities (a bond redeemed after the valuation date
 * was struck) count as "0-1y". Null when a date is unreadable.
 */
export function maturityBucket(asOf: string, maturity: string): MaturityBucket | null {
  const from = Date.parse(`${asOf}T00:00:00Z`);
  const to = Date.parse(`${maturity}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to)) return null;
  const years = (to - from) / MS_PER_DAY / DAYS_PER_YEAR;
  if (years < 1) return '0-1y';
  if (years < 3) return '1-3y';
  if (years < 5) return '3-5y';
  if (years < 7) return '5-7y';
  if (years < 10) return '7-10y';
  return '10y+';
}

/**
 * Collective investment undertakings (CIC category 4) by the code's fourth character, as the
 * Solvency II CIC table names them: the fund's own asset class (EPT 00090 Fund CIC code, e.g. XL42).
 * 49 ("other funds") says nothing.
 */
const FUND_ASSET_CLASSES: Record<string, string> = {
  '1': 'Equity',
  '2': 'Fixed Income',
  '3': 'Money Market',
  '4': 'Multi Asset',
  '5': 'Real Estate',
  '6': 'Alternative',
  '7': 'Private Equity',
  '8': 'Infrastructure',
};

/** The asset class of a fund's own CIC code, or null when the code is not a fund's (category 4) or says "other". */
export function fundAssetClass(cic: string | null): string | null {
  return cicCategory(cic) === '4' ? (FUND_ASSET_CLASSES[cic!.trim().toUpperCase()[3]] ?? null) : null;
}

/**
 * A synthetic fund universe, generated: pure and deterministic. Fund n is the same for a given seed
 * whatever else is generated (each fund and each security draws from its own seeded stream), so a
 * benchmark can rebuild any fund's name or ISIN without storing anything.
 */
import { prng } from '../../samples/funds';
import { emptyFundData } from '../../src/domain/fundSkeleton';
import type { Exposure, FundHolding, HoldingsSnapshot } from '../../src/domain/holdings';
import { classifyProfile, structureFromSecurityType } from '../../src/domain/profile';
import { roundTo } from '../../src/domain/returnMaths';
import type { FundData } from '../../src/schema/fund';
import { isinCheckDigit, isValidIsin } from '../../src/schema/isin';
import {
  ASSET_CLASS_TRAITS,
  CLASS_LETTERS,
  CORPORATE_RATINGS,
  COUNTRIES,
  type Country,
  EQUITY_SECTORS,
  FUND_CURRENCIES,
  GOVERNMENT_RATINGS,
  MANAGER_BRANDS,
  MANAGER_FORMS,
  NAME_WORDS_A,
  NAME_WORDS_B,
  NAME_WORDS_C,
  QUALIFIERS,
  type Reach,
  SECTOR_WORDS,
  SECURITY_TYPES,
  type SecurityType,
  SHORT_TERM_RATINGS,
  type SyntheticAssetClass,
  type Theme,
  THEME_SETS,
  type ThemeSet,
} from './vocabulary';

/** ISIN prefixes no real issuer uses (ZZ is a user-assigned code): funds, and the securities they hold. */
export const FUND_PREFIX = 'ZZSYN';
export const SECURITY_PREFIX = 'ZZSEC';
const NUMBER_DIGITS = 6;
export const MAX_NUMBER = 10 ** NUMBER_DIGITS - 1;

export interface UniverseOptions {
  /** How many funds. */
  funds: number;
  /** Number of the first fund (its ISIN is ZZSYN + the number on 6 digits + check digit); default 1. */
  first?: number;
  /** Securities the funds draw their holdings from. */
  pool: number;
  /** Holding lines per fund (the cash line included), drawn uniformly; capped by the securities a theme may hold. */
  holdings: { min: number; max: number };
  seed?: number;
  /** Which themes funds are drawn from; default mixed (every asset class and region). */
  themes?: ThemeSet;
  /** The date holdings and payloads are as of (YYYY-MM-DD). */
  asOf?: string;
  /** FundData.generatedAt (ISO); the writer sets the time of writing. */
  generatedAt?: string;
}

export interface Security {
  isin: string;
  name: string;
  issuer: string;
  type: SecurityType;
  /** As a holdings file says it: Equity, Fixed Income, Money Market. */
  assetClass: string;
  country: Country;
  sector: string;
  currency: string;
  /** Bonds and money market instruments. */
  rating: string | null;
}

export interface SyntheticFund {
  number: number;
  isin: string;
  name: string;
  data: FundData;
  holdings: HoldingsSnapshot;
}

export const DEFAULT_AS_OF = '2026-10-31';
const CASH_SECTOR = 'Cash and/or Derivatives';
const CASH = 'Cash';
const TOP_HOLDINGS = 10;
const WEIGHT_DECIMALS = 4;
const PANEL_DECIMALS = 2;

/** A 32-bit seed for stream `salt` of item n: nearby numbers get unrelated streams (murmur3's finaliser). */
function streamSeed(seed: number, salt: number, n: number): number {
  let h = Math.imul(seed ^ salt, 0x9e3779b1) ^ n;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
const FUND_STREAM = 0x0f0d;
const SECURITY_STREAM = 0x05ec;

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)];
const between = (rand: Rand, lo: number, hi: number) => lo + rand() * (hi - lo);
const intBetween = (rand: Rand, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

function pickWeighted<T>(rand: Rand, items: readonly T[], weightOf: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  let left = rand() * total;
  for (const item of items) {
    left -= weightOf(item);
    if (left < 0) return item;
  }
  return items[items.length - 1];
}
const pickRating = (rand: Rand, table: readonly [string, number][]) => pickWeighted(rand, table, ([, w]) => w)[0];

/** ZZSYN000042 + check digit: a valid ISIN that says it is synthetic. */
export function numberedIsin(prefix: string, n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > MAX_NUMBER)
    throw new RangeError(`number ${n} does not fit ${NUMBER_DIGITS} digits`);
  const body = `${prefix}${String(n).padStart(NUMBER_DIGITS, '0')}`;
  return body + isinCheckDigit(body);
}
export const syntheticFundIsin = (n: number) => numberedIsin(FUND_PREFIX, n);

// ---------------------------------------------------------------------------------------------
// Securities
// ---------------------------------------------------------------------------------------------

/** Company name parts by the security's number: distinct for the first 40 x 40 x 13 numbers. */
function companyName(n: number, sectorWord: string): string {
  const a = NAME_WORDS_A[n % NAME_WORDS_A.length];
  const b = NAME_WORDS_B[Math.floor(n / NAME_WORDS_A.length) % NAME_WORDS_B.length];
  const c = NAME_WORDS_C[Math.floor(n / (NAME_WORDS_A.length * NAME_WORDS_B.length)) % NAME_WORDS_C.length];
  return ['Synthetic', c, a, b, sectorWord].filter(Boolean).join(' ');
}

function security(seed: number, n: number): Security {
  const rand = prng(streamSeed(seed, SECURITY_STREAM, n));
  const draw = rand();
  const type: SecurityType = draw < 0.65 ? 'equity' : draw < 0.93 ? 'bond' : 'moneyMarket';
  const country = pickWeighted(rand, COUNTRIES, (c) => c.weight);
  const isin = numberedIsin(SECURITY_PREFIX, n);
  if (type === 'equity') {
    const sector = pick(rand, EQUITY_SECTORS);
    const issuer = companyName(n, SECTOR_WORDS[sector]);
    return {
      isin,
      issuer,
      name: `${issuer} ${pick(rand, country.legalForms)}`,
      type,
      assetClass: 'Equity',
      country,
      sector,
      currency: country.currency,
      rating: null,
    };
  }
  const government = rand() < 0.4;
  const issuer = government
    ? `Synthetic Republic of ${country.name}`
    : companyName(n, pick(rand, ['Bank', 'Finance', 'Industries', 'Power', 'Holdings']));
  if (type === 'bond') {
    const coupon = between(rand, 0.5, 6).toFixed(3);
    const year = intBetween(rand, 2027, 2045);
    const rating = pickRating(rand, government ? GOVERNMENT_RATINGS : CORPORATE_RATINGS);
    return {
      isin,
      issuer,
      name: `${issuer} ${coupon}% ${year}`,
      type,
      assetClass: 'Fixed Income',
      country,
      sector: government ? 'Government' : 'Corporate',
      currency: country.currency,
      rating,
    };
  }
  const instrument = government ? 'Treasury Bill' : rand() < 0.6 ? 'Commercial Paper' : 'Certificate of Deposit';
  const maturity = `2027-${String(intBetween(rand, 1, 12)).padStart(2, '0')}-${String(intBetween(rand, 1, 28)).padStart(2, '0')}`;
  const short = { 'Treasury Bill': 'T-Bill', 'Commercial Paper': 'CP', 'Certificate of Deposit': 'CD' }[instrument];
  return {
    isin,
    issuer,
    name: `${issuer} ${short} ${maturity}`,
    type,
    assetClass: 'Money Market',
    country,
    sector: instrument,
    currency: country.currency,
    rating: pickRating(rand, SHORT_TERM_RATINGS),
  };
}

/** The pool, with the candidates of each (type, reach) listed once. */
class SecurityPool {
  readonly securities: Security[];
  private readonly candidates = new Map<string, Security[]>();

  constructor(seed: number, size: number) {
    if (size > MAX_NUMBER) throw new RangeError(`pool of ${size} does not fit ${NUMBER_DIGITS}-digit numbers`);
    this.securities = Array.from({ length: size }, (_, i) => security(seed, i + 1));
  }

  /** Securities of this type a theme with this reach may hold, in pool order (the first are the most widely held). */
  of(type: SecurityType, reach: Reach): Security[] {
    const key = `${type}|${reach.region ?? ''}|${reach.country ?? ''}`;
    let list = this.candidates.get(key);
    if (!list) {
      list = this.securities.filter(
        (s) =>
          s.type === type &&
          (!reach.region || s.country.region === reach.region) &&
          (!reach.country || s.country.name === reach.country),
      );
      this.candidates.set(key, list);
    }
    return list;
  }
}

const pools = new Map<string, SecurityPool>();
function poolOf(seed: number, size: number): SecurityPool {
  const key = `${seed}:${size}`;
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = new SecurityPool(seed, size)));
  return pool;
}

/** The security pool of a universe (the same one its funds hold). */
export function securityPool(options: Pick<UniverseOptions, 'pool' | 'seed'>): readonly Security[] {
  return poolOf(options.seed ?? 1, options.pool).securities;
}

/**
 * k distinct candidates, the widely held ones (early in the pool) more often, as large caps sit in
 * most funds: index = n * u^1.6. Past half the list, a plain shuffle (rejection would spin).
 */
function drawDistinct(rand: Rand, candidates: readonly Security[], k: number): Security[] {
  const n = candidates.length;
  if (k >= n / 2) return shuffled(rand, candidates).slice(0, Math.min(k, n));
  const chosen = new Set<number>();
  for (let tries = 0; chosen.size < k && tries < 50 * k; tries++) chosen.add(Math.floor(n * rand() ** 1.6));
  for (let i = 0; chosen.size < k; i++) chosen.add(i); // rarely needed: fill from the top
  return [...chosen].map((i) => candidates[i]);
}

function shuffled<T>(rand: Rand, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Funds
// ---------------------------------------------------------------------------------------------

/** Decreasing power-law weights (Zipf-like, exponent 0.5 to 1.1) summing to `total`. */
function powerLawWeights(rand: Rand, count: number, total: number): number[] {
  const exponent = between(rand, 0.5, 1.1);
  const raw = Array.from({ length: count }, (_, k) => 1 / (k + 1) ** exponent);
  const sum = raw.reduce((a, b) => a + b, 0);
  return raw.map((r) => (r * total) / sum);
}

interface Line {
  security: Security;
  weight: number;
}

/** The invested lines of a fund: equities, bonds or money market instruments, or a mix (multi asset). */
function investedLines(rand: Rand, pool: SecurityPool, theme: Theme, count: number, invested: number): Line[] {
  const sleeves: [SecurityType, number][] =
    theme.assetClass === 'Equity'
      ? [['equity', 1]]
      : theme.assetClass === 'Fixed Income'
        ? [['bond', 1]]
        : theme.assetClass === 'Money Market'
          ? [['moneyMarket', 1]]
          : ((share) =>
              [
                ['equity', share],
                ['bond', 1 - share],
              ] as [SecurityType, number][])(roundTo(between(rand, 0.2, 0.8), 2));
  const lines: Line[] = [];
  for (const [type, share] of sleeves) {
    const securities = drawDistinct(rand, pool.of(type, theme.reach), Math.max(1, Math.round(count * share)));
    const weights = powerLawWeights(rand, securities.length, invested * share);
    securities.forEach((s, k) => lines.push({ security: s, weight: weights[k] }));
  }
  return lines.sort((a, b) => b.weight - a.weight);
}

/**
 * Lines as FundHoldings, largest first, weights to 4 decimals; the cash line takes the rounding rest so the total is
 * 100.
 */
function holdingsOf(lines: Line[], currency: string): FundHolding[] {
  const holdings: FundHolding[] = lines.map(({ security: s, weight }) => ({
    name: s.name,
    issuer: s.issuer,
    isin: s.isin,
    weight: roundTo(weight, WEIGHT_DECIMALS),
    country: s.country.name,
    sector: s.sector,
    assetClass: s.assetClass,
    currency: s.currency,
  }));
  const rest = roundTo(100 - holdings.reduce((sum, h) => sum + h.weight, 0), WEIGHT_DECIMALS);
  holdings.push({
    name: `${currency} CASH`,
    issuer: null,
    isin: null,
    weight: rest,
    country: null,
    sector: CASH_SECTOR,
    assetClass: CASH,
    currency,
  });
  return holdings;
}

/** A panel (sector, country ...) as the holdings add up, largest first, 2 decimals. */
function panel(holdings: readonly FundHolding[], labelOf: (h: FundHolding) => string | null): Exposure[] {
  const sums = new Map<string, number>();
  for (const h of holdings) {
    const label = labelOf(h);
    if (label) sums.set(label, (sums.get(label) ?? 0) + h.weight);
  }
  return [...sums]
    .map(([label, weight]) => ({ label, weight: roundTo(weight, PANEL_DECIMALS) }))
    .sort((a, b) => b.weight - a.weight || a.label.localeCompare(b.label));
}

function panelsOf(holdings: readonly FundHolding[], lines: readonly Line[]) {
  const securities = new Map(lines.map((l) => [l.security.isin, l.security]));
  const isCash = (h: FundHolding) => h.assetClass === CASH;
  const securityOf = (h: FundHolding) => (h.isin ? (securities.get(h.isin) ?? null) : null);
  return {
    sector: panel(holdings, (h) => h.sector),
    geography: panel(holdings, (h) => (isCash(h) ? CASH : h.country)),
    region: panel(holdings, (h) => (isCash(h) ? CASH : (securityOf(h)?.country.region ?? null))),
    assetAllocation: panel(holdings, (h) => h.assetClass),
    creditQuality: panel(holdings, (h) => securityOf(h)?.rating ?? null),
  };
}

/** What one fund is, before its holdings: drawn first, so names do not depend on the holdings range. */
function identityOf(rand: Rand, themes: readonly Theme[]) {
  const theme = pick(rand, themes);
  const brand = pick(rand, MANAGER_BRANDS);
  const manager = `${brand} ${pick(rand, MANAGER_FORMS)}`;
  const qualifier = pick(rand, QUALIFIERS);
  const currency = theme.currency ?? pickWeighted(rand, FUND_CURRENCIES, ([, w]) => w)[0];
  const distributing = rand() < 0.35;
  const letter = pick(rand, CLASS_LETTERS);
  const showDistribution = !letter || rand() < 0.75;
  const shareClass = [letter, letter && currency, showDistribution && (distributing ? 'Dist' : 'Acc')]
    .filter(Boolean)
    .join(' ');
  const name = [brand, qualifier, theme.words, shareClass].filter(Boolean).join(' ');
  return { theme, manager, currency, distributing, shareClass, name };
}

/** Fund n of the universe. */
export function syntheticFund(options: UniverseOptions, n: number): SyntheticFund {
  const seed = options.seed ?? 1;
  const rand = prng(streamSeed(seed, FUND_STREAM, n));
  const id = identityOf(rand, THEME_SETS[options.themes ?? 'mixed']);
  const pool = poolOf(seed, options.pool);
  const traits = ASSET_CLASS_TRAITS[id.theme.assetClass];
  const cash = between(rand, ...traits.cash);
  const count = intBetween(rand, options.holdings.min, options.holdings.max);
  const lines = investedLines(rand, pool, id.theme, Math.max(1, count - 1), 100 - cash);
  const holdings = holdingsOf(lines, id.currency);
  const asOf = options.asOf ?? DEFAULT_AS_OF;
  const isin = syntheticFundIsin(n);
  const data = fundData(rand, {
    ...id,
    isin,
    asOf,
    generatedAt: options.generatedAt ?? '',
    traits,
    holdings,
    panels: panelsOf(holdings, lines),
  });
  return { number: n, isin, name: id.name, data, holdings: { asOf, holdings } };
}

interface FundParts {
  isin: string;
  name: string;
  theme: Theme;
  manager: string;
  currency: string;
  distributing: boolean;
  shareClass: string;
  asOf: string;
  generatedAt: string;
  traits: (typeof ASSET_CLASS_TRAITS)[SyntheticAssetClass];
  holdings: FundHolding[];
  panels: ReturnType<typeof panelsOf>;
}

/**
 * The payload a load would have stored: the name-relevant facts, costs, risk, panels and top holdings; no performance.
 */
function fundData(rand: Rand, f: FundParts): FundData {
  const data = emptyFundData(f.generatedAt);
  const ter = `${roundTo(between(rand, ...f.traits.ter), 2).toFixed(2)}%`;
  const riskRating = intBetween(rand, ...f.traits.sri);
  const securityType = pick(rand, SECURITY_TYPES);
  const isEquity = f.theme.assetClass === 'Equity';
  const isBond = f.theme.assetClass === 'Fixed Income' || f.theme.assetClass === 'Money Market';
  const peRatio = isEquity ? roundTo(between(rand, 10, 28), 1).toFixed(1) : '';
  const duration = isBond
    ? roundTo(f.theme.assetClass === 'Money Market' ? between(rand, 0.05, 0.4) : between(rand, 1, 9), 2).toFixed(2)
    : '';
  const topHoldings = f.holdings
    .filter((h) => h.assetClass !== CASH)
    .slice(0, TOP_HOLDINGS)
    .map((h) => ({ name: h.name, weight: roundTo(h.weight, PANEL_DECIMALS) }));
  const profile = classifyProfile({
    assetClass: f.theme.assetClass,
    currency: f.currency,
    riskRating,
    topHoldings,
    ...f.panels,
    peRatio,
    modifiedDuration: duration,
  });
  return {
    ...data,
    investmentObjective: `Synthetic fund for scale tests and benchmarks, not a real product: invests in ${f.theme.words} securities.`,
    securityType,
    structure: structureFromSecurityType(securityType),
    shareClass: f.shareClass,
    keyFacts: {
      assetClass: f.theme.assetClass,
      subAsset: profile.category,
      currency: f.currency,
      aum: `${f.currency} ${roundTo(between(rand, 20, 8000), 1).toFixed(1)} million`,
      inception: `${intBetween(rand, 2003, 2024)}-${String(intBetween(rand, 1, 12)).padStart(2, '0')}-01`,
      distribution: f.distributing ? 'Distributing' : 'Accumulating',
      holdings: f.holdings.length,
      manager: f.manager,
    },
    riskRating,
    profile,
    topHoldings,
    ...f.panels,
    headlineMetrics: { ...data.headlineMetrics, ter, modifiedDuration: duration },
    metrics: { ...data.metrics, peRatio },
    sfdrArticle: pick(rand, [6, 8, 8, 9, null] as const),
    costs: { ...data.costs, ongoing: ter },
    dataAsOf: f.asOf,
  };
}

/** Every fund of the universe, one at a time (a 50,000-fund universe is never held in memory whole). */
export function* generateUniverse(options: UniverseOptions): Generator<SyntheticFund> {
  const first = options.first ?? 1;
  if (first + options.funds - 1 > MAX_NUMBER)
    throw new RangeError(`funds ${first}..${first + options.funds - 1} do not fit ${NUMBER_DIGITS}-digit numbers`);
  for (let n = first; n < first + options.funds; n++) yield syntheticFund(options, n);
}

/** The ISINs of the universe's funds, in order. */
export function universeIsins(options: Pick<UniverseOptions, 'funds' | 'first'>): string[] {
  const first = options.first ?? 1;
  return Array.from({ length: options.funds }, (_, i) => syntheticFundIsin(first + i));
}

/** Throws when a generated fund is not what the service would accept and serve: the generator checks itself. */
export function checkFund(fund: SyntheticFund): void {
  const fail = (why: string) => {
    throw new Error(`synthetic fund ${fund.isin} (${fund.name}): ${why}`);
  };
  if (!isValidIsin(fund.isin) || !fund.isin.startsWith(FUND_PREFIX)) fail('invalid ISIN');
  const lines = fund.holdings.holdings;
  if (lines.length === 0) fail('no holdings');
  const bad = lines.find((h) => h.isin !== null && !isValidIsin(h.isin));
  if (bad) fail(`holding ${bad.name} has an invalid ISIN ${bad.isin}`);
  if (lines.some((h) => !(h.weight >= 0))) fail('a negative or missing weight');
  const total = lines.reduce((sum, h) => sum + h.weight, 0);
  if (Math.abs(total - 100) > 0.5) fail(`weights sum to ${total}`);
  for (const key of ['sector', 'geography', 'region', 'assetAllocation'] as const) {
    const sum = fund.data[key].reduce((s, e) => s + e.weight, 0);
    if (Math.abs(sum - 100) > 0.5) fail(`${key} panel sums to ${sum}`);
  }
  if (fund.data.topHoldings.length === 0 || fund.data.topHoldings.length > TOP_HOLDINGS)
    fail(`${fund.data.topHoldings.length} top holdings`);
  if (fund.data.keyFacts.holdings !== lines.length) fail('keyFacts.holdings differs from the lines');
}

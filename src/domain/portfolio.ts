import { type HoldingIndex, HoldingMatcher } from './holdingIndex';
import {
  CASH_AND_DERIVATIVES,
  HOLDING_MATCH_RULES,
  isCashOrDerivativeHolding,
  LOOKTHROUGH_RULES_VERSION,
} from './holdingMatch';
import { type Exposure, type FundHolding, type FundSummary, topHoldingLines } from './holdings';
import { type RiskBand, riskBandOf } from './profile';
import { compareText, largestByWeight } from './ranking';
import { roundTo } from './returnMaths';

/**
 * Portfolio look-through (spec 2.7, 4.4): the body of the portfolio response without plan, quota and
 * generatedAt, from the client's positions and one answer per distinct ISIN. Pure, no I/O; each fund is
 * read once (its holdings indexed once), so 1,000 positions cost 1,000 fund passes, never pairs of them.
 * The rules are stated, field by field, in PORTFOLIO_METHODOLOGY.
 */

export interface PortfolioFund {
  isin: string;
  name: string | null;
  summary: FundSummary;
  /** The full holdings when stored, else null (the summary's topHoldings are then all we know). */
  holdings: readonly FundHolding[] | null;
}

export type PositionAnswer = { status: 'ok'; fund: PortfolioFund } | { status: 'not_found' | 'pending' | 'error' };

export interface PortfolioInput {
  /**
   * As the client sent them, in order; isin null when the input is not a valid ISIN. weight >= 0 (validated before).
   */
  positions: readonly { input: string; isin: string | null; weight: number }[];
  /** One answer per distinct valid ISIN. */
  answers: ReadonlyMap<string, PositionAnswer>;
}

interface PortfolioPosition {
  isin: string;
  name: string | null;
  /** Normalised weight, percent of the portfolio, 2 decimals. */
  weight: number;
  covered: boolean;
  ter: number | null;
  riskRating: number | null;
  category: string | null;
  kind: string | null;
}

interface ExposureBlock {
  items: Exposure[];
  /** Percent of the portfolio whose funds disclose this breakdown. */
  coverage: number;
}

export interface PortfolioAggregate {
  positions: PortfolioPosition[];
  coverage: number;
  fees: { weightedTer: number | null; coverage: number; annualCostPer10k: number | null };
  risk: { weightedSrri: number | null; band: RiskBand | null; coverage: number };
  kinds: Exposure[];
  assetAllocation: ExposureBlock;
  sector: ExposureBlock;
  geography: ExposureBlock;
  region: ExposureBlock;
  creditQuality: ExposureBlock;
  currency: ExposureBlock;
  /** Percent of the portfolio whose geography was read from its funds' holdings, not their country panel. */
  geographyLookThrough: number;
  topHoldings: ExposureBlock & { note: string };
  pending: string[];
  invalid: string[];
  rules: string;
  /** Distinct ISINs answered ok or not_found: the credits the call costs. */
  billable: number;
}

export const TOP_HOLDINGS_LIMIT = 50;
/** Annual cost is quoted per this many currency units invested. */
const COST_BASE = 10_000;
/** The label of lines whose breakdown value (country, currency, kind, panel label) is blank. */
const UNLABELLED = 'Other';

/** What the methodology page says about the portfolio response, field by field. */
export const PORTFOLIO_METHODOLOGY: readonly (readonly [field: string, text: string])[] = [
  [
    'positions',
    'Weights are summed per distinct valid ISIN (duplicates merged, in order of first occurrence) and every position, invalid ones included, is scaled so the total is 100: an invalid position is part of the portfolio we cannot see and lowers coverage. One position per distinct valid ISIN, weight rounded to 2 decimals; covered when the fund was answered; name, TER, risk rating, category and kind from the stored fund, null otherwise.',
  ],
  ['coverage', 'Sum of the weights of the covered positions.'],
  [
    'blocks',
    'Every breakdown: coverage is the weight of covered positions whose fund discloses it (a non-empty list); items are the sum over those funds of position weight × item weight, rescaled to the covered weight so they describe the covered part; labels are merged ignoring case (first spelling kept), blank labels read "Other"; sorted by weight then label, 2 decimals, zero items dropped; empty with coverage 0 when no fund discloses it.',
  ],
  ['assetAllocation, sector, region, creditQuality', "The funds' own panels."],
  [
    'geography',
    `Looked through to the holdings' countries when a fund's full holdings state countries (cash and derivative lines grouped as "${CASH_AND_DERIVATIVES}", lines without a country as "${UNLABELLED}"), the fund's country panel otherwise. geographyLookThrough is the weight whose geography came from holdings.`,
  ],
  [
    'currency',
    "From the holdings' currencies when a fund's full holdings state them; otherwise not covered (the share-class currency is not a currency exposure).",
  ],
  ['kinds', 'Profile kind weighted over covered positions, rescaled to the covered weight.'],
  [
    'fees',
    `weightedTer is Σ weight × TER / Σ weight over covered positions with a TER; coverage is that Σ weight; annualCostPer10k is weightedTer / 100 × ${COST_BASE.toLocaleString('en-US')} (currency units a year per ${COST_BASE.toLocaleString('en-US')} invested, from the unrounded TER); 2 decimals; null without coverage.`,
  ],
  [
    'risk',
    'weightedSrri is Σ weight × risk rating / Σ weight over covered positions with a rating (2 decimals); band from its rounded value: 1-2 low, 3-4 medium, 5-7 high.',
  ],
  [
    'topHoldings',
    `Holdings aggregated across funds through their full holdings when stored, else their largest disclosed positions; cash and derivative lines left out; coverage is the weight of covered positions whose fund lists any holding; the ${TOP_HOLDINGS_LIMIT} largest groups, rescaled to that weight, labelled as printed by their largest contributor. Aggregated weights are a lower bound wherever a fund discloses only its largest positions; the note says for how much of the portfolio that is so.`,
  ],
  ['matching', HOLDING_MATCH_RULES],
  ['pending', 'ISINs still being loaded, in input order.'],
  ['invalid', 'Inputs that are not valid ISINs, as sent, in order, each once.'],
  ['billable', 'Distinct ISINs answered ok or not_found: the credits the call costs.'],
  ['rules', `Version of these rules (${LOOKTHROUGH_RULES_VERSION}).`],
];

/** A distinct valid ISIN with its normalised weight (full precision) and its answer. */
interface Position {
  isin: string;
  weight: number;
  answer: PositionAnswer;
}

/** A covered position: answered with its fund. */
interface Covered {
  weight: number;
  fund: PortfolioFund;
}

/** A covered fund as read once: the holdings it discloses (full, else its top holdings) and what they show. */
interface LookedThrough extends Covered {
  /** Its full holdings are stored. */
  complete: boolean;
  /** Its disclosed holdings indexed for matching; null when it discloses none. */
  index: HoldingIndex | null;
  /** Country and currency breakdowns of its full holdings; [] when they state none. */
  country: Exposure[];
  currency: Exposure[];
}

const UNANSWERED: PositionAnswer = { status: 'error' };

export function aggregatePortfolio(input: PortfolioInput): PortfolioAggregate {
  const { positions, invalid } = normalise(input);
  const covered = positions.flatMap((p): Covered[] =>
    p.answer.status === 'ok' ? [{ weight: p.weight, fund: p.answer.fund }] : [],
  );
  const matcher = new HoldingMatcher();
  const lookThrough = covered.map((c) => readFund(c, matcher));
  const panel = (of: (s: FundSummary) => readonly Exposure[]) =>
    blockOf(covered.map(({ weight, fund }) => ({ weight, items: of(fund.summary) })));
  return {
    positions: positions.map(outputPosition),
    coverage: roundTo(sumOf(covered)),
    fees: feesOf(covered),
    risk: riskOf(covered),
    kinds: blockOf(
      covered.map(({ weight, fund }) => ({ weight, items: [{ label: fund.summary.kind || 'other', weight: 100 }] })),
    ).items,
    assetAllocation: panel((s) => s.assetAllocation),
    sector: panel((s) => s.sector),
    geography: blockOf(
      lookThrough.map((f) => ({
        weight: f.weight,
        items: f.country.length > 0 ? f.country : f.fund.summary.geography,
      })),
    ),
    region: panel((s) => s.region),
    creditQuality: panel((s) => s.creditQuality),
    currency: blockOf(lookThrough.map((f) => ({ weight: f.weight, items: f.currency }))),
    geographyLookThrough: roundTo(sumOf(lookThrough.filter((f) => f.country.length > 0))),
    topHoldings: topHoldingsOf(lookThrough, matcher),
    pending: positions.filter((p) => p.answer.status === 'pending').map((p) => p.isin),
    invalid,
    rules: LOOKTHROUGH_RULES_VERSION,
    billable: positions.filter((p) => p.answer.status === 'ok' || p.answer.status === 'not_found').length,
  };
}

/**
 * Merges duplicates and scales every position, invalid ones included, to a total of 100. Weights are
 * first divided by the largest one, so that any finite weights sum and scale without overflowing to
 * Infinity (two weights of 1e308) or dividing 100 by a subnormal total (a weight of 1e-309).
 */
function normalise(input: PortfolioInput): { positions: Position[]; invalid: string[] } {
  const weightOf = (raw: number) => (Number.isFinite(raw) && raw > 0 ? raw : 0);
  const largest = input.positions.reduce((max, { weight }) => Math.max(max, weightOf(weight)), 0);
  const rawWeights = new Map<string, number>(); // insertion order: first occurrence
  const invalid = new Set<string>();
  let total = 0;
  for (const { input: sent, isin, weight: raw } of input.positions) {
    const weight = largest > 0 ? weightOf(raw) / largest : 0;
    total += weight;
    if (isin === null) invalid.add(sent);
    else rawWeights.set(isin, (rawWeights.get(isin) ?? 0) + weight);
  }
  const scale = total > 0 ? 100 / total : 0;
  const positions = [...rawWeights].map(([isin, weight]) => ({
    isin,
    weight: weight * scale,
    answer: input.answers.get(isin) ?? UNANSWERED,
  }));
  return { positions, invalid: [...invalid] };
}

function outputPosition({ isin, weight, answer }: Position): PortfolioPosition {
  const fund = answer.status === 'ok' ? answer.fund : null;
  return {
    isin,
    name: fund?.name ?? null,
    weight: roundTo(weight),
    covered: fund !== null,
    ter: fund ? terOf(fund.summary) : null,
    riskRating: fund ? riskRatingOf(fund.summary) : null,
    category: fund?.summary.category ?? null,
    kind: fund?.summary.kind ?? null,
  };
}

function terOf(summary: FundSummary): number | null {
  return typeof summary.ter === 'number' && Number.isFinite(summary.ter) && summary.ter >= 0 ? summary.ter : null;
}

/** SRRI/SRI 1 to 7; anything else is not a rating. */
function riskRatingOf(summary: FundSummary): number | null {
  const r = summary.riskRating;
  return typeof r === 'number' && Number.isFinite(r) && r >= 1 && r <= 7 ? r : null;
}

function sumOf(parts: readonly { weight: number }[]): number {
  let sum = 0;
  for (const { weight } of parts) sum += weight;
  return sum;
}

// ---------------------------------------------------------------------------------------------
// Breakdowns
// ---------------------------------------------------------------------------------------------

/** Σ weight × item weight per label over the funds that disclose the breakdown, rescaled to their weight. */
function blockOf(parts: readonly { weight: number; items: readonly Exposure[] }[]): ExposureBlock {
  let coverage = 0;
  const totals = new Map<string, { label: string; sum: number }>();
  for (const { weight, items } of parts) {
    if (items.length === 0) continue;
    coverage += weight;
    for (const item of items) {
      if (!Number.isFinite(item.weight)) continue;
      const label = item.label.trim() || UNLABELLED;
      const id = label.toLowerCase();
      const total = totals.get(id);
      if (total === undefined) totals.set(id, { label, sum: weight * item.weight });
      else total.sum += weight * item.weight;
    }
  }
  if (!(coverage > 0)) return { items: [], coverage: 0 };
  const items = [...totals.values()]
    .map(({ label, sum }) => ({ label, weight: roundTo(sum / coverage) }))
    .filter((item) => item.weight !== 0)
    .sort(byWeightThenLabel);
  return { items, coverage: roundTo(coverage) };
}

function byWeightThenLabel(x: Exposure, y: Exposure): number {
  return y.weight - x.weight || compareText(x.label, y.label);
}

/** Indexes the holdings a fund discloses and, in the same pass, reads its breakdowns off full holdings. */
function readFund({ weight, fund }: Covered, matcher: HoldingMatcher): LookedThrough {
  const complete = fund.holdings !== null && fund.holdings.length > 0;
  if (!complete) {
    const top = topHoldingLines(fund.summary.topHoldings);
    return { weight, fund, complete, index: top.length > 0 ? matcher.index(top) : null, country: [], currency: [] };
  }
  const { country, currency } = exposuresOf(fund.holdings!);
  return { weight, fund, complete, index: matcher.index(fund.holdings!), country, currency };
}

/**
 * A holdings list's country and currency breakdowns, kept with the list: the API serves the same
 * cached lists call after call, and summing 200,000 lines again per portfolio call is a third of its time.
 */
const EXPOSURES_OF_LIST = new WeakMap<readonly FundHolding[], { country: Exposure[]; currency: Exposure[] }>();

function exposuresOf(holdings: readonly FundHolding[]): { country: Exposure[]; currency: Exposure[] } {
  let found = EXPOSURES_OF_LIST.get(holdings);
  if (found === undefined) {
    const exposures = new HoldingsExposures();
    for (const h of holdings) exposures.add(h, isCashOrDerivativeHolding(h));
    found = { country: exposures.country(), currency: exposures.currency() };
    EXPOSURES_OF_LIST.set(holdings, found);
  }
  return found;
}

/**
 * Country and currency breakdowns of full holdings; [] for a breakdown no non-cash line states (the fund
 * then falls back to its country panel, or does not cover currency). A cash line's country is where an
 * account sits, not an exposure, so it reads CASH_AND_DERIVATIVES; its currency is what it is.
 */
class HoldingsExposures {
  private readonly byCountry = new Map<string, number>();
  private readonly byCurrency = new Map<string, number>();
  private statesCountry = false;
  private statesCurrency = false;

  add(h: FundHolding, cash: boolean): void {
    if (!Number.isFinite(h.weight)) return;
    this.statesCountry ||= !cash && !isBlank(h.country);
    this.statesCurrency ||= !cash && !isBlank(h.currency);
    addTo(this.byCountry, cash ? CASH_AND_DERIVATIVES : (h.country ?? UNLABELLED), h.weight);
    addTo(this.byCurrency, h.currency ?? UNLABELLED, h.weight);
  }

  country(): Exposure[] {
    return this.statesCountry ? exposures(this.byCountry) : [];
  }

  currency(): Exposure[] {
    return this.statesCurrency ? exposures(this.byCurrency) : [];
  }
}

function addTo(totals: Map<string, number>, label: string, weight: number): void {
  totals.set(label, (totals.get(label) ?? 0) + weight);
}

function exposures(totals: Map<string, number>): Exposure[] {
  return [...totals].map(([label, weight]) => ({ label, weight }));
}

function isBlank(text: string | null): boolean {
  return text === null || text.trim() === '';
}

// ---------------------------------------------------------------------------------------------
// Fees and risk
// ---------------------------------------------------------------------------------------------

/** Σ w × value / Σ w over the covered positions with a value; null when their weight is 0. */
function weightedMean(
  covered: readonly Covered[],
  valueOf: (s: FundSummary) => number | null,
): { mean: number | null; coverage: number } {
  let coverage = 0;
  let weighted = 0;
  for (const { weight, fund } of covered) {
    const value = valueOf(fund.summary);
    if (value === null) continue;
    coverage += weight;
    weighted += weight * value;
  }
  return { mean: coverage > 0 ? weighted / coverage : null, coverage };
}

function feesOf(covered: readonly Covered[]): PortfolioAggregate['fees'] {
  const { mean, coverage } = weightedMean(covered, terOf);
  if (mean === null) return { weightedTer: null, coverage: 0, annualCostPer10k: null };
  return {
    weightedTer: roundTo(mean),
    coverage: roundTo(coverage),
    annualCostPer10k: roundTo((mean / 100) * COST_BASE),
  };
}

function riskOf(covered: readonly Covered[]): PortfolioAggregate['risk'] {
  const { mean, coverage } = weightedMean(covered, riskRatingOf);
  if (mean === null) return { weightedSrri: null, band: null, coverage: 0 };
  const weightedSrri = roundTo(mean);
  return { weightedSrri, band: riskBandOf(Math.round(weightedSrri)), coverage: roundTo(coverage) };
}

// ---------------------------------------------------------------------------------------------
// Top holdings
// ---------------------------------------------------------------------------------------------

function topHoldingsOf(funds: readonly LookedThrough[], matcher: HoldingMatcher): PortfolioAggregate['topHoldings'] {
  let complete = 0;
  let partial = 0;
  const disclosing: { index: HoldingIndex; scale: number }[] = [];
  for (const { weight, complete: full, index } of funds) {
    if (index === null) continue;
    if (full) complete += weight;
    else partial += weight;
    disclosing.push({ index, scale: weight / 100 });
  }
  const coverage = complete + partial;
  const note = topHoldingsNote(complete, partial);
  if (!(coverage > 0)) return { items: [], coverage: 0, note };
  const groups = matcher.across(disclosing);
  const weights = groups.weight.subarray(0, groups.count).map((weight) => roundTo((weight * 100) / coverage));
  const items = largestByWeight(weights, groups.label, TOP_HOLDINGS_LIMIT)
    .filter((g) => weights[g] > 0)
    .map((g) => ({ label: groups.label(g), weight: weights[g] }));
  return { items, coverage: roundTo(coverage), note };
}

/** States how complete the aggregation is; weights are percent of the whole portfolio. */
export function topHoldingsNote(complete: number, partial: number): string {
  const covered = complete + partial;
  if (!(covered > 0)) return 'No fund in the portfolio discloses its holdings, so none are aggregated.';
  const uncovered = roundTo(100 - covered);
  const lead =
    partial <= 0
      ? `Full holdings known for ${percent(complete)}% of the portfolio, so aggregated weights are complete${uncovered > 0 ? ' for that part' : ''}.`
      : complete <= 0
        ? `Only the largest positions are disclosed for the ${percent(partial)}% of the portfolio whose funds list holdings, so aggregated weights are a lower bound.`
        : `Full holdings known for ${percent(complete)}% of the portfolio; for the other ${percent(partial)}% only the largest positions are disclosed, so aggregated weights are a lower bound.`;
  if (!(uncovered > 0)) return lead;
  return `${lead} The remaining ${percent(uncovered)}% is not covered (no holdings disclosed, or not answered); weights are rescaled to the ${percent(covered)}% that is.`;
}

function percent(weight: number): string {
  return String(roundTo(weight));
}

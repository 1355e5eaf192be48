import { HoldingMatcher, type SharedGroups } from './holdingIndex';
import { HOLDING_MATCH_RULES } from './holdingMatch';
import type { FundHolding } from './holdings';
import { largestByWeight } from './ranking';
import { roundTo } from './returnMaths';

/**
 * Pairwise holdings overlap (spec 2.8, 4.5). Pure functions, no I/O. Each fund is indexed once by one
 * HoldingMatcher (holdingIndex.ts) and every pair reuses the two indexes: a pair costs array probes over
 * integer ids, so 20 funds of 3,000 lines are 20 indexings and 190 cheap probes.
 */

export interface OverlapFund {
  isin: string;
  holdings: readonly FundHolding[];
}

interface SharedHolding {
  /** Side A's largest line in the group, as printed. */
  label: string;
  /** Weight of the group in fund a and in fund b, percent, 2 decimals. */
  a: number;
  b: number;
}

export interface OverlapPair {
  a: string;
  b: string;
  /** Σ over shared groups of min(weight in a, weight in b), percent, 2 decimals. */
  overlap: number;
  /** Shared groups, all of them (shared may be cut at sharedLimit). */
  sharedCount: number;
  shared: SharedHolding[];
  /** Percent of each portfolio its listed holdings show (cash included, negative weights ignored). */
  disclosed: { a: number; b: number };
}

export interface OverlapOptions {
  /** Most shared groups listed per pair; default DEFAULT_SHARED_LIMIT. sharedCount still counts all. */
  sharedLimit?: number;
}

export const DEFAULT_SHARED_LIMIT = 100;

/** What the methodology page says about overlap, field by field. */
export const OVERLAP_METHODOLOGY: readonly (readonly [field: string, text: string])[] = [
  ['pairs', 'One pair per two funds, in the order the ISINs were given (a before b).'],
  ['matching', HOLDING_MATCH_RULES],
  [
    'overlap',
    'Sum over the groups both funds hold of the smaller of the two weights, in percent, rounded to 2 decimals. Funds that disclose only their largest holdings give a lower bound.',
  ],
  ['sharedCount', 'Number of groups both funds hold with a positive weight.'],
  [
    'shared',
    `The shared groups with their weight in each fund (2 decimals), largest smaller weight first, then by label; at most ${DEFAULT_SHARED_LIMIT} unless asked otherwise. The label is fund a's largest line in the group, as printed.`,
  ],
  [
    'disclosed',
    'Per fund, the sum of the positive weights of its listed holdings, cash and derivative lines included, capped at 100: how much of the portfolio the comparison can see.',
  ],
];

/** All pairs i < j of the given funds, in order: (0,1), (0,2), ..., (1,2), ... */
export function overlapOf(funds: readonly OverlapFund[], options: OverlapOptions = {}): OverlapPair[] {
  const limit = sharedLimitOf(options.sharedLimit);
  const matcher = new HoldingMatcher();
  const indexes = funds.map((fund) => matcher.index(fund.holdings));
  const pairs: OverlapPair[] = [];
  for (let i = 0; i < funds.length; i++) {
    for (let j = i + 1; j < funds.length; j++) {
      const groups = matcher.shared(indexes[i], indexes[j]);
      let overlap = 0;
      for (let g = 0; g < groups.count; g++) overlap += Math.min(groups.a[g], groups.b[g]);
      pairs.push({
        a: funds[i].isin,
        b: funds[j].isin,
        overlap: roundTo(overlap),
        sharedCount: groups.count,
        shared: largestShared(groups, limit),
        disclosed: { a: roundTo(indexes[i].disclosed), b: roundTo(indexes[j].disclosed) },
      });
    }
  }
  return pairs;
}

/** Ordered on rounded weights, as a reader sees them: smaller weight desc, then label. */
function largestShared({ count, a, b, label }: SharedGroups, limit: number): SharedHolding[] {
  const smaller = new Float64Array(count);
  for (let g = 0; g < count; g++) smaller[g] = roundTo(Math.min(a[g], b[g]));
  return largestByWeight(smaller, label, limit).map((g) => ({ label: label(g), a: roundTo(a[g]), b: roundTo(b[g]) }));
}

function sharedLimitOf(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_SHARED_LIMIT;
  return Math.max(0, Math.floor(limit));
}

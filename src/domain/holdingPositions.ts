/** Step 1's positions of a fund, and steps 2 and 3 for a pair: the links between two funds' positions, their groups. */
import { find } from './unionFind';

/** No ISIN, or no key worth having (a blank name, or an ISIN line no name key can equal). */
export const NO_ID = -1;
/** Positions per fund stay below 2^21 (two million lines), so an id and a position pack in one double. */
const POSITION_SPAN = 2 ** 21;

/** Step 1: a fund's lines merged into positions, and what other funds link to. */
export interface Positions {
  count: number;
  weight: Float64Array;
  /** The line naming each position: its largest (the first of equal ones). */
  labelLine: Int32Array;
  /** Per line: its weight, its ISIN id (or NO_ID) and its position. */
  lineWeight: Float64Array;
  lineIsin: Int32Array;
  linePosition: Int32Array;
  /** Distinct ISIN ids ascending, and the position of each: what pairs merge-join; built on first use. */
  sortedIsins: [ids: Int32Array, positions: Int32Array] | null;
  /** Distinct key ids ascending, the positions under each, and whether a line under it lacks an ISIN. */
  keyIds: number[];
  keyPositions: number[][];
  keyWithoutIsin: boolean[];
}

/**
 * Links between positions of two funds, flattened [a0, b0, a1, b1, ...]: one per ISIN both hold, and
 * for a key both hold with a line without ISIN on either side, a star joining all positions under it.
 */
export function linksBetween(a: Positions, b: Positions): number[] {
  const links: number[] = [];
  const [idsA, positionsA] = (a.sortedIsins ??= sortedPairs(a.lineIsin, a.linePosition));
  const [idsB, positionsB] = (b.sortedIsins ??= sortedPairs(b.lineIsin, b.linePosition));
  mergeJoin(idsA, idsB, (i, j) => links.push(positionsA[i], positionsB[j]));
  mergeJoin(a.keyIds, b.keyIds, (i, j) => {
    if (!a.keyWithoutIsin[i] && !b.keyWithoutIsin[j]) return; // ISINs on both sides decide
    const [xs, ys] = [a.keyPositions[i], b.keyPositions[j]];
    links.push(xs[0], ys[0]);
    for (let k = 1; k < xs.length; k++) links.push(xs[k], ys[0]);
    for (let k = 1; k < ys.length; k++) links.push(xs[0], ys[k]);
  });
  return links;
}

/**
 * The distinct (id, position of its line) pairs of the lines that have an id, ordered by id then
 * position: packed in one double each (id × 2^21 + position), sorted numerically, repeats dropped.
 */
export function sortedPairs(ids: Int32Array, linePosition: Int32Array): [Int32Array, Int32Array] {
  const packed: number[] = [];
  ids.forEach((id, i) => id !== NO_ID && packed.push(id * POSITION_SPAN + linePosition[i]));
  const sorted = Float64Array.from(packed).sort();
  const [outIds, outPositions] = [new Int32Array(sorted.length), new Int32Array(sorted.length)];
  let count = 0;
  sorted.forEach((value, k) => {
    if (k > 0 && sorted[k - 1] === value) return;
    outIds[count] = Math.floor(value / POSITION_SPAN);
    outPositions[count++] = value % POSITION_SPAN;
  });
  return [outIds.subarray(0, count), outPositions.subarray(0, count)];
}

/** Calls both(i, j) for every value xs[i] and ys[j] share; both ascending, without repeats. */
function mergeJoin(xs: ArrayLike<number>, ys: ArrayLike<number>, both: (i: number, j: number) => void): void {
  let i = 0;
  let j = 0;
  while (i < xs.length && j < ys.length) {
    if (xs[i] < ys[j]) i++;
    else if (ys[j] < xs[i]) j++;
    else both(i++, j++);
  }
}

/**
 * Step 3 for two funds linked into components (nodes: A's positions, then B's): weights per side; A's largest line
 * labels.
 */
export function sumComponents(
  a: Positions,
  b: Positions,
  parent: Int32Array,
  nodes: readonly number[],
  add: (labelLine: number, wa: number, wb: number) => void,
): void {
  const groupOfRoot = new Map<number, { a: number; b: number; labelLine: number }>();
  for (const node of nodes) {
    const root = find(parent, node);
    const group = groupOfRoot.get(root) ?? { a: 0, b: 0, labelLine: -1 };
    groupOfRoot.set(root, group);
    if (node >= a.count) {
      group.b += b.weight[node - a.count];
      continue;
    }
    group.a += a.weight[node];
    // The largest line names the group; among equal ones the first in side A's order.
    const [line, best] = [a.labelLine[node], group.labelLine];
    const [weight, bestWeight] = [a.lineWeight[line], best < 0 ? -1 : a.lineWeight[best]];
    if (weight > bestWeight || (weight === bestWeight && line < best)) group.labelLine = line;
  }
  for (const g of groupOfRoot.values()) if (g.a > 0 && g.b > 0) add(g.labelLine, g.a, g.b);
}

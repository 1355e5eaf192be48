/**
 * Deterministic ordering for ranked lists (top holdings, overlap and look-through groups): the n
 * largest weights with ties broken by label, a bounded first-n selection, and a locale-independent
 * text comparison. Pure functions, no I/O.
 */

/**
 * Indexes of the n largest weights, largest first, equal weights in code-point order of their labels
 * (then by index). Linear on average: a quickselect finds the cut, only the items above it are sorted,
 * and only the ties at the cut compare labels. Rounded weights tie a lot (most lines of a 3,000-line
 * fund round to 0.01-0.05), so sorting everything by label would be the slow part.
 */
export function largestByWeight(weights: ArrayLike<number>, labelOf: (i: number) => string, n: number): number[] {
  const count = Math.min(n, weights.length);
  if (count <= 0) return [];
  const cut = nthLargest(Float64Array.from(weights), count);
  const above: number[] = [];
  const ties: number[] = [];
  for (let i = 0; i < weights.length; i++) {
    if (weights[i] > cut) above.push(i);
    else if (weights[i] === cut) ties.push(i);
  }
  const byLabel = (x: number, y: number) => compareText(labelOf(x), labelOf(y)) || x - y;
  above.sort((x, y) => weights[y] - weights[x] || byLabel(x, y));
  return above.concat(firstInOrder(ties, count - above.length, byLabel));
}

/** The n-th largest value (1-based) by quickselect; reorders `values`. */
function nthLargest(values: Float64Array, n: number): number {
  const target = n - 1;
  let [lo, hi] = [0, values.length - 1];
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] > pivot) i++;
      while (values[j] < pivot) j--;
      if (i > j) break;
      const swap = values[i];
      values[i++] = values[j];
      values[j--] = swap;
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return values[target];
  }
  return values[target];
}

/** The first n items in `compare` order, sorted (a bounded insertion; equal items keep their input order). */
export function firstInOrder<T>(items: Iterable<T>, n: number, compare: (x: T, y: T) => number): T[] {
  const kept: T[] = [];
  if (n <= 0) return kept;
  for (const item of items) {
    if (kept.length === n && compare(item, kept[n - 1]) >= 0) continue;
    let [lo, hi] = [0, kept.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(item, kept[mid]) < 0) hi = mid;
      else lo = mid + 1;
    }
    kept.splice(lo, 0, item);
    if (kept.length > n) kept.pop();
  }
  return kept;
}

/** Code-point order: the same in every locale and runtime. */
export function compareText(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

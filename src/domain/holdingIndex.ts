import { cashOrDerivativeTest, holdingIsin } from './holdingMatch';
import { linksBetween, NO_ID, type Positions, sortedPairs, sumComponents } from './holdingPositions';
import type { FundHolding } from './holdings';
import { firstKeyWord, issuerKey } from './issuerKey';
import { find, identity, union } from './unionFind';

/**
 * The holding matcher (spec 4.5, 2.7, 2.8): HoldingMatcher indexes each fund's holdings once, then
 * groups two funds' holdings (overlap: pair, shared) or many funds' holdings (portfolio look-through:
 * across) by the rule stated in holdingMatch.ts, steps 1 to 3. One matcher per computation; funds
 * compare through the integer ids it hands out. Pure, no I/O. The positions and the pairwise steps over
 * them are in holdingPositions.ts.
 */

/** A fund's holdings as a HoldingMatcher reads them; use it with the matcher that made it. */
export interface HoldingIndex {
  readonly holdings: readonly FundHolding[];
  /** Sum of the positive weights of every listed line, cash included, capped at 100. */
  readonly disclosed: number;
  /** The lines that can match (not cash, positive weight): holding number, weight, ISIN id, key id. */
  readonly lines: Int32Array;
  readonly weights: Float64Array;
  readonly isins: Int32Array;
  readonly keys: Int32Array;
  /** The matcher's name-key version the keys were resolved against, and the positions built on them. */
  resolvedAt: number;
  positions: Positions | null;
}

/** One group shared by two funds: its label (side A's largest line) and its weight in each fund. */
export interface MatchedGroup {
  label: string;
  a: number;
  b: number;
}

/** The groups two funds share as parallel arrays (a pair may share thousands): group g < count. */
export interface SharedGroups {
  count: number;
  a: Float64Array;
  b: Float64Array;
  /** Side A's largest line in group g, as printed. */
  label: (g: number) => string;
}

/**
 * Groups across many funds: group g < count weighs weight[g] (Σ scale × weight), labelled by its largest scaled line.
 */
export interface AggregatedGroups {
  count: number;
  weight: Float64Array;
  label: (g: number) => string;
}

/**
 * Interns ISINs and issuer keys for one computation (an overlap of n funds, one portfolio), memoises
 * keys and the cash predicate, and matches the funds it indexed (steps 1 to 3 of the rule). Keys are
 * computed only where they can matter: for lines without ISIN, and for a line with ISIN only when its
 * first word starts some name key (the key of a line without ISIN), so funds known by ISIN are never keyed.
 */
export class HoldingMatcher {
  private readonly keyIdOfName = new Map<string, number>();
  private readonly keyIdOfKey = new Map<string, number>();
  /** The cash predicate, memoised by asset class and sector (they repeat line after line). */
  private readonly isCash = cashOrDerivativeTest();
  private readonly nameKeys = new Set<number>();
  private readonly nameKeyFirstWords = new Set<string>();
  private readonly keyTexts: string[] = [];
  private readonly issuerOfIsin: string[] = [];
  private readonly verdictOfIsin: number[] = [];
  /** Bumped whenever a name key is added: ISIN lines' keys are then resolved again. */
  private version = 0;
  /** Scratch slots by ISIN or key id, valid where stamps holds the current stamp (never cleared). */
  private stamps = new Int32Array(0);
  private slots = new Int32Array(0);
  private stamp = 0;

  /** Reads a fund's holdings once. */
  index(holdings: readonly FundHolding[]): HoldingIndex {
    const n = holdings.length;
    const isinIds = isinIdsOf(holdings);
    const [lines, weights, isins, keys] = [
      new Int32Array(n),
      new Float64Array(n),
      new Int32Array(n),
      new Int32Array(n),
    ];
    let count = 0;
    let disclosed = 0;
    for (let i = 0; i < n; i++) {
      const h = holdings[i];
      const isin = isinIds[i];
      const cash = this.isCash(h, isin !== NO_ID);
      if (!(h.weight > 0 && h.weight < Infinity)) continue;
      disclosed += h.weight;
      if (cash) continue;
      lines[count] = i;
      weights[count] = h.weight;
      isins[count] = isin;
      keys[count++] = isin === NO_ID ? this.nameKeyOf(issuerOf(h)) : NO_ID;
    }
    const used = <T extends Int32Array | Float64Array>(array: T) => array.subarray(0, count) as T;
    return {
      holdings,
      disclosed: Math.min(100, disclosed),
      lines: used(lines),
      weights: used(weights),
      isins: used(isins),
      keys: used(keys),
      resolvedAt: -1,
      positions: null,
    };
  }

  /** Steps 2 and 3 for two funds: the groups they share, in a deterministic order (callers sort for display). */
  pair(a: HoldingIndex, b: HoldingIndex): MatchedGroup[] {
    const shared = this.shared(a, b);
    return Array.from({ length: shared.count }, (_, g) => ({ label: shared.label(g), a: shared.a[g], b: shared.b[g] }));
  }

  /** pair, as parallel arrays. */
  shared(a: HoldingIndex, b: HoldingIndex): SharedGroups {
    const [pa, pb] = [this.positionsOf(a), this.positionsOf(b)];
    const links = linksBetween(pa, pb);
    const node = (k: number) => (k % 2 === 0 ? links[k] : pa.count + links[k]);
    const seen = new Uint8Array(pa.count + pb.count);
    const shared = {
      count: 0,
      a: new Float64Array(links.length / 2),
      b: new Float64Array(links.length / 2),
      labelLine: new Int32Array(links.length / 2),
    };
    const add = (labelLine: number, wa: number, wb: number) => {
      shared.labelLine[shared.count] = labelLine;
      shared.a[shared.count] = wa;
      shared.b[shared.count++] = wb;
    };
    if (links.every((_, k) => !seen[node(k)] && (seen[node(k)] = 1))) {
      // No position has two links: each link is a group of its own (the usual case, and the fast one).
      for (let k = 0; k < links.length; k += 2)
        add(pa.labelLine[links[k]], pa.weight[links[k]], pb.weight[links[k + 1]]);
    } else {
      const parent = identity(pa.count + pb.count);
      for (let k = 0; k < links.length; k += 2) union(parent, node(k), node(k + 1));
      sumComponents(pa, pb, parent, [...new Set(links.map((_, k) => node(k)))], add);
    }
    return { count: shared.count, a: shared.a, b: shared.b, label: (g) => lineName(a, shared.labelLine[g]) };
  }

  /**
   * Steps 2 and 3 for many funds, each scaled (a portfolio weight / 100): every group, in order of first appearance.
   */
  across(funds: readonly { index: HoldingIndex; scale: number }[]): AggregatedGroups {
    const all = funds.map(({ index }) => this.positionsOf(index));
    const offsets: number[] = [];
    let total = 0;
    for (const p of all) {
      offsets.push(total);
      total += p.count;
    }
    const parent = identity(total);
    const byName = new Uint8Array(this.keyIdOfKey.size);
    for (const p of all) p.keyIds.forEach((id, k) => p.keyWithoutIsin[k] && (byName[id] = 1));
    const firstOfIsin = new Int32Array(PROCESS_ISIN_IDS.size).fill(-1);
    const firstOfKey = new Int32Array(this.keyIdOfKey.size).fill(-1);
    const join = (first: Int32Array, id: number, node: number) =>
      first[id] < 0 ? (first[id] = node) : union(parent, first[id], node);
    funds.forEach(({ index }, f) => {
      const { isins } = index;
      for (let i = 0; i < isins.length; i++)
        if (isins[i] !== NO_ID) join(firstOfIsin, isins[i], offsets[f] + all[f].linePosition[i]);
      all[f].keyIds.forEach(
        (id, k) => byName[id] && all[f].keyPositions[k].forEach((x) => join(firstOfKey, id, offsets[f] + x)),
      );
    });
    return sumAcross(funds, all, offsets, parent);
  }

  /** The key id of a line without ISIN, registered as a name key. */
  private nameKeyOf(issuer: string): number {
    const id = this.keyIdOf(issuer);
    if (id !== NO_ID && !this.nameKeys.has(id)) {
      this.nameKeys.add(id);
      this.nameKeyFirstWords.add(this.keyTexts[id].split(' ', 1)[0]);
      this.version++;
    }
    return id;
  }

  /**
   * The key id of an ISIN line's issuer if it may be a name key, else NO_ID. A name whose first word
   * starts no name key is not keyed; that verdict is kept (as -2 - the number of first words it was
   * checked against) until name keys with new first words arrive. The last issuer seen per ISIN is
   * kept too: most funds print a security alike, so most lines are answered without hashing a name.
   */
  private candidateKeyOf(issuer: string, isin: number): number {
    let verdict = this.issuerOfIsin[isin] === issuer ? this.verdictOfIsin[isin] : this.keyIdOfName.get(issuer);
    if (verdict === undefined || (verdict < NO_ID && -2 - verdict !== this.nameKeyFirstWords.size)) {
      const word = firstKeyWord(issuer);
      verdict =
        word === null || this.nameKeyFirstWords.has(word) ? this.keyIdOf(issuer) : -2 - this.nameKeyFirstWords.size;
      this.keyIdOfName.set(issuer, verdict);
    }
    this.issuerOfIsin[isin] = issuer;
    this.verdictOfIsin[isin] = verdict;
    return Math.max(verdict, NO_ID);
  }

  private keyIdOf(issuer: string): number {
    let id = this.keyIdOfName.get(issuer);
    if (id === undefined || id < NO_ID) {
      const key = issuerKey(issuer);
      id = key === '' ? NO_ID : internId(this.keyIdOfKey, key);
      if (id === this.keyTexts.length) this.keyTexts.push(key);
      this.keyIdOfName.set(issuer, id);
    }
    return id;
  }

  /** Resolves the keys of ISIN lines that may equal a name key, then step 1; redone only when name keys were added. */
  private positionsOf(index: HoldingIndex): Positions {
    if (index.positions !== null && index.resolvedAt === this.version) return index.positions;
    const { keys, isins, lines, holdings } = index;
    for (let i = 0; this.nameKeys.size > 0 && i < keys.length; i++) {
      if (keys[i] !== NO_ID || isins[i] === NO_ID) continue;
      const id = this.candidateKeyOf(issuerOf(holdings[lines[i]]), isins[i]);
      if (this.nameKeys.has(id)) keys[i] = id;
    }
    index.resolvedAt = this.version;
    return (index.positions = this.mergeLines(index));
  }

  /** Step 1: lines sharing an ISIN, and all lines under a key some line of which lacks an ISIN, merge. */
  private mergeLines({ weights, isins, keys }: HoldingIndex): Positions {
    const n = weights.length;
    const parent = identity(n);
    let merged = false;
    const isinStamp = this.freshStamp(); // slots[isin]: the first line holding it
    for (let i = 0; i < n; i++) {
      const id = isins[i];
      if (id === NO_ID) continue;
      if (this.stamps[id] === isinStamp) {
        merged = true;
        union(parent, this.slots[id], i);
      } else {
        this.stamps[id] = isinStamp;
        this.slots[id] = i;
      }
    }
    const keyStamp = this.freshStamp(); // slots[key]: its first line + 1, negated once a line under it lacks an ISIN
    keys.forEach((id, i) => {
      if (id === NO_ID) return;
      if (this.stamps[id] !== keyStamp) {
        this.stamps[id] = keyStamp;
        this.slots[id] = i + 1;
      }
      if (isins[i] === NO_ID) {
        merged = true;
        this.slots[id] = -Math.abs(this.slots[id]);
      }
    });
    const common = {
      lineWeight: weights,
      lineIsin: isins,
      sortedIsins: null,
      keyIds: [],
      keyPositions: [],
      keyWithoutIsin: [],
    };
    let p: Positions;
    if (!merged) {
      // Every line a position of its own: the usual full holdings file, one line per ISIN.
      const lines = identity(n);
      p = { ...common, count: n, weight: weights, labelLine: lines, linePosition: lines };
    } else {
      keys.forEach((id, i) => id !== NO_ID && this.slots[id] < 0 && union(parent, -this.slots[id] - 1, i));
      p = {
        ...common,
        count: 0,
        weight: new Float64Array(n),
        labelLine: new Int32Array(n),
        linePosition: new Int32Array(n),
      };
      const positionOfRoot = new Int32Array(n).fill(-1);
      for (let i = 0; i < n; i++) {
        const root = find(parent, i);
        if (positionOfRoot[root] < 0) {
          positionOfRoot[root] = p.count;
          p.labelLine[p.count++] = i;
        }
        const pos = (p.linePosition[i] = positionOfRoot[root]);
        p.weight[pos] += weights[i];
        if (weights[i] > weights[p.labelLine[pos]]) p.labelLine[pos] = i;
      }
    }
    const [keyIds, keyPositions] = sortedPairs(keys, p.linePosition);
    keyIds.forEach((id, k) => {
      if (k > 0 && keyIds[k - 1] === id) return void p.keyPositions[p.keyPositions.length - 1].push(keyPositions[k]);
      p.keyIds.push(id);
      p.keyPositions.push([keyPositions[k]]);
      p.keyWithoutIsin.push(this.slots[id] < 0);
    });
    return p;
  }

  /** A stamp no scratch slot carries yet; the scratch arrays grow to the ids handed out. */
  private freshStamp(): number {
    const size = Math.max(PROCESS_ISIN_IDS.size, this.keyIdOfKey.size);
    if (this.stamps.length < size) [this.stamps, this.slots] = [new Int32Array(size * 2), new Int32Array(size * 2)];
    return ++this.stamp;
  }
}

/**
 * ISIN ids are the process's, not one matcher's, so that the ids of a holdings list can be kept with
 * it: the API serves the same cached lists call after call, and reading 200,000 ISIN cells per
 * portfolio call cost more than the whole rest of the aggregation. The ids grow with the distinct
 * ISINs the process has seen (the securities of the funds it holds); the lists' ids go with the lists.
 */
const PROCESS_ISIN_IDS = new Map<string, number>();
const ISIN_IDS_OF_LIST = new WeakMap<readonly FundHolding[], Int32Array>();

function isinIdsOf(holdings: readonly FundHolding[]): Int32Array {
  let ids = ISIN_IDS_OF_LIST.get(holdings);
  if (ids === undefined) {
    ids = new Int32Array(holdings.length);
    for (let i = 0; i < holdings.length; i++) {
      const isin = holdingIsin(holdings[i].isin);
      ids[i] = isin === null ? NO_ID : internId(PROCESS_ISIN_IDS, isin);
    }
    ISIN_IDS_OF_LIST.set(holdings, ids);
  }
  return ids;
}

/** The name of a matchable line, as printed. */
function lineName(index: HoldingIndex, line: number): string {
  return index.holdings[index.lines[line]].name;
}

/**
 * Step 3 for many funds: Σ scale × weight per component; its largest scaled line labels it (the first of equal ones).
 */
function sumAcross(
  funds: readonly { index: HoldingIndex; scale: number }[],
  all: readonly Positions[],
  offsets: readonly number[],
  parent: Int32Array,
): AggregatedGroups {
  const groupOfRoot = new Int32Array(parent.length).fill(-1);
  const weight = new Float64Array(parent.length);
  const [labelWeight, labelFund, labelLine]: number[][] = [[], [], []];
  all.forEach((p, f) => {
    const scale = funds[f].scale;
    for (let x = 0; x < p.count; x++) {
      const root = find(parent, offsets[f] + x);
      if (groupOfRoot[root] < 0) {
        groupOfRoot[root] = labelLine.length;
        labelWeight.push(-1);
        labelFund.push(f);
        labelLine.push(0);
      }
      const g = groupOfRoot[root];
      weight[g] += p.weight[x] * scale;
      const line = p.labelLine[x];
      const lineWeight = p.lineWeight[line] * scale;
      // Among equal lines the first: funds come in order, lines of one fund by their place in it.
      const first = lineWeight === labelWeight[g] && labelFund[g] === f && line < labelLine[g];
      if (lineWeight > labelWeight[g] || first) {
        labelWeight[g] = lineWeight;
        labelFund[g] = f;
        labelLine[g] = line;
      }
    }
  });
  return { count: labelLine.length, weight, label: (g) => lineName(funds[labelFund[g]].index, labelLine[g]) };
}

/** Two funds' holdings as lists: the groups they share (HoldingMatcher.pair). */
export function matchHoldings(a: readonly FundHolding[], b: readonly FundHolding[]): MatchedGroup[] {
  const matcher = new HoldingMatcher();
  const indexA = matcher.index(a);
  return matcher.pair(indexA, matcher.index(b));
}

function internId(ids: Map<string, number>, text: string): number {
  let id = ids.get(text);
  if (id === undefined) ids.set(text, (id = ids.size));
  return id;
}

/** The name a line is keyed on: its issuer when given, its own name otherwise. */
function issuerOf(h: FundHolding): string {
  return h.issuer !== null && h.issuer.trim() !== '' ? h.issuer : h.name;
}

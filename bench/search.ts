/**
 * GET /search over a large stored universe: latency of single requests, one after another on one
 * connection, over a mix of what people type (an ISIN, an ISIN prefix, one word, two words, an
 * accented word typed without its accents, a typo, a manager). Each search is followed by GET /me with
 * the same key, the baseline: same authentication, metering and routing, no search.
 *
 *   BENCH_API_PORT=8097 node_modules/.bin/tsx bench/search.ts
 *   BENCH_API_PORT=8097 BENCH_SEARCH_FUNDS=200000 node_modules/.bin/tsx bench/search.ts   # issue 27
 *
 * BENCH_SEARCH_FUNDS (50,000 synthetic funds, 5-20 holdings each; reused when already stored),
 * BENCH_SEARCH_REQUESTS (2,100: 300 per kind), BENCH_SEARCH_VACUUM (1; 0: no VACUUM first). Writes
 * bench/results/search.json.
 *
 * Before measuring, `VACUUM (ANALYZE)` of the tables the search reads (funds, fund_search_vocabulary):
 * a universe written in bulk a moment ago leaves the GIN indexes' pending lists full (each search then
 * reads them through), the visibility map empty (no index-only scan) and the planner's statistics
 * those of an empty table. Autovacuum does the same in production a little later; the benchmark does
 * it at once so that every run measures the settled tables, not where autovacuum happens to be.
 *
 * Other benchmarks (bench/scale.ts) call `runSearchBench` against a universe they have written.
 */
import os from 'node:os';

import { prng } from '../samples/funds';
import { createPool } from '../src/db/postgres';
import {
  Api,
  config,
  type Distribution,
  distribution,
  enterpriseKeys,
  envInt,
  expectStatus,
  log,
  round1,
  round2,
  run,
  writeResults,
} from './support';
import { syntheticFund, syntheticFundIsin, TYPOS, UNACCENTED, type UniverseOptions, writeUniverse } from './universe';

const BENCH = 'search';
const WARM_UP = 100;
const KEYS = 16;
/** Issue 27: for each kind of query, p50 under 10 ms and p99 under 30 ms. */
const TARGET = { p50UnderMs: 10, p99UnderMs: 30 } as const;

export const SEARCH_KINDS = ['isin', 'isinPrefix', 'oneWord', 'twoWords', 'unaccented', 'typo', 'manager'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface SearchBenchOptions {
  /** Synthetic funds searched over (ZZSYN000001 on); default BENCH_SEARCH_FUNDS or 50,000. */
  funds?: number;
  /** Timed searches, in turn over the kinds; default BENCH_SEARCH_REQUESTS or 2,100. */
  requests?: number;
  /**
   * The universe's options when it must be written (funds and first are this benchmark's): 20,000 securities, 5-20
   * holdings, seed 1. Names and managers depend on the seed and themes only, so a universe written with other
   * holdings serves as well.
   */
  universe?: Partial<Omit<UniverseOptions, 'funds' | 'first'>>;
  /** When the funds are not all stored: write them (default), or fail (a caller that wrote them itself). */
  writeMissing?: boolean;
  /**
   * VACUUM (ANALYZE) before measuring (default true; BENCH_SEARCH_VACUUM=0 turns it off, to measure the tables as a bulk
   * write left them).
   */
  vacuum?: boolean;
  /** Writes bench/results/search.json (default true). */
  writeResultsFile?: boolean;
}

interface Query {
  kind: SearchKind;
  q: string;
  /** For an exact ISIN: the fund that should come first. */
  expect?: string;
}

/** The universe, written unless every one of its funds is already stored (an earlier run or step). */
async function ensureUniverse(
  universe: UniverseOptions,
  writeMissing: boolean,
): Promise<{ written: boolean; seconds: number | null }> {
  const pool = createPool(config, 1);
  const { rows } = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM funds WHERE isin >= $1 AND isin <= $2',
    [syntheticFundIsin(1), syntheticFundIsin(universe.funds)],
  );
  await pool.end();
  const funds = universe.funds.toLocaleString('en-US');
  if (rows[0].n === universe.funds) {
    log(BENCH, `${funds} synthetic funds already stored: reused`);
    return { written: false, seconds: null };
  }
  if (!writeMissing) throw new Error(`${rows[0].n} of the ${funds} synthetic funds are stored; write them first`);
  log(BENCH, `writing ${funds} synthetic funds...`);
  const report = await writeUniverse({ ...universe, log: (line) => log(BENCH, line) });
  return { written: true, seconds: report.seconds };
}

/**
 * VACUUM (ANALYZE) of what the search reads (see the header: pending GIN lists, visibility map, statistics), with how
 * long it took and the GIN pending pages it found, so a run says what state it started from.
 */
async function settleTables(): Promise<{ seconds: number; ginPendingPagesBefore: number | null }> {
  const pool = createPool(config, 1);
  try {
    const pending = await ginPendingPages(pool);
    const started = process.hrtime.bigint();
    await pool.query('VACUUM (ANALYZE) funds, fund_search_vocabulary');
    const seconds = round1(Number(process.hrtime.bigint() - started) / 1e9);
    log(
      BENCH,
      `VACUUM (ANALYZE) funds, fund_search_vocabulary: ${seconds} s (GIN pending pages before: ${pending ?? 'not known'})`,
    );
    return { seconds, ginPendingPagesBefore: pending };
  } finally {
    await pool.end();
  }
}

/**
 * Pages waiting in the pending lists of the search's GIN indexes, when the pgstattuple extension is installed (the
 * benchmark installs nothing); else null.
 */
async function ginPendingPages(pool: ReturnType<typeof createPool>): Promise<number | null> {
  const installed = await pool.query("SELECT 1 FROM pg_extension WHERE extname = 'pgstattuple'");
  if (installed.rowCount === 0) return null;
  const { rows } = await pool.query<{ pages: number }>(
    `SELECT coalesce(sum((pgstatginindex(i.indexrelid)).pending_pages), 0)::int AS pages
       FROM pg_stat_user_indexes i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
      WHERE am.amname = 'gin' AND i.relname IN ('funds', 'fund_search_vocabulary')`,
  );
  return rows[0].pages;
}

/** The words of a fund name a person would search for: not the house, not the share class. */
function themeWords(name: string, shareClass: string | null): string[] {
  const classWords = new Set((shareClass ?? '').split(' '));
  return name
    .split(' ')
    .slice(1)
    .filter((w) => w.length >= 3 && !classWords.has(w));
}

/** Queries in round-robin over the kinds, each drawn from a random fund of the universe (deterministic per seed). */
function queries(universe: UniverseOptions, count: number, seed: number): Query[] {
  const rand = prng(seed);
  const anyFund = () => syntheticFund(universe, 1 + Math.floor(rand() * universe.funds));
  const pickOf = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)];
  const make: Record<SearchKind, () => Query> = {
    isin: () => {
      const isin = anyFund().isin;
      return { kind: 'isin', q: isin, expect: isin };
    },
    isinPrefix: () => ({ kind: 'isinPrefix', q: anyFund().isin.slice(0, 4 + Math.floor(rand() * 5)) }),
    oneWord: () => {
      const f = anyFund();
      return { kind: 'oneWord', q: pickOf(themeWords(f.name, f.data.shareClass)) };
    },
    twoWords: () => {
      const f = anyFund();
      const words = [f.name.split(' ')[0], ...themeWords(f.name, f.data.shareClass)];
      const at = Math.floor(rand() * (words.length - 1));
      return { kind: 'twoWords', q: `${words[at]} ${words[at + 1]}` };
    },
    unaccented: () => ({ kind: 'unaccented', q: pickOf(UNACCENTED) }),
    typo: () => ({ kind: 'typo', q: pickOf(TYPOS) }),
    manager: () => {
      const words = anyFund().data.keyFacts.manager.split(' ');
      return { kind: 'manager', q: rand() < 0.5 ? words[0] : words.slice(0, 2).join(' ') };
    },
  };
  return Array.from({ length: count }, (_, i) => make[SEARCH_KINDS[i % SEARCH_KINDS.length]]());
}

interface Timing {
  kind: SearchKind;
  q: string;
  ms: number;
  meMs: number;
  hits: number;
  expectedFirst: boolean | null;
}

async function measure(api: Api, keys: string[], list: Query[]): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const [i, query] of list.entries()) {
    const key = keys[i % keys.length];
    const res = await api.get(`/search?q=${encodeURIComponent(query.q)}&limit=10`, key);
    expectStatus(`GET /search?q=${query.q}`, res);
    const me = await api.me(key);
    expectStatus('GET /me', me);
    const body = JSON.parse(res.body) as { count: number; results: { isin: string | null }[] };
    const expectedFirst = query.expect ? body.results[0]?.isin === query.expect : null;
    if (query.expect && !body.results.some((r) => r.isin === query.expect))
      throw new Error(`GET /search?q=${query.q} does not find the fund ${query.expect}`);
    timings.push({ kind: query.kind, q: query.q, ms: res.ms, meMs: me.ms, hits: body.count, expectedFirst });
  }
  return timings;
}

const meets = (d: Distribution) => d.p50 < TARGET.p50UnderMs && d.p99 < TARGET.p99UnderMs;

/** The slowest queries of a kind: which words make its tail. */
function slowest(of: Timing[], count: number): { q: string; ms: number }[] {
  return [...of]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((t) => ({ q: t.q, ms: round1(t.ms) }));
}

export interface KindFigures extends Distribution {
  overBaseline: { p50: number; p99: number };
  withResultsPercent: number;
  /** p50 and p99 both under the target. */
  met: boolean;
  slowest: { q: string; ms: number }[];
}

function summarise(timings: Timing[]) {
  const overall = distribution(timings.map((t) => t.ms));
  const baseline = distribution(timings.map((t) => t.meMs));
  const perKind = {} as Record<SearchKind, KindFigures>;
  for (const kind of SEARCH_KINDS) {
    const of = timings.filter((t) => t.kind === kind);
    const d = distribution(of.map((t) => t.ms));
    perKind[kind] = {
      ...d,
      overBaseline: { p50: round2(d.p50 / baseline.p50), p99: round2(d.p99 / baseline.p99) },
      withResultsPercent: round1((100 * of.filter((t) => t.hits > 0).length) / of.length),
      met: meets(d),
      slowest: slowest(of, 3),
    };
  }
  const exact = timings.filter((t) => t.expectedFirst !== null);
  return {
    overall,
    baselineMe: baseline,
    ratio: { p50: round2(overall.p50 / baseline.p50), p99: round2(overall.p99 / baseline.p99) },
    perKind,
    exactIsinFirstPercent: round1((100 * exact.filter((t) => t.expectedFirst).length) / exact.length),
  };
}

const loadAverage = () => os.loadavg().map(round2);

export type SearchBenchResults = Record<string, unknown> & {
  overall: Distribution;
  baselineMe: Distribution;
  perKind: Record<SearchKind, KindFigures>;
  /** Every kind met the target. */
  met: boolean;
};

/**
 * The benchmark: the universe (written when missing, unless told not to), the tables settled, warm-up, then the timed
 * searches each beside GET /me. Returns the figures (and writes bench/results/search.json unless told not to).
 */
export async function runSearchBench(options: SearchBenchOptions = {}): Promise<SearchBenchResults> {
  const funds = options.funds ?? envInt('BENCH_SEARCH_FUNDS', 50_000);
  const requests = options.requests ?? envInt('BENCH_SEARCH_REQUESTS', 2_100);
  const universe: UniverseOptions = {
    pool: 20_000,
    holdings: { min: 5, max: 20 },
    seed: 1,
    ...options.universe,
    funds,
    first: 1,
  };
  const written = await ensureUniverse(universe, options.writeMissing ?? true);
  const vacuum = options.vacuum ?? process.env.BENCH_SEARCH_VACUUM !== '0';
  const settled = vacuum ? await settleTables() : { seconds: null, ginPendingPagesBefore: null };
  const keys = await enterpriseKeys(BENCH, KEYS);
  const api = new Api();
  try {
    log(BENCH, `warm-up: ${WARM_UP} searches...`);
    await measure(api, keys, queries(universe, WARM_UP, 1));
    const loadBefore = loadAverage();
    log(BENCH, `${requests.toLocaleString('en-US')} searches, one at a time, each followed by GET /me...`);
    const summary = summarise(await measure(api, keys, queries(universe, requests, 2)));
    const results: SearchBenchResults = {
      universe: {
        funds,
        holdingsPerFund: universe.holdings,
        written: written.written,
        writeSeconds: written.seconds,
        vacuumAnalyzeSeconds: settled.seconds,
        ginPendingPagesBefore: settled.ginPendingPagesBefore,
      },
      requests,
      connections: 1,
      loadAverage: { before: loadBefore, after: loadAverage() },
      ...summary,
      target: { perKind: TARGET },
      met: SEARCH_KINDS.every((kind) => summary.perKind[kind].met),
    };
    if (options.writeResultsFile ?? true) writeResults(BENCH, results);
    return results;
  } finally {
    await api.close();
  }
}

if (require.main === module) {
  run(async () => {
    await runSearchBench();
  });
}

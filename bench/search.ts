/**
 * GET /search over a large stored universe: latency of single requests, one after another on one
 * connection, over a mix of what people type (an ISIN, an ISIN prefix, one word, two words, an
 * accented word typed without its accents, a typo, a manager). Each search is followed by GET /me with
 * the same key, the baseline: same authentication, metering and routing, no search.
 *
 *   BENCH_API_PORT=8097 node_modules/.bin/tsx bench/search.ts
 *
 * BENCH_SEARCH_FUNDS (50,000 synthetic funds, 5-20 holdings each; reused when already stored),
 * BENCH_SEARCH_REQUESTS (2,100: 300 per kind). Writes bench/results/search.json.
 */
import { prng } from '../samples/funds';
import { createPool } from '../src/db/postgres';
import {
  Api,
  config,
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
const FUNDS = envInt('BENCH_SEARCH_FUNDS', 50_000);
const REQUESTS = envInt('BENCH_SEARCH_REQUESTS', 2_100);
const WARM_UP = 100;
const KEYS = 16;
const TARGET_P50_MS = 10;
const UNIVERSE: UniverseOptions = { funds: FUNDS, first: 1, pool: 20_000, holdings: { min: 5, max: 20 }, seed: 1 };

const KINDS = ['isin', 'isinPrefix', 'oneWord', 'twoWords', 'unaccented', 'typo', 'manager'] as const;
type Kind = (typeof KINDS)[number];

interface Query {
  kind: Kind;
  q: string;
  /** For an exact ISIN: the fund that should come first. */
  expect?: string;
}

/** The universe, written unless every one of its funds is already stored (an earlier run or step). */
async function ensureUniverse(): Promise<{ written: boolean; seconds: number | null }> {
  const pool = createPool(config, 1);
  const { rows } = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM funds WHERE isin >= $1 AND isin <= $2',
    [syntheticFundIsin(1), syntheticFundIsin(FUNDS)],
  );
  await pool.end();
  if (rows[0].n === FUNDS) {
    log(BENCH, `${FUNDS.toLocaleString('en-US')} synthetic funds already stored: reused`);
    return { written: false, seconds: null };
  }
  log(BENCH, `writing ${FUNDS.toLocaleString('en-US')} synthetic funds...`);
  const report = await writeUniverse({ ...UNIVERSE, log: (line) => log(BENCH, line) });
  return { written: true, seconds: report.seconds };
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
function queries(count: number, seed: number): Query[] {
  const rand = prng(seed);
  const anyFund = () => syntheticFund(UNIVERSE, 1 + Math.floor(rand() * FUNDS));
  const pickOf = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)];
  const make: Record<Kind, () => Query> = {
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
  return Array.from({ length: count }, (_, i) => make[KINDS[i % KINDS.length]]());
}

interface Timing {
  kind: Kind;
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
    timings.push({ kind: query.kind, ms: res.ms, meMs: me.ms, hits: body.count, expectedFirst });
  }
  return timings;
}

function summarise(timings: Timing[]) {
  const overall = distribution(timings.map((t) => t.ms));
  const baseline = distribution(timings.map((t) => t.meMs));
  const perKind = Object.fromEntries(
    KINDS.map((kind) => {
      const of = timings.filter((t) => t.kind === kind);
      const d = distribution(of.map((t) => t.ms));
      return [
        kind,
        {
          ...d,
          overBaselineP50: round2(d.p50 / baseline.p50),
          withResultsPercent: round1((100 * of.filter((t) => t.hits > 0).length) / of.length),
        },
      ];
    }),
  );
  const exact = timings.filter((t) => t.expectedFirst !== null);
  return {
    overall,
    baselineMe: baseline,
    ratio: { p50: round2(overall.p50 / baseline.p50), p99: round2(overall.p99 / baseline.p99) },
    perKind,
    exactIsinFirstPercent: round1((100 * exact.filter((t) => t.expectedFirst).length) / exact.length),
  };
}

run(async () => {
  const universe = await ensureUniverse();
  const keys = await enterpriseKeys(BENCH, KEYS);
  const api = new Api();
  try {
    log(BENCH, `warm-up: ${WARM_UP} searches...`);
    await measure(api, keys, queries(WARM_UP, 1));
    log(BENCH, `${REQUESTS.toLocaleString('en-US')} searches, one at a time, each followed by GET /me...`);
    const summary = summarise(await measure(api, keys, queries(REQUESTS, 2)));
    writeResults(BENCH, {
      universe: {
        funds: FUNDS,
        holdingsPerFund: UNIVERSE.holdings,
        written: universe.written,
        writeSeconds: universe.seconds,
      },
      requests: REQUESTS,
      connections: 1,
      ...summary,
      target: { p50UnderMs: TARGET_P50_MS },
      met: summary.overall.p50 < TARGET_P50_MS,
    });
  } finally {
    await api.close();
  }
});

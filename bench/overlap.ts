/**
 * GET /overlap over 20 funds of 3,000 holdings each (190 pairs), drawn from one 20,000-security pool
 * so that they overlap as index-like global equity funds do. Warm: one warm-up call fills the
 * service's holdings cache; then timed calls one after another on one connection, each followed by
 * GET /me with the same key (the baseline).
 *
 *   BENCH_API_PORT=8097 node_modules/.bin/tsx bench/overlap.ts
 *
 * BENCH_OVERLAP_FUNDS (20), BENCH_OVERLAP_HOLDINGS (3,000), BENCH_OVERLAP_CALLS (30). The funds are
 * synthetic (ZZSYN200001 onwards), written afresh by each run. Writes bench/results/overlap.json.
 */
import { type PlacedUniverseOptions, withPlacedUniverse } from './scale/removeFunds';
import {
  Api,
  enterpriseKeys,
  envInt,
  expectStatus,
  log,
  round2,
  run,
  type Timed,
  timedAgainstMe,
  warmFigures,
  writeResults,
} from './support';
import { universeIsins, type UniverseOptions, writeUniverse } from './universe';

const BENCH = 'overlap';
const FUNDS = envInt('BENCH_OVERLAP_FUNDS', 20);
const HOLDINGS = envInt('BENCH_OVERLAP_HOLDINGS', 3_000);
const CALLS = envInt('BENCH_OVERLAP_CALLS', 30);
const TARGET_P50_MS = 200;
const DEFAULT_UNIVERSE: UniverseOptions = {
  funds: FUNDS,
  first: 200_001,
  pool: 20_000,
  holdings: { min: HOLDINGS, max: HOLDINGS },
  seed: 1,
  themes: 'globalEquity',
};

interface OverlapAnswer {
  funds: { isin: string; holdings: number }[];
  pairs: { overlap: number; sharedCount: number }[];
  pending: string[];
  notFound: string[];
  failed?: string[];
}

/** Fails loudly unless every fund was compared on its full holdings and every pair is there. */
function checkAnswer(res: Timed): OverlapAnswer {
  expectStatus('GET /overlap', res);
  const answer = JSON.parse(res.body) as OverlapAnswer;
  const missing = [...answer.pending, ...answer.notFound, ...(answer.failed ?? [])];
  const pairs = (FUNDS * (FUNDS - 1)) / 2;
  const thin = answer.funds.filter((f) => f.holdings < HOLDINGS * 0.9);
  if (missing.length || answer.funds.length !== FUNDS || answer.pairs.length !== pairs || thin.length) {
    throw new Error(
      `GET /overlap: ${answer.funds.length} funds, ${answer.pairs.length} of ${pairs} pairs, not answered: ${missing.join(',') || 'none'}, ` +
        `compared on fewer than ${HOLDINGS * 0.9} lines: ${thin.map((f) => `${f.isin} (${f.holdings})`).join(', ') || 'none'}`,
    );
  }
  return answer;
}

export type OverlapBenchOptions = PlacedUniverseOptions;

/** The benchmark; its figures (as written to bench/results/<resultsName>.json). */
export function runOverlapBench(options: OverlapBenchOptions = {}): Promise<Record<string, unknown>> {
  return withPlacedUniverse(BENCH, DEFAULT_UNIVERSE, options, measure);
}

async function measure(UNIVERSE: UniverseOptions, resultsName: string): Promise<Record<string, unknown>> {
  log(
    BENCH,
    `writing ${FUNDS} synthetic global equity funds with ${HOLDINGS.toLocaleString('en-US')} holdings each...`,
  );
  const universe = await writeUniverse({ ...UNIVERSE, log: (line) => log(BENCH, line) });
  const [key] = await enterpriseKeys(BENCH, 1);
  const query = `/overlap?isins=${universeIsins(UNIVERSE).join(',')}`;
  const api = new Api();
  try {
    const first = await api.get(query, key);
    const answer = checkAnswer(first);
    const overlaps = answer.pairs.map((p) => p.overlap);
    if (Math.max(...overlaps) === 0)
      throw new Error('GET /overlap: no pair overlaps; the funds were meant to share securities');
    log(BENCH, `warm-up call: ${first.ms.toFixed(0)} ms; ${CALLS} timed calls, each followed by GET /me...`);
    const { warm, baselineMe: me } = await timedAgainstMe(api, key, CALLS, () => api.get(query, key), checkAnswer);
    const results = {
      universe: { funds: universe.funds, holdingRows: universe.holdingRows, writeSeconds: universe.seconds },
      funds: FUNDS,
      holdingsPerFund: HOLDINGS,
      pairs: answer.pairs.length,
      overlapPercent: {
        min: round2(Math.min(...overlaps)),
        mean: round2(overlaps.reduce((a, b) => a + b, 0) / overlaps.length),
        max: round2(Math.max(...overlaps)),
      },
      meanSharedCount: Math.round(answer.pairs.reduce((a, p) => a + p.sharedCount, 0) / answer.pairs.length),
      responseBytes: first.body.length,
      firstCallMs: Math.round(first.ms),
      ...warmFigures(warm, me, TARGET_P50_MS),
    };
    writeResults(resultsName, results);
    return results;
  } finally {
    await api.close();
  }
}

if (require.main === module) {
  run(async () => {
    await runOverlapBench();
  });
}

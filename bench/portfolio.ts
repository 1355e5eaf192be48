/**
 * POST /portfolio with 1,000 positions, warm: every fund stored with its full holdings (100-300 lines
 * each in ClickHouse), the service's caches filled by one warm-up call. Timed calls one after another on
 * one connection, each followed by GET /me with the same key (the baseline).
 *
 *   BENCH_API_PORT=8097 node_modules/.bin/tsx bench/portfolio.ts
 *
 * BENCH_PORTFOLIO_POSITIONS (1,000), BENCH_PORTFOLIO_CALLS (30). The funds are synthetic (ZZSYN100001
 * onwards), written afresh by each run. Writes bench/results/portfolio.json.
 */
import { prng } from '../samples/funds';
import { type PlacedUniverseOptions, withPlacedUniverse } from './scale/removeFunds';
import {
  Api,
  enterpriseKeys,
  envInt,
  expectStatus,
  log,
  run,
  type Timed,
  timedAgainstMe,
  warmFigures,
  writeResults,
} from './support';
import { universeIsins, type UniverseOptions, writeUniverse } from './universe';

const BENCH = 'portfolio';
/** Positions, each a fund of its own: the funds the benchmark writes. */
export const POSITIONS = envInt('BENCH_PORTFOLIO_POSITIONS', 1_000);
const CALLS = envInt('BENCH_PORTFOLIO_CALLS', 30);
const TARGET_P50_MS = 100;
/** Coverage below this means funds were not answered from the store: the figure would not be the warm path. */
const MIN_COVERAGE = 99.5;
const DEFAULT_UNIVERSE: UniverseOptions = {
  funds: POSITIONS,
  first: 100_001,
  pool: 20_000,
  holdings: { min: 100, max: 300 },
  seed: 1,
};

interface PortfolioAnswer {
  coverage: number;
  pending: string[];
  invalid: string[];
  positions: { covered: boolean }[];
  geographyLookThrough?: number;
  topHoldings: { items: unknown[]; coverage: number };
}

/** Random weights on an arbitrary scale (the service normalises them to 100). */
function positions(isins: string[]): { isin: string; weight: number }[] {
  const rand = prng(7);
  return isins.map((isin) => ({ isin, weight: Math.round((0.1 + rand() * 4.9) * 100) / 100 }));
}

/** Fails loudly unless every position was answered from stored data. */
function checkAnswer(res: Timed): PortfolioAnswer {
  expectStatus('POST /portfolio', res);
  const answer = JSON.parse(res.body) as PortfolioAnswer;
  const uncovered = answer.positions.filter((p) => !p.covered).length;
  if (answer.coverage < MIN_COVERAGE || answer.pending.length || answer.invalid.length || uncovered) {
    throw new Error(
      `POST /portfolio: coverage ${answer.coverage}, ${answer.pending.length} pending, ${answer.invalid.length} invalid, ${uncovered} positions not covered`,
    );
  }
  return answer;
}

export type PortfolioBenchOptions = PlacedUniverseOptions;

/** The benchmark; its figures (as written to bench/results/<resultsName>.json). */
export function runPortfolioBench(options: PortfolioBenchOptions = {}): Promise<Record<string, unknown>> {
  return withPlacedUniverse(BENCH, DEFAULT_UNIVERSE, options, measure);
}

async function measure(UNIVERSE: UniverseOptions, resultsName: string): Promise<Record<string, unknown>> {
  log(
    BENCH,
    `writing ${POSITIONS.toLocaleString('en-US')} synthetic funds with ${UNIVERSE.holdings.min}-${UNIVERSE.holdings.max} holdings each...`,
  );
  const universe = await writeUniverse({ ...UNIVERSE, log: (line) => log(BENCH, line) });
  const [key] = await enterpriseKeys(BENCH, 1);
  const body = { positions: positions(universeIsins(UNIVERSE)) };
  const api = new Api();
  try {
    const first = await api.post('/portfolio', key, body);
    const answer = checkAnswer(first);
    log(
      BENCH,
      `warm-up call: ${first.ms.toFixed(0)} ms (fills the holdings cache); ${CALLS} timed calls, each followed by GET /me...`,
    );
    const { warm, baselineMe: me } = await timedAgainstMe(
      api,
      key,
      CALLS,
      () => api.post('/portfolio', key, body),
      checkAnswer,
    );
    const results = {
      universe: { funds: universe.funds, holdingRows: universe.holdingRows, writeSeconds: universe.seconds },
      positions: POSITIONS,
      requestBytes: JSON.stringify(body).length,
      responseBytes: first.body.length,
      coverage: answer.coverage,
      geographyLookThrough: answer.geographyLookThrough ?? null,
      topHoldingsListed: answer.topHoldings.items.length,
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
    await runPortfolioBench();
  });
}

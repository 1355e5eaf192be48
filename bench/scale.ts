/**
 * `npm run bench:scale`: the service at the size of Europe's fund universe, on this machine (bench/README.md,
 * "A universe of 200,000 share classes"). Runs inside the test-profile stack scripts/benchScale.sh starts, step
 * by step; each step writes bench/results/scale-<step>.json and prints it:
 *
 *   feed     the synthetic universe's FinDatEx feed written into the stack's library (EPT and EMT deliveries;
 *            holdings as TPT and a NAV series for one share class in ten)
 *   store    the same universe as completed loads leave it: payloads in Postgres, holdings in ClickHouse
 *   index    the FinDatEx index over the feed (bench/scale/findatexIndex.ts)
 *   search   GET /search over the stored universe (bench/search.ts)
 *   export   GET /export of the stored universe; POST /portfolio and GET /overlap beside it
 *   storage  bytes in Postgres and ClickHouse (bench/scale/storage.ts)
 *   refresh  the universe refresh through its schedule, one worker then two (bench/scale/refresh.ts)
 *
 *   tsx bench/scale.ts [--steps feed,store,...] [--funds 200000] [--remove]
 *
 * `--remove` takes the feed's files out of the library and the universe out of both stores, and nothing else.
 */
import { parseArgs } from 'node:util';

import { runExportBench } from './export';
import { runOverlapBench } from './overlap';
import { POSITIONS, runPortfolioBench } from './portfolio';
import { removeFeed, writeFeed } from './scale/feed';
import { measureFindatexIndex } from './scale/findatexIndex';
import { measureRefresh } from './scale/refresh';
import { measureStorage, storageTable } from './scale/storage';
import { runSearchBench } from './search';
import { config, envInt, log, machine, run, writeResults } from './support';
import { removeFundsByPrefix, writeUniverse } from './universe/store';

const BENCH = 'scale';
const STEPS = ['feed', 'store', 'index', 'search', 'export', 'storage', 'refresh'] as const;
type Step = (typeof STEPS)[number];

function options() {
  const { values } = parseArgs({
    options: {
      steps: { type: 'string', default: STEPS.join(',') },
      funds: { type: 'string', default: '200000' },
      remove: { type: 'boolean', default: false },
    },
  });
  const steps = values.steps.split(',').map((s) => s.trim());
  const unknown = steps.filter((s) => !(STEPS as readonly string[]).includes(s));
  if (unknown.length) throw new Error(`unknown step(s) ${unknown.join(', ')}; steps are ${STEPS.join(', ')}`);
  const funds = Number(values.funds);
  if (!Number.isInteger(funds) || funds < 1000 || funds > 900_000) throw new Error('--funds is 1,000 to 900,000');
  return { steps: steps as Step[], funds, remove: values.remove };
}

/** The universe both the feed and the stores hold: fund n is the same share class in each. */
export function scaleUniverse(funds: number) {
  return { funds, pool: 20_000, holdings: { min: 50, max: 300 }, seed: 1 };
}
export const HOLDINGS_EVERY = 10;
const FEED_FILES = 10;
const NAV_DAYS = 1_300;

type StepRun = (funds: number) => Promise<Record<string, unknown>>;

const steps: Record<Step, StepRun> = {
  feed: async (funds) => ({
    ...(await writeFeed({
      ...scaleUniverse(funds),
      libraryDir: config.libraryDir,
      files: FEED_FILES,
      holdingsEvery: HOLDINGS_EVERY,
      navDays: NAV_DAYS,
      log: (line) => log(BENCH, line),
    })),
  }),
  store: async (funds) => ({
    ...(await writeUniverse({
      ...scaleUniverse(funds),
      holdingsEvery: HOLDINGS_EVERY,
      config,
      log: (line) => log(BENCH, line),
    })),
  }),
  index: async (funds) => ({
    ...(await measureFindatexIndex({ libraryDir: config.libraryDir, funds, log: (line) => log(BENCH, line) })),
  }),
  search: async (funds) => ({
    ...(await runSearchBench({ funds, universe: scaleUniverse(funds), writeMissing: false, writeResultsFile: false })),
  }),
  export: async (funds) => ({
    export: await runExportBench({ existingUniverse: true, resultsName: 'scale-export-stream' }),
    // Right above the universe, one after the other, so that it stays as it is; removed again afterwards.
    portfolio: await runPortfolioBench({ first: funds + 1, removeAfterwards: true, resultsName: 'scale-portfolio' }),
    overlap: await runOverlapBench({
      first: funds + POSITIONS + 1,
      removeAfterwards: true,
      resultsName: 'scale-overlap',
    }),
  }),
  storage: async () => {
    const report = await measureStorage(config, { analyze: true });
    console.log(storageTable(report));
    return { ...report };
  },
  refresh: async (funds) => ({
    ...(await measureRefresh({
      funds,
      holdingsEvery: HOLDINGS_EVERY,
      perPhase: envInt('BENCH_SCALE_REFRESHES', 20_000),
      warmUp: envInt('BENCH_SCALE_REFRESH_WARM_UP', 1_000),
      log: (line) => log(BENCH, line),
    })),
  }),
};

async function main(): Promise<void> {
  const { steps: chosen, funds, remove } = options();
  if (remove) {
    const feed = await removeFeed(config.libraryDir);
    const stores = await removeFundsByPrefix(undefined, config);
    log(BENCH, `removed: ${JSON.stringify({ feed, stores })}`);
    return;
  }
  for (const step of chosen) {
    log(BENCH, `${step}...`);
    const started = Date.now();
    const figures = await steps[step](funds);
    const stepSeconds = Math.round((Date.now() - started) / 100) / 10;
    const results = { step, funds, machine: machine(), ...figures, stepSeconds };
    writeResults(`scale-${step}`, results);
  }
}

run(main);

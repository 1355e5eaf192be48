/**
 * Synthetic fund universe for scale tests and benchmarks, apart from the sample library: nothing in
 * `npm start` or `npm test` loads it. Funds are ZZSYN<6 digits><check> (valid ISINs, obviously not
 * real), holding securities ZZSEC... drawn from a pool; names come from fictional houses and a fund
 * vocabulary with the accents real names carry. Written straight into a running stack's Postgres and
 * ClickHouse (the configuration of src/config.ts: STACK_PROFILE=test for the test stack; DATABASE_URL,
 * CLICKHOUSE_URL honoured).
 *
 *   node_modules/.bin/tsx bench/universe.ts --funds 50000 --pool 20000 --holdings 50-300 [--seed 1] [--first 1]
 * [--themes mixed|globalEquity]
 *   node_modules/.bin/tsx bench/universe.ts --funds 50000 --pool 20000 --holdings 50-300 --dry-run   # generate and
 * check only
 *   node_modules/.bin/tsx bench/universe.ts --reset                                                   # remove every
 * ZZSYN fund
 *
 * Benchmarks import it: generateUniverse / syntheticFund (pure), writeUniverse, removeFundsByPrefix.
 */
import { parseArgs } from 'node:util';

import { checkFund, generateUniverse, type UniverseOptions } from './universe/generate';
import { removeFundsByPrefix, writeUniverse } from './universe/store';
import { THEME_SETS, type ThemeSet } from './universe/vocabulary';

export * from './universe/generate';
export * from './universe/store';
export { MANAGER_BRANDS, MANAGER_FORMS, TYPOS, UNACCENTED } from './universe/vocabulary';

/** A bad command line: its message is enough, no stack. */
class UsageError extends Error {}

function positiveInt(name: string, text: string | undefined, fallback?: number): number {
  const value = text === undefined ? fallback : Number(text);
  if (value === undefined || !Number.isInteger(value) || value < 1)
    throw new UsageError(`--${name} wants a positive whole number, got ${text}`);
  return value;
}

function holdingsRange(text: string): { min: number; max: number } {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text);
  const min = match ? Number(match[1]) : NaN;
  const max = match?.[2] ? Number(match[2]) : min;
  if (!(min >= 1 && max >= min)) throw new UsageError(`--holdings wants N or MIN-MAX (1 <= MIN <= MAX), got ${text}`);
  return { min, max };
}

function optionsFrom(values: Record<string, string | boolean | undefined>): UniverseOptions {
  const themes = (values.themes as string | undefined) ?? 'mixed';
  if (!(themes in THEME_SETS)) throw new UsageError(`--themes is one of ${Object.keys(THEME_SETS).join(', ')}`);
  return {
    funds: positiveInt('funds', values.funds as string | undefined),
    first: positiveInt('first', values.first as string | undefined, 1),
    pool: positiveInt('pool', values.pool as string | undefined, 20_000),
    holdings: holdingsRange((values.holdings as string | undefined) ?? '50-300'),
    seed: positiveInt('seed', values.seed as string | undefined, 1),
    themes: themes as ThemeSet,
  };
}

/** Generation alone, every fund checked: the generator's own speed, without the databases. */
function dryRun(options: UniverseOptions): void {
  const started = process.hrtime.bigint();
  let funds = 0;
  let rows = 0;
  for (const fund of generateUniverse(options)) {
    checkFund(fund);
    funds++;
    rows += fund.holdings.holdings.length;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    `[universe] generated and checked ${funds.toLocaleString('en-US')} funds, ${rows.toLocaleString('en-US')} holding rows in ${seconds.toFixed(1)} s ` +
      `(${Math.round(funds / seconds).toLocaleString('en-US')} funds/s, ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s); nothing written`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      funds: { type: 'string' },
      first: { type: 'string' },
      pool: { type: 'string' },
      holdings: { type: 'string' },
      seed: { type: 'string' },
      themes: { type: 'string' },
      reset: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    },
  });
  if (values.reset) {
    const started = Date.now();
    const removed = await removeFundsByPrefix();
    console.log(
      `[universe] removed ${removed.funds.toLocaleString('en-US')} synthetic funds, ${removed.vocabularyWords} search words, ClickHouse rows ${JSON.stringify(removed.clickhouseRows)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (values.funds === undefined) return;
  }
  const options = optionsFrom(values);
  if (values['dry-run']) return dryRun(options);
  const report = await writeUniverse(options);
  console.log(
    `[universe] wrote ${report.funds.toLocaleString('en-US')} funds (${report.firstIsin}..${report.lastIsin}) and ${report.holdingRows.toLocaleString('en-US')} holding rows in ${report.seconds} s: ` +
      `${report.fundsPerSecond.toLocaleString('en-US')} funds/s, ${report.rowsPerSecond.toLocaleString('en-US')} rows/s (loaded_at ${report.loadedAt}); checked and read back`,
  );
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err instanceof UsageError ? err.message : err);
    process.exit(1);
  });
}

/**
 * Removes the synthetic funds ZZSYN<first>..ZZSYN<last> (and only those) from a running stack: Postgres funds,
 * remembered misses and source reads, the search words no remaining fund uses, and their ClickHouse rows (one
 * `ALTER TABLE ... DELETE` per table, a mutation ClickHouse 18 runs in the background; awaited here). The scale run's
 * portfolio and overlap benchmarks write their funds above the universe and remove them with this, leaving the
 * universe as it was.
 */
import { type Config, loadConfig } from '../../src/config';
import { chString, createClickhouse } from '../../src/db/clickhouse';
import { createPool } from '../../src/db/postgres';
import { SearchVocabularyRepository } from '../../src/db/repositories/retention';
import { log } from '../support';
import { syntheticFundIsin, type UniverseOptions } from '../universe';
import { deleteClickhouseWhere } from '../universe/store';

const CLICKHOUSE_TABLES = ['fund_holdings', 'nav_series', 'change_feed'];
const MUTATION_WAIT_MS = 300_000;

interface RangeRemoval {
  funds: number;
  vocabularyWords: number;
  clickhouseRows: Record<string, number>;
}

/** ISINs of numbered synthetic funds sort as their numbers (fixed width, then the check digit): a range is a range. */
async function removeSyntheticRange(
  first: number,
  count: number,
  config: Config = loadConfig(),
): Promise<RangeRemoval> {
  if (!(Number.isInteger(first) && Number.isInteger(count) && first >= 1 && count >= 1))
    throw new Error(`refusing to remove the range ${first} + ${count}`);
  const low = syntheticFundIsin(first);
  const high = syntheticFundIsin(first + count - 1);
  const pool = createPool(config, 2);
  const clickhouse = createClickhouse(config);
  try {
    const { rowCount } = await pool.query('DELETE FROM funds WHERE isin BETWEEN $1 AND $2', [low, high]);
    await pool.query('DELETE FROM fund_misses WHERE isin BETWEEN $1 AND $2', [low, high]);
    await pool.query('DELETE FROM source_reads WHERE isin BETWEEN $1 AND $2', [low, high]);
    const vocabularyWords = await new SearchVocabularyRepository(pool).pruneUnused();
    const clickhouseRows: Record<string, number> = {};
    for (const table of CLICKHOUSE_TABLES)
      clickhouseRows[table] = await deleteClickhouseWhere(
        clickhouse,
        table,
        `isin >= ${chString(low)} AND isin <= ${chString(high)}`,
        MUTATION_WAIT_MS,
      );
    return { funds: rowCount ?? 0, vocabularyWords, clickhouseRows };
  } finally {
    await pool.end();
    await clickhouse.close();
  }
}

/** Where a many-fund benchmark writes its funds, and whether it removes them again. */
export interface PlacedUniverseOptions {
  /**
   * The number of the first synthetic fund written (the benchmark's own default): the scale run writes them above its
   * universe (e.g. 300,001) so that the universe stays as it is.
   */
  first?: number;
  /** Removes the funds this run wrote (and only those) at the end, also after a failure. Default false. */
  removeAfterwards?: boolean;
  /** The results file, bench/results/<name>.json (the benchmark's name by default). */
  resultsName?: string;
}

/** Runs `measure` over the benchmark's universe placed as asked; removes its funds afterwards when asked. */
export async function withPlacedUniverse<T>(
  bench: string,
  defaults: UniverseOptions,
  options: PlacedUniverseOptions,
  measure: (universe: UniverseOptions, resultsName: string) => Promise<T>,
): Promise<T> {
  const universe: UniverseOptions = { ...defaults, first: options.first ?? defaults.first };
  try {
    return await measure(universe, options.resultsName ?? bench);
  } finally {
    if (options.removeAfterwards) {
      const first = universe.first ?? 1;
      const removed = await removeSyntheticRange(first, universe.funds);
      log(bench, `removed the ${removed.funds.toLocaleString('en-US')} funds written from ${first} on`);
    }
  }
}

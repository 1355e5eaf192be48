/**
 * Rebuilds everything ClickHouse holds from what Postgres holds, against the configured stack (same default
 * configuration as `npm start`; run it beside the running stack, e.g. after ClickHouse lost its data folder):
 *   npm run --silent rebuild:clickhouse -- [--concurrency N] [--threads N] [--page-size N] [--batch-rows N]
 * The database and tables are created when missing (CLICKHOUSE_MIGRATIONS); the change feed is published again from
 * the outbox; each stored fund's NAV series and full holdings are read again from its stored documents by the load's
 * parsers (a parse pool of --threads threads, --concurrency funds at a time, --page-size funds read from Postgres at
 * a time, --batch-rows rows per insert) and written under the stamp its summary names. Postgres is only read. Running
 * it twice writes the same rows again, which ClickHouse keeps once.
 * Progress, and every fund whose series or holdings cannot be rebuilt (and why), go to stderr, one line each; the
 * summary to stdout as one JSON object. Exit status 0 when everything was rebuilt, 1 when something could not be (or
 * on an error), 2 on a usage error.
 */
import { parseArgs } from 'node:util';

import { loadConfigOrExit } from '../src/config';
import { createClickhouse } from '../src/db/clickhouse';
import { migrateClickhouse } from '../src/db/migrate';
import { createPool } from '../src/db/postgres';
import { ChangeFeedRepository } from '../src/db/repositories/changeFeed';
import { HoldingsRepository } from '../src/db/repositories/holdings';
import { NavSeriesRepository } from '../src/db/repositories/navSeries';
import { StoredProvenanceRepository } from '../src/db/repositories/storedProvenance';
import { ParsePool } from '../src/parsing/pool/pool';
import { extractFundData } from '../src/sources/extract';
import type { DerivedExtractor } from '../src/usecases/ports/derived';
import { rebuildDerivedData, type RebuildProblem, type RebuildProgress } from '../src/usecases/rebuildDerived';

class UsageError extends Error {}

const USAGE = 'usage: rebuild:clickhouse [--concurrency N] [--threads N] [--page-size N] [--batch-rows N]';

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive whole number (${USAGE})`);
  return n;
}

const say = (line: string) => process.stderr.write(`[rebuild] ${line}\n`);
const count = (n: number) => n.toLocaleString('en-US');

async function main(argv: string[]): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        concurrency: { type: 'string' },
        threads: { type: 'string' },
        'page-size': { type: 'string' },
        'batch-rows': { type: 'string' },
      },
    }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message} (${USAGE})`);
  }
  const concurrency = positive('concurrency', values.concurrency, 4);
  const threads = positive('threads', values.threads, 2);
  const pageSize = positive('page-size', values['page-size'], 200);
  const batchRows = positive('batch-rows', values['batch-rows'], 200_000);

  const config = loadConfigOrExit();
  const pool = createPool(config, concurrency + 2);
  const clickhouse = createClickhouse(config);
  const parsePool = new ParsePool({ maxThreads: threads });
  const navSeries = new NavSeriesRepository(clickhouse);
  const holdings = new HoldingsRepository(clickhouse);
  // The load's own extraction over the one document: the same parsers (in the pool's threads) and the same merge.
  const extractor: DerivedExtractor = {
    async read(isin, ref, content) {
      const extraction = await extractFundData(isin, [{ ref, content }], { parse: (doc) => parsePool.parse(doc) });
      return { nav: extraction.nav, holdings: extraction.holdings };
    },
  };
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  let lastProgress = 0;
  const progress = (p: RebuildProgress) => {
    if (Date.now() - lastProgress < 1000 && p.funds < p.totalFunds) return;
    lastProgress = Date.now();
    const rows = `nav_series ${count(p.rows.navSeries)}, fund_holdings ${count(p.rows.fundHoldings)}, change_feed ${count(p.rows.changeFeed)}`;
    say(
      p.phase === 'changes'
        ? `change feed: ${count(p.rows.changeFeed)} rows published again (${seconds().toFixed(1)} s)`
        : `funds ${count(p.funds)}/${count(p.totalFunds)} (${Math.round(p.funds / seconds())}/s); rows written: ${rows} (${seconds().toFixed(1)} s)`,
    );
  };
  const problem = (p: RebuildProblem) =>
    say(
      `${p.isin}: ${p.part} not rebuilt (${p.reason}): ${p.detail}${p.documents.length ? ` [${p.documents.join(', ')}]` : ''}`,
    );

  try {
    say(`rebuilding ClickHouse (${config.clickhouse.url}, database ${config.clickhouse.database}) from Postgres`);
    const report = await rebuildDerivedData(
      {
        funds: new StoredProvenanceRepository(pool),
        extractor,
        feed: new ChangeFeedRepository(pool, clickhouse),
        store: {
          prepare: () => migrateClickhouse(config),
          writeSeries: (writes) => navSeries.writeMany(writes),
          writeHoldings: (writes) => holdings.writeMany(writes),
        },
      },
      { concurrency, pageSize, batchRows, onProgress: progress, onProblem: problem },
    );
    const elapsed = seconds();
    const rows = report.rows.navSeries + report.rows.fundHoldings + report.rows.changeFeed;
    const notRebuilt = Object.values(report.notRebuilt).reduce(
      (n, reasons) => n + Object.values(reasons).reduce((a, b) => a + b, 0),
      0,
    );
    process.stdout.write(
      `${JSON.stringify({
        funds: report.funds,
        fundsWithNav: report.fundsWithNav,
        fundsWithHoldings: report.fundsWithHoldings,
        documentsRead: report.documentsRead,
        documentsMissing: report.documentsMissing,
        rows: {
          nav_series: report.rows.navSeries,
          fund_holdings: report.rows.fundHoldings,
          change_feed: report.rows.changeFeed,
        },
        notRebuilt: report.notRebuilt,
        seconds: Math.round(elapsed * 100) / 100,
        fundsPerSecond: Math.round(report.funds / elapsed),
        rowsPerSecond: Math.round(rows / elapsed),
        maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      })}\n`,
    );
    say(
      `done in ${elapsed.toFixed(1)} s: ${count(report.funds)} funds (${count(report.fundsWithNav)} NAV series, ${count(report.fundsWithHoldings)} holdings), ${count(rows)} rows, ${count(report.documentsRead)} documents read, ${count(report.documentsMissing)} missing, ${count(notRebuilt)} parts not rebuilt`,
    );
    return notRebuilt > 0 ? 1 : 0;
  } finally {
    await Promise.all([pool.end(), clickhouse.close(), parsePool.close()]);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const message =
      err instanceof UsageError
        ? err.message
        : `rebuild:clickhouse: ${err instanceof Error ? err.message : String(err)}`;
    process.stderr.write(`${message}\n`);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);

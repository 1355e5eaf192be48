import { continueAsNew, defineQuery, log, patched, proxyActivities, setHandler } from '@temporalio/workflow';

import type { Activities } from '../activities';
import { emptyTally, loadAsChildren, loadScpiAsChildren, type LoadTally } from './childLoads';
import { publishChanges } from './deliverWebhook';
import { WORKER_LOSS_DETECTION } from './workerLoss';

const { staleFunds, staleScpi } = proxyActivities<Activities>({
  ...WORKER_LOSS_DETECTION,
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});
/** The storage retention: a few reads and deletes, each bounded; a failure waits for the next refresh. */
const { retainStorage } = proxyActivities<Activities>({
  ...WORKER_LOSS_DETECTION,
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 3 },
});
/** Runs recorded before the retention step replay without it (test/fixtures/histories/0.1.0). */
const STORAGE_RETENTION = 'storage-retention';

export interface RefreshUniverseInput {
  /** The last ISIN refreshed by the previous run of this chain; null to start from the beginning. */
  after: string | null;
  /** Loads at once. */
  concurrency: number;
  /** ISINs per page read from the store. */
  pageSize: number;
  /** Pages per run: then the run continues as new, so that no history grows with the universe. */
  pagesPerRun: number;
  /** Totals carried over from the previous runs of the chain. */
  tally?: LoadTally;
}

interface RefreshProgress extends LoadTally {
  after: string | null;
  pages: number;
}

/** What an operator asks the running refresh (Temporal UI, Queries tab: `progress`). */
const progressQuery = defineQuery<RefreshProgress>('progress');

/**
 * The scheduled refresh of the stored universe (schedule `universe-refresh`): every payload older than
 * the freshness window is loaded again through its `fund-load/<ISIN>` child, `concurrency` at a time,
 * page by page in ISIN order. A child finds a payload newer than the window and stops, so no ISIN is
 * refreshed twice in a window whoever asked. After `pagesPerRun` pages the run continues as new with
 * its cursor and totals; the last run then refreshes the stale SCPI (`scpi-load/<slug>`), publishes (feed
 * and webhooks) whatever changes are still unpublished, and applies the storage retention (activity retainStorage).
 */
export async function refreshUniverse(input: RefreshUniverseInput): Promise<LoadTally> {
  const tally = input.tally ?? emptyTally();
  const progress = { after: input.after, pages: 0 };
  setHandler(progressQuery, () => ({ ...tally, ...progress }));
  for (; progress.pages < input.pagesPerRun; progress.pages++) {
    const { isins, freshSince } = await staleFunds(progress.after, input.pageSize);
    if (isins.length === 0) {
      await refreshStaleScpi(input.concurrency, tally);
      await publishChanges();
      if (patched(STORAGE_RETENTION)) await retainStorageQuietly();
      return tally;
    }
    await loadAsChildren(isins, input.concurrency, freshSince, tally);
    progress.after = isins[isins.length - 1];
  }
  return continueAsNew<typeof refreshUniverse>({ ...input, after: progress.after, tally });
}

/**
 * What grows without bound (superseded holdings, old change-feed entries, unused search words, old rendered factsheet
 * pages) cut back to what the API serves (usecases/retainStorage.ts), once the refresh is done. Its failure does not
 * fail the refresh: the next one tries again.
 */
async function retainStorageQuietly(): Promise<void> {
  try {
    await retainStorage();
  } catch (err) {
    log.warn('storage retention failed; the next refresh tries again', { error: String(err) });
  }
}

/** SCPI take part in the same refresh, after the funds: a library holds tens of them, not thousands. */
const SCPI_PAGE = 500;

async function refreshStaleScpi(concurrency: number, tally: LoadTally): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const { slugs, freshSince }: { slugs: string[]; freshSince: string } = await staleScpi(after, SCPI_PAGE);
    if (slugs.length === 0) return;
    await loadScpiAsChildren(slugs, concurrency, freshSince, tally);
    after = slugs[slugs.length - 1];
  }
}

import {
  cutoff,
  isEmptyPlan,
  mayDelete,
  planHoldingsPrune,
  type RetentionPolicy,
  stampText,
} from '../domain/retention';
import type {
  DocumentHistory,
  FactsheetRenders,
  FeedRetention,
  HoldingsHistory,
  RetentionReport,
  SearchVocabulary,
  ServedHoldings,
} from './ports/retention';

/**
 * The storage retention, run at the end of each universe refresh (workflow refreshUniverse, activity retainStorage):
 * what grows without bound is cut back to what the API still serves.
 *
 * - Holdings (ClickHouse fund_holdings): every load writes a fund's lines under a new stamp; a merge replaces the
 *   positions the new load also has, never the tail of a longer older load, nor the loads of a fund no longer stored.
 *   Loads older than the grace that no stored fund serves are deleted, in one mutation at most per interval.
 * - Change feed: the outbox keeps every change (the rebuild republishes it) and ClickHouse every published entry;
 *   entries older than the window go from both, with the webhook deliveries made from them.
 * - Search vocabulary: words are only ever added; those no stored fund uses any more are deleted.
 * - Factsheets: a sheet is kept until its owner deletes it (its links promise that); its rendered pages and PDF are a
 *   cache, rendered again from the snapshot when asked: those older than the window go.
 * - Documents: every version a load reads is stored by content hash (a NAV file is a new one each day); those nothing
 *   stored names any more and not stored again within the window go, with the source reads older than it.
 */

export interface RetentionDeps {
  holdings: HoldingsHistory;
  served: ServedHoldings;
  feed: FeedRetention;
  vocabulary: SearchVocabulary;
  factsheets: FactsheetRenders;
  documents: DocumentHistory;
}

/** ISINs listed in one holdings delete: ClickHouse parses the statement (max_query_size, 256 KiB by default; 15 bytes each). */
const MAX_LISTED_ISINS = 12_000;
/** Outbox rows deleted per statement, and per run (a backlog is worked off over several runs). */
const OUTBOX_BATCH = 10_000;
const OUTBOX_MAX_PER_RUN = 1_000_000;

export async function retainStorage(
  deps: RetentionDeps,
  policy: RetentionPolicy,
  now: Date = new Date(),
): Promise<RetentionReport> {
  const started = Date.now();
  const holdings = await retainHoldings(deps, policy, now);
  const changeFeed = await retainChangeFeed(deps.feed, policy, now);
  const words = await deps.vocabulary.pruneUnused();
  const renderBefore = cutoff(now, policy.factsheetRenderMs);
  const factsheets = renderBefore ? await deps.factsheets.pruneRenderedBefore(renderBefore) : { pages: 0, pdfs: 0 };
  const documentsBefore = cutoff(now, policy.documentMs);
  const documents = documentsBefore
    ? await deps.documents.pruneBefore(documentsBefore)
    : { documents: 0, bytes: 0, sourceReads: 0 };
  return { holdings, changeFeed, vocabulary: { words }, factsheets, documents, ms: Date.now() - started };
}

async function retainHoldings(
  deps: RetentionDeps,
  policy: RetentionPolicy,
  now: Date,
): Promise<RetentionReport['holdings']> {
  const none = { loads: 0, rows: 0, deferred: 0, ranges: 0, listed: 0 };
  if (!mayDelete(await deps.holdings.deletes(), now, policy.clickhouseDeleteIntervalMs))
    return { ...none, skipped: 'interval' };
  const before = stampText(new Date(now.getTime() - policy.holdingsGraceMs));
  const loads = await deps.holdings.loadsBefore(before);
  if (loads.length === 0) return { ...none, skipped: 'nothing' };
  const stored = await deps.served.servedStamps();
  const namedStamps = new Set(
    [...stored.values()].filter((stamp): stamp is string => stamp !== null && stamp < before),
  );
  const plan = planHoldingsPrune({ loads, before, stored, namedStamps, maxListedIsins: MAX_LISTED_ISINS });
  const figures = {
    loads: plan.loads,
    rows: plan.rows,
    deferred: plan.deferred,
    ranges: plan.ranges.length,
    listed: plan.listed.length,
  };
  if (isEmptyPlan(plan)) return { ...figures, skipped: 'nothing' };
  await deps.holdings.deleteLoads(plan.ranges, plan.listed);
  return { ...figures, skipped: null };
}

async function retainChangeFeed(
  feed: FeedRetention,
  policy: RetentionPolicy,
  now: Date,
): Promise<RetentionReport['changeFeed']> {
  const before = cutoff(now, policy.changeFeedMs);
  if (!before) return { outbox: 0, deliveries: 0, published: 'off', before: null };
  const pruned = await feed.pruneOutbox(before, OUTBOX_BATCH, OUTBOX_MAX_PER_RUN);
  const beforeUs = before.getTime() * 1000;
  let published: RetentionReport['changeFeed']['published'] = 'nothing';
  const oldest = await feed.oldestPublishedUs();
  if (oldest !== null && oldest < beforeUs) {
    if (mayDelete(await feed.deletes(), now, policy.clickhouseDeleteIntervalMs)) {
      await feed.deletePublishedBefore(beforeUs);
      published = 'deleted';
    } else published = 'interval';
  }
  return { ...pruned, published, before: before.toISOString() };
}

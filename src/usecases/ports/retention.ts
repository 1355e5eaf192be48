import type { DeleteHistory, HoldingsLoad, ListedLoads, StampRange } from '../../domain/retention';

/** The ports of the storage retention (usecases/retainStorage.ts): what each store keeps and how it lets go. */

/** ClickHouse fund_holdings: its loads, and one delete of the stale ones. */
export interface HoldingsHistory {
  /** Every (fund, load stamp) stamped strictly before `before` (stamp text), with its row count. */
  loadsBefore(before: string): Promise<HoldingsLoad[]>;
  /** What the table's deletes say: the last one's creation, one running. */
  deletes(): Promise<DeleteHistory>;
  /** One delete (a ClickHouse mutation) of the rows stamped within the ranges, and of the listed funds' loads. */
  deleteLoads(ranges: readonly StampRange[], listed: readonly ListedLoads[]): Promise<void>;
}

/** Postgres funds: which holdings load each stored fund serves. */
export interface ServedHoldings {
  /** Every stored fund, with the stamp its summary names (null: none), in one read. */
  servedStamps(): Promise<Map<string, string | null>>;
}

/** The change feed: the Postgres outbox (and the deliveries made from it), and the feed published to ClickHouse. */
export interface FeedRetention {
  /**
   * Deletes the outbox rows published and fanned out before `before`, oldest first, `batch` at a time and at most
   * `maxRows`, and the webhook deliveries created before it; how many of each.
   */
  pruneOutbox(before: Date, batch: number, maxRows: number): Promise<{ outbox: number; deliveries: number }>;
  /** The published feed's oldest entry (microseconds since the epoch); null when empty. */
  oldestPublishedUs(): Promise<number | null>;
  deletes(): Promise<DeleteHistory>;
  /** One delete (a ClickHouse mutation) of the published entries strictly before `beforeUs`. */
  deletePublishedBefore(beforeUs: number): Promise<void>;
}

/** The search's typo vocabulary (fund_search_vocabulary). */
export interface SearchVocabulary {
  /** Deletes the words no stored fund's name or manager uses any more; how many. */
  pruneUnused(): Promise<number>;
}

/** The saved factsheets' rendered pages and printed PDFs (never the sheets themselves). */
export interface FactsheetRenders {
  /** Deletes the pages and PDFs rendered before `before`; how many of each. */
  pruneRenderedBefore(before: Date): Promise<{ pages: number; pdfs: number }>;
}

/** The stored documents' bytes and the log of source reads. */
export interface DocumentHistory {
  /**
   * Deletes the documents not stored since `before` that nothing stored names (a fund's or SCPI's provenance, a
   * fund's holdings document, a filed document, an issuer recipe's copy), and the source reads before it.
   */
  pruneBefore(before: Date): Promise<{ documents: number; bytes: number; sourceReads: number }>;
}

/** Why a ClickHouse delete did not run: nothing to delete, one ran within the interval (or runs), retention off. */
type DeleteSkipped = 'nothing' | 'interval' | 'off';

/** What one pass of the retention deleted. */
export interface RetentionReport {
  holdings: {
    loads: number;
    rows: number;
    deferred: number;
    ranges: number;
    listed: number;
    skipped: DeleteSkipped | null;
  };
  changeFeed: { outbox: number; deliveries: number; published: 'deleted' | DeleteSkipped; before: string | null };
  vocabulary: { words: number };
  factsheets: { pages: number; pdfs: number };
  documents: { documents: number; bytes: number; sourceReads: number };
  ms: number;
}

/** The retention as the worker's activity runs it (usecases/retainStorage.ts over the stores, wired by the worker). */
export interface StorageRetention {
  retain(): Promise<RetentionReport>;
}

import type { ChangeEvent } from '../../schema/changes';

/** The port of GET /changes: the published change feed. */

/** A published change (spec 2.9), `changedUs` in microseconds since the epoch. */
export interface FeedChange {
  id: number;
  changedUs: number;
  isin: string;
  name: string;
  event: ChangeEvent;
  field: string;
  old: string;
  new: string;
  dataAsOf: string;
}

export interface FeedQuery {
  /** Changes published strictly after this instant (microseconds since the epoch). */
  sinceUs: number;
  isins: readonly string[] | null;
  event: ChangeEvent | null;
  limit: number;
}

export interface ChangeFeed {
  /** Published changes after `sinceUs`, ascending by id (and so by instant), at most `limit`. */
  read(query: FeedQuery): Promise<FeedChange[]>;
}

/** The feed published again from the outbox (`npm run rebuild:clickhouse`). */
export interface FeedRepublisher {
  /** Publishes up to `limit` numbered outbox rows after `afterId`, in id order; the last id published, null when none. */
  republish(afterId: number, limit: number): Promise<{ rows: number; lastId: number | null }>;
}

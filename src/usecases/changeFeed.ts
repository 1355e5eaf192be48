import type { ChangeEvent } from '../schema/changes';
import type { ChangeRecord } from '../schema/changes';
import { epochMicros, isoMicros } from '../schema/microtime';
import type { ChangeFeed } from './ports/changes';

export interface ChangePage {
  since: string;
  changes: ChangeRecord[];
  hasMore: boolean;
  nextSince: string;
}

const WEEK_US = 7 * 24 * 3600 * 1_000_000;

/**
 * The instant a page starts after, in microseconds: `since` as given, or 7 days before `now`; null when `since` is not
 * a date-time with a zone.
 */
export function feedStart(since: string | undefined, now: Date): number | null {
  return since === undefined ? now.getTime() * 1000 - WEEK_US : epochMicros(since);
}

/**
 * The story of GET /changes: one page of the feed after `sinceUs`. One row more than asked is read to
 * know whether more follow; nextSince is the instant of the last row given, and since instants are
 * unique and ascending with ids, paging by it loses and repeats nothing.
 */
export async function readChanges(
  feed: ChangeFeed,
  query: { sinceUs: number; isins: string[] | null; event: ChangeEvent | null; limit: number },
): Promise<ChangePage> {
  const rows = await feed.read({ ...query, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const since = isoMicros(query.sinceUs);
  return {
    since,
    changes: page.map((c) => ({
      id: c.id,
      isin: c.isin,
      name: c.name || null,
      event: c.event,
      field: c.field,
      old: c.old,
      new: c.new,
      dataAsOf: c.dataAsOf,
      changedAt: isoMicros(c.changedUs),
    })),
    hasMore: rows.length > query.limit,
    nextSince: page.length > 0 ? isoMicros(page[page.length - 1].changedUs) : since,
  };
}

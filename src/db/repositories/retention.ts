import type { Pool } from 'pg';

import {
  type DeleteHistory,
  type HoldingsLoad,
  isStamp,
  type ListedLoads,
  type StampRange,
} from '../../domain/retention';
import { isValidIsin } from '../../schema/isin';
import type {
  FactsheetRenders,
  FeedRetention,
  HoldingsHistory,
  SearchVocabulary,
  ServedHoldings,
} from '../../usecases/ports/retention';
import { chString, type ClickHouseClient } from '../clickhouse';
import { withTransaction } from '../postgres';

/**
 * The stores' side of the storage retention (usecases/retainStorage.ts). ClickHouse 18 has no TTL and no lightweight
 * delete: rows go by `ALTER TABLE ... DELETE WHERE`, a mutation that rewrites the table's parts in the background, so
 * the use case runs at most one per table per interval and each is as large as it can be. No query parameters either:
 * every inlined stamp and ISIN is validated first (isStamp, isValidIsin) and quoted by chString.
 */

/** How a table's ClickHouse deletes stand (system.mutations). */
async function deleteHistory(clickhouse: ClickHouseClient, table: string): Promise<DeleteHistory> {
  const result = await clickhouse.query({
    query: `SELECT toUInt64(toUnixTimestamp(max(create_time))) AS last, toUInt64(countIf(is_done = 0)) AS running
              FROM system.mutations WHERE database = currentDatabase() AND table = ${chString(table)}`,
    format: 'JSONEachRow',
  });
  const [row] = await result.json<{ last: number; running: number }>();
  const last = Number(row?.last ?? 0);
  return { lastAt: last > 0 ? new Date(last * 1000) : null, running: Number(row?.running ?? 0) > 0 };
}

const chStamp = (stamp: string) => {
  if (!isStamp(stamp)) throw new TypeError(`not a load stamp: ${JSON.stringify(stamp)}`);
  return `toDateTime(${chString(stamp)})`;
};

/** ClickHouse fund_holdings: one row per fund x line x load. */
export class HoldingsHistoryRepository implements HoldingsHistory {
  constructor(private readonly clickhouse: ClickHouseClient) {}

  async loadsBefore(before: string): Promise<HoldingsLoad[]> {
    const result = await this.clickhouse.query({
      query: `SELECT isin, toString(loaded_at) AS loadedAt, toUInt64(count()) AS rows FROM fund_holdings
               WHERE loaded_at < ${chStamp(before)} GROUP BY isin, loaded_at`,
      format: 'JSONEachRow',
    });
    return (await result.json<HoldingsLoad>()).map((r) => ({ ...r, rows: Number(r.rows) }));
  }

  deletes(): Promise<DeleteHistory> {
    return deleteHistory(this.clickhouse, 'fund_holdings');
  }

  async deleteLoads(ranges: readonly StampRange[], listed: readonly ListedLoads[]): Promise<void> {
    const conditions = [
      ...ranges.map((r) => `(loaded_at >= ${chStamp(r.from)} AND loaded_at <= ${chStamp(r.to)})`),
      ...listed
        .map((l) => ({ ...l, isins: l.isins.filter(isValidIsin) }))
        .filter((l) => l.isins.length > 0)
        .map((l) => `(loaded_at = ${chStamp(l.loadedAt)} AND isin IN (${l.isins.map(chString).join(',')}))`),
    ];
    if (conditions.length === 0) return;
    await this.clickhouse.command({ query: `ALTER TABLE fund_holdings DELETE WHERE ${conditions.join(' OR ')}` });
  }
}

/** Postgres funds: the holdings stamp each stored fund's summary names. */
export class ServedHoldingsRepository implements ServedHoldings {
  constructor(private readonly pool: Pool) {}

  /** One pass over the funds (the summaries are read whole: at 200,000 funds, a few seconds). */
  async servedStamps(): Promise<Map<string, string | null>> {
    const { rows } = await this.pool.query<{ isin: string; stamp: string | null }>(
      `SELECT isin, summary #>> '{holdings,loadedAt}' AS stamp FROM funds`,
    );
    return new Map(rows.map((r) => [r.isin, isStamp(r.stamp) ? r.stamp : null]));
  }
}

/** The change outbox (Postgres), the deliveries made from it, and the feed published to ClickHouse. */
export class FeedRetentionRepository implements FeedRetention {
  constructor(
    private readonly pool: Pool,
    private readonly clickhouse: ClickHouseClient,
  ) {}

  /**
   * Oldest first by feed id (ids and instants ascend together): a batch that deletes fewer than it read has reached
   * the window, or a row not yet relayed or fanned out, which stays.
   */
  async pruneOutbox(before: Date, batch: number, maxRows: number): Promise<{ outbox: number; deliveries: number }> {
    let outbox = 0;
    while (outbox < maxRows) {
      const { rowCount } = await this.pool.query(
        `WITH oldest AS (SELECT seq FROM change_outbox WHERE feed_id IS NOT NULL ORDER BY feed_id LIMIT $2)
         DELETE FROM change_outbox o USING oldest
          WHERE o.seq = oldest.seq AND o.changed_at < $1 AND o.relayed AND o.fanned_out`,
        [before, batch],
      );
      outbox += rowCount ?? 0;
      if ((rowCount ?? 0) < batch) break;
    }
    let deliveries = 0;
    for (;;) {
      const { rowCount } = await this.pool.query(
        `DELETE FROM webhook_deliveries WHERE ctid = ANY(ARRAY(SELECT ctid FROM webhook_deliveries WHERE created_at < $1 LIMIT $2))`,
        [before, batch],
      );
      deliveries += rowCount ?? 0;
      if ((rowCount ?? 0) < batch) break;
    }
    return { outbox, deliveries };
  }

  async oldestPublishedUs(): Promise<number | null> {
    const result = await this.clickhouse.query({
      query: 'SELECT toUInt64(count()) AS n, min(changed_us) AS oldest FROM change_feed',
      format: 'JSONEachRow',
    });
    const [row] = await result.json<{ n: number; oldest: number }>();
    return Number(row?.n ?? 0) > 0 ? Number(row.oldest) : null;
  }

  deletes(): Promise<DeleteHistory> {
    return deleteHistory(this.clickhouse, 'change_feed');
  }

  async deletePublishedBefore(beforeUs: number): Promise<void> {
    if (!Number.isSafeInteger(beforeUs) || beforeUs <= 0) throw new TypeError(`not an instant: ${beforeUs}`);
    await this.clickhouse.command({ query: `ALTER TABLE change_feed DELETE WHERE changed_us < ${beforeUs}` });
  }
}

/** The search's typo vocabulary (migration 1700000000004): a trigger adds every new word, nothing removed them. */
export class SearchVocabularyRepository implements SearchVocabulary {
  constructor(private readonly pool: Pool) {}

  /**
   * The words no stored fund uses are found without a lock (every word against the stored funds' words); then, under
   * a lock that holds back the vocabulary trigger of concurrent fund writes until the delete commits, each is checked
   * again against the funds committed by then, so a word a new fund has just brought is never deleted.
   */
  async pruneUnused(): Promise<number> {
    const { rows: present } = await this.pool.query<{ present: boolean }>(
      `SELECT to_regclass('fund_search_vocabulary') IS NOT NULL AS present`,
    );
    if (!present[0].present) return 0;
    const { rows } = await this.pool.query<{ word: string }>(
      `SELECT v.word FROM fund_search_vocabulary v
        WHERE NOT EXISTS (SELECT 1 FROM (SELECT DISTINCT lexeme FROM funds, unnest(search_words)) u WHERE u.lexeme = v.word)`,
    );
    if (rows.length === 0) return 0;
    return withTransaction(this.pool, async (client) => {
      await client.query('LOCK TABLE fund_search_vocabulary IN SHARE ROW EXCLUSIVE MODE');
      const { rowCount } = await client.query(
        `DELETE FROM fund_search_vocabulary v
          WHERE v.word = ANY($1::text[])
            AND NOT EXISTS (SELECT 1 FROM funds f WHERE f.search_words @@ quote_literal(v.word)::tsquery)`,
        [rows.map((r) => r.word)],
      );
      return rowCount ?? 0;
    });
  }
}

/** The saved factsheets' rendered pages (factsheet_pages) and printed PDFs (factsheet_pdfs). */
export class FactsheetRendersRepository implements FactsheetRenders {
  constructor(private readonly pool: Pool) {}

  async pruneRenderedBefore(before: Date): Promise<{ pages: number; pdfs: number }> {
    const pages = await this.pool.query('DELETE FROM factsheet_pages WHERE rendered_at < $1', [before]);
    const pdfs = await this.pool.query('DELETE FROM factsheet_pdfs WHERE rendered_at < $1', [before]);
    return { pages: pages.rowCount ?? 0, pdfs: pdfs.rowCount ?? 0 };
  }
}

import type { Pool } from 'pg';

import { isValidIsin } from '../../schema/isin';
import type { ChangeFeed, FeedChange, FeedQuery, FeedRepublisher } from '../../usecases/ports/changes';
import { chString, type ClickHouseClient } from '../clickhouse';

export type { FeedChange, FeedQuery };

interface OutboxRow {
  feed_id: string;
  changed_us: string;
  isin: string;
  name: string | null;
  event: string;
  field: string;
  old: string;
  new: string;
  data_as_of: string;
  generated_at: Date;
}

/** An outbox row as the feed publishes it. */
const OUTBOX_COLUMNS =
  'feed_id, (extract(epoch FROM changed_at) * 1000000)::bigint AS changed_us, isin, name, event, field, old, new, data_as_of, generated_at';

/**
 * The change feed: written to the Postgres outbox with the payloads (FundsRepository.save), numbered
 * and published to ClickHouse by `relay` (again by `republish`, when ClickHouse is rebuilt), read from ClickHouse by
 * `read`.
 */
export class ChangeFeedRepository implements ChangeFeed, FeedRepublisher {
  constructor(
    private readonly pool: Pool,
    private readonly clickhouse: ClickHouseClient,
  ) {}

  /**
   * Numbers what is committed and not yet numbered, publishes every numbered row not yet published,
   * in id order, then marks them. A crash between the ClickHouse insert and the mark publishes the
   * same rows again next time, under the same ids: readers keep one row per id.
   */
  async relay(): Promise<number> {
    await this.pool.query('SELECT number_change_outbox()');
    const { rows } = await this.pool.query<OutboxRow>(
      `SELECT ${OUTBOX_COLUMNS} FROM change_outbox WHERE feed_id IS NOT NULL AND NOT relayed ORDER BY feed_id`,
    );
    if (rows.length === 0) return 0;
    await this.publish(rows);
    await this.pool.query('UPDATE change_outbox SET relayed = true WHERE feed_id = ANY($1::bigint[])', [
      rows.map((r) => r.feed_id),
    ]);
    return rows.length;
  }

  /**
   * Publishes again, as the relay did, up to `limit` numbered rows of the outbox after `afterId` (a rebuild of the
   * feed: the outbox keeps every row after relaying it). The same ids, instants and fields; the relay's marks are left
   * alone. Rows numbered but not yet relayed are included: the relay would publish them under the same ids.
   */
  async republish(afterId: number, limit: number): Promise<{ rows: number; lastId: number | null }> {
    const { rows } = await this.pool.query<OutboxRow>(
      `SELECT ${OUTBOX_COLUMNS} FROM change_outbox WHERE feed_id > $1 ORDER BY feed_id LIMIT $2`,
      [afterId, limit],
    );
    if (rows.length > 0) await this.publish(rows);
    return { rows: rows.length, lastId: rows.length > 0 ? Number(rows[rows.length - 1].feed_id) : null };
  }

  private async publish(rows: readonly OutboxRow[]): Promise<void> {
    await this.clickhouse.insert({
      table: 'change_feed',
      values: rows.map((r) => ({
        id: Number(r.feed_id),
        changed_us: Number(r.changed_us),
        isin: r.isin,
        name: r.name ?? '',
        event: r.event,
        field: r.field,
        old: r.old,
        new: r.new,
        data_as_of: r.data_as_of,
        generated_at: r.generated_at.toISOString(),
      })),
      format: 'JSONEachRow',
    });
  }

  /** Published changes after `sinceUs`, ascending, at most `limit`. ISINs are validated before they are inlined. */
  async read(query: FeedQuery): Promise<FeedChange[]> {
    const filters = [`changed_us > ${Math.floor(query.sinceUs)}`];
    if (query.isins) filters.push(`isin IN (${query.isins.filter(isValidIsin).map(chString).join(',') || "''"})`);
    if (query.event) filters.push(`event = ${chString(query.event)}`);
    const result = await this.clickhouse.query({
      query: `SELECT id, changed_us AS changedUs, isin, name, event, field, old, new, data_as_of AS dataAsOf
                FROM change_feed WHERE ${filters.join(' AND ')}
               ORDER BY id LIMIT 1 BY id LIMIT ${Math.floor(query.limit)}`,
      format: 'JSONEachRow',
    });
    return result.json<FeedChange>();
  }
}

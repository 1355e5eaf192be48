import type { Pool, PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';

import { isoMicros } from '../../schema/microtime';
import type { ExportCursor, ExportedFund, ExportFilter, FundExport } from '../../usecases/ports/export';

/** In the SQL text, so that pg_stat_activity shows which backends run an export (the tests look for it). */
export const EXPORT_SQL_MARKER = 'fund-export';
/**
 * Rows fetched per round trip (about 600 KB of 30 KB payloads; the stream holds one batch and fetches
 * the next). Small on purpose: rows waiting in the buffer outlive V8's young generation, and at 100 a
 * batch the API's RSS grows by 40-100 MB over a 300 MB export rather than 0-4 MB, at the same throughput.
 */
const BATCH_ROWS = 20;
/** How long a cursor may take to close before its connection is discarded rather than returned to the pool. */
const CLOSE_WAIT_MS = 5_000;

/**
 * An export holds its connection for as long as its client reads. Only this many may run at once, so
 * that slow readers can never take the connections every other request needs (a pool that cannot
 * lend one for 5 s counts as a Postgres outage).
 */
export function exportSlots(poolSize: number): number {
  return Math.max(1, Math.floor(poolSize / 4));
}

interface ExportRow {
  isin: string;
  name: string | null;
  generated_at: Date;
  expires_at: Date;
  payload_json: string;
}

/**
 * The SQL of one export: only the filters given, each a bound parameter, in ISIN order (the primary
 * key's order, so no sort). Issuer and asset class go through the search columns' normalisation
 * (migration 1700000000004: lower case, no accents) and read the small generated columns, never the payload.
 */
export function exportStatement(filter: ExportFilter): { text: string; values: string[] } {
  const conditions: string[] = [];
  const values: string[] = [];
  const where = (condition: (param: string) => string, value: string) => {
    values.push(value);
    conditions.push(condition(`$${values.length}`));
  };
  if (filter.issuer !== null) where((p) => `search_issuer = fund_search_norm(${p})`, filter.issuer);
  if (filter.assetClass !== null)
    where((p) => `fund_search_norm(search_hit ->> 'assetClass') = fund_search_norm(${p})`, filter.assetClass);
  if (filter.currency !== null) where((p) => `upper(search_hit ->> 'currency') = ${p}`, filter.currency);
  if (filter.generatedAfterUs !== null)
    where((p) => `generated_at > ${p}::timestamptz`, isoMicros(filter.generatedAfterUs));
  const text =
    `SELECT /* ${EXPORT_SQL_MARKER} */ isin, name, generated_at, expires_at, payload::text AS payload_json FROM funds` +
    `${conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''} ORDER BY isin`;
  return { text, values };
}

/** FundExport over Postgres: a server-side cursor (pg-query-stream) on a connection of its own per export. */
export class FundExportRepository implements FundExport {
  private running = 0;

  constructor(
    private readonly pool: Pool,
    private readonly slots = exportSlots(pool.options.max ?? 10),
  ) {}

  async open(filter: ExportFilter): Promise<ExportCursor | null> {
    if (this.running >= this.slots) return null;
    this.running++;
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      this.running--;
      throw err;
    }
    const { text, values } = exportStatement(filter);
    const rows = client.query(new ExportQueryStream(text, values, { batchSize: BATCH_ROWS }));
    return new PostgresExportCursor(client, rows, () => this.running--);
  }
}

/**
 * pg-query-stream whose destroy always ends. pg-cursor's close waits for a ReadyForQuery, which never
 * comes when the connection died, or when the error was met while no read was pending (the one the
 * error's Sync brought came before). So: after a failed read, nothing is waited for (the connection
 * is discarded anyway); otherwise the close is waited for at most CLOSE_WAIT_MS.
 */
class ExportQueryStream extends QueryStream {
  /** True once the server confirmed the cursor closed: the connection may go back to the pool. */
  closedCleanly = false;

  override _destroy(err: Error, callback: (error?: Error | null) => void): void {
    if (err) return callback(err); // (Node passes null for a plain destroy())
    let called = false;
    const finish = (error: Error | null) => {
      if (called) return;
      called = true;
      clearTimeout(timer);
      this.closedCleanly = error === null;
      callback(error);
    };
    const timer = setTimeout(
      () => finish(new Error(`the export cursor did not close within ${CLOSE_WAIT_MS} ms`)),
      CLOSE_WAIT_MS,
    );
    super._destroy(err, (error?: Error) => finish(error ?? null));
  }
}

class PostgresExportCursor implements ExportCursor {
  private readonly rows: AsyncIterator<ExportRow>;
  private closing: Promise<void> | null = null;
  /** Set when the connection itself failed while checked out (the pool listens only to idle ones). */
  private broken: Error | undefined;
  private readonly onClientError = (err: Error) => {
    this.broken = err;
  };

  constructor(
    private readonly client: PoolClient,
    private readonly stream: ExportQueryStream,
    private readonly onReleased: () => void,
  ) {
    this.rows = stream[Symbol.asyncIterator]();
    // The iterator reports the stream's errors from the first next() on; one emitted before that must not be unhandled.
    stream.on('error', () => {});
    client.on('error', this.onClientError);
  }

  async next(): Promise<ExportedFund | null> {
    if (this.closing) return null;
    let row: IteratorResult<ExportRow>;
    try {
      row = await this.rows.next();
    } catch (err) {
      if (this.closing) return null; // closed while this read waited: the end of the stream, not a failure
      await this.release(err as Error);
      throw err;
    }
    if (row.done) {
      await this.close();
      return null;
    }
    const r = row.value;
    return {
      isin: r.isin,
      name: r.name,
      generatedAt: r.generated_at,
      expiresAt: r.expires_at,
      payloadJson: r.payload_json,
    };
  }

  close(): Promise<void> {
    return this.release();
  }

  /**
   * Ends the read once; the connection goes back to the pool only when the cursor closed cleanly, otherwise it is
   * discarded.
   */
  private release(failure?: Error): Promise<void> {
    this.closing ??= (async () => {
      this.stream.destroy();
      if (!this.stream.closed) await new Promise((resolve) => this.stream.once('close', resolve));
      const reusable = failure === undefined && this.broken === undefined && this.stream.closedCleanly;
      this.client.removeListener('error', this.onClientError);
      this.client.release(
        reusable ? undefined : (failure ?? this.broken ?? new Error('the export cursor did not close cleanly')),
      );
      this.onReleased();
    })();
    return this.closing;
  }
}

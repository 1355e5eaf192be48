import { Pool, type PoolClient, types } from 'pg';

import type { Config } from '../config';

// Dates come back as strings we format ourselves; bigint ids fit in a JS number for our volumes.
types.setTypeParser(types.builtins.INT8, (v) => Number(v));

/** How long a request waits for a connection before the database counts as unavailable. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The pool of a process. An idle connection that the server drops (restart, failover) emits
 * 'error' on the pool; without a listener Node would end the process, so it is reported and the
 * pool simply opens a new connection on the next query.
 */
export function createPool(
  config: Config,
  max = config.postgres.poolSize,
  onIdleError: (err: Error) => void = () => {},
): Pool {
  const pool = new Pool({
    connectionString: config.postgres.url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'fund-data-service',
  });
  pool.on('error', onIdleError);
  return pool;
}

/**
 * Runs `work` in one transaction on one connection. A checked-out client has no error listener
 * of the pool's, so one is attached here: a server restart mid-transaction fails the query (and
 * the transaction) instead of ending the process.
 */
export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (err: Error) => {
    broken = err;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    broken ??= await client.query('ROLLBACK').then(
      () => undefined,
      (e: Error) => e,
    );
    throw err;
  } finally {
    client.removeListener('error', onError);
    client.release(broken); // a broken connection is discarded, not returned to the pool
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs that mean "the server is not there right now", not "your query is wrong". */
const OUTAGE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const OUTAGE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection timeout|Connection ended|not queryable|the database system is (starting up|shutting down|in recovery mode)/i;

/** True when a pg error means the database is unreachable or restarting (class 08, admin shutdown, refused...). */
export function isPostgresOutage(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || OUTAGE_SQLSTATES.has(code) || code.startsWith('08')) return true;
  if (typeof e.message === 'string' && OUTAGE_MESSAGES.test(e.message)) return true;
  // Node reports a refused dual-stack connect as an AggregateError of the per-address errors.
  return Array.isArray(e.errors) && e.errors.some(isPostgresOutage);
}

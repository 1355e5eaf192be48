import { Client, Connection, type ConnectionOptions, isGrpcServiceError } from '@temporalio/client';
import { temporal } from '@temporalio/proto';

import type { Config } from '../config';
import { FUND_ISIN, JOB_KIND } from '../workflows/searchAttributes';

/**
 * gRPC backs off up to 2 minutes between reconnects by default: after a Temporal restart the API
 * would keep failing long after the server is back. A short ceiling makes recovery take seconds.
 */
function connectionOptions(config: Config): ConnectionOptions {
  return {
    address: config.temporal.address,
    connectTimeout: '5s',
    channelArgs: { 'grpc.initial_reconnect_backoff_ms': 500, 'grpc.max_reconnect_backoff_ms': 3_000 },
  };
}

export function connectTemporal(config: Config): Promise<Connection> {
  return Connection.connect(connectionOptions(config));
}

export async function createTemporalClient(config: Config): Promise<Client> {
  const connection = await connectTemporal(config);
  return new Client({ connection, namespace: config.temporal.namespace });
}

/** A client that connects on first use: the API starts, and answers 503, while Temporal is down. */
export function createLazyTemporalClient(config: Config): Client {
  return new Client({ connection: Connection.lazy(connectionOptions(config)), namespace: config.temporal.namespace });
}

/** gRPC status codes of a server that cannot be reached: UNAVAILABLE (14) and DEADLINE_EXCEEDED (4). */
const OUTAGE_CODES = new Set([14, 4]);

/** True when an error (or one of its causes) says the Temporal server cannot be reached. */
export function isTemporalOutage(err: unknown): boolean {
  let cause: unknown = err;
  for (let depth = 0; cause && depth < 8; depth++) {
    if (isGrpcServiceError(cause) && OUTAGE_CODES.has(Number(cause.code))) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** Registers our search attributes on the namespace when missing (idempotent; works on any Temporal server). */
export async function registerSearchAttributes(config: Config): Promise<void> {
  const connection = await connectTemporal(config);
  try {
    const { namespace } = config.temporal;
    const existing = await connection.operatorService.listSearchAttributes({ namespace });
    const wanted = [FUND_ISIN.name, JOB_KIND.name].filter((name) => !(name in (existing.customAttributes ?? {})));
    if (wanted.length === 0) return;
    const keyword = temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD;
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(wanted.map((name) => [name, keyword])),
    });
  } finally {
    await connection.close();
  }
}

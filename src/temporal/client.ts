import { Client, Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import type { Config } from '../config';
import { FUND_ISIN, JOB_KIND } from './searchAttributes';

export function connectTemporal(config: Config): Promise<Connection> {
  return Connection.connect({ address: config.temporal.address, connectTimeout: '5s' });
}

export async function createTemporalClient(config: Config): Promise<Client> {
  const connection = await connectTemporal(config);
  return new Client({ connection, namespace: config.temporal.namespace });
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

/** The soak runs against a local stack only: the API and Postgres hosts must be loopback addresses. */
import dns from 'node:dns/promises';

import { config } from '../support';

/** A refusal to run (exit code 2), not a failed run. */
export class RefusedError extends Error {}

const isLoopbackAddress = (address: string) =>
  /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === '::1' || address === '::ffff:127.0.0.1';

/**
 * The host's every address must be loopback; the first one is returned (the demo calls pick their source address from
 * it).
 */
async function loopbackAddressOf(what: string, host: string): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = isLoopbackAddress(bare)
    ? [bare]
    : (await dns.lookup(bare, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0 || !addresses.every(isLoopbackAddress)) {
    throw new RefusedError(
      `${what} ${host} is not a loopback address (${addresses.join(', ') || 'unresolved'}): the soak runs against a local stack only`,
    );
  }
  return addresses[0];
}

export interface Target {
  /** The API's base URL: SOAK_API_URL, else API_URL, else the stack's own. */
  apiUrl: URL;
  /** The API host's first address. */
  apiAddress: string;
}

/** The API to soak, once it and the Postgres host are known to be loopback. */
export async function loopbackTarget(): Promise<Target> {
  const apiUrl = new URL(process.env.SOAK_API_URL ?? process.env.API_URL ?? `http://127.0.0.1:${config.port}/api/v1`);
  if (apiUrl.protocol !== 'http:') throw new RefusedError(`the API URL ${apiUrl.href} is not plain http on loopback`);
  const apiAddress = await loopbackAddressOf('the API host', apiUrl.hostname);
  await loopbackAddressOf('the Postgres host', new URL(config.postgres.url).hostname);
  return { apiUrl, apiAddress };
}

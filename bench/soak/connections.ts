/**
 * The connections the traffic goes through: one pool to the API, and for the keyless demo, one pool per loopback source
 * address.
 */
import { Pool as HttpPool } from 'undici';

import { config } from '../support';
import type { Target } from './loopback';
import { BURST_SHARE, CONCURRENCY, RATE, TIMEOUT_MS } from './settings';

let origin = '';
let prefix = '/api/v1';
let mainPool: HttpPool;
let demoPools: HttpPool[] = [];
let demoTurn = 0;

/**
 * `demoShare`: the demo's share of the traffic, which sets how many source addresses keep it under the per-address
 * limit.
 */
export function openConnections({ apiUrl, apiAddress }: Target, demoShare: number): void {
  origin = apiUrl.origin;
  prefix = apiUrl.pathname.replace(/\/$/, '');
  mainPool = new HttpPool(origin, {
    connections: CONCURRENCY,
    pipelining: 1,
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
  });
  if (apiAddress.startsWith('127.')) {
    // Each source address stays under half the demo limit per minute.
    const addresses = Math.max(2, Math.ceil((demoShare * RATE * 60) / (config.demoRequestsPerMinute * BURST_SHARE)));
    const demoOrigin = `http://${apiAddress}:${apiUrl.port || '80'}`; // the address itself: a name could resolve to ::1, which an IPv4 source cannot reach
    demoPools = Array.from(
      { length: Math.min(addresses, 250) },
      (_, i) => new HttpPool(demoOrigin, { connections: 4, connect: { localAddress: `127.0.0.${i + 2}` } }),
    );
  }
}

export async function closeConnections(): Promise<void> {
  await Promise.all([mainPool.close(), ...demoPools.map((p) => p.close())]);
}

export const mainConnection = () => mainPool;

/**
 * The demo's pools in turn, one source address after another; undefined (the main pool) when the API is not on 127.x.
 */
export const nextDemoConnection = () => (demoPools.length > 0 ? demoPools[demoTurn++ % demoPools.length] : undefined);

export const demoSourceAddresses = () => demoPools.length;

/** The API's base URL, origin and path. */
export const apiBase = () => `${origin}${prefix}`;

/** A path under the API's base (from the origin). */
export const api = (p: string) => `${prefix}${p}`;

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';

import type { Pool } from 'pg';

import { waitFor } from '../../scripts/stack/supervisor';
import { createPool } from '../../src/db/postgres';
import { AccountsRepository } from '../../src/db/repositories/accounts';
import { eptFile, makeStale, uniqueIsin, writeLibraryFund } from '../helpers';
import { PrivateStack } from '../privateStack';
import { recordFigures } from './figures';

/**
 * A webhook receiver that is down (connections refused), then slow (answers after 12 s, past the
 * 10 s the contract gives), then back (issue 13, point 1). The retry schedule is the production one
 * scaled to seconds with distinct steps (WEBHOOK_RETRY_DELAYS=1s,...,6s), so that each gap shows
 * which step of the schedule it is.
 */
const DELAYS_S = [1, 2, 3, 4, 5, 6];
const RECEIVER_TIMEOUT_S = 10;
const SLOW_ANSWER_MS = 12_000;
/** Scheduling slack on top of each gap (the delivery workflow's timer, a workflow task, the activity start). */
const SLACK_S = 2;

const stack = new PrivateStack(
  'webhook-receiver',
  { api: 8193, postgres: 5455, clickhouseHttp: 8145, clickhouseTcp: 9022, temporal: 7255, temporalUi: 8255 },
  {
    env: {
      WEBHOOKS_ALLOW_LOOPBACK_HTTP: '1',
      WEBHOOK_RETRY_DELAYS: DELAYS_S.map((d) => `${d}s`).join(','),
      REFRESH_INTERVAL: '30d',
    },
  },
);
let pool: Pool;

beforeAll(async () => {
  await stack.start();
  pool = createPool(stack.config, 2);
}, 300_000);

afterAll(async () => {
  await pool?.end();
  await stack.stop();
}, 60_000);

/** A loopback port with nothing listening on it (yet). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** The receiver once it is back: the first `slow` requests are answered 200 only after 12 s, the rest at once. */
async function listen(port: number, slow: number) {
  const hits: { at: number; eventId: string }[] = [];
  const timers: NodeJS.Timeout[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push({ at: Date.now(), eventId: String(req.headers['x-service-event-id']) });
      if (hits.length <= slow) timers.push(setTimeout(() => res.end(), SLOW_ANSWER_MS));
      else res.end();
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    hits,
    close: async () => {
      timers.forEach(clearTimeout);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * The attempts recorded for the deliveries to an endpoint URL, polled: each new attempt's time as the worker recorded
 * it.
 */
async function attemptsOf(
  url: string,
): Promise<{ attempts: number; lastStatus: number | null; delivered: boolean; active: boolean }> {
  const { rows } = await pool.query<{
    attempts: number;
    last_status: number | null;
    delivered: boolean;
    active: boolean;
  }>(
    `SELECT d.attempts, d.last_status, d.delivered_at IS NOT NULL AS delivered, e.active
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE e.url = $1`,
    [url],
  );
  return rows[0]
    ? {
        attempts: rows[0].attempts,
        lastStatus: rows[0].last_status,
        delivered: rows[0].delivered,
        active: rows[0].active,
      }
    : { attempts: 0, lastStatus: null, delivered: false, active: true };
}

/** Records when each attempt count is first seen (resolution 50 ms) until `until` holds. */
async function watchAttempts(url: string, until: (seen: number) => boolean, timeoutMs: number): Promise<number[]> {
  const times: number[] = [];
  const deadline = Date.now() + timeoutMs;
  while (!until(times.length)) {
    if (Date.now() > deadline) throw new Error(`attempts to ${url}: only ${times.length} seen`);
    const { attempts } = await attemptsOf(url);
    while (times.length < attempts) times.push(Date.now());
    await new Promise((r) => setTimeout(r, 50));
  }
  return times;
}

function expectGap(gapMs: number, expectedS: number): void {
  expect(gapMs / 1000).toBeGreaterThanOrEqual(expectedS - 0.2);
  expect(gapMs / 1000).toBeLessThanOrEqual(expectedS + SLACK_S);
}

it('retries a receiver that is down, then slow, then back on the schedule exactly, and disables one that never comes back after the sixth retry', async () => {
  const email = `hooks-${randomUUID()}@example.com`;
  const key = (await new AccountsRepository(pool).createKey(email, 'scale')).key;
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  const isin = uniqueIsin();
  await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Receiver Fund', 3) });
  expect((await fetch(`${stack.api}/funds/${isin}`, { headers })).status).toBe(200);

  const recovering = `http://127.0.0.1:${await freePort()}/hook`;
  const neverBack = `http://127.0.0.1:${await freePort()}/hook`;
  for (const url of [recovering, neverBack]) {
    const res = await fetch(`${stack.api}/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url, events: ['fund.changed'], isins: [isin] }),
    });
    expect(res.status).toBe(201);
  }
  await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Receiver Fund', 5) });
  await makeStale(isin, pool);
  expect((await fetch(`${stack.api}/funds/${isin}`, { headers })).status).toBe(200); // refreshed: riskRating 3 -> 5

  // Down for the first attempt and the first retry (connection refused), then up but slow twice, then back.
  const refused = await watchAttempts(recovering, (seen) => seen >= 2, 60_000);
  const receiver = await listen(Number(new URL(recovering).port), 2);
  try {
    await waitFor('the delivery to succeed', async () => (await attemptsOf(recovering)).delivered, 120_000, 100);
    const times = [...refused, ...receiver.hits.map((h) => h.at)];
    expect(times).toHaveLength(5);
    expectGap(times[1] - times[0], DELAYS_S[0]);
    expectGap(times[2] - times[1], DELAYS_S[1]);
    expectGap(times[3] - times[2], RECEIVER_TIMEOUT_S + DELAYS_S[2]); // the slow answer counts as a failure at 10 s
    expectGap(times[4] - times[3], RECEIVER_TIMEOUT_S + DELAYS_S[3]);
    expect(new Set(receiver.hits.map((h) => h.eventId)).size).toBe(1);
    expect(await attemptsOf(recovering)).toMatchObject({ attempts: 5, lastStatus: 200, delivered: true, active: true });

    // The other endpoint never comes back: the first attempt and six retries, then it is disabled.
    await waitFor(
      'the never-back endpoint to be disabled',
      async () => !(await attemptsOf(neverBack)).active,
      120_000,
      100,
    );
    const dead = await attemptsOf(neverBack);
    expect(dead).toMatchObject({ attempts: 7, delivered: false, active: false });
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await attemptsOf(neverBack)).attempts).toBe(7); // nothing more once disabled
    expect(receiver.hits).toHaveLength(3); // and nothing more to the recovered one after its 2xx
    recordFigures('webhook-receiver-down-slow-back', {
      scheduleSeconds: DELAYS_S,
      gapsSeconds: times.slice(1).map((t, i) => Math.round((t - times[i]) / 100) / 10),
      expectedGapsSeconds: [
        DELAYS_S[0],
        DELAYS_S[1],
        RECEIVER_TIMEOUT_S + DELAYS_S[2],
        RECEIVER_TIMEOUT_S + DELAYS_S[3],
      ],
      attemptsUntilDelivered: 5,
      neverBackAttempts: dead.attempts,
      neverBackDisabled: true,
    });
  } finally {
    await receiver.close();
  }
}, 300_000);

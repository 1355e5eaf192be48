/**
 * Change tracking at scale, against the running stack:
 * - the universe refresh of 1,000 stale funds (each with an EPT file in the document library, its stored
 *   payload aged past the 24-hour window): funds refreshed per second, against one cold load of the
 *   same kind of fund in the same run;
 * - one change event fanned out to 200 webhook endpoints on one local receiver: time from the refresh
 *   that makes the change until all 200 have it, against the same with one endpoint.
 *
 *   STACK_PROFILE=test WEBHOOKS_ALLOW_LOOPBACK_HTTP=1 BENCH_API_PORT=8097 node_modules/.bin/tsx bench/changeTracking.ts
 *
 * BENCH_REFRESH_FUNDS (1,000), BENCH_FANOUT_ENDPOINTS (200). Writes bench/results/changeTracking.json.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { createPool } from '../src/db/postgres';
import { isinCheckDigit } from '../src/schema/isin';
import { createTemporalClient } from '../src/temporal/client';
import { Api, config, enterpriseKeys, envInt, expectStatus, log, round2, run, writeResults } from './support';

const BENCH = 'changeTracking';
const REFRESH_FUNDS = envInt('BENCH_REFRESH_FUNDS', 1000);
const ENDPOINTS = envInt('BENCH_FANOUT_ENDPOINTS', 200);
const pool = createPool(config, 4);

const isinOf = (prefix: string, n: number) => {
  const body = `${prefix}${String(n).padStart(11 - prefix.length, '0')}`;
  return body + isinCheckDigit(body);
};

function eptFile(isin: string, sri: number): string {
  return [
    '00010_Portfolio_Manufacturer_Name,00030_Portfolio_Identifying_Data,00050_Portfolio_Name,00060_Portfolio_Or_Share_Class_Currency,00070_PRIIPs_KID_Publication_Date,01090_SRI,01120_Recommended_Holding_Period',
    `Bench Manager,${isin},Sample Bench Fund ${isin},EUR,2026-06-30,${sri},5`,
  ].join('\n');
}

async function writeLibraryFund(isin: string, sri: number): Promise<void> {
  const dir = path.join(config.libraryDir, isin);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'ept.csv'), eptFile(isin, sri));
}

/** Stored payloads aged past the window, as a day-old universe would be. */
async function age(isins: string[]): Promise<void> {
  await pool.query(
    "UPDATE funds SET generated_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE isin = ANY($1)",
    [isins],
  );
}

async function loadAll(api: Api, key: string, isins: string[]): Promise<void> {
  for (let i = 0; i < isins.length; i += 1000) {
    const res = await api.post('/funds', key, { isins: isins.slice(i, i + 1000), wait: false });
    expectStatus('POST /funds', res);
  }
  for (;;) {
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM funds WHERE isin = ANY($1)', [
      isins,
    ]);
    if (rows[0].n === isins.length) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function refreshBench(api: Api, key: string) {
  const isins = Array.from({ length: REFRESH_FUNDS }, (_, n) => isinOf('ZZRFS', n + 1));
  const single = isinOf('ZZRFS', REFRESH_FUNDS + 1);
  for (const isin of [...isins, single]) await writeLibraryFund(isin, 3);
  log(BENCH, `loading ${REFRESH_FUNDS} funds (EPT only), then ageing them...`);
  await loadAll(api, key, isins);
  const started = process.hrtime.bigint();
  expectStatus('GET /funds (single cold)', await api.get(`/funds/${single}`, key));
  const singleMs = Number(process.hrtime.bigint() - started) / 1e6;
  await age(isins);
  const client = await createTemporalClient(config);
  try {
    log(BENCH, `refreshing ${REFRESH_FUNDS} stale funds through refreshUniverse...`);
    const t0 = process.hrtime.bigint();
    const handle = await client.workflow.start('refreshUniverse', {
      taskQueue: config.temporal.taskQueue,
      workflowId: `bench-refresh/${randomUUID()}`,
      args: [{ after: null, concurrency: config.warmConcurrency, pageSize: 100, pagesPerRun: 10 }],
    });
    const tally = (await handle.result()) as { ok: number; failed: number; joined: number };
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    return {
      funds: REFRESH_FUNDS,
      tally,
      seconds: round2(seconds),
      fundsPerSecond: round2(REFRESH_FUNDS / seconds),
      singleColdMs: round2(singleMs),
      ratio: round2(REFRESH_FUNDS / seconds / (1000 / singleMs)),
    };
  } finally {
    await client.connection.close();
  }
}

/** One receiver for every endpoint (a path each); resolves when `expected` distinct paths got the event. */
async function receiver() {
  const seen = new Map<string, number>();
  let waiting: { count: number; resolve: () => void } | null = null;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (!seen.has(req.url!)) seen.set(req.url!, Date.now());
      res.end();
      if (waiting && seen.size >= waiting.count) waiting.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    reset: () => seen.clear(),
    until: (count: number) =>
      new Promise<void>((resolve) => (seen.size >= count ? resolve() : (waiting = { count, resolve }))),
    close: () => new Promise((r) => server.close(r)),
  };
}

/** Endpoints per account (the API's limit): the endpoints are spread over `ownerKeys` 20 at a time. */
const ENDPOINTS_PER_ACCOUNT = 20;

/** Milliseconds from the refresh that changes a fund until all `endpoints` subscribed to it received the event. */
async function fanOutOnce(
  api: Api,
  ownerKeys: string[],
  hook: Awaited<ReturnType<typeof receiver>>,
  endpoints: number,
  tag: string,
): Promise<number> {
  const isin = isinOf(`ZZFO${tag}`, 1);
  await writeLibraryFund(isin, 3);
  expectStatus('GET /funds', await api.get(`/funds/${isin}`, ownerKeys[0]));
  for (let n = 0; n < endpoints; n++) {
    const owner = ownerKeys[Math.floor(n / ENDPOINTS_PER_ACCOUNT)];
    expectStatus(
      'POST /webhooks',
      await api.post('/webhooks', owner, { url: `${hook.base}/${tag}/${n}`, isins: [isin], events: ['fund.changed'] }),
      201,
    );
  }
  await writeLibraryFund(isin, 5);
  await pool.query("UPDATE funds SET expires_at = now() - interval '1 second' WHERE isin = $1", [isin]);
  await new Promise((r) => setTimeout(r, config.fundCacheMs + 100));
  hook.reset();
  const t0 = process.hrtime.bigint();
  expectStatus('GET /funds (refresh)', await api.get(`/funds/${isin}`, ownerKeys[0]));
  await hook.until(endpoints);
  return round2(Number(process.hrtime.bigint() - t0) / 1e6);
}

run(async () => {
  const api = new Api();
  const hook = await receiver();
  try {
    // Separate accounts: an account has at most 20 endpoints.
    const keys = await enterpriseKeys(BENCH, 2 + Math.ceil(ENDPOINTS / ENDPOINTS_PER_ACCOUNT));
    const refresh = await refreshBench(api, keys[0]);
    log(BENCH, `refresh: ${JSON.stringify(refresh)}`);
    const oneMs = await fanOutOnce(api, [keys[1]], hook, 1, 'A');
    const allMs = await fanOutOnce(api, keys.slice(2), hook, ENDPOINTS, 'B');
    writeResults(BENCH, {
      refresh,
      fanOut: {
        endpoints: ENDPOINTS,
        allDeliveredMs: allMs,
        oneEndpointMs: oneMs,
        ratio: round2(allMs / oneMs),
        perEndpointMs: round2(allMs / ENDPOINTS),
      },
    });
  } finally {
    await hook.close();
    await api.close();
    await pool.end();
  }
});

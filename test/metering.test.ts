import { MeteringRepository } from '../src/db/repositories/metering';
import { planRank } from '../src/domain/plans';
import type { Account } from '../src/schema/account';
import type { ErrorBody } from '../src/schema/errors';
import type { FundEnvelope } from '../src/schema/fund';
import type { z } from '../src/schema/zod';
import type { FundLoader } from '../src/usecases/ports/funds';
import {
  API,
  awayFromMinuteEdge,
  db,
  eptFile,
  get,
  json,
  newKey,
  setUsed,
  uniqueIsin,
  usedThisMonth,
  writeLibraryFund,
} from './helpers';
import { startInProcessApi } from './inProcessApi';

type Envelope = z.infer<typeof FundEnvelope>;

describe('metering (spec sections 1 and 8)', () => {
  let warmIsin: string;
  beforeAll(async () => {
    warmIsin = uniqueIsin();
    await writeLibraryFund(warmIsin, { 'ept.csv': eptFile(warmIsin, 'Sample Metered Fund') });
    const { key } = await newKey('enterprise');
    expect((await get(`/funds/${warmIsin}`, key)).status).toBe(200);
  });

  it('moves used by exactly N for N concurrent billable calls', async () => {
    await awayFromMinuteEdge();
    const { key } = await newKey('scale');
    const n = 150;
    const responses = await Promise.all(Array.from({ length: n }, () => get(`/funds/${warmIsin}`, key)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const me = await json<Account>(await get('/me', key));
    expect(me.quota.used).toBe(n);
    expect(me.usage.thisMonth).toBe(n);
    const remaining = responses.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b);
    expect(new Set(remaining).size).toBe(n); // every call saw its own count
    expect(remaining[0]).toBe(60000 - n);
  });

  it('sets the rate-limit headers on metered responses', async () => {
    const { key } = await newKey('starter');
    const res = await get(`/funds/${warmIsin}`, key);
    expect(res.headers.get('x-ratelimit-limit')).toBe('1500');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('1499');
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBe(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1) / 1000,
    );
    expect(res.headers.get('x-burst-limit')).toBe('60');
    expect(Number(res.headers.get('x-burst-remaining'))).toBeLessThan(60);
  });

  it('stops the free plan at 150 credits with 429 credits_exhausted', async () => {
    const { key, email } = await newKey('free');
    await setUsed(email, 149);
    const last = await get(`/funds/${warmIsin}`, key);
    expect(last.status).toBe(200);
    expect((await json<Envelope>(last)).quota).toMatchObject({ used: 150, remaining: 0, overageUsed: 0 });
    const refused = await get(`/funds/${warmIsin}`, key);
    expect(refused.status).toBe(429);
    const body = await json<ErrorBody>(refused);
    expect(body).toMatchObject({ code: 'rate_limited', reason: 'credits_exhausted' });
    expect(body.resetAt).toBe(
      new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)).toISOString(),
    );
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(refused.headers.get('retry-after')).toBe(String(body.retryAfter));
    expect((await json<Account>(await get('/me', key))).quota.used).toBe(150); // the refused call charged nothing
    expect((await get('/me', key)).status).toBe(200); // free endpoints still answer
  });

  it('bills paid plans as overage past the allowance, then refuses with overage_cap', async () => {
    const { key, email } = await newKey('starter');
    await setUsed(email, 1500);
    const over = await json<Envelope>(await get(`/funds/${warmIsin}`, key));
    expect(over.quota).toMatchObject({ limit: 1500, remaining: 0, used: 1501, overageUsed: 1 });
    await setUsed(email, 3000);
    const refused = await get(`/funds/${warmIsin}`, key);
    expect(refused.status).toBe(429);
    expect(await json(refused)).toMatchObject({ reason: 'overage_cap' });
  });

  it('reports no ceiling for enterprise', async () => {
    const { key } = await newKey('enterprise');
    const body = await json<Envelope>(await get(`/funds/${warmIsin}`, key));
    expect(body.quota).toMatchObject({ limit: null, remaining: null, used: 1, overageUsed: 0 });
  });

  it('holds the burst limit across two API processes sharing Postgres', async () => {
    await awayFromMinuteEdge(20);
    const noLoads: FundLoader = { load: () => Promise.reject(new Error('no load expected')) };
    const apis = await Promise.all([startInProcessApi({ loader: noLoads }), startInProcessApi({ loader: noLoads })]);
    try {
      const bases = apis.map((a) => a.base);
      const { key, email } = await newKey('free'); // 10 per minute
      const responses = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          fetch(`${bases[i % 2]}/funds/${warmIsin}`, { headers: { 'X-Api-Key': key } }),
        ),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
      const refused = responses.find((r) => r.status === 429)!;
      const body = await json<ErrorBody>(refused);
      expect(body).toMatchObject({ code: 'rate_limited', reason: 'burst' });
      expect(body.retryAfter).toBeGreaterThanOrEqual(1);
      expect(body.retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers.get('x-burst-remaining')).toBe('0');
      expect(refused.headers.get('retry-after')).toBe(String(body.retryAfter));
      // Refused bursts charge no credits.
      expect(await usedThisMonth(email)).toBe(10);
    } finally {
      await Promise.all(apis.map((a) => a.close()));
    }
  });

  it('gates plans in the same round trip: lower plans are refused and charged nothing, in a mixed batch', async () => {
    const free = await newKey('free');
    const pro = await newKey('pro');
    const metering = new MeteringRepository(db());
    const proRank = planRank('pro');
    const results = await metering.meterBatch([
      { keyId: free.keyId, cost: 5, minRank: proRank },
      { keyId: pro.keyId, cost: 5, minRank: proRank },
      { keyId: free.keyId, cost: 1 },
      { keyId: pro.keyId, cost: 5, minRank: planRank('scale') },
    ]);
    expect(results.map((r) => r.status)).toEqual(['plan_required', 'ok', 'ok', 'plan_required']);
    expect(results[1].used).toBe(5);
    expect(results[2].used).toBe(1);
    expect(results[0].burstCount).toBe(1); // a refused call still takes its burst slot
  });

  it('answers a lower plan 403 plan_required naming the plan needed, free of charge', async () => {
    const { key } = await newKey('starter');
    const res = await fetch(`${API}/extract`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'Ongoing charges 0.20%' }),
    });
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ code: 'plan_required', requiredPlan: 'pro' });
    expect((await json<Account>(await get('/me', key))).quota.used).toBe(0);
  });

  it('starts a new month at 00:00 UTC on the 1st', async () => {
    const { keyId, email } = await newKey('free');
    const metering = new MeteringRepository(db());
    const lastMinute = new Date('2031-01-31T23:59:30Z');
    const firstMinute = new Date('2031-02-01T00:00:00Z');
    const charge = (now: Date) => metering.meterBatch([{ keyId, cost: 1 }], now).then((r) => r[0]);
    await setUsed(email, 0);
    expect((await charge(lastMinute)).used).toBe(1);
    expect((await charge(lastMinute)).used).toBe(2);
    expect(await charge(firstMinute)).toMatchObject({ status: 'ok', used: 1 });
  });
});

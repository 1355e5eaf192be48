import type { Account } from '../src/schema/account';
import { BatchResponse } from '../src/schema/batch';
import type { ErrorBody } from '../src/schema/errors';
import type { z } from '../src/schema/zod';
import { JOB_KIND } from '../src/workflows/searchAttributes';
import {
  afterDirectWrite,
  API,
  db,
  eptFile,
  get,
  json,
  libraryReads,
  navFile,
  newKey,
  post,
  setUsed,
  temporalClient,
  uniqueIsin,
  usedOf,
  writeLibraryFund,
} from './helpers';

type Batch = z.infer<typeof BatchResponse>;

async function libraryFund(name: string): Promise<string> {
  const isin = uniqueIsin();
  await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, name), 'nav.csv': navFile() });
  return isin;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('POST /funds (batch)', () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await newKey('scale'));
  });

  it('answers one result per input in input order: warm, cold, invalid, duplicate and unknown; bills distinct ok and not_found', async () => {
    const warm = await libraryFund('Sample Batch Warm Fund');
    expect((await get(`/funds/${warm}`, key)).status).toBe(200);
    const cold = await libraryFund('Sample Batch Cold Fund');
    const unknown = uniqueIsin();
    const before = await usedOf(key);

    const res = await post('/funds', key, { isins: [warm, 'not-an-isin', cold.toLowerCase(), warm, unknown] });
    expect(res.status).toBe(200);
    const body = await json<Batch>(res);
    expect(BatchResponse.parse(body)).toBeTruthy();
    expect(body.count).toBe(5);
    expect(body.results.map((r) => [r.input, r.isin, r.status, r.cached])).toEqual([
      [warm, warm, 'ok', true],
      ['not-an-isin', null, 'invalid', false],
      [cold.toLowerCase(), cold, 'ok', false],
      [warm, warm, 'ok', true],
      [unknown, unknown, 'not_found', false],
    ]);
    expect(body.results[2]).toMatchObject({ name: 'Sample Batch Cold Fund', data: { riskRating: 3 } });
    expect(body.results[1]).toMatchObject({ name: null, generatedAt: null, expiresAt: null, data: null });
    expect(body.pending).toEqual([]);
    // warm, cold and unknown: three distinct billable answers.
    expect(body.quota.used).toBe(before + 3);
    expect(await usedOf(key)).toBe(before + 3);
  });

  it('remembers a not_found: the next batch and GET answer it without a new load (the demo too: test/demo.test.ts)', async () => {
    const unknown = uniqueIsin();
    expect((await json<Batch>(await post('/funds', key, { isins: [unknown] }))).results[0].status).toBe('not_found');
    expect(await libraryReads(unknown)).toBe(1);
    expect((await json<Batch>(await post('/funds', key, { isins: [unknown] }))).results[0].status).toBe('not_found');
    expect((await get(`/funds/${unknown}`, key)).status).toBe(404);
    expect(await libraryReads(unknown)).toBe(1);
  });

  it('forgets a remembered not_found once the fund has data (the miss expires, a load stores it)', async () => {
    const isin = uniqueIsin();
    expect((await json<Batch>(await post('/funds', key, { isins: [isin] }))).results[0].status).toBe('not_found');
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Late Fund') });
    await db().query("UPDATE fund_misses SET expires_at = now() - interval '1 second' WHERE isin = $1", [isin]);
    expect((await json<Batch>(await post('/funds', key, { isins: [isin] }))).results[0]).toMatchObject({
      status: 'ok',
      name: 'Sample Late Fund',
    });
    const { rowCount } = await db().query('SELECT 1 FROM fund_misses WHERE isin = $1', [isin]);
    expect(rowCount).toBe(0);
  });

  it('with wait false answers cold ISINs as pending at once, free, and warms them in a fund-warm workflow; sent again once stored, they are billed', async () => {
    const cold = [await libraryFund('Sample Pending One'), await libraryFund('Sample Pending Two')];
    const before = await usedOf(key);
    const body = await json<Batch>(await post('/funds', key, { isins: cold, wait: false }));
    expect(body.results.map((r) => r.status)).toEqual(['pending', 'pending']);
    expect(body.pending).toEqual(cold);
    expect(body.quota.used).toBe(before);

    await waitUntil(
      'the warm-up to store both',
      async () =>
        (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM funds WHERE isin = ANY($1)', [cold])).rows[0]
          .n === 2,
    );
    const client = await temporalClient();
    const warmUps = [];
    for await (const run of client.workflow.list({
      query: `${JOB_KIND.name} = 'fund-warm' AND StartTime > '${new Date(Date.now() - 120_000).toISOString()}'`,
    }))
      warmUps.push(run);
    expect(warmUps.length).toBeGreaterThanOrEqual(1);

    await afterDirectWrite();
    const again = await json<Batch>(await post('/funds', key, { isins: cold, wait: false }));
    expect(again.results.map((r) => [r.status, r.cached])).toEqual([
      ['ok', true],
      ['ok', true],
    ]);
    expect(again.quota.used).toBe(before + 2);
  });

  it('shares one load per ISIN with GET /funds (single-flight)', async () => {
    const isin = await libraryFund('Sample Shared Load');
    const [single, batch] = await Promise.all([get(`/funds/${isin}`, key), post('/funds', key, { isins: [isin] })]);
    expect(single.status).toBe(200);
    expect((await json<Batch>(batch)).results[0].status).toBe('ok');
    expect(await libraryReads(isin)).toBe(1);
  });

  it('refuses a call whose billable answers exceed what the account may still spend, whole, charging nothing', async () => {
    const { key: starter, email } = await newKey('starter'); // 1,500 credits + 1,500 overage
    const funds = [
      await libraryFund('Sample Ceiling One'),
      await libraryFund('Sample Ceiling Two'),
      await libraryFund('Sample Ceiling Three'),
    ];
    await post('/funds', key, { isins: funds }); // stored, so every answer is billable
    await setUsed(email, 2998);
    const refused = await post('/funds', starter, { isins: funds });
    expect(refused.status).toBe(429);
    expect(await json<ErrorBody>(refused)).toMatchObject({ code: 'rate_limited', reason: 'overage_cap' });
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await usedOf(starter)).toBe(2998);
    const paid = await json<Batch>(await post('/funds', starter, { isins: funds.slice(0, 2) }));
    expect(paid.quota.used).toBe(3000);
  });

  it('charges exactly under contention: concurrent batches near the ceiling never take the account past it', async () => {
    const { key: starter, email } = await newKey('starter');
    const funds = [
      await libraryFund('Sample Contention One'),
      await libraryFund('Sample Contention Two'),
      await libraryFund('Sample Contention Three'),
    ];
    await post('/funds', key, { isins: funds });
    await setUsed(email, 2980); // 20 credits left: 6 calls of 3 fit, the 7th does not
    const responses = await Promise.all(Array.from({ length: 12 }, () => post('/funds', starter, { isins: funds })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    expect(await usedOf(starter)).toBe(2998);
  });

  describe('bad input changes nothing', () => {
    it.each([
      ['a string', '"ZZ"'],
      ['no isins', '{}'],
      ['isins not an array', '{"isins":"ZZSMPL000014"}'],
      ['an empty list', '{"isins":[]}'],
      ['a number in the list', '{"isins":[12]}'],
      ['wait not a boolean', '{"isins":["ZZSMPL000014"],"wait":"yes"}'],
      ['malformed JSON', '{"isins":['],
    ])('400 invalid_body for %s', async (_, body) => {
      const before = await usedOf(key);
      const res = await post('/funds', key, body);
      expect(res.status).toBe(400);
      expect(await json<ErrorBody>(res)).toMatchObject({ code: 'invalid_body' });
      expect(await usedOf(key)).toBe(before);
    });

    it('400 batch_too_large with batchMax beyond the plan batch size, before anything is counted', async () => {
      const { key: starter } = await newKey('starter');
      const isins = Array.from({ length: 11 }, () => uniqueIsin());
      const res = await post('/funds', starter, { isins });
      expect(res.status).toBe(400);
      expect(await json<ErrorBody>(res)).toMatchObject({ code: 'batch_too_large', batchMax: 10 });
      const me = await json<Account>(await get('/me', starter));
      expect(me.quota).toMatchObject({ used: 0, burst: { remaining: 59 } }); // only this /me call took a burst slot
      expect(await libraryReads(isins[0])).toBe(0);
      const { key: free } = await newKey('free');
      expect(await json<ErrorBody>(await post('/funds', free, { isins: isins.slice(0, 2) }))).toMatchObject({
        code: 'batch_too_large',
        batchMax: 1,
      });
    });

    it('400 invalid_isin when not one input is a valid ISIN', async () => {
      const res = await post('/funds', key, { isins: ['nope', 'US0378331006'] });
      expect(res.status).toBe(400);
      expect(await json<ErrorBody>(res)).toMatchObject({ code: 'invalid_isin' });
    });

    it('401 without a key', async () => {
      const res = await fetch(`${API}/funds`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"isins":["ZZSMPL000014"]}',
      });
      expect(res.status).toBe(401);
    });
  });
});

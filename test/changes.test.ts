import { createClickhouse } from '../src/db/clickhouse';
import { ChangeFeedRepository } from '../src/db/repositories/changeFeed';
import { FundsRepository } from '../src/db/repositories/funds';
import { emptyFundData } from '../src/domain/fundSkeleton';
import { fundSummary } from '../src/domain/fundSummary';
import { ChangeFeedResponse } from '../src/schema/changes';
import type { ErrorBody } from '../src/schema/errors';
import type { FundEnvelope } from '../src/schema/fund';
import type { z } from '../src/schema/zod';
import { config, db, eptFile, get, json, makeStale, newKey, uniqueIsin, writeLibraryFund } from './helpers';

const clickhouse = createClickhouse(config);
afterAll(() => clickhouse.close());
const feed = () => new ChangeFeedRepository(db(), clickhouse);

type Feed = z.infer<typeof ChangeFeedResponse>;

async function pageAll(
  key: string,
  query: string,
  since: string,
  limit: number,
): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let pages = 0;
  for (let next = since; ; pages++) {
    const body = await json<Feed>(await get(`/changes?${query}&limit=${limit}&since=${encodeURIComponent(next)}`, key));
    ids.push(...body.changes.map((c) => c.id));
    if (!body.hasMore) return { ids, pages: pages + 1 };
    next = body.nextSince;
  }
}

describe('change tracking: diff on refresh, outbox, GET /changes', () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await newKey('scale'));
  });

  it('records one fund.changed row per tracked field that moved and a fund.refreshed row when dataAsOf moves, and serves them in the feed', async () => {
    const isin = uniqueIsin();
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Changing Fund', 3) });
    const start = new Date().toISOString();
    expect((await get(`/funds/${isin}`, key)).status).toBe(200);
    expect((await json<Feed>(await get(`/changes?isins=${isin}&since=${start}`, key))).count).toBe(0); // a first load changes nothing

    await writeLibraryFund(isin, {
      'ept.csv': eptFile(isin, 'Sample Changing Fund', 5).replace('2026-01-15', '2026-06-30'),
    });
    await makeStale(isin);
    expect((await json<z.infer<typeof FundEnvelope>>(await get(`/funds/${isin}`, key))).cached).toBe(false);
    const res = await get(`/changes?isins=${isin}&since=${start}`, key);
    expect(res.status).toBe(200);
    const body = ChangeFeedResponse.parse(await json(res));
    expect(body.changes.map((c) => [c.event, c.field, c.old, c.new])).toEqual([
      ['fund.changed', 'riskRating', '3', '5'],
      ['fund.refreshed', 'dataAsOf', '2026-01-15', '2026-06-30'],
    ]);
    expect(body.changes[0]).toMatchObject({ isin, name: 'Sample Changing Fund', dataAsOf: '2026-06-30' });
    expect(body.changes[1].id).toBeGreaterThan(body.changes[0].id);
    expect(body.changes[1].changedAt > body.changes[0].changedAt).toBe(true);
    expect(body).toMatchObject({ count: 2, hasMore: false, nextSince: body.changes[1].changedAt });
    const refreshedOnly = await json<Feed>(
      await get(`/changes?isins=${isin}&since=${start}&event=fund.refreshed`, key),
    );
    expect(refreshedOnly.changes.map((c) => c.field)).toEqual(['dataAsOf']);
  });

  it('pages 500 changes written in one transaction (one instant) by nextSince, losing and repeating nothing', async () => {
    const isin = uniqueIsin();
    const start = new Date().toISOString();
    await db().query(
      `INSERT INTO change_outbox (isin, name, event, field, old, new, data_as_of, generated_at)
       SELECT $1, 'Sample Busy Fund', 'fund.changed', 'riskRating', n::text, (n + 1)::text, '2026-10-31', now() FROM generate_series(1, 500) n`,
      [isin],
    );
    expect(await feed().relay()).toBeGreaterThanOrEqual(500);
    const { ids, pages } = await pageAll(key, `isins=${isin}`, start, 37);
    expect(ids).toHaveLength(500);
    expect(new Set(ids).size).toBe(500);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(pages).toBe(Math.ceil(500 / 37));
  });

  it('loses and doubles nothing when the process dies between the payload write and the publication, or mid-publication', async () => {
    const isin = uniqueIsin();
    const funds = new FundsRepository(db());
    const before = emptyFundData();
    before.riskRating = 2;
    before.dataAsOf = '2026-09-30';
    const after = { ...before, riskRating: 6 };
    const save = (data: typeof before) =>
      funds.save(
        isin,
        'Sample Crash Fund',
        data,
        new Date(),
        new Date(Date.now() + 86_400_000),
        fundSummary(data, null),
      );
    await save(before);
    expect(await save(after)).toBe(1);
    expect(await save(after)).toBe(0); // a retried save after it committed writes no second row
    const start = new Date(Date.now() - 60_000).toISOString();
    // The worker dies here, before relaying: the row waits in the outbox, invisible.
    expect((await json<Feed>(await get(`/changes?isins=${isin}&since=${start}`, key))).count).toBe(0);
    // A relay dies after publishing, before marking: the next relay publishes the same row again, under the same id.
    await db().query('SELECT number_change_outbox()');
    const { rows } = await db().query<{ feed_id: number; us: number }>(
      'SELECT feed_id, (extract(epoch FROM changed_at) * 1000000)::bigint AS us FROM change_outbox WHERE isin = $1',
      [isin],
    );
    await clickhouse.insert({
      table: 'change_feed',
      values: [
        {
          id: Number(rows[0].feed_id),
          changed_us: Number(rows[0].us),
          isin,
          name: 'Sample Crash Fund',
          event: 'fund.changed',
          field: 'riskRating',
          old: '2',
          new: '6',
          data_as_of: '2026-09-30',
          generated_at: '',
        },
      ],
      format: 'JSONEachRow',
    });
    await feed().relay();
    const body = await json<Feed>(await get(`/changes?isins=${isin}&since=${start}`, key));
    expect(body.changes.map((c) => [c.id, c.old, c.new])).toEqual([[Number(rows[0].feed_id), '2', '6']]);
  });

  describe('bad input and plans', () => {
    it.each([
      ['since=yesterday', 'invalid_query'],
      ['since=2026-11-23', 'invalid_query'],
      ['limit=0', 'invalid_query'],
      ['limit=1001', 'invalid_query'],
      ['limit=ten', 'invalid_query'],
      ['event=fund.deleted', 'invalid_query'],
      ['isins=US0378331006', 'invalid_isin'],
      ['isins=,', 'invalid_query'],
    ])('?%s is 400 %s', async (query, code) => {
      const res = await get(`/changes?${query}`, key);
      expect(res.status).toBe(400);
      expect(await json<ErrorBody>(res)).toMatchObject({ code });
    });

    it('answers pro and lower plans 403 plan_required, and defaults since to 7 days ago', async () => {
      const { key: pro } = await newKey('pro');
      const refused = await get('/changes', pro);
      expect(refused.status).toBe(403);
      expect(await json<ErrorBody>(refused)).toMatchObject({ code: 'plan_required', requiredPlan: 'scale' });
      const { key: scale } = await newKey('scale');
      const body = await json<Feed>(await get('/changes?limit=1', scale));
      expect(Math.abs(Date.parse(body.since) - (Date.now() - 7 * 86_400_000))).toBeLessThan(60_000);
      expect(body.quota).toMatchObject({ used: 0, burst: { remaining: 1199 } }); // free, but counted toward the burst
    });
  });
});

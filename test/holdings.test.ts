import { sampleFunds } from '../samples/library';
import type { ErrorBody } from '../src/schema/errors';
import { HoldingsResponse } from '../src/schema/holdings';
import type { z } from '../src/schema/zod';
import { eptFile, get, json, newKey, uniqueIsin, usedOf, writeLibraryFund } from './helpers';

describe('GET /funds/{isin}/holdings', () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await newKey('pro'));
  });

  it.each(['ishares-csv', 'plain-csv', 'xlsx', 'tpt-json'] as const)(
    'returns every line a %s holdings file discloses, with its as-of date and coverage',
    async (format) => {
      const fund = sampleFunds().find((f) => f.holdingsFormat === format)!;
      const res = await get(`/funds/${fund.isin}/holdings`, key);
      expect(res.status).toBe(200);
      const body = HoldingsResponse.parse(await json(res));
      // A plain CSV states no date: the as-of date stays null rather than a guess.
      const asOf: unknown = format === 'plain-csv' ? null : expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/);
      expect(body).toMatchObject({ isin: fund.isin, source: 'holdings', count: fund.holdings.length, asOf });
      expect(body.holdings.map((h) => h.name)).toEqual(fund.holdings.map((h) => h.name));
      expect(body.holdings.map((h) => h.weight)).toEqual(
        fund.holdings.map((h): unknown => expect.closeTo(h.weight, 2)),
      );
      expect(body.coverage).toBeCloseTo(
        Math.min(
          100,
          fund.holdings.reduce((s, h) => s + h.weight, 0),
        ),
        1,
      );
      expect(body.holdings.length).toBeGreaterThan(10); // not only the top 10 of the payload
      if (format === 'tpt-json') expect(body.holdings[0].issuer).toBeTruthy();
      else
        expect(body.holdings[0]).toMatchObject({ country: fund.holdings[0].country, sector: fund.holdings[0].sector });
    },
  );

  it('answers source none when no document discloses holdings, and costs 1 credit', async () => {
    const isin = uniqueIsin();
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Holdings-Free Fund') });
    const before = await usedOf(key);
    const body = await json<z.infer<typeof HoldingsResponse>>(await get(`/funds/${isin}/holdings`, key));
    expect(body).toMatchObject({ source: 'none', count: 0, coverage: 0, holdings: [], asOf: null });
    expect(body.quota.used).toBe(before + 1);
  });

  it('answers 400 for a bad ISIN (free), 404 fund_not_found for an unknown one', async () => {
    const before = await usedOf(key);
    expect((await get('/funds/US0378331006/holdings', key)).status).toBe(400);
    expect(await usedOf(key)).toBe(before);
    const missing = await get(`/funds/${uniqueIsin()}/holdings`, key);
    expect(missing.status).toBe(404);
    expect(await json<ErrorBody>(missing)).toMatchObject({ code: 'fund_not_found' });
  });
});

import { sampleFunds } from '../samples/library';
import { FundData, FundEnvelope } from '../src/schema/fund';
import type { z } from '../src/schema/zod';
import { API, get, json, newKey } from './helpers';

/** Every sample fund through the real path: API -> Temporal -> documents -> Postgres/ClickHouse -> API. */
describe('GET /funds/{isin} on the sample library', () => {
  it('returns complete FundData for every sample fund, partial (never invented) where documents are missing', async () => {
    const { key } = await newKey('enterprise');
    const funds = sampleFunds();
    const bodies: Record<string, z.infer<typeof FundEnvelope>> = {};
    for (let i = 0; i < funds.length; i += 5) {
      await Promise.all(
        funds.slice(i, i + 5).map(async (f) => {
          const res = await get(`/funds/${f.isin}`, key);
          expect(res.status).toBe(200);
          bodies[f.isin] = await json<z.infer<typeof FundEnvelope>>(res);
        }),
      );
    }
    for (const fund of funds) {
      const body = bodies[fund.isin];
      expect(() => FundEnvelope.parse(body)).not.toThrow();
      const d: FundData = body.data;
      expect(body.name).toBe(fund.name);
      expect(d.profile.rules).toMatch(/^profile-rules\//);
      expect(d.keyFacts.subAsset).toBe(d.profile.category);
      if (fund.hasFactsheet && fund.hasNav && fund.keyDocument === 'kid') {
        // Everything the contract asks for is there when the documents are.
        expect(d.keyFacts).toMatchObject({
          assetClass: fund.assetClass,
          currency: fund.currency,
          inception: fund.inception,
          distribution: fund.distribution,
          manager: fund.manager,
        });
        expect(d.keyFacts.aum).toMatch(/million/);
        expect(d.riskRating).toBe(fund.sri);
        expect(d.investmentObjective).toContain('sample fund');
        expect(d.costs.riy1y).toMatch(/%$/);
        expect(d.calendarReturns.years.length).toBeGreaterThan(0);
        expect(d.annualisedReturns.length).toBe(5);
        expect(d.headlineMetrics.ter).toMatch(/%$/);
        expect(d.metrics.volatility3y).toMatch(/%$/);
        expect(d.structure).not.toBe('');
        expect(d.profile.category).not.toBe('');
      }
      if (!fund.hasNav) expect(d.cumulativePerformance).toEqual([]);
      if (!fund.hasFactsheet) expect(d.keyFacts.aum).toBe('');
    }
    // The methodology page states the rule set these payloads carry.
    const page = await (await fetch(API.replace('/api/v1', '/docs/methodology'))).text();
    expect(page).toContain(bodies[funds[0].isin].data.profile.rules);
  }, 300_000);
});

import { OverlapResponse, PortfolioResponse } from '../src/schema/portfolio';
import type { z } from '../src/schema/zod';
import { API, eptFile, get, json, newKey, post, setUsed, uniqueIsin, usedOf, writeLibraryFund } from './helpers';

type Line = [name: string, isin: string, weight: number, country: string, currency: string];

/** A fund whose documents are an EPT row (costs, SRI) and a full holdings file. */
async function fundWith(name: string, lines: Line[], options: { sri?: number; ter?: string } = {}): Promise<string> {
  const isin = uniqueIsin();
  const holdings = [
    'Fund Holdings as of,"Oct 31, 2026"',
    '',
    'Name,ISIN,Weight (%),Sector,Location,Currency,Asset Class',
    ...lines.map(([n, i, w, c, cur]) => `"${n}",${i},${w},Technology,${c},${cur},Equity`),
  ].join('\n');
  await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, name, options.sri ?? 4), 'holdings.csv': holdings });
  return isin;
}

// Two funds sharing Apple (by ISIN), Nestlé (by name: one side has no ISIN) and nothing else.
const APPLE = 'US0378331005';
const NESTLE = 'CH0038863350';
const FUND_A: Line[] = [
  ['Apple Inc', APPLE, 40, 'United States', 'USD'],
  ['Nestlé S.A.', NESTLE, 30, 'Switzerland', 'CHF'],
  ['Toyota Motor Corp', 'JP3633400001', 30, 'Japan', 'JPY'],
];
const FUND_B: Line[] = [
  ['APPLE INC', APPLE, 10, 'United States', 'USD'],
  ['NESTLE SA-REG', '-', 50, 'Switzerland', 'CHF'],
  ['SAP SE', 'DE0007164600', 40, 'Germany', 'EUR'],
];

describe('POST /portfolio and GET /overlap, against funds with known holdings', () => {
  let key: string;
  let a: string;
  let b: string;
  beforeAll(async () => {
    ({ key } = await newKey('scale'));
    a = await fundWith('Sample Lookthrough A', FUND_A, { sri: 6 });
    b = await fundWith('Sample Lookthrough B', FUND_B, { sri: 2 });
  });

  it('looks a portfolio through to the holdings: normalised weights, coverage, look-through geography, aggregated top holdings, weighted risk', async () => {
    const before = await usedOf(key);
    const res = await post('/portfolio', key, {
      positions: [
        { isin: a, weight: 3000 },
        { isin: 'nope', weight: 2000 },
        { isin: b, weight: 5000 },
      ],
    });
    expect(res.status).toBe(200);
    const body = PortfolioResponse.parse(await json(res));
    expect(body.positions.map((p) => [p.isin, p.weight, p.covered, p.riskRating])).toEqual([
      [a, 30, true, 6],
      [b, 50, true, 2],
    ]);
    expect(body.invalid).toEqual(['nope']);
    expect(body.coverage).toBe(80);
    // Risk: (30×6 + 50×2) / 80 = 3.5 → band of 4: medium.
    expect(body.risk).toEqual({ weightedSrri: 3.5, band: 'medium', coverage: 80 });
    // Both EPT rows state 0.25% ongoing costs.
    expect(body.fees).toEqual({ weightedTer: 0.25, coverage: 80, annualCostPer10k: 25 });
    // Geography from the holdings' countries, rescaled to the covered 80: Switzerland (30×30 + 50×50)/80 = 42.5.
    expect(body.geographyLookThrough).toBe(80);
    expect(body.geography.coverage).toBe(80);
    expect(body.geography.items).toEqual([
      { label: 'Switzerland', weight: 42.5 },
      { label: 'Germany', weight: 25 },
      { label: 'United States', weight: 21.25 },
      { label: 'Japan', weight: 11.25 },
    ]);
    expect(body.currency.items[0]).toEqual({ label: 'CHF', weight: 42.5 });
    // Nestlé matched across the two funds by name, Apple by ISIN.
    expect(body.topHoldings.items.slice(0, 2)).toEqual([
      { label: expect.stringMatching(/nestl/i) as unknown, weight: 42.5 },
      { label: 'SAP SE', weight: 25 },
    ]);
    expect(body.topHoldings.items.find((i) => /apple/i.test(i.label))).toEqual({
      label: expect.stringMatching(/apple/i) as unknown,
      weight: 21.25,
    });
    expect(body.topHoldings.note).toMatch(/Full holdings known for 80% of the portfolio/);
    expect(body.quota.used).toBe(before + 2);
  });

  it('computes the overlap through the full holdings, matching on ISIN or issuer name', async () => {
    const unknown = uniqueIsin();
    const before = await usedOf(key);
    const res = await get(`/overlap?isins=${a},${b},${unknown}`, key);
    expect(res.status).toBe(200);
    const body = OverlapResponse.parse(await json(res));
    expect(body.funds.map((f) => [f.isin, f.holdings, f.disclosure])).toEqual([
      [a, 3, 'full'],
      [b, 3, 'full'],
    ]);
    expect(body.notFound).toEqual([unknown]);
    expect(body.pairs).toHaveLength(1);
    // min(40, 10) Apple + min(30, 50) Nestlé = 40.
    expect(body.pairs[0]).toMatchObject({ a, b, overlap: 40, sharedCount: 2, disclosed: { a: 100, b: 100 } });
    expect(body.pairs[0].shared).toEqual([
      { label: 'Nestlé S.A.', a: 30, b: 50 },
      { label: 'Apple Inc', a: 40, b: 10 },
    ]);
    expect(body.quota.used).toBe(before + 3); // two funds and one not_found
  });

  it('answers cold funds as pending with wait false (free, not covered), and refuses whole a call the account cannot pay', async () => {
    const cold = await fundWith('Sample Lookthrough Cold', FUND_A);
    expect((await get(`/funds/${a}`, key)).status).toBe(200);
    const before = await usedOf(key);
    const body = await json<z.infer<typeof PortfolioResponse>>(
      await post('/portfolio', key, {
        positions: [
          { isin: a, weight: 1 },
          { isin: cold, weight: 1 },
        ],
        wait: false,
      }),
    );
    expect(body.pending).toEqual([cold]);
    expect(body.positions.map((p) => p.covered)).toEqual([true, false]);
    expect(body.coverage).toBe(50);
    expect(body.quota.used).toBe(before + 1);

    const { key: starter, email } = await newKey('starter');
    await fetch(`${API}/me`, { headers: { 'X-Api-Key': starter } });
    await setUsed(email, 2999); // one credit left of 1,500 + 1,500 overage
    const refused = await get(`/overlap?isins=${a},${b}`, starter);
    expect(refused.status).toBe(429);
    expect(await usedOf(starter)).toBe(2999);
  });

  describe('bad input changes nothing', () => {
    it.each([
      ['no positions', {}],
      ['an empty list', { positions: [] }],
      ['a negative weight', { positions: [{ isin: 'ZZSMPL000014', weight: -1 }] }],
      ['a weight as text', { positions: [{ isin: 'ZZSMPL000014', weight: '10' }] }],
      [
        'every weight zero',
        {
          positions: [
            { isin: 'ZZSMPL000014', weight: 0 },
            { isin: 'ZZSMPL000022', weight: 0 },
          ],
        },
      ],
      ['malformed JSON', '{"positions": ['],
    ])('POST /portfolio with %s: 400 invalid_body', async (_, body) => {
      const before = await usedOf(key);
      const res = await post('/portfolio', key, body);
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ code: 'invalid_body' });
      expect(await usedOf(key)).toBe(before);
    });

    it('POST /portfolio with no valid ISIN: 400 invalid_isin', async () => {
      expect(await json(await post('/portfolio', key, { positions: [{ isin: 'x', weight: 1 }] }))).toMatchObject({
        code: 'invalid_isin',
      });
    });

    it.each([
      ['no isins', '', 'invalid_query'],
      ['one ISIN', '?isins=ZZSMPL000014', 'invalid_isin'],
      ['the same ISIN twice', '?isins=ZZSMPL000014,zzsmpl000014', 'invalid_isin'],
      ['an invalid entry', '?isins=ZZSMPL000014,US0378331006', 'invalid_isin'],
      ['wait not a boolean', '?isins=ZZSMPL000014,ZZSMPL000022&wait=maybe', 'invalid_query'],
      ['51 ISINs', `?isins=${Array.from({ length: 51 }, () => 'ZZSMPL000014').join(',')}`, 'invalid_query'],
    ])('GET /overlap with %s: 400', async (_, query, code) => {
      const before = await usedOf(key);
      const res = await get(`/overlap${query}`, key);
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ code });
      expect(await usedOf(key)).toBe(before);
    });
  });
});

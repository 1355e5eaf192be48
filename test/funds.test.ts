import { createClickhouse } from '../src/db/clickhouse';
import { NavSeriesRepository } from '../src/db/repositories/navSeries';
import { emptyFundData } from '../src/domain/fundSkeleton';
import type { ErrorBody } from '../src/schema/errors';
import { FundEnvelope } from '../src/schema/fund';
import type { z } from '../src/schema/zod';
import { FUND_ISIN, JOB_KIND } from '../src/workflows/searchAttributes';
import {
  afterDirectWrite,
  config,
  db,
  eptFile,
  get,
  json,
  libraryReads,
  makeStale,
  navFile,
  newKey,
  runCount,
  temporalClient,
  uniqueIsin,
  usedOf,
  writeLibraryFund,
} from './helpers';

type Envelope = z.infer<typeof FundEnvelope>;

describe('GET /funds/{isin}', () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await newKey('scale'));
  });

  it('loads a cold fund through the workflow (cached: false), then serves it from the store (cached: true)', async () => {
    const isin = uniqueIsin();
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Cold Fund'), 'nav.csv': navFile() });

    const first = await get(`/funds/${isin}`, key);
    expect(first.status).toBe(200);
    const body = await json<Envelope>(first);
    expect(FundEnvelope.parse(body)).toBeTruthy();
    expect(body).toMatchObject({ isin, name: 'Sample Cold Fund', cached: false, plan: 'scale' });
    expect(body.data.riskRating).toBe(3);
    expect(body.data.dataAsOf).toBe('2026-09-30');
    expect(body.data.sources.riskRating).toMatchObject({ kind: 'ept', origin: `library:${isin}/ept.csv` });
    expect(Date.parse(body.expiresAt) - Date.parse(body.generatedAt)).toBe(24 * 3600 * 1000);

    const second = await json<Envelope>(await get(`/funds/${isin.toLowerCase()}`, key));
    expect(second).toMatchObject({ isin, cached: true, generatedAt: body.generatedAt });
    expect(second.quota.used).toBe(body.quota.used + 1);

    expect(await libraryReads(isin)).toBe(1);
  });

  it('writes the NAV series to ClickHouse', async () => {
    const isin = uniqueIsin();
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Series Fund'), 'nav.csv': navFile(20) });
    expect((await get(`/funds/${isin}`, key)).status).toBe(200);
    const ch = createClickhouse(config);
    try {
      const points = await new NavSeriesRepository(ch).read(isin, 'fund');
      expect(points).toHaveLength(20);
      expect(points[0]).toEqual({ date: '2026-09-01', value: 100 });
    } finally {
      await ch.close();
    }
  });

  it('answers 400 invalid_isin for a bad format or check digit, and charges nothing', async () => {
    const before = await usedOf(key);
    for (const bad of ['US0378331006', 'NOTANISIN', 'US03783310055', '%27%3B--']) {
      const res = await get(`/funds/${bad}`, key);
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ code: 'invalid_isin' });
    }
    expect(await usedOf(key)).toBe(before);
  });

  it('answers 404 fund_not_found with the empty skeleton when no source knows the ISIN, and counts the call', async () => {
    const before = await usedOf(key);
    const res = await get('/funds/US0378331005', key);
    expect(res.status).toBe(404);
    const body = await json<ErrorBody>(res);
    expect(body.code).toBe('fund_not_found');
    expect(body.data).toEqual(emptyFundData());
    expect(await usedOf(key)).toBe(before + 1);
  });

  it('answers 502 upstream_error when the load fails and nothing is stored, and counts the call', async () => {
    const isin = uniqueIsin();
    await writeLibraryFund(isin, { 'nav.csv': 'this,is,not\na,nav,file\n' });
    const before = await usedOf(key);
    const res = await get(`/funds/${isin}`, key);
    expect(res.status).toBe(502);
    expect(await json(res)).toMatchObject({ code: 'upstream_error' });
    expect(await usedOf(key)).toBe(before + 1);
  });

  it('builds the fund from its readable documents when one cannot be read, and names the one it left out', async () => {
    const isin = uniqueIsin();
    const unreadable = 'Fondsposition per 31.10.2026\n;;\nnothing;to;read\n';
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Skipping Fund', 5), 'holdings.csv': unreadable });
    const res = await get(`/funds/${isin}`, key);
    expect(res.status).toBe(200);
    const body = FundEnvelope.parse(await json(res));
    expect(body.name).toBe('Sample Skipping Fund');
    expect(body.data.riskRating).toBe(5);
    const skipped = Object.entries(body.data.sources).filter(([path]) => path.startsWith('skipped.'));
    expect(skipped).toHaveLength(1);
    expect(skipped[0][1]).toMatchObject({
      kind: 'holdings',
      origin: expect.stringContaining('holdings.csv') as unknown,
    });
    expect(skipped[0][1].skipped).toMatch(/\S/);
  });

  it('serves a stale payload with X-Stale: 1 when its refresh fails', async () => {
    const isin = uniqueIsin();
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Stale Fund'), 'nav.csv': navFile() });
    const fresh = await json<Envelope>(await get(`/funds/${isin}`, key));
    await db().query("UPDATE funds SET expires_at = now() - interval '1 hour' WHERE isin = $1", [isin]);
    await afterDirectWrite();
    // Every document of the fund unreadable now: one alone would be skipped and the fund built from the rest.
    await writeLibraryFund(isin, { 'ept.csv': 'garbage', 'nav.csv': 'garbage' });

    const res = await get(`/funds/${isin}`, key);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-stale')).toBe('1');
    expect(await json(res)).toMatchObject({ isin, cached: true, generatedAt: fresh.generatedAt });
  });

  it('refreshes a stale payload when the source is readable (cached: false, new generatedAt)', async () => {
    const isin = uniqueIsin();
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Refresh Fund'), 'nav.csv': navFile() });
    const first = await json<Envelope>(await get(`/funds/${isin}`, key));
    await makeStale(isin);
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Refresh Fund (renamed)') });
    const res = await get(`/funds/${isin}`, key);
    expect(res.headers.get('x-stale')).toBeNull();
    const second = await json<Envelope>(res);
    expect(second).toMatchObject({ cached: false, name: 'Sample Refresh Fund (renamed)' });
    expect(Date.parse(second.generatedAt)).toBeGreaterThan(Date.parse(first.generatedAt));
  });

  it('gives 100 concurrent requests for one cold ISIN exactly one workflow run and one read of the source', async () => {
    const isin = uniqueIsin();
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Single Flight Fund'), 'nav.csv': navFile() });
    const responses = await Promise.all(Array.from({ length: 100 }, () => get(`/funds/${isin}`, key)));
    const bodies = await Promise.all(responses.map((r) => json<Envelope>(r)));
    expect(responses.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(await loadCounts(isin, bodies)).toEqual({ runs: 1, sourceReads: 1, payloads: 1 });
  });

  it('gives requests arriving all through a cold load, and just after it, that one run (a miss is not remembered)', async () => {
    // Arrivals 3 ms apart span the load and the moment it closes; three funds, since the window is narrow.
    for (let round = 0; round < 3; round++) {
      const isin = uniqueIsin();
      await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Staggered Fund'), 'nav.csv': navFile() });
      const pending = [];
      for (let i = 0; i < 150; i++) {
        pending.push(get(`/funds/${isin}`, key));
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      const responses = await Promise.all(pending);
      expect(responses.map((r) => r.status)).toEqual(Array(150).fill(200));
      expect(await loadCounts(isin, await Promise.all(responses.map((r) => json<Envelope>(r))))).toEqual({
        runs: 1,
        sourceReads: 1,
        payloads: 1,
      });
    }
  });

  it('labels the load with search attributes an operator can filter on', async () => {
    const isin = uniqueIsin();
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Visible Fund') });
    expect((await get(`/funds/${isin}`, key)).status).toBe(200);
    const client = await temporalClient();
    const description = await client.workflow.getHandle(`fund-load/${isin}`).describe();
    expect(description.typedSearchAttributes.get(FUND_ISIN)).toBe(isin);
    expect(description.typedSearchAttributes.get(JOB_KIND)).toBe('fund-load');
    expect(description.status.name).toBe('COMPLETED');
  });
});

/**
 * How many load runs, reads of the library's EPT file and distinct payloads the requests for one ISIN caused: all three
 * at once, so a failure shows which happened twice.
 */
async function loadCounts(isin: string, bodies: { generatedAt: string }[]) {
  return {
    runs: await runCount(`WorkflowId = 'fund-load/${isin}'`),
    sourceReads: await libraryReads(isin),
    payloads: new Set(bodies.map((b) => b.generatedAt)).size,
  };
}

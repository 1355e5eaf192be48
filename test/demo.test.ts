import type { ErrorBody } from '../src/schema/errors';
import type { DemoEnvelope, FundEnvelope } from '../src/schema/fund';
import type { z } from '../src/schema/zod';
import { awayFromMinuteEdge, eptFile, get, json, newKey, uniqueIsin, writeLibraryFund } from './helpers';

/**
 * The demo calls of this test come from an address of its own (the test stack trusts its proxy's X-Forwarded-For):
 * other suites calling the demo endpoint from 127.0.0.1 in the same minute (the HTTP-hygiene walk, the fuzzer)
 * share nothing with it.
 */
const CLIENT = { 'X-Forwarded-For': `192.0.2.${100 + (process.pid % 100)}` };
const demo = (isin: string) => get(`/demo/funds/${isin}`, undefined, CLIENT);

describe('GET /demo/funds/{isin} (spec 4.14)', () => {
  it('serves stored funds without a key, never loads, and limits each client IP to 30 a minute', async () => {
    const stored = uniqueIsin();
    const cold = uniqueIsin();
    await writeLibraryFund(stored, { 'ept.csv': eptFile(stored, 'Sample Demo Fund') });
    await writeLibraryFund(cold, { 'ept.csv': eptFile(cold, 'Sample Never Loaded Fund') });
    const { key } = await newKey('pro');
    expect((await get(`/funds/${stored}`, key)).status).toBe(200);

    await awayFromMinuteEdge(25);
    const ok = await demo(stored.toLowerCase());
    expect(ok.status).toBe(200);
    const body = await json<z.infer<typeof DemoEnvelope>>(ok);
    expect(body).toMatchObject({ isin: stored, name: 'Sample Demo Fund', demo: true, cached: true });
    expect(body).not.toHaveProperty('plan');
    expect(body).not.toHaveProperty('quota');

    const notCached = await demo(cold);
    expect(notCached.status).toBe(404);
    expect((await json<ErrorBody>(notCached)).code).toBe('not_cached');
    expect((await json<ErrorBody>(await demo('NOTANISIN'))).code).toBe('invalid_isin');

    // An ISIN a load found no data for is remembered: the demo says fund_not_found, not not_cached.
    const unknown = uniqueIsin();
    expect((await get(`/funds/${unknown}`, key)).status).toBe(404);
    const notFound = await demo(unknown);
    expect(notFound.status).toBe(404);
    expect(await json<ErrorBody>(notFound)).toMatchObject({
      code: 'fund_not_found',
      data: { keyFacts: { assetClass: '' } },
    });

    // Fill what is left of this minute's 30, then three more: exactly those three are refused.
    const left = Number((await demo(stored)).headers.get('x-burst-remaining'));
    expect(left).toBe(25); // this test is the only demo client (ok, not_cached, invalid, not_found, this one)
    const rest = await Promise.all(Array.from({ length: left + 3 }, () => demo(stored)));
    expect(rest.filter((r) => r.status === 200)).toHaveLength(left);
    const refused = rest.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    const refusal = await json<ErrorBody>(refused[0]);
    expect(refusal).toMatchObject({ code: 'rate_limited', reason: 'burst' });
    expect(refused[0].headers.get('retry-after')).toBe(String(refusal.retryAfter));

    // Still never loaded: the demo endpoint does not start workflows.
    expect((await get(`/funds/${cold}`, key)).status).toBe(200);
    expect((await json<z.infer<typeof FundEnvelope>>(await get(`/funds/${cold}`, key))).cached).toBe(true);
  });
});

/**
 * SCPI against the real stack and the sample library (samples/scpi.ts): GET /scpi/{idOrIsin} by slug,
 * ISIN and name, the single-flight `scpi-load/<slug>` workflow, credits, freshness, GET /scpi search over
 * the whole universe, and refreshes that write change rows.
 */
import { sampleScpis } from '../samples/scpi';
import type { WebhookEvent } from '../src/domain/webhooks';
import type { ChangeFeedResponse } from '../src/schema/changes';
import type { ScpiEnvelope, ScpiSearchResponse } from '../src/schema/scpi';
import type { z } from '../src/schema/zod';
import {
  API,
  db,
  get,
  json,
  newKey,
  post,
  runCount,
  runUniverseRefresh,
  usedOf,
  withUniverseRefreshLock,
} from './helpers';
import { receiver } from './receiver';

const scpis = sampleScpis();
const byIsin = scpis.find((s) => s.isin !== null)!;
const disagreeing = scpis.find((s) => s.disagreement !== null)!;

describe('GET /scpi/{idOrIsin}', () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await newKey('enterprise'));
  });

  it('loads a cold SCPI by slug through one workflow run, and serves it warm after (1 credit each)', async () => {
    const s = scpis[0];
    await db().query('DELETE FROM scpi WHERE slug = $1', [s.slug]);
    const before = await usedOf(key);
    const cold = await json<ScpiEnvelope>(await get(`/scpi/${s.slug}`, key));
    expect(cold).toMatchObject({ id: s.slug, isin: s.isin, name: s.name, cached: false });
    expect(Date.parse(cold.expiresAt) - Date.parse(cold.generatedAt)).toBe(24 * 3600 * 1000);
    expect(cold.data.keyFacts).toMatchObject({
      name: s.name,
      managementCompany: s.managementCompany,
      category: s.category,
      capitalType: s.capitalType,
    });
    expect(cold.data.keyFacts.sharePriceEur).toBe(s.expected.keyFacts.sharePriceEur);
    const warm = await json<ScpiEnvelope>(await get(`/scpi/${s.slug}`, key));
    expect(warm).toMatchObject({ id: s.slug, cached: true, generatedAt: cold.generatedAt });
    expect(await usedOf(key)).toBe(before + 2);
  });

  it('finds an SCPI by ISIN and by URL-encoded name, accent- and case-insensitive', async () => {
    expect((await json<ScpiEnvelope>(await get(`/scpi/${byIsin.isin}`, key))).id).toBe(byIsin.slug);
    expect((await json<ScpiEnvelope>(await get(`/scpi/${byIsin.isin!.toLowerCase()}`, key))).id).toBe(byIsin.slug);
    const accented = scpis.find((s) => /[À-ÿ]/.test(s.name)) ?? scpis[1];
    const plain = accented.name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
    expect((await json<ScpiEnvelope>(await get(`/scpi/${encodeURIComponent(accented.name)}`, key))).id).toBe(
      accented.slug,
    );
    expect((await json<ScpiEnvelope>(await get(`/scpi/${encodeURIComponent(plain)}`, key))).id).toBe(accented.slug);
  });

  it('quotes the newer document where a bulletin disagrees with the DIC, and says which', async () => {
    const body = await json<ScpiEnvelope>(await get(`/scpi/${disagreeing.slug}`, key));
    const d = disagreeing.disagreement!;
    const value = d.field
      .split('.')
      .reduce((node: Record<string, unknown>, k) => node[k] as Record<string, unknown>, body.data) as unknown;
    expect(value).toBe(d.newer.value);
    expect(body.data.sources[d.field].origin).toBe(`library:scpi/${disagreeing.slug}/${d.newer.file}`);
  });

  it('answers 404 (JSON) for an unknown SCPI and 400 for a bad id, the 400 free', async () => {
    const unknown = await get(`/scpi/${encodeURIComponent('SCPI Qui N Existe Pas')}`, key);
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ code: 'not_found' });
    const before = await usedOf(key);
    const bad = await get(`/scpi/${encodeURIComponent('x')}`, key);
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ code: 'invalid_query' });
    expect(await usedOf(key)).toBe(before);
  });

  it('runs one load for 100 concurrent requests of a cold SCPI (single flight), each answered and charged', async () => {
    const s = scpis[2];
    await db().query('DELETE FROM scpi WHERE slug = $1', [s.slug]);
    const since = new Date();
    const before = await usedOf(key);
    const answers = await Promise.all(Array.from({ length: 100 }, () => get(`/scpi/${s.slug}`, key)));
    expect(answers.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(await runCount(`WorkflowId = 'scpi-load/${s.slug}' AND StartTime >= '${since.toISOString()}'`)).toBe(1);
    expect(await usedOf(key)).toBe(before + 100);
  });
});

describe('GET /scpi (search)', () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await newKey('starter'));
  });

  it('searches every SCPI of the library, loaded or not, accent-insensitive, free', async () => {
    const before = await usedOf(key);
    const body = await json<ScpiSearchResponse>(await get('/scpi?q=epargne', key));
    expect(body.results.map((r) => r.id)).toContain('sample-epargne-horizon');
    const all = await json<ScpiSearchResponse>(await get('/scpi?q=sample&limit=50', key));
    expect(all.count).toBe(scpis.length);
    expect(all.results[0]).toEqual(
      expect.objectContaining<Record<string, unknown>>({
        id: expect.any(String),
        name: expect.any(String),
        loaded: expect.any(Boolean),
        url: expect.stringMatching(/^\/api\/v1\/scpi\//),
      }),
    );
    expect(await usedOf(key)).toBe(before);
  });

  it('finds by management company and by ISIN prefix', async () => {
    const byCompany = await json<ScpiSearchResponse>(
      await get(`/scpi?q=${encodeURIComponent(byIsin.managementCompany)}&limit=50`, key),
    );
    expect(byCompany.results.map((r) => r.id)).toContain(byIsin.slug);
    const prefix = await json<ScpiSearchResponse>(await get(`/scpi?q=${byIsin.isin!.slice(0, 8)}&limit=50`, key));
    expect(prefix.results.map((r) => r.id)).toContain(byIsin.slug);
  });

  it.each([
    ['q missing', '/scpi'],
    ['q too short', '/scpi?q=e'],
    ['limit 0', '/scpi?q=sample&limit=0'],
    ['limit 51', '/scpi?q=sample&limit=51'],
  ])('refuses %s with 400 invalid_query', async (_, path) => {
    const res = await get(path, key);
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ code: 'invalid_query' });
  });
});

describe('SCPI refresh', () => {
  it('takes part in the universe refresh, writes change rows for the tracked figures and fires webhooks on them', async () => {
    const { key } = await newKey('enterprise');
    const s = scpis.find((x) => x.isin !== null && x.expected.keyFacts.sharePriceEur !== null)!;
    await json(await get(`/scpi/${s.slug}`, key));
    const hook = await receiver(() => 200);
    try {
      expect((await post('/webhooks', key, { url: hook.url, events: ['fund.changed'], isins: [s.isin] })).status).toBe(
        201,
      );
      // The stored payload had an older price: the refresh reads the documents again and records the change.
      const start = new Date().toISOString();
      await withUniverseRefreshLock(async () => {
        await db().query(
          `UPDATE scpi SET payload = jsonb_set(payload, '{keyFacts,sharePriceEur}', '1.5'::jsonb), generated_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE slug = $1`,
          [s.slug],
        );
        await runUniverseRefresh({ pagesPerRun: 20 });
      });
      const body = await json<ScpiEnvelope>(await get(`/scpi/${s.slug}`, key));
      expect(body.data.keyFacts.sharePriceEur).toBe(s.expected.keyFacts.sharePriceEur);
      const feed = await json<z.infer<typeof ChangeFeedResponse>>(
        await get(`/changes?isins=${s.isin}&since=${encodeURIComponent(start)}`, key),
      );
      expect(feed.changes.map((c) => [c.event, c.field, c.old, c.new])).toContainEqual([
        'fund.changed',
        'scpi.keyFacts.sharePriceEur',
        '1.5',
        String(s.expected.keyFacts.sharePriceEur),
      ]);
      const deadline = Date.now() + 30_000;
      while (hook.hits.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const event = JSON.parse(hook.hits[0].body) as WebhookEvent;
      expect(event).toMatchObject({ event: 'fund.changed', isin: s.isin });
      expect(event.changes).toContainEqual({
        field: 'scpi.keyFacts.sharePriceEur',
        old: '1.5',
        new: String(s.expected.keyFacts.sharePriceEur),
      });
      expect(String(event.url)).toMatch(new RegExp(`/api/v1/scpi/${s.isin}$`));
    } finally {
      await hook.close();
    }
  });
});

describe('SCPI methodology', () => {
  it('states the ASPIM definitions the figures follow', async () => {
    const page = await (await fetch(API.replace('/api/v1', '/docs/methodology'))).text();
    for (const term of [
      'Taux de distribution',
      'TOF',
      'TOP',
      'Valeur de réalisation',
      'Valeur de reconstitution',
      'Taux de rentabilité interne',
      'Performance globale annuelle',
    ])
      expect(page).toContain(term);
  });
});

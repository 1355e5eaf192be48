import { API, get, json } from './helpers';

/** The parts of the OpenAPI document this test reads. */
interface OpenApiDocument {
  openapi: string;
  info: { version: string };
  paths: Record<string, unknown>;
  components: { schemas: Record<string, { required: string[]; properties: Record<string, unknown> }> };
}

describe('OpenAPI document and reference page', () => {
  it('serves an OpenAPI 3.1 document generated from the schemas, without a key', async () => {
    const res = await get('/openapi.json');
    expect(res.status).toBe(200);
    const doc = await json<OpenApiDocument>(res);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2026-09-09');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/funds/{isin}', '/me', '/demo/funds/{isin}']));
    const fundData = doc.components.schemas.FundData;
    expect(fundData.required).toEqual(
      expect.arrayContaining(['keyFacts', 'profile', 'costs', 'dataAsOf', 'calendarReturns']),
    );
    expect(doc.components.schemas.Quota.properties.burst).toBeTruthy();
  });

  it('serves a readable reference page at /docs', async () => {
    const page = await fetch(API.replace('/api/v1', '/docs'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('/api/v1/openapi.json');
    const script = await fetch(API.replace('/api/v1', '/docs/redoc.standalone.js'));
    expect(script.status).toBe(200);
  });
});

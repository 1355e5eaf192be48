/** The issuer fakes answer as issuers.md says the real document servers do (no stack needed). */
import { request } from 'node:http';

import { parseHostMap } from '../src/sources/issuers/http';
import {
  type FakeDocument,
  type FakeManager,
  type FakeManagerName,
  hostMapOf,
  startFakeManager,
  startIssuerFakes,
} from './fixtures/issuerFakes';

const pdfBody = (text: string): Buffer => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

const VANGUARD_ISIN = 'IE00BK5BQT80';
const DWS_ISIN = 'IE00BJ0KDQ92';
const BLACKROCK_ISIN = 'IE00B53HP851';
const SSGA_ISIN = 'IE00BFY0GT14';

const documents: Record<FakeManagerName, FakeDocument[]> = {
  vanguard: [{ isin: VANGUARD_ISIN, lang: 'en', body: pdfBody('vanguard en') }],
  dws: [
    { isin: DWS_ISIN, lang: 'en', body: pdfBody('dws en'), lastModified: new Date('2026-02-16T00:00:00Z') },
    { isin: DWS_ISIN, lang: 'de', body: pdfBody('dws de') },
  ],
  blackrock: [
    {
      isin: BLACKROCK_ISIN,
      lang: 'en',
      body: pdfBody('blackrock en'),
      slug: 'ishares-core-ftse-100-ucits-etf-gbp-acc',
    },
  ],
  ssga: [
    { isin: SSGA_ISIN, lang: 'en', body: pdfBody('ssga en'), slug: 'spdr-msci-world-ucits-etf', ticker: 'swrd-gy' },
  ],
};

let fakes: Record<FakeManagerName, FakeManager>;
const url = (name: FakeManagerName, path: string): string => `http://${fakes[name].address}${path}`;
const get = (name: FakeManagerName, path: string, init?: RequestInit): Promise<Response> =>
  fetch(url(name, path), { redirect: 'manual', ...init });
const bytesOf = async (res: Response): Promise<Buffer> => Buffer.from(await res.arrayBuffer());

/** A request through node:http, which (unlike fetch) sends no User-Agent unless told. */
function rawGet(fake: FakeManager, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: fake.port, path, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  fakes = await startIssuerFakes(documents);
});

afterAll(async () => {
  await Promise.all(Object.values(fakes).map((f) => f.stop()));
});

describe('every fake', () => {
  it('gives a host map the service accepts', () => {
    const map = parseHostMap(hostMapOf(Object.values(fakes)));
    expect(map.get('fund-docs.vanguard.com')).toBe(fakes.vanguard.address);
    expect(map.get('download.dws.com')).toBe(fakes.dws.address);
    expect(map.get('www.blackrock.com')).toBe(fakes.blackrock.address);
    expect(map.get('www.ssga.com')).toBe(fakes.ssga.address);
  });

  it('serves robots.txt as configured, and 503 to everything in error mode', async () => {
    const robots = await get('blackrock', '/robots.txt');
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toBe('User-agent: *\nAllow: /\n');
    fakes.blackrock.robotsTxt = null;
    expect((await get('blackrock', '/robots.txt')).status).toBe(404);
    fakes.blackrock.robotsTxt = 'User-agent: *\nAllow: /\n';
    expect((await get('blackrock', '/no/such/path')).status).toBe(404);

    fakes.vanguard.mode = 'error';
    const down = await get('vanguard', '/robots.txt');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('1');
    expect((await get('vanguard', `/${VANGUARD_ISIN.toLowerCase()}_priipskid_en.pdf`)).status).toBe(503);
    fakes.vanguard.mode = 'ok';
    expect(fakes.vanguard.requests.slice(-2).map((r) => r.status)).toEqual([503, 503]);
  });

  it('stops: later requests are refused', async () => {
    const fake = await startFakeManager('vanguard', { documents: documents.vanguard });
    expect((await fetch(`http://${fake.address}/robots.txt`)).status).toBe(200);
    await fake.stop();
    await expect(fetch(`http://${fake.address}/robots.txt`)).rejects.toThrow();
  });
});

describe('vanguard', () => {
  const path = `/${VANGUARD_ISIN.toLowerCase()}_priipskid_en.pdf`;

  it('serves the lower-case ISIN, with validators honoured', async () => {
    const before = fakes.vanguard.documentBytesServed();
    const res = await get('vanguard', path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await bytesOf(res)).toEqual(documents.vanguard[0].body);
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(fakes.vanguard.documentBytesServed() - before).toBe(documents.vanguard[0].body.length);

    const again = await get('vanguard', path, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const since = res.headers.get('last-modified') ?? '';
    expect((await get('vanguard', path, { headers: { 'If-Modified-Since': since } })).status).toBe(304);
    const last = fakes.vanguard.requests[fakes.vanguard.requests.length - 1];
    expect(last).toMatchObject({ method: 'GET', path, status: 304, bytes: 0 });
    expect(fakes.vanguard.documentBytesServed() - before).toBe(documents.vanguard[0].body.length);
  });

  it.each([
    `/${VANGUARD_ISIN}_priipskid_en.pdf`,
    `/${VANGUARD_ISIN.toLowerCase()}_priipskid_fr.pdf`,
    '/ie00b945vn12_priipskid_en.pdf',
    '/anything',
  ])('answers 403 with an XML body to %s', async (p) => {
    const res = await get('vanguard', p);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('application/xml');
    expect(await res.text()).toContain('<Code>AccessDenied</Code>');
  });
});

describe('dws', () => {
  const listing = `/download/asset/product/${DWS_ISIN}/PRIIPS%20KID/EN/`;
  const englishGuid = (html: string): string =>
    /href="\/download\/asset\/([0-9a-f-]{36})">[^<]*_en_[^<]*\.pdf/.exec(html)?.[1] ?? '';

  it('lists the Baltic versions before the English one, each its own PDF', async () => {
    const res = await get('dws', listing);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    const items = [
      ...html.matchAll(/<li>([A-Z]{2}): <a href="\/download\/asset\/([0-9a-f-]{36})">([^<]+)<\/a> \(([\d-]+)\)<\/li>/g),
    ];
    expect(items.map((m) => m[1])).toEqual(['ET', 'LT', 'LV', 'EN']);
    expect(items[3][3]).toBe(`DWS_PRIIPSKID_${DWS_ISIN}_IE_en_2026-02-16.pdf`);
    expect(items[3][4]).toBe('2026-02-16');

    const english = await get('dws', `/download/asset/${englishGuid(html)}`);
    expect(english.headers.get('content-type')).toBe('application/pdf');
    expect(await bytesOf(english)).toEqual(documents.dws[0].body);
    const estonian = await bytesOf(await get('dws', `/download/asset/${items[0][2]}`));
    expect(estonian.subarray(0, 5).toString()).toBe('%PDF-');
    expect(estonian).not.toEqual(documents.dws[0].body);
  });

  it('answers the other countries, unknown ISINs and GUIDs', async () => {
    const german = await (await get('dws', `/download/asset/product/${DWS_ISIN}/PRIIPS%20KID/AT`)).text();
    expect(german).toContain(`_de_`);
    expect(german).not.toContain(`_en_`);
    const gb = await get('dws', `/download/asset/product/${DWS_ISIN}/PRIIPS%20KID/GB/`);
    expect(gb.status).toBe(200);
    expect(await gb.text()).not.toContain('<li>');
    expect((await get('dws', '/download/asset/product/LU0000000000/PRIIPS%20KID/EN/')).status).toBe(404);
    expect((await get('dws', '/download/asset/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('answers only GET', async () => {
    expect((await get('dws', listing, { method: 'HEAD' })).status).toBe(405);
    expect((await get('dws', listing, { method: 'OPTIONS' })).status).toBe(405);
    expect((await get('dws', '/robots.txt', { method: 'POST', body: 'x' })).status).toBe(405);
  });

  it('redirects the product-documents address to the real listing', async () => {
    const res = await get('dws', `/product-documents/${DWS_ISIN}/PRIIPS%20KID/EN`);
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(`https://download.dws.com${listing}`);
  });

  it('changes the GUID when the document changes', async () => {
    const old = englishGuid(await (await get('dws', listing)).text());
    const updated = { ...documents.dws[0], body: pdfBody('dws en, new version') };
    fakes.dws.documents = [updated, documents.dws[1]];
    const guid = englishGuid(await (await get('dws', listing)).text());
    expect(guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(guid).not.toBe(old);
    expect((await get('dws', `/download/asset/${old}`)).status).toBe(404);
    expect(await bytesOf(await get('dws', `/download/asset/${guid}`))).toEqual(updated.body);
    fakes.dws.documents = documents.dws;
  });
});

describe('blackrock', () => {
  const search = (keyword: string, headers: Record<string, string>): Promise<Response> =>
    get('blackrock', '/varnish-api/library/search-documents', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: `siteId=walrus-kiid&locale=en-gb&keyword=${keyword}&rows=5&start=0`,
    });
  const origin = { Origin: 'https://www.blackrock.com' };
  const slug = 'ishares-core-ftse-100-ucits-etf-gbp-acc';

  it('searches only with the Origin header, with a sibling share class among the results', async () => {
    expect((await search(BLACKROCK_ISIN, {})).status).toBe(403);
    const res = await search(BLACKROCK_ISIN.toLowerCase(), origin);
    expect(res.status).toBe(200);
    const found = (await res.json()) as { numFound: number; searchDocuments: { dreReference: string }[] };
    expect(found.numFound).toBe(2);
    const refs = found.searchDocuments.map((d) => d.dreReference);
    expect(refs[0]).not.toContain(BLACKROCK_ISIN.toLowerCase());
    expect(refs[1]).toBe(`documents/kiid/ucits_kiid-${slug}-gb-${BLACKROCK_ISIN.toLowerCase()}-en.pdf`);
    expect(fakes.blackrock.requests[fakes.blackrock.requests.length - 1].body).toContain('keyword=');

    const none = (await (await search('IE0000000000', origin)).json()) as { numFound: number };
    expect(none).toEqual({ numFound: 0, searchDocuments: [] });
  });

  it('serves the PRIIPs KID under the eu-priips name as octet-stream, the UCITS KIID under gls-download', async () => {
    const kid = await get('blackrock', `/uk/literature/kiid/eu-priips-${slug}-${BLACKROCK_ISIN.toLowerCase()}-en.pdf`);
    expect(kid.status).toBe(200);
    expect(kid.headers.get('content-type')).toBe('application/octet-stream');
    expect(await bytesOf(kid)).toEqual(documents.blackrock[0].body);
    const ucits = `ucits_kiid-${slug}-gb-${BLACKROCK_ISIN.toLowerCase()}-en.pdf`;
    const kiid = await get('blackrock', `/gls-download/literature/kiid/${ucits}`);
    expect(kiid.headers.get('content-type')).toBe('application/pdf');
    expect((await get('blackrock', `/uk/literature/kiid/${ucits}`)).status).toBe(404);
    const spa = await get('blackrock', '/uk/individual/en/literature/kiid/anything.pdf');
    expect(spa.status).toBe(200);
    expect(spa.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('ssga', () => {
  const kids = (query: string): Promise<Response> => get('ssga', `/library-content/kids?${query}`);

  it('leads from the sitemap to a page carrying the ISIN', async () => {
    const sitemap = await (await get('ssga', '/ie/en_gb/intermediary/sitemap')).text();
    const pages = [
      ...sitemap.matchAll(/href="https:\/\/www\.ssga\.com(\/ie\/en_gb\/intermediary\/etfs\/[a-z0-9-]+)"/g),
    ];
    expect(pages.length).toBe(3);
    const isins: string[] = [];
    for (const [, path] of pages)
      isins.push(/<td>ISIN<\/td><td>([A-Z0-9]{12})</.exec(await (await get('ssga', path)).text())?.[1] ?? '');
    expect(isins).toContain(SSGA_ISIN);
    expect(pages.find((_, i) => isins[i] === SSGA_ISIN)?.[1]).toMatch(/-swrd-gy$/);
    expect((await get('ssga', '/ie/en_gb/intermediary/etfs/no-such-fund-xxx-gy')).status).toBe(404);
  });

  it('serves the KID only with the ticker, and only to a User-Agent', async () => {
    const base = `isin=${SSGA_ISIN}&documentType=kid&country=ie&language=en_gb`;
    expect((await kids(base)).status).toBe(404);
    expect((await kids(`${base}&ticker=spy5-gy`)).status).toBe(404);
    const res = await kids(`ticker=swrd-gy&${base}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await bytesOf(res)).toEqual(documents.ssga[0].body);
    expect(await rawGet(fakes.ssga, `/library-content/kids?${base}&ticker=swrd-gy`)).toBe(403);
  });
});

import path from 'node:path';

import pino from 'pino';

import {
  type FakeManager,
  type FakeManagerName,
  hostMapOf,
  startIssuerFakes,
} from '../../../test/fixtures/issuerFakes';
import type { IssuerCopy, IssuerMemory } from '../../usecases/ports/issuers';
import { IssuerRecipesConnector, IssuersUnavailableError, type LocalFindings } from './connector';
import { IssuerHttp, parseHostMap } from './http';
import { loadRecipes, parseManagerFile, type Recipe } from './recipes';

const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n${'x'.repeat(2000)}\n%%EOF\n`);
const NOTHING: LocalFindings = { kinds: new Set(), findatexText: '' };

/** The shipped recipes at full speed (no gap between requests: the fakes do not mind). */
const SHIPPED: Recipe[] = loadRecipes({
  folder: path.resolve(__dirname, '..', '..', '..', 'issuers'),
  operatorFile: null,
  enabled: 'on',
}).map((recipe) => ({
  ...recipe,
  hosts: Object.fromEntries(Object.keys(recipe.hosts).map((host) => [host, { minIntervalMs: 0 }])),
}));

class MemoryOfTest implements IssuerMemory {
  copiesByIsin = new Map<string, IssuerCopy[]>();
  missed = new Map<string, string>();
  stored = new Map<string, Buffer>();
  failures: string[] = [];
  successes: string[] = [];
  copies(isin: string) {
    return Promise.resolve(this.copiesByIsin.get(isin) ?? []);
  }
  misses(isin: string) {
    return Promise.resolve(
      new Set([...this.missed.keys()].filter((k) => k.startsWith(`${isin}/`)).map((k) => k.split('/')[1])),
    );
  }
  recordCopy(copy: IssuerCopy) {
    this.copiesByIsin.set(copy.isin, [
      ...(this.copiesByIsin.get(copy.isin) ?? []).filter((c) => c.recipe !== copy.recipe),
      copy,
    ]);
    this.missed.delete(`${copy.isin}/${copy.recipe}`);
    return Promise.resolve();
  }
  recordMiss(isin: string, recipe: string, reason: string) {
    this.missed.set(`${isin}/${recipe}`, reason);
    return Promise.resolve();
  }
  recordSuccess(recipe: string) {
    this.successes.push(recipe);
    return Promise.resolve();
  }
  recordFailure(recipe: string, _at: Date, reason: string) {
    this.failures.push(`${recipe}: ${reason}`);
    return Promise.resolve();
  }
  recordCircuit() {
    return Promise.resolve();
  }
  content(sha256: string) {
    return Promise.resolve(this.stored.get(sha256) ?? null);
  }
}

describe('IssuerRecipesConnector against fakes of the managers', () => {
  let fakes: Record<FakeManagerName, FakeManager>;
  let memory: MemoryOfTest;
  let connector: IssuerRecipesConnector;
  const connect = (recipes = SHIPPED, options: { failuresToOpen?: number } = {}) => {
    memory = new MemoryOfTest();
    const http = new IssuerHttp({
      userAgent: 'FundDataService/0.1 (+https://operator.example/contact)',
      hostMap: parseHostMap(hostMapOf(Object.values(fakes))),
      allowLoopback: true,
      timeoutMs: 5000,
      ...options,
    });
    connector = new IssuerRecipesConnector({
      recipes,
      http,
      memory,
      languages: ['en'],
      notFoundTtlMs: 3_600_000,
      log: pino({ level: 'silent' }),
    });
  };
  const requestsTo = (name: FakeManagerName) => fakes[name].requests.filter((r) => r.path !== '/robots.txt');

  beforeEach(async () => {
    fakes = await startIssuerFakes({
      vanguard: [{ isin: 'IE00B3RBWM25', lang: 'en', body: pdf('vanguard all-world') }],
      dws: [{ isin: 'LU0274208692', lang: 'en', body: pdf('xtrackers msci world') }],
      blackrock: [
        {
          isin: 'IE00B4L5Y983',
          lang: 'en',
          body: pdf('ishares core msci world'),
          slug: 'ishares-core-msci-world-ucits-etf',
        },
      ],
      ssga: [],
    });
    connect();
  });
  afterEach(async () => {
    await Promise.all(Object.values(fakes).map((fake) => fake.stop().catch(() => {})));
  });

  it('fetches a Vanguard KID in one request, at its lower-case address, with the recipe and URL as provenance', async () => {
    const [doc] = await connector.fetch('IE00B3RBWM25', NOTHING);
    expect(doc).toMatchObject({
      kind: 'kid',
      mediaType: 'application/pdf',
      recipe: 'vanguard-kid',
      origin: 'https://fund-docs.vanguard.com/ie00b3rbwm25_priipskid_en.pdf',
    });
    expect(doc.content.toString()).toContain('vanguard all-world');
    expect(requestsTo('vanguard').map((r) => r.path)).toEqual(['/ie00b3rbwm25_priipskid_en.pdf']);
    expect(fakes.vanguard.requests[0].headers['user-agent']).toBe(
      'FundDataService/0.1 (+https://operator.example/contact)',
    );
    expect(memory.successes).toEqual(['vanguard-kid']);
  });

  it('takes the English link of the DWS listing, not the Estonian, Lithuanian or Latvian listed before it', async () => {
    const [doc] = await connector.fetch('LU0274208692', NOTHING);
    expect(doc.recipe).toBe('dws-kid');
    expect(doc.content.toString()).toContain('xtrackers msci world');
    expect(doc.origin).toMatch(/^https:\/\/download\.dws\.com\/download\/asset\/[0-9a-f-]{36}$/);
    expect(requestsTo('dws').map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('finds the iShares file name through the search, keeps only this ISIN, and reads a PDF sent as octet-stream', async () => {
    const [doc] = await connector.fetch('IE00B4L5Y983', NOTHING);
    expect(doc).toMatchObject({
      recipe: 'blackrock-kid',
      origin:
        'https://www.blackrock.com/uk/literature/kiid/eu-priips-ishares-core-msci-world-ucits-etf-ie00b4l5y983-en.pdf',
    });
    const [search] = requestsTo('blackrock');
    expect(search).toMatchObject({ method: 'POST', path: '/varnish-api/library/search-documents' });
    expect(search.body).toBe('siteId=walrus-kiid&locale=en-gb&keyword=IE00B4L5Y983&rows=5&start=0');
    expect(search.headers.origin).toBe('https://www.blackrock.com');
  });

  it('answers nothing when every manager says "no such document", and remembers each miss per recipe', async () => {
    await expect(connector.fetch('IE00BK5BQT80', NOTHING)).resolves.toEqual([]);
    expect([...memory.missed.keys()].sort()).toEqual(
      ['blackrock-kid', 'blackrock-kiid', 'dws-kid', 'vanguard-kid'].map((r) => `IE00BK5BQT80/${r}`),
    );
    const asked = Object.values(fakes).reduce((n, fake) => n + fake.requests.length, 0);
    await expect(connector.fetch('IE00BK5BQT80', NOTHING)).resolves.toEqual([]);
    expect(Object.values(fakes).reduce((n, fake) => n + fake.requests.length, 0)).toBe(asked); // nobody asked again
  });

  it('asks nobody for an ISIN no recipe serves, nor for a kind the local sources already have', async () => {
    await expect(connector.fetch('US0378331005', NOTHING)).resolves.toEqual([]);
    await expect(connector.fetch('IE00B3RBWM25', { kinds: new Set(['kiid']), findatexText: '' })).resolves.toEqual([]);
    expect(Object.values(fakes).every((fake) => fake.requests.length === 0)).toBe(true);
  });

  it('says which manager could not be reached, and that asking again soon will not help, when its server is gone', async () => {
    await fakes.vanguard.stop();
    const error = await connector.fetch('IE00BK5BQT80', NOTHING).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IssuersUnavailableError);
    expect(error).toMatchObject({ managers: ['Vanguard'], transient: false });
    expect((error as Error).message).toMatch(/^could not reach Vanguard \(vanguard-kid: /);
    // The other managers answered "no such document" and are not asked again; Vanguard is not remembered as a miss.
    expect(memory.missed.has('IE00BK5BQT80/vanguard-kid')).toBe(false);
    expect(memory.failures).toEqual([expect.stringMatching(/^vanguard-kid: .*ECONNREFUSED/)]);
  });

  it('still serves the fund from a manager that answers while another is down', async () => {
    await fakes.vanguard.stop();
    const docs = await connector.fetch('IE00B4L5Y983', NOTHING);
    expect(docs.map((d) => d.recipe)).toEqual(['blackrock-kid']);
  });

  it('reports a failing server (503, robots.txt included) as a transient failure: a later attempt may work', async () => {
    fakes.dws.mode = 'error';
    const error = await connector.fetch('LU0274208692', NOTHING).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IssuersUnavailableError);
    expect((error as IssuersUnavailableError).managers).toContain('DWS');
    expect((error as IssuersUnavailableError).transient).toBe(true);
    expect((error as Error).message).toMatch(/dws-kid: .*robots\.txt unreachable \(HTTP 503\)/);
  });

  it('stops asking a host that keeps failing (its circuit opens) and says so', async () => {
    connect(SHIPPED, { failuresToOpen: 2 });
    fakes.dws.mode = 'error';
    for (let i = 0; i < 2; i++) await connector.fetch('LU0274208692', NOTHING).catch(() => null);
    const before = fakes.dws.requests.length;
    const error = await connector.fetch('LU0274208692', NOTHING).catch((e: unknown) => e);
    expect(fakes.dws.requests.length).toBe(before);
    expect((error as Error).message).toMatch(/circuit open/);
    expect(error).toMatchObject({ transient: false });
  });

  it('downloads nothing on a refresh when the document is unchanged (a conditional request answered 304)', async () => {
    const [first] = await connector.fetch('LU0274208692', NOTHING);
    const copy = (await memory.copies('LU0274208692'))[0];
    memory.stored.set(copy.sha256, first.content);
    const served = fakes.dws.documentBytesServed();
    const [again] = await connector.fetch('LU0274208692', NOTHING);
    expect(fakes.dws.documentBytesServed()).toBe(served);
    expect(fakes.dws.requests.at(-1)).toMatchObject({ status: 304 });
    expect(again.content.equals(first.content)).toBe(true);
    expect(again.retrievedAt).toBe(first.retrievedAt); // fetched then, found unchanged now
  });

  it('downloads the new version when the manager replaced the document (the listing links a new GUID)', async () => {
    await connector.fetch('LU0274208692', NOTHING);
    fakes.dws.documents = [{ isin: 'LU0274208692', lang: 'en', body: pdf('xtrackers msci world, new costs') }];
    const [doc] = await connector.fetch('LU0274208692', NOTHING);
    expect(doc.content.toString()).toContain('new costs');
  });

  it('obeys a robots.txt that disallows the path: no document request, no document', async () => {
    fakes.vanguard.robotsTxt = 'User-agent: *\nDisallow: /\n';
    await expect(connector.fetch('IE00B3RBWM25', NOTHING)).resolves.toEqual([]);
    expect(requestsTo('vanguard')).toEqual([]);
    expect(memory.missed.get('IE00B3RBWM25/vanguard-kid')).toMatch(/robots\.txt/);
  });

  it('checks a document by its signature: a web page where a PDF should be is no document', async () => {
    const [soft] = parseManagerFile(
      JSON.stringify({
        manager: 'BlackRock site',
        managerNames: 'blackrock',
        hosts: { 'www.blackrock.com': { minIntervalMs: 0 } },
        isinPrefixes: ['IE'],
        recipes: [
          {
            name: 'blackrock-page',
            kind: 'factsheet',
            languages: { en: {} },
            confirmed: '2026-11-27',
            source: 'test',
            steps: [{ request: { url: 'https://www.blackrock.com/uk/individual/{isin}' }, take: { document: 'pdf' } }],
          },
        ],
      }),
      'test.yaml',
    );
    connect([soft]);
    await expect(connector.fetch('IE00B4L5Y983', NOTHING)).resolves.toEqual([]);
    expect(memory.missed.get('IE00B4L5Y983/blackrock-page')).toMatch(/not a pdf/);
  });

  it('asks first the recipe that served the ISIN before, then the manager a FinDatEx row names', () => {
    const ordered = (copies: IssuerCopy[], findatexText: string) =>
      connector
        .ordered('IE00B3RBWM25', connector.candidates('IE00B3RBWM25'), copies, findatexText, new Set())
        .map((r) => r.name);
    expect(ordered([], '')).toEqual(['vanguard-kid', 'blackrock-kid', 'dws-kid', 'blackrock-kiid']);
    expect(ordered([], '00020_Portfolio_Manufacturer_Name;DWS Investment S.A.')[0]).toBe('dws-kid');
    const copy = {
      isin: 'IE00B3RBWM25',
      recipe: 'blackrock-kid',
      url: '',
      etag: null,
      lastModified: null,
      sha256: '',
      fetchedAt: '',
    };
    expect(ordered([copy], 'DWS')[0]).toBe('blackrock-kid');
  });
});

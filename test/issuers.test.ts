/**
 * Real funds from their managers' servers, end to end: a stack of its own with the issuer recipes on (the shared test
 * stack runs with ISSUERS=off), reaching local fakes of Vanguard, DWS and BlackRock through ISSUER_HOST_MAP. The fakes
 * serve real KIDs from ../shared/realdocs where one exists for that manager, sample KIDs otherwise.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import type { Pool } from 'pg';

import { kidPdf } from '../samples/documents';
import { sampleFunds } from '../samples/funds';
import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';
import type { FundData } from '../src/schema/fund';
import { type FakeManager, type FakeManagerName, hostMapOf, startIssuerFakes } from './fixtures/issuerFakes';
import { makeStale } from './helpers';
import { PrivateStack } from './privateStack';

const REALDOCS = path.resolve(__dirname, '../../shared/realdocs/kid_priips');
const realdoc = (file: string) =>
  fs.existsSync(path.join(REALDOCS, file)) ? fs.readFileSync(path.join(REALDOCS, file)) : null;
const VANGUARD_KID = realdoc('EN_vanguard_IE0001RDRUG3.pdf');
const ISHARES_KID = realdoc('DE_ishares_IE00B27YCN58.pdf');
if (!VANGUARD_KID || !ISHARES_KID) console.warn(`${REALDOCS} is absent: the fakes serve sample KIDs only`);

/** A sample KID under a real ISIN, for managers of which no real document is at hand (and when realdocs is absent). */
const sample = sampleFunds()[3];
const sampleKid = (isin: string) => kidPdf({ ...sample, isin });

const VANGUARD = 'IE0001RDRUG3';
const DWS = 'LU0274208692';
const ISHARES = 'IE00B27YCN58';
const DWS_ROBOTS_FORBID = 'LU0292097234'; // its listing path is disallowed by the DWS fake's robots.txt
const NOBODY = 'IE00BK5BQT80'; // no manager has it

let fakes: Record<FakeManagerName, FakeManager>;
let stack: PrivateStack;
let pool: Pool;
let key: string;

beforeAll(async () => {
  fakes = await startIssuerFakes({
    vanguard: [{ isin: VANGUARD, lang: 'en', body: VANGUARD_KID ?? (await sampleKid(VANGUARD)) }],
    dws: [
      { isin: DWS, lang: 'en', body: await sampleKid(DWS) },
      { isin: DWS_ROBOTS_FORBID, lang: 'en', body: await sampleKid(DWS_ROBOTS_FORBID) },
    ],
    blackrock: [
      {
        isin: ISHARES,
        lang: 'en',
        body: ISHARES_KID ?? (await sampleKid(ISHARES)),
        slug: 'ishares-msci-world-islamic-ucits-etf',
      },
    ],
  });
  fakes.dws.robotsTxt = `User-agent: *\nDisallow: /download/asset/product/${DWS_ROBOTS_FORBID}/\n`;
  stack = new PrivateStack(
    'issuers',
    { api: 8197, postgres: 5459, clickhouseHttp: 8149, clickhouseTcp: 9026, temporal: 7259, temporalUi: 8259 },
    {
      env: {
        ISSUERS: 'on',
        ISSUER_HOST_MAP: hostMapOf(Object.values(fakes)),
        ISSUERS_ALLOW_LOOPBACK: '1',
        ISSUER_CONTACT_URL: 'https://operator.example/contact',
        REFRESH_INTERVAL: '30d',
      },
    },
  );
  await stack.start();
  pool = createPool(stack.config, 2);
  key = (await new AccountsRepository(pool).createKey(`issuers-${randomUUID()}@example.com`, 'enterprise')).key;
}, 300_000);

afterAll(async () => {
  await pool?.end();
  await stack?.stop();
  await Promise.all(Object.values(fakes ?? {}).map((fake) => fake.stop()));
}, 60_000);

const getFund = (isin: string) => fetch(`${stack.api}/funds/${isin}`, { headers: { Authorization: `Bearer ${key}` } });
const documentRequests = (fake: FakeManager) => fake.requests.filter((r) => r.path !== '/robots.txt');

async function loaded(isin: string): Promise<FundData> {
  const response = await getFund(isin);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: FundData }).data;
}

/** The provenance of the risk class: which recipe fetched the KID, from where, when. */
const riskSource = (data: FundData) => data.sources.riskRating;

describe('cold funds from their managers, through the shipped recipes', () => {
  it('loads a Vanguard fund from its KID at fund-docs.vanguard.com, with the recipe, URL and time as provenance', async () => {
    const data = await loaded(VANGUARD);
    if (VANGUARD_KID) expect(data.riskRating).toBe(4);
    expect(riskSource(data)).toMatchObject({
      kind: 'kid',
      recipe: 'vanguard-kid',
      origin: `https://fund-docs.vanguard.com/${VANGUARD.toLowerCase()}_priipskid_en.pdf`,
      fetchedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
    });
    expect(fakes.vanguard.requests[0].headers['user-agent']).toBe(
      'FundDataService/0.1 (+https://operator.example/contact)',
    );
  });

  it('loads an Xtrackers fund through the DWS listing and the GUID it links', async () => {
    const data = await loaded(DWS);
    expect(data.riskRating).toBe(sample.sri);
    expect(riskSource(data)).toMatchObject({
      recipe: 'dws-kid',
      origin: expect.stringMatching(/^https:\/\/download\.dws\.com\/download\/asset\/[0-9a-f-]{36}$/) as unknown,
    });
  });

  it("loads an iShares fund through BlackRock's document search", async () => {
    const data = await loaded(ISHARES);
    if (ISHARES_KID) expect(data.riskRating).toBe(4);
    expect(riskSource(data)).toMatchObject({
      recipe: 'blackrock-kid',
      origin: `https://www.blackrock.com/uk/literature/kiid/eu-priips-ishares-msci-world-islamic-ucits-etf-${ISHARES.toLowerCase()}-en.pdf`,
    });
  });

  it('answers 404 fund_not_found when every manager says it has no such document', async () => {
    const response = await getFund(NOBODY);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'fund_not_found' });
  });

  it('obeys a robots.txt that disallows the path: the document is never asked for', async () => {
    expect((await getFund(DWS_ROBOTS_FORBID)).status).toBe(404);
    expect(fakes.dws.requests.some((r) => r.path.includes(DWS_ROBOTS_FORBID))).toBe(false);
  });

  it('downloads nothing when a refresh finds the document unchanged (conditional request, 304)', async () => {
    await makeStale(DWS, pool);
    const served = fakes.dws.documentBytesServed();
    const before = documentRequests(fakes.dws).length;
    await loaded(DWS);
    const refresh = documentRequests(fakes.dws).slice(before);
    expect(refresh.map((r) => r.status)).toEqual([200, 304]); // the listing again (GUIDs change), then the KID: unchanged
    expect(fakes.dws.documentBytesServed()).toBe(served);
  });

  it('answers 502 naming the manager that is down, while the other managers still serve', async () => {
    await fakes.vanguard.stop();
    const response = await getFund('IE00B3RBWM25');
    expect(response.status).toBe(502);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('upstream_error');
    expect(body.message).toMatch(/could not reach Vanguard/);
    expect((await getFund(ISHARES)).status).toBe(200);
    const health = (await (await fetch(`${stack.api}/health`)).json()) as {
      issuers: Array<{
        recipe: string;
        lastFailure: string | null;
        circuitOpenSince: string | null;
        lastSuccessAt: string | null;
      }>;
    };
    const vanguard = health.issuers.find((r) => r.recipe === 'vanguard-kid')!;
    expect(vanguard.lastSuccessAt).not.toBeNull();
    expect(vanguard.lastFailure).toMatch(/ECONNREFUSED/);
    expect(vanguard.circuitOpenSince).not.toBeNull();
    expect(health.issuers.find((r) => r.recipe === 'dws-kid')).toMatchObject({ circuitOpenSince: null });
  });
});

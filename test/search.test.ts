import { emptyFundData } from '../src/domain/fundSkeleton';
import type { ErrorBody } from '../src/schema/errors';
import { isinCheckDigit } from '../src/schema/isin';
import { SearchResponse } from '../src/schema/search';
import { afterDirectWrite, API, awayFromMinuteEdge, config, db, get, json, newKey, uniqueIsin } from './helpers';

/**
 * GET /search against the running stack. Funds are written straight into Postgres; every name or issuer
 * carries words made up for this run, so the funds of other tests (or of a benchmark universe) never
 * match the queries below.
 */
const word = (letters: number) =>
  Array.from({ length: letters }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join('');
const capitalised = (w: string) => w[0].toUpperCase() + w.slice(1);
const TAG = `q${word(8)}`; // in the name or issuer of most funds below
const RANKED = `w${word(8)}`; // the ranking family
const ISIN_FAMILY = `ZZQ${word(6).toUpperCase()}`; // 9 characters: the start of three ISINs

function familyIsin(suffix: string): string {
  const body = `${ISIN_FAMILY}${suffix}`;
  return body + isinCheckDigit(body);
}

interface Fixture {
  isin: string;
  name: string;
  manager?: string;
  facts?: {
    currency?: string;
    assetClass?: string;
    distribution?: string;
    category?: string;
    shareClass?: string | null;
    dataAsOf?: string;
  };
}

const EPARGNE: Fixture = {
  isin: uniqueIsin(),
  name: `Épargne ${capitalised(TAG)} Obligations`,
  manager: 'Société Générale Gestion',
  facts: {
    currency: 'EUR',
    assetClass: 'Fixed Income',
    distribution: 'Distributing',
    category: 'Euro Government Bond',
    shareClass: 'R EUR Dist',
    dataAsOf: '2026-10-31',
  },
};
// Undisclosed facts are empty strings in FundData: a hit shows them as null.
const GLOBAL: Fixture = {
  isin: uniqueIsin(),
  name: `${capitalised(TAG)} Global Equity`,
  manager: 'Vanguard Group',
  facts: { currency: 'USD' },
};

const ISIN_ALPHA: Fixture = { isin: familyIsin('B1'), name: `${capitalised(TAG)} Isin Alpha` };
const ISIN_BRAVO: Fixture = { isin: familyIsin('A2'), name: `${capitalised(TAG)} Isin Bravo` };
const ISIN_CHARLIE: Fixture = { isin: familyIsin('A1'), name: `${capitalised(TAG)} Isin Charlie` };
const NAMED_AFTER_PREFIX: Fixture = { isin: uniqueIsin(), name: `Tracker ${ISIN_FAMILY}` };

// Query RANKED: name words (shortest name first, equal names by ISIN), then name substring, issuer words, issuer
// substring.
const [RANKED_ISIN_LOW, RANKED_ISIN_HIGH] = [uniqueIsin(), uniqueIsin()].sort();
const NAME_SHORT_LOW: Fixture = { isin: RANKED_ISIN_LOW, name: `${capitalised(RANKED)} Growth` };
const NAME_SHORT_HIGH: Fixture = { isin: RANKED_ISIN_HIGH, name: `${capitalised(RANKED)} Growth` };
const NAME_LONGER: Fixture = { isin: uniqueIsin(), name: `${capitalised(RANKED)} Growth Fund` };
const NAME_CONTAINS: Fixture = { isin: uniqueIsin(), name: `X${RANKED}` }; // shortest of all, yet a substring match only
const ISSUER_WORD: Fixture = { isin: uniqueIsin(), name: 'Placid Fund', manager: `${capitalised(RANKED)} Partners` };
const ISSUER_CONTAINS: Fixture = { isin: uniqueIsin(), name: 'Calm Fund', manager: `Super${RANKED}` };
const RANKING = [NAME_SHORT_LOW, NAME_SHORT_HIGH, NAME_LONGER, NAME_CONTAINS, ISSUER_WORD, ISSUER_CONTAINS];

// Twelve funds with names of one length: in name order.
const MANY_WORD = `m${word(8)}`;
const MANY: Fixture[] = Array.from({ length: 12 }, (_, i) => ({
  isin: uniqueIsin(),
  name: `${capitalised(MANY_WORD)} Nr ${String(i + 1).padStart(2, '0')}`,
}));

const FIXTURES = [EPARGNE, GLOBAL, ISIN_ALPHA, ISIN_BRAVO, ISIN_CHARLIE, NAMED_AFTER_PREFIX, ...RANKING, ...MANY];

async function insertFund({ isin, name, manager = '', facts = {} }: Fixture): Promise<void> {
  const data = emptyFundData(new Date().toISOString());
  data.keyFacts = {
    ...data.keyFacts,
    manager,
    currency: facts.currency ?? '',
    assetClass: facts.assetClass ?? '',
    distribution: facts.distribution ?? '',
  };
  data.profile = { ...data.profile, category: facts.category ?? '' };
  data.shareClass = facts.shareClass ?? null;
  data.dataAsOf = facts.dataAsOf ?? '';
  await db().query(
    `INSERT INTO funds (isin, name, payload, generated_at, expires_at, data_as_of) VALUES ($1, $2, $3, now(), now() + interval '1 day', $4)`,
    [isin, name, JSON.stringify(data), data.dataAsOf],
  );
}

/** The parts of the served OpenAPI document the last test reads. */
interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters: { name: string }[]; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, { properties: Record<string, unknown> }> };
}

const search = (query: string, key: string) => get(`/search?${query}`, key);
const isinsOf = async (res: Response) => (await json<SearchResponse>(res)).results.map((hit) => hit.isin);
const expectedUrl = (isin: string) =>
  config.fundPageUrlTemplate ? config.fundPageUrlTemplate.replaceAll('{isin}', isin) : null;

describe('GET /search', () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await newKey('pro'));
    for (const fund of FIXTURES) await insertFund(fund);
    await afterDirectWrite();
  });
  afterAll(async () => {
    await db().query('DELETE FROM funds WHERE isin = ANY($1)', [FIXTURES.map((f) => f.isin)]);
  });

  it('finds a fund by name whatever the case and accents, and answers the hit of spec 2.6', async () => {
    for (const q of [`epargne ${TAG}`, `ÉPARGNE ${TAG.toUpperCase()}`, `Epargne ${TAG}`]) {
      const res = await search(`q=${encodeURIComponent(q)}`, key);
      expect(res.status).toBe(200);
      const body = await json<SearchResponse>(res);
      expect(SearchResponse.parse(body)).toBeTruthy();
      expect(body).toMatchObject({ query: q, count: 1, plan: 'pro' });
      expect(body.results).toEqual([
        {
          isin: EPARGNE.isin,
          name: EPARGNE.name,
          issuer: 'Société Générale Gestion',
          currency: 'EUR',
          assetClass: 'Fixed Income',
          shareClass: 'R EUR Dist',
          income: 'Distributing',
          category: 'Euro Government Bond',
          dataAsOf: '2026-10-31',
          url: expectedUrl(EPARGNE.isin),
        },
      ]);
    }
  });

  it('shows undisclosed facts (empty strings in the payload) as null', async () => {
    const body = await json<SearchResponse>(await search(`q=${TAG}+global`, key));
    expect(body.results).toEqual([
      {
        isin: GLOBAL.isin,
        name: GLOBAL.name,
        issuer: 'Vanguard Group',
        currency: 'USD',
        assetClass: null,
        shareClass: null,
        income: null,
        category: null,
        dataAsOf: null,
        url: expectedUrl(GLOBAL.isin),
      },
    ]);
  });

  it('matches the words in any order, and by the issuer', async () => {
    expect(await isinsOf(await search(`q=${encodeURIComponent(`obligations ${TAG} épargne`)}`, key))).toEqual([
      EPARGNE.isin,
    ]);
    expect(await isinsOf(await search(`q=equity+global+${TAG}`, key))).toEqual([GLOBAL.isin]);
    expect(await isinsOf(await search(`q=vanguard+${TAG}`, key))).toEqual([GLOBAL.isin]);
    expect(await isinsOf(await search(`q=generale+${TAG}`, key))).toEqual([EPARGNE.isin]);
  });

  it('forgives a typo in a word of the name or of the issuer', async () => {
    const misspelt = TAG.slice(0, 4) + TAG.slice(5); // one letter dropped
    expect(await isinsOf(await search(`q=glbal+equity+${TAG}`, key))).toEqual([GLOBAL.isin]);
    expect(await isinsOf(await search(`q=vangard+${TAG}`, key))).toEqual([GLOBAL.isin]);
    expect(await isinsOf(await search(`q=${misspelt}+obligations`, key))).toEqual([EPARGNE.isin]);
  });

  it('puts the exact ISIN first, case-insensitive', async () => {
    const res = await search(`q=${ISIN_ALPHA.isin.toLowerCase()}`, key);
    expect(await isinsOf(res)).toEqual([ISIN_ALPHA.isin]);
  });

  it('ranks ISIN-prefix matches (by name, then ISIN) before a name that holds the prefix', async () => {
    const res = await search(`q=${ISIN_FAMILY.toLowerCase()}`, key);
    expect(await isinsOf(res)).toEqual([ISIN_ALPHA.isin, ISIN_BRAVO.isin, ISIN_CHARLIE.isin, NAMED_AFTER_PREFIX.isin]);
  });

  it('ranks name words, then name substrings, then issuer words, then issuer substrings; shortest name first, ties by ISIN', async () => {
    const res = await search(`q=${RANKED}`, key);
    expect(await isinsOf(res)).toEqual(RANKING.map((f) => f.isin));
    // The same order every time.
    expect(await isinsOf(await search(`q=${RANKED}`, key))).toEqual(RANKING.map((f) => f.isin));
  });

  it('answers at most limit hits (default 10), the best ones', async () => {
    const two = await json<SearchResponse>(await search(`q=${RANKED}&limit=2`, key));
    expect(two).toMatchObject({ count: 2 });
    expect(two.results.map((hit) => hit.isin)).toEqual([NAME_SHORT_LOW.isin, NAME_SHORT_HIGH.isin]);
    expect(await isinsOf(await search(`q=${MANY_WORD}`, key))).toEqual(MANY.slice(0, 10).map((f) => f.isin));
    expect(await isinsOf(await search(`q=${MANY_WORD}&limit=50`, key))).toEqual(MANY.map((f) => f.isin));
  });

  it('echoes q trimmed and ignores unknown parameters', async () => {
    const res = await search(`q=%20%20${RANKED}%20&limit=1&sort=name&page=3`, key);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ query: RANKED, count: 1 });
  });

  it('answers no hits, not an error, when nothing matches', async () => {
    const body = await json<SearchResponse>(await search(`q=${word(12)}`, key));
    expect(body).toMatchObject({ count: 0, results: [] });
  });
});

describe('GET /search: refusals and metering', () => {
  const INVALID = [
    ['', 'q is required'],
    ['q=', 'at least 2 characters'],
    ['q=%20a%20', 'at least 2 characters'],
    [`q=${'a'.repeat(201)}`, 'at most 200 characters'],
    ['q=ab%00cd', 'control characters'],
    ['q=ab&q=cd', 'q must be sent once'],
    ['q=ab&limit=0', 'limit must be a whole number from 1 to 50'],
    ['q=ab&limit=51', 'limit must be a whole number from 1 to 50'],
    ['q=ab&limit=ten', 'limit must be a whole number from 1 to 50'],
    ['q=ab&limit=2.5', 'limit must be a whole number from 1 to 50'],
    ['q=ab&limit=', 'limit must be a whole number from 1 to 50'],
    ['q=ab&limit=5&limit=6', 'limit must be a whole number from 1 to 50'],
  ] as const;

  it('answers 400 invalid_query, with what is wrong, for a bad q or limit, and counts nothing', async () => {
    await awayFromMinuteEdge();
    const { key } = await newKey('starter');
    const before = await search('q=ab', key);
    const burstBefore = Number(before.headers.get('x-burst-remaining'));
    for (const [query, message] of INVALID) {
      const res = await search(query, key);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      const body = await json<ErrorBody>(res);
      expect(body.code).toBe('invalid_query');
      expect(body.message).toContain(message);
      expect(res.headers.get('x-burst-remaining')).toBeNull();
    }
    const after = await search('q=ab', key);
    expect(Number(after.headers.get('x-burst-remaining'))).toBe(burstBefore - 1);
  });

  it('answers 401 without a valid key, before looking at the query', async () => {
    const missing = await get('/search?q=x');
    expect(missing.status).toBe(401);
    expect(await json(missing)).toMatchObject({ code: 'missing_api_key' });
    const unknown = await get('/search?q=sample', 'fds_notakey_0000000000000000000000000000');
    expect(unknown.status).toBe(401);
    expect(await json(unknown)).toMatchObject({ code: 'invalid_api_key' });
  });

  it('is free but takes a burst slot: X-Burst-Remaining goes down, used and the credits left do not move', async () => {
    await awayFromMinuteEdge();
    const { key } = await newKey('starter');
    const first = await search('q=sample', key);
    const second = await search('q=sample', key);
    expect(second.status).toBe(200);
    expect(Number(second.headers.get('x-burst-remaining'))).toBe(Number(first.headers.get('x-burst-remaining')) - 1);
    expect(second.headers.get('x-ratelimit-remaining')).toBe(first.headers.get('x-ratelimit-remaining'));
    const [a, b] = [await json<SearchResponse>(first), await json<SearchResponse>(second)];
    expect(a.quota.used).toBe(0);
    expect(b.quota).toMatchObject({
      used: 0,
      remaining: 1500,
      burst: { limit: 60, remaining: a.quota.burst.remaining! - 1 },
    });
  });

  it("answers 429 burst once the minute's burst is spent", async () => {
    await awayFromMinuteEdge();
    const { key } = await newKey('free'); // 10 a minute
    for (let i = 0; i < 10; i++) expect((await search('q=sample', key)).status).toBe(200);
    const refused = await search('q=sample', key);
    expect(refused.status).toBe(429);
    expect(await json(refused)).toMatchObject({ code: 'rate_limited', reason: 'burst' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses HEAD (405) without counting it', async () => {
    await awayFromMinuteEdge();
    const { key } = await newKey('starter');
    const before = Number((await search('q=sample', key)).headers.get('x-burst-remaining'));
    const res = await fetch(`${API}/search?q=sample`, { method: 'HEAD', headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(Number((await search('q=sample', key)).headers.get('x-burst-remaining'))).toBe(before - 1);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await json<OpenApiDocument>(await get('/openapi.json'));
    const operation = doc.paths['/search'].get;
    expect(operation.parameters.map((p) => p.name)).toEqual(['q', 'limit']);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '405', '429', '503', 'default']);
    expect(Object.keys(doc.components.schemas.SearchHit.properties)).toEqual([
      'isin',
      'name',
      'issuer',
      'currency',
      'assetClass',
      'shareClass',
      'income',
      'category',
      'dataAsOf',
      'url',
    ]);
  });
});

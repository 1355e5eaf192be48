import http from 'node:http';
import { gunzipSync } from 'node:zlib';

import { EXPORT_SQL_MARKER, exportSlots } from '../src/db/repositories/fundExport';
import { emptyFundData } from '../src/domain/fundSkeleton';
import type { PlanId } from '../src/domain/plans';
import type { Account } from '../src/schema/account';
import type { ErrorBody } from '../src/schema/errors';
import { ExportLine } from '../src/schema/export';
import type { FundData } from '../src/schema/fund';
import { isinCheckDigit } from '../src/schema/isin';
import { isoMicros } from '../src/schema/microtime';
import { afterDirectWrite, API, config, db, get, json, newKey, uniqueIsin } from './helpers';

/**
 * GET /export against the running stack. Funds are written straight into Postgres under managers made
 * up for this run, so the filters below match these funds only, whatever else the store holds.
 */
const word = (letters: number) =>
  Array.from({ length: letters }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join('');
const TAG = word(8);
const HOUSE = `Société ${TAG[0].toUpperCase()}${TAG.slice(1)} Gestion`; // three funds
const OTHER_HOUSE = `${TAG.toUpperCase()} Partners`;
const BULK_HOUSE = `Bulk ${TAG} Capital`; // many large funds, for the stream's own behaviour

interface Fixture {
  isin: string;
  name: string | null;
  manager: string;
  assetClass: string;
  currency: string;
  /** Microseconds since the epoch. */
  generatedUs: number;
}

const HOUR_US = 3600 * 1_000_000;
const NOW_US = Date.now() * 1000;
const [EQUITY_EUR, BONDS_USD, EQUITY_USD, OTHER] = [uniqueIsin(), uniqueIsin(), uniqueIsin(), uniqueIsin()].map(
  (isin, i): Fixture =>
    [
      {
        isin,
        name: 'Export Équité Europe "A"',
        manager: HOUSE,
        assetClass: 'Equity',
        currency: 'EUR',
        generatedUs: NOW_US - 3 * HOUR_US + 111,
      },
      {
        isin,
        name: 'Export Bonds USD',
        manager: HOUSE,
        assetClass: 'Fixed Income',
        currency: 'USD',
        generatedUs: NOW_US - 2 * HOUR_US + 222,
      },
      { isin, name: null, manager: HOUSE, assetClass: 'Equity', currency: 'USD', generatedUs: NOW_US - HOUR_US + 333 },
      {
        isin,
        name: 'Export Other Equity',
        manager: OTHER_HOUSE,
        assetClass: 'Equity',
        currency: 'EUR',
        generatedUs: NOW_US,
      },
    ][i],
);
const FIXTURES = [EQUITY_EUR, BONDS_USD, EQUITY_USD, OTHER];
const HOUSE_FUNDS = [EQUITY_EUR, BONDS_USD, EQUITY_USD].sort((a, b) => a.isin.localeCompare(b.isin));

const BULK_FUNDS = 1_000;
const BULK_OBJECTIVE_CHARS = 30_000;
const BULK_ISINS = Array.from({ length: BULK_FUNDS }, (_, i) => {
  const body = `ZZE${TAG.slice(0, 4).toUpperCase()}${String(i).padStart(4, '0')}`;
  return body + isinCheckDigit(body);
});

function payloadOf(
  f: Pick<Fixture, 'manager' | 'assetClass' | 'currency'>,
  objective = `Objective of a ${f.assetClass} fund`,
): FundData {
  const data = emptyFundData();
  data.investmentObjective = objective;
  data.keyFacts = { ...data.keyFacts, manager: f.manager, assetClass: f.assetClass, currency: f.currency };
  return data;
}

async function insertFixture(f: Fixture): Promise<void> {
  await db().query(
    `INSERT INTO funds (isin, name, payload, generated_at, expires_at) VALUES ($1, $2, $3, $4::timestamptz, $4::timestamptz + interval '1 day')`,
    [f.isin, f.name, JSON.stringify(payloadOf(f)), isoMicros(f.generatedUs)],
  );
}

async function insertBulk(): Promise<void> {
  const payload = JSON.stringify(
    payloadOf({ manager: BULK_HOUSE, assetClass: 'Equity', currency: 'EUR' }, 'x'.repeat(BULK_OBJECTIVE_CHARS)),
  );
  await db().query(
    `INSERT INTO funds (isin, name, payload, generated_at, expires_at)
     SELECT isin, 'Bulk export fund ' || isin, $2::json, now(), now() + interval '1 day' FROM unnest($1::text[]) AS isin`,
    [BULK_ISINS, payload],
  );
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with node:http, which (unlike fetch) neither asks for nor undoes compression: the bytes as sent. */
function raw(query: string, key: string | null, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${API}/export${query}`,
      { agent: false, headers: { ...(key ? { 'X-Api-Key': key } : {}), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/** The NDJSON body as parsed lines; every line ends with a line feed, the last one included. */
function lines(body: Buffer): unknown[] {
  const text = body.toString('utf8');
  if (text === '') return [];
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line): unknown => JSON.parse(line));
}

const isinsOf = async (query: string, key: string) => {
  const res = await raw(query, key);
  expect(res.status).toBe(200);
  return lines(res.body).map((line) => (line as { isin: string }).isin);
};
const used = async (key: string): Promise<number> => (await json<Account>(await get('/me', key))).quota.used;

/**
 * An export whose first bytes arrived and whose reading is paused, as a client that stops reading; `abort` hangs up.
 */
interface OpenExport {
  res: http.IncomingMessage;
  abort(): void;
}

function openExport(query: string, key: string): Promise<OpenExport> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${API}/export${query}`, { agent: false, headers: { 'X-Api-Key': key } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`export answered ${res.statusCode}`));
      res.once('data', () => {
        res.pause();
        resolve({ res, abort: () => req.destroy() });
      });
    });
    req.on('error', () => undefined); // the abort's own error
  });
}

/** Export cursors open on the server: the SQL marker in a backend that is not idle. */
async function openCursors(): Promise<number> {
  const { rows } = await db().query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE $1 AND state <> 'idle' AND pid <> pg_backend_pid()",
    [`%/* ${EXPORT_SQL_MARKER} */%`],
  );
  return rows[0].n;
}

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('GET /export', () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await newKey('scale'));
    for (const fixture of FIXTURES) await insertFixture(fixture);
    await insertBulk();
    await afterDirectWrite();
  });
  afterAll(async () => {
    await db().query('DELETE FROM funds WHERE isin = ANY($1)', [[...FIXTURES.map((f) => f.isin), ...BULK_ISINS]]);
  });

  it('streams one line per matching fund in ISIN order, {isin, name, generatedAt, expiresAt, data} with the stored payload, as NDJSON', async () => {
    const res = await raw(`?issuer=${encodeURIComponent(`  societe ${TAG.toUpperCase()} gestion `)}`, key);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['x-ratelimit-remaining']).toBe('59999');
    expect(res.headers['x-burst-limit']).toBe('1200');
    const parsed = lines(res.body);
    expect(parsed.map((line) => ExportLine.parse(line).isin)).toEqual(HOUSE_FUNDS.map((f) => f.isin));
    for (const [line, fund] of parsed.map((l, i) => [l as ExportLine, HOUSE_FUNDS[i]] as const)) {
      expect(line).toEqual({
        isin: fund.isin,
        name: fund.name,
        generatedAt: new Date(fund.generatedUs / 1000).toISOString(),
        expiresAt: new Date(fund.generatedUs / 1000 + 86_400_000).toISOString(),
        data: payloadOf(fund),
      });
    }
    expect(Object.keys(parsed[0] as object)).toEqual(['isin', 'name', 'generatedAt', 'expiresAt', 'data']);
  });

  it('sends the same lines as application/octet-stream to a client that asks for that type (generated clients)', async () => {
    const query = `?issuer=${encodeURIComponent(`societe ${TAG} gestion`)}`;
    const asNdjson = await raw(query, key);
    const asBytes = await raw(query, key, { Accept: 'application/octet-stream' });
    expect(asBytes.headers['content-type']).toBe('application/octet-stream');
    expect(asBytes.headers['vary']).toMatch(/Accept\b/);
    expect(asBytes.body.equals(asNdjson.body)).toBe(true);
    expect((await raw(query, key, { Accept: 'application/json, */*' })).headers['content-type']).toBe(
      'application/x-ndjson',
    );
  });

  it('filters by issuer, asset class, currency and since, each alone and combined', async () => {
    const house = `issuer=${encodeURIComponent(HOUSE)}`;
    const isins = (...funds: Fixture[]) => funds.map((f) => f.isin).sort();
    expect(await isinsOf(`?issuer=${encodeURIComponent(OTHER_HOUSE.toLowerCase())}`, key)).toEqual([OTHER.isin]);
    expect(await isinsOf(`?${house}&assetClass=EQUITY`, key)).toEqual(isins(EQUITY_EUR, EQUITY_USD));
    expect(await isinsOf(`?${house}&assetClass=${encodeURIComponent(' fixed income ')}`, key)).toEqual([
      BONDS_USD.isin,
    ]);
    expect(await isinsOf(`?${house}&currency=usd`, key)).toEqual(isins(BONDS_USD, EQUITY_USD));
    // since is strict and kept to the microsecond: the fund generated at that very instant is left out.
    expect(await isinsOf(`?${house}&since=${isoMicros(BONDS_USD.generatedUs)}`, key)).toEqual([EQUITY_USD.isin]);
    expect(await isinsOf(`?${house}&since=${isoMicros(BONDS_USD.generatedUs - 1)}`, key)).toEqual(
      isins(BONDS_USD, EQUITY_USD),
    );
    expect(await isinsOf(`?${house}&assetClass=equity&currency=EUR`, key)).toEqual([EQUITY_EUR.isin]);
    expect(
      await isinsOf(
        `?${house}&assetClass=equity&currency=usd&since=${encodeURIComponent(new Date((NOW_US - 4 * HOUR_US) / 1000).toISOString().replace('Z', '+00:00'))}`,
        key,
      ),
    ).toEqual([EQUITY_USD.isin]);
    expect(await isinsOf(`?${house}&assetClass=equity&since=${isoMicros(NOW_US + HOUR_US)}`, key)).toEqual([]);
    // Filters only on the issuer's funds: every fund of the store with a currency, among them ours.
    const allUsd = await isinsOf('?currency=USD', key);
    expect(allUsd).toEqual(expect.arrayContaining(isins(BONDS_USD, EQUITY_USD)));
    expect(allUsd).not.toContain(EQUITY_EUR.isin);
    expect(await isinsOf(`?${house}&unknown=1&limit=2`, key)).toEqual(HOUSE_FUNDS.map((f) => f.isin)); // unknown parameters are ignored
  });

  it('gzips when Accept-Encoding accepts it, always with gzip=1, never with gzip=0, and the lines are the same', async () => {
    const house = `?issuer=${encodeURIComponent(HOUSE)}`;
    const plain = await raw(house, key);
    const cases: [string, Record<string, string>, boolean][] = [
      [house, { 'Accept-Encoding': 'gzip, deflate, br' }, true],
      [house, { 'Accept-Encoding': 'br;q=1, gzip;q=0.5' }, true],
      [house, { 'Accept-Encoding': 'gzip;q=0' }, false],
      [house, { 'Accept-Encoding': 'identity' }, false],
      [house, {}, false],
      [`${house}&gzip=1`, {}, true],
      [`${house}&gzip=1`, { 'Accept-Encoding': 'identity' }, true],
      [`${house}&gzip=0`, { 'Accept-Encoding': 'gzip' }, false],
    ];
    for (const [query, headers, gzipped] of cases) {
      const res = await raw(query, key, headers);
      expect([query, headers, res.status, res.headers['content-encoding']]).toEqual([
        query,
        headers,
        200,
        gzipped ? 'gzip' : undefined,
      ]);
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(gzipped ? gunzipSync(res.body) : res.body).toEqual(plain.body);
    }
    expect(lines(plain.body)).toHaveLength(3);
  });

  it('costs 1 credit per call whatever its size; enterprise may call it too', async () => {
    const { key: scale } = await newKey('scale');
    expect((await raw(`?issuer=${encodeURIComponent(BULK_HOUSE)}`, scale)).body.length).toBeGreaterThan(
      BULK_FUNDS * BULK_OBJECTIVE_CHARS,
    );
    expect(await used(scale)).toBe(1);
    expect((await raw(`?issuer=${encodeURIComponent(HOUSE)}&since=${isoMicros(NOW_US + HOUR_US)}`, scale)).status).toBe(
      200,
    ); // nothing matches: still a call
    expect(await used(scale)).toBe(2);
    const { key: enterprise } = await newKey('enterprise');
    const res = await raw(`?issuer=${encodeURIComponent(OTHER_HOUSE)}`, enterprise);
    expect(res.status).toBe(200);
    expect(lines(res.body)).toHaveLength(1);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined(); // enterprise has no monthly ceiling
  });

  it.each<PlanId>(['free', 'starter', 'pro'])(
    'refuses the %s plan with 403 plan_required (scale), charging nothing',
    async (plan) => {
      const { key: lower } = await newKey(plan);
      const res = await raw('', lower);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body.toString())).toMatchObject({ code: 'plan_required', requiredPlan: 'scale' });
      expect(await used(lower)).toBe(0);
    },
  );

  it.each([
    ['since=yesterday'],
    ['since=2026-11-23'],
    ['since=2026-11-23T10:00:00'], // no zone
    ['since=2026-13-01T10:00:00Z'],
    ['gzip=2'],
    ['gzip=true'],
    ['currency=EURO'],
    ['currency=E1R'],
    ['issuer='],
    ['issuer=%20%20'],
    [`issuer=${'a'.repeat(201)}`],
    ['assetClass=Equity%00'],
    ['issuer=a&issuer=b'],
    ['currency=EUR&currency=EUR'],
    ['since=2026-11-23T10:00:00Z&since=2026-11-23T10:00:00Z'],
    ['gzip=1&gzip=1'],
  ])('?%s is 400 invalid_query, counted nowhere', async (query) => {
    const { key: fresh } = await newKey('scale');
    const res = await raw(`?${query}`, fresh);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body.toString())).toMatchObject({ code: 'invalid_query' });
    expect(await used(fresh)).toBe(0);
  });

  it('answers 401 without a valid key, and 405 to HEAD', async () => {
    const missing = await raw('', null);
    expect([missing.status, (JSON.parse(missing.body.toString()) as ErrorBody).code]).toEqual([401, 'missing_api_key']);
    const invalid = await raw('', 'fds_notakey_atall');
    expect([invalid.status, (JSON.parse(invalid.body.toString()) as ErrorBody).code]).toEqual([401, 'invalid_api_key']);
    const head = await fetch(`${API}/export`, { method: 'HEAD', headers: { 'X-Api-Key': key } });
    expect(head.status).toBe(405);
  });

  describe('the cursor behind the stream', () => {
    const bulk = `?issuer=${encodeURIComponent(BULK_HOUSE)}&gzip=0`;
    const slots = exportSlots(config.postgres.poolSize);

    it('closes the cursor within a second or two of a client hanging up mid-stream, and leaks no connection', async () => {
      expect(await openCursors()).toBe(0);
      const open = await openExport(bulk, key);
      expect(await openCursors()).toBe(1); // the client stopped reading: the server waits, cursor open
      open.abort();
      expect(await eventually(async () => (await openCursors()) === 0, 2_000)).toBe(true);

      // As many hang-ups as there are export slots, at once: every cursor and slot comes back.
      const many = await Promise.all(Array.from({ length: slots }, () => openExport(bulk, key)));
      expect(await openCursors()).toBe(slots);
      many.forEach((e) => e.abort());
      expect(await eventually(async () => (await openCursors()) === 0, 2_000)).toBe(true);
      const after = await Promise.all(
        Array.from({ length: slots }, () => raw(`?issuer=${encodeURIComponent(HOUSE)}`, key)),
      );
      expect(after.map((r) => [r.status, lines(r.body).length])).toEqual(Array.from({ length: slots }, () => [200, 3]));
      const whole = await raw(bulk, key);
      expect(lines(whole.body)).toHaveLength(BULK_FUNDS);
    });

    it('answers 503 with Retry-After, charging nothing, while every export slot is taken', async () => {
      const { key: busy } = await newKey('scale');
      const running = await Promise.all(Array.from({ length: slots }, () => openExport(bulk, busy)));
      const refused = await raw(bulk, busy);
      running.forEach((e) => e.abort());
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(JSON.parse(refused.body.toString())).toMatchObject({ code: 'service_unavailable' });
      expect(await used(busy)).toBe(slots);
      expect(await eventually(async () => (await openCursors()) === 0, 2_000)).toBe(true);
      expect((await raw(`?issuer=${encodeURIComponent(HOUSE)}`, busy)).status).toBe(200);
    });

    it('gives the credit back when the database fails mid-stream, and cuts the response short', async () => {
      const { key: cut } = await newKey('scale');
      const open = await openExport(bulk, cut);
      expect(await used(cut)).toBe(1);
      await db().query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE $1 AND state <> 'idle' AND pid <> pg_backend_pid()",
        [`%/* ${EXPORT_SQL_MARKER} */%`],
      );
      const received = await new Promise<{ bytes: number; complete: boolean }>((resolve) => {
        let bytes = 0;
        open.res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        open.res.on('error', () => undefined); // the cut itself ("aborted")
        open.res.on('close', () => resolve({ bytes, complete: open.res.complete }));
        open.res.resume();
      });
      expect(received.complete).toBe(false);
      expect(received.bytes).toBeLessThan(BULK_FUNDS * BULK_OBJECTIVE_CHARS);
      expect(await eventually(async () => (await used(cut)) === 0, 2_000)).toBe(true);
      expect(lines((await raw(`?issuer=${encodeURIComponent(HOUSE)}`, cut)).body)).toHaveLength(3);
    });
  });
});

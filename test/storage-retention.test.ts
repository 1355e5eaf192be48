/**
 * The storage retention end to end (issue 27): rows older than their windows are written into the test stack's stores,
 * a universe refresh runs (its last run applies the retention through the activity retainStorage), then what remains is
 * checked in Postgres and ClickHouse, and the API still answers what it serves: each stored fund's holdings, the change
 * feed within its window, a saved factsheet's link. The worker runs with the defaults (holdings 24 hours, change feed 90
 * days, factsheet renders 30 days) and CLICKHOUSE_DELETE_INTERVAL_HOURS=0 (scripts/testEnv.sh).
 */
import { randomUUID } from 'node:crypto';

import { chString, type ClickHouseClient, createClickhouse } from '../src/db/clickhouse';
import { DocumentsRepository } from '../src/db/repositories/documents';
import { emptyFundData } from '../src/domain/fundSkeleton';
import { fundSummary } from '../src/domain/fundSummary';
import { stampText } from '../src/domain/retention';
import {
  config,
  db,
  get,
  json,
  newKey,
  post,
  runUniverseRefresh,
  uniqueIsin,
  withUniverseRefreshLock,
} from './helpers';

const DAY = 86_400_000;
let clickhouse: ClickHouseClient;

beforeAll(() => {
  clickhouse = createClickhouse(config);
});
afterAll(async () => {
  await clickhouse.close();
});

async function chRows<T>(query: string): Promise<T[]> {
  return (await clickhouse.query({ query, format: 'JSONEachRow' })).json<T>();
}

/** ClickHouse runs deletes in the background: waits until none is left running. */
async function mutationsDone(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const [{ n }] = await chRows<{ n: number }>(
      'SELECT toUInt64(count()) AS n FROM system.mutations WHERE database = currentDatabase() AND is_done = 0',
    );
    if (Number(n) === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('ClickHouse mutations still running after 60 s');
}

/** A stored fund, fresh (the refresh leaves it be), whose summary names `stamp` with `lines` holding lines. */
async function storeFund(isin: string, name: string, stamp: string, lines: number): Promise<void> {
  const data = { ...emptyFundData(new Date().toISOString()), isin, name };
  const summary = fundSummary(data, { loadedAt: stamp, asOf: '2026-10-31', count: lines });
  await db().query(
    `INSERT INTO funds (isin, name, payload, generated_at, expires_at, summary)
     VALUES ($1, $2, $3::json, now(), now() + interval '1 day', $4::jsonb)`,
    [isin, name, JSON.stringify(data), JSON.stringify(summary)],
  );
}

async function writeHoldings(isin: string, stamp: string, lines: number): Promise<void> {
  await clickhouse.insert({
    table: 'fund_holdings',
    values: Array.from({ length: lines }, (_, position) => ({
      isin,
      position,
      loaded_at: stamp,
      as_of: '2026-10-31',
      name: `Line ${position} of ${stamp}`,
      issuer: `Issuer ${position}`,
      holding_isin: '',
      weight: 100 / lines,
      country: 'FR',
      sector: 'Financials',
      asset_class: 'Equity',
      currency: 'EUR',
    })),
    format: 'JSONEachRow',
  });
}

async function loadsOf(isins: string[]): Promise<string[]> {
  const rows = await chRows<{ isin: string; stamp: string; n: number }>(
    `SELECT isin, toString(loaded_at) AS stamp, toUInt64(count()) AS n FROM fund_holdings
      WHERE isin IN (${isins.map(chString).join(',')}) GROUP BY isin, loaded_at ORDER BY isin, stamp`,
  );
  return rows.map((r) => `${r.isin} ${r.stamp} x${Number(r.n)}`);
}

/** Change rows for `isin` numbered by the feed's clock as the relay numbers them; returns their feed ids. */
async function outboxRows(isin: string, fields: string[]): Promise<number[]> {
  for (const field of fields)
    await db().query(
      `INSERT INTO change_outbox (isin, name, event, field, old, new, data_as_of, generated_at)
       VALUES ($1, 'Retention Test Fund', 'fund.changed', $2, 'a', 'b', '2026-10-31', now())`,
      [isin, field],
    );
  await db().query('SELECT number_change_outbox()');
  const { rows } = await db().query<{ feed_id: string }>(
    'SELECT feed_id FROM change_outbox WHERE isin = $1 AND field = ANY($2) ORDER BY feed_id',
    [isin, fields],
  );
  return rows.map((r) => Number(r.feed_id));
}

it('deletes what no longer serves and keeps what the API answers, through the refresh', async () => {
  const now = Date.now();
  const old = stampText(new Date(now - 3 * DAY));
  const older = stampText(new Date(now - 4 * DAY));
  const recent = stampText(new Date(now - 60_000));
  const reloaded = uniqueIsin(); // stored, its summary names the recent load: the old one goes
  const kept = uniqueIsin(); // stored, its summary names an old load: kept however old
  const gone = uniqueIsin(); // no longer stored: its old loads go, its recent one waits for the grace
  await storeFund(reloaded, 'Retention Reloaded Fund', recent, 4);
  await storeFund(kept, 'Retention Kept Fund', old, 3);
  await writeHoldings(reloaded, older, 6); // a longer older load: its tail is never merged away
  await writeHoldings(reloaded, old, 5);
  await writeHoldings(reloaded, recent, 4);
  await writeHoldings(kept, old, 3);
  await writeHoldings(gone, older, 2);
  await writeHoldings(gone, recent, 2);

  // The change feed: two entries 100 days old (relayed, fanned out, published), one of now (relayed by the refresh).
  const feedIsin = uniqueIsin();
  const oldIds = await outboxRows(feedIsin, ['keyFacts.aum', 'riskRating']);
  const oldAt = new Date(now - 100 * DAY);
  await db().query(
    `UPDATE change_outbox SET changed_at = $2::timestamptz + (feed_id - $3::bigint) * interval '1 microsecond', relayed = true, fanned_out = true
      WHERE feed_id = ANY($1::bigint[])`,
    [oldIds, oldAt, oldIds[0]],
  );
  await clickhouse.insert({
    table: 'change_feed',
    values: oldIds.map((id, i) => ({
      id,
      changed_us: oldAt.getTime() * 1000 + i,
      isin: feedIsin,
      name: 'Retention Test Fund',
      event: 'fund.changed',
      field: i === 0 ? 'keyFacts.aum' : 'riskRating',
      old: 'a',
      new: 'b',
      data_as_of: '2026-10-31',
      generated_at: oldAt.toISOString(),
    })),
    format: 'JSONEachRow',
  });
  const [recentId] = await outboxRows(feedIsin, ['keyFacts.manager']);

  // A word of no stored fund, and the words of the stored ones.
  const unusedWord = `zzretention${randomUUID().slice(0, 8)}`;
  await db().query('INSERT INTO fund_search_vocabulary (word) VALUES ($1)', [unusedWord]);

  // A saved factsheet whose page was rendered 40 days ago.
  const { key } = await newKey('scale');
  const made = await post('/factsheets', key, { isin: kept, deliver: 'link' });
  expect(made.status).toBe(200);
  const sheet = await json<{ id: string; links: { html: string } }>(made);
  const shared = await fetch(sheet.links.html);
  expect(shared.status).toBe(200);
  const page = await db().query<{ n: number }>(
    "UPDATE factsheet_pages SET rendered_at = now() - interval '40 days' WHERE factsheet_id = $1",
    [sheet.id],
  );
  expect(page.rowCount).toBeGreaterThan(0);

  // Documents: one nothing names, not stored for 40 days; one a stored fund's provenance names and one filed, as old;
  // one nothing names stored a minute ago (a load may be reading it). Source reads of 40 days ago and of now.
  const documentOf = async (text: string, storedDaysAgo: number) => {
    const { sha256 } = await new DocumentsRepository(db()).storeUpload(Buffer.from(`${text} ${randomUUID()}`));
    await db().query(`UPDATE documents SET stored_at = now() - $2 * interval '1 day' WHERE sha256 = $1`, [
      sha256,
      storedDaysAgo,
    ]);
    return sha256;
  };
  const unnamed = await documentOf('unnamed', 40);
  const named = await documentOf('named', 40);
  const filed = await documentOf('filed', 40);
  const fresh = await documentOf('fresh', 0);
  await db().query(
    `UPDATE funds SET payload = (payload::jsonb || jsonb_build_object('sources', jsonb_build_object('name',
       jsonb_build_object('document', $2::text, 'kind', 'kid', 'origin', 'library', 'page', 1, 'asOf', null))))::json
      WHERE isin = $1`,
    [kept, named],
  );
  await db().query(
    `INSERT INTO filed_documents (sha256, kind, media_type, isins, source, file_name, filed_by)
     VALUES ($1, 'kid', 'application/pdf', ARRAY[$2], 'inbox', 'kid.pdf', 'storage-retention-test')`,
    [filed, kept],
  );
  const readsIsin = uniqueIsin();
  await db().query(
    `INSERT INTO source_reads (isin, source, documents, read_at) VALUES ($1, 'old', 1, now() - interval '40 days'),
       ($1, 'new', 1, now())`,
    [readsIsin],
  );

  await withUniverseRefreshLock(async () => {
    await mutationsDone();
    await runUniverseRefresh();
    await mutationsDone();
  });

  // Holdings: the loads each stored fund serves (and any newer) stay; the rest, older than the grace, went.
  expect(await loadsOf([reloaded, kept, gone])).toEqual(
    [`${reloaded} ${recent} x4`, `${kept} ${old} x3`, `${gone} ${recent} x2`].sort(),
  );
  for (const [isin, lines] of [
    [reloaded, 4],
    [kept, 3],
  ] as const) {
    const res = await get(`/funds/${isin}/holdings`, key);
    expect(res.status).toBe(200);
    const body = await json<{ source: string; holdings: unknown[] }>(res);
    expect({ isin, source: body.source, lines: body.holdings.length }).toEqual({ isin, source: 'holdings', lines });
  }

  // Change feed: the old entries went from the outbox and the published feed; the recent one is served.
  const { rows: outbox } = await db().query<{ feed_id: string }>(
    'SELECT feed_id FROM change_outbox WHERE isin = $1 ORDER BY feed_id',
    [feedIsin],
  );
  expect(outbox.map((r) => Number(r.feed_id))).toEqual([recentId]);
  const since = new Date(now - 110 * DAY).toISOString();
  const feed = await json<{ changes: { id: number }[] }>(
    await get(`/changes?since=${encodeURIComponent(since)}&isins=${feedIsin}`, key),
  );
  expect(feed.changes.map((c) => c.id)).toEqual([recentId]);

  // Vocabulary: the unused word went, the stored funds' words stayed.
  const { rows: words } = await db().query<{ word: string }>(
    'SELECT word FROM fund_search_vocabulary WHERE word = ANY($1) ORDER BY word',
    [[unusedWord, 'retention', 'reloaded']],
  );
  expect(words.map((w) => w.word)).toEqual(['reloaded', 'retention']);

  // Documents: only the old one nothing names went; source reads: only the old one.
  const { rows: documents } = await db().query<{ sha256: string }>(
    'SELECT sha256 FROM documents WHERE sha256 = ANY($1)',
    [[unnamed, named, filed, fresh]],
  );
  expect(documents.map((d) => d.sha256).sort()).toEqual([named, filed, fresh].sort());
  const { rows: reads } = await db().query<{ source: string }>('SELECT source FROM source_reads WHERE isin = $1', [
    readsIsin,
  ]);
  expect(reads.map((r) => r.source)).toEqual(['new']);
  // The filed row was this test's own: other suites list the filed documents.
  await db().query('DELETE FROM filed_documents WHERE sha256 = $1', [filed]);

  // Factsheets: the old page went, the sheet stayed, and its link renders it again.
  const { rows: pages } = await db().query('SELECT 1 FROM factsheet_pages WHERE factsheet_id = $1', [sheet.id]);
  expect(pages).toHaveLength(0);
  const again = await fetch(sheet.links.html);
  expect(again.status).toBe(200);
  expect(await again.text()).toContain('Retention Kept Fund');
}, 120_000);

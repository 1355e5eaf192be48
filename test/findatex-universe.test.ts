/**
 * The library's FinDatEx folder as a universe, against the running stack: an EPT and an EMT file
 * written into `<LIBRARY_DIR>/findatex/` at test time make their share classes loadable by GET and
 * POST /funds (no fund folder, no restart), with row and column provenance; a newer file replaces
 * the values at the next refresh and writes change rows.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import type { BatchResponse } from '../src/schema/batch';
import type { ChangeFeedResponse } from '../src/schema/changes';
import type { FundEnvelope } from '../src/schema/fund';
import type { SearchResponse } from '../src/schema/search';
import type { z } from '../src/schema/zod';
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

type Fund = z.infer<typeof FundEnvelope>;

const FOLDER = path.join(config.libraryDir, 'findatex');
const RUN = randomUUID().slice(0, 8);
const written: string[] = [];

async function writeFile(name: string, content: string): Promise<void> {
  await fs.mkdir(FOLDER, { recursive: true });
  await fs.writeFile(path.join(FOLDER, name), content);
  written.push(path.join(FOLDER, name));
}

afterAll(async () => {
  for (const file of written) await fs.rm(file, { force: true });
});

const EPT_HEADER = [
  '00001_EPT_Version',
  '00010_Portfolio_Manufacturer_Name',
  '00030_Portfolio_Identifying_Data',
  '00050_Portfolio_Name',
  '00060_Portfolio_Or_Share_Class_Currency',
  '00070_PRIIPs_KID_Publication_Date',
  '01090_SRI',
  '01120_Recommended_Holding_Period',
  '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs',
  '03080_Ongoing_Costs_Portfolio_Transaction_Costs',
];
const EMT_HEADER = [
  '00001_EMT_Version',
  '00010_Financial_Instrument_Identifying_Data',
  '00030_Financial_Instrument_Name',
  '00040_Financial_Instrument_Currency',
  '00050_General_Reference_Date',
  '00070_Financial_Instrument_Manufacturer_Name',
  '01010_Investor_Type_Retail',
  '01020_Investor_Type_Professional',
  '02010_Basic_Investor',
  '04010_Risk_Tolerance_PRIIPS_Methodology',
  '05080_Minimum_Recommended_Holding_Period',
  '07020_Gross_One-off_Cost_Financial_Instrument_Maximum_Entry_Cost_Non_Acquired',
];

interface ClassRow {
  isin: string;
  name: string;
  sri: number;
  manager: string;
}

function eptCsv(rows: ClassRow[], date: string): string {
  const lines = rows.map((r) => ['V21', r.manager, r.isin, r.name, 'EUR', date, r.sri, 5, 0.0031, 0.0004].join(','));
  return `${[EPT_HEADER.join(','), ...lines].join('\n')}\n`;
}

function emtCsv(rows: ClassRow[], date: string): string {
  const lines = rows.map((r) =>
    ['V4.3', r.isin, r.name, 'EUR', date, r.manager, 'Y', 'Neutral', 'N', r.sri, 5, 0.02].join(','),
  );
  return `${[EMT_HEADER.join(','), ...lines].join('\n')}\n`;
}

/**
 * Ages stored payloads past the freshness window, then runs one universe refresh to its end (as test/refresh.test.ts
 * does).
 */
async function refresh(isins: string[]): Promise<void> {
  await withUniverseRefreshLock(async () => {
    await db().query(
      "UPDATE funds SET generated_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE isin = ANY($1)",
      [isins],
    );
    await runUniverseRefresh();
  });
}

describe('FinDatEx files as a universe', () => {
  let key: string;
  const classes: ClassRow[] = [0, 1, 2].map((i) => ({
    isin: uniqueIsin(),
    name: `Sample FinDatEx Universe Fund ${i}`,
    sri: 3 + i,
    manager: 'Sample Universe Manager',
  }));
  const eptFile = `EPT_universe-${RUN}.csv`;
  const emtFile = `EMT_universe-${RUN}.csv`;

  beforeAll(async () => {
    ({ key } = await newKey('scale'));
    await writeFile(eptFile, eptCsv(classes, '2026-01-15'));
    await writeFile(emtFile, emtCsv(classes, '2026-01-31'));
  });

  it('loads a share class known only from the files, with the values and their row and column', async () => {
    const res = await get(`/funds/${classes[1].isin}`, key);
    expect(res.status).toBe(200);
    const body = await json<Fund>(res);
    const d = body.data;
    expect(body.name).toBe(classes[1].name);
    expect(d.keyFacts).toMatchObject({ manager: 'Sample Universe Manager', currency: 'EUR' });
    expect(d.riskRating).toBe(4);
    expect(d.costs).toMatchObject({
      ongoing: '0.31%',
      transaction: '0.04%',
      entry: '2.00%',
      recommendedHoldingPeriod: '5 years',
    });
    expect(d.targetMarket).toMatchObject({
      investorTypes: { retail: 'Y', professional: 'Neutral', eligibleCounterparty: null },
      knowledgeAndExperience: { basic: 'N' },
      riskTolerance: { priips: 4 },
    });
    // The second share class sits on row 3 of both files (the header is row 1).
    expect(d.sources.riskRating).toMatchObject({
      kind: 'ept',
      origin: `library:findatex/${eptFile}`,
      row: 3,
      column: '01090_SRI',
      asOf: '2026-01-15',
    });
    expect(d.sources['costs.ongoing']).toMatchObject({
      row: 3,
      column: '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs',
    });
    expect(d.sources['costs.entry']).toMatchObject({
      kind: 'emt',
      origin: `library:findatex/${emtFile}`,
      row: 3,
      column: '07020_Gross_One-off_Cost_Financial_Instrument_Maximum_Entry_Cost_Non_Acquired',
    });
    expect(d.sources['targetMarket.investorTypes.retail']).toMatchObject({
      kind: 'emt',
      row: 3,
      column: '01010_Investor_Type_Retail',
    });
  });

  it('finds a loaded share class by search, by name and by ISIN', async () => {
    const byName = await json<SearchResponse>(
      await get(`/search?q=${encodeURIComponent('FinDatEx Universe Fund 1')}`, key),
    );
    expect(byName.results.map((r) => r.isin)).toContain(classes[1].isin);
    const byIsin = await json<SearchResponse>(await get(`/search?q=${classes[1].isin}`, key));
    expect(byIsin.results[0]).toMatchObject({
      isin: classes[1].isin,
      name: classes[1].name,
      issuer: 'Sample Universe Manager',
      currency: 'EUR',
    });
  });

  it('answers POST /funds for several of its share classes', async () => {
    const res = await post('/funds', key, { isins: classes.map((c) => c.isin) });
    expect(res.status).toBe(200);
    const body = await json<z.infer<typeof BatchResponse>>(res);
    expect(body.results.map((r) => [r.status, r.name, r.data?.riskRating])).toEqual(
      classes.map((c) => ['ok', c.name, c.sri]),
    );
  });

  it('quotes a newer file at the next refresh and records what changed', async () => {
    const isin = classes[0].isin;
    expect((await json<Fund>(await get(`/funds/${isin}`, key))).data.riskRating).toBe(3);
    const start = new Date().toISOString();
    // A newer EPT (later KID date) for the same share classes, under another name: it wins over the older file.
    const changed = classes.map((c, i) => (i === 0 ? { ...c, sri: 6, manager: 'Sample Successor Manager' } : c));
    await writeFile(`EPT_universe-${RUN}-v2.csv`, eptCsv(changed, '2026-07-15'));
    await refresh(classes.map((c) => c.isin));

    const body = await json<Fund>(await get(`/funds/${isin}`, key));
    expect(body.cached).toBe(true); // refreshed by the workflow, not by this request
    expect(body.data.riskRating).toBe(6);
    expect(body.data.keyFacts.manager).toBe('Sample Successor Manager');
    expect(body.data.sources.riskRating).toMatchObject({
      origin: `library:findatex/EPT_universe-${RUN}-v2.csv`,
      row: 2,
      column: '01090_SRI',
      asOf: '2026-07-15',
    });

    const feed = await json<z.infer<typeof ChangeFeedResponse>>(
      await get(`/changes?isins=${isin}&since=${encodeURIComponent(start)}`, key),
    );
    expect(feed.changes.map((c) => [c.event, c.field, c.old, c.new])).toEqual(
      expect.arrayContaining([
        ['fund.changed', 'riskRating', '3', '6'],
        ['fund.changed', 'keyFacts.manager', 'Sample Universe Manager', 'Sample Successor Manager'],
      ]),
    );
  });

  it('makes an ISIN known that was answered "no data" before its file arrived, without a restart', async () => {
    const late: ClassRow = {
      isin: uniqueIsin(),
      name: 'Sample FinDatEx Late Fund',
      sri: 2,
      manager: 'Sample Universe Manager',
    };
    const before = await get(`/funds/${late.isin}`, key);
    expect(before.status).toBe(404); // remembered for NOT_FOUND_TTL_HOURS
    expect((await get(`/funds/${late.isin}`, key)).status).toBe(404);
    await writeFile(`EPT_universe-${RUN}-late.csv`, eptCsv([late], '2026-02-01'));
    // The worker looks at the folder every FINDATEX_SCAN_SECONDS (2 s in tests) and forgets the miss.
    let status = 404;
    for (let i = 0; i < 40 && status === 404; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await get(`/funds/${late.isin}`, key)).status;
    }
    expect(status).toBe(200);
    expect((await json<Fund>(await get(`/funds/${late.isin}`, key))).name).toBe(late.name);
  });
});

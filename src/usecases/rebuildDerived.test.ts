import type { FundProvenance } from '../domain/derivedData';
import type { DocumentRef } from '../domain/documents';
import type { HoldingsSnapshot } from '../domain/holdings';
import type { FieldSource } from '../schema/fund';
import type { FeedRepublisher } from './ports/changes';
import type {
  DerivedExtractor,
  DerivedStore,
  HoldingsWrite,
  NavReading,
  ProvenanceStore,
  SeriesWrite,
  StoredDocumentBytes,
} from './ports/derived';
import { rebuildDerivedData, type RebuildProblem } from './rebuildDerived';

const sha = (c: string) => c.repeat(64);
const src = (document: string, kind: string, asOf: string | null = null): FieldSource => ({
  document,
  kind,
  origin: `library:${kind}`,
  page: null,
  asOf,
});

/** A stored document whose bytes say what reading it gives (the fake extractor parses them as JSON). */
const doc = (reading: { nav?: NavReading; holdings?: HoldingsSnapshot; unreadable?: string }): StoredDocumentBytes => ({
  mediaType: 'text/csv',
  content: Buffer.from(JSON.stringify(reading)),
});

const line = (name: string) => ({
  name,
  issuer: null,
  isin: null,
  weight: 50,
  country: null,
  sector: null,
  assetClass: null,
  currency: null,
});
const NAV: NavReading = {
  fund: [
    { date: '2026-10-29', value: 100 },
    { date: '2026-10-30', value: 101 },
  ],
  benchmark: [{ date: '2026-10-30', value: 99 }],
};
const HOLDINGS: HoldingsSnapshot = { asOf: '2026-10-31', holdings: [line('A'), line('B')] };
const STAMP = { loadedAt: '2026-11-23 10:00:04', asOf: '2026-10-31', count: 2 };

const fund = (isin: string, over: Partial<FundProvenance> = {}): FundProvenance => ({
  isin,
  generatedAt: '2026-11-23T10:00:05.000Z',
  sources: {},
  holdings: null,
  filed: [],
  ...over,
});

class FakePostgres implements ProvenanceStore, FeedRepublisher {
  constructor(
    private readonly funds: FundProvenance[],
    private readonly documents: Record<string, StoredDocumentBytes>,
    private readonly outbox: number[] = [],
  ) {}
  page(after: string | null, limit: number) {
    return Promise.resolve(this.funds.filter((f) => f.isin > (after ?? '')).slice(0, limit));
  }
  count() {
    return Promise.resolve(this.funds.length);
  }
  document(sha256: string) {
    return Promise.resolve(this.documents[sha256] ?? null);
  }
  republish(afterId: number, limit: number) {
    const rows = this.outbox.filter((id) => id > afterId).slice(0, limit);
    return Promise.resolve({ rows: rows.length, lastId: rows.at(-1) ?? null });
  }
}

/** Records the writes; each takes a few milliseconds, and the most series writes under way at once is kept. */
class FakeClickhouse implements DerivedStore {
  prepared = 0;
  series: SeriesWrite[][] = [];
  holdings: HoldingsWrite[][] = [];
  mostAtOnce = 0;
  private underWay = 0;
  prepare() {
    this.prepared++;
    return Promise.resolve();
  }
  async writeSeries(writes: readonly SeriesWrite[]) {
    this.series.push([...writes]);
    this.mostAtOnce = Math.max(this.mostAtOnce, ++this.underWay);
    await new Promise((r) => setTimeout(r, 5));
    this.underWay--;
    return writes.reduce((n, w) => n + w.points.length, 0);
  }
  writeHoldings(writes: readonly HoldingsWrite[]) {
    this.holdings.push([...writes]);
    return Promise.resolve(writes.reduce((n, w) => n + w.snapshot.holdings.length, 0));
  }
}

const refs: DocumentRef[] = [];
const extractor: DerivedExtractor = {
  read(_isin, ref, content) {
    refs.push(ref);
    const reading = JSON.parse(content.toString()) as {
      nav?: NavReading;
      holdings?: HoldingsSnapshot;
      unreadable?: string;
    };
    if (reading.unreadable) return Promise.reject(new Error(reading.unreadable));
    return Promise.resolve({ nav: reading.nav ?? null, holdings: reading.holdings ?? null });
  },
};

describe('rebuildDerivedData', () => {
  it('publishes the outbox again page by page, then writes each fund under its stamp, in batches', async () => {
    const funds = ['ZZ0000000001', 'ZZ0000000002', 'ZZ0000000003'].map((isin) =>
      fund(isin, {
        sources: { cumulativePerformance: src(sha('n'), 'nav', '2026-10-30'), geography: src(sha('h'), 'holdings') },
        holdings: STAMP,
      }),
    );
    const postgres = new FakePostgres(
      funds,
      { [sha('n')]: doc({ nav: NAV }), [sha('h')]: doc({ holdings: HOLDINGS }) },
      [1, 2, 3, 5, 8],
    );
    const clickhouse = new FakeClickhouse();
    const progress: string[] = [];
    const report = await rebuildDerivedData(
      { funds: postgres, feed: postgres, store: clickhouse, extractor },
      {
        pageSize: 2,
        feedPageSize: 2,
        concurrency: 2,
        batchRows: 5,
        onProgress: (p) => progress.push(`${p.phase} ${p.funds}/${p.totalFunds} ${p.rows.changeFeed}`),
      },
    );
    expect(report).toEqual({
      funds: 3,
      fundsWithNav: 3,
      fundsWithHoldings: 3,
      documentsRead: 6,
      documentsMissing: 0,
      rows: { navSeries: 9, fundHoldings: 6, changeFeed: 5 },
      notRebuilt: {
        nav: { no_document: 0, document_missing: 0, unreadable: 0, mismatch: 0 },
        holdings: { no_document: 0, document_missing: 0, unreadable: 0, mismatch: 0 },
      },
    });
    expect(clickhouse.prepared).toBe(1);
    expect(clickhouse.mostAtOnce).toBe(1); // one write at a time, however many lanes fill batches
    expect(progress).toEqual(['changes 0/3 2', 'changes 0/3 4', 'changes 0/3 5', 'funds 2/3 5', 'funds 3/3 5']);
    // Five rows a fund: a batch every fund, and every row under the summary's stamp.
    expect(clickhouse.holdings.length).toBeGreaterThanOrEqual(2);
    const writes = clickhouse.holdings.flat();
    expect(writes.map((w) => w.isin).sort()).toEqual(funds.map((f) => f.isin));
    expect(new Set(writes.map((w) => w.loadedAt.toISOString()))).toEqual(new Set(['2026-11-23T10:00:04.000Z']));
    expect(writes[0].snapshot).toEqual(HOLDINGS);
    const series = clickhouse.series.flat().filter((s) => s.isin === funds[0].isin);
    expect(series.map((s) => [s.series, s.points])).toEqual([
      ['fund', NAV.fund],
      ['benchmark', NAV.benchmark],
    ]);
  });

  it('passes the extractor a reference as the load had it: kind, origin, media type (a filing knows it)', async () => {
    refs.length = 0;
    const postgres = new FakePostgres(
      [
        fund('ZZ0000000001', {
          holdings: STAMP,
          filed: [
            {
              sha256: sha('h'),
              kind: 'holdings',
              origin: 'filed:h.xlsx',
              mediaType: 'application/x-test',
              retrievedAt: '2026-11-20T00:00:00.000Z',
              recipe: null,
            },
          ],
        }),
      ],
      { [sha('h')]: doc({ holdings: HOLDINGS }) },
    );
    await rebuildDerivedData({ funds: postgres, feed: postgres, store: new FakeClickhouse(), extractor });
    expect(refs).toEqual([
      {
        sha256: sha('h'),
        kind: 'holdings',
        mediaType: 'application/x-test',
        origin: 'filed:h.xlsx',
        retrievedAt: '2026-11-20T00:00:00.000Z',
        size: doc({ holdings: HOLDINGS }).content.length,
      },
    ]);
  });

  it('writes nothing it cannot vouch for, and reports each part with why', async () => {
    const other: HoldingsSnapshot = { asOf: '2026-09-30', holdings: [line('A')] };
    const funds = [
      // The stamp names holdings, but the payload names no holdings document and none is filed.
      fund('ZZ0000000001', { holdings: STAMP }),
      // Its documents are gone from the store.
      fund('ZZ0000000002', {
        sources: { cumulativePerformance: src(sha('m'), 'nav', '2026-10-30'), geography: src(sha('l'), 'holdings') },
        holdings: STAMP,
      }),
      // Read again, the documents say something else than the payload recorded (the parsers changed).
      fund('ZZ0000000003', {
        sources: { cumulativePerformance: src(sha('n'), 'nav', '2026-10-31'), geography: src(sha('o'), 'holdings') },
        holdings: STAMP,
      }),
      // Unreadable now; and a second holdings file that does match is taken instead.
      fund('ZZ0000000004', {
        sources: {
          cumulativePerformance: src(sha('u'), 'nav', '2026-10-30'),
          geography: src(sha('u'), 'holdings'),
          sector: src(sha('h'), 'holdings'),
        },
        holdings: STAMP,
      }),
    ];
    const postgres = new FakePostgres(funds, {
      [sha('n')]: doc({ nav: NAV }),
      [sha('o')]: doc({ holdings: other }),
      [sha('u')]: doc({ unreadable: 'no date and NAV columns found' }),
      [sha('h')]: doc({ holdings: HOLDINGS }),
    });
    const clickhouse = new FakeClickhouse();
    const problems: RebuildProblem[] = [];
    const report = await rebuildDerivedData(
      { funds: postgres, feed: postgres, store: clickhouse, extractor },
      { concurrency: 1, onProblem: (p) => problems.push(p) },
    );
    expect(problems.map((p) => [p.isin, p.part, p.reason])).toEqual([
      ['ZZ0000000001', 'holdings', 'no_document'],
      ['ZZ0000000002', 'nav', 'document_missing'],
      ['ZZ0000000002', 'holdings', 'document_missing'],
      ['ZZ0000000003', 'nav', 'mismatch'],
      ['ZZ0000000003', 'holdings', 'mismatch'],
      ['ZZ0000000004', 'nav', 'unreadable'],
    ]);
    expect(problems[3].detail).toMatch(
      /ending on 2026-10-31; read again: a NAV series of 2 points ending on 2026-10-30/,
    );
    expect(problems[4].detail).toMatch(/2 holdings lines as of 2026-10-31; read again: 1 lines as of 2026-09-30/);
    expect(problems[5].detail).toMatch(/no date and NAV columns found/);
    expect(report.documentsMissing).toBe(2);
    expect(report.fundsWithNav).toBe(0);
    expect(report.fundsWithHoldings).toBe(1);
    expect(clickhouse.holdings.flat().map((w) => w.isin)).toEqual(['ZZ0000000004']);
    expect(clickhouse.series.flat()).toEqual([]);
  });
});

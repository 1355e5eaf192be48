import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { analyseNavSeries } from '../src/domain/analytics';
import { assembleFund } from '../src/domain/assembleFund';
import { closeParsePool } from '../src/parsing/pool/pool';
import { FundData } from '../src/schema/fund';
import { extractFundData, type LoadedDocument } from '../src/sources/extract';
import { FindatexLibraryConnector } from '../src/sources/findatexLibrary';
import { classifyLibraryFile } from '../src/sources/localLibrary';
import {
  FINDATEX_SAMPLE_DATE,
  FINDATEX_SAMPLE_FILES,
  FINDATEX_SAMPLE_MANAGER,
  findatexSampleClasses,
  sampleEmtCsv,
  sampleEptXlsx,
} from './findatex';
import { sampleDocuments, type SampleFund, sampleFunds, writeSampleLibrary } from './library';

/** Every sample fund, through the same extraction and assembly a load runs, checked against what was generated. */
async function load(fund: SampleFund) {
  const files = await sampleDocuments(fund);
  const docs: LoadedDocument[] = Object.entries(files).map(([name, body]) => {
    const content = Buffer.isBuffer(body) ? body : Buffer.from(body);
    const known = classifyLibraryFile(name)!;
    return {
      ref: {
        sha256: createHash('sha256').update(content).digest('hex'),
        ...known,
        origin: `library:${fund.isin}/${name}`,
        retrievedAt: '2026-11-01T00:00:00Z',
        size: content.length,
      },
      content,
    };
  });
  const x = await extractFundData(fund.isin, docs);
  const analytics = x.nav
    ? analyseNavSeries({ fund: x.nav.fund, benchmark: x.nav.benchmark, inception: x.data.keyFacts.inception })
    : null;
  return { files, name: x.name, data: assembleFund(x.data, analytics, x.navSource) };
}

const funds = sampleFunds();

describe('sample library', () => {
  afterAll(() => closeParsePool()); // extractFundData parsed the documents in the shared pool's threads

  it('has 40 fictional funds under the ZZ country code, named as samples, across kinds and currencies', () => {
    expect(funds).toHaveLength(40);
    expect(new Set(funds.map((f) => f.isin)).size).toBe(40);
    for (const f of funds) {
      expect(f.isin).toMatch(/^ZZ/);
      expect(f.name).toMatch(/^Sample /);
    }
    expect(new Set(funds.map((f) => f.assetClass)).size).toBe(5);
    expect(new Set(funds.map((f) => f.currency)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(funds.map((f) => f.distribution))).toEqual(new Set(['Accumulating', 'Distributing']));
    expect(funds.some((f) => f.benchmark === null) && funds.some((f) => f.benchmark !== null)).toBe(true);
    expect(funds.some((f) => !f.hasNav || !f.hasFactsheet || f.keyDocument === null)).toBe(true);
  });

  it('generates the same bytes every time', async () => {
    const hash = async (f: SampleFund) =>
      Object.entries(await sampleDocuments(f))
        .map(([n, b]) => `${n}:${createHash('sha256').update(b).digest('hex')}`)
        .join(',');
    for (const f of funds.slice(0, 6)) expect(await hash(f)).toBe(await hash(f));
  });

  describe.each(funds.map((f) => [f.isin, f] as const))('%s', (_isin, fund) => {
    let loaded: Awaited<ReturnType<typeof load>>;
    beforeAll(async () => {
      loaded = await load(fund);
    });

    it('extracts valid FundData with provenance for every filled field', () => {
      expect(() => FundData.parse(loaded.data)).not.toThrow();
      for (const [field, source] of Object.entries(loaded.data.sources)) {
        // The one value no document gives: the spec's asset-class rule, flagged as such.
        if (source.method === 'fallback') {
          expect(field).toBe('riskRating');
          continue;
        }
        expect(source.origin).toMatch(new RegExp(`^library:${fund.isin}/`));
        expect(field).toBeTruthy();
      }
    });

    it('reads the facts its documents state, and invents none', () => {
      const d = loaded.data;
      if (fund.keyDocument || fund.hasEpt || fund.hasFactsheet) expect(loaded.name).toBe(fund.name);
      if (fund.keyDocument || fund.hasEpt) {
        expect(d.riskRating).toBe(fund.sri);
        expect(d.costs.ongoing).toBe(`${(fund.costs.ongoing * 100).toFixed(2)}%`);
      }
      if (fund.keyDocument === 'kid' || fund.hasEpt)
        expect(d.costs.recommendedHoldingPeriod).toBe(`${fund.rhpYears} year${fund.rhpYears === 1 ? '' : 's'}`);
      if (fund.keyDocument === 'kid' && fund.sfdrArticle) expect(d.sfdrArticle).toBe(fund.sfdrArticle);
      if (fund.hasFactsheet) {
        expect(d.keyFacts.assetClass).toBe(fund.assetClass);
        expect(d.keyFacts.currency).toBe(fund.currency);
        expect(d.keyFacts.distribution).toBe(fund.distribution);
        expect(d.keyFacts.inception).toBe(fund.inception);
        expect(d.benchmarkName).toBe(fund.benchmark ?? 'None');
        expect(d.topHoldings.length).toBeGreaterThan(0);
      } else {
        expect(d.keyFacts.assetClass).toBe('');
        expect(d.keyFacts.aum).toBe('');
      }
      if (fund.hasNav) {
        expect(d.dataAsOf).toBe('2026-10-30');
        expect(d.cumulativePerformance.length).toBeGreaterThan(12);
        expect(d.annualisedReturns.map((r) => r.label)).toContain('1 Year');
        expect(d.indexedPerformance.hasIndex).toBe(fund.benchmark !== null);
      } else {
        expect(d.cumulativePerformance).toEqual([]);
        expect(d.metrics.volatility3y).toBe('');
      }
      if (fund.holdingsFormat) expect(d.topHoldings.length).toBe(10);
      expect(d.keyFacts.subAsset).toBe(d.profile.category);
    });
  });
});

describe('sample library: the FinDatEx folder', () => {
  const classes = findatexSampleClasses();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sample-library-'));
  beforeAll(() => writeSampleLibrary(root), 60_000);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('covers fictional ZZ share classes named as samples, none of them a library fund or a fund folder', () => {
    const fundIsins = new Set(funds.map((f) => f.isin));
    expect(classes.length).toBeGreaterThanOrEqual(5);
    for (const c of classes) {
      expect(c.isin).toMatch(/^ZZ/);
      expect(c.name).toMatch(/^Sample FinDatEx /);
      expect(fundIsins.has(c.isin)).toBe(false);
      expect(fs.existsSync(path.join(root, c.isin))).toBe(false);
    }
    expect(fs.readdirSync(path.join(root, 'findatex')).sort()).toEqual(
      [FINDATEX_SAMPLE_FILES.emt, FINDATEX_SAMPLE_FILES.ept].sort(),
    );
  });

  it('generates the same bytes every time', () => {
    expect(sampleEptXlsx().equals(sampleEptXlsx())).toBe(true);
    expect(sampleEmtCsv()).toBe(sampleEmtCsv());
  });

  it.each(classes.map((c, i) => [c.isin, c, i] as const))(
    '%s loads from its EPT and EMT rows, with row and column provenance',
    async (isin, c, i) => {
      const docs = await new FindatexLibraryConnector(root).fetch(isin);
      expect(docs.map((d) => d.kind).sort()).toEqual(['emt', 'ept']);
      const loaded: LoadedDocument[] = docs.map((d) => ({
        ref: {
          sha256: createHash('sha256').update(d.content).digest('hex'),
          kind: d.kind,
          mediaType: d.mediaType,
          origin: d.origin,
          retrievedAt: d.retrievedAt,
          size: d.content.length,
        },
        content: d.content,
      }));
      const x = await extractFundData(isin, loaded);
      const d = assembleFund(x.data, null, null);
      expect(() => FundData.parse(d)).not.toThrow();
      expect(x.name).toBe(c.name);
      expect(d.keyFacts).toMatchObject({ manager: FINDATEX_SAMPLE_MANAGER, currency: c.currency });
      expect(d.riskRating).toBe(c.sri);
      expect(d.costs.ongoing).toBe(`${(c.costs.ongoing * 100).toFixed(2)}%`.replace(/^(\d+\.\d\d)%$/, '$1%'));
      expect(d.costs.recommendedHoldingPeriod).toBe(`${c.rhpYears} years`);
      expect(d.dataAsOf).toBe(FINDATEX_SAMPLE_DATE);
      expect(d.targetMarket?.investorTypes.retail).toBe(c.retail);
      expect(d.targetMarket?.returnProfile.income).toBe(c.income);
      expect(d.sources.riskRating).toMatchObject({
        kind: 'ept',
        origin: `library:findatex/${FINDATEX_SAMPLE_FILES.ept}`,
        row: i + 2,
        column: '01090_SRI',
      });
      expect(d.sources['targetMarket.investorTypes.retail']).toMatchObject({
        kind: 'emt',
        origin: `library:findatex/${FINDATEX_SAMPLE_FILES.emt}`,
        row: i + 2,
        column: '01010_Investor_Type_Retail',
      });
    },
  );
});

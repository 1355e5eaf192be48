import fc from 'fast-check';

import {
  ADVERSARIAL_CASES,
  LABEL_FRAGMENTS,
  type ParserName,
  PARSERS,
  pastedText,
} from '../../test/fixtures/adversarial';
import { UnreadableDocumentError } from '../domain/documents';
import { normaliseIsin } from '../schema/isin';
import { extractDocumentData } from '../sources/extract';
import type { FactsheetFields } from './factsheet';
import type { FindatexDocument } from './findatex';
import type { HoldingsFile } from './holdings';
import type { KeyFactHit } from './keyFacts';
import { type KidFields, parseKid } from './kid';
import { KID_LANGUAGE_CODES } from './kid/languages';
import type { NavSeries } from './nav';
import { closeParsePool } from './pool/pool';
import type { ScpiReading } from './scpi/types';

/**
 * Hostile and random text through every parser: each answers (a result, or UnreadableDocumentError for a
 * file it cannot read) and what it answers is sane. Time is not asserted here: bench/parserScaling.ts
 * measures how it grows with the input.
 */

const PERCENT = /^-?\d+\.\d{2,}%$/;
/** A KID's cost: a percentage, a share of the outperformance, or a fixed amount with its currency. */
const COST =
  /^(?:-?\d+\.\d{2,}%(?: of the outperformance)?|(?:[A-Z]{3}|[€£$]) ?\d[\d.,' ]*|\d[\d.,' ]* ?(?:[A-Z]{3}|[€£]))$/;
const isPage = (p: unknown) => Number.isInteger(p) && (p as number) >= 1;

function expectSaneKid(kid: KidFields): void {
  expect(['kid', 'kiid']).toContain(kid.docType);
  expect([null, ...KID_LANGUAGE_CODES]).toContain(kid.language);
  if (kid.isin !== null) expect(normaliseIsin(kid.isin)).toBe(kid.isin);
  for (const risk of [kid.sri, kid.srri])
    if (risk !== null) expect(Number.isInteger(risk) && risk >= 1 && risk <= 7).toBe(true);
  if (kid.recommendedHoldingPeriodYears !== null) expect(kid.recommendedHoldingPeriodYears).toBeGreaterThan(0);
  for (const cost of Object.values(kid.costs)) if (cost !== null) expect(cost).toMatch(COST);
  for (const text of [kid.name, kid.manager, kid.benchmark, kid.objective])
    if (text !== null) expect(text.trim() === text && !text.includes('\n')).toBe(true);
  if (kid.docDate !== null) expect(kid.docDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  if (kid.maturityDate !== null) expect(kid.maturityDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  if (kid.sfdrArticle !== null) expect([6, 8, 9]).toContain(kid.sfdrArticle);
  expect(Object.values(kid.pages).every(isPage)).toBe(true);
}

function expectSaneFactsheet({
  sheet,
  facts,
}: {
  sheet: FactsheetFields;
  facts: Record<string, KeyFactHit | undefined>;
}): void {
  if (sheet.isin !== null) expect(normaliseIsin(sheet.isin)).toBe(sheet.isin);
  expect(sheet.topHoldings.length).toBeLessThanOrEqual(10);
  for (const { weight } of [...sheet.topHoldings, ...sheet.sector]) expect(weight >= 0 && weight <= 100).toBe(true);
  for (const value of [sheet.ter, sheet.volatility]) if (value !== null) expect(value).toMatch(PERCENT);
  if (sheet.nav !== null) expect(Number.isFinite(sheet.nav)).toBe(true);
  for (const date of [sheet.inception, sheet.reportDate])
    if (date !== null) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(Object.values(sheet.pages).every(isPage)).toBe(true);
  for (const fact of Object.values(facts))
    expect(fact && fact.value.trim() === fact.value && fact.value !== '' && isPage(fact.page)).toBe(true);
}

const SANE: Record<ParserName, (result: never) => void> = {
  kid: expectSaneKid,
  factsheet: expectSaneFactsheet,
  holdings: (file: HoldingsFile) => {
    expect(file.totalHoldings).toBeLessThanOrEqual(file.holdings.length);
    for (const h of file.holdings) expect(Number.isFinite(h.weight) && typeof h.name === 'string').toBe(true);
  },
  nav: (nav: NavSeries) => {
    expect(nav.fund.length).toBeGreaterThan(0);
    for (const series of [nav.fund, nav.benchmark]) {
      for (let i = 0; i < series.length; i++) {
        expect(series[i].value).toBeGreaterThan(0);
        if (i > 0) expect(series[i].date > series[i - 1].date).toBe(true);
      }
    }
  },
  findatex: (doc: FindatexDocument) => expect(['ept', 'emt', 'tpt']).toContain(doc.kind),
  scpi: (readings: ScpiReading[]) => {
    for (const reading of readings) {
      for (const hit of Object.values(reading.scalars)) {
        expect(isPage(hit.page)).toBe(true);
        if (typeof hit.value === 'number') expect(Number.isFinite(hit.value)).toBe(true);
        if (typeof hit.value === 'string') expect(hit.value.trim()).toBe(hit.value);
      }
      if (reading.asOf !== null) expect(reading.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  },
};

/** Runs a parser and checks its answer: a sane result, or an UnreadableDocumentError (any other error fails). */
async function expectSaneAnswer(parser: ParserName, text: string): Promise<void> {
  let result: unknown;
  try {
    result = await PARSERS[parser](text);
  } catch (err) {
    expect(err).toBeInstanceOf(UnreadableDocumentError);
    return;
  }
  SANE[parser](result as never);
}

describe('parsers on hostile inputs', () => {
  it.each(ADVERSARIAL_CASES.map((c) => [c.parser, c.name, c] as const))('%s: %s', async (_parser, _name, c) => {
    await expectSaneAnswer(c.parser, c.build(50_000));
  });

  it('reads a megabyte of digits as nothing, in every parser', async () => {
    const digits = '7'.repeat(1_000_000);
    for (const parser of ['kid', 'factsheet', 'scpi'] as const) await expectSaneAnswer(parser, digits);
    await expectSaneAnswer('holdings', `Ticker,Name,Weight (%)\nX,Foo,${digits}x\n`);
    await expectSaneAnswer('nav', `Date,NAV\n2024-01-01,${digits}x\n2024-01-02,101.5\n`);
  });

  it('nests brackets deeply without effect on the fields around them', () => {
    const nested = `${'('.repeat(20_000)}${'['.repeat(20_000)}${']'.repeat(20_000)}${')'.repeat(20_000)}`;
    const kid = parseKid(pastedText(`Product: Example Fund\n${nested}\nEntry costs 1.00%\nISIN: LU0292097234`));
    expect(kid).toMatchObject({
      name: 'Example Fund',
      isin: 'LU0292097234',
      costs: expect.objectContaining({ entry: '1.00%' }) as unknown,
    });
  });
});

describe('the original attack: 250,000 "A"s as a KID', () => {
  const attack = 'A'.repeat(250_000);
  afterAll(() => closeParsePool());

  it('completes in the parser and finds nothing', () => {
    const kid = parseKid(pastedText(attack));
    expectSaneKid(kid);
    expect(kid).toMatchObject({ isin: null, name: null, benchmark: null, sri: null });
  });

  it('still reads the real fields of a document carrying it', () => {
    const text = `Key Information Document\nProduct: Example Fund\nISIN: LU0292097234\nThe fund tracks the MSCI World Index.\n${attack}\nEntry costs 1.00%`;
    expect(parseKid(pastedText(text))).toMatchObject({
      name: 'Example Fund',
      isin: 'LU0292097234',
      benchmark: 'MSCI World Index',
      costs: expect.objectContaining({ entry: '1.00%' }) as unknown,
    });
  });

  it("goes through POST /extract's path (the parse pool) to an answer", async () => {
    const content = Buffer.from(attack);
    const ref = {
      sha256: 'b'.repeat(64),
      kind: 'kid' as const,
      mediaType: 'text/plain',
      origin: 'pasted text',
      retrievedAt: '2026-01-01T00:00:00.000Z',
      size: content.length,
    };
    const extracted = await extractDocumentData({ ref, content }, null);
    expect(extracted).toMatchObject({ chars: 250_000, pages: 1, fieldsFilled: 0, isin: null });
  });
});

describe('parsers on random text (property)', () => {
  const fragments = fc.constantFrom(...LABEL_FRAGMENTS);
  const noise = fc.string({ unit: 'grapheme', maxLength: 40 });
  const runs = fc
    .tuple(fc.constantFrom(' ', 'A', '1', '(', ':', '\t', '%', '.'), fc.integer({ min: 1, max: 3_000 }))
    .map(([c, n]) => c.repeat(n));
  const documentText = fc.array(fc.oneof(fragments, noise, runs), { maxLength: 60 }).map((parts) => parts.join(''));

  it.each(['kid', 'factsheet'] as const)('%s: label fragments, unicode and runs mixed', async (parser) => {
    await fc.assert(
      fc.asyncProperty(documentText, (text) => expectSaneAnswer(parser, text)),
      { numRuns: 150 },
    );
  });

  it.each(['kid', 'factsheet'] as const)('%s: any unicode string', async (parser) => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 2_000 }), (text) => expectSaneAnswer(parser, text)),
      { numRuns: 150 },
    );
  });

  const cell = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.double({ noNaN: true }).map(String),
    fc.constantFrom('2024-01-02', '31/12/2025', 'AA+', ' (sf)', '"', ''),
    runs,
  );
  const table = (header: string) =>
    fc
      .array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 20 })
      .map((rows) => `${header}\n${rows.map((r) => r.join(',')).join('\n')}\n`);

  it.each([
    ['holdings', 'Ticker,Name,Sector,Weight (%),Location'],
    ['nav', 'Date,NAV,Benchmark'],
    [
      'findatex',
      '00001_EPT_Version,00010_Portfolio_Manufacturer_Name,00030_Portfolio_Identifying_Data,00050_Portfolio_Name,01090_SRI',
    ],
    [
      'findatex',
      '1_Portfolio_identifying_data,12_CIC_code_of_the_instrument,17_Instrument_name,26_Valuation_weight,112_Credit_rating',
    ],
  ] as const)('%s: random cells under a header', async (parser, header) => {
    await fc.assert(
      fc.asyncProperty(table(header), (csv) => expectSaneAnswer(parser, csv)),
      { numRuns: 100 },
    );
  });
});

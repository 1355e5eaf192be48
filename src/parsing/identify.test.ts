import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { utils, write } from '@e965/xlsx';
import { zipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { stringify as toYaml } from 'yaml';

import {
  eptCsv,
  factsheetPdf,
  holdingsXlsx,
  isharesHoldingsCsv,
  kidPdf,
  kiidPdf,
  navCsv,
  plainHoldingsCsv,
  tptJson,
} from '../../samples/documents';
import { FINDATEX_SAMPLE_DATE, findatexSampleClasses, sampleEmtCsv, sampleEptXlsx } from '../../samples/findatex';
import { prng, type SampleFund, sampleFunds, sampleIsin } from '../../samples/funds';
import { KID_DATE, localKidPdf, localKiidPdf } from '../../samples/keyDocuments';
import { type SampleLanguage, WORDING } from '../../samples/keyDocumentWording';
import { type PdfLine, textPdf } from '../../samples/pdf';
import { scpiProfiles } from '../../samples/scpi';
import { scpiDocumentContents, scpiDocuments } from '../../samples/scpiDocuments';
import { xlsx } from '../../samples/xlsx';
import { ADVERSARIAL_CASES, pastedText } from '../../test/fixtures/adversarial';
import { EMT_ROW, EPT_ROW, table, TPT_POSITIONS, tptRow } from '../../test/fixtures/findatexRows';
import { parseHoldings, XLSX_MEDIA_TYPE } from './holdings';
import { HEADERS } from './holdingsVocabulary';
import { type Identification, type IdentifiedDocument, identifyDocument } from './identify';
import { describePdf } from './identify/classify';
import { documentRanges } from './identify/split';
import { closesKeyDocument, HOLDINGS_HEADER_WORDS, opensKeyDocument } from './identify/words';
import { KID_LANGUAGE_CODES, KID_LANGUAGES } from './kid/languages';
import { parseNav } from './nav';
import { closePdfReaders } from './pdf/text';

/**
 * Identification by content: the sample library's documents in every language the service reads, PDFs made of
 * several key documents, files that are none of ours, and (when ../shared/realdocs is there) real documents.
 */

afterAll(() => closePdfReaders());

const PDF = 'application/pdf';
const FUNDS = sampleFunds();
const fund = (i: number): SampleFund => FUNDS[i % FUNDS.length];
const english = (f: SampleFund): SampleFund => ({ ...f, language: 'en' });

async function identified(content: Buffer | string): Promise<IdentifiedDocument[]> {
  const result = await identifyDocument(Buffer.isBuffer(content) ? content : Buffer.from(content));
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.documents;
}

async function one(content: Buffer | string): Promise<IdentifiedDocument> {
  const documents = await identified(content);
  expect(documents).toHaveLength(1);
  return documents[0];
}

async function reason(content: Buffer | string): Promise<string> {
  const result: Identification = await identifyDocument(Buffer.isBuffer(content) ? content : Buffer.from(content));
  if (result.ok) throw new Error(`identified as ${result.documents.map((d) => d.kind).join(', ')}`);
  expect(result.reason.length).toBeLessThanOrEqual(300);
  expect(result.reason).not.toMatch(/\n/);
  return result.reason;
}

async function concatPdfs(...parts: Buffer[]): Promise<Buffer> {
  const out = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part);
    for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
  }
  return Buffer.from(await out.save());
}

const pageCount = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPageCount();

// ---------------------------------------------------------------------------------------------- key documents

/** Every language a sample KID or KIID is written in besides English: the EEA's official languages. */
const LOCAL_LANGUAGES = Object.keys(WORDING) as SampleLanguage[];

describe('PRIIPs KIDs and UCITS KIIDs of the sample library', () => {
  it.each(['en', ...LOCAL_LANGUAGES])('reads a KID in %s: kind, language, ISIN, name and date', async (language) => {
    const f = fund(KID_LANGUAGE_CODES.indexOf(language) + 3);
    const pdf = language === 'en' ? await kidPdf(english(f)) : await localKidPdf(f, language as SampleLanguage);
    expect(await one(pdf)).toEqual({
      kind: 'kid',
      mediaType: PDF,
      language,
      isins: [f.isin],
      asOf: KID_DATE,
      name: f.name,
      pages: null,
      content: pdf,
    });
  });

  it('tells a KID from a KIID by its headings when the title is one both print (Swedish "Faktablad")', async () => {
    const f = fund(5);
    const page = (headings: string[]) =>
      textPdf('faktablad', [['Faktablad', f.name, `ISIN: ${f.isin}`, ...headings, 'Praktisk information']]);
    const kiid = await page(['Mål och placeringsinriktning', 'Risk/avkastningsprofil', 'Löpande avgifter 0,20 %']);
    const kid = await page([
      'Vad är detta för en produkt?',
      'Vilka är riskerna och vad kan jag få för avkastning?',
      'Vilka är kostnaderna?',
    ]);
    expect((await one(kiid)).kind).toBe('kiid');
    expect((await one(kid)).kind).toBe('kid');
  });

  it.each(['en', ...LOCAL_LANGUAGES])('reads a KIID in %s', async (language) => {
    const f = fund(KID_LANGUAGE_CODES.indexOf(language) + 11);
    const pdf = language === 'en' ? await kiidPdf(english(f)) : await localKiidPdf(f, language as SampleLanguage);
    const doc = await one(pdf);
    expect(doc).toMatchObject({ kind: 'kiid', mediaType: PDF, language, isins: [f.isin], asOf: KID_DATE });
    expect(doc.name).toBe(f.name);
  });

  it('tells a KID by its headings when its first page has no title on top (a cover page first)', async () => {
    const f = fund(0);
    const cover = await textPdf('cover', [['Sample Asset Management', 'Annual documentation pack', f.name]]);
    const doc = await one(await concatPdfs(cover, await kidPdf(english(f))));
    expect(doc).toMatchObject({ kind: 'kid', isins: [f.isin], pages: null });
  });
});

// ---------------------------------------------------------------------------------------------- splitting

describe('a PDF that holds several documents', () => {
  it('splits a KIID followed by a KID into two PDFs, each with its ISIN and page range', async () => {
    const [a, b] = [english(fund(2)), english(fund(0))];
    const pdf = await concatPdfs(await kiidPdf(a), await kidPdf(b));
    const parts = await identified(pdf);
    expect(parts.map((p) => [p.kind, p.isins, p.pages])).toEqual([
      ['kiid', [a.isin], [1, 1]],
      ['kid', [b.isin], [2, 3]],
    ]);
    expect(await Promise.all(parts.map((p) => pageCount(p.content)))).toEqual([1, 2]);
    // Each part is a PDF of its own: identified alone, it is the same document.
    for (const part of parts) expect(await one(part.content)).toMatchObject({ kind: part.kind, isins: part.isins });
  });

  it('splits the KIID and the KID of one share class apart (same ISIN, other regime)', async () => {
    const f = english(fund(4));
    const parts = await identified(await concatPdfs(await kiidPdf(f), await kidPdf(f)));
    expect(parts.map((p) => [p.kind, p.isins, p.pages])).toEqual([
      ['kiid', [f.isin], [1, 1]],
      ['kid', [f.isin], [2, 3]],
    ]);
  });

  it('splits three Italian KIDs of three share classes into three parts', async () => {
    const funds = [fund(5), fund(6), fund(7)];
    const pdf = await concatPdfs(...(await Promise.all(funds.map((f) => localKidPdf(f, 'it')))));
    const parts = await identified(pdf);
    expect(parts.map((p) => [p.kind, p.language, p.isins, p.pages, p.name])).toEqual(
      funds.map((f, i) => ['kid', 'it', [f.isin], [2 * i + 1, 2 * i + 2], f.name]),
    );
    expect(await Promise.all(parts.map((p) => pageCount(p.content)))).toEqual([2, 2, 2]);
  });

  it('splits two KIDs of one ISIN (two savings plans) where the first one closes and the next one opens', async () => {
    const f = fund(8);
    const plan = await localKidPdf(f, 'de');
    const parts = await identified(await concatPdfs(plan, plan));
    expect(parts.map((p) => [p.kind, p.isins, p.pages])).toEqual([
      ['kid', [f.isin], [1, 2]],
      ['kid', [f.isin], [3, 4]],
    ]);
  });

  it('keeps an untitled appendix page with the document it follows', async () => {
    const [a, b] = [english(fund(9)), english(fund(12))];
    const appendix = await textPdf('annex', [['Annex: past performance', 'Figures of the last ten years.']]);
    const parts = await identified(await concatPdfs(await kidPdf(a), appendix, await kidPdf(b)));
    expect(parts.map((p) => [p.isins, p.pages])).toEqual([
      [[a.isin], [1, 3]],
      [[b.isin], [4, 5]],
    ]);
  });

  /** A three-page KID whose running header repeats its title (and its ISIN) on every page. */
  function runningHeaderKid(f: SampleFund, closingOnPage: 2 | 3): Promise<Buffer> {
    const header = (n: number): PdfLine[] => [
      'Key Information Document',
      `${f.name} - ISIN: ${f.isin} - Page ${n} of 3`,
    ];
    const closing: PdfLine[] = [
      { heading: 'Other relevant information' },
      'The prospectus is available free of charge.',
    ];
    return textPdf('running header', [
      [
        ...header(1),
        { heading: 'Purpose' },
        'This document provides you with key information about this investment product. It is not marketing material.',
        { heading: 'Product' },
        `Product: ${f.name}`,
        `PRIIP manufacturer: ${f.manager}`,
        'This document is accurate as at 16 February 2026.',
        { heading: 'What is this product?' },
        `Objectives: ${f.objective}`,
      ],
      [
        ...header(2),
        { heading: 'What are the risks and what could I get in return?' },
        `We have classified this product as ${f.sri} out of 7.`,
        'Recommended holding period: 5 years',
        { heading: 'What are the costs?' },
        'Entry costs 1.00% of the amount you pay in.',
        ...(closingOnPage === 2 ? closing : []),
      ],
      [
        ...header(3),
        closingOnPage === 2 ? 'You may also ask your adviser for the past performance of the product.' : '',
        { heading: 'How long should I hold it and can I take money out early?' },
        'Recommended holding period: 5 years',
        ...(closingOnPage === 3 ? closing : []),
      ],
    ]);
  }

  it('does not split a KID whose running header repeats its title on every page', async () => {
    const f = fund(13);
    const pdf = await runningHeaderKid(f, 3);
    expect(await one(pdf)).toMatchObject({ kind: 'kid', isins: [f.isin], pages: null, content: pdf });
  });

  it('does not split a running header page that continues a KID after its closing section began', async () => {
    const f = fund(14);
    const pdf = await runningHeaderKid(f, 2);
    expect(await one(pdf)).toMatchObject({ kind: 'kid', isins: [f.isin], pages: null });
  });

  it('finds document starts by the pages alone (0-based ranges covering every page)', () => {
    const kid = (isin: string) => `Key Information Document\nPurpose\nISIN: ${isin}`;
    const [a, b] = [sampleIsin(1), sampleIsin(2)];
    expect(documentRanges([kid(a), 'costs', kid(b), 'more', 'Key Investor Information\nISIN: ' + b])).toEqual([
      [0, 1],
      [2, 3],
      [4, 4],
    ]);
    expect(documentRanges([kid(a), `Key Information Document\n${a}`, 'Other relevant information'])).toEqual([[0, 2]]);
  });
});

// ---------------------------------------------------------------------------------------------- factsheets and SCPI

describe('factsheets', () => {
  it.each([0, 1, 2])('reads sample fund %i factsheet: name, ISIN and report date', async (i) => {
    const f = fund(i);
    const sheet = await factsheetPdf(f, {
      topHoldings: f.holdings.slice(0, 10),
      sectors: [{ label: 'Tech', weight: 50 }],
    });
    expect(await one(sheet)).toMatchObject({
      kind: 'factsheet',
      mediaType: PDF,
      language: 'en',
      isins: [f.isin],
      asOf: '2026-10-30',
      name: f.name,
    });
  });
});

const SCPI_KINDS = {
  bulletin: 'scpi-bulletin',
  dic: 'scpi-dic',
  'rapport-annuel': 'scpi-annual',
  'note-information': 'scpi-note',
} as const;

describe('SCPI documents', () => {
  const profiles = scpiProfiles().slice(0, 4);
  const cases = profiles.flatMap((p) => scpiDocumentContents(p).map((c) => ({ p, doc: c.document })));

  it.each(cases.map((c) => [`${c.p.slug} ${c.doc.file}`, c] as const))('identifies %s', async (_label, { p, doc }) => {
    const pdf = (await scpiDocuments(p))[doc.file];
    const found = await one(pdf);
    expect(found).toMatchObject({
      kind: SCPI_KINDS[doc.kind],
      mediaType: PDF,
      language: 'fr',
      isins: p.isin ? [p.isin] : [],
      name: p.name,
    });
    if (doc.kind !== 'note-information') expect(found.asOf).toBe(doc.date);
  });

  it('reads an SCPI DIC as scpi-dic, not as a fund KID, though it carries the KID title', async () => {
    const p = profiles.find((x) => x.dicDate)!;
    const found = await one((await scpiDocuments(p))['dic.pdf']);
    expect(found.kind).toBe('scpi-dic');
  });
});

// ---------------------------------------------------------------------------------------------- tables

describe('holdings lists', () => {
  it('reads an iShares holdings CSV (preamble with the date): no ISIN of its own, its holdings date', async () => {
    const f = fund(0);
    expect(await one(isharesHoldingsCsv(f))).toMatchObject({
      kind: 'holdings',
      mediaType: 'text/csv',
      language: 'en',
      isins: [],
      asOf: '2026-10-30',
    });
  });

  it('reads a plain holdings CSV without a date', async () => {
    expect(await one(plainHoldingsCsv(fund(1)))).toMatchObject({ kind: 'holdings', asOf: null, isins: [] });
  });

  it('reads a holdings XLSX', async () => {
    expect(await one(holdingsXlsx(fund(2)))).toMatchObject({
      kind: 'holdings',
      mediaType: XLSX_MEDIA_TYPE,
      asOf: '2026-10-30',
      isins: [],
    });
  });

  it.each([
    ['Excel 97-2003 (.xls)', 'biff8'],
    ['XML Spreadsheet 2003 (an .xls as some sites serve it)', 'xlml'],
  ] as const)(
    'reads a holdings list in an %s workbook, filed as the CSV the holdings reader reads',
    async (_, bookType) => {
      const rows = [
        ['Fund Holdings as of', '30/Aug/2021'],
        [],
        ['Name', 'ISIN', 'Sector', 'Weight (%)', 'Location'],
        ['Apple', 'US0378331005', 'Information Technology', 4.24, 'United States'],
        ['Microsoft', 'US5949181045', 'Information Technology', 3.59, 'United States'],
      ];
      const book = utils.book_new();
      utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Holdings');
      const file = Buffer.from(write(book, { type: 'buffer', bookType }) as Uint8Array);
      const identified = await one(file);
      expect(identified).toMatchObject({
        kind: 'holdings',
        mediaType: 'text/csv',
        language: 'en',
        isins: [],
        asOf: '2021-08-30',
      });
      const parsed = await parseHoldings(identified.content, 'text/csv', 'test');
      expect(parsed.holdings.map((h) => [h.name, h.isin, h.weight])).toEqual([
        ['Apple', 'US0378331005', 4.24],
        ['Microsoft', 'US5949181045', 3.59],
      ]);
    },
  );

  it('reads an EPT in an Excel 97-2003 workbook: every share class ISIN', async () => {
    const csv = sampleEmtCsv();
    const rows = csv.split('\n').map((line) => line.split(';')); // a European export: semicolons, decimal commas
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'EMT');
    const identified = await one(Buffer.from(write(book, { type: 'buffer', bookType: 'biff8' }) as Uint8Array));
    expect(identified.kind).toBe('emt');
    expect(identified.isins.length).toBeGreaterThan(0);
  });

  it('tells the language of a holdings file from its headers (German, French)', async () => {
    const de = 'Bezeichnung;Emittententicker;Sektor;Gewichtung (%);Land;Währung\nSiemens AG;SIE;Industrie;5,2;DE;EUR\n';
    const fr = "Nom;Ticker de l'émetteur;Secteur;Poids (%);Pays;Devise\nAirbus;AIR;Industrie;4,1;France;EUR\n";
    expect((await one(Buffer.from(de, 'latin1'))).language).toBe('de');
    expect((await one(fr)).language).toBe('fr');
  });

  it('reads the fund name an SPDR-style header block states', async () => {
    const file = xlsx([
      ['Fund Name:', 'Sample Kensho ETF'],
      ['Holdings:', 'As of 30-Aug-2021'],
      [],
      ['Name', 'Ticker', 'Weight'],
      ['Bruker', 'BRKR', 2.1],
    ]);
    expect(await one(file)).toMatchObject({ kind: 'holdings', name: 'Sample Kensho ETF', asOf: '2021-08-30' });
  });
});

describe('NAV histories', () => {
  it('reads a NAV CSV: last observation date, no ISIN of its own', async () => {
    const csv = navCsv(fund(0));
    const last = csv.trim().split('\n').at(-1)!.split(',')[0];
    expect(await one(csv)).toMatchObject({ kind: 'nav', mediaType: 'text/csv', isins: [], asOf: last });
  });

  it('reads a NAV JSON that states its fund ISIN and name', async () => {
    const json = JSON.stringify([
      { isin: sampleIsin(3), name: 'Sample Bond Fund', dates: ['2024-01-02', '2024-01-03'], values: [100, 101] },
    ]);
    expect(await one(json)).toMatchObject({
      kind: 'nav',
      mediaType: 'application/json',
      isins: [sampleIsin(3)],
      name: 'Sample Bond Fund',
      asOf: '2024-01-03',
    });
  });

  it('reads a NAV JSON without an ISIN as about no ISIN', async () => {
    const json = JSON.stringify({
      data: [
        { date: '2024-01-02', nav: 10 },
        { date: '2024-01-05', nav: 11 },
      ],
    });
    expect(await one(json)).toMatchObject({ kind: 'nav', isins: [], asOf: '2024-01-05' });
  });

  it('reads a NAV history in a workbook, and files it as the CSV of its sheet, which the NAV reader reads', async () => {
    const file = xlsx(
      [
        ['Date', 'NAV'],
        ['2024-01-02', 100],
        ['2024-01-03', 101.5],
      ],
      'Prices',
    );
    const identified = await one(file);
    expect(identified).toMatchObject({ kind: 'nav', mediaType: 'text/csv', asOf: '2024-01-03' });
    expect(parseNav(identified.content, identified.mediaType, 'test').fund).toEqual([
      { date: '2024-01-02', value: 100 },
      { date: '2024-01-03', value: 101.5 },
    ]);
  });
});

describe('FinDatEx files', () => {
  const classes = findatexSampleClasses();

  it('reads a sample EPT CSV: the share class ISIN and the KID publication date', async () => {
    const f = fund(0);
    expect(await one(eptCsv(f))).toMatchObject({
      kind: 'ept',
      mediaType: 'text/csv',
      language: null,
      isins: [f.isin],
      asOf: KID_DATE,
      name: f.name,
    });
  });

  it('reads the sample EPT workbook: every share class ISIN', async () => {
    expect(await one(sampleEptXlsx(classes))).toMatchObject({
      kind: 'ept',
      mediaType: XLSX_MEDIA_TYPE,
      isins: classes.map((c) => c.isin),
      asOf: FINDATEX_SAMPLE_DATE,
      name: null,
    });
  });

  it('reads the sample EMT CSV (semicolons, decimal commas): every share class ISIN and its reference date', async () => {
    expect(await one(sampleEmtCsv(classes))).toMatchObject({
      kind: 'emt',
      isins: classes.map((c) => c.isin),
      asOf: FINDATEX_SAMPLE_DATE,
    });
  });

  it('keeps only identifiers that are ISINs (an EPT row may name its share class by CUSIP or an internal code)', async () => {
    const rows = [
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': sampleIsin(7) },
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': '037833100' },
    ];
    expect(await one(table(rows))).toMatchObject({ kind: 'ept', isins: [sampleIsin(7)], asOf: '2024-02-16' });
  });

  it('reads an EMT row of the fixtures', async () => {
    const row = { ...EMT_ROW, '00010_Financial_Instrument_Identifying_Data': sampleIsin(8) };
    expect(await one(table([row], ';'))).toMatchObject({ kind: 'emt', isins: [sampleIsin(8)], asOf: '2025-12-31' });
  });

  it("reads a TPT: the portfolio's own ISIN, never its positions'", async () => {
    const rows = TPT_POSITIONS.map((p) => tptRow(p, { '1_Portfolio_identifying_data': sampleIsin(9) }));
    const doc = await one(table(rows));
    expect(doc).toMatchObject({ kind: 'tpt', isins: [sampleIsin(9)], asOf: '2025-08-29', name: 'Sample Bond Fund' });
  });

  it('reads a sample TPT JSON', async () => {
    const f = FUNDS.find((x) => x.holdingsFormat === 'tpt-json')!;
    expect(await one(tptJson(f))).toMatchObject({
      kind: 'tpt',
      mediaType: 'application/json',
      isins: [f.isin],
      asOf: '2026-10-30',
    });
  });

  it('reads a FinDatEx YAML file', async () => {
    const yaml = toYaml([{ ...EPT_ROW, '00030_Portfolio_Identifying_Data': sampleIsin(10) }]);
    expect(await one(yaml)).toMatchObject({ kind: 'ept', mediaType: 'application/yaml', isins: [sampleIsin(10)] });
  });
});

// ---------------------------------------------------------------------------------------------- refusals

/** A one-page PDF whose only page draws a rectangle: what a scan looks like to a text reader. */
async function scanPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawRectangle({ x: 50, y: 50, width: 400, height: 600 });
  return Buffer.from(await doc.save());
}

/** A PDF encrypted with a user password (standard security handler, revision 2) that no empty password opens. */
function encryptedPdf(): Buffer {
  const text = 'BT /F1 12 Tf 72 770 Td (Key Information Document) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>] >>\n`;
  pdf += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

function randomBytes(n: number): Buffer {
  const rand = prng(42);
  return Buffer.from(Array.from({ length: n }, () => Math.floor(rand() * 256)));
}

const withSignature = (signature: readonly number[] | string, size = 64) =>
  Buffer.concat([
    typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature),
    randomBytes(size),
  ]);

describe('what is not a fund document is refused with a reason a person understands', () => {
  it('an empty file', async () => {
    expect(await reason(Buffer.alloc(0))).toBe('the file is empty');
  });

  it.each([
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
    ['JPEG', [0xff, 0xd8, 0xff, 0xe0]],
    ['GIF', 'GIF89a'],
    ['TIFF', 'II*\0'],
    ['WebP', 'RIFF\x10\x00\x00\x00WEBPVP8 '],
  ] as const)('a %s image', async (_name, signature) => {
    expect(await reason(withSignature(signature))).toBe('an image, not a document with text');
  });

  it('random bytes', async () => {
    expect(await reason(randomBytes(4096))).toMatch(/^binary data of no known document format/);
  });

  it('a ZIP archive that is not a workbook', async () => {
    const zip = Buffer.from(zipSync({ 'kid.pdf': new Uint8Array([1, 2, 3]), 'readme.txt': new Uint8Array([65]) }));
    expect(await reason(zip)).toBe('a ZIP archive');
  });

  it('a legacy Office file (OLE2) that is no workbook', async () => {
    const ole2 = withSignature([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 512);
    expect(await reason(ole2)).toMatch(/^a legacy Office file that cannot be read as a workbook/);
  });

  it('a PDF without a text layer (a scan)', async () => {
    expect(await reason(await scanPdf())).toBe('a scan without a text layer: no text can be read');
  });

  it('a password-protected PDF', async () => {
    expect(await reason(encryptedPdf())).toBe('the PDF is password-protected');
  });

  it('a truncated PDF', async () => {
    const pdf = await kidPdf(english(fund(0)));
    expect(await reason(pdf.subarray(0, pdf.length / 2))).toMatch(/^not a readable PDF: .*truncated/);
  });

  it('a PDF of text that is no fund document', async () => {
    const letter = await textPdf('letter', [
      ['Dear customer,', 'Thank you for your order of two garden chairs. They will be delivered next week.'],
    ]);
    expect(await reason(letter)).toBe(
      'a PDF that is not a fund document (no KID, KIID, factsheet or SCPI wording found)',
    );
  });

  it('a CSV of unrelated data, naming its columns', async () => {
    const csv = 'City,Population,Country,Mayor,Area,Founded\nParis,2100000,France,X,105,300\n';
    expect(await reason(csv)).toBe(
      'a CSV table that is neither a holdings list, a NAV history nor a FinDatEx EPT/EMT/TPT file (columns: City, Population, Country, Mayor, Area…)',
    );
  });

  it('a spreadsheet of unrelated data', async () => {
    expect(
      await reason(
        xlsx(
          [
            ['City', 'Population'],
            ['Paris', 2100000],
          ],
          'Cities',
        ),
      ),
    ).toMatch(/^a spreadsheet that is neither .* \(columns: City, Population\)$/);
  });

  it('a JSON file of unrelated data, and one that does not parse', async () => {
    expect(await reason('{"users": [{"id": 1}], "count": 1}')).toMatch(
      /^a JSON file that is neither .*keys: users, count/,
    );
    expect(await reason('{"users": [')).toMatch(/^a JSON file that does not parse/);
  });

  it('a text without a table, and a web page', async () => {
    expect(await reason('Dear customer\nthank you for your order\n')).toMatch(/^a text file without a table/);
    expect(await reason('<!DOCTYPE html><html><body>Factsheet</body></html>')).toMatch(/^a web page/);
  });

  it('keeps a reason short whatever the file holds', async () => {
    const csv = `${['A'.repeat(2000), 'B'.repeat(2000), 'C'].join(',')}\n1,2,3\n`;
    expect((await reason(csv)).length).toBeLessThanOrEqual(300);
  });
});

// ---------------------------------------------------------------------------------------------- vocabulary and time

describe('the words documents are told apart by', () => {
  it.each(KID_LANGUAGES.map((l) => [l.code, l] as const))(
    'opens and closes a key document at the headings of its language: %s',
    (_, language) => {
      const printed = (heading: string) => heading.charAt(0).toUpperCase() + heading.slice(1);
      for (const heading of language.statements.purposeHeadings) expect(opensKeyDocument(printed(heading))).toBe(true);
      for (const heading of language.statements.closingHeadings) expect(closesKeyDocument(printed(heading))).toBe(true);
      expect(opensKeyDocument(`${printed(language.statements.closingHeadings[0])}`)).toBe(false);
    },
  );

  it('tells a holdings language only by headers that holdingsVocabulary.ts knows', () => {
    const known = Object.values(HEADERS).flatMap((h) => [...h.exact, ...(h.prefix ?? [])]);
    const unknown = Object.values(HOLDINGS_HEADER_WORDS)
      .flat()
      .filter((w) => !known.includes(w));
    expect(unknown).toEqual([]);
  });
});

/** Large enough that a pattern quadratic in its input would take minutes; linear ones take milliseconds. */
const HOSTILE_CHARS = 100_000;
const HOSTILE_MS = 10_000;

describe('hostile text is identified in linear time (LINEAR TIME, kid.ts)', () => {
  const textCases = ADVERSARIAL_CASES.filter((c) => c.parser === 'kid');
  it.each(textCases.map((c) => [c.name, c] as const))('pages of %s', (_name, c) => {
    // The first page untitled (read as a factsheet would be), the second titled (a document start).
    const text = `${c.build(HOSTILE_CHARS)}\fKey Investor Information\n${c.build(HOSTILE_CHARS)}`;
    const started = Date.now();
    documentRanges(text.split('\f'));
    const reading = describePdf(pastedText(text));
    expect(Date.now() - started).toBeLessThan(HOSTILE_MS);
    if (!reading.ok) expect(reading.reason.length).toBeLessThanOrEqual(300);
  });

  const tableCases = ADVERSARIAL_CASES.filter((c) => ['holdings', 'nav', 'findatex'].includes(c.parser));
  it.each(tableCases.map((c) => [`${c.parser}: ${c.name}`, c] as const))('a table of %s', async (_name, c) => {
    const started = Date.now();
    const result = await identifyDocument(Buffer.from(c.build(HOSTILE_CHARS)));
    expect(Date.now() - started).toBeLessThan(HOSTILE_MS);
    if (!result.ok) expect(result.reason.length).toBeLessThanOrEqual(300);
  });
});

// ---------------------------------------------------------------------------------------------- real documents

const REALDOCS = path.resolve(__dirname, '../../../shared/realdocs');
const PRESENT = existsSync(REALDOCS);
if (!PRESENT) console.log(`realdocs folder absent (${REALDOCS}): skipping the real-document identification tests`);
const realIt = PRESENT ? it : it.skip;
const files = (folder: string) =>
  PRESENT ? readdirSync(path.join(REALDOCS, folder)).map((f) => `${folder}/${f}`) : [];
const read = (file: string) => readFileSync(path.join(REALDOCS, file)); // in place, never copied
const isinInName = (file: string) => /[A-Z]{2}[A-Z0-9]{9}\d/.exec(path.basename(file))![0];

/** MANIFEST.tsv: local_file → the ISIN column (the documents' own ISIN, as recorded when they were collected). */
function manifestIsins(): Map<string, string> {
  const [header, ...lines] = read('MANIFEST.tsv').toString('utf8').trim().split('\n');
  const columns = header.split('\t');
  const [fileAt, isinAt] = [columns.indexOf('local_file'), columns.indexOf('isin')];
  return new Map(lines.map((l) => l.split('\t')).map((cells) => [cells[fileAt], cells[isinAt]]));
}

describe('real documents (../shared/realdocs, read in place)', () => {
  const cases: Array<[string, 'kid' | 'kiid']> = [
    ...files('kid_priips').map((f) => [f, 'kid'] as [string, 'kid']),
    ...files('kiid_ucits').map((f) => [f, 'kiid'] as [string, 'kiid']),
  ];
  realIt.each(cases)('identifies %s as a %s with the ISIN of its file name', async (file, kind) => {
    const doc = await one(read(file));
    expect(doc).toMatchObject({ kind, isins: [isinInName(file)], mediaType: PDF, pages: null });
    expect(manifestIsins().get(file)).toBe(isinInName(file));
    expect(doc.language).toBe(path.basename(file).slice(0, 2).toLowerCase());
    expect(doc.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  realIt.each(files('factsheets'))('identifies %s as a factsheet', async (file) => {
    expect(await one(read(file))).toMatchObject({ kind: 'factsheet', asOf: '2025-12-31', name: 'SBI Flexicap Fund' });
  });

  realIt.each(files('holdings'))('identifies %s as a holdings list about no ISIN of its own', async (file) => {
    expect(await one(read(file))).toMatchObject({ kind: 'holdings', isins: [], language: 'en' });
  });

  const navFiles = files('nav_history').filter((f) => !f.endsWith('etf_price_distribution_history.json'));
  realIt.each(navFiles)('identifies %s as a NAV history', async (file) => {
    const doc = await one(read(file));
    expect(doc.kind).toBe('nav');
    if (file.includes('SE0009807308')) expect(doc.isins).toEqual(['SE0009807308']);
  });

  realIt(
    'refuses the Vanguard profile and distribution JSON: it holds no NAV series (realdocs-files.test.ts)',
    async () => {
      expect(await reason(read('nav_history/etf_price_distribution_history.json'))).toMatch(
        /^a JSON file that is neither/,
      );
    },
  );

  realIt('identifies the Captor EPT workbook and its YAML rendering: 22 share classes', async () => {
    for (const file of ['findatex/EPT_captor_2023-12-29.xlsx', 'findatex/EPT_captor_2023-12-29.yaml']) {
      const doc = await one(read(file));
      expect(doc).toMatchObject({ kind: 'ept', asOf: '2024-02-16' });
      expect(doc.isins).toHaveLength(22);
      expect(doc.isins[0]).toBe('SE0016075006');
    }
  });

  realIt('identifies the Captor TPT JSON by its portfolio, not its positions', async () => {
    expect(await one(read('findatex/TPTV6_SE0017832280_20250829.json'))).toMatchObject({
      kind: 'tpt',
      isins: ['SE0017832280'],
      asOf: '2025-08-29',
    });
  });

  realIt.each(files('findatex').filter((f) => path.basename(f).startsWith('TEMPLATE_')))(
    'refuses %s: a template definition, not data',
    async (file) => {
      expect(await reason(read(file))).toMatch(/^a FinDatEx template definition/);
    },
  );

  realIt.each(files('scpi'))('refuses %s: comparator figures as JSON, not a document', async (file) => {
    expect(await reason(read(file))).toMatch(/^a JSON file that is neither/);
  });
});

import { execFileSync } from 'node:child_process';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { UnreadableDocumentError } from '../types';
import {
  assertLooksLikePdf,
  dedupeRepeatedLines,
  extractPdfText,
  LineIndex,
  normaliseLine,
  normalisePercent,
  NoTextLayerError,
  NotAPdfError,
  parseDate,
  parseDecimal,
  PdfTimeoutError,
  smallNumber,
  textLines,
} from './text';

/** Builds a PDF with one page per entry; each entry is the lines drawn on that page (none = blank page). */
async function buildPdf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font }));
  }
  return Buffer.from(await doc.save());
}

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('extractPdfText', () => {
  it('returns the text of each page in order with a character count', async () => {
    const pdf = await buildPdf([
      ['Key Information Document', 'ISIN: IE00B4L5Y983'],
      ['Recommended holding period: 5 years'],
    ]);
    const text = await extractPdfText(pdf);
    expect(text.pages).toHaveLength(2);
    expect(text.pages[0]).toContain('Key Information Document');
    expect(text.pages[0]).toContain('IE00B4L5Y983');
    expect(text.pages[1]).toContain('Recommended holding period: 5 years');
    expect(text.chars).toBe(text.pages[0].length + text.pages[1].length);
  });

  (hasPdftotext ? it : it.skip)('adds column-preserving layout pages when pdftotext is installed', async () => {
    const pdf = await buildPdf([['Entry costs 0.00%'], ['Exit costs 0.00%']]);
    const text = await extractPdfText(pdf);
    expect(text.layout).toHaveLength(2);
    expect(text.layout?.[1]).toContain('Exit costs 0.00%');
  });

  it('can skip the layout pass', async () => {
    const text = await extractPdfText(await buildPdf([['Some words on a page of text, long enough to count']]), { layout: false });
    expect(text.layout).toBeUndefined();
  });

  it('reads at most maxPages pages', async () => {
    const pdf = await buildPdf([['page one has text'], ['page two has text'], ['page three has text']]);
    const text = await extractPdfText(pdf, { maxPages: 2 });
    expect(text.pages).toHaveLength(2);
    expect(text.pages.join(' ')).not.toContain('three');
    if (text.layout) expect(text.layout).toHaveLength(2);
  });

  it('keeps a blank page among text pages (page numbers stay right)', async () => {
    const text = await extractPdfText(await buildPdf([['first page text here'], [], ['third page text here']]));
    expect(text.pages).toHaveLength(3);
    expect(text.pages[1].trim()).toBe('');
    expect(text.pages[2]).toContain('third page');
  });

  it('rejects a PDF with only an empty page as having no text layer', async () => {
    const pdf = await buildPdf([[]]);
    await expect(extractPdfText(pdf)).rejects.toThrow(NoTextLayerError);
    await expect(extractPdfText(pdf)).rejects.toThrow(/no text layer.*scanned documents are not supported/);
  });

  it('treats a page carrying only a stamp (a page number) as no text layer', async () => {
    await expect(extractPdfText(await buildPdf([['1']]))).rejects.toThrow(NoTextLayerError);
  });

  it('rejects garbage bytes as not a PDF', async () => {
    const garbage = Buffer.from('this is certainly not a pdf file\n'.repeat(20));
    await expect(extractPdfText(garbage)).rejects.toThrow(NotAPdfError);
    await expect(extractPdfText(garbage)).rejects.toThrow(/%PDF- header/);
  });

  it('rejects empty input', async () => {
    await expect(extractPdfText(Buffer.alloc(0))).rejects.toThrow(NotAPdfError);
  });

  it('rejects a truncated PDF', async () => {
    const pdf = await buildPdf([['a page with enough text to be read'], ['another page of text']]);
    const truncated = pdf.subarray(0, Math.floor(pdf.length / 2));
    await expect(extractPdfText(truncated)).rejects.toThrow(NotAPdfError);
  });

  it('rejects a PDF whose body is garbage behind a valid header and trailer', async () => {
    const fake = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('x'.repeat(500)), Buffer.from('\n%%EOF\n')]);
    await expect(extractPdfText(fake)).rejects.toThrow(NotAPdfError);
  });

  it('accepts a header preceded by a few junk bytes, as PDF readers do', async () => {
    const pdf = await buildPdf([['text behind a junk prefix, long enough to count']]);
    const text = await extractPdfText(Buffer.concat([Buffer.from('\r\n\r\n'), pdf]), { layout: false });
    expect(text.pages[0]).toContain('junk prefix');
  });

  it('gives up after the time budget', async () => {
    const pdf = await buildPdf(Array.from({ length: 30 }, (_, i) => [`page ${i + 1} carries a line of text`]));
    await expect(extractPdfText(pdf, { timeoutMs: 1, layout: false })).rejects.toThrow(PdfTimeoutError);
  });

  it('typed errors are unreadable-document errors that name the origin', async () => {
    const err = await extractPdfText(Buffer.from('nope'), { origin: 'upload.pdf' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotAPdfError);
    expect(err).toBeInstanceOf(UnreadableDocumentError);
    expect((err as Error).name).toBe('NotAPdfError');
    expect((err as Error).message).toMatch(/^upload\.pdf: not a readable PDF/);
  });
});

describe('assertLooksLikePdf', () => {
  it('accepts a header at the start and %%EOF at the end', () => {
    expect(() => assertLooksLikePdf(Buffer.from('%PDF-1.4\n...\n%%EOF\n'))).not.toThrow();
  });
  it('refuses a header beyond the first kilobyte', () => {
    expect(() => assertLooksLikePdf(Buffer.concat([Buffer.alloc(2000, 32), Buffer.from('%PDF-1.4\n%%EOF')]))).toThrow(NotAPdfError);
  });
  it('refuses a file without %%EOF', () => {
    expect(() => assertLooksLikePdf(Buffer.from('%PDF-1.4\n1 0 obj\n'))).toThrow(/truncated/);
  });
});

describe('dedupeRepeatedLines', () => {
  const page = ['Key Information Document', 'Entry costs 0.00%', 'Exit costs 0.00%', '0 EUR', 'Transaction costs 0.01%', '1 EUR'];

  it('collapses a page whose every line is printed twice, value cells included', () => {
    expect(dedupeRepeatedLines(page.flatMap((l) => [l, l]))).toEqual(page);
  });

  it('compares across the blank lines some producers put between the copies', () => {
    expect(dedupeRepeatedLines(['Entry costs 0.00%', '', 'Entry costs 0.00%', 'Exit costs 0.00%']).filter(Boolean)).toEqual(['Entry costs 0.00%', 'Exit costs 0.00%']);
  });

  it('halves lines that repeat themselves when the page is doubled that way', () => {
    expect(dedupeRepeatedLines(page.map((l) => `${l} ${l}`))).toEqual(page);
  });

  it('keeps genuine repeated value cells on a normal page', () => {
    const normal = ['Entry costs', 'Exit costs', 'Ongoing costs', 'Transaction costs', '0 EUR', '0 EUR', '17 EUR'];
    expect(dedupeRepeatedLines(normal)).toEqual(normal);
  });

  it('still drops a repeated prose line on a normal page', () => {
    expect(dedupeRepeatedLines(['Past performance is not a guide', 'Past performance is not a guide', 'Fund 1.2'])).toEqual(['Past performance is not a guide', 'Fund 1.2']);
  });

  it('handles empty input', () => {
    expect(dedupeRepeatedLines([])).toEqual([]);
    expect(dedupeRepeatedLines(['', ''])).toEqual(['', '']);
  });
});

describe('textLines / normaliseLine / LineIndex', () => {
  it('numbers lines by page and normalises typography', () => {
    const lines = textLines(['Fund \u201cA\u201d \u2019s', 'Co\u00fbts  d\u2019entr\u00e9e \t 0,20\u00a0%']);
    expect(lines).toEqual([
      { text: 'Fund "A" \'s', page: 1 },
      { text: "Coûts d'entrée\t0,20 %", page: 2 },
    ]);
  });

  it('expands ligatures and drops soft hyphens', () => {
    expect(normaliseLine('ef\ufb01cient man\u00adagement')).toBe('efficient management');
  });

  it('maps an offset of the joined text back to its page', () => {
    const index = new LineIndex(textLines(['one\ntwo', 'three']));
    expect(index.flat).toBe('one\ntwo\nthree');
    expect(index.pageAt(0)).toBe(1);
    expect(index.pageAt(index.flat.indexOf('two'))).toBe(1);
    expect(index.pageAt(index.flat.indexOf('three'))).toBe(2);
    expect(new LineIndex([]).pageAt(5)).toBe(1);
  });
});

describe('number, percent and date helpers', () => {
  it.each([
    ['0,20', 0.2],
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1 234,56', 1234.56],
    ['10,000', 10000],
    ['-3.4', -3.4],
    ['−3,4', -3.4],
    ['(2.5)', -2.5],
    ['113.0485', 113.0485],
    ['1.234.567', 1234567],
  ])('parseDecimal(%p) = %p', (raw, n) => {
    expect(parseDecimal(raw)).toBe(n);
  });

  it.each(['', 'abc', '1.2.3x', '%', '--1'])('parseDecimal(%p) is null', (raw) => {
    expect(parseDecimal(raw)).toBeNull();
  });

  it.each([
    ['0.20%', '0.20%'],
    ['0,20 %', '0.20%'],
    ['0.00%', '0.00%'],
    ['0 %', '0.00%'],
    ['5%', '5.00%'],
    ['-0.5%', '-0.50%'],
  ])('normalisePercent(%p) = %p', (raw, out) => {
    expect(normalisePercent(raw)).toBe(out);
  });

  it.each(['0.20', 'none', '', '%', '1234.5%'])('normalisePercent(%p) is null', (raw) => {
    expect(normalisePercent(raw)).toBeNull();
  });

  it.each([
    ['23/07/2025', '2025-07-23'],
    ['23.07.2025', '2025-07-23'],
    ['07/23/2025', '2025-07-23'],
    ['2025-07-23', '2025-07-23'],
    ['19 February 2026', '2026-02-19'],
    ['31st December 2025', '2025-12-31'],
    ['December 31, 2025', '2025-12-31'],
    ['1er mars 2024', '2024-03-01'],
    ['15 février 2024', '2024-02-15'],
    ['09-Mar-2018', '2018-03-09'],
  ])('parseDate(%p) = %p', (raw, iso) => {
    expect(parseDate(raw)).toBe(iso);
  });

  it.each(['31/02/2025', '13/13/2025', '2025', 'February', '', '00/01/2025'])('parseDate(%p) is null', (raw) => {
    expect(parseDate(raw)).toBeNull();
  });

  it.each([
    ['4', 4],
    ['four', 4],
    ['Six', 6],
    ['quatre', 4],
    ['sept', 7],
    ['une', 1],
    ['ten', 10],
    ['dix', 10],
  ])('smallNumber(%p) = %p', (word, n) => {
    expect(smallNumber(word)).toBe(n);
  });

  it.each(['eleven', '', 'forty', '123'])('smallNumber(%p) is null', (word) => {
    expect(smallNumber(word)).toBeNull();
  });
});

import { execFileSync } from 'node:child_process';

import { PDFDocument, StandardFonts } from 'pdf-lib';

import { riskScalePdf, shadedScale } from '../../../test/fixtures/riskScalePdf';
import { UnreadableDocumentError } from '../../domain/documents';
import { assertLooksLikePdf, extractPdfText, NotAPdfError, NoTextLayerError, PdfTimeoutError } from './text';

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
    const text = await extractPdfText(await buildPdf([['Some words on a page of text, long enough to count']]), {
      layout: false,
    });
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

describe('extractPdfText: the drawn risk scale', () => {
  const read = async (pdf: Buffer) => (await extractPdfText(pdf, { riskScale: true, layout: false })).riskScale;
  const BLUE: [number, number, number] = [0, 0.1, 1];

  it('reads a shaded box (Fidelity style: black box, white digit, grey others)', async () => {
    expect(await read(await riskScalePdf({ boxes: shadedScale(5) }))).toEqual({ value: 5, page: 1 });
  });

  it('reads a coloured box among unfilled ones', async () => {
    expect(
      await read(await riskScalePdf({ boxes: [1, 2, 3, 4, 5, 6, 7].map((n) => (n === 3 ? { fill: BLUE } : {})) })),
    ).toEqual({ value: 3, page: 1 });
  });

  it('reads a framed box', async () => {
    const boxes = [1, 2, 3, 4, 5, 6, 7].map((n) =>
      n === 6 ? { frame: { color: [0, 0, 0] as [number, number, number], width: 1.5 } } : {},
    );
    expect((await read(await riskScalePdf({ boxes })))?.value).toBe(6);
  });

  it('reads the scale on a rotated page and anywhere on the page', async () => {
    expect((await read(await riskScalePdf({ boxes: shadedScale(2), rotate: 90 })))?.value).toBe(2);
    expect((await read(await riskScalePdf({ boxes: shadedScale(7), origin: { x: 40, y: 60 } })))?.value).toBe(7);
  });

  it('is null when no box is marked, or two are', async () => {
    expect(await read(await riskScalePdf({ boxes: shadedScale() }))).toBeNull();
    expect(await read(await riskScalePdf({ boxes: shadedScale(3, 5) }))).toBeNull();
  });

  it('is null for a document without a scale', async () => {
    expect(
      await read(await buildPdf([['Key Information Document', 'Risk class 1 2 3 4 5 6 7 in one line of text']])),
    ).toBeNull();
  });

  it('is absent unless asked for', async () => {
    const text = await extractPdfText(await riskScalePdf({ boxes: shadedScale(5) }), { layout: false });
    expect(text).not.toHaveProperty('riskScale');
  });
});

describe('assertLooksLikePdf', () => {
  it('accepts a header at the start and %%EOF at the end', () => {
    expect(() => assertLooksLikePdf(Buffer.from('%PDF-1.4\n...\n%%EOF\n'))).not.toThrow();
  });
  it('refuses a header beyond the first kilobyte', () => {
    expect(() => assertLooksLikePdf(Buffer.concat([Buffer.alloc(2000, 32), Buffer.from('%PDF-1.4\n%%EOF')]))).toThrow(
      NotAPdfError,
    );
  });
  it('refuses a file without %%EOF', () => {
    expect(() => assertLooksLikePdf(Buffer.from('%PDF-1.4\n1 0 obj\n'))).toThrow(/truncated/);
  });
});

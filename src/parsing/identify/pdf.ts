import { UnreadableDocumentError } from '../../domain/documents';
import { extractPdfText, NotAPdfError, NoTextLayerError, type PdfText, PdfTimeoutError } from '../pdf/text';
import { describePdf } from './classify';
import { copyRanges, documentRanges, EncryptedPdfError } from './split';
import { type Description, type Identification, type Reading, refused } from './types';

const PDF = 'application/pdf';
/** Pages read at most: a file of 40 three-page KIDs must be read whole to be split. */
const MAX_PAGES = 200;

/** Identifies a PDF, split into its documents when it holds several. */
export async function identifyPdf(content: Buffer): Promise<Identification> {
  let text: PdfText;
  try {
    text = await extractPdfText(content, { maxPages: MAX_PAGES, origin: 'document' });
  } catch (err) {
    return refused(pdfFailure(err, content));
  }
  const parts = withReadings(text, documentRanges(text.pages));
  if (parts.length === 1) {
    const { reading } = parts[0];
    if (!reading.ok) return refused(reading.reason);
    return { ok: true, documents: [{ ...reading.description, mediaType: PDF, pages: null, content }] };
  }

  let copies: Awaited<ReturnType<typeof copyRanges>>;
  try {
    copies = await copyRanges(
      content,
      parts.map((p) => p.range),
    );
  } catch (err) {
    if (err instanceof EncryptedPdfError)
      return refused(
        `the PDF holds ${parts.length} documents but is encrypted, so they cannot be copied apart: send it unencrypted or one document per file`,
      );
    return refused(`the PDF holds ${parts.length} documents, but its pages could not be copied apart (${String(err)})`);
  }
  return {
    ok: true,
    documents: parts.map((p, i) => ({ ...description(p.reading), mediaType: PDF, ...copies[i] })),
  };
}

interface Part {
  range: [number, number];
  reading: Reading;
}

/**
 * Each part identified on its own pages; of several parts, only read ones are returned. A part that reads as nothing
 * (an appendix, a blank page) joins the document before it, or the one after it when it comes first: its pages are
 * kept, never dropped.
 */
function withReadings(text: PdfText, ranges: Array<[number, number]>): Part[] {
  const parts = ranges.map((range) => ({ range, reading: describePdf(pagesOf(text, range)) }));
  if (parts.length === 1) return parts;
  const kept: Part[] = [];
  let pending: [number, number] | null = null;
  for (const part of parts) {
    if (!part.reading.ok) {
      const last = kept.at(-1);
      if (last) last.range = [last.range[0], part.range[1]];
      else pending = [pending?.[0] ?? part.range[0], part.range[1]];
      continue;
    }
    kept.push(pending ? { ...part, range: [pending[0], part.range[1]] } : part);
    pending = null;
  }
  // No part reads as anything: the whole may still (a document whose pages all look like document starts).
  return kept.length > 0 ? kept : [{ range: [0, text.pages.length - 1], reading: describePdf(text) }];
}

/** The text of some pages (0-based inclusive), as if they were a PDF of their own. */
function pagesOf(text: PdfText, [start, end]: [number, number]): PdfText {
  if (start === 0 && end === text.pages.length - 1) return text;
  const pages = text.pages.slice(start, end + 1);
  return {
    pages,
    chars: pages.reduce((n, p) => n + p.length, 0),
    ...(text.layout ? { layout: text.layout.slice(start, end + 1) } : {}),
  };
}

function description(reading: Reading): Description {
  if (!reading.ok) throw new Error('a part that was not read has no description'); // withReadings keeps read parts
  return reading.description;
}

/** A reason a person understands for a PDF that cannot be read; anything that is not the document's fault throws. */
function pdfFailure(err: unknown, content: Buffer): string {
  if (err instanceof NoTextLayerError) return 'a scan without a text layer: no text can be read';
  if (err instanceof PdfTimeoutError)
    return 'reading the PDF took too long: it is damaged or far larger than a fund document';
  if (err instanceof NotAPdfError) {
    // pdf.js reports a PDF it cannot decrypt as "No password given"; its /Encrypt dictionary says the same.
    const encrypted = /password/i.test(err.reason) || content.includes('/Encrypt');
    return encrypted ? 'the PDF is password-protected' : err.reason;
  }
  if (err instanceof UnreadableDocumentError) return err.reason;
  throw err;
}

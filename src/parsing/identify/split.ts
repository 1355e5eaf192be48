import { PDFDocument } from 'pdf-lib';

import { ISIN_PATTERN } from '../../schema/isin';
import { firstIsin } from '../text/isin';
import { textLines } from '../text/lines';
import { closesKeyDocument, opensKeyDocument, titleOf } from './words';

/**
 * Where each document of a PDF begins. Managers publish a KIID followed by a KID, or one KID per share class or per
 * savings plan (some Italian ones 10-40 in one file). A document begins on a page whose first lines carry a KID or
 * KIID title; but many KIDs repeat their title in a running header on every page, so a titled page starts a new
 * document only when it is clearly another one: another ISIN, the other regime, or a page that opens a document
 * (Purpose, What is this product?) after the current one has reached its closing section (same ISIN: savings plans).
 */

/** Lines of a page its title (or running header) is looked for in. */
const TITLE_LINES = 10;
/** Lines of a page an unlabelled ISIN is taken from (running headers print "Fund X - Acc (IE000UOXRAM8)"). */
const ISIN_LINES = 15;

// Linear: the ISIN is a fixed twelve characters and each optional part carries its own blank (LINEAR TIME, kid.ts).
const LABELLED_ISIN = String.raw`\bISIN\b\s*(?:code\s*)?(?:[:\-]\s*)?(${ISIN_PATTERN})\b`;

interface PageFacts {
  title: 'kid' | 'kiid' | 'either' | null;
  isin: string | null;
  opens: boolean;
  closes: boolean;
}

function pageFacts(page: string): PageFacts {
  const lines = textLines([page]).map((l) => l.text);
  return {
    title:
      lines
        .slice(0, TITLE_LINES)
        .map(titleOf)
        .find((t) => t !== null) ?? null,
    isin:
      (firstIsin(lines.join('\n'), LABELLED_ISIN) ?? firstIsin(lines.slice(0, ISIN_LINES).join('\n')))?.isin ?? null,
    opens: lines.some(opensKeyDocument),
    closes: lines.some(closesKeyDocument),
  };
}

/** 0-based inclusive page ranges, one per document, covering every page in order. */
export function documentRanges(pages: string[]): Array<[number, number]> {
  const starts = [0];
  let current: PageFacts | null = null;
  pages.forEach((page, i) => {
    const facts = pageFacts(page);
    if (current && i > 0 && facts.title && beginsAnother(current, facts)) {
      starts.push(i);
      current = { ...facts };
      return;
    }
    current = current
      ? {
          title: current.title ?? facts.title,
          isin: current.isin ?? facts.isin,
          opens: current.opens || facts.opens,
          closes: current.closes || facts.closes,
        }
      : { ...facts };
  });
  return starts.map((start, k) => [start, (starts[k + 1] ?? pages.length) - 1]);
}

function beginsAnother(current: PageFacts, titled: PageFacts): boolean {
  if (current.title && titled.title !== current.title) return true;
  if (current.isin && titled.isin && titled.isin !== current.isin) return true;
  return current.closes && titled.opens;
}

/** A PDF whose pages cannot be copied apart: it is encrypted, though readable. */
export class EncryptedPdfError extends Error {
  constructor() {
    super('the PDF is encrypted');
    this.name = 'EncryptedPdfError';
  }
}

/**
 * A new PDF of each range's pages (0-based inclusive), copied from the input, with its 1-based page range. The last
 * range runs to the input's last page: pages past those whose text was read belong to the last document.
 */
export async function copyRanges(
  content: Buffer,
  ranges: Array<[number, number]>,
): Promise<Array<{ content: Buffer; pages: [number, number] }>> {
  const source = await PDFDocument.load(content, { ignoreEncryption: true, updateMetadata: false });
  // pdf-lib cannot decrypt: pages copied out of an encrypted PDF (one readable without a password, restricted by an
  // owner password) would keep encrypted contents under no key.
  if (source.isEncrypted) throw new EncryptedPdfError();
  const count = source.getPageCount();
  const out: Array<{ content: Buffer; pages: [number, number] }> = [];
  for (const [k, [start, end]] of ranges.entries()) {
    const last = k === ranges.length - 1 ? count - 1 : Math.min(end, count - 1);
    const doc = await PDFDocument.create({ updateMetadata: false });
    const indices = Array.from({ length: Math.max(0, last - start + 1) }, (_, i) => start + i);
    for (const page of await doc.copyPages(source, indices)) doc.addPage(page);
    out.push({ content: Buffer.from(await doc.save()), pages: [start + 1, last + 1] });
  }
  return out;
}

import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A line of a sample document: text cells at x positions (points), so tables come out as columns. */
export type PdfLine = string | { cells: [number, string][]; bold?: boolean } | { heading: string };

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const LINE = 13;
// Fixed metadata dates: the same input gives the same bytes, hence the same content hash.
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

/** Renders pages of text lines with a standard font (text layer only, as a real generated PDF). */
export async function textPdf(title: string, pages: PdfLine[][]): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setProducer('fund-data-service sample library');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const lines of pages) {
    const page = doc.addPage(A4);
    let y = A4[1] - MARGIN;
    for (const line of lines) {
      if (typeof line === 'string') {
        for (const wrapped of wrap(line, 100)) {
          page.drawText(wrapped, { x: MARGIN, y, size: 9, font: regular });
          y -= LINE;
        }
      } else if ('heading' in line) {
        y -= 4;
        page.drawText(line.heading, { x: MARGIN, y, size: 11, font: bold });
        y -= LINE + 2;
      } else {
        for (const [x, text] of line.cells) page.drawText(text, { x, y, size: 9, font: line.bold ? bold : regular });
        y -= LINE;
      }
      if (y < MARGIN) break; // sample pages are sized to fit; never draw off the page
    }
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out.length ? out : [''];
}

import fs from 'node:fs';

import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';

/**
 * A line of a sample document: text cells at x positions (points), so tables come out as columns; a
 * cell may sit `dy` points above its line (a value printed before its label, as centred cells do).
 * `columns` draws two columns side by side, the left one first, as two-column KIIDs are written.
 */
export type PdfLine =
  string | { cells: PdfCell[]; bold?: boolean } | { heading: string } | { columns: [PdfLine[], PdfLine[]] };
type PdfCell = [x: number, text: string, dy?: number];

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const LINE = 13;
const COLUMN_X = 310;
const FULL_WIDTH_CHARS = 100;
// Fixed metadata dates: the same input gives the same bytes, hence the same content hash.
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * Liberation Sans (installed by scripts/ensure.sh) for text a standard font cannot encode: Greek, Cyrillic and the
 * Latin letters of Central and Eastern Europe.
 */
const UNICODE_FONT_DIR = '/usr/share/fonts/truetype/liberation2';

/** Helvetica when it can encode every line, else Liberation Sans, embedded as a subset as real generators do. */
async function fontsFor(doc: PDFDocument, pages: PdfLine[][]): Promise<Fonts> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  try {
    regular.encodeText(JSON.stringify(pages));
    return { regular, bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  } catch {
    doc.registerFontkit(fontkit);
    const load = (file: string) =>
      doc.embedFont(fs.readFileSync(`${UNICODE_FONT_DIR}/${file}`), { subset: true, customName: file });
    return { regular: await load('LiberationSans-Regular.ttf'), bold: await load('LiberationSans-Bold.ttf') };
  }
}

/** Renders pages of text lines with a standard font (text layer only, as a real generated PDF). */
export async function textPdf(title: string, pages: PdfLine[][]): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setProducer('fund-data-service sample library');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const fonts = await fontsFor(doc, pages);
  for (const lines of pages)
    drawLines(doc.addPage(A4), fonts, lines, { x: 0, y: A4[1] - MARGIN, width: FULL_WIDTH_CHARS });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Draws lines from `at` downwards; returns the y below the last one. */
function drawLines(page: PDFPage, fonts: Fonts, lines: PdfLine[], at: { x: number; y: number; width: number }): number {
  let y = at.y;
  for (const line of lines) {
    if (y < MARGIN) break; // sample pages are sized to fit; never draw off the page
    if (typeof line === 'string') {
      for (const wrapped of wrap(line, at.width)) {
        page.drawText(wrapped, { x: MARGIN + at.x, y, size: 9, font: fonts.regular });
        y -= LINE;
      }
    } else if ('heading' in line) {
      y -= 4;
      page.drawText(line.heading, { x: MARGIN + at.x, y, size: 11, font: fonts.bold });
      y -= LINE + 2;
    } else if ('columns' in line) {
      const half = Math.floor(at.width / 2) - 4;
      const left = drawLines(page, fonts, line.columns[0], { x: at.x, y, width: half });
      const right = drawLines(page, fonts, line.columns[1], { x: at.x + COLUMN_X - MARGIN, y, width: half });
      y = Math.min(left, right);
    } else {
      for (const [x, text, dy = 0] of line.cells)
        page.drawText(text, { x: x + at.x, y: y + dy, size: 9, font: line.bold ? fonts.bold : fonts.regular });
      y -= LINE;
    }
  }
  return y;
}

/** Words of a text as lines of at most `width` characters (a longer word stands alone). */
export function wrap(text: string, width: number): string[] {
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

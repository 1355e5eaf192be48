import type { PdfText } from '../pdf/text';
import { layoutLines, type TextLine, textLines } from '../text/lines';

/** The two renderings of the document a parser can look at. */
export interface Views {
  reading: TextLine[];
  /** Layout lines keep their leading spaces: column positions matter. */
  layout: TextLine[];
}

/** Both renderings of a document's text as lines (the layout one is empty without pdftotext). */
export function viewsOf(text: PdfText): Views {
  return { reading: textLines(text.pages ?? []), layout: layoutLines(text.layout ?? []) };
}

/** A cell of a layout line: single-spaced words, and the column it starts at. */
export interface LayoutCell {
  start: number;
  end: number;
  text: string;
}

/**
 * The cells of a layout line, split at runs of two blanks or more, at most `max` of them.
 * Linear: a cell starts only where one can start (the line start or after a wide gap), so each run of
 * words is matched once.
 */
export function layoutCells(text: string, max: number): LayoutCell[] {
  const cells: LayoutCell[] = [];
  for (const m of text.matchAll(/(?<!\S)(?<!\S )\S+(?: \S+)*/g)) {
    if (cells.length >= max) break;
    const start = m.index ?? 0;
    cells.push({ start, end: start + m[0].length, text: m[0] });
  }
  return cells;
}

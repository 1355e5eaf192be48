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

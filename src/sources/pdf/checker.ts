import type { PdfChecker } from '../../usecases/ports';
import { UnreadableDocumentError } from '../types';
import { assertLooksLikePdf, extractPdfText } from './text';

/** The PdfChecker port: a PDF is usable when it opens and has a text layer (scans are refused: no OCR). */
export const pdfChecker: PdfChecker = {
  shapeProblem(bytes: Buffer, label: string): string | null {
    return problemOf(() => assertLooksLikePdf(bytes, label));
  },
  async textProblem(bytes: Buffer, label: string): Promise<string | null> {
    try {
      await extractPdfText(bytes, { origin: label, layout: false });
      return null;
    } catch (err) {
      return problemOf(() => {
        throw err;
      });
    }
  },
};

/** The message of an UnreadableDocumentError the check throws; anything else is not the document's fault and is rethrown. */
function problemOf(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (err) {
    if (err instanceof UnreadableDocumentError) return err.message;
    throw err;
  }
}

import { UnreadableDocumentError } from '../domain/documents';
import { assertLooksLikePdf, extractPdfText } from '../parsing/pdf/text';
import type { PdfChecker } from '../usecases/ports/extraction';

/** The PdfChecker port: a PDF is usable when it opens and has a text layer (scans are refused: no OCR). */
export const pdfChecker: PdfChecker = {
  shapeProblem(bytes: Buffer, label: string): string | null {
    try {
      assertLooksLikePdf(bytes, label);
      return null;
    } catch (err) {
      return unreadableMessage(err);
    }
  },
  async textProblem(bytes: Buffer, label: string): Promise<string | null> {
    try {
      await extractPdfText(bytes, { origin: label, layout: false });
      return null;
    } catch (err) {
      return unreadableMessage(err);
    }
  },
};

/** The message of a document problem; anything else is not the document's fault and is rethrown. */
function unreadableMessage(err: unknown): string {
  if (err instanceof UnreadableDocumentError) return err.message;
  throw err;
}

import type { DocumentRef, ExtractedDocument, SourceDocument } from '../../domain/documents';
import type { FailureKind } from '../../domain/failures';
import type { ExtractKind } from '../../schema/extract';

/** The ports of POST /extract: the extraction job, the document store, the PDF checks. */

export interface ExtractionRequest {
  source: { type: 'stored'; ref: DocumentRef } | { type: 'url'; url: string };
  kind: ExtractKind;
  isin: string | null;
}

/** How an extraction ended, as the use case needs it: the workflow's failures translated by the adapter. */
export type ExtractionRun =
  | { outcome: 'extracted'; document: ExtractedDocument }
  | { outcome: 'refused'; reason: FailureKind; message: string }
  | { outcome: 'failed' };

export interface DocumentExtractor {
  /** Runs one extraction as the workflow `extract/<uuid>`. Throws DependencyUnavailableError when Temporal is down. */
  extract(request: ExtractionRequest): Promise<ExtractionRun>;
}

export interface DocumentStore {
  /** Stores a document once by content hash; returns its reference. */
  store(doc: SourceDocument): Promise<DocumentRef>;
}

export interface PdfChecker {
  /** Cheap (header and trailer): null when the bytes look like a whole PDF; otherwise why not. */
  shapeProblem(bytes: Buffer, label: string): string | null;
  /** Opens the PDF: null when it has a text layer; otherwise why not (a scan, a damaged file). */
  textProblem(bytes: Buffer, label: string): Promise<string | null>;
}

import type { FundData } from '../schema/fund';

/**
 * An SCPI's own documents (French real-estate funds; library folder `scpi/<slug>/`): the periodic bulletin,
 * the DIC (its PRIIPs key information document), the annual report and the information note.
 */
export const SCPI_DOCUMENT_KINDS = ['scpi-bulletin', 'scpi-dic', 'scpi-annual', 'scpi-note'] as const;
export type ScpiDocumentKind = (typeof SCPI_DOCUMENT_KINDS)[number];

/** What a source connector returns for an ISIN: documents with their kind, media type, origin and retrieval time. */
export const DOCUMENT_KINDS = [
  'kid',
  'kiid',
  'factsheet',
  'holdings',
  'nav',
  'ept',
  'emt',
  'tpt',
  ...SCPI_DOCUMENT_KINDS,
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface SourceDocument {
  kind: DocumentKind;
  mediaType: string;
  origin: string;
  retrievedAt: string;
  content: Buffer;
}

/** A stored document as it travels through workflow history: a reference, never the bytes. */
export interface DocumentRef {
  sha256: string;
  kind: DocumentKind;
  mediaType: string;
  origin: string;
  retrievedAt: string;
  size: number;
}

export interface SourceConnector {
  readonly name: string;
  /** Documents for the ISIN; an empty list when the source knows nothing of it. */
  fetch(isin: string): Promise<SourceDocument[]>;
}

/** A document that cannot be read as its kind: retrying will not help. */
export class UnreadableDocumentError extends Error {
  constructor(
    readonly origin: string,
    readonly reason: string,
  ) {
    super(`${origin}: ${reason}`);
    this.name = 'UnreadableDocumentError';
  }
}

/** What one document states, on its own (POST /extract). */
export interface ExtractedDocument {
  pages: number;
  chars: number;
  isin: string | null;
  name: string | null;
  /** Fields filled from the document (entries in data.sources). */
  fieldsFilled: number;
  data: FundData;
}

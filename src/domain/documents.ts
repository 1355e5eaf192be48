import type { DocumentKind, IngestResult } from '../schema/documents';
import type { FundData } from '../schema/fund';

export type { DocumentKind, ScpiDocumentKind } from '../schema/documents';
export { DOCUMENT_KINDS, SCPI_DOCUMENT_KINDS } from '../schema/documents';

export interface SourceDocument {
  kind: DocumentKind;
  mediaType: string;
  origin: string;
  retrievedAt: string;
  content: Buffer;
  /** The issuer recipe that fetched it from its manager's server (origin is then the URL it came from). */
  recipe?: string;
}

/** A stored document as it travels through workflow history: a reference, never the bytes. */
export interface DocumentRef {
  sha256: string;
  kind: DocumentKind;
  mediaType: string;
  origin: string;
  retrievedAt: string;
  size: number;
  recipe?: string;
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

/** One file handed in, stored by hash, to be identified and filed by the workflow `ingest/<sha256>`. */
export interface IngestRequest {
  sha256: string;
  /** The name it came with (inbox path, command argument, upload name): for the results, never to identify it. */
  fileName: string;
  /** The ISIN given with it (inbox/<ISIN>/, --isin, the isin field): for documents that name none of their own. */
  isin: string | null;
  /** How it came in: `inbox`, `import`, `api:<key id>`. */
  source: string;
  /**
   * False: file only, the caller reloads the funds of a whole batch once afterwards (`reloadFiled`), instead of each
   * file reloading its funds (a fund whose documents arrive one file at a time would be reloaded once per file).
   */
  reload?: boolean;
}

/** How a document handed in ends when it cannot be filed: rejected, with the reason a person reads. */
export function rejectedDocument(file: string, reason: string): IngestResult {
  return {
    file,
    status: 'rejected',
    sha256: null,
    kind: null,
    language: null,
    isins: [],
    scpi: null,
    asOf: null,
    reason,
  };
}

/** The funds (ISINs) and SCPI (slugs) that filed documents brought something new to: what a reload takes. */
export interface FiledTargets {
  isins: string[];
  scpi: string[];
}

/**
 * The funds and SCPI of the documents filed (duplicates and rejections brought nothing new); with `duplicates`, those
 * of documents filed before too (a file handed in again whose first filing may not have been followed by a reload).
 */
export function filedTargets(results: readonly IngestResult[], { duplicates = false } = {}): FiledTargets {
  const filed = results.filter((r) => r.status === 'filed' || (duplicates && r.status === 'duplicate'));
  return {
    isins: [...new Set(filed.flatMap((r) => (r.scpi ? [] : r.isins)))],
    scpi: [...new Set(filed.flatMap((r) => (r.scpi ? [r.scpi] : [])))],
  };
}

/**
 * Which document's value a fund payload quotes when several state a field: the regulated key documents first (they
 * are the manager's binding statement for the share class), then FinDatEx files, then factsheets and data files.
 * The others that state a different value are listed beside it (`data.sources[field].conflicts`).
 */
export const DOCUMENT_AUTHORITY: readonly DocumentKind[] = [
  'kid',
  'kiid',
  'ept',
  'emt',
  'factsheet',
  'holdings',
  'tpt',
  'nav',
];

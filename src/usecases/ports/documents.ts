import type { FiledTargets, IngestRequest } from '../../domain/documents';
import type { DocumentKind, FiledDocument, IngestResult } from '../../schema/documents';

/** The ports of the operator's documents: the bytes, the ingestion job, the list of what is filed. */

export interface UploadStore {
  /** Stores the bytes once by content hash. */
  storeUpload(content: Buffer): Promise<{ sha256: string; size: number }>;
}

export interface DocumentIngester {
  /**
   * Runs (or joins) the ingestion of one stored file and waits for it, its funds' reloads included: one result
   * per document the file holds. Throws DependencyUnavailableError when Temporal is down.
   */
  ingest(request: IngestRequest): Promise<IngestResult[]>;
  /** Reloads the funds and SCPI of a batch filed without reloading (`reload: false`), each once, and waits. */
  reload(targets: FiledTargets): Promise<void>;
  /**
   * Removes a filed document and reloads its funds (or its SCPI) without it; null when no filed document has this
   * hash.
   */
  remove(sha256: string): Promise<{ isins: string[]; scpi: string | null } | null>;
}

export interface FiledDocumentQuery {
  isin: string | null;
  kind: DocumentKind | null;
  limit: number;
  before: { filedAt: string; sha256: string } | null;
}

export interface FiledDocuments {
  /** Newest first. */
  list(query: FiledDocumentQuery): Promise<FiledDocument[]>;
}

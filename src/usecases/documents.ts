import { filedTargets, rejectedDocument } from '../domain/documents';
import type { DocumentKind, FiledDocument, IngestResult } from '../schema/documents';
import { type DependencyHealth, LoadTimeoutError } from './ports/dependencies';
import type { DocumentIngester, FiledDocuments, UploadStore } from './ports/documents';

/**
 * The operator's documents: files handed in through the inbox folder, the import command or POST /documents
 * are stored by hash, identified and filed by the ingestion workflow, and their funds reloaded; what is filed
 * can be listed and removed.
 */

export interface DocumentsDeps {
  health: DependencyHealth;
  uploads: UploadStore;
  ingester: DocumentIngester;
  filed: FiledDocuments;
}

export interface HandedFile {
  name: string;
  content: Buffer;
}

/** Who handed the files in and the ISIN given with them (for documents that name none of their own). */
export interface Handing {
  isin: string | null;
  source: string;
  /**
   * Leave the reload to the caller, who files several batches and reloads their funds once at the end
   * (`reloadFiled`: the inbox folder, the import command). Otherwise the funds of these files are reloaded, each once,
   * before the answer.
   */
  deferReload?: boolean;
}

export type FilingOutcome =
  | { outcome: 'ingested'; results: IngestResult[] }
  /** The job engine is down: nothing was stored; try again shortly. */
  | { outcome: 'unavailable'; dependency: string }
  /** A file's ingestion outlasted the caller's wait: it goes on, and GET /documents shows what it filed. */
  | { outcome: 'still_running' };

/**
 * Files each file handed in, then reloads each fund and SCPI they brought something new to once (a fund whose KID and
 * factsheet are two of the files is reloaded once); one result per document they hold, in the order of the files.
 */
export async function fileDocuments(
  deps: Pick<DocumentsDeps, 'health' | 'uploads' | 'ingester'>,
  files: readonly HandedFile[],
  handing: Handing,
): Promise<FilingOutcome> {
  const down = deps.health.firstDown(['temporal']);
  if (down) return { outcome: 'unavailable', dependency: down };
  try {
    const results = (await Promise.all(files.map((file) => fileOne(deps, file, handing)))).flat();
    if (!handing.deferReload) await deps.ingester.reload(filedTargets(results));
    return { outcome: 'ingested', results };
  } catch (err) {
    if (err instanceof LoadTimeoutError) return { outcome: 'still_running' };
    throw err;
  }
}

/** Longest file name kept with a document (results, the list): paths in an inbox are rarely longer. */
const MAX_FILE_NAME = 512;

async function fileOne(
  deps: Pick<DocumentsDeps, 'uploads' | 'ingester'>,
  file: HandedFile,
  handing: Handing,
): Promise<IngestResult[]> {
  const fileName = file.name.slice(0, MAX_FILE_NAME); // a name is a label: an upload's may be any length
  if (file.content.length === 0) return [rejectedDocument(fileName, 'the file is empty')];
  const { sha256 } = await deps.uploads.storeUpload(file.content);
  return deps.ingester.ingest({
    sha256,
    fileName,
    isin: handing.isin,
    source: handing.source,
    reload: false, // once for all the files, above or by the caller
  });
}

/**
 * Reloads, each once, the funds and SCPI a batch of files filed without reloading brought something new to (a fund
 * whose documents came in several files of the batch is reloaded once, not once per file).
 */
export async function reloadFiled(
  deps: Pick<DocumentsDeps, 'ingester'>,
  results: readonly IngestResult[],
  options: { duplicates?: boolean } = {},
): Promise<void> {
  await deps.ingester.reload(filedTargets(results, options));
}

export interface DocumentListQuery {
  isin: string | null;
  kind: DocumentKind | null;
  limit: number;
  /** The `next` cursor of the previous page. */
  cursor: string | null;
}

export type DocumentListOutcome =
  { outcome: 'listed'; documents: FiledDocument[]; next: string | null } | { outcome: 'bad_cursor' };

/** One page of what is filed, newest first. */
export async function listDocuments(
  deps: Pick<DocumentsDeps, 'filed'>,
  query: DocumentListQuery,
): Promise<DocumentListOutcome> {
  const before = query.cursor === null ? null : decodeCursor(query.cursor);
  if (query.cursor !== null && !before) return { outcome: 'bad_cursor' };
  const documents = await deps.filed.list({ isin: query.isin, kind: query.kind, limit: query.limit + 1, before });
  const page = documents.slice(0, query.limit);
  const last = page.at(-1);
  const next = documents.length > query.limit && last ? encodeCursor(last) : null;
  return { outcome: 'listed', documents: page, next };
}

const SHA256 = /^[0-9a-f]{64}$/;

export type RemovalOutcome =
  | { outcome: 'removed'; sha256: string; isins: string[]; scpi: string | null }
  | { outcome: 'invalid_hash' }
  | { outcome: 'not_found' }
  | { outcome: 'unavailable'; dependency: string };

/** Takes a filed document out of the universe; its funds reload without it (a fund left with none is forgotten). */
export async function removeDocument(
  deps: Pick<DocumentsDeps, 'health' | 'ingester'>,
  sha256: string,
): Promise<RemovalOutcome> {
  if (!SHA256.test(sha256)) return { outcome: 'invalid_hash' };
  const down = deps.health.firstDown(['temporal']);
  if (down) return { outcome: 'unavailable', dependency: down };
  const removed = await deps.ingester.remove(sha256);
  return removed ? { outcome: 'removed', sha256, ...removed } : { outcome: 'not_found' };
}

function encodeCursor(doc: FiledDocument): string {
  return Buffer.from(`${doc.filedAt}|${doc.sha256}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { filedAt: string; sha256: string } | null {
  const [filedAt, sha256, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !sha256 || !SHA256.test(sha256) || Number.isNaN(Date.parse(filedAt))) return null;
  return { filedAt, sha256 };
}

import { ApplicationFailure, Context } from '@temporalio/activity';

import type { DocumentsRepository } from '../db/repositories/documents';
import type { FiledDocumentsRepository } from '../db/repositories/filedDocuments';
import type { FundsRepository } from '../db/repositories/funds';
import type { ScpiRepository } from '../db/repositories/scpi';
import { type IngestRequest, rejectedDocument, SCPI_DOCUMENT_KINDS } from '../domain/documents';
import { FAILURE_TYPES } from '../domain/failures';
import { scpiSlug } from '../domain/scpi';
import { ArchiveRefusedError, isArchive, unpackArchive } from '../parsing/archive';
import type { IdentifiedDocument } from '../parsing/identify';
import { identifyInPool } from '../parsing/pool/pool';
import type { IngestResult } from '../schema/documents';
import { placeFiledFindatex, removeFiledFindatex } from '../sources/findatexLibrary';
import { MAX_LIBRARY_FILE_BYTES } from '../sources/localLibrary';
import { isScpiSlug } from '../sources/scpiLibrary';

export interface IngestionDeps {
  documents: DocumentsRepository;
  filed: FiledDocumentsRepository;
  funds: Pick<FundsRepository, 'forgetMisses' | 'forgetFunds'>;
  /** Finds the SCPI an SCPI document names (by ISIN or name) among those the universe knows. */
  scpi: Pick<ScpiRepository, 'resolve' | 'forget'>;
  /** The document library: EPT and EMT files filed join its `findatex/` folder, which indexes them row by row. */
  libraryDir: string;
}

/** One file to identify: the file handed in, or one entry of an archive. */
interface Candidate {
  file: string;
  content: Buffer;
}

/** The candidates a file holds: its archive entries (and the entries refused), or the file itself. */
function candidatesOf(request: IngestRequest, content: Buffer): { candidates: Candidate[]; refused: IngestResult[] } {
  if (!isArchive(content)) return { candidates: [{ file: request.fileName, content }], refused: [] };
  try {
    const { entries, refused } = unpackArchive(content);
    const inArchive = (path: string) => `${request.fileName}/${path}`;
    return {
      candidates: entries.map((e) => ({ file: inArchive(e.path), content: e.content })),
      refused: refused.map((r) => rejectedDocument(inArchive(r.path), r.reason)),
    };
  } catch (err) {
    if (err instanceof ArchiveRefusedError)
      return { candidates: [], refused: [rejectedDocument(request.fileName, err.reason)] };
    throw err;
  }
}

/** Where an ingestion files what it identified, and how the results read. */
export function createIngestionActivities(deps: IngestionDeps) {
  /** One identified document (a whole file or one part of a split PDF) stored and filed under its ISINs. */
  async function fileOne(
    request: IngestRequest,
    file: string,
    doc: IdentifiedDocument,
    filedBy: string,
  ): Promise<IngestResult> {
    const isScpi = (SCPI_DOCUMENT_KINDS as readonly string[]).includes(doc.kind);
    const scpi = isScpi ? await scpiOf(doc) : null;
    if (isScpi && !scpi) return rejectedDocument(file, SCPI_UNNAMED);
    // An SCPI's document is filed under its SCPI; a fund's under its own ISINs, else the one given with it.
    const isins = isScpi ? doc.isins : doc.isins.length > 0 ? doc.isins : request.isin ? [request.isin] : [];
    if (!isScpi && isins.length === 0) return rejectedDocument(file, needsIsin(doc));
    const isFeed = doc.kind === 'ept' || doc.kind === 'emt';
    if (isFeed && doc.content.length > MAX_LIBRARY_FILE_BYTES) return rejectedDocument(file, feedTooLarge(doc));
    const ref = await deps.documents.store({
      kind: doc.kind,
      mediaType: doc.mediaType,
      origin: `filed:${file}`,
      retrievedAt: new Date().toISOString(),
      content: doc.content,
    });
    if (isFeed) await placeFiledFindatex(deps.libraryDir, { ...ref, content: doc.content });
    const filed = await deps.filed.file({
      sha256: ref.sha256,
      kind: doc.kind,
      mediaType: doc.mediaType,
      language: doc.language,
      isins,
      scpiSlug: scpi,
      asOf: doc.asOf,
      name: doc.name,
      source: request.source,
      fileName: file,
      filedBy,
    });
    const { kind, language, asOf } = doc;
    return {
      file,
      status: filed ? 'filed' : 'duplicate',
      sha256: ref.sha256,
      kind,
      language,
      isins,
      scpi,
      asOf,
      reason: null,
    };
  }

  /**
   * The SCPI an SCPI document belongs to: the one the universe knows by the ISIN or the name it states, else the
   * slug of its name (a new SCPI); null when it states neither.
   */
  async function scpiOf(doc: IdentifiedDocument): Promise<string | null> {
    for (const key of [...doc.isins, ...(doc.name ? [doc.name] : [])]) {
      const known = await deps.scpi.resolve(key);
      if (known) return known;
    }
    const slug = doc.name ? scpiSlug(doc.name) : '';
    return isScpiSlug(slug) ? slug : null;
  }

  async function ingestCandidate(request: IngestRequest, candidate: Candidate, filedBy: string) {
    const identification = await identifyInPool(candidate.content);
    if (!identification.ok) return [rejectedDocument(candidate.file, identification.reason)];
    const { documents } = identification;
    const label = (doc: IdentifiedDocument) =>
      documents.length > 1 && doc.pages ? `${candidate.file}#pages=${doc.pages[0]}-${doc.pages[1]}` : candidate.file;
    const results: IngestResult[] = [];
    for (const doc of documents) results.push(await fileOne(request, label(doc), doc, filedBy));
    return results;
  }

  return {
    /**
     * Identifies a stored file by its content (an archive's entries one by one, a PDF of several documents
     * part by part, each in the parse pool within its time limit), stores and files each document under the
     * ISINs it covers, and forgets the remembered misses of those funds. One result per document.
     */
    async ingestStoredFile(request: IngestRequest): Promise<IngestResult[]> {
      const content = await deps.documents.content(request.sha256);
      if (!content)
        throw ApplicationFailure.nonRetryable(`document ${request.sha256} is not stored`, FAILURE_TYPES.unreadable);
      const execution = Context.current().info.workflowExecution;
      const filedBy = `${execution?.workflowId ?? 'ingest'}/${execution?.runId ?? request.sha256}`;
      const { candidates, refused } = candidatesOf(request, content);
      // The pool bounds how many are read at once; each candidate's parts are filed in order.
      const perCandidate = await Promise.all(candidates.map((c) => ingestCandidate(request, c, filedBy)));
      const results = [...perCandidate.flat(), ...refused];
      await deps.funds.forgetMisses(results.filter((r) => r.status === 'filed').flatMap((r) => r.isins));
      return results;
    },

    /** Takes a document out of the universe; the funds and SCPI it covered, or null when no document has this hash. */
    async unfileDocument(sha256: string): Promise<{ isins: string[]; scpiSlug: string | null } | null> {
      const removed = await deps.filed.remove(sha256);
      if (removed?.kind === 'ept' || removed?.kind === 'emt')
        await removeFiledFindatex(deps.libraryDir, { sha256, ...removed });
      return removed && { isins: removed.isins, scpiSlug: removed.scpiSlug };
    },

    /** Forgets an SCPI left without any document (its reload found nothing). */
    async forgetScpi(slug: string): Promise<void> {
      await deps.scpi.forget(slug);
    },

    /** Drops the payloads of funds left without any document (their reload found nothing). */
    async forgetFunds(isins: string[]): Promise<number> {
      return deps.funds.forgetFunds(isins);
    },
  };
}

/** Why a document that names no ISIN of its own cannot be filed without one. */
function needsIsin(doc: IdentifiedDocument): string {
  const what = doc.kind === 'holdings' ? 'a holdings list' : doc.kind === 'nav' ? 'a NAV history' : `a ${doc.kind}`;
  return (
    `${what} that names no ISIN of its own: give the fund's ISIN with it ` +
    '(a folder inbox/<ISIN>/, --isin on the import command, or the isin field of POST /documents)'
  );
}

/** The FinDatEx folder indexes files up to the library's size cap: a larger feed would be filed and never read. */
function feedTooLarge(doc: IdentifiedDocument): string {
  return (
    `a FinDatEx ${doc.kind.toUpperCase()} file larger than ${MAX_LIBRARY_FILE_BYTES / 1024 / 1024} MB, ` +
    'more than the FinDatEx folder reads: split it into several files'
  );
}

const SCPI_UNNAMED =
  'an SCPI document that states neither the name nor the ISIN of its SCPI, so it cannot be filed under one';

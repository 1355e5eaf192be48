import { ApplicationFailure } from '@temporalio/activity';

import type { DocumentsRepository } from '../db/repositories/documents';
import type { FiledDocumentsRepository } from '../db/repositories/filedDocuments';
import type { ScpiIdentity, ScpiRepository } from '../db/repositories/scpi';
import { type DocumentRef, UnreadableDocumentError } from '../domain/documents';
import { FAILURE_TYPES } from '../domain/failures';
import type { ScpiData } from '../schema/scpi';
import type { DocumentParser, LoadedDocument } from '../sources/extract';
import { extractScpi } from '../sources/extractScpi';
import type { ScpiLibrary } from '../sources/scpiLibrary';
import { loadStoredDocuments } from './storedDocuments';

/** Where an SCPI's documents are: the slugs known, each one's documents, a version that changes with them. */
export type ScpiSources = Pick<ScpiLibrary, 'slugs' | 'documents' | 'version'>;

/**
 * The SCPI documents loads and the universe read: the library's `scpi/<slug>/` folders, then the documents operators
 * filed under an SCPI's slug (the inbox, the import command, POST /documents).
 */
export function scpiSources(
  library: ScpiSources,
  filed: Pick<FiledDocumentsRepository, 'forScpi' | 'scpiSlugs' | 'scpiVersion'>,
): ScpiSources {
  return {
    async slugs() {
      const [folders, filedUnder] = await Promise.all([library.slugs(), filed.scpiSlugs()]);
      return [...new Set([...folders, ...filedUnder])].sort();
    },
    async documents(slug) {
      const [inFolder, filedUnder] = await Promise.all([library.documents(slug), filed.forScpi(slug)]);
      return [...inFolder, ...filedUnder];
    },
    async version(slug) {
      const [inFolder, filedUnder] = await Promise.all([library.version(slug), filed.scpiVersion(slug)]);
      return `${inFolder}|filed:${filedUnder}`;
    },
  };
}

export interface ScpiActivityDeps {
  library: ScpiSources;
  documents: DocumentsRepository;
  scpi: ScpiRepository;
  /** Freshness of an SCPI payload (24 hours, as a fund's). */
  ttlMs: number;
  /** Tests only: parses documents elsewhere than in the shared parse pool. */
  parse?: DocumentParser;
}

export type ExtractedScpi = { found: false } | { found: true; identity: ScpiIdentity; data: ScpiData };

/** What the documents of one SCPI state, and who it is (the load and the worker's look at the folders both ask). */
async function identify(
  slug: string,
  documents: LoadedDocument[],
  parse: DocumentParser | undefined,
): Promise<ExtractedScpi> {
  const extraction = await extractScpi(documents, { parse });
  if (!extraction.found || !extraction.name) return { found: false };
  const k = extraction.data.keyFacts;
  return {
    found: true,
    identity: {
      slug,
      isin: extraction.isin,
      name: extraction.name,
      managementCompany: k.managementCompany || null,
      category: k.category,
      capitalType: k.capitalType,
    },
    data: extraction.data,
  };
}

/** Activities of an SCPI load and of the worker's look at the SCPI folders, over injected clients. */
export function createScpiActivities(deps: ScpiActivityDeps) {
  const loadDocuments = (refs: DocumentRef[]) => loadStoredDocuments(deps.documents, refs);

  return {
    async hasFreshScpi(slug: string, since: string): Promise<boolean> {
      return deps.scpi.hasPayloadSince(slug, new Date(since));
    },

    /** The SCPI's documents (its library folder, those filed under it), stored once by content hash; references onwards. */
    async fetchScpiDocuments(slug: string): Promise<DocumentRef[]> {
      const refs: DocumentRef[] = [];
      for (const doc of await deps.library.documents(slug)) refs.push(await deps.documents.store(doc));
      return refs;
    },

    /**
     * Reads the documents (parse pool, time-limited): the payload with provenance. An unreadable document fails the
     * load for good.
     */
    async extractScpiDocuments(slug: string, refs: DocumentRef[]): Promise<ExtractedScpi> {
      try {
        return await identify(slug, await loadDocuments(refs), deps.parse);
      } catch (err) {
        if (err instanceof UnreadableDocumentError)
          throw ApplicationFailure.nonRetryable(err.message, FAILURE_TYPES.unreadable);
        throw err;
      }
    },

    /** Stores the payload with its change rows; returns its timestamp. */
    async saveScpi(identity: ScpiIdentity, data: ScpiData): Promise<{ generatedAt: string }> {
      const generatedAt = new Date();
      const payload = { ...data, generatedAt: generatedAt.toISOString() };
      await deps.scpi.save(identity, payload, generatedAt, new Date(generatedAt.getTime() + deps.ttlMs));
      return { generatedAt: payload.generatedAt };
    },

    /** One page of stored SCPI due for a refresh, in slug order after `after`. */
    async staleScpi(after: string | null, limit: number): Promise<{ slugs: string[]; freshSince: string }> {
      const cutoff = new Date(Date.now() - deps.ttlMs);
      return { slugs: await deps.scpi.staleAfter(after, cutoff, limit), freshSince: cutoff.toISOString() };
    },
  };
}

/**
 * The worker's look at the SCPI folders: every folder identified from its documents (name, ISIN,
 * management company, category), again only when its files change, so that GET /scpi searches every
 * SCPI of the library, loaded or not. One that cannot be read is left out until it changes.
 */
export function createScpiUniverseScan(deps: Pick<ScpiActivityDeps, 'library' | 'scpi' | 'parse'>) {
  let known = new Map<string, { version: string; identity: ScpiIdentity | null }>();
  return async function scanScpiUniverse(): Promise<number> {
    const next = new Map<string, { version: string; identity: ScpiIdentity | null }>();
    for (const slug of await deps.library.slugs()) {
      const version = await deps.library.version(slug);
      const seen = known.get(slug);
      next.set(slug, seen?.version === version ? seen : { version, identity: await identityOf(slug) });
    }
    known = next;
    const identities = [...next.values()].flatMap((e) => (e.identity ? [e.identity] : []));
    await deps.scpi.replaceUniverse(identities);
    return identities.length;
  };

  async function identityOf(slug: string): Promise<ScpiIdentity | null> {
    const documents = (await deps.library.documents(slug)).map((doc, i) => ({
      ref: {
        sha256: `${slug}-${i}`,
        kind: doc.kind,
        mediaType: doc.mediaType,
        origin: doc.origin,
        retrievedAt: doc.retrievedAt,
        size: doc.content.length,
      },
      content: doc.content,
    }));
    try {
      const extracted = await identify(slug, documents, deps.parse);
      return extracted.found ? extracted.identity : null;
    } catch {
      return null; // unreadable: left out until its files change
    }
  }
}

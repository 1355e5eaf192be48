import type { DocumentsRepository } from '../db/repositories/documents';
import type { DocumentRef } from '../domain/documents';
import type { LoadedDocument } from '../sources/extract';

/** The stored bytes of documents a workflow passed by reference (documents travel as references, never as bytes). */
export async function loadStoredDocuments(
  documents: DocumentsRepository,
  refs: readonly DocumentRef[],
): Promise<LoadedDocument[]> {
  // Read together (the pool has connections to spare), in the order of the references.
  return Promise.all(
    refs.map(async (ref) => {
      const content = await documents.content(ref.sha256);
      if (!content) throw new Error(`document ${ref.sha256} vanished from the store`);
      return { ref, content };
    }),
  );
}

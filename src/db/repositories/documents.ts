import { createHash } from 'node:crypto';

import type { Pool } from 'pg';

import type { DocumentRef, SourceDocument } from '../../domain/documents';

/** Documents stored once by content hash; what travels onwards is the reference. */
export class DocumentsRepository {
  constructor(private readonly pool: Pool) {}

  async store(doc: SourceDocument): Promise<DocumentRef> {
    const sha256 = await this.insert(doc.content, doc.mediaType);
    return {
      sha256,
      kind: doc.kind,
      mediaType: doc.mediaType,
      origin: doc.origin,
      retrievedAt: doc.retrievedAt,
      size: doc.content.length,
      ...(doc.recipe ? { recipe: doc.recipe } : {}),
    };
  }

  /** Stores bytes handed in before anyone knows what they are (an operator's file); returns their hash. */
  async storeUpload(content: Buffer): Promise<{ sha256: string; size: number }> {
    return { sha256: await this.insert(content, 'application/octet-stream'), size: content.length };
  }

  private async insert(content: Buffer, mediaType: string): Promise<string> {
    const sha256 = createHash('sha256').update(content).digest('hex');
    await this.pool.query(
      // Stored again: marked (at most once an hour), so the storage retention never takes it while a load reads it.
      `INSERT INTO documents (sha256, media_type, size, content) VALUES ($1, $2, $3, $4)
       ON CONFLICT (sha256) DO UPDATE SET stored_at = now() WHERE documents.stored_at < now() - interval '1 hour'`,
      [sha256, mediaType, content.length, content],
    );
    return sha256;
  }

  async content(sha256: string): Promise<Buffer | null> {
    const { rows } = await this.pool.query<{ content: Buffer }>('SELECT content FROM documents WHERE sha256 = $1', [
      sha256,
    ]);
    return rows[0]?.content ?? null;
  }

  async recordRead(read: {
    isin: string;
    source: string;
    documents: number;
    workflowId: string | null;
    runId: string | null;
  }): Promise<void> {
    await this.pool.query(
      'INSERT INTO source_reads (isin, source, documents, workflow_id, run_id) VALUES ($1, $2, $3, $4, $5)',
      [read.isin, read.source, read.documents, read.workflowId, read.runId],
    );
  }
}

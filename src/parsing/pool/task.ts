import type { DocumentRef } from '../../domain/documents';
import { UnreadableDocumentError } from '../../domain/documents';
import { type FeedFileReading, indexFeedFile } from '../findatex/feedIndex';
import { type Identification, identifyDocument } from '../identify';
import { type ParsedDocument, parseDocument } from './document';

/** What the parse pool sends a thread to parse: the document's bytes arrive as a Uint8Array (structured clone). */
export interface ParseRequest {
  ref: DocumentRef;
  content: Uint8Array;
}

/** What the parse pool sends a thread to identify: bytes of unknown kind (parsing/identify.ts). */
export interface IdentifyRequest {
  identify: true;
  content: Uint8Array;
}

/** What the parse pool sends a thread to index: a FinDatEx feed file (findatex/feedIndex.ts). */
export interface IndexFeedRequest {
  indexFeed: true;
  ref: DocumentRef;
  content: Uint8Array;
}

/**
 * What a thread answers. A document problem travels as data, because an error's class does not survive
 * the structured clone between threads: the pool rebuilds the UnreadableDocumentError on its side.
 */
export type ParseReply =
  { ok: true; parsed: ParsedDocument } | { ok: false; unreadable: { name: string; origin: string; reason: string } };

/** An identification crosses as it is; its documents' bytes arrive as Uint8Arrays, which the pool turns back into Buffers. */
export interface IdentifyReply {
  identification: Identification;
}

/** A feed file's index; a file that is no FinDatEx file answers as a ParseReply does (`ok: false`). */
export interface IndexFeedReply {
  feedReading: FeedFileReading;
}

export type TaskRequest = ParseRequest | IdentifyRequest | IndexFeedRequest;
export type TaskReply = ParseReply | IdentifyReply | IndexFeedReply;

/** The parse-pool thread's handler (piscina calls the module's default export): parses, identifies or indexes one document. */
export default async function parseTask(request: TaskRequest): Promise<TaskReply> {
  const content = Buffer.from(request.content.buffer, request.content.byteOffset, request.content.byteLength);
  if ('identify' in request) return { identification: await identifyDocument(content) };
  try {
    if ('indexFeed' in request)
      return { feedReading: await indexFeedFile(content, request.ref.mediaType, request.ref.origin) };
    return { ok: true, parsed: await parseDocument({ ref: request.ref, content }) };
  } catch (err) {
    if (err instanceof UnreadableDocumentError)
      return { ok: false, unreadable: { name: err.name, origin: err.origin, reason: err.reason } };
    throw err; // a bug or a broken environment: not the document's fault, so the caller may retry
  }
}

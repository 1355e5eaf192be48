import path from 'node:path';

import Piscina from 'piscina';

import { UnreadableDocumentError } from '../../domain/documents';
import type { FeedFileReading } from '../findatex/feedIndex';
import type { Identification, IdentifiedDocument } from '../identify';
import type { LoadedDocument, ParsedDocument } from './document';
import type { TaskReply, TaskRequest } from './task';

/**
 * Documents are parsed in a small pool of worker threads, never on the caller's event loop: parsing is
 * long synchronous work that no timer in the calling thread can interrupt (a Temporal activity timeout
 * cannot stop it, and the worker's other activities would stall behind it). A thread that overruns the
 * time limit is terminated with its document, which fails for good; the pool starts a fresh thread.
 */

/** Hard limit for reading and parsing one document, from the moment a thread takes it. */
const PARSE_TIME_LIMIT_MS = 30_000;
/** The service runs on two cores; the Temporal worker keeps the other one. */
const MAX_THREADS = 2;
/**
 * Heap of one thread: a pathological file (an XLSX that unpacks to gigabytes) fails instead of exhausting the process.
 */
const THREAD_HEAP_MB = 1024;

/** The error a thread reported as data, rebuilt: its class does not survive the structured clone. */
function unreadable(reported: { name: string; origin: string; reason: string }): UnreadableDocumentError {
  const err = new UnreadableDocumentError(reported.origin, reported.reason);
  err.name = reported.name;
  return err;
}

/** A document whose parsing exceeded the time limit: it was stopped, and retrying would only stop it again. */
export class ParseTimeoutError extends UnreadableDocumentError {
  constructor(
    origin: string,
    readonly limitMs: number,
  ) {
    super(origin, `parsing the document took longer than ${limitMs} ms and was stopped`);
    this.name = 'ParseTimeoutError';
  }
}

export interface ParsePoolOptions {
  /** Hard limit per document (default PARSE_TIME_LIMIT_MS). */
  timeLimitMs?: number;
  maxThreads?: number;
  /** Module a thread runs (default the document parser); tests give their own. */
  taskFile?: string;
  /** Told of a thread that failed outside any task (default: written to stderr as one JSON line). */
  onThreadError?: (err: unknown) => void;
}

/**
 * The thread entry: the compiled task when this module is compiled JavaScript, else a bootstrap that
 * registers the TypeScript loader first (a thread does not inherit jest's transform).
 */
function defaultTaskFile(): string {
  return __filename.endsWith('.js') ? path.join(__dirname, 'task.js') : path.join(__dirname, 'thread.js');
}

export class ParsePool {
  private threads: Piscina<TaskRequest, TaskReply> | null = null;
  private busy = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly timeLimitMs: number;
  private readonly maxThreads: number;

  constructor(private readonly options: ParsePoolOptions = {}) {
    this.timeLimitMs = options.timeLimitMs ?? PARSE_TIME_LIMIT_MS;
    this.maxThreads = options.maxThreads ?? MAX_THREADS;
  }

  /**
   * Parses one document in a thread; UnreadableDocumentError (ParseTimeoutError included) when the document is at
   * fault.
   */
  async parse(doc: LoadedDocument): Promise<ParsedDocument> {
    const reply = await this.withFreeThread(() =>
      this.run((content) => ({ ref: doc.ref, content }), doc.content, doc.ref.origin),
    );
    if (!('ok' in reply)) throw new Error('the parse thread answered a parse with something else');
    if (reply.ok) return reply.parsed;
    throw unreadable(reply.unreadable);
  }

  /** Indexes one FinDatEx feed file in a thread (findatex/feedIndex.ts); UnreadableDocumentError as `parse`. */
  async indexFeed(doc: LoadedDocument): Promise<FeedFileReading> {
    const reply = await this.withFreeThread(() =>
      this.run((content) => ({ indexFeed: true, ref: doc.ref, content }), doc.content, doc.ref.origin),
    );
    if ('feedReading' in reply) return reply.feedReading;
    if ('ok' in reply && !reply.ok) throw unreadable(reply.unreadable);
    throw new Error('the parse thread answered an index with something else');
  }

  /**
   * Identifies one document in a thread (parsing/identify.ts). A document that overruns the time limit or the memory
   * of a thread is refused, as any other document that cannot be read: only a bug or a broken environment throws.
   */
  async identify(content: Buffer): Promise<Identification> {
    let reply: TaskReply;
    try {
      reply = await this.withFreeThread(() =>
        this.run((bytes) => ({ identify: true, content: bytes }), content, 'document'),
      );
    } catch (err) {
      if (err instanceof ParseTimeoutError)
        return {
          ok: false,
          reason: `reading the document took longer than ${err.limitMs / 1000} s and was stopped`,
        };
      if (err instanceof UnreadableDocumentError) return { ok: false, reason: err.reason };
      throw err;
    }
    if (!('identification' in reply)) throw new Error('the parse thread answered an identification with a parse');
    const { identification } = reply;
    return identification.ok ? { ok: true, documents: identification.documents.map(withBuffer) } : identification;
  }

  /**
   * Starts every thread and has each read a small PDF (its modules loaded, its PDF reader started), so
   * that the first documents do not wait for that. Best effort: a failure here leaves the pool as it was.
   */
  async warm(): Promise<void> {
    const ref = {
      sha256: '0'.repeat(64),
      kind: 'kid',
      mediaType: 'application/pdf',
      origin: 'warm-up',
      retrievedAt: new Date(0).toISOString(),
      size: 0,
    } as const;
    await Promise.all(Array.from({ length: this.maxThreads }, () => this.parse({ ref, content: warmUpPdf() })));
  }

  /** Stops every thread (worker shutdown, tests); a later parse starts the pool again. */
  async close(): Promise<void> {
    const threads = this.threads;
    this.threads = null;
    await threads?.destroy();
  }

  /**
   * At most maxThreads documents are handed to the threads at once; the others wait here, so the time
   * limit, which starts when a document is handed over, counts its parsing and never its wait in a queue.
   */
  private async withFreeThread<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy >= this.maxThreads) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes straight to the next document
      else this.busy--;
    }
  }

  /** Runs one task in a thread, made by `request` around the document's bytes. */
  private async run(request: (content: Uint8Array) => TaskRequest, bytes: Buffer, origin: string): Promise<TaskReply> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.timeLimitMs);
    // A compact copy moved to the thread: a Buffer may be a view of a larger shared slab.
    const content = new Uint8Array(bytes);
    try {
      return await this.pool().run(request(content), { signal: abort.signal, transferList: [content.buffer] });
    } catch (err) {
      // Aborting a running task terminates its thread: synchronous code stuck in a loop stops there.
      if (abort.signal.aborted) throw new ParseTimeoutError(origin, this.timeLimitMs);
      if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new UnreadableDocumentError(origin, `parsing the document needs more than ${THREAD_HEAP_MB} MB`);
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  private pool(): Piscina<TaskRequest, TaskReply> {
    this.threads ??= this.createThreads();
    return this.threads;
  }

  private createThreads(): Piscina<TaskRequest, TaskReply> {
    const threads = new Piscina<TaskRequest, TaskReply>({
      filename: this.options.taskFile ?? defaultTaskFile(),
      // Every thread is kept: starting one (its modules, then its PDF reader) costs far more than a
      // document, and a cold load that came after a quiet minute would pay it.
      minThreads: this.maxThreads,
      maxThreads: this.maxThreads,
      // The thread's event loop must keep running between tasks (the PDF reader's own worker reports on it).
      atomics: 'disabled',
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    // A thread that fails between tasks (a late throw, a failed start) is replaced by piscina; without a
    // listener its 'error' event would end the whole worker process.
    threads.on('error', (err: unknown) => this.options.onThreadError?.(err));
    return threads;
  }
}

const documents = new ParsePool({
  onThreadError: (err) =>
    process.stderr.write(
      `${JSON.stringify({ level: 'error', msg: 'parse thread failed between documents', err: String(err) })}\n`,
    ),
});

/** Parses one document in the shared pool (created on first use). */
export function parseInPool(doc: LoadedDocument): Promise<ParsedDocument> {
  return documents.parse(doc);
}

/** Identifies one document in the shared pool: its kind, what it is about, and its parts when it is a PDF of several. */
export function identifyInPool(content: Buffer): Promise<Identification> {
  return documents.identify(content);
}

/** A document's bytes come back from a thread as a Uint8Array (structured clone): a Buffer over the same memory. */
function withBuffer(doc: IdentifiedDocument): IdentifiedDocument {
  const bytes: Uint8Array = doc.content;
  return { ...doc, content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

/** Starts the shared pool's threads and their PDF readers: the worker calls this at start. */
export function warmParsePool(): Promise<void> {
  return documents.warm();
}

/** A one-page PDF with a line of text: what warm() has each thread read. */
function warmUpPdf(): Buffer {
  const text =
    'BT /F1 12 Tf 72 770 Td (Warm-up page: the parse pool reads this line at start, before any document.) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Stops the shared pool's threads: the worker calls this on shutdown. */
export function closeParsePool(): Promise<void> {
  return documents.close();
}

import { execFile } from 'node:child_process';
import { Worker } from 'node:worker_threads';

import { UnreadableDocumentError } from '../../domain/documents';
import { cleanPage } from '../text/lines';
import { readRiskScale, type RiskScaleReading, type ScalePage } from './riskScale';
import { SCALE_GEOMETRY_SOURCE } from './scaleGeometry';

/**
 * The text of a PDF, one string per page (page 1 first).
 *
 * `pages` is in reading order (pdf.js via pdf-parse): a table row comes out as one line with its cells
 * separated by tabs, and the columns of a two-column page come out one after the other, which is what
 * label/value parsing wants. `layout`, when present, is the same pages as `pdftotext -layout` prints them:
 * columns stay aligned with spaces, which is what a side-by-side table needs. It is absent when poppler
 * is not installed or could not read the file; parsers must work without it (text may also come from a
 * caller that pasted it).
 */
export interface PdfText {
  pages: string[];
  chars: number;
  layout?: string[];
  /**
   * The risk class marked on the drawn 1-7 scale (riskScale.ts), when `riskScale` was asked for: null
   * when no scale was found or no box is clearly marked; absent when not asked for.
   */
  riskScale?: RiskScaleReading | null;
}

export interface ExtractOptions {
  /** Pages read at most; a KID has 2-3 pages and a factsheet rarely more than 40. */
  maxPages?: number;
  /** Wall-clock budget for each extractor. */
  timeoutMs?: number;
  /** Also run `pdftotext -layout` (default true). */
  layout?: boolean;
  /** Where the bytes came from, for error messages. */
  origin?: string;
  /** Also read the risk class from the drawn scale (key documents: it costs a few tens of ms per document). */
  riskScale?: boolean;
}

const DEFAULT_MAX_PAGES = 60;
const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * Below this many letters and digits over the whole document we call it a scan: a scanned page may still
 * carry a stamped page number or a producer mark, but never a sentence.
 */
const MIN_TEXT_CHARS = 16;

/** Acrobat accepts the header anywhere in the first kilobyte (some servers prepend junk), and so do we. */
const HEADER_WINDOW = 1024;
/** A complete PDF ends with %%EOF; writers may append a little padding after it. */
const TRAILER_WINDOW = 2048;

/** The bytes are not a PDF, or a PDF too damaged to open (e.g. truncated): retrying will not help. */
export class NotAPdfError extends UnreadableDocumentError {
  constructor(origin: string, reason: string) {
    super(origin, `not a readable PDF: ${reason}`);
    this.name = 'NotAPdfError';
  }
}

/** A PDF whose pages carry no text (typically a scan); we do not run OCR. */
export class NoTextLayerError extends UnreadableDocumentError {
  constructor(origin: string) {
    super(origin, 'the PDF has no text layer; scanned documents are not supported');
    this.name = 'NoTextLayerError';
  }
}

/** The PDF took longer than the budget to read (huge or pathological file). */
export class PdfTimeoutError extends UnreadableDocumentError {
  constructor(origin: string, ms: number) {
    super(origin, `reading the PDF took longer than ${ms} ms`);
    this.name = 'PdfTimeoutError';
  }
}

/**
 * Extracts the text layer of a PDF: reading-order pages, plus column-preserving layout pages when poppler is available.
 */
export async function extractPdfText(bytes: Buffer, options: ExtractOptions = {}): Promise<PdfText> {
  const origin = options.origin ?? 'PDF';
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  assertLooksLikePdf(bytes, origin);

  const [{ pages, scale }, layout] = await Promise.all([
    // pdf.js' reading order keeps table rows on one line and reads columns one after the other.
    reader.read(bytes, { maxPages, timeoutMs, origin, riskScale: options.riskScale === true }),
    options.layout === false ? Promise.resolve(undefined) : layoutPages(bytes, maxPages, timeoutMs),
  ]);
  const readingOrder = pages.map(cleanPage);
  const layoutText = layout?.map(cleanPage);
  // pdf.js occasionally returns nothing for fonts poppler can decode: then the layout text is all we have.
  const cleaned =
    countTextChars(readingOrder) < MIN_TEXT_CHARS && layoutText && countTextChars(layoutText) >= MIN_TEXT_CHARS
      ? layoutText
      : readingOrder;
  if (countTextChars(cleaned) < MIN_TEXT_CHARS) throw new NoTextLayerError(origin);

  const result: PdfText = { pages: cleaned, chars: cleaned.reduce((n, p) => n + p.length, 0) };
  // Layout text is only a help for tables: keep it when it agrees with pdf.js on the page count.
  if (layoutText && layoutText.length === cleaned.length) result.layout = layoutText;
  if (options.riskScale) result.riskScale = scale ? readRiskScale(scale) : null;
  return result;
}

/**
 * Cheap structural checks before handing the bytes to a parser: a header near the start, an end marker near the end.
 */
export function assertLooksLikePdf(bytes: Buffer, origin = 'PDF'): void {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new NotAPdfError(origin, 'empty input');
  const headerAt = bytes.subarray(0, HEADER_WINDOW).indexOf('%PDF-');
  if (headerAt < 0) throw new NotAPdfError(origin, 'no %PDF- header');
  // pdf.js repairs a truncated file by scanning for objects and may return the pages it found; a
  // document missing its tail would then be parsed silently incomplete, so refuse it here.
  if (bytes.subarray(Math.max(0, bytes.length - TRAILER_WINDOW)).indexOf('%%EOF') < 0) {
    throw new NotAPdfError(origin, 'no %%EOF marker at the end (truncated file?)');
  }
}

/**
 * pdf-parse (pdf.js) runs in a worker thread: pdf.js works in long synchronous stretches that a timer in
 * this thread could not interrupt, while a worker can be terminated when the budget runs out, and its heap
 * limit keeps a pathological file from exhausting the service's memory. The worker stays warm between
 * documents (starting one and loading pdf.js costs about 250 ms); documents are read one at a time.
 */
const PDF_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PDFParse } = require(workerData.modulePath);
${SCALE_GEOMETRY_SOURCE}
// The scale is a help: a drawing pdf.js cannot walk must not cost the document its text.
async function scaleOf(parser, maxPages, pages) {
  try {
    return await scaleGeometry(parser.doc, maxPages, pages.map((p) => p.text || ''));
  } catch {
    return null;
  }
}
parentPort.on('message', async ({ id, data, maxPages, riskScale }) => {
  const parser = new PDFParse({ data });
  try {
    const result = await parser.getText({ first: maxPages });
    const scale = riskScale ? await scaleOf(parser, maxPages, result.pages) : null;
    parentPort.postMessage({ id, ok: true, pages: result.pages.map((p) => ({ num: p.num, text: p.text || '' })), scale });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, name: (err && err.name) || 'Error', message: String((err && err.message) || err) });
  } finally {
    await parser.destroy().catch(() => undefined);
  }
});
`;

/** Heap for one document; KIDs need a few MB, a 60-page factsheet a few tens. */
const WORKER_HEAP_MB = 256;

type WorkerReply =
  | { id: number; ok: true; pages: Array<{ num: number; text: string }>; scale: ScalePage[] | null }
  | { id: number; ok: false; name: string; message: string };

/** What one read asks of the reader thread. */
interface ReadRequest {
  maxPages: number;
  timeoutMs: number;
  origin: string;
  riskScale: boolean;
}

/** Reading-order pages, and the risk scale's geometry when it was asked for. */
interface ReadResult {
  pages: string[];
  scale: ScalePage[] | null;
}

class PdfReader {
  private worker: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;

  /** Documents queue up; each gets the whole budget once it starts. */
  read(bytes: Buffer, request: ReadRequest): Promise<ReadResult> {
    const task = this.queue.then(() => this.readNow(bytes, request));
    this.queue = task.catch(() => undefined);
    return task;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(PDF_WORKER_SOURCE, {
      eval: true,
      workerData: { modulePath: require.resolve('pdf-parse') },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.unref(); // an idle reader never keeps the process alive
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
    });
    return worker;
  }

  private readNow(bytes: Buffer, { maxPages, timeoutMs, origin, riskScale }: ReadRequest): Promise<ReadResult> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const done = (act: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        act();
      };
      // A document that overruns its budget takes the worker with it; the next one starts a fresh worker.
      const timer = setTimeout(
        () =>
          done(() => {
            void this.close();
            reject(new PdfTimeoutError(origin, timeoutMs));
          }),
        timeoutMs,
      );
      const onMessage = (reply: WorkerReply) => {
        if (reply.id !== id) return;
        done(() =>
          reply.ok
            ? resolve({ pages: reply.pages.sort((a, b) => a.num - b.num).map((p) => p.text), scale: reply.scale })
            : reject(readerError(origin, reply.name, reply.message)),
        );
      };
      const onError = (err: Error & { code?: string }) =>
        done(() =>
          reject(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new NotAPdfError(origin, `reading it needs more than ${WORKER_HEAP_MB} MB`)
              : err,
          ),
        );
      const onExit = (code: number) =>
        done(() => reject(new Error(`PDF reader stopped (exit code ${code}) before answering`)));
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      // A copy: the bytes are transferred to the worker and must not detach the caller's buffer.
      const data = new Uint8Array(bytes);
      worker.postMessage({ id, data, maxPages, riskScale }, [data.buffer]);
    });
  }
}

const reader = new PdfReader();

/** Stops the reader thread (tests and shutdown); the next document starts it again. */
export function closePdfReaders(): Promise<void> {
  return reader.close();
}

/** pdf.js error names that mean the bytes themselves are bad (pdf-parse re-exports them with these names). */
const PDF_FORMAT_ERRORS = new Set(['InvalidPDFException', 'FormatError', 'PasswordException', 'MissingPDFException']);

/** A bad file becomes NotAPdfError; anything else (pdf.js failing to start) says nothing about the file. */
function readerError(origin: string, name: string, message: string): Error {
  if (PDF_FORMAT_ERRORS.has(name)) return new NotAPdfError(origin, message);
  const err = new Error(`PDF reader failed: ${message}`);
  err.name = name;
  return err;
}

/**
 * Per-page text from `pdftotext -layout` (poppler), which keeps columns aligned. Best effort: any failure
 * (binary missing, timeout, damaged file) yields undefined and the caller goes on with reading-order text.
 */
function layoutPages(bytes: Buffer, maxPages: number, timeoutMs: number): Promise<string[] | undefined> {
  return new Promise((resolve) => {
    const child = execFile(
      'pdftotext',
      ['-layout', '-enc', 'UTF-8', '-f', '1', '-l', String(maxPages), '-', '-'],
      { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (err, stdout) => resolve(err ? undefined : splitFormFeeds(stdout)),
    );
    child.stdin?.on('error', () => undefined); // the child may exit before reading everything (EPIPE)
    child.stdin?.end(bytes);
  });
}

/** pdftotext ends every page with a form feed. */
function splitFormFeeds(stdout: string): string[] {
  const pages = stdout.split('\f');
  if (pages.length > 1 && pages[pages.length - 1].trim() === '') pages.pop();
  return pages;
}

function countTextChars(pages: string[]): number {
  let n = 0;
  for (const p of pages) n += (p.match(/[\p{L}\p{N}]/gu) ?? []).length;
  return n;
}

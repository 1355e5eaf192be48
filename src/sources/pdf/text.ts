import { percentFromFraction } from '../../domain/format';
import { execFile } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { parseDecimal as parseValue } from '../parsers/values';
import { UnreadableDocumentError } from '../types';

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
}

export const DEFAULT_MAX_PAGES = 60;
export const DEFAULT_TIMEOUT_MS = 20_000;

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

/** Extracts the text layer of a PDF: reading-order pages, plus column-preserving layout pages when poppler is available. */
export async function extractPdfText(bytes: Buffer, options: ExtractOptions = {}): Promise<PdfText> {
  const origin = options.origin ?? 'PDF';
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  assertLooksLikePdf(bytes, origin);

  const [pages, layout] = await Promise.all([
    readingOrderPages(bytes, maxPages, timeoutMs, origin),
    options.layout === false ? Promise.resolve(undefined) : layoutPages(bytes, maxPages, timeoutMs),
  ]);
  const readingOrder = pages.map(cleanPage);
  const layoutText = layout?.map(cleanPage);
  // pdf.js occasionally returns nothing for fonts poppler can decode: then the layout text is all we have.
  const cleaned = countTextChars(readingOrder) < MIN_TEXT_CHARS && layoutText && countTextChars(layoutText) >= MIN_TEXT_CHARS ? layoutText : readingOrder;
  if (countTextChars(cleaned) < MIN_TEXT_CHARS) throw new NoTextLayerError(origin);

  const result: PdfText = { pages: cleaned, chars: cleaned.reduce((n, p) => n + p.length, 0) };
  // Layout text is only a help for tables: keep it when it agrees with pdf.js on the page count.
  if (layoutText && layoutText.length === cleaned.length) result.layout = layoutText;
  return result;
}

/** Cheap structural checks before handing the bytes to a parser: a header near the start, an end marker near the end. */
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
parentPort.on('message', async ({ id, data, maxPages }) => {
  const parser = new PDFParse({ data });
  try {
    const result = await parser.getText({ first: maxPages });
    parentPort.postMessage({ id, ok: true, pages: result.pages.map((p) => ({ num: p.num, text: p.text || '' })) });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, name: (err && err.name) || 'Error', message: String((err && err.message) || err) });
  } finally {
    await parser.destroy().catch(() => undefined);
  }
});
`;

/** Heap for one document; KIDs need a few MB, a 60-page factsheet a few tens. */
const WORKER_HEAP_MB = 256;

type WorkerReply = { id: number; ok: true; pages: Array<{ num: number; text: string }> } | { id: number; ok: false; name: string; message: string };

class PdfReader {
  private worker: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;

  /** Documents queue up; each gets the whole budget once it starts. */
  read(bytes: Buffer, maxPages: number, timeoutMs: number, origin: string): Promise<string[]> {
    const task = this.queue.then(() => this.readNow(bytes, maxPages, timeoutMs, origin));
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

  private readNow(bytes: Buffer, maxPages: number, timeoutMs: number, origin: string): Promise<string[]> {
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
      const timer = setTimeout(() => done(() => {
        void this.close();
        reject(new PdfTimeoutError(origin, timeoutMs));
      }), timeoutMs);
      const onMessage = (reply: WorkerReply) => {
        if (reply.id !== id) return;
        done(() => (reply.ok ? resolve(reply.pages.sort((a, b) => a.num - b.num).map((p) => p.text)) : reject(readerError(origin, reply.name, reply.message))));
      };
      const onError = (err: Error & { code?: string }) =>
        done(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new NotAPdfError(origin, `reading it needs more than ${WORKER_HEAP_MB} MB`) : err));
      const onExit = (code: number) => done(() => reject(new Error(`PDF reader stopped (exit code ${code}) before answering`)));
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      // A copy: the bytes are transferred to the worker and must not detach the caller's buffer.
      const data = new Uint8Array(bytes);
      worker.postMessage({ id, data, maxPages }, [data.buffer]);
    });
  }
}

const reader = new PdfReader();

/** Stops the reader thread (tests and shutdown); the next document starts it again. */
export function closePdfReaders(): Promise<void> {
  return reader.close();
}

/** Per-page text from pdf.js, which keeps table rows on one line and reads columns one after the other. */
function readingOrderPages(bytes: Buffer, maxPages: number, timeoutMs: number, origin: string): Promise<string[]> {
  return reader.read(bytes, maxPages, timeoutMs, origin);
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

/**
 * Normalises line endings and strips trailing blanks so parsers see one convention. The blank run is
 * matched only from its first character ((?<![ \t])): tried from every position inside a long run of
 * blanks that does not end the line, `[ \t]+$` would rescan the rest of the run each time (quadratic).
 */
function cleanPage(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/(?<![ \t])[ \t]+$/gm, '').replace(/\u0000/g, '');
}

function countTextChars(pages: string[]): number {
  let n = 0;
  for (const p of pages) n += (p.match(/[\p{L}\p{N}]/gu) ?? []).length;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Reading helpers shared by the document parsers (KID/KIID, factsheet).
// ---------------------------------------------------------------------------------------------

/** One line of reading-order text with the 1-based page it sits on. */
export interface TextLine {
  text: string;
  page: number;
}

/**
 * Non-blank lines of every page, normalised (quotes, spaces, ligatures) and with doubled lines removed.
 * Tabs are kept: pdf.js puts one between the cells of a table row, and parsers use it as a cell boundary.
 * Blank lines are dropped: extractors disagree on where they put them, so they carry no structure.
 */
export function textLines(pages: string[]): TextLine[] {
  const out: TextLine[] = [];
  pages.forEach((page, i) => {
    const lines = (page ?? '').split('\n').map(normaliseLine);
    for (const text of dedupeRepeatedLines(lines)) if (text !== '') out.push({ text, page: i + 1 });
  });
  return out;
}

/**
 * Unifies the typography PDFs use for the same characters, so patterns can stay simple. Every blank but
 * the tab becomes a space and runs collapse, so in a normalised line a run of whitespace is one
 * character: the parsers' `\s*` and `\s+` then never meet a long run (see LINEAR TIME in kid.ts).
 */
export function normaliseLine(line: string): string {
  return line
    .normalize('NFKC') // ligatures (ﬁ) and compatibility forms
    .replace(/[^\S\t]/g, ' ') // no-break and thin spaces (French "0,20 %"), and \r, \v, U+2028 of pasted text
    .replace(/[\u2018\u2019\u02bc\u2032]/g, "'")
    .replace(/[\u201c\u201d\u00ab\u00bb]/g, '"')
    .replace(/\u00ad/g, '') // soft hyphen
    // Only from the first blank of a run ((?<! )): from every space of a long run the tab would be sought to its end.
    .replace(/(?<! ) *\t[ \t]*/g, '\t')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * Some PDF producers print the text layer twice (every line repeated, or repeated on the same line),
 * which doubles every value a parser would read. When at least DOUBLED_SHARE of the lines are doubled we
 * treat the page as such and collapse every repeat; otherwise we collapse only repeated prose lines (two
 * or more words), because a repeated short cell such as "0 EUR" can be two genuine table values.
 */
export function dedupeRepeatedLines(lines: string[]): string[] {
  const nonBlank = lines.filter((l) => l.trim() !== '');
  if (nonBlank.length === 0) return lines.slice();
  let doubled = 0;
  nonBlank.forEach((l, i) => {
    if ((i > 0 && l === nonBlank[i - 1]) || halfOfRepeat(l) !== null) doubled++;
  });
  const wholeDocDoubled = doubled / nonBlank.length >= DOUBLED_SHARE;

  const out: string[] = [];
  let previous: string | null = null;
  for (const raw of lines) {
    const line = wholeDocDoubled ? (halfOfRepeat(raw) ?? raw) : raw;
    if (line.trim() === '') {
      out.push(line);
      continue; // blank lines sit between the two copies in some producers: compare across them
    }
    const isRepeat = line === previous && (wholeDocDoubled || wordCount(line) >= 2);
    if (!isRepeat) out.push(line);
    previous = line;
  }
  return out;
}

const DOUBLED_SHARE = 0.3;

/** "Entry costs 0% Entry costs 0%" -> "Entry costs 0%"; null when the line is not one text written twice. */
function halfOfRepeat(line: string): string | null {
  const t = line.trim();
  if (t.length < 8) return null;
  for (const sep of [' ', '\t', '']) {
    if ((t.length - sep.length) % 2 !== 0) continue;
    const half = (t.length - sep.length) / 2;
    const a = t.slice(0, half);
    if (a.length >= 4 && t.slice(half, half + sep.length) === sep && t.slice(half + sep.length) === a) return a;
  }
  return null;
}

function wordCount(line: string): number {
  return (line.match(/\p{L}{2,}/gu) ?? []).length;
}

/** Lines joined into one string so a pattern can span line breaks, with a way back to the page of a match. */
export class LineIndex {
  readonly flat: string;
  private readonly starts: number[] = [];

  constructor(readonly lines: TextLine[]) {
    let offset = 0;
    for (const line of lines) {
      this.starts.push(offset);
      offset += line.text.length + 1;
    }
    this.flat = lines.map((l) => l.text).join('\n');
  }

  /** Index of the line holding a character offset of `flat`. */
  lineAt(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** 1-based page of a character offset of `flat` (1 for an empty document). */
  pageAt(offset: number): number {
    return this.lines.length === 0 ? 1 : this.lines[this.lineAt(offset)].page;
  }
}

const NUMBER_WORDS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  zéro: 0, un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10,
};

/** Regex source matching a small whole number written in digits or as an English or French word. */
export const SMALL_NUMBER = `(?:\\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;

/** "4", "four", "quatre" -> 4; null for anything else. */
export function smallNumber(token: string): number | null {
  const t = token.trim().toLowerCase();
  if (/^\d{1,2}$/.test(t)) return Number(t);
  return t in NUMBER_WORDS ? NUMBER_WORDS[t] : null;
}

/**
 * Reads a decimal number as printed in English or French ("1,234.56", "1 234,56", "0,20", "-3.4").
 * A lone comma followed by exactly three digits is read as a thousands separator ("10,000").
 */
export function parseDecimal(raw: string): number | null {
  // One decimal reader for PDFs and data files (English and French notations, thousands marks).
  return parseValue(raw);
}

/** Regex source for a percentage as printed: "0.20%", "0,20 %", "-1.5 %". Group 1 is the number. */
export const PERCENT = String.raw`([-−]?\d{1,3}(?:[.,]\d+)?)\s?%`;

/**
 * A printed percentage normalised to the payload form: decimal point, no space, decimals kept as printed
 * ("0,20 %" -> "0.20%"), and any zero written "0%" so "0.00%" and "none" compare equal.
 */
export function normalisePercent(raw: string): string | null {
  const m = new RegExp(`^${PERCENT}$`).exec(raw.trim());
  if (!m) return null;
  const text = m[1].replace(',', '.').replace('−', '-');
  const n = Number(text);
  if (!Number.isFinite(n)) return null;
  // One notation for every source (KID text, EPT fractions): at least two decimals, "0.00%" for none.
  return percentFromFraction(n / 100);
}

const MONTHS: Record<string, number> = {
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
  jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  janvier: 1, février: 2, fevrier: 2, mars: 3, avril: 4, mai: 5, juin: 6, juillet: 7, août: 8, aout: 8, septembre: 9, octobre: 10, novembre: 11, décembre: 12, decembre: 12,
};
const MONTH_NAMES = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');

/** Regex source for the date forms documents print (numeric d/m/y, ISO, "19 February 2026", "December 31, 2025", "1er mars 2024"). */
export const DATE = String.raw`(?:\d{4}-\d{2}-\d{2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{4}|\d{1,2}(?:st|nd|rd|th|er)?[ -](?:${MONTH_NAMES})\.?,?[ -]\d{4}|(?:${MONTH_NAMES})\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4})`;

/**
 * Parses one printed date to ISO (yyyy-mm-dd). Numeric dates are read day first, as European documents
 * print them, unless only month-first makes a valid date.
 */
export function parseDate(raw: string): string | null {
  const s = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return isoDate(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m) return isoDate(+m[3], +m[2], +m[1]) ?? isoDate(+m[3], +m[1], +m[2]);
  m = new RegExp(`^(\\d{1,2})(?:st|nd|rd|th|er)?[ -](${MONTH_NAMES})\\.?,?[ -](\\d{4})$`).exec(s);
  if (m) return isoDate(+m[3], MONTHS[m[2]], +m[1]);
  m = new RegExp(`^(${MONTH_NAMES})\\.? (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})$`).exec(s);
  if (m) return isoDate(+m[3], MONTHS[m[1]], +m[2]);
  return null;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null; // 31/02 and the like
  return date.toISOString().slice(0, 10);
}

import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import type { SourceConnector, SourceDocument } from '../domain/documents';
import { writeExcerpt } from '../parsing/findatex';
import type { FeedFileIndex, FeedFileReading } from '../parsing/findatex/feedIndex';
import { XLSX_MEDIA_TYPE } from '../parsing/holdings';
import type { LoadedDocument } from '../parsing/pool/document';
import { ParsePool } from '../parsing/pool/pool';
import { normaliseIsin } from '../schema/isin';
import { RowSpill, temporarySpillFolder } from './findatexSpill';
import { MAX_LIBRARY_FILE_BYTES, sortedNamesIn } from './localLibrary';

/**
 * The FinDatEx folder of the library (`<LIBRARY_DIR>/findatex/`) as a universe: every share class of
 * every EPT or EMT file dropped there (any name; CSV, XLSX, JSON or YAML) is known to fund loads,
 * without a restart.
 *
 * An index ISIN → (file, row) is kept in memory and brought up to date at each fetch: the folder is
 * listed (cheap), and only files whose name, size, mtime or inode changed are read again. Files are
 * read in the parse pool (off the worker's event loop, under its time and heap limits), like any
 * document. The index holds per row only its ISIN, date and place: the rows' cells are spilled to disk
 * (findatexSpill.ts) and read back one row per load, so a feed of 200,000 share classes costs the
 * worker tens of megabytes, not the feed's size (bench/README.md, "The FinDatEx index at 200,000"). Where several files cover an ISIN, the newest row wins, per template: the row's own date
 * (EPT 00070 KID publication date, EMT 00050 general reference date), then the file's mtime, so a
 * newer file replaces the older values at the next load or refresh.
 *
 * What a load gets is an excerpt (parsers/findatex/excerpt.ts): the file's header and the one row of
 * the share class as a JSON rendering, with the file's name, format, decimal mark and the row's
 * number in the file. Handing the whole file would make every share class's load re-parse every row
 * of it in the parse pool (a refresh of a 500-row file would parse it 500 times); the excerpt is
 * parsed in microseconds, changes (and is stored anew) only when that share class's row changes, and
 * provenance still names the original file and row (`library:findatex/<file>`, row, column).
 */

const FINDATEX_FOLDER = 'findatex';

const MEDIA_TYPES: Record<string, string> = {
  '.csv': 'text/csv',
  '.xlsx': XLSX_MEDIA_TYPE,
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
};

/** Parses one file: a parse thread of the connector's own by default; tests give an in-thread parser. */
export type FindatexFileReader = (doc: LoadedDocument) => Promise<FeedFileReading>;

/**
 * Feed files are read in a parse thread of the index's own, stopped once a scan has read what changed: a
 * 20,000-row delivery leaves hundreds of megabytes of garbage in the heap of the thread that parsed it, which
 * the shared pool's threads (kept for loads) would hold on to. A delivery may take longer than a document to
 * read (32 MB of CSV), hence its own limit.
 */
const FEED_READ_TIME_LIMIT_MS = 120_000;

export interface FindatexLibraryOptions {
  read?: FindatexFileReader;
  /** Told once per file version that is skipped (unreadable, not EPT/EMT, too big); stderr by default. */
  onSkip?: (file: string, reason: string) => void;
  /** Folder for the spilled rows; a temporary folder of the process (removed at exit) by default. */
  spillFolder?: string;
}

/** What the index keeps of a row: whose it is, its date, and where its cells were spilled. */
interface IndexedRow {
  file: IndexedFile;
  isin: string;
  /** The row's own date (YYYY-MM-DD), '' when it gives none. */
  date: string;
  /** The row in the file (provenance). */
  row: number;
  offset: number;
  length: number;
}

/** An indexed file: what an excerpt needs of the file, and its rows. */
interface IndexedFile {
  name: string;
  mtimeMs: number;
  kind: FeedFileIndex['kind'];
  format: FeedFileIndex['format'];
  decimalComma: boolean;
  headers: string[];
  rows: IndexedRow[];
  spill: RowSpill;
}

/** A file as last seen: its version, and what it holds (null when it is skipped). */
interface SeenFile {
  version: string;
  file: IndexedFile | null;
}

interface ListedFile {
  name: string;
  size: number;
  version: string;
}

export class FindatexLibraryConnector implements SourceConnector {
  readonly name = 'findatex-library';
  private readonly dir: string;
  private readonly read: FindatexFileReader;
  private readonly onSkip: (file: string, reason: string) => void;
  private seen = new Map<string, SeenFile>();
  private byIsin = new Map<string, IndexedRow[]>();
  private scanning: Promise<void> | null = null;
  private spillFolder: Promise<string> | null;
  private readonly feedThread: ParsePool | null;

  constructor(libraryDir: string, options: FindatexLibraryOptions = {}) {
    this.dir = path.join(libraryDir, FINDATEX_FOLDER);
    const thread = options.read
      ? null
      : new ParsePool({ maxThreads: 1, timeLimitMs: FEED_READ_TIME_LIMIT_MS, onThreadError: logThreadError });
    this.feedThread = thread;
    this.read = options.read ?? ((doc) => thread!.indexFeed(doc));
    this.onSkip = options.onSkip ?? logSkip;
    this.spillFolder = options.spillFolder ? Promise.resolve(options.spillFolder) : null;
  }

  async fetch(input: string): Promise<SourceDocument[]> {
    const isin = normaliseIsin(input);
    if (!isin) return [];
    for (let attempt = 1; ; attempt++) {
      await this.updateIndex();
      const retrievedAt = new Date().toISOString();
      try {
        return await Promise.all((this.byIsin.get(isin) ?? []).map((row) => excerptDocument(row, retrievedAt)));
      } catch (err) {
        // A spill taken from under the index (a cleaner of temporary folders): that file is read again, once per file.
        if (!(err instanceof SpillGoneError) || attempt > MAX_SPILLS_REREAD) throw err;
        this.readAgain(err.file);
      }
    }
  }

  /** The next scan reads `file` again, whatever its version. */
  private readAgain(file: string): void {
    const seen = this.seen.get(file);
    if (seen) this.seen.set(file, { ...seen, version: `${seen.version}:read-again` });
  }

  /** Every ISIN the folder's files cover now (the folder is scanned again first). */
  async coveredIsins(): Promise<Set<string>> {
    await this.updateIndex();
    return new Set(this.byIsin.keys());
  }

  /** One scan at a time: concurrent loads (a refresh runs several) share the scan under way. */
  private updateIndex(): Promise<void> {
    this.scanning ??= this.scan().finally(() => {
      this.scanning = null;
    });
    return this.scanning;
  }

  private async scan(): Promise<void> {
    const listed = await listFindatexFiles(this.dir);
    let changed = listed.length !== this.seen.size;
    const next = new Map<string, SeenFile>();
    let read = false;
    try {
      for (const entry of listed) {
        const known = this.seen.get(entry.name);
        if (known?.version === entry.version) {
          next.set(entry.name, known);
          continue;
        }
        changed = read = true;
        next.set(entry.name, { version: entry.version, file: await this.readFile(entry) });
      }
    } finally {
      if (read) await this.feedThread?.close();
    }
    if (!changed) return;
    const previous = this.seen;
    this.seen = next;
    this.byIsin = coverageOf([...next.values()].flatMap((s) => (s.file ? [s.file] : [])));
    for (const [name, seen] of previous) if (next.get(name) !== seen) seen.file?.spill.discard();
  }

  private async readFile(entry: ListedFile): Promise<IndexedFile | null> {
    const file = path.join(this.dir, entry.name);
    try {
      const content = await fs.readFile(file);
      const stat = await fs.lstat(file);
      const ref = {
        sha256: createHash('sha256').update(content).digest('hex'),
        kind: 'ept' as const, // any FinDatEx kind: the parser tells the template from the header
        mediaType: MEDIA_TYPES[path.extname(entry.name).toLowerCase()],
        origin: originOf(entry.name),
        retrievedAt: new Date().toISOString(),
        size: content.length,
      };
      const reading = await this.read({ ref, content });
      if ('notAFeed' in reading) {
        this.onSkip(entry.name, 'not an EPT or EMT file (TPT files belong in a fund folder)');
        return null;
      }
      return await this.indexed(entry.name, stat.mtimeMs, reading.feed);
    } catch (err) {
      // One bad file must not hide the others: it is skipped until it changes.
      this.onSkip(entry.name, (err as Error).message);
      return null;
    }
  }

  /** The file's rows indexed, their cells spilled. */
  private async indexed(name: string, mtimeMs: number, feed: FeedFileIndex): Promise<IndexedFile> {
    this.spillFolder ??= temporarySpillFolder();
    const spill = await RowSpill.write(await this.spillFolder, feed.lines);
    const { kind, format, decimalComma, headers } = feed;
    const file: IndexedFile = { name, mtimeMs, kind, format, decimalComma, headers, rows: [], spill };
    const dates = new Map<string, string>(); // a few distinct dates for thousands of rows: one string each
    file.rows = feed.isins.map((isin, i) => {
      const offset = i === 0 ? 0 : feed.ends[i - 1] + 1;
      const date = dates.get(feed.dates[i]) ?? (dates.set(feed.dates[i], feed.dates[i]), feed.dates[i]);
      return { file, isin, date, row: feed.rows[i], offset, length: feed.ends[i] - offset };
    });
    return file;
  }
}

function originOf(fileName: string): string {
  return `library:${FINDATEX_FOLDER}/${fileName}`;
}

function logThreadError(err: unknown): void {
  process.stderr.write(
    `${JSON.stringify({ level: 'error', msg: 'FinDatEx feed thread failed between files', err: String(err) })}\n`,
  );
}

function logSkip(file: string, reason: string): void {
  process.stderr.write(
    `${JSON.stringify({ level: 'warn', msg: 'FinDatEx library file skipped', file: originOf(file), reason })}\n`,
  );
}

/**
 * The folder's candidate files: regular files (never symlinks, which could point out of the library)
 * with a known extension, not hidden or office lock files, not empty and not above the library's size
 * cap. A missing folder is an empty universe.
 */
/**
 * An EPT or EMT file an operator handed in (inbox, import command, POST /documents) joins the folder as
 * `filed-<sha256>.<ext>`: its share classes are then indexed like every other file's, and loads get one-row excerpts
 * instead of re-reading a feed of thousands of rows for each of them. Written once (a temporary name, then renamed).
 */
export async function placeFiledFindatex(
  libraryDir: string,
  file: { sha256: string; mediaType: string; content: Buffer },
): Promise<void> {
  const target = filedFindatexPath(libraryDir, file);
  if (
    await fs.lstat(target).then(
      () => true,
      () => false,
    )
  )
    return;
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
  await fs.writeFile(temporary, file.content);
  await fs.rename(temporary, target);
}

/** Takes a filed EPT or EMT file out of the folder again (its document was removed from the universe). */
export async function removeFiledFindatex(
  libraryDir: string,
  file: { sha256: string; mediaType: string },
): Promise<void> {
  await fs.rm(filedFindatexPath(libraryDir, file), { force: true });
}

function filedFindatexPath(libraryDir: string, { sha256, mediaType }: { sha256: string; mediaType: string }): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a document hash: ${sha256.slice(0, 80)}`);
  const extension = Object.entries(MEDIA_TYPES).find(([, type]) => type === mediaType)?.[0] ?? '.csv';
  return path.join(libraryDir, FINDATEX_FOLDER, `filed-${sha256}${extension}`);
}

async function listFindatexFiles(dir: string): Promise<ListedFile[]> {
  const names = (await sortedNamesIn(dir)).filter(
    (name) => MEDIA_TYPES[path.extname(name).toLowerCase()] && !/^[.~]/.test(name),
  );
  // Every load looks: the files are looked at together, not one after another.
  const stats = await Promise.all(names.map((name) => fs.lstat(path.join(dir, name)).catch(() => null))); // gone since
  return names.flatMap((name, i) => {
    const stat = stats[i];
    if (!stat?.isFile() || stat.size === 0 || stat.size > MAX_LIBRARY_FILE_BYTES) return [];
    return [{ name, size: stat.size, version: `${stat.size}:${stat.mtimeMs}:${stat.ino}` }];
  });
}

/** ISIN → its newest row per template (at most one EPT row and one EMT row). */
function coverageOf(files: IndexedFile[]): Map<string, IndexedRow[]> {
  const best = new Map<string, IndexedRow>(); // key: `${isin}/${kind}`
  for (const file of files) {
    for (const row of file.rows) {
      const key = `${row.isin}/${file.kind}`;
      const current = best.get(key);
      if (!current || isNewer(row, current)) best.set(key, row);
    }
  }
  const byIsin = new Map<string, IndexedRow[]>();
  for (const row of best.values()) {
    const known = byIsin.get(row.isin);
    if (known) known.push(row);
    else byIsin.set(row.isin, [row]);
  }
  return byIsin;
}

/** The row's own date first, then the file's mtime, then (same file) the later row. */
function isNewer(a: IndexedRow, b: IndexedRow): boolean {
  if (a.date !== b.date) return a.date > b.date;
  if (a.file.mtimeMs !== b.file.mtimeMs) return a.file.mtimeMs > b.file.mtimeMs;
  if (a.file.name !== b.file.name) return a.file.name > b.file.name;
  return a.row > b.row;
}

/** A row's spill is gone from the disk: its file must be read again. */
class SpillGoneError extends Error {
  constructor(readonly file: string) {
    super(`the spilled rows of ${file} are gone`);
  }
}

/** An ISIN has one EPT row and one EMT row: at most two files to read again for one fetch. */
const MAX_SPILLS_REREAD = 2;

async function excerptDocument(row: IndexedRow, retrievedAt: string): Promise<SourceDocument> {
  const { file } = row;
  const line = await file.spill.read(row).catch((err: unknown) => {
    throw (err as NodeJS.ErrnoException).code === 'ENOENT' ? new SpillGoneError(file.name) : err;
  });
  const cells = JSON.parse(line) as (string | number | boolean | null)[];
  const origin = { file: file.name, format: file.format, decimalComma: file.decimalComma, rows: [row.row] };
  return {
    kind: file.kind,
    mediaType: 'application/json',
    origin: originOf(file.name),
    retrievedAt,
    content: writeExcerpt(origin, file.headers, [cells]),
  };
}

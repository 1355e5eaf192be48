import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import type { SourceConnector, SourceDocument } from '../domain/documents';
import { type EmtRow, type EptRow, type FindatexDocument, type Located, writeExcerpt } from '../parsing/findatex';
import { XLSX_MEDIA_TYPE } from '../parsing/holdings';
import type { LoadedDocument, ParsedDocument } from '../parsing/pool/document';
import { parseInPool } from '../parsing/pool/pool';
import { normaliseIsin } from '../schema/isin';
import { MAX_LIBRARY_FILE_BYTES, sortedNamesIn } from './localLibrary';

/**
 * The FinDatEx folder of the library (`<LIBRARY_DIR>/findatex/`) as a universe: every share class of
 * every EPT or EMT file dropped there (any name; CSV, XLSX, JSON or YAML) is known to fund loads,
 * without a restart.
 *
 * An index ISIN → (file, row) is kept in memory and brought up to date at each fetch: the folder is
 * listed (cheap), and only files whose name, size, mtime or inode changed are read again. Files are
 * read in the parse pool (off the worker's event loop, under its time and heap limits), like any
 * document. Where several files cover an ISIN, the newest row wins, per template: the row's own date
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

/** Parses one file: the shared parse pool by default; tests give an in-thread parser. */
export type FindatexFileReader = (doc: LoadedDocument) => Promise<ParsedDocument>;

export interface FindatexLibraryOptions {
  read?: FindatexFileReader;
  /** Told once per file version that is skipped (unreadable, not EPT/EMT, too big); stderr by default. */
  onSkip?: (file: string, reason: string) => void;
}

type ShareClassDocument = Extract<FindatexDocument, { kind: 'ept' | 'emt' }>;
type ShareClassRow = Located<EptRow> | Located<EmtRow>;

interface ReadFile {
  name: string;
  mtimeMs: number;
  parsed: ShareClassDocument;
}

/** A file as last seen: its version, and what it holds (null when it is skipped). */
interface SeenFile {
  version: string;
  file: ReadFile | null;
}

/** The row that covers an ISIN for one template. */
interface Coverage {
  file: ReadFile;
  row: ShareClassRow;
  /** The row's own date (YYYY-MM-DD), '' when it gives none. */
  date: string;
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
  private byIsin = new Map<string, Coverage[]>();
  private scanning: Promise<void> | null = null;

  constructor(libraryDir: string, options: FindatexLibraryOptions = {}) {
    this.dir = path.join(libraryDir, FINDATEX_FOLDER);
    this.read = options.read ?? parseInPool;
    this.onSkip = options.onSkip ?? logSkip;
  }

  async fetch(input: string): Promise<SourceDocument[]> {
    const isin = normaliseIsin(input);
    if (!isin) return [];
    await this.updateIndex();
    const retrievedAt = new Date().toISOString();
    return (this.byIsin.get(isin) ?? []).map((c) => excerptDocument(c, retrievedAt));
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
    for (const entry of listed) {
      const known = this.seen.get(entry.name);
      if (known?.version === entry.version) {
        next.set(entry.name, known);
        continue;
      }
      changed = true;
      next.set(entry.name, { version: entry.version, file: await this.readFile(entry) });
    }
    if (!changed) return;
    this.seen = next;
    this.byIsin = coverageOf([...next.values()].flatMap((s) => (s.file ? [s.file] : [])));
  }

  private async readFile(entry: ListedFile): Promise<ReadFile | null> {
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
      const parsed = await this.read({ ref, content });
      if (parsed.kind !== 'findatex' || parsed.findatex.kind === 'tpt') {
        this.onSkip(entry.name, 'not an EPT or EMT file (TPT files belong in a fund folder)');
        return null;
      }
      return { name: entry.name, mtimeMs: stat.mtimeMs, parsed: parsed.findatex };
    } catch (err) {
      // One bad file must not hide the others: it is skipped until it changes.
      this.onSkip(entry.name, (err as Error).message);
      return null;
    }
  }
}

function originOf(fileName: string): string {
  return `library:${FINDATEX_FOLDER}/${fileName}`;
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
  const files: ListedFile[] = [];
  for (const name of await sortedNamesIn(dir)) {
    if (!MEDIA_TYPES[path.extname(name).toLowerCase()] || /^[.~]/.test(name)) continue;
    const stat = await fs.lstat(path.join(dir, name)).catch(() => null); // gone since the listing
    if (!stat?.isFile() || stat.size === 0 || stat.size > MAX_LIBRARY_FILE_BYTES) continue;
    files.push({ name, size: stat.size, version: `${stat.size}:${stat.mtimeMs}:${stat.ino}` });
  }
  return files;
}

/** ISIN → its newest row per template (at most one EPT row and one EMT row). */
function coverageOf(files: ReadFile[]): Map<string, Coverage[]> {
  const best = new Map<string, Coverage>(); // key: `${isin}/${kind}`
  for (const file of files) {
    for (const row of file.parsed.rows as ShareClassRow[]) {
      const isin = normaliseIsin(row.fields.isin);
      if (!isin) continue; // CUSIPs, tickers, internal codes: not loadable by ISIN
      const candidate: Coverage = { file, row, date: rowDate(row) };
      const key = `${isin}/${file.parsed.kind}`;
      const current = best.get(key);
      if (!current || isNewer(candidate, current)) best.set(key, candidate);
    }
  }
  const byIsin = new Map<string, Coverage[]>();
  for (const [key, coverage] of best) {
    const isin = key.slice(0, key.indexOf('/'));
    byIsin.set(isin, [...(byIsin.get(isin) ?? []), coverage]);
  }
  return byIsin;
}

function rowDate(row: ShareClassRow): string {
  const fields = row.fields;
  return ('kidPublicationDate' in fields ? fields.kidPublicationDate : fields.referenceDate) ?? '';
}

/** The row's own date first, then the file's mtime, then (same file) the later row. */
function isNewer(a: Coverage, b: Coverage): boolean {
  if (a.date !== b.date) return a.date > b.date;
  if (a.file.mtimeMs !== b.file.mtimeMs) return a.file.mtimeMs > b.file.mtimeMs;
  if (a.file.name !== b.file.name) return a.file.name > b.file.name;
  return a.row.at.row > b.row.at.row;
}

function excerptDocument({ file, row }: Coverage, retrievedAt: string): SourceDocument {
  const { parsed } = file;
  const origin = { file: file.name, format: parsed.format, decimalComma: parsed.decimalComma, rows: [row.at.row] };
  return {
    kind: parsed.kind,
    mediaType: 'application/json',
    origin: originOf(file.name),
    retrievedAt,
    content: writeExcerpt(origin, parsed.headers, [row.at.cells]),
  };
}

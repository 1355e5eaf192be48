import type { Stats } from 'node:fs';
import { constants } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';

import { normaliseIsin } from '../schema/isin';

/**
 * The file-system side of the inbox folder (`<LIBRARY_DIR>/inbox/`): what is ready to ingest, and where it goes after.
 * Nothing here follows a symbolic link or lets a path leave the inbox.
 */

/** `relative` is '/'-separated under the inbox, and is what moves trust (not `path`). */
export interface InboxFile {
  path: string;
  relative: string;
  size: number;
  isinHint: string | null;
}

export const MAX_INBOX_FILE_BYTES = 64 * 1024 * 1024;

/** A file the inbox will not read; `reason` is meant for the operator (the ingestion moves it to rejected/). */
export class InboxFileRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'InboxFileRefusedError';
  }
}

const DONE = 'done';
const REJECTED = 'rejected';
const REASON_SUFFIX = '.reason.json';
const SYMLINK = 'a symbolic link: not followed';
const NOT_REGULAR = 'not a regular file (a device, a socket or a pipe)';
const MAX_NAME_ATTEMPTS = 1_000;
const READ_SLICE_BYTES = 1024 * 1024;

interface InboxListing {
  ready: InboxFile[];
  tooLarge: InboxFile[];
  /** Symbolic links and special files, with why: the caller moves them to rejected/ with that reason. */
  refused: { file: InboxFile; reason: string }[];
}

/**
 * The files of the inbox, any depth, but for its top-level done/ and rejected/ folders, dotfiles, Office lock files
 * (`~$book.xlsx`) and files changed less than `settleMs` ago (most likely still being copied in).
 */
export async function listInbox(
  inboxDir: string,
  options: { settleMs?: number; now?: () => number } = {},
): Promise<InboxListing> {
  const settleMs = options.settleMs ?? 2_000;
  const now = (options.now ?? Date.now)();
  const root = path.resolve(inboxDir);
  const listing: InboxListing = { ready: [], tooLarge: [], refused: [] };
  for await (const { relative, stat } of walk(root)) {
    if (!settled(stat, now, settleMs)) continue;
    const file: InboxFile = {
      path: path.join(root, relative),
      relative,
      size: stat.size,
      isinHint: isinHintOf(relative),
    };
    if (stat.isSymbolicLink()) listing.refused.push({ file, reason: SYMLINK });
    else if (!stat.isFile()) listing.refused.push({ file, reason: NOT_REGULAR });
    else if (stat.size > MAX_INBOX_FILE_BYTES) listing.tooLarge.push(file);
    else listing.ready.push(file);
  }
  const byPath = (a: { relative: string }, b: { relative: string }) => (a.relative < b.relative ? -1 : 1);
  listing.ready.sort(byPath);
  listing.tooLarge.sort(byPath);
  listing.refused.sort((a, b) => byPath(a.file, b.file));
  return listing;
}

/** Everything but folders under `root`, by lstat: a symbolic link is yielded as itself, never walked into. */
async function* walk(root: string): AsyncGenerator<{ relative: string; stat: Stats }> {
  const folders = [''];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const name of await namesIn(path.join(root, folder))) {
      if (name.startsWith('.') || name.startsWith('~$') || (!folder && (name === DONE || name === REJECTED))) continue;
      const relative = folder ? `${folder}/${name}` : name;
      const stat = await lstatIfPresent(path.join(root, relative));
      if (stat?.isDirectory()) folders.push(relative);
      else if (stat) yield { relative, stat };
    }
  }
}

/**
 * ctime counts as well as mtime: a copy that keeps the original's mtime (cp -p, rsync, most file managers) sets it when
 * it ends, and ctime says when that was. An mtime in the future (a skewed clock) leaves ctime alone, so that such a
 * file is not held back for ever.
 */
function settled(stat: Stats, now: number, settleMs: number): boolean {
  const changed = stat.mtimeMs > now ? stat.ctimeMs : Math.max(stat.mtimeMs, stat.ctimeMs);
  // File times have sub-millisecond digits that Date.now() drops: a file changed in this very millisecond counts.
  return now - Math.floor(changed) >= settleMs;
}

/** The nearest folder above the file that is a valid ISIN; null for a file directly in the inbox. */
export function isinHintOf(relative: string): string | null {
  const folders = relative.split('/').slice(0, -1);
  for (let i = folders.length - 1; i >= 0; i--) {
    const isin = normaliseIsin(folders[i]);
    if (isin) return isin;
  }
  return null;
}

/** The file's bytes, refused (InboxFileRefusedError) if it became a link or a special file, or grew over the cap. */
export async function readInboxFile(file: InboxFile): Promise<Buffer> {
  // O_NOFOLLOW: the file may have been swapped for a link since it was listed; O_NONBLOCK: or for a pipe.
  const handle = await fs
    .open(file.path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
    .catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ELOOP' ? new InboxFileRefusedError(SYMLINK) : err;
    });
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new InboxFileRefusedError(NOT_REGULAR);
    if (stat.size > MAX_INBOX_FILE_BYTES) throw grewTooLarge();
    return await readCapped(handle, stat.size);
  } finally {
    await handle.close();
  }
}

/** Reads to the end, but never more than one byte past the cap: a file still growing cannot exhaust memory. */
async function readCapped(handle: FileHandle, expected: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const wanted = Math.min(Math.max(expected - total, READ_SLICE_BYTES), MAX_INBOX_FILE_BYTES + 1 - total);
    const buffer = Buffer.alloc(wanted);
    const { bytesRead } = await handle.read(buffer, 0, wanted, null);
    if (bytesRead === 0) return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
    chunks.push(buffer.subarray(0, bytesRead));
    total += bytesRead;
    if (total > MAX_INBOX_FILE_BYTES) throw grewTooLarge();
  }
}

function grewTooLarge(): InboxFileRefusedError {
  return new InboxFileRefusedError(
    `grew over the ${MAX_INBOX_FILE_BYTES / 1024 / 1024} MiB allowed after it was listed`,
  );
}

/** Moves the file to `done/<relative>`; returns where it went. */
export async function moveToDone(inboxDir: string, file: InboxFile): Promise<string> {
  return moveUnder(path.resolve(inboxDir), DONE, file.relative, []);
}

/** Moves the file to `rejected/<relative>` and writes why beside it (`<name>.reason.json`); returns where it went. */
export async function moveToRejected(inboxDir: string, file: InboxFile, reason: object): Promise<string> {
  const moved = await moveUnder(path.resolve(inboxDir), REJECTED, file.relative, [REASON_SUFFIX]);
  await fs.writeFile(moved + REASON_SUFFIX, `${JSON.stringify(reason, null, 2)}\n`, { flag: 'wx' });
  return moved;
}

/**
 * Renames `<root>/<relative>` to `<root>/<folder>/<relative>` under a free name (with its `companions` suffixes free
 * too), through real folders only, then removes the folders the move left empty.
 */
async function moveUnder(root: string, folder: string, relative: string, companions: string[]): Promise<string> {
  const segments = relativeSegments(relative);
  const parents = segments.slice(0, -1);
  const source = path.join(root, ...segments);
  const targetDir = path.join(root, folder, ...parents);
  const planned = path.join(targetDir, segments[segments.length - 1]);
  if (!isInside(root, source) || !isInside(path.join(root, folder), planned)) throw escapes(relative);
  await assertRealFolders(root, parents);
  await assertRealFolders(root, [folder, ...parents]);
  await fs.mkdir(targetDir, { recursive: true });
  await assertRealFolders(root, [folder, ...parents]);
  const target = await freeName(targetDir, segments[segments.length - 1], companions);
  // Checked free just above: rename would replace a file that appeared in between, a race one inbox poller never runs.
  await fs.rename(source, target);
  await removeEmptyFolders(root, parents);
  return target;
}

function relativeSegments(relative: string): string[] {
  const segments = relative.split('/');
  if (path.isAbsolute(relative) || segments.some((s) => s === '' || s === '.' || s === '..')) throw escapes(relative);
  return segments;
}

function isInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function escapes(relative: string): Error {
  return new Error(`${JSON.stringify(relative)} is not a path inside the inbox: not moved`);
}

/** Each folder on the way from the root must be a real folder (or not exist yet): a link would lead out. */
async function assertRealFolders(root: string, segments: string[]): Promise<void> {
  for (let i = 1; i <= segments.length; i++) {
    const stat = await lstatIfPresent(path.join(root, ...segments.slice(0, i)));
    if (!stat) return;
    if (!stat.isDirectory()) {
      throw new Error(`${segments.slice(0, i).join('/')} in the inbox is not a folder (a symbolic link?): not moved`);
    }
  }
}

/** `name`, else `stem (2).ext`, `stem (3).ext`...: the first that neither exists nor has a companion that does. */
async function freeName(dir: string, name: string, companions: string[]): Promise<string> {
  const ext = path.extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let n = 1; n <= MAX_NAME_ATTEMPTS; n++) {
    const candidate = path.join(dir, n === 1 ? name : `${stem} (${n})${ext}`);
    const taken = await Promise.all([candidate, ...companions.map((s) => candidate + s)].map(lstatIfPresent));
    if (taken.every((stat) => !stat)) return candidate;
  }
  throw new Error(`no free name for ${name} in ${dir}`);
}

/** The folders a move emptied, deepest first; rmdir removes only an empty one, so a folder still in use stays. */
async function removeEmptyFolders(root: string, parents: string[]): Promise<void> {
  for (let i = parents.length; i > 0; i--) {
    try {
      await fs.rmdir(path.join(root, ...parents.slice(0, i)));
    } catch {
      return; // not empty (or gone): neither are the folders above it
    }
  }
}

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (err) {
    if (['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '')) return [];
    throw err;
  }
}

async function lstatIfPresent(file: string): Promise<Stats | null> {
  try {
    return await fs.lstat(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

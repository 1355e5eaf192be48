import { Inflate } from 'fflate';

/**
 * ZIP archives handed in by operators, unpacked in memory under caps. Every entry is judged from the central directory
 * (name, sizes, method, flags, attributes) before a byte of it is inflated. fflate's `unzipSync` is not used: its filter
 * sees neither the flags (encryption) nor the external attributes (symlinks), and it inflates into a buffer of the
 * declared size, silently truncating an entry that holds more while still spending the CPU on it. Entries are inflated
 * with fflate's streaming `Inflate` instead, a slice at a time, stopped as soon as one outgrows what it declared.
 */

export interface ArchiveLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxEntryBytes: number;
  maxRatio: number;
  maxDepth: number;
}

const MiB = 1024 * 1024;

export const ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 1_000,
  maxTotalBytes: 512 * MiB,
  maxEntryBytes: 32 * MiB,
  maxRatio: 200,
  maxDepth: 3,
};

/** `path` is '/'-separated; an entry of a nested archive reads 'outer.zip/inner.zip/file.pdf'. */
interface ArchiveEntry {
  path: string;
  content: Buffer;
}

interface RefusedEntry {
  path: string;
  reason: string;
}

/** The whole archive is refused; `reason` is meant for the operator who sent it. */
export class ArchiveRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ArchiveRefusedError';
  }
}

// Below this size a high ratio is an ordinary file of blanks or repeated rows, not a bomb: the caps bound it anyway.
const RATIO_FLOOR_BYTES = 1 * MiB;
// Compressed bytes pushed per inflation step: deflate expands at most ~1,032 times, so one step overshoots a cap by
// ~16 MiB at worst before it is stopped.
const INFLATE_SLICE_BYTES = 16 * 1024;

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_END = 0x06064b50;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
const METHOD_AES = 99;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const DOS_DIRECTORY = 0x10;
const ZIP64_MARK = 0xffffffff;

/** One central directory record, as declared: nothing in it is trusted until checked. */
interface DirectoryRecord {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  attributes: number;
  localOffset: number;
}

type Verdict = { kind: 'skip' } | { kind: 'refuse'; reason: string } | { kind: 'file'; path: string };

/** What the whole tree of nested archives has used so far of the shared caps. */
interface Budget {
  limits: ArchiveLimits;
  entries: number;
  bytes: number;
}

interface Unpacked {
  entries: ArchiveEntry[];
  refused: RefusedEntry[];
}

/** A ZIP archive by its signature, but not an Office Open XML document (XLSX, DOCX, PPTX are ZIPs too). */
export function isArchive(content: Buffer): boolean {
  const signature = content.length >= 4 ? content.readUInt32LE(0) : 0;
  if (signature !== SIG_LOCAL && signature !== SIG_END) return false;
  try {
    const names = readDirectory(content, 'the archive', ARCHIVE_LIMITS.maxEntries).map((r) => r.name);
    return !(names.includes('[Content_Types].xml') && names.some((n) => /^(xl|word|ppt)\//.test(n)));
  } catch {
    return true; // a damaged ZIP is still an archive: unpackArchive says what is wrong with it
  }
}

/**
 * The files of an archive, nested `.zip` archives unpacked in place. Entries that cannot be taken safely are listed in
 * `refused` and the rest still unpacked; an archive that is hostile or unreadable as a whole throws ArchiveRefusedError.
 */
export function unpackArchive(content: Buffer, limits: ArchiveLimits = ARCHIVE_LIMITS): Unpacked {
  const out: Unpacked = { entries: [], refused: [] };
  unpackLevel(content, '', 1, { limits, entries: 0, bytes: 0 }, out);
  return out;
}

function unpackLevel(data: Buffer, prefix: string, depth: number, budget: Budget, out: Unpacked): void {
  const label = labelOf(prefix);
  let records: DirectoryRecord[];
  let starts: number[];
  try {
    records = readDirectory(data, label, budget.limits.maxEntries - budget.entries, budget.limits.maxEntries);
    starts = records.map((r) => dataStart(data, r, label));
  } catch (err) {
    throw asRefusal(err, label);
  }
  budget.entries += records.length;
  const verdicts = records.map((r) => judge(r, budget.limits));
  checkWhole(data, records, starts, verdicts, prefix, budget);
  const taken = new Set<string>();
  for (const [i, record] of records.entries()) {
    const verdict = verdicts[i];
    if (verdict.kind === 'refuse') out.refused.push({ path: prefix + record.name, reason: verdict.reason });
    if (verdict.kind !== 'file') continue;
    if (taken.has(verdict.path)) {
      out.refused.push({ path: prefix + record.name, reason: 'a second entry with the same name' });
      continue;
    }
    taken.add(verdict.path);
    const path = prefix + verdict.path;
    const content = inflateEntry(data, record, starts[i], path);
    budget.bytes += content.length;
    take(path, content, depth, budget, out);
  }
}

/** An entry goes out as a file, or, when it is a `.zip` archive by name and signature, is unpacked in its place. */
function take(path: string, content: Buffer, depth: number, budget: Budget, out: Unpacked): void {
  if (!path.toLowerCase().endsWith('.zip') || !isArchive(content)) return void out.entries.push({ path, content });
  if (depth >= budget.limits.maxDepth) {
    throw new ArchiveRefusedError(
      `${path} nests archives more than ${budget.limits.maxDepth} deep (a zip in a zip in a zip at most)`,
    );
  }
  unpackLevel(content, `${path}/`, depth + 1, budget, out);
}

/** How an archive is named in reasons: the top one is 'the archive', a nested one its path. */
function labelOf(prefix: string): string {
  return prefix ? prefix.slice(0, -1) : 'the archive';
}

function asRefusal(err: unknown, label: string): ArchiveRefusedError {
  if (err instanceof ArchiveRefusedError) return err;
  return damaged(label);
}

function damaged(label: string): ArchiveRefusedError {
  return new ArchiveRefusedError(`${label} is not a readable ZIP archive (damaged, truncated or not a ZIP at all)`);
}

// ---------------------------------------------------------------------------------------------
// The central directory
// ---------------------------------------------------------------------------------------------

/** The records of the central directory; more than `room` (what the cap of `cap` entries leaves) are refused. */
function readDirectory(data: Buffer, label: string, room: number, cap = room): DirectoryRecord[] {
  const { count, offset } = directoryBounds(data, findEnd(data, label), label);
  if (count > room) {
    const others = room < cap ? ' with the entries around it' : '';
    throw new ArchiveRefusedError(`${label} holds ${count} entries: more than the ${cap} allowed${others}`);
  }
  const records: DirectoryRecord[] = [];
  for (let i = 0, at = offset; i < count; i++) {
    if (data.readUInt32LE(at) !== SIG_CENTRAL) throw damaged(label);
    const nameLength = data.readUInt16LE(at + 28);
    const extraStart = at + 46 + nameLength;
    const extraEnd = extraStart + data.readUInt16LE(at + 30);
    const next = extraEnd + data.readUInt16LE(at + 32);
    if (next > data.length) throw damaged(label);
    const [size, compressedSize, localOffset] = zip64Values(data, extraStart, extraEnd, [
      data.readUInt32LE(at + 24),
      data.readUInt32LE(at + 20),
      data.readUInt32LE(at + 42),
    ]);
    records.push({
      name: decodeName(data.subarray(at + 46, extraStart)),
      flags: data.readUInt16LE(at + 8),
      method: data.readUInt16LE(at + 10),
      compressedSize,
      size,
      attributes: data.readUInt32LE(at + 38),
      localOffset,
    });
    at = next;
  }
  return records;
}

/** The end of central directory record, searched from the end over the longest possible archive comment. */
function findEnd(data: Buffer, label: string): number {
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (data.readUInt32LE(at) === SIG_END && at + 22 + data.readUInt16LE(at + 20) <= data.length) return at;
  }
  throw damaged(label);
}

function directoryBounds(data: Buffer, end: number, label: string): { count: number; offset: number } {
  if (data.readUInt16LE(end + 4) !== 0 || data.readUInt16LE(end + 6) !== 0) {
    throw new ArchiveRefusedError(`${label} is split over several files: send it as one archive`);
  }
  if (end < 20 || data.readUInt32LE(end - 20) !== SIG_ZIP64_LOCATOR) {
    return { count: data.readUInt16LE(end + 10), offset: data.readUInt32LE(end + 16) };
  }
  const zip64End = Number(data.readBigUInt64LE(end - 12));
  if (data.readUInt32LE(zip64End) !== SIG_ZIP64_END) throw damaged(label);
  return { count: Number(data.readBigUInt64LE(zip64End + 32)), offset: Number(data.readBigUInt64LE(zip64End + 48)) };
}

/** Sizes and offset marked 0xFFFFFFFF are in the ZIP64 extra field (id 1), in this order, only those marked. */
function zip64Values(data: Buffer, start: number, end: number, values: number[]): number[] {
  for (let at = start; at + 4 <= end; at += 4 + data.readUInt16LE(at + 2)) {
    if (data.readUInt16LE(at) !== 1) continue;
    let field = at + 4;
    return values.map((value) => {
      if (value !== ZIP64_MARK) return value;
      field += 8;
      return Number(data.readBigUInt64LE(field - 8));
    });
  }
  return values;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 whether flagged or not (macOS and many tools do not set the flag), else the legacy single-byte code page. */
function decodeName(bytes: Buffer): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** Where an entry's compressed bytes begin, after its local header (whose own name and sizes are not used). */
function dataStart(data: Buffer, record: DirectoryRecord, label: string): number {
  const at = record.localOffset;
  if (data.readUInt32LE(at) !== SIG_LOCAL) throw damaged(label);
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  if (start + record.compressedSize > data.length) throw damaged(label);
  // The local header may carry the encryption flag the central one lacks.
  record.flags |= data.readUInt16LE(at + 6);
  return start;
}

// ---------------------------------------------------------------------------------------------
// Judging entries and the whole archive
// ---------------------------------------------------------------------------------------------

function judge(record: DirectoryRecord, limits: ArchiveLimits): Verdict {
  const type = (record.attributes >>> 16) & S_IFMT;
  if (/[\\/]$/.test(record.name) || type === S_IFDIR || record.attributes & DOS_DIRECTORY) return { kind: 'skip' };
  const safe = safePath(record.name);
  if ('reason' in safe) return { kind: 'refuse', reason: safe.reason };
  const segments = safe.path.split('/');
  if (segments[0] === '__MACOSX' || segments.some((s) => s.startsWith('.'))) return { kind: 'skip' };
  if (type === S_IFLNK) return { kind: 'refuse', reason: 'a symbolic link: not followed' };
  if (type !== 0 && type !== S_IFREG) return { kind: 'refuse', reason: 'not a regular file' };
  if (record.method !== METHOD_STORED && record.method !== METHOD_DEFLATE) {
    return {
      kind: 'refuse',
      reason: `compressed with method ${record.method}, which cannot be read: re-create the archive with the standard (deflate) compression`,
    };
  }
  if (record.size > limits.maxEntryBytes) {
    return {
      kind: 'refuse',
      reason: `unpacks to ${formatBytes(record.size)}, more than the ${formatBytes(limits.maxEntryBytes)} allowed per file`,
    };
  }
  return { kind: 'file', path: safe.path };
}

/** A name as a relative '/'-separated path, or why it may not be one. Backslashes count as separators. */
function safePath(name: string): { path: string } | { reason: string } {
  if ([...name].some((c) => c.charCodeAt(0) < 0x20)) return { reason: 'control characters in its name' };
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/')) return { reason: 'an absolute path' };
  if (/^[a-z]:/i.test(slashed)) return { reason: 'a path with a drive letter' };
  const segments = slashed.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return { reason: 'a path that climbs out of the archive (..)' };
  if (segments.length === 0) return { reason: 'an empty name' };
  return { path: segments.join('/') };
}

/** The checks that refuse the whole archive, all made before anything is inflated. */
function checkWhole(
  data: Buffer,
  records: DirectoryRecord[],
  starts: number[],
  verdicts: Verdict[],
  prefix: string,
  budget: Budget,
): void {
  const { maxRatio } = budget.limits;
  const encrypted = records.find((r) => r.flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION) || r.method === METHOD_AES);
  if (encrypted) {
    throw new ArchiveRefusedError(
      `${prefix}${encrypted.name} is password-protected: send the archive without a password`,
    );
  }
  const bomb = records.find((r) => r.size > RATIO_FLOOR_BYTES && r.size > maxRatio * r.compressedSize);
  if (bomb) {
    const ratio = Math.round(bomb.size / Math.max(bomb.compressedSize, 1));
    throw new ArchiveRefusedError(
      `${prefix}${bomb.name} expands ${ratio} times (more than ${maxRatio}): refused as a zip bomb`,
    );
  }
  if (overlaps(records, starts)) {
    throw new ArchiveRefusedError(`${labelOf(prefix)} has entries that share their bytes: refused as a zip bomb`);
  }
  const declared = records.reduce((sum, r, i) => sum + (verdicts[i].kind === 'file' ? r.size : 0), 0);
  if (budget.bytes + declared > budget.limits.maxTotalBytes) {
    throw new ArchiveRefusedError(tooBig(budget.bytes + declared, budget));
  }
  if (declared > RATIO_FLOOR_BYTES && declared > maxRatio * data.length) {
    const sizes = `from ${formatBytes(data.length)} to ${formatBytes(declared)}`;
    throw new ArchiveRefusedError(
      `${labelOf(prefix)} expands ${sizes} (more than ${maxRatio} times): refused as a zip bomb`,
    );
  }
}

/** Entries whose bytes overlap: the trick of bombs that reuse one compressed kernel for many entries. */
function overlaps(records: DirectoryRecord[], starts: number[]): boolean {
  const spans = records.map((r, i) => [r.localOffset, starts[i] + r.compressedSize]).sort((a, b) => a[0] - b[0]);
  return spans.some((span, i) => i > 0 && span[0] < spans[i - 1][1]);
}

function tooBig(bytes: number, budget: Budget): string {
  return `the archive unpacks to ${formatBytes(bytes)} or more, more than the ${formatBytes(budget.limits.maxTotalBytes)} allowed`;
}

function formatBytes(bytes: number): string {
  if (bytes >= MiB) return `${Number((bytes / MiB).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}

// ---------------------------------------------------------------------------------------------
// Inflation, checked against the declared size
// ---------------------------------------------------------------------------------------------

function inflateEntry(data: Buffer, record: DirectoryRecord, start: number, path: string): Buffer {
  const compressed = data.subarray(start, start + record.compressedSize);
  if (record.method === METHOD_STORED) {
    if (record.compressedSize !== record.size) throw sizeMismatch(path, record);
    return Buffer.from(compressed);
  }
  const content = Buffer.alloc(record.size);
  let length = 0;
  const inflater = new Inflate((chunk) => {
    if (length + chunk.length > record.size) throw sizeMismatch(path, record);
    content.set(chunk, length);
    length += chunk.length;
  });
  try {
    for (let at = 0; at < compressed.length || at === 0; at += INFLATE_SLICE_BYTES) {
      inflater.push(compressed.subarray(at, at + INFLATE_SLICE_BYTES), at + INFLATE_SLICE_BYTES >= compressed.length);
    }
  } catch (err) {
    throw err instanceof ArchiveRefusedError
      ? err
      : new ArchiveRefusedError(`${path} is damaged: it cannot be inflated`);
  }
  if (length !== record.size) throw sizeMismatch(path, record);
  return content;
}

function sizeMismatch(path: string, record: DirectoryRecord): ArchiveRefusedError {
  return new ArchiveRefusedError(
    `${path} does not hold the ${record.size} bytes it declares: the archive is damaged or forged`,
  );
}

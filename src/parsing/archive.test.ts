import { strToU8, Zip, ZipDeflate, type Zippable, zipSync } from 'fflate';

import { ARCHIVE_LIMITS, ArchiveRefusedError, isArchive, unpackArchive } from './archive';

const zip = (files: Zippable) => Buffer.from(zipSync(files));
const text = (s: string) => strToU8(s);
/** Bytes deflate cannot shrink, so a test of sizes is not mistaken for a bomb. */
const noise = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7919 + (i >> 3) * 104729) % 251));
const paths = (result: ReturnType<typeof unpackArchive>) => result.entries.map((e) => e.path);

/** The offsets of every record with this signature (central 0x02014b50, local 0x04034b50). */
function offsetsOf(data: Buffer, signature: number): number[] {
  const found: number[] = [];
  for (let at = 0; at + 4 <= data.length; at++) if (data.readUInt32LE(at) === signature) found.push(at);
  return found;
}
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof ArchiveRefusedError) return err.reason;
    throw err;
  }
  throw new Error('not refused');
}

/** 100 MB of zeros deflated through fflate's streaming Zip, one reused MiB at a time: ~100 KB of archive. */
function zerosBomb(): Buffer {
  const parts: Uint8Array[] = [];
  const archive = new Zip((err, chunk) => {
    if (err) throw err;
    parts.push(chunk);
  });
  const file = new ZipDeflate('zeros.bin', { level: 1 });
  archive.add(file);
  const mib = new Uint8Array(1024 * 1024);
  for (let i = 0; i < 100; i++) file.push(mib, i === 99);
  archive.end();
  return Buffer.concat(parts);
}

describe('unpackArchive', () => {
  it('unpacks ordinary entries, deflated and stored, with their folders', () => {
    const data = zip({
      'kid.pdf': text('%PDF-1.7 kid'),
      IE00B4L5Y983: { 'holdings.csv': [text('isin,weight\n'), { level: 0 }] },
    });
    const result = unpackArchive(data);
    expect(result.refused).toEqual([]);
    expect(result.entries).toEqual([
      { path: 'kid.pdf', content: Buffer.from('%PDF-1.7 kid') },
      { path: 'IE00B4L5Y983/holdings.csv', content: Buffer.from('isin,weight\n') },
    ]);
  });

  it('reads archives written as a stream (sizes in data descriptors, the central directory holds them)', () => {
    const parts: Uint8Array[] = [];
    const archive = new Zip((_err, chunk) => parts.push(chunk));
    const file = new ZipDeflate('nav.csv');
    archive.add(file);
    file.push(text('date,nav\n2026-01-02,100\n'), true);
    archive.end();
    expect(unpackArchive(Buffer.concat(parts)).entries).toEqual([
      { path: 'nav.csv', content: Buffer.from('date,nav\n2026-01-02,100\n') },
    ]);
  });

  it('unpacks nested archives in place, two and three deep', () => {
    const inner = zip({ 'file.pdf': text('inner') });
    const middle = zip({ 'inner.zip': inner, 'b.csv': text('b') });
    expect(paths(unpackArchive(zip({ 'a.pdf': text('a'), 'outer.zip': inner })))).toEqual([
      'a.pdf',
      'outer.zip/file.pdf',
    ]);
    const three = unpackArchive(zip({ 'docs/middle.zip': middle }));
    expect(paths(three)).toEqual(['docs/middle.zip/inner.zip/file.pdf', 'docs/middle.zip/b.csv']);
    expect(three.entries[0].content.toString()).toBe('inner');
  });

  it('refuses archives nested four deep', () => {
    const four = zip({ 'l2.zip': zip({ 'l3.zip': zip({ 'l4.zip': zip({ 'deep.pdf': text('x') }) }) }) });
    expect(refusal(() => unpackArchive(four))).toBe(
      'l2.zip/l3.zip/l4.zip nests archives more than 3 deep (a zip in a zip in a zip at most)',
    );
  });

  it('keeps a .zip entry that is not an archive (or is an Office file) as a file', () => {
    const xlsx = zip({ '[Content_Types].xml': text('<Types/>'), 'xl/workbook.xml': text('<workbook/>') });
    expect(paths(unpackArchive(zip({ 'fake.zip': text('not a zip'), 'book.zip': xlsx })))).toEqual([
      'fake.zip',
      'book.zip',
    ]);
  });

  it('refuses entries whose names would escape, and unpacks the rest', () => {
    const data = zip({
      '../../etc/passwd': text('root'),
      '/abs/path': text('abs'),
      'C:\\x': text('drive'),
      '..\\..\\evil.pdf': text('evil'),
      'docs\\windows.pdf': text('windows'),
      './docs/../../up.pdf': text('up'),
      'ok.pdf': text('ok'),
    });
    const result = unpackArchive(data);
    expect(paths(result)).toEqual(['docs/windows.pdf', 'ok.pdf']);
    expect(result.refused).toEqual([
      { path: '../../etc/passwd', reason: 'a path that climbs out of the archive (..)' },
      { path: '/abs/path', reason: 'an absolute path' },
      { path: 'C:\\x', reason: 'a path with a drive letter' },
      { path: '..\\..\\evil.pdf', reason: 'a path that climbs out of the archive (..)' },
      { path: './docs/../../up.pdf', reason: 'a path that climbs out of the archive (..)' },
    ]);
  });

  it('reads names that are not UTF-8 in the legacy single-byte code page, and refuses control characters', () => {
    const data = zip({ 'caf_.pdf': text('x'), 'bell\u0007.pdf': text('y') });
    for (const at of [...offsetsOf(data, LOCAL), ...offsetsOf(data, CENTRAL)]) {
      const name = data.indexOf('caf_', at);
      if (name > 0 && name < at + 50) data[name + 3] = 0xe9; // é in Latin-1, invalid as UTF-8
    }
    const result = unpackArchive(data);
    expect(paths(result)).toEqual(['café.pdf']);
    expect(result.refused).toEqual([{ path: 'bell\u0007.pdf', reason: 'control characters in its name' }]);
  });

  it('refuses symbolic links (unix mode in the external attributes)', () => {
    const link: Zippable = { 'kid.pdf': [text('/etc/passwd'), { os: 3, attrs: 0o120777 * 0x10000 }] };
    const regular: Zippable = { 'nav.csv': [text('date,nav\n'), { os: 3, attrs: 0o100644 * 0x10000 }] };
    const result = unpackArchive(zip({ ...link, ...regular }));
    expect(result.refused).toEqual([{ path: 'kid.pdf', reason: 'a symbolic link: not followed' }]);
    expect(paths(result)).toEqual(['nav.csv']);
  });

  it('skips folders, macOS metadata and dotfiles silently', () => {
    const data = zip({
      docs: { 'kid.pdf': text('kid'), '.DS_Store': text('x'), '._kid.pdf': text('x') },
      __MACOSX: { docs: { '._kid.pdf': text('x') } },
      '.hidden': { 'a.pdf': text('x') },
      '.DS_Store': text('x'),
      empty: {},
    });
    const result = unpackArchive(data);
    expect(paths(result)).toEqual(['docs/kid.pdf']);
    expect(result.refused).toEqual([]);
  });

  it('refuses a file over the per-entry cap and a second entry with the same name', () => {
    const limits = { ...ARCHIVE_LIMITS, maxEntryBytes: 1000 };
    const result = unpackArchive(zip({ 'big.pdf': noise(2000), 'a.pdf': text('1'), './a.pdf': text('2') }), limits);
    expect(paths(result)).toEqual(['a.pdf']);
    expect(result.entries[0].content.toString()).toBe('1');
    expect(result.refused).toEqual([
      { path: 'big.pdf', reason: 'unpacks to 2 KiB, more than the 1000 bytes allowed per file' },
      { path: './a.pdf', reason: 'a second entry with the same name' },
    ]);
  });

  it('refuses an entry compressed with a method it cannot read', () => {
    const data = zip({ 'a.pdf': text('a'), 'b.pdf': text('b') });
    const central = offsetsOf(data, CENTRAL)[1];
    data.writeUInt16LE(14, central + 10); // LZMA
    const result = unpackArchive(data);
    expect(paths(result)).toEqual(['a.pdf']);
    expect(result.refused[0].reason).toMatch(/^compressed with method 14, which cannot be read/);
  });

  it('refuses a zip bomb by its compression ratio without inflating it', () => {
    const bomb = zerosBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(refusal(() => unpackArchive(bomb))).toMatch(
      /^zeros\.bin expands \d+ times \(more than 200\): refused as a zip bomb$/,
    );
    // Declaring 1 MiB instead hides the ratio: inflation stops as soon as the entry outgrows what it declares.
    bomb.writeUInt32LE(1024 * 1024, offsetsOf(bomb, CENTRAL)[0] + 24);
    expect(refusal(() => unpackArchive(bomb))).toBe(
      'zeros.bin does not hold the 1048576 bytes it declares: the archive is damaged or forged',
    );
  });

  it('refuses a bomb of many small entries by the ratio of the whole archive', () => {
    const zeros = new Uint8Array(600 * 1024);
    expect(refusal(() => unpackArchive(zip({ 'a.bin': zeros, 'b.bin': zeros, 'c.bin': zeros })))).toMatch(
      /^the archive expands from [\d.]+ KiB to 1\.8 MiB \(more than 200 times\): refused as a zip bomb$/,
    );
  });

  it('refuses an entry that holds more, or less, than it declares', () => {
    const data = zip({ 'a.txt': new Uint8Array(64 * 1024) });
    const central = offsetsOf(data, CENTRAL)[0];
    data.writeUInt32LE(1000, central + 24);
    expect(refusal(() => unpackArchive(data))).toBe(
      'a.txt does not hold the 1000 bytes it declares: the archive is damaged or forged',
    );
    data.writeUInt32LE(65 * 1024, central + 24);
    expect(refusal(() => unpackArchive(data))).toMatch(/^a\.txt does not hold the 66560 bytes/);
  });

  it('refuses entries that share their compressed bytes', () => {
    const data = zip({ 'a.pdf': text('a'), 'b.pdf': text('b') });
    const central = offsetsOf(data, CENTRAL)[1];
    data.writeUInt32LE(0, central + 42);
    expect(refusal(() => unpackArchive(data))).toBe(
      'the archive has entries that share their bytes: refused as a zip bomb',
    );
  });

  it('refuses more entries than allowed, nested ones included', () => {
    const files: Zippable = {};
    for (let i = 0; i < 1001; i++) files[`f${i}.csv`] = text('x');
    expect(refusal(() => unpackArchive(zip(files)))).toBe('the archive holds 1001 entries: more than the 1000 allowed');
    const limits = { ...ARCHIVE_LIMITS, maxEntries: 4 };
    const nested = zip({
      'a.csv': text('a'),
      'in.zip': zip({ 'b.csv': text('b'), 'c.csv': text('c'), 'd.csv': text('d') }),
    });
    expect(refusal(() => unpackArchive(nested, limits))).toBe(
      'in.zip holds 3 entries: more than the 4 allowed with the entries around it',
    );
  });

  it('refuses an archive whose total unpacked size is over the cap', () => {
    const limits = { ...ARCHIVE_LIMITS, maxTotalBytes: 3000 };
    const data = zip({ 'a.pdf': noise(2000), 'b.pdf': noise(2000) });
    expect(refusal(() => unpackArchive(data, limits))).toBe(
      'the archive unpacks to 3.9 KiB or more, more than the 2.9 KiB allowed',
    );
    const nested = zip({ 'a.pdf': noise(2000), 'in.zip': zip({ 'b.pdf': [noise(2000), { level: 0 }] }) });
    expect(refusal(() => unpackArchive(nested, { ...limits, maxTotalBytes: 5000 }))).toMatch(
      /^the archive unpacks to [\d.]+ KiB or more, more than the 4\.9 KiB allowed$/,
    );
  });

  it('refuses password-protected archives (the encryption flag, central or local)', () => {
    const data = zip({ 'kid.pdf': text('secret') });
    const central = offsetsOf(data, CENTRAL)[0];
    data.writeUInt16LE(data.readUInt16LE(central + 8) | 1, central + 8);
    expect(refusal(() => unpackArchive(data))).toBe(
      'kid.pdf is password-protected: send the archive without a password',
    );
    const local = zip({ 'docs/kid.pdf': text('secret') });
    const at = offsetsOf(local, LOCAL)[0];
    local.writeUInt16LE(1, at + 6);
    expect(refusal(() => unpackArchive(zip({ 'in.zip': local })))).toBe(
      'in.zip/docs/kid.pdf is password-protected: send the archive without a password',
    );
  });

  it('refuses garbage, truncated and corrupted archives', () => {
    const unreadable = /^the archive is not a readable ZIP archive/;
    expect(refusal(() => unpackArchive(Buffer.from('garbage bytes, not a zip at all')))).toMatch(unreadable);
    expect(refusal(() => unpackArchive(Buffer.from('PK\u0003\u0004 and then nothing')))).toMatch(unreadable);
    expect(refusal(() => unpackArchive(Buffer.alloc(0)))).toMatch(unreadable);
    const data = zip({ 'a.pdf': noise(5000) });
    expect(refusal(() => unpackArchive(data.subarray(0, data.length - 10)))).toMatch(unreadable);
    expect(refusal(() => unpackArchive(data.subarray(100)))).toMatch(unreadable);
    const corrupt = Buffer.from(data);
    corrupt.fill(0xff, 40, 200);
    expect(refusal(() => unpackArchive(corrupt))).toMatch(/^a\.pdf (is damaged|does not hold)/);
    expect(refusal(() => unpackArchive(zip({ 'in.zip': Buffer.from('PK\u0003\u0004 nothing') })))).toMatch(
      /^in\.zip is not a readable ZIP archive/,
    );
  });

  it('unpacks an empty archive to nothing', () => {
    expect(unpackArchive(zip({}))).toEqual({ entries: [], refused: [] });
  });
});

describe('isArchive', () => {
  it('knows a ZIP by its signature', () => {
    expect(isArchive(zip({ 'a.pdf': text('a') }))).toBe(true);
    expect(isArchive(zip({}))).toBe(true);
    expect(isArchive(Buffer.from('PK\u0003\u0004 damaged'))).toBe(true);
  });

  it('is false for Office files, which are ZIPs too', () => {
    const docx = zip({ '[Content_Types].xml': text('<Types/>'), word: { 'document.xml': text('<w/>') } });
    const xlsx = zip({ '[Content_Types].xml': text('<Types/>'), xl: { 'workbook.xml': text('<workbook/>') } });
    expect(isArchive(xlsx)).toBe(false);
    expect(isArchive(docx)).toBe(false);
    expect(isArchive(zip({ 'xl/workbook.xml': text('<workbook/>') }))).toBe(true);
  });

  it('is false for other documents and garbage', () => {
    expect(isArchive(Buffer.from('%PDF-1.7'))).toBe(false);
    expect(isArchive(Buffer.from('isin,weight\n'))).toBe(false);
    expect(isArchive(Buffer.alloc(0))).toBe(false);
  });
});

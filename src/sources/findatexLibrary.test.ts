import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { EMT_ROW, EPT_ROW, readFeedInThread, table, TPT_POSITIONS, tptRow } from '../../test/fixtures/findatexRows';
import { type EptRow, parseFindatex, writeExcerpt } from '../parsing/findatex';
import { closeParsePool } from '../parsing/pool/pool';
import { isinCheckDigit } from '../schema/isin';
import { type FindatexFileReader, FindatexLibraryConnector } from './findatexLibrary';
import { MAX_LIBRARY_FILE_BYTES } from './localLibrary';

const isin = (n: number) => `ZZ00000000${n}${isinCheckDigit(`ZZ00000000${n}`)}`;
const [ISIN_A, ISIN_B, ISIN_C] = [isin(1), isin(2), isin(3)];

const eptRow = (code: string, sri: number, date = '2026-01-15', manager = 'Sample Asset Management') => ({
  ...EPT_ROW,
  '00030_Portfolio_Identifying_Data': code,
  '01090_SRI': sri,
  '00070_PRIIPs_KID_Publication_Date': date,
  '00010_Portfolio_Manufacturer_Name': manager,
});

describe('FindatexLibraryConnector', () => {
  let library: string;
  let folder: string;
  let reads: string[];
  let skipped: string[];
  const inThread: FindatexFileReader = (doc) => {
    reads.push(doc.ref.origin);
    return readFeedInThread(doc);
  };
  const connector = () =>
    new FindatexLibraryConnector(library, {
      read: inThread,
      onSkip: (file, reason) => skipped.push(`${file}: ${reason}`),
    });
  const write = (name: string, content: string | Buffer, mtime?: Date) => {
    fs.writeFileSync(path.join(folder, name), content);
    if (mtime) fs.utimesSync(path.join(folder, name), mtime, mtime);
  };
  /** The EPT row an excerpt hands the load, as the load's parser reads it. */
  const eptOf = async (docs: { kind: string; content: Buffer }[]) => {
    const doc = docs.find((d) => d.kind === 'ept');
    const parsed = await parseFindatex(doc!.content, 'application/json', 'excerpt');
    return parsed.kind === 'ept' ? parsed.rows[0] : null;
  };

  beforeEach(() => {
    library = fs.mkdtempSync(path.join(os.tmpdir(), 'findatex-library-'));
    folder = path.join(library, 'findatex');
    fs.mkdirSync(folder);
    reads = [];
    skipped = [];
  });
  afterEach(() => fs.rmSync(library, { recursive: true, force: true }));
  afterAll(() => closeParsePool());

  it('knows nothing when the folder is missing or the input is not an ISIN', async () => {
    fs.rmSync(folder, { recursive: true });
    const c = connector();
    expect(await c.fetch(ISIN_A)).toEqual([]);
    fs.mkdirSync(folder);
    write('ept.csv', table([eptRow(ISIN_A, 3)]));
    for (const input of ['../../etc/passwd', 'findatex', '', `${ISIN_A.slice(0, 11)}${(Number(ISIN_A[11]) + 1) % 10}`])
      expect(await c.fetch(input)).toEqual([]);
    expect(await c.fetch(ISIN_A.toLowerCase())).toHaveLength(1);
  });

  it('sees a file dropped in at the next fetch, without a new connector, and hands one-row excerpts with the original row numbers', async () => {
    const c = connector();
    expect(await c.fetch(ISIN_B)).toEqual([]);
    write('universe 2026.csv', table([eptRow(ISIN_A, 3), eptRow(ISIN_B, 5), eptRow(ISIN_C, 6)]));
    const docs = await c.fetch(ISIN_B);
    expect(docs).toEqual([
      expect.objectContaining({
        kind: 'ept',
        mediaType: 'application/json',
        origin: 'library:findatex/universe 2026.csv',
      }),
    ]);
    const row = await eptOf(docs);
    expect(row?.fields).toMatchObject({ isin: ISIN_B, sri: 5 });
    expect(row?.at.row).toBe(3); // header on row 1, ISIN_A on row 2
    expect(row?.at.columns.sri).toBe('01090_SRI');
    expect((JSON.parse(docs[0].content.toString()) as { findatexExcerpt: unknown }).findatexExcerpt).toEqual({
      file: 'universe 2026.csv',
      format: 'csv',
      decimalComma: false,
      rows: [3],
    });
  });

  it('gives an ISIN its EPT row and its EMT row, from any file names and renderings', async () => {
    write('priips.csv', table([eptRow(ISIN_A, 3)]));
    write('mifid.json', JSON.stringify([{ ...EMT_ROW, '00010_Financial_Instrument_Identifying_Data': ISIN_A }]));
    const docs = await connector().fetch(ISIN_A);
    expect(docs.map((d) => [d.kind, d.origin])).toEqual(
      expect.arrayContaining([
        ['ept', 'library:findatex/priips.csv'],
        ['emt', 'library:findatex/mifid.json'],
      ]),
    );
    const emt = await parseFindatex(docs.find((d) => d.kind === 'emt')!.content, 'application/json', 'x');
    expect(emt.kind === 'emt' && emt.rows[0].at).toMatchObject({
      row: 1,
      columns: { 'targetMarket.retail': '01010_Investor_Type_Retail' },
    });
  });

  it('hands the same excerpt bytes as writing it from the parsed row would (spilled and read back, accents and all)', async () => {
    const rows = [eptRow(ISIN_A, 3), { ...eptRow(ISIN_B, 4), '00050_Portfolio_Name': 'Fonds Épargne « Zürich »' }];
    write('feed.csv', table(rows, ';'));
    const docs = await connector().fetch(ISIN_B);
    const parsed = await parseFindatex(table(rows, ';'), 'text/csv', 'feed.csv');
    if (parsed.kind !== 'ept') throw new Error('not EPT');
    const origin = { file: 'feed.csv', format: parsed.format, decimalComma: parsed.decimalComma, rows: [3] };
    expect(docs[0].content.equals(writeExcerpt(origin, parsed.headers, [parsed.rows[1].at.cells]))).toBe(true);
  });

  it('reads an unchanged folder once, and a changed file again', async () => {
    const c = connector();
    write('ept.csv', table([eptRow(ISIN_A, 3)]));
    await c.fetch(ISIN_A);
    await c.fetch(ISIN_A);
    await c.fetch(ISIN_B);
    expect(reads).toEqual(['library:findatex/ept.csv']);
    write('ept.csv', table([eptRow(ISIN_A, 4), eptRow(ISIN_B, 2)]));
    expect((await eptOf(await c.fetch(ISIN_A)))?.fields.sri).toBe(4);
    expect(await c.fetch(ISIN_B)).toHaveLength(1);
    expect(reads).toHaveLength(2);
    fs.rmSync(path.join(folder, 'ept.csv'));
    expect(await c.fetch(ISIN_A)).toEqual([]);
  });

  it('quotes the newest row: the row date first, then the file mtime', async () => {
    const c = connector();
    const old = new Date('2026-01-01T00:00:00Z');
    const later = new Date('2026-02-01T00:00:00Z');
    write('2026-01.csv', table([eptRow(ISIN_A, 3, '2026-01-15', 'Old Manager')]), old);
    expect((await eptOf(await c.fetch(ISIN_A)))?.fields.manager).toBe('Old Manager');
    // A newer KID date wins, even in a file written earlier.
    write('2026-06.csv', table([eptRow(ISIN_A, 5, '2026-06-30', 'New Manager')]), old);
    write('2026-01.csv', table([eptRow(ISIN_A, 3, '2026-01-15', 'Old Manager')]), later);
    expect((await eptOf(await c.fetch(ISIN_A)))?.fields).toMatchObject({ sri: 5, manager: 'New Manager' });
    // The same date: the file modified last wins.
    write('2026-06-fix.csv', table([eptRow(ISIN_A, 6, '2026-06-30', 'New Manager')]), later);
    const docs = await c.fetch(ISIN_A);
    expect(docs.map((d) => d.origin)).toEqual(['library:findatex/2026-06-fix.csv']);
    expect((await eptOf(docs))?.fields.sri).toBe(6);
  });

  it('skips unreadable, empty, huge, TPT, hidden and symlinked files without losing the others, and says so once per version', async () => {
    const c = connector();
    write('good.csv', table([eptRow(ISIN_A, 3)]));
    write('garbage.xlsx', Buffer.from('PK\u0003\u0004 not really a workbook'));
    write('garbage.json', '{"a": [1, 2');
    write('notes.csv', 'hello,world\n1,2\n');
    write('empty.csv', '');
    write('tpt.csv', table([tptRow(TPT_POSITIONS[0], { '1_Portfolio_identifying_data': ISIN_B })]));
    write('.hidden.csv', table([eptRow(ISIN_B, 3)]));
    write('~$lock.xlsx', table([eptRow(ISIN_B, 3)]));
    write('readme.txt', table([eptRow(ISIN_B, 3)]));
    fs.writeFileSync(path.join(library, 'outside.csv'), table([eptRow(ISIN_B, 3)]));
    fs.symlinkSync(path.join(library, 'outside.csv'), path.join(folder, 'link.csv'));
    fs.mkdirSync(path.join(folder, 'dir.csv'));
    const huge = path.join(folder, 'huge.csv');
    fs.writeFileSync(huge, table([eptRow(ISIN_B, 3)]));
    fs.truncateSync(huge, MAX_LIBRARY_FILE_BYTES + 1);

    expect(await c.fetch(ISIN_A)).toHaveLength(1);
    expect(await c.fetch(ISIN_B)).toEqual([]);
    expect(skipped.map((s) => s.split(':')[0]).sort()).toEqual([
      'garbage.json',
      'garbage.xlsx',
      'notes.csv',
      'tpt.csv',
    ]);
    expect(skipped.find((s) => s.startsWith('tpt.csv'))).toMatch(/not an EPT or EMT/);
    expect(reads.sort()).toEqual(
      ['garbage.json', 'garbage.xlsx', 'good.csv', 'notes.csv', 'tpt.csv'].map((n) => `library:findatex/${n}`),
    );
    // Told once per version: a later fetch neither reads nor reports them again.
    await c.fetch(ISIN_A);
    expect([reads.length, skipped.length]).toEqual([5, 4]);
  });

  it('reads files in a parse thread of its own by default (the path of a real worker), and a changed file again', async () => {
    write('ept.csv', table([eptRow(ISIN_A, 3), eptRow(ISIN_B, 4)]));
    const c = new FindatexLibraryConnector(library, { onSkip: () => undefined });
    expect(((await eptOf(await c.fetch(ISIN_B)))?.fields as EptRow).sri).toBe(4);
    // The thread was stopped after the scan; the next file that changes starts one again.
    write('ept.csv', table([eptRow(ISIN_A, 3), eptRow(ISIN_B, 6)]), new Date(Date.now() + 5_000));
    expect(((await eptOf(await c.fetch(ISIN_B)))?.fields as EptRow).sri).toBe(6);
  });

  it('reads a file again when its spilled rows were taken from the disk (a temporary-folder cleaner)', async () => {
    const spillFolder = path.join(library, 'spill');
    write('ept.csv', table([eptRow(ISIN_A, 3), eptRow(ISIN_B, 4)]));
    write('emt.csv', table([{ ...EMT_ROW, '00010_Financial_Instrument_Identifying_Data': ISIN_B }]));
    const c = new FindatexLibraryConnector(library, {
      read: inThread,
      onSkip: (f, r) => skipped.push(`${f}: ${r}`),
      spillFolder,
    });
    expect(await c.fetch(ISIN_B)).toHaveLength(2);
    fs.rmSync(spillFolder, { recursive: true });
    reads = [];
    const docs = await c.fetch(ISIN_B);
    expect(docs.map((d) => d.kind).sort()).toEqual(['emt', 'ept']);
    expect(((await eptOf(docs))?.fields as EptRow).sri).toBe(4);
    expect(reads.sort()).toEqual(['library:findatex/emt.csv', 'library:findatex/ept.csv']);
    expect(skipped).toEqual([]);
  });

  it('shares one scan between concurrent fetches', async () => {
    write('ept.csv', table([eptRow(ISIN_A, 3), eptRow(ISIN_B, 4)]));
    const c = connector();
    const results = await Promise.all([c.fetch(ISIN_A), c.fetch(ISIN_B), c.fetch(ISIN_C)]);
    expect(results.map((r) => r.length)).toEqual([1, 1, 0]);
    expect(reads).toHaveLength(1);
  });
});

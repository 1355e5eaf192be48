import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import {
  type InboxFile,
  InboxFileRefusedError,
  isinHintOf,
  listInbox,
  MAX_INBOX_FILE_BYTES,
  moveToDone,
  moveToRejected,
  readInboxFile,
} from './inboxFolder';

const ISIN = 'IE00B4L5Y983';
const OTHER_ISIN = 'US0378331005';
/** Well after every file of a test was written: all of them have settled. */
const later = () => Date.now() + 60_000;

let root: string;
let inbox: string;
let outside: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'inbox-folder-'));
  inbox = path.join(root, 'inbox');
  outside = path.join(root, 'outside');
  await fs.mkdir(inbox);
  await fs.mkdir(outside);
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

async function put(relative: string, content = relative): Promise<string> {
  const file = path.join(inbox, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
  return file;
}

const relatives = (files: InboxFile[]) => files.map((f) => f.relative);
const fileAt = (relative: string): InboxFile => ({
  path: path.join(inbox, relative),
  relative,
  size: 0,
  isinHint: isinHintOf(relative),
});

describe('listInbox', () => {
  it('walks nested folders, with ISIN hints, but not done/, rejected/ or dotfiles', async () => {
    await put('loose.pdf');
    await put(`${ISIN}/holdings.csv`);
    await put(`${ISIN}/2026/reports/factsheet.pdf`);
    await put(`batch/${OTHER_ISIN}/kid.pdf`);
    await put('batch/done/kid.pdf'); // only the top-level done/ is the inbox's own
    await put('done/old.pdf');
    await put('rejected/bad.pdf');
    await put('rejected/bad.pdf.reason.json');
    await put('.DS_Store');
    await put(`${ISIN}/.hidden.pdf`);
    await put('.partial/kid.pdf');
    await put('~$book.xlsx');
    const listing = await listInbox(inbox, { now: later });
    const listed = (relative: string, isinHint: string | null) => ({
      path: path.join(inbox, relative),
      relative,
      size: relative.length,
      isinHint,
    });
    expect(listing.ready).toEqual([
      listed(`${ISIN}/2026/reports/factsheet.pdf`, ISIN),
      listed(`${ISIN}/holdings.csv`, ISIN),
      listed(`batch/${OTHER_ISIN}/kid.pdf`, OTHER_ISIN),
      listed('batch/done/kid.pdf', null),
      listed('loose.pdf', null),
    ]);
    expect(listing.tooLarge).toEqual([]);
    expect(listing.refused).toEqual([]);
  });

  it('is empty when the inbox does not exist', async () => {
    expect(await listInbox(path.join(root, 'missing'))).toEqual({ ready: [], tooLarge: [], refused: [] });
  });

  it('holds back a file changed less than settleMs ago, then lists it', async () => {
    await put('kid.pdf');
    const now = Date.now();
    expect((await listInbox(inbox, { now: () => now })).ready).toEqual([]);
    expect((await listInbox(inbox, { now: () => now + 500, settleMs: 1_000 })).ready).toEqual([]);
    expect(relatives((await listInbox(inbox, { now: () => now + 2_500 })).ready)).toEqual(['kid.pdf']);
    expect(relatives((await listInbox(inbox, { now: () => now + 1_500, settleMs: 1_000 })).ready)).toEqual(['kid.pdf']);
  });

  it('holds back a copy that kept an old mtime, by its ctime', async () => {
    const file = await put('kid.pdf');
    await fs.utimes(file, new Date('2020-01-01'), new Date('2020-01-01'));
    expect((await listInbox(inbox, { now: () => Date.now() })).ready).toEqual([]);
    expect(relatives((await listInbox(inbox, { now: later })).ready)).toEqual(['kid.pdf']);
  });

  it('does not hold back for ever a file whose mtime is in the future', async () => {
    const file = await put('kid.pdf');
    await fs.utimes(file, new Date('2100-01-01'), new Date('2100-01-01'));
    expect(relatives((await listInbox(inbox, { now: later })).ready)).toEqual(['kid.pdf']);
  });

  it('puts files over the cap in tooLarge without reading them (a sparse file)', async () => {
    const big = await put(`${ISIN}/huge.pdf`, '');
    await fs.truncate(big, MAX_INBOX_FILE_BYTES + 1);
    const atCap = await put('at-cap.csv', '');
    await fs.truncate(atCap, MAX_INBOX_FILE_BYTES);
    const listing = await listInbox(inbox, { now: later });
    expect(listing.tooLarge).toEqual([
      { path: big, relative: `${ISIN}/huge.pdf`, size: MAX_INBOX_FILE_BYTES + 1, isinHint: ISIN },
    ]);
    expect(relatives(listing.ready)).toEqual(['at-cap.csv']);
  });

  it('refuses symbolic links, to files or folders, without following them', async () => {
    await fs.writeFile(path.join(outside, 'secret.txt'), 'secret');
    await fs.mkdir(path.join(inbox, ISIN));
    await fs.symlink(path.join(outside, 'secret.txt'), path.join(inbox, ISIN, 'kid.pdf'));
    await fs.symlink(outside, path.join(inbox, 'linked'));
    const listing = await listInbox(inbox, { now: later });
    expect(listing.ready).toEqual([]);
    expect(listing.refused.map(({ file, reason }) => [file.relative, reason])).toEqual([
      [`${ISIN}/kid.pdf`, 'a symbolic link: not followed'],
      ['linked', 'a symbolic link: not followed'],
    ]);
    await expect(readInboxFile(listing.refused[0].file)).rejects.toEqual(
      new InboxFileRefusedError('a symbolic link: not followed'),
    );
    // Rejected as itself: the link moves, its target stays where it is.
    const moved = await moveToRejected(inbox, listing.refused[0].file, { reason: listing.refused[0].reason });
    expect(moved).toBe(path.join(inbox, 'rejected', ISIN, 'kid.pdf'));
    expect((await fs.lstat(moved)).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret');
  });
});

describe('isinHintOf', () => {
  it('is the nearest folder that is a valid ISIN', () => {
    expect(isinHintOf(`${ISIN}/holdings.csv`)).toBe(ISIN);
    expect(isinHintOf(`${ISIN}/2026/q1/holdings.csv`)).toBe(ISIN);
    expect(isinHintOf(`${ISIN}/${OTHER_ISIN}/holdings.csv`)).toBe(OTHER_ISIN);
    expect(isinHintOf(`batch/${ISIN.toLowerCase()}/kid.pdf`)).toBe(ISIN);
  });

  it('is null for a file directly in the inbox, a bad check digit, or an ISIN-named file', () => {
    expect(isinHintOf('holdings.csv')).toBeNull();
    expect(isinHintOf(ISIN)).toBeNull();
    expect(isinHintOf('IE00B4L5Y984/holdings.csv')).toBeNull();
    expect(isinHintOf(`reports/${ISIN}.pdf`)).toBeNull();
  });
});

describe('readInboxFile', () => {
  it('reads a listed file', async () => {
    await put('nav.csv', 'date,nav\n');
    const [file] = (await listInbox(inbox, { now: later })).ready;
    expect((await readInboxFile(file)).toString()).toBe('date,nav\n');
  });

  it('refuses a file that grew over the cap after it was listed', async () => {
    const file = await put('nav.csv', 'date,nav\n');
    const [listed] = (await listInbox(inbox, { now: later })).ready;
    await fs.truncate(file, MAX_INBOX_FILE_BYTES + 1);
    await expect(readInboxFile(listed)).rejects.toEqual(
      new InboxFileRefusedError('grew over the 64 MiB allowed after it was listed'),
    );
  });
});

describe('moveToDone and moveToRejected', () => {
  it('keep the relative path, create folders, and remove the folders the move left empty', async () => {
    await put(`${ISIN}/2026/holdings.csv`);
    const moved = await moveToDone(inbox, fileAt(`${ISIN}/2026/holdings.csv`));
    expect(moved).toBe(path.join(inbox, 'done', ISIN, '2026', 'holdings.csv'));
    expect(await fs.readFile(moved, 'utf8')).toBe(`${ISIN}/2026/holdings.csv`);
    expect(await fs.readdir(inbox)).toEqual(['done']);
    await put('loose.pdf');
    await moveToDone(inbox, fileAt('loose.pdf'));
    expect((await fs.readdir(inbox)).sort()).toEqual(['done']); // the inbox itself stays, even empty of files
  });

  it('leave a folder that still holds other files', async () => {
    await put(`${ISIN}/kid.pdf`);
    await put(`${ISIN}/nav.csv`);
    await moveToDone(inbox, fileAt(`${ISIN}/kid.pdf`));
    expect(await fs.readdir(path.join(inbox, ISIN))).toEqual(['nav.csv']);
  });

  it('never overwrite: a number goes before the extension', async () => {
    await put(`${ISIN}/holdings.csv`, 'v1');
    await put(`${ISIN}/README`);
    const first = await moveToDone(inbox, fileAt(`${ISIN}/holdings.csv`));
    await put(`${ISIN}/holdings.csv`, 'v2');
    const second = await moveToDone(inbox, fileAt(`${ISIN}/holdings.csv`));
    await put(`${ISIN}/holdings.csv`, 'v3');
    const third = await moveToDone(inbox, fileAt(`${ISIN}/holdings.csv`));
    expect([first, second, third].map((p) => path.basename(p))).toEqual([
      'holdings.csv',
      'holdings (2).csv',
      'holdings (3).csv',
    ]);
    expect(await fs.readFile(third, 'utf8')).toBe('v3');
    await fs.writeFile(path.join(inbox, 'done', ISIN, 'README'), 'old');
    expect(path.basename(await moveToDone(inbox, fileAt(`${ISIN}/README`)))).toBe('README (2)');
  });

  it('write the reason beside the rejected file, as pretty JSON, never over another reason', async () => {
    await put('kid.pdf');
    const reason = { reason: 'unreadable PDF', details: { pages: 0 } };
    const moved = await moveToRejected(inbox, fileAt('kid.pdf'), reason);
    expect(moved).toBe(path.join(inbox, 'rejected', 'kid.pdf'));
    expect(await fs.readFile(`${moved}.reason.json`, 'utf8')).toBe(`${JSON.stringify(reason, null, 2)}\n`);
    // A reason left without its file still keeps the name taken.
    await fs.rm(moved);
    await put('kid.pdf');
    const again = await moveToRejected(inbox, fileAt('kid.pdf'), { reason: 'again' });
    expect(again).toBe(path.join(inbox, 'rejected', 'kid (2).pdf'));
    expect(JSON.parse(await fs.readFile(`${again}.reason.json`, 'utf8'))).toEqual({ reason: 'again' });
    expect(JSON.parse(await fs.readFile(`${moved}.reason.json`, 'utf8'))).toEqual(reason);
  });

  it('refuse a relative path that would leave the inbox', async () => {
    await fs.writeFile(path.join(outside, 'secret.txt'), 'secret');
    const escaping = ['../outside/secret.txt', `${ISIN}/../../outside/secret.txt`, path.join(outside, 'secret.txt')];
    for (const relative of escaping) {
      await expect(moveToDone(inbox, fileAt(relative))).rejects.toThrow('is not a path inside the inbox: not moved');
      await expect(moveToRejected(inbox, fileAt(relative), {})).rejects.toThrow('not moved');
    }
    expect(await fs.readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret');
    expect(await fs.readdir(inbox)).toEqual([]);
  });

  it('refuse to move through a folder that is a symbolic link', async () => {
    await put('kid.pdf');
    await fs.symlink(outside, path.join(inbox, 'done'));
    await expect(moveToDone(inbox, fileAt('kid.pdf'))).rejects.toThrow('done in the inbox is not a folder');
    await fs.writeFile(path.join(outside, 'nav.csv'), 'outside');
    await fs.symlink(outside, path.join(inbox, 'linked'));
    await expect(moveToRejected(inbox, fileAt('linked/nav.csv'), {})).rejects.toThrow(
      'linked in the inbox is not a folder',
    );
    expect((await fs.readdir(outside)).sort()).toEqual(['nav.csv']);
  });
});

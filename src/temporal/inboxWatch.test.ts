import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { IngestResult } from '../schema/documents';
import type { FilingOutcome, HandedFile, Handing } from '../usecases/documents';
import { ingestInbox } from './inboxWatch';

const log = { info: () => {}, warn: () => {} };

function result(file: string, status: IngestResult['status'], reason: string | null = null): IngestResult {
  return {
    file,
    status,
    sha256: null,
    kind: status === 'rejected' ? null : 'kid',
    language: null,
    isins: [],
    scpi: null,
    asOf: null,
    reason,
  };
}

describe('ingestInbox', () => {
  let inbox: string;
  const calls: { files: readonly HandedFile[]; handing: Handing }[] = [];
  const reloads: (readonly IngestResult[])[] = [];
  const reload = (results: readonly IngestResult[]) => {
    reloads.push(results);
    return Promise.resolve();
  };
  beforeEach(async () => {
    inbox = await fs.mkdtemp(path.join(os.tmpdir(), 'inbox-'));
    calls.length = 0;
    reloads.length = 0;
  });
  afterEach(() => fs.rm(inbox, { recursive: true, force: true }));

  async function drop(relative: string, content: string): Promise<void> {
    await fs.mkdir(path.dirname(path.join(inbox, relative)), { recursive: true });
    await fs.writeFile(path.join(inbox, relative), content);
    const past = new Date(Date.now() - 60_000); // settled: left unchanged for a minute
    await fs.utimes(path.join(inbox, relative), past, past);
  }

  function filer(answer: (name: string) => FilingOutcome) {
    return (files: readonly HandedFile[], handing: Handing) => {
      calls.push({ files, handing });
      return Promise.resolve(answer(files[0].name));
    };
  }

  const exists = (relative: string) =>
    fs.stat(path.join(inbox, relative)).then(
      () => true,
      () => false,
    );

  it('hands each settled file in with its folder ISIN and moves it to done/ or rejected/ with its reason', async () => {
    await drop('a/kid.pdf', 'kid');
    await drop('IE00B4L5Y983/h.csv', 'holdings');
    await drop('photo.png', 'png');
    const handled = await ingestInbox({
      inboxDir: inbox,
      reload,
      settleMs: 0,
      log,
      file: filer((name) => ({
        outcome: 'ingested',
        results: [name === 'photo.png' ? result(name, 'rejected', 'an image') : result(name, 'filed')],
      })),
    });
    expect(handled).toBe(3);
    expect(calls.map((c) => [c.files[0].name, c.handing]).sort()).toEqual([
      ['IE00B4L5Y983/h.csv', { isin: 'IE00B4L5Y983', source: 'inbox', deferReload: true }],
      ['a/kid.pdf', { isin: null, source: 'inbox', deferReload: true }],
      ['photo.png', { isin: null, source: 'inbox', deferReload: true }],
    ]);
    // One reload for the whole look, with every file's results, before any file is moved.
    expect(reloads).toHaveLength(1);
    expect(reloads[0].map((r) => r.file).sort()).toEqual(['IE00B4L5Y983/h.csv', 'a/kid.pdf', 'photo.png']);
    expect(await exists('done/a/kid.pdf')).toBe(true);
    expect(await exists('done/IE00B4L5Y983/h.csv')).toBe(true);
    expect(await exists('rejected/photo.png')).toBe(true);
    expect(JSON.parse(await fs.readFile(path.join(inbox, 'rejected/photo.png.reason.json'), 'utf8'))).toEqual({
      file: 'photo.png',
      reason: 'an image',
    });
    expect(await exists('photo.png')).toBe(false);
  });

  it('moves an archive with one document filed to done/, and one with none to rejected/ naming each reason', async () => {
    await drop('good.zip', 'zip');
    await drop('bad.zip', 'zip');
    await ingestInbox({
      inboxDir: inbox,
      reload,
      settleMs: 0,
      log,
      file: filer((name) => ({
        outcome: 'ingested',
        results:
          name === 'good.zip'
            ? [result('good.zip/a.pdf', 'duplicate'), result('good.zip/b.png', 'rejected', 'an image')]
            : [
                result('bad.zip/x.png', 'rejected', 'an image'),
                result('bad.zip/y.txt', 'rejected', 'not a fund document'),
              ],
      })),
    });
    expect(await exists('done/good.zip')).toBe(true);
    expect(JSON.parse(await fs.readFile(path.join(inbox, 'rejected/bad.zip.reason.json'), 'utf8'))).toEqual({
      file: 'bad.zip',
      reason: 'none of the documents it holds could be filed',
      documents: [
        { file: 'bad.zip/x.png', reason: 'an image' },
        { file: 'bad.zip/y.txt', reason: 'not a fund document' },
      ],
    });
  });

  it('leaves a file in place while the job engine is down or the filing fails, for the next look', async () => {
    await drop('kid.pdf', 'kid');
    await ingestInbox({
      inboxDir: inbox,
      reload,
      settleMs: 0,
      log,
      file: filer(() => ({ outcome: 'unavailable', dependency: 'temporal' })),
    });
    expect(await exists('kid.pdf')).toBe(true);
    await ingestInbox({
      inboxDir: inbox,
      reload,
      settleMs: 0,
      log,
      file: () => Promise.reject(new Error('temporal is unavailable')),
    });
    expect(await exists('kid.pdf')).toBe(true);
    await ingestInbox({
      inboxDir: inbox,
      reload,
      settleMs: 0,
      log,
      file: filer((name) => ({ outcome: 'ingested', results: [result(name, 'filed')] })),
    });
    expect(await exists('done/kid.pdf')).toBe(true);
  });

  it('leaves every file of a look in place when the reload of its funds fails, for the next look', async () => {
    await drop('a.pdf', 'a');
    await drop('b.pdf', 'b');
    const failing = () => Promise.reject(new Error('temporal is unavailable'));
    const filing = filer((name) => ({ outcome: 'ingested', results: [result(name, 'filed')] }));
    await ingestInbox({ inboxDir: inbox, settleMs: 0, log, reload: failing, file: filing });
    expect([await exists('a.pdf'), await exists('b.pdf'), await exists('done/a.pdf')]).toEqual([true, true, false]);
    await ingestInbox({ inboxDir: inbox, settleMs: 0, log, reload, file: filing });
    expect([await exists('done/a.pdf'), await exists('done/b.pdf')]).toEqual([true, true]);
  });

  it('skips a file another worker moved first (both ingested it: one ingest/<sha256> run)', async () => {
    await drop('kid.pdf', 'kid');
    const racing = (files: readonly HandedFile[]) => {
      // The other worker's look moves it while this one files it.
      const moved = fs
        .mkdir(path.join(inbox, 'done'), { recursive: true })
        .then(() => fs.rename(path.join(inbox, 'kid.pdf'), path.join(inbox, 'done', 'kid.pdf')));
      return moved.then((): FilingOutcome => ({ outcome: 'ingested', results: [result(files[0].name, 'filed')] }));
    };
    await expect(ingestInbox({ inboxDir: inbox, settleMs: 0, log, reload, file: racing })).resolves.toBe(1);
    expect(await exists('done/kid.pdf')).toBe(true);
    expect(await exists('done/kid (2).pdf')).toBe(false);
  });

  it('rejects a symbolic link without following it, and stops taking files once the worker stops', async () => {
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), 'outside-'));
    await fs.writeFile(path.join(outside, 'secret.pdf'), 'secret');
    await fs.symlink(path.join(outside, 'secret.pdf'), path.join(inbox, 'link.pdf'));
    await drop('kid.pdf', 'kid');
    const stop = new AbortController();
    stop.abort();
    await ingestInbox({
      inboxDir: inbox,
      reload,
      settleMs: 0,
      log,
      signal: stop.signal,
      file: filer((n) => ({ outcome: 'ingested', results: [result(n, 'filed')] })),
    });
    expect(calls).toEqual([]);
    expect(await exists('kid.pdf')).toBe(true);
    expect(JSON.parse(await fs.readFile(path.join(inbox, 'rejected/link.pdf.reason.json'), 'utf8'))).toMatchObject({
      reason: 'a symbolic link: not followed',
    });
    expect(await fs.readFile(path.join(outside, 'secret.pdf'), 'utf8')).toBe('secret');
    await fs.rm(outside, { recursive: true, force: true });
  });
});

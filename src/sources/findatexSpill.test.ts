import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { RowSpill, temporarySpillFolder } from './findatexSpill';

describe('RowSpill', () => {
  let folder: string;
  beforeEach(() => (folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spill-test-'))));
  afterEach(() => {
    jest.useRealTimers();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('reads each row back by its place, multi-byte text included', async () => {
    const lines = ['["a",1]', '["Épargne «Zürich»",null]', '[]'];
    const block = Buffer.from(lines.map((l) => `${l}\n`).join(''), 'utf8');
    const spill = await RowSpill.write(folder, block);
    let offset = 0;
    for (const expected of lines) {
      const length = Buffer.byteLength(expected);
      expect(await spill.read({ offset, length })).toBe(expected);
      offset += length + 1;
    }
    const [file] = fs.readdirSync(folder);
    expect(fs.statSync(path.join(folder, file)).mode & 0o777).toBe(0o600);
    await expect(spill.read({ offset: block.length - 1, length: 10 })).rejects.toThrow(/cut short/);
  });

  it('keeps a discarded spill readable for the grace, then removes it', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const spill = await RowSpill.write(folder, Buffer.from('["x"]\n'));
    spill.discard();
    expect(await spill.read({ offset: 0, length: 5 })).toBe('["x"]');
    jest.advanceTimersByTime(59_000);
    expect(fs.readdirSync(folder)).toHaveLength(1);
    jest.advanceTimersByTime(1_000);
    jest.useRealTimers(); // the removal itself runs in libuv's threads: waited for in real time
    for (let i = 0; i < 500 && fs.readdirSync(folder).length > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(fs.readdirSync(folder)).toEqual([]);
  });
});

describe('temporarySpillFolder', () => {
  let parent: string;
  beforeEach(() => (parent = fs.mkdtempSync(path.join(os.tmpdir(), 'spill-parent-'))));
  afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

  it("makes a folder of this process and removes those of processes that are gone, not a running one's", async () => {
    const ended = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']).stdout.toString().trim();
    fs.mkdirSync(path.join(parent, `${ended}-abc123`));
    fs.mkdirSync(path.join(parent, `${process.ppid}-def456`)); // jest's parent: running
    fs.mkdirSync(path.join(parent, 'not-a-spill'));
    const folder = await temporarySpillFolder(parent);
    expect(path.basename(folder)).toMatch(new RegExp(`^${process.pid}-`));
    expect(fs.readdirSync(parent).sort()).toEqual(
      [path.basename(folder), `${process.ppid}-def456`, 'not-a-spill'].sort(),
    );
  });
});

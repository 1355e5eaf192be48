import type { KeyIdRow } from '../../db/repositories/apiKeyIds';
import { KeyDirectory } from './keyDirectory';

/** A key table in memory that counts how often it is read. */
class FakeKeys {
  rows: KeyIdRow[] = [];
  reads: (Date | null)[] = [];
  failNext = false;
  add(id: string, createdAt = new Date()): void {
    this.rows.push({ id, createdAt });
  }
  async createdSince(since: Date | null): Promise<KeyIdRow[]> {
    this.reads.push(since);
    await new Promise((r) => setTimeout(r, 5));
    if (this.failNext) {
      this.failNext = false;
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    }
    return this.rows.filter((r) => since === null || r.createdAt >= since);
  }
}

const randomId = () => Math.random().toString(36).slice(2, 14).padEnd(12, 'x');

describe('KeyDirectory: unknown key ids without a query per attempt', () => {
  it('knows the keys that exist and refuses others', async () => {
    const keys = new FakeKeys();
    keys.add('AAAAAAAAAAAA');
    const directory = new KeyDirectory(keys, { minRefreshMs: 10 });
    expect(await directory.exists('AAAAAAAAAAAA')).toBe(true);
    expect(await directory.exists('BBBBBBBBBBBB')).toBe(false);
  });

  it('answers a flood of 2,000 concurrent random ids with a handful of reads', async () => {
    const keys = new FakeKeys();
    keys.add('AAAAAAAAAAAA');
    const directory = new KeyDirectory(keys, { minRefreshMs: 50 });
    const answers = await Promise.all(Array.from({ length: 2_000 }, () => directory.exists(randomId())));
    expect(answers.every((a) => a === false)).toBe(true);
    expect(keys.reads.length).toBeLessThanOrEqual(2);
  });

  it('remembers an unknown id: asking again reads nothing', async () => {
    const keys = new FakeKeys();
    const directory = new KeyDirectory(keys, { minRefreshMs: 1 });
    expect(await directory.exists('CCCCCCCCCCCC')).toBe(false);
    const reads = keys.reads.length;
    for (let i = 0; i < 100; i++) expect(await directory.exists('CCCCCCCCCCCC')).toBe(false);
    expect(keys.reads.length).toBe(reads);
  });

  it('finds a key created after the directory was loaded, at its first use', async () => {
    const keys = new FakeKeys();
    keys.add('AAAAAAAAAAAA');
    const directory = new KeyDirectory(keys, { minRefreshMs: 20 });
    expect(await directory.exists('AAAAAAAAAAAA')).toBe(true);
    keys.add('DDDDDDDDDDDD');
    expect(await directory.exists('DDDDDDDDDDDD')).toBe(true);
  });

  it('reads only recent keys after the first load, with an overlap for late commits', async () => {
    const keys = new FakeKeys();
    const newest = new Date('2026-11-23T10:00:00Z');
    keys.add('AAAAAAAAAAAA', newest);
    const directory = new KeyDirectory(keys, { minRefreshMs: 1 });
    await directory.exists('ZZZZZZZZZZZZ');
    await directory.exists('YYYYYYYYYYYY');
    expect(keys.reads[0]).toBeNull();
    expect(keys.reads[1]?.getTime()).toBe(newest.getTime() - 60_000);
  });

  it('a failed read fails the lookup (not cached as unknown), and the next one succeeds', async () => {
    const keys = new FakeKeys();
    keys.add('AAAAAAAAAAAA');
    const directory = new KeyDirectory(keys, { minRefreshMs: 1 });
    keys.failNext = true;
    await expect(directory.exists('AAAAAAAAAAAA')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await directory.exists('AAAAAAAAAAAA')).toBe(true);
  });

  it('bounds the memory of unknown ids', async () => {
    const keys = new FakeKeys();
    const directory = new KeyDirectory(keys, { minRefreshMs: 1, unknownMax: 10 });
    for (let i = 0; i < 30; i++) await directory.exists(`UNKNOWN${String(i).padStart(5, '0')}`);
    const reads = keys.reads.length;
    expect(await directory.exists('UNKNOWN00000')).toBe(false); // evicted: asked again
    expect(keys.reads.length).toBe(reads + 1);
  });
});

import type { StoredFund } from '../../usecases/ports/funds';
import { FundCache } from './fundCache';
import type { FundsRepository } from './funds';

const ISIN = 'LU0000000001';
const HOUR = 3_600_000;

/** The repository's one-fund read over a variable the test changes, counting the reads. */
function fakeRepository() {
  const state = { stored: null as StoredFund | null, reads: 0 };
  const repository = {
    get: (isin: string) => {
      state.reads += 1;
      return Promise.resolve(isin === ISIN ? state.stored : null);
    },
  } as unknown as FundsRepository;
  return { state, repository };
}

function fund(expiresInMs: number, generatedAt = new Date()): StoredFund {
  return {
    isin: ISIN,
    name: 'Sample',
    payload: Buffer.from('{}'),
    generatedAt,
    expiresAt: new Date(Date.now() + expiresInMs),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('FundCache', () => {
  it('serves a fresh payload from memory within its time to live', async () => {
    const { state, repository } = fakeRepository();
    state.stored = fund(24 * HOUR);
    const cache = new FundCache(repository, 10_000);
    expect(await cache.get(ISIN)).toBe(state.stored);
    expect(await cache.get(ISIN)).toBe(state.stored);
    expect(state.reads).toBe(1);
  });

  it('does not remember a miss: a fund stored by a load just after is seen by the next request', async () => {
    const { state, repository } = fakeRepository();
    const cache = new FundCache(repository, 10_000);
    expect(await cache.get(ISIN)).toBeNull();
    state.stored = fund(24 * HOUR);
    expect(await cache.get(ISIN)).toBe(state.stored);
  });

  it('does not remember an expired payload: its refresh by another process is seen at once', async () => {
    const { state, repository } = fakeRepository();
    state.stored = fund(-HOUR);
    const cache = new FundCache(repository, 10_000);
    expect((await cache.get(ISIN))?.expiresAt.getTime()).toBeLessThan(Date.now());
    const refreshed = fund(24 * HOUR);
    state.stored = refreshed;
    expect(await cache.get(ISIN)).toBe(refreshed);
  });

  it('never serves a payload from memory past its own expiresAt', async () => {
    const { state, repository } = fakeRepository();
    state.stored = fund(40);
    const cache = new FundCache(repository, 10_000);
    await cache.get(ISIN);
    await sleep(80);
    const refreshed = fund(24 * HOUR);
    state.stored = refreshed;
    expect(await cache.get(ISIN)).toBe(refreshed);
  });

  it('refresh reads past the cache and remembers the new payload', async () => {
    const { state, repository } = fakeRepository();
    state.stored = fund(24 * HOUR, new Date(Date.now() - HOUR));
    const cache = new FundCache(repository, 10_000);
    await cache.get(ISIN);
    const reloaded = fund(24 * HOUR);
    state.stored = reloaded;
    expect(await cache.refresh(ISIN)).toBe(reloaded);
    expect(await cache.get(ISIN)).toBe(reloaded);
    expect(state.reads).toBe(2);
  });

  it('misses while a read is under way share it when it finds a fresh payload', async () => {
    const { state, repository } = fakeRepository();
    state.stored = fund(24 * HOUR);
    const cache = new FundCache(repository, 10_000);
    const answers = await Promise.all([cache.get(ISIN), cache.get(ISIN), cache.get(ISIN)]);
    expect(answers).toEqual([state.stored, state.stored, state.stored]);
    expect(state.reads).toBe(1);
  });

  it('a miss that joined a read finding nothing reads again: a load that closed before it began is seen', async () => {
    const { state, repository } = fakeRepository();
    const cache = new FundCache(repository, 10_000);
    const first = cache.get(ISIN);
    const joiner = cache.get(ISIN);
    state.stored = fund(24 * HOUR); // stored after the first read began, before the joiner's answer
    expect(await first).toBeNull();
    expect(await joiner).toBe(state.stored);
    expect(state.reads).toBe(2);
  });

  it('a miss that joined a read finding an expired payload reads again', async () => {
    const { state, repository } = fakeRepository();
    state.stored = fund(-HOUR);
    const cache = new FundCache(repository, 10_000);
    const first = cache.get(ISIN);
    const joiner = cache.get(ISIN);
    const refreshed = fund(24 * HOUR);
    state.stored = refreshed;
    expect((await first)?.expiresAt.getTime()).toBeLessThan(Date.now());
    expect(await joiner).toBe(refreshed);
    expect(state.reads).toBe(2);
  });

  it('a miss that joined a failed read reads again; the first caller gets the error', async () => {
    const stored = fund(24 * HOUR);
    let reads = 0;
    const repository = {
      get: () => (++reads === 1 ? Promise.reject(new Error('connection lost')) : Promise.resolve(stored)),
    } as unknown as FundsRepository;
    const cache = new FundCache(repository, 10_000);
    const first = cache.get(ISIN);
    const joiner = cache.get(ISIN);
    await expect(first).rejects.toThrow('connection lost');
    expect(await joiner).toBe(stored);
    expect(reads).toBe(2);
  });

  it('reads the database every time when the time to live is 0', async () => {
    const { state, repository } = fakeRepository();
    state.stored = fund(24 * HOUR);
    const cache = new FundCache(repository, 0);
    await cache.get(ISIN);
    await cache.get(ISIN);
    await Promise.all([cache.get(ISIN), cache.get(ISIN)]);
    expect(state.reads).toBe(4);
  });
});

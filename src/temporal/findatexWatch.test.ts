import { forgetNewlyCovered, watchFindatexFolder } from './findatexWatch';

const log = { info: jest.fn(), warn: jest.fn() };

describe('forgetNewlyCovered', () => {
  it('forgets the misses of the ISINs the folder newly covers, and only those', async () => {
    const forgetMisses = jest.fn((isins: readonly string[]) => Promise.resolve(isins.length));
    const seen = await forgetNewlyCovered(
      { covered: () => Promise.resolve(new Set(['A', 'B'])), forgetMisses, log },
      new Set(),
    );
    expect(forgetMisses).toHaveBeenLastCalledWith(['A', 'B']);
    await forgetNewlyCovered({ covered: () => Promise.resolve(new Set(['A', 'B', 'C'])), forgetMisses, log }, seen);
    expect(forgetMisses).toHaveBeenLastCalledWith(['C']);
  });

  it('forgets nothing when nothing new is covered', async () => {
    const forgetMisses = jest.fn(() => Promise.resolve(0));
    await forgetNewlyCovered({ covered: () => Promise.resolve(new Set(['A'])), forgetMisses, log }, new Set(['A']));
    expect(forgetMisses).toHaveBeenCalledWith([]);
  });
});

describe('watchFindatexFolder', () => {
  it('keeps looking after a failed look and stops when told', async () => {
    const stop = new AbortController();
    let looks = 0;
    const covered = jest.fn(() => {
      looks++;
      if (looks === 1) return Promise.reject(new Error('database down'));
      if (looks === 3) stop.abort();
      return Promise.resolve(new Set(['A']));
    });
    await watchFindatexFolder({
      covered,
      forgetMisses: () => Promise.resolve(0),
      intervalMs: 5,
      signal: stop.signal,
      log,
    });
    expect(looks).toBe(3);
    expect(log.warn).toHaveBeenCalled();
  });

  it('does nothing when the interval is 0', async () => {
    const covered = jest.fn(() => Promise.resolve(new Set<string>()));
    await watchFindatexFolder({
      covered,
      forgetMisses: () => Promise.resolve(0),
      intervalMs: 0,
      signal: new AbortController().signal,
      log,
    });
    expect(covered).not.toHaveBeenCalled();
  });
});

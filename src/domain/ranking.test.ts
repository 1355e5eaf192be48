// Tests of ranking.ts: largestByWeight against a full sort, firstInOrder, compareText.
import { seeded } from '../../test/fixtures/seeded';
import { compareText, firstInOrder, largestByWeight } from './ranking';

describe('ordering helpers', () => {
  it('largestByWeight equals a full sort by weight desc, label, index', () => {
    const random = seeded(3);
    for (let run = 0; run < 300; run++) {
      const size = Math.floor(random() * 60);
      const weights = Array.from({ length: size }, () => Math.floor(random() * 6) / 2);
      const labels = Array.from({ length: size }, () => String.fromCharCode(65 + Math.floor(random() * 5)));
      const n = Math.floor(random() * 70);
      const full = weights
        .map((_, i) => i)
        .sort((x, y) => weights[y] - weights[x] || compareText(labels[x], labels[y]) || x - y);
      expect(largestByWeight(weights, (i) => labels[i], n)).toEqual(full.slice(0, n));
    }
  });

  it('firstInOrder keeps the first n in order and equal items in input order', () => {
    expect(firstInOrder([5, 1, 4, 1, 3], 3, (x, y) => x - y)).toEqual([1, 1, 3]);
    expect(
      firstInOrder(
        [
          { k: 1, i: 0 },
          { k: 1, i: 1 },
          { k: 0, i: 2 },
        ],
        2,
        (x, y) => x.k - y.k,
      ),
    ).toEqual([
      { k: 0, i: 2 },
      { k: 1, i: 0 },
    ]);
    expect(firstInOrder([3, 2], 0, (x, y) => x - y)).toEqual([]);
  });

  it('compareText orders by code point, whatever the locale', () => {
    expect(['b', 'B', 'a', 'É', 'E'].sort(compareText)).toEqual(['B', 'E', 'a', 'b', 'É']);
  });
});

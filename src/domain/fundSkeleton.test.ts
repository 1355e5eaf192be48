import { FundData } from '../schema/fund';
import { emptyFundData } from './fundSkeleton';

describe('empty FundData skeleton', () => {
  it('is valid FundData with every field of the schema present', () => {
    const skeleton = emptyFundData();
    expect(FundData.parse(skeleton)).toEqual(skeleton);
    expect(Object.keys(skeleton).sort()).toEqual(Object.keys(FundData.shape).sort());
  });

  it('discloses nothing', () => {
    const leaves: unknown[] = [];
    const walk = (v: unknown, key: string) => {
      if (key === 'rules' || key === 'kind' || key === 'hasIndex') return;
      if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, c] of Object.entries(v)) walk(c, k);
      else leaves.push(v);
    };
    walk(emptyFundData(), '');
    for (const leaf of leaves)
      expect(leaf === '' || leaf === null || (Array.isArray(leaf) && leaf.length === 0)).toBe(true);
  });

  it('returns a fresh object each time', () => {
    const a = emptyFundData();
    a.topHoldings.push({ name: 'x', weight: 1 });
    expect(emptyFundData().topHoldings).toEqual([]);
  });
});

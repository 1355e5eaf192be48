import { changesBetween } from './changes';
import { emptyFundData } from './fundSkeleton';

function fund(edit: (d: ReturnType<typeof emptyFundData>) => void = () => {}) {
  const d = emptyFundData();
  d.headlineMetrics.ter = '0.20%';
  d.riskRating = 4;
  d.keyFacts.manager = 'Sample Manager';
  d.topHoldings = [1, 2, 3, 4, 5, 6].map((i) => ({ name: `H${i}`, weight: 10 - i }));
  d.dataAsOf = '2026-10-31';
  edit(d);
  return d;
}

describe('changesBetween', () => {
  it('reports nothing on a first load, and nothing when the tracked fields and the as-of date are the same', () => {
    expect(changesBetween(null, fund())).toEqual([]);
    expect(
      changesBetween(
        fund(),
        fund((d) => (d.metrics.peRatio = '18.2')),
      ),
    ).toEqual([]);
  });

  it('gives one fund.changed row per tracked field that differs, values as strings', () => {
    const after = fund((d) => {
      d.headlineMetrics.ter = '0.18%';
      d.riskRating = 5;
      d.keyFacts.manager = 'New Manager';
    });
    expect(changesBetween(fund(), after)).toEqual([
      { event: 'fund.changed', field: 'headlineMetrics.ter', old: '0.20%', new: '0.18%' },
      { event: 'fund.changed', field: 'riskRating', old: '4', new: '5' },
      { event: 'fund.changed', field: 'keyFacts.manager', old: 'Sample Manager', new: 'New Manager' },
    ]);
  });

  it('reports a risk rating that appears or disappears with an empty string for the missing side', () => {
    expect(
      changesBetween(
        fund((d) => (d.riskRating = null)),
        fund(),
      ),
    ).toEqual([{ event: 'fund.changed', field: 'riskRating', old: '', new: '4' }]);
  });

  it('tracks only the top 5 holdings, by name and weight', () => {
    expect(
      changesBetween(
        fund(),
        fund((d) => (d.topHoldings[5].weight = 0.1)),
      ),
    ).toEqual([]);
    const [change] = changesBetween(
      fund(),
      fund((d) => (d.topHoldings[4].weight = 4.5)),
    );
    expect(change).toMatchObject({ event: 'fund.changed', field: 'topHoldings' });
    expect((JSON.parse(change.new) as unknown[])[4]).toEqual({ name: 'H5', weight: 4.5 });
    expect(JSON.parse(change.old)).toHaveLength(5);
  });

  it('gives a fund.refreshed row when the as-of date moves', () => {
    expect(
      changesBetween(
        fund(),
        fund((d) => (d.dataAsOf = '2026-11-30')),
      ),
    ).toEqual([{ event: 'fund.refreshed', field: 'dataAsOf', old: '2026-10-31', new: '2026-11-30' }]);
  });
});

import type { ScpiData } from '../schema/scpi';
import { emptyScpiData } from './scpi';
import { SCPI_TRACKED_FIELDS, scpiChangesBetween } from './scpiChanges';

function scpi(edit: (d: ScpiData) => void = () => undefined): ScpiData {
  const d = emptyScpiData();
  d.keyFacts.sharePriceEur = 204;
  d.keyFacts.withdrawalPriceEur = 187.68;
  d.portfolio.financialOccupancyRatePct = 98.1;
  d.performance.distributionRateByYear = [{ year: '2024', value: 5.5 }];
  d.dataAsOf = '2025-09-30';
  edit(d);
  return d;
}

describe('scpiChangesBetween', () => {
  it('changes nothing on a first load or an identical refresh', () => {
    expect(scpiChangesBetween(null, scpi())).toEqual([]);
    expect(scpiChangesBetween(scpi(), scpi())).toEqual([]);
  });

  it('reports each tracked figure that moved, as strings, under scpi. names', () => {
    const after = scpi((d) => {
      d.keyFacts.sharePriceEur = 210;
      d.portfolio.financialOccupancyRatePct = 96.4;
      d.keyFacts.withdrawalPriceEur = null;
    });
    expect(scpiChangesBetween(scpi(), after)).toEqual([
      { event: 'fund.changed', field: 'scpi.keyFacts.sharePriceEur', old: '204', new: '210' },
      { event: 'fund.changed', field: 'scpi.portfolio.financialOccupancyRatePct', old: '98.1', new: '96.4' },
      { event: 'fund.changed', field: 'scpi.keyFacts.withdrawalPriceEur', old: '187.68', new: '' },
    ]);
  });

  it("tracks the latest year's distribution rate, so a new year's first figure is a change", () => {
    const after = scpi((d) => d.performance.distributionRateByYear.push({ year: '2025', value: 5.8 }));
    expect(scpiChangesBetween(scpi(), after)).toEqual([
      { event: 'fund.changed', field: 'scpi.performance.distributionRate', old: '2024: 5.5', new: '2025: 5.8' },
    ]);
  });

  it('reports a refresh whose as-of date moved', () => {
    expect(
      scpiChangesBetween(
        scpi(),
        scpi((d) => (d.dataAsOf = '2025-12-31')),
      ),
    ).toEqual([{ event: 'fund.refreshed', field: 'scpi.dataAsOf', old: '2025-09-30', new: '2025-12-31' }]);
  });

  it('tracks the four figures of the issue', () => {
    expect(SCPI_TRACKED_FIELDS.map(([f]) => f)).toEqual([
      'scpi.keyFacts.sharePriceEur',
      'scpi.performance.distributionRate',
      'scpi.portfolio.financialOccupancyRatePct',
      'scpi.keyFacts.withdrawalPriceEur',
    ]);
  });
});

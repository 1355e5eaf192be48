import { buf, table, TPT_POSITIONS, tptRow } from '../../../test/fixtures/findatexRows';
import { UnreadableDocumentError } from '../../domain/documents';
import { topHoldings } from '../holdings';
import { parseTpt, parseTptCsv, tptBreakdowns, tptHoldings, type TptPosition } from './tpt';

describe('TPT', () => {
  const [report] = parseTptCsv(table(TPT_POSITIONS.map((p) => tptRow(p))), 'o');

  it('reads the portfolio fields and the as-of date', () => {
    expect(report.portfolio).toEqual({
      id: 'ZZ0000000017',
      name: 'Sample Bond Fund',
      currency: 'EUR',
      netAssets: 1000,
      valuationDate: '2025-08-29',
      reportingDate: '2025-09-05',
      cashRatio: 5,
      modifiedDuration: null,
      version: 'V7.0',
    });
    expect(report.asOf).toBe('2025-08-29');
  });

  it('reads positions with weights in percent, the market value over the net assets standing in for a missing weight', () => {
    expect(report.positions.map((p) => [p.name, p.weight])).toEqual([
      ['Bund 0% 2032', 30],
      ['Corp 3% 2026', 25],
      ['HY 7% 2045', 15],
      ['Apple', 20],
      ['Cash EUR', 5],
      ['CDX HY', 5],
    ]);
    expect(report.positions[0]).toMatchObject({
      isin: 'DE0001102580',
      cic: 'DE12',
      instrumentType: 'Government bonds',
      currency: 'EUR',
      issuerCountry: 'DE',
      creditRating: 'AAA',
      creditQualityStep: 0,
      maturityDate: '2032-02-15',
    });
    expect(report.positions[3]).toMatchObject({ isin: null, identifier: '037833100', instrumentType: 'Equity' });
    expect(report.positions[5]).toMatchObject({ exposureWeight: 60, instrumentType: 'Credit derivatives' });
  });

  it('breaks down by country, instrument, rating, maturity, asset class and currency', () => {
    expect(report.breakdowns).toEqual({
      country: [
        { label: 'United States', weight: 35 },
        { label: 'Germany', weight: 30 },
        { label: 'France', weight: 25 },
        { label: 'Cash and/or Derivatives', weight: 10 },
      ],
      instrument: [
        { label: 'Corporate bonds', weight: 40 },
        { label: 'Government bonds', weight: 30 },
        { label: 'Equity', weight: 20 },
        { label: 'Cash and deposits', weight: 5 },
        { label: 'Credit derivatives', weight: 5 },
      ],
      creditQuality: [
        { label: 'AAA', weight: 30 },
        { label: 'BBB', weight: 25 },
        { label: 'BB', weight: 15 },
      ],
      maturity: [
        { label: '5-7y', weight: 30 },
        { label: '0-1y', weight: 25 },
        { label: '10y+', weight: 15 },
      ],
      assetAllocation: [
        { label: 'Bonds', weight: 70 },
        { label: 'Equity', weight: 20 },
        { label: 'Cash', weight: 5 },
        { label: 'Other', weight: 5 },
      ],
      currency: [
        { label: 'EUR', weight: 60 },
        { label: 'USD', weight: 40 },
      ],
    });
  });

  it('feeds the holdings helpers', () => {
    expect(topHoldings(tptHoldings(report), 3)).toEqual([
      { name: 'Bund 0% 2032', weight: 30 },
      { name: 'Corp 3% 2026', weight: 25 },
      { name: 'Apple', weight: 20 },
    ]);
  });

  it('splits a file by portfolio and carries the id of a first row to the rows that omit it', () => {
    const rows = [
      tptRow(TPT_POSITIONS[0]),
      { ...TPT_POSITIONS[1] },
      tptRow(TPT_POSITIONS[3], { '1_Portfolio_identifying_data': 'ZZ0000000025', '6_Valuation_date': '2025-06-30' }),
    ];
    const reports = parseTptCsv(table(rows), 'o');
    expect(reports.map((r) => [r.portfolio.id, r.asOf, r.positions.length])).toEqual([
      ['ZZ0000000017', '2025-08-29', 2],
      ['ZZ0000000025', '2025-06-30', 1],
    ]);
  });

  it('reads the JSON rendering', async () => {
    const reports = await parseTpt(buf(JSON.stringify(TPT_POSITIONS.map((p) => tptRow(p)))), 'application/json', 'o');
    expect(reports[0].positions).toHaveLength(6);
  });

  it.each([
    [
      'no position columns',
      table([{ '1_Portfolio_identifying_data': 'X', '3_Portfolio_name': 'Y', '4_Portfolio_currency_(B)': 'EUR' }]),
    ],
    [
      'positions without weights',
      table([
        tptRow(
          { '12_CIC_code_of_the_instrument': 'DE12', '26_Valuation_weight': '' },
          { '5_Net_asset_valuation_of_the_portfolio_or_the_share_class_in_portfolio_currency': '' },
        ),
      ]),
    ],
    ['an empty file', buf('')],
  ])('rejects %s', (_label, content) => {
    expect(() => parseTptCsv(content, 'o')).toThrow(UnreadableDocumentError);
  });
});

describe('tptBreakdowns', () => {
  const position = (p: Partial<TptPosition>): TptPosition => ({
    name: 'x',
    identifier: null,
    isin: null,
    cic: null,
    instrumentType: null,
    weight: 0,
    exposureWeight: null,
    marketValue: null,
    currency: null,
    issuerName: null,
    issuerCountry: null,
    economicSector: null,
    creditRating: null,
    creditQualityStep: null,
    maturityDate: null,
    modifiedDuration: null,
    ...p,
  });

  it('leaves maturity empty without an as-of date and labels unknown CIC codes', () => {
    const b = tptBreakdowns(
      [position({ cic: 'DE12', weight: 50, maturityDate: '2030-01-01' }), position({ cic: null, weight: 50 })],
      null,
    );
    expect(b.maturity).toEqual([]);
    expect(b.instrument).toEqual([
      { label: 'Government bonds', weight: 50 },
      { label: 'Unclassified', weight: 50 },
    ]);
    expect(b.creditQuality).toEqual([{ label: 'Not rated', weight: 50 }]);
    expect(b.country).toEqual([{ label: 'Other', weight: 100 }]);
  });

  it('gives empty breakdowns for no positions', () => {
    expect(tptBreakdowns([], '2025-01-01')).toEqual({
      country: [],
      instrument: [],
      creditQuality: [],
      maturity: [],
      assetAllocation: [],
      currency: [],
    });
  });
});

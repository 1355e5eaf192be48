import { EMT_ROW, table } from '../../../test/fixtures/findatexRows';
import { UnreadableDocumentError } from '../../domain/documents';
import { parseEmt, parseEmtCsv } from './emt';

describe('EMT', () => {
  it('reads identity, target market and costs', () => {
    const [row] = parseEmtCsv(table([EMT_ROW]), 'o');
    expect(row).toMatchObject({
      isin: 'ZZ0000000017',
      name: 'Sample Equity Fund A',
      manager: 'Sample Asset Management',
      currency: 'EUR',
      version: 'V4.3',
      referenceDate: '2025-12-31',
      productType: 'U',
      sri: 4,
      srri: 5,
      recommendedHoldingPeriodYears: 5,
      recommendedHoldingPeriodTerm: null,
      sfdrArticle: null,
    });
    expect(row.targetMarket).toMatchObject({
      retail: 'Y',
      professional: 'Y',
      eligibleCounterparty: 'Neutral',
      basicInvestor: 'Y',
      informedInvestor: null,
      limitedCapitalLoss: 'Y',
      limitedCapitalLossLevel: 0.5,
      growth: 'Y',
      sustainabilityPreferences: 'Neutral',
      investmentAdvice: 'R',
    });
    expect(row.costs).toEqual({
      entry: 0.05,
      exit: 0.01,
      ongoing: 0.0115,
      managementFee: 0.01,
      distributionFee: 0.0015,
      transaction: 0.0008,
      performanceFee: 0, // 00045 = N
      referenceDate: '2025-12-31',
      ongoingExPost: 0.0112,
      transactionExPost: null,
      incidentalExPost: null,
    });
  });

  it('reads a holding period given as a term', () => {
    const [row] = parseEmtCsv(table([{ ...EMT_ROW, '05080_Minimum_Recommended_Holding_Period': 'm' }]), 'o');
    expect(row.recommendedHoldingPeriodYears).toBeNull();
    expect(row.recommendedHoldingPeriodTerm).toBe('medium term (>=3y)');
  });

  it('takes performance fees from the incidental costs', async () => {
    const rows = await parseEmt(
      table([
        {
          ...EMT_ROW,
          '00045_Financial_Instrument_Performance_Fee': 'Y',
          '07140_Financial_Instrument_Incidental_Costs_Ex_Ante': 0.002,
        },
      ]),
      'text/csv',
      'o',
    );
    expect(rows[0].costs.performanceFee).toBe(0.002);
  });

  it('rejects a file without 00010', () => {
    expect(() =>
      parseEmtCsv(
        table([
          {
            a_b: 1,
            '00030_Financial_Instrument_Name': 'x',
            '00040_Financial_Instrument_Currency': 'EUR',
            '00050_General_Reference_Date': 'x',
          },
        ]),
        'o',
      ),
    ).toThrow(UnreadableDocumentError);
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { stringify as toYaml } from 'yaml';

import { EMT_ROW, EPT_ROW, readFeedInThread, table } from '../../test/fixtures/findatexRows';
import { assembleFund } from '../domain/assembleFund';
import type { DocumentKind, SourceDocument } from '../domain/documents';
import { XLSX_MEDIA_TYPE } from '../parsing/holdings';
import { parseDocument } from '../parsing/pool/document';
import { FundData } from '../schema/fund';
import { isinCheckDigit } from '../schema/isin';
import { extractFundData, type LoadedDocument } from './extract';
import { FindatexLibraryConnector } from './findatexLibrary';

const ISIN = `ZZ000000001${isinCheckDigit('ZZ000000001')}`;
const parse = { parse: parseDocument }; // in this thread: the pool is tested elsewhere

function loaded(kind: DocumentKind, name: string, content: Buffer, mediaType = 'text/csv'): LoadedDocument {
  const sha256 = createHash('sha256').update(content).digest('hex');
  return {
    ref: {
      sha256,
      kind,
      mediaType,
      origin: `library:${ISIN}/${name}`,
      retrievedAt: '2026-11-01T00:00:00Z',
      size: content.length,
    },
    content,
  };
}

function fromSource(doc: SourceDocument): LoadedDocument {
  const sha256 = createHash('sha256').update(doc.content).digest('hex');
  return {
    ref: {
      sha256,
      kind: doc.kind,
      mediaType: doc.mediaType,
      origin: doc.origin,
      retrievedAt: doc.retrievedAt,
      size: doc.content.length,
    },
    content: doc.content,
  };
}

const EPT = {
  ...EPT_ROW,
  '00030_Portfolio_Identifying_Data': ISIN,
  '00090_Fund_CIC_Code': 'XL42',
  '03010_One_Off_Cost_Portfolio_Entry_Cost': 0.03,
  SFDR_Product_Type: 'Article 8',
};
const EMT = {
  ...EMT_ROW,
  '00010_Financial_Instrument_Identifying_Data': ISIN,
  '00070_Financial_Instrument_Manufacturer_Name': 'Sample MiFID Manager',
  '00040_Financial_Instrument_Currency': 'USD',
  '02020_Informed_Investor': 'Y',
  '02030_Advanced_Investor': 'N',
  '03010_Compatible_With_Clients_Who_Can_Not_Bear_Capital_Loss': 'N',
  '03040_Compatible_With_Clients_Who_Do_Not_Need_Capital_Guarantee': 'Y',
  '03050_Compatible_With_Clients_Who_Can_Bear_Loss_Beyond_Capital': 'N',
  '05010_Return_Profile_Client_Looking_For_Preservation': 'N',
  '05030_Return_Profile_Client_Looking_For_Income': 'Neutral',
  '05040_Return_Profile_Hedging': 'N',
  '05050_Option_Or_Leveraged_Return_Profile': 'N',
  '06010_Execution_Only': 'B',
  '06020_Execution_With_Appropriateness_Test_Or_Non_Advised_Services': 'R',
  '06040_Portfolio_Management': 'P',
  '07140_Financial_Instrument_Incidental_Costs_Ex_Ante': 0.001,
  SFDR_Article: '9',
};

describe('FinDatEx files in the payload', () => {
  it('fills every EMT field that maps to FundData, each with its row and column', async () => {
    const x = await extractFundData(ISIN, [loaded('emt', 'emt.csv', table([EMT]))], parse);
    const d = x.data;
    expect(x.name).toBe('Sample Equity Fund A');
    expect(d.keyFacts).toMatchObject({ manager: 'Sample MiFID Manager', currency: 'USD' });
    expect(d.riskRating).toBe(4); // 04010, the PRIIPs SRI, before the UCITS SRRI (04020)
    expect(d.costs).toMatchObject({
      entry: '5.00%',
      exit: '1.00%',
      ongoing: '1.15%',
      transaction: '0.08%',
      performanceFee: '0.10%',
      recommendedHoldingPeriod: '5 years',
    });
    expect(d.sfdrArticle).toBe(9);
    expect(d.targetMarket).toEqual({
      investorTypes: { retail: 'Y', professional: 'Y', eligibleCounterparty: 'Neutral' },
      knowledgeAndExperience: { basic: 'Y', informed: 'Y', advanced: 'N' },
      abilityToBearLosses: {
        noCapitalLoss: 'N',
        limitedCapitalLoss: 'Y',
        limitedCapitalLossLevel: '50.00%',
        noCapitalGuarantee: 'Y',
        lossBeyondCapital: 'N',
      },
      riskTolerance: { priips: 4, ucits: 5 },
      returnProfile: { preservation: 'N', growth: 'Y', income: 'Neutral', hedging: 'N', optionOrLeveraged: 'N' },
      holdingPeriod: '5 years',
      sustainabilityPreferences: 'Neutral',
      distributionStrategies: { executionOnly: 'B', nonAdvised: 'R', investmentAdvice: 'R', portfolioManagement: 'P' },
    });
    const columnOf = (field: string) => [d.sources[field]?.row, d.sources[field]?.column];
    expect(columnOf('name')).toEqual([2, '00030_Financial_Instrument_Name']);
    expect(columnOf('keyFacts.manager')).toEqual([2, '00070_Financial_Instrument_Manufacturer_Name']);
    expect(columnOf('keyFacts.currency')).toEqual([2, '00040_Financial_Instrument_Currency']);
    expect(columnOf('riskRating')).toEqual([2, '04010_Risk_Tolerance_PRIIPS_Methodology']);
    expect(columnOf('costs.entry')).toEqual([
      2,
      '07020_Gross_One-off_Cost_Financial_Instrument_Maximum_Entry_Cost_Non_Acquired',
    ]);
    expect(columnOf('costs.exit')).toEqual([2, '07070_One-off_Costs_Financial_Instrument_Maximum_Exit_Cost_Acquired']);
    expect(columnOf('costs.ongoing')).toEqual([2, '07100_Financial_Instrument_Gross_Ongoing_Costs']);
    expect(columnOf('costs.transaction')).toEqual([2, '07130_Financial_Instrument_Transaction_Costs_Ex_Ante']);
    expect(columnOf('costs.performanceFee')).toEqual([2, '07140_Financial_Instrument_Incidental_Costs_Ex_Ante']);
    expect(columnOf('costs.recommendedHoldingPeriod')).toEqual([2, '05080_Minimum_Recommended_Holding_Period']);
    expect(columnOf('sfdrArticle')).toEqual([2, 'SFDR_Article']);
    expect(columnOf('targetMarket.investorTypes.retail')).toEqual([2, '01010_Investor_Type_Retail']);
    expect(columnOf('targetMarket.abilityToBearLosses.limitedCapitalLossLevel')).toEqual([
      2,
      '03030_Limited_Capital_Loss_Level',
    ]);
    expect(columnOf('targetMarket.riskTolerance.ucits')).toEqual([2, '04020_Risk_Tolerance_UCITS_Methodology']);
    expect(columnOf('targetMarket.distributionStrategies.portfolioManagement')).toEqual([
      2,
      '06040_Portfolio_Management',
    ]);
    expect(d.sources['targetMarket.knowledgeAndExperience.advanced']).toMatchObject({
      kind: 'emt',
      origin: `library:${ISIN}/emt.csv`,
      asOf: '2025-12-31',
      page: null,
    });
    expect(d.dataAsOf).toBe('2025-12-31');
    // Every target-market answer stated has its own entry; nothing unstated has one.
    expect(Object.keys(d.sources).filter((k) => k.startsWith('targetMarket.'))).toHaveLength(24);
    expect(() => FundData.parse(assembleFund(d, null, null))).not.toThrow();
  });

  it('takes the UCITS SRRI and a holding-period term when the EMT gives nothing else', async () => {
    const row = {
      ...EMT,
      '04010_Risk_Tolerance_PRIIPS_Methodology': '',
      '05080_Minimum_Recommended_Holding_Period': 'L',
    };
    const d = (await extractFundData(ISIN, [loaded('emt', 'emt.csv', table([row]))], parse)).data;
    expect([d.riskRating, d.sources.riskRating.column]).toEqual([5, '04020_Risk_Tolerance_UCITS_Methodology']);
    expect(d.targetMarket?.holdingPeriod).toBe('long term (>5y)');
    expect(d.costs.recommendedHoldingPeriod).toBe('');
  });

  it('fills every EPT field that maps to FundData, each with its own column, and lets the EPT go before the EMT', async () => {
    const other = { ...EPT, '00030_Portfolio_Identifying_Data': `ZZ000000002${isinCheckDigit('ZZ000000002')}` };
    const x = await extractFundData(
      ISIN,
      [loaded('emt', 'emt.csv', table([EMT])), loaded('ept', 'ept.csv', table([other, EPT]))],
      parse,
    );
    const d = x.data;
    expect(x.name).toBe('Sample Bond Fund D');
    expect(d.keyFacts).toMatchObject({
      manager: 'Sample Asset Management',
      currency: 'EUR',
      assetClass: 'Fixed Income',
    });
    expect(d.riskRating).toBe(2);
    expect(d.costs).toEqual({
      entry: '3.00%',
      exit: '1.00%',
      ongoing: '0.25%',
      transaction: '0.0684%',
      performanceFee: '0.00%',
      riy1y: '1.20%',
      riyRhp: '0.40%',
      recommendedHoldingPeriod: '2 years',
    });
    expect(d.sfdrArticle).toBe(8);
    const columnOf = (field: string) => [d.sources[field]?.kind, d.sources[field]?.row, d.sources[field]?.column];
    expect(columnOf('name')).toEqual(['ept', 3, '00050_Portfolio_Name']);
    expect(columnOf('keyFacts.assetClass')).toEqual(['ept', 3, '00090_Fund_CIC_Code']);
    expect(columnOf('riskRating')).toEqual(['ept', 3, '01090_SRI']);
    expect(columnOf('costs.exit')).toEqual(['ept', 3, '03030_One_Off_Costs_Portfolio_Exit_Cost_At_1_Year']);
    expect(columnOf('costs.performanceFee')).toEqual(['ept', 3, '03090_Existing_Incidental_Costs_Portfolio']);
    expect(columnOf('costs.riyRhp')).toEqual(['ept', 3, '07060_RIY_RHP']);
    expect(columnOf('costs.recommendedHoldingPeriod')).toEqual(['ept', 3, '01120_Recommended_Holding_Period']);
    expect(columnOf('sfdrArticle')).toEqual(['ept', 3, 'SFDR_Product_Type']);
    // What only the EMT says still comes from it.
    expect(d.targetMarket?.investorTypes.retail).toBe('Y');
    expect(columnOf('targetMarket.investorTypes.retail')).toEqual(['emt', 2, '01010_Investor_Type_Retail']);
  });

  it('numbers JSON and YAML records from 1, and keeps a decimal-comma CSV row readable through an excerpt', async () => {
    const yaml = Buffer.from(toYaml([{ ...EPT, '00030_Portfolio_Identifying_Data': 'XS0000000009' }, EPT]));
    const d = (await extractFundData(ISIN, [loaded('ept', 'ept.yaml', yaml, 'application/yaml')], parse)).data;
    expect([d.sources.riskRating.row, d.sources.riskRating.column]).toEqual([2, '01090_SRI']);

    const library = fs.mkdtempSync(path.join(os.tmpdir(), 'findatex-extract-'));
    try {
      fs.mkdirSync(path.join(library, 'findatex'));
      // A European export: every number with a decimal comma, which one row on its own could not tell.
      const commas = (row: Record<string, string | number>) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? String(v).replace('.', ',') : v]),
        );
      const rows = [
        { ...EPT, '00030_Portfolio_Identifying_Data': 'XS0000000009' },
        { ...EPT, '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs': 0.0125 },
      ];
      const semicolons = table(rows.map(commas), ';');
      fs.writeFileSync(path.join(library, 'findatex', 'ept;semicolons.csv'), semicolons);
      const docs = await new FindatexLibraryConnector(library, { read: readFeedInThread }).fetch(ISIN);
      const x = await extractFundData(ISIN, docs.map(fromSource), parse);
      expect(x.data.costs.ongoing).toBe('1.25%');
      expect(x.data.sources['costs.ongoing']).toMatchObject({
        origin: 'library:findatex/ept;semicolons.csv',
        row: 3,
        column: '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs',
      });
    } finally {
      fs.rmSync(library, { recursive: true, force: true });
    }
  });
});

const ROOT = path.resolve(__dirname, '../../../shared/realdocs');
const PRESENT = fs.existsSync(path.join(ROOT, 'GROUND_TRUTH.json'));
if (!PRESENT) console.log(`realdocs folder absent (${ROOT}): skipping the real Captor EPT payload tests`);
const describeRealDocs = PRESENT ? describe : describe.skip;

describeRealDocs('the real Captor EPT V2.1 (XLSX and YAML, read in place)', () => {
  const XLSX = 'findatex/EPT_captor_2023-12-29.xlsx';
  const truth = PRESENT
    ? ((JSON.parse(fs.readFileSync(path.join(ROOT, 'GROUND_TRUTH.json'), 'utf8')) as Record<string, unknown>)[
        XLSX
      ] as Record<string, string | number>)
    : {};
  const isin = String(truth.row_isin);

  /** The Captor folder as a FinDatEx library folder: the real file, linked in place (never copied). */
  async function viaLibrary(file: string): Promise<FundData> {
    const library = fs.mkdtempSync(path.join(os.tmpdir(), 'findatex-captor-'));
    try {
      fs.mkdirSync(path.join(library, 'findatex'));
      // A hard link would cross devices; the connector refuses symlinks, so the bytes are read here and written to a
      // temporary folder.
      fs.writeFileSync(path.join(library, 'findatex', path.basename(file)), fs.readFileSync(path.join(ROOT, file)));
      const docs = await new FindatexLibraryConnector(library, { read: readFeedInThread }).fetch(isin);
      return (await extractFundData(isin, docs.map(fromSource), parse)).data;
    } finally {
      fs.rmSync(library, { recursive: true, force: true });
    }
  }

  it.each([
    [XLSX, XLSX_MEDIA_TYPE, 2],
    ['findatex/EPT_captor_2023-12-29.yaml', 'application/yaml', 1],
  ])(
    '%s gives the GROUND_TRUTH values with their row and column, directly and through the library folder',
    async (file, mediaType, row) => {
      const content = fs.readFileSync(path.join(ROOT, file));
      const direct = (
        await extractFundData(isin, [{ ...loaded('ept', path.basename(file), content, mediaType) }], parse)
      ).data;
      for (const d of [direct, await viaLibrary(file)]) {
        expect(d.keyFacts.currency).toBe(truth.currency);
        expect(d.riskRating).toBe(truth.sri);
        expect(d.costs.recommendedHoldingPeriod).toBe(`${truth.rhp_years} years`);
        expect(d.costs.ongoing).toBe('0.25%'); // mgmt_admin 0.0025
        expect(d.costs.transaction).toBe('0.0684%'); // 0.000684
        expect(d.keyFacts.assetClass).toBe('Fixed Income'); // 00090 XL42: a debt fund
        expect(d.dataAsOf).toBe(truth.kid_publication_date);
        expect(d.sources.riskRating).toMatchObject({ row, column: '01090_SRI', asOf: truth.kid_publication_date });
        expect(d.sources['costs.ongoing']).toMatchObject({
          row,
          column: '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs',
        });
        expect(d.sources['keyFacts.currency']).toMatchObject({
          row,
          column: '00060_Portfolio_Or_Share_Class_Currency',
        });
      }
    },
  );
});

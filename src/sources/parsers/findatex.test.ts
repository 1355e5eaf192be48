import { stringify as toYaml } from 'yaml';
import { UnreadableDocumentError } from '../types';
import { parseEptCsv } from './ept';
import {
  CIC_CATEGORIES,
  cicCategory,
  countryName,
  fieldCode,
  findatexKind,
  maturityBucket,
  parseEmt,
  parseEmtCsv,
  parseEpt,
  parseEptCsvRows,
  parseFindatex,
  parseTpt,
  parseTptCsv,
  ratingBucket,
  readFindatexCsv,
  tptBreakdowns,
  tptHoldings,
  type TptPosition,
} from './findatex';
import { XLSX_MEDIA_TYPE, topHoldings } from './holdings';

const buf = (text: string) => Buffer.from(text, 'utf8');

/** A CSV from header → value objects, quoting as a spreadsheet export does. */
function table(rows: Record<string, string | number>[], delimiter = ','): Buffer {
  const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: string | number | undefined) => {
    const s = v === undefined ? '' : String(v);
    return s.includes(delimiter) || s.includes('"') ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return buf([headers.join(delimiter), ...rows.map((r) => headers.map((h) => cell(r[h])).join(delimiter))].join('\n'));
}

const EPT_ROW = {
  '00001_EPT_Version': 'V21',
  '00010_Portfolio_Manufacturer_Name': 'Sample Asset Management',
  '00030_Portfolio_Identifying_Data': 'zz0000000017',
  '00050_Portfolio_Name': 'Sample Bond Fund D',
  '00060_Portfolio_Or_Share_Class_Currency': 'eur',
  '00070_PRIIPs_KID_Publication_Date': '2024-02-16',
  '01090_SRI': 2,
  '01100_MRM': 2,
  '01120_Recommended_Holding_Period': 2,
  '03010_One_Off_Cost_Portfolio_Entry_Cost': '',
  '03020_One_Off_Costs_Portfolio_Exit_Cost_At_RHP': '',
  '03030_One_Off_Costs_Portfolio_Exit_Cost_At_1_Year': 0.01,
  '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs': 0.0025,
  '03080_Ongoing_Costs_Portfolio_Transaction_Costs': 0.000684,
  '03090_Existing_Incidental_Costs_Portfolio': 'N',
  '07020_RIY_1_Year_Or_First_Call': 0.012,
  '07060_RIY_RHP': 0.004,
};

describe('fieldCode', () => {
  it.each([
    ['00030_Portfolio_Identifying_Data', '00030'],
    ['26_Valuation_weight', '26'],
    ['8b_Total_number_of_shares', '8b'],
    ['105a_SCR_mrkt_FX_up_weight_over_NAV', '105a'],
    ['1000_TPT_Version', '1000'],
    [' 01090_SRI', '01090'],
  ])('%s → %s', (header, code) => {
    expect(fieldCode(header)).toBe(code);
  });

  it.each(['NUM', 'Portfolio_Name', '2024_', '26', '', 42, null])('ignores %j', (header) => {
    expect(fieldCode(header)).toBeNull();
  });
});

describe('EPT', () => {
  it('reads the fields the service uses', () => {
    const [row] = parseEptCsvRows(table([EPT_ROW]), 'o');
    expect(row).toEqual({
      isin: 'ZZ0000000017',
      name: 'Sample Bond Fund D',
      manager: 'Sample Asset Management',
      currency: 'EUR',
      sri: 2,
      recommendedHoldingPeriodYears: 2,
      entryCost: null,
      exitCost: 0.01, // falls back on the exit cost at one year when none is given at the RHP
      ongoingCost: 0.0025,
      transactionCost: 0.000684,
      performanceFee: 0, // 03090 = N: no incidental costs
      riy1y: 0.012,
      riyRhp: 0.004,
      kidPublicationDate: '2024-02-16',
      version: 'V21',
      mrm: 2,
      priipsCategory: null,
      fundCic: null,
      ucitsSrri: null,
      ucitsOngoingCharges: null,
      sfdrArticle: null,
    });
  });

  it('keeps parseEptCsv reading the sample-library layout', () => {
    const text = [
      '00001_EPT_Version,00010_Portfolio_Manufacturer_Name,00030_Portfolio_Identifying_Data,00040_Type_Of_Identification_Code_For_The_Fund_Share_Or_Portfolio,00050_Portfolio_Name,00060_Portfolio_Or_Share_Class_Currency,00070_PRIIPs_KID_Publication_Date,01090_SRI,01120_Recommended_Holding_Period,03010_One_Off_Cost_Portfolio_Entry_Cost,03020_One_Off_Costs_Portfolio_Exit_Cost_At_RHP,03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs,03080_Ongoing_Costs_Portfolio_Transaction_Costs,03095_Incidental_Costs_Portfolio_Performance_Fees',
      'V21,"Example Capital Partners, SA",ZZSMPL000011,1,Sample Global Equity Fund Acc,EUR,2026-02-16,4,5,0,0,0.002,0.0004,0',
    ].join('\n');
    expect(parseEptCsv(buf(text), 'o')).toEqual([
      expect.objectContaining({
        isin: 'ZZSMPL000011',
        manager: 'Example Capital Partners, SA',
        name: 'Sample Global Equity Fund Acc',
        currency: 'EUR',
        sri: 4,
        recommendedHoldingPeriodYears: 5,
        entryCost: 0,
        exitCost: 0,
        ongoingCost: 0.002,
        transactionCost: 0.0004,
        performanceFee: 0,
        kidPublicationDate: '2026-02-16',
      }),
    ]);
  });

  it('reads semicolon exports with decimal commas, day-first dates and years in words', () => {
    const rows = [{ ...EPT_ROW, '00070_PRIIPs_KID_Publication_Date': '16/02/2024', '01120_Recommended_Holding_Period': '2,5', '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs': '0,0025' }];
    const [row] = parseEptCsvRows(table(rows, ';'), 'o');
    expect(row).toMatchObject({ kidPublicationDate: '2024-02-16', recommendedHoldingPeriodYears: 2.5, ongoingCost: 0.0025, transactionCost: 0.000684 });
    const [worded] = parseEptCsvRows(table([{ ...EPT_ROW, '01120_Recommended_Holding_Period': '5 years' }]), 'o');
    expect(worded.recommendedHoldingPeriodYears).toBe(5);
  });

  it('matches columns on the code, whatever the name (V2.0 spells 07110 with a space)', () => {
    const [row] = parseEptCsvRows(table([{ ...EPT_ROW, '03090_Existing_Incidental_Costs_Portfolio': 'Y', '07110_Incidental_Costs_Portfolio_Performance_Fees_Carried _Interest': 0.002 }]), 'o');
    expect(row.performanceFee).toBe(0.002);
  });

  it('prefers 03095 for performance fees and leaves them unknown when nothing is said', () => {
    const [given] = parseEptCsvRows(table([{ ...EPT_ROW, '03090_Existing_Incidental_Costs_Portfolio': 'Y', '03095_Incidental_Costs': 0.001, '08200_UCITS_Performance_Fees': 0.5 }]), 'o');
    expect(given.performanceFee).toBe(0.001);
    const [unknown] = parseEptCsvRows(table([{ ...EPT_ROW, '03090_Existing_Incidental_Costs_Portfolio': '' }]), 'o');
    expect(unknown.performanceFee).toBeNull();
  });

  it.each([
    [0, null],
    [8, null],
    ['2.0', 2],
    [2.5, null],
    ['n/a', null],
    [7, 7],
    [1, 1],
  ])('SRI %j → %j', (raw, expected) => {
    expect(parseEptCsvRows(table([{ ...EPT_ROW, '01090_SRI': raw }]), 'o')[0].sri).toBe(expected);
  });

  it('reads the SFDR article from a column named for it', () => {
    const rows = [
      { ...EPT_ROW, '20040_Financial_Instrument_SFDR_Product_Type': 'Article 8' },
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': 'ZZ0000000025', '20040_Financial_Instrument_SFDR_Product_Type': '9' },
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': 'ZZ0000000033', '20040_Financial_Instrument_SFDR_Product_Type': '' },
    ];
    expect(parseEptCsvRows(table(rows), 'o').map((r) => r.sfdrArticle)).toEqual([8, 9, null]);
  });

  it('keeps one row per share class and skips rows without an identifier (blank lines, label rows)', () => {
    const rows = [
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': 'Portfolio identifying data', '01090_SRI': 'SRI' },
      EPT_ROW,
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': '' },
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': 'ZZ0000000025', '01090_SRI': 4 },
    ];
    expect(parseEptCsvRows(table(rows), 'o').map((r) => [r.isin, r.sri])).toEqual([
      ['ZZ0000000017', 2],
      ['ZZ0000000025', 4],
    ]);
  });

  it('reads JSON and YAML renderings', async () => {
    const json = await parseEpt(buf(JSON.stringify([EPT_ROW])), 'application/json', 'o');
    const yaml = await parseEpt(buf(toYaml([EPT_ROW])), 'application/yaml', 'o');
    const sniffed = await parseEpt(buf(toYaml([EPT_ROW])), 'text/plain', 'o');
    for (const rows of [json, yaml, sniffed]) expect(rows[0]).toMatchObject({ isin: 'ZZ0000000017', sri: 2, ongoingCost: 0.0025, kidPublicationDate: '2024-02-16' });
  });

  it('reads spreadsheet day numbers and month-first dates', async () => {
    const [serial] = await parseEpt(buf(JSON.stringify([{ ...EPT_ROW, '00070_PRIIPs_KID_Publication_Date': 45338 }])), 'application/json', 'o');
    expect(serial.kidPublicationDate).toBe('2024-02-16');
    const [us] = parseEptCsvRows(table([{ ...EPT_ROW, '00070_PRIIPs_KID_Publication_Date': '02/16/2024' }]), 'o');
    expect(us.kidPublicationDate).toBe('2024-02-16');
    const [none] = parseEptCsvRows(table([{ ...EPT_ROW, '00070_PRIIPs_KID_Publication_Date': 'soon' }]), 'o');
    expect(none.kidPublicationDate).toBe('');
  });

  it('reads a JSON envelope holding the records', async () => {
    const rows = await parseEpt(buf(JSON.stringify({ data: { rows: [EPT_ROW] } })), 'application/json', 'o');
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['an empty file', buf('')],
    ['prose', buf('Hello, this is not an EPT file.\nReally.')],
    ['a holdings CSV', buf('Name,Weight (%)\nA,1\n')],
    ['binary', Buffer.from([0, 1, 2, 3])],
    ['an EMT (no 00030 column)', table([{ '00001_EMT_Version': 'V4.3', '00010_Financial_Instrument_Identifying_Data': 'ZZ0000000017', '00030_Financial_Instrument_Name': 'X' }].map(({ '00030_Financial_Instrument_Name': _n, ...r }) => r))],
  ])('rejects %s', (_label, content) => {
    expect(() => parseEptCsvRows(content, 'o')).toThrow(UnreadableDocumentError);
  });

  it.each([
    ['invalid JSON', buf('[{"00030_x": '), 'application/json'],
    ['JSON without coded keys', buf('[{"isin": "X"}]'), 'application/json'],
    ['invalid YAML', buf('- a: [1, 2\n  b: }'), 'application/yaml'],
    ['a broken workbook', buf('PK\u0003\u0004nope'), XLSX_MEDIA_TYPE],
  ])('rejects %s', async (_label, content, type) => {
    await expect(parseEpt(content, type, 'o')).rejects.toThrow(UnreadableDocumentError);
  });
});

const EMT_ROW = {
  '00001_EMT_Version': 'V4.3',
  '00010_Financial_Instrument_Identifying_Data': 'ZZ0000000017',
  '00030_Financial_Instrument_Name': 'Sample Equity Fund A',
  '00040_Financial_Instrument_Currency': 'EUR',
  '00045_Financial_Instrument_Performance_Fee': 'N',
  '00050_General_Reference_Date': '2025-12-31',
  '00060_Financial_Instrument_Product_Type': 'U',
  '00070_Financial_Instrument_Manufacturer_Name': 'Sample Asset Management',
  '01010_Investor_Type_Retail': 'Y',
  '01020_Investor_Type_Professional': 'Y',
  '01030_Investor_Type_Eligible_Counterparty': 'Neutral',
  '02010_Basic_Investor': 'Y',
  '03020_Compatible_With_Clients_Who_Can_Bear_Limited_Capital_Loss': 'Y',
  '03030_Limited_Capital_Loss_Level': 0.5,
  '04010_Risk_Tolerance_PRIIPS_Methodology': 4,
  '04020_Risk_Tolerance_UCITS_Methodology': 5,
  '05020_Return_Profile_Client_Looking_For_Capital_Growth': 'yes',
  '05080_Minimum_Recommended_Holding_Period': 5,
  '05105_Does_This_Financial_Instrument_Consider_End_Client_Sustainability_Preferences': 'Neutral',
  '06030_Investment_Advice': 'R',
  '07020_Gross_One-off_Cost_Financial_Instrument_Maximum_Entry_Cost_Non_Acquired': 0.05,
  '07050_One-off_Costs_Financial_Instrument_Maximum_Exit_Cost_Non_Acquired': '',
  '07070_One-off_Costs_Financial_Instrument_Maximum_Exit_Cost_Acquired': 0.01,
  '07100_Financial_Instrument_Gross_Ongoing_Costs': 0.0115,
  '07110_Financial_Instrument_Management_Fee': 0.01,
  '07120_Financial_Instrument_Distribution_Fee': 0.0015,
  '07130_Financial_Instrument_Transaction_Costs_Ex_Ante': 0.0008,
  '07160_Ex_Ante_Costs_Reference_Date': '2025-12-31',
  '08030_Financial_Instrument_Ongoing_Costs_Ex_Post': 0.0112,
};

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
    const rows = await parseEmt(table([{ ...EMT_ROW, '00045_Financial_Instrument_Performance_Fee': 'Y', '07140_Financial_Instrument_Incidental_Costs_Ex_Ante': 0.002 }]), 'text/csv', 'o');
    expect(rows[0].costs.performanceFee).toBe(0.002);
  });

  it('rejects a file without 00010', () => {
    expect(() => parseEmtCsv(table([{ a_b: 1, '00030_Financial_Instrument_Name': 'x', '00040_Financial_Instrument_Currency': 'EUR', '00050_General_Reference_Date': 'x' }]), 'o')).toThrow(
      UnreadableDocumentError,
    );
  });
});

/** TPT rows share the portfolio fields; each adds its position fields. */
function tptRow(position: Record<string, string | number>, portfolio: Record<string, string | number> = {}): Record<string, string | number> {
  return {
    '1_Portfolio_identifying_data': 'ZZ0000000017',
    '3_Portfolio_name': 'Sample Bond Fund',
    '4_Portfolio_currency_(B)': 'EUR',
    '5_Net_asset_valuation_of_the_portfolio_or_the_share_class_in_portfolio_currency': 1000,
    '6_Valuation_date': '2025-08-29',
    '7_Reporting_date': '2025-09-05',
    '9_Cash_ratio': 0.05,
    '1000_TPT_Version': 'V7.0',
    ...portfolio,
    ...position,
  };
}

const TPT_POSITIONS: Record<string, string | number>[] = [
  { '12_CIC_code_of_the_instrument': 'DE12', '14_Identification_code_of_the_instrument': 'DE0001102580', '15_Type_of_identification_code_for_the_instrument': 1, '17_Instrument_name': 'Bund 0% 2032', '21_Quotation_currency_(A)': 'EUR', '24_Market_valuation_in_portfolio_currency_(B)': 300, '26_Valuation_weight': 0.3, '39_Maturity_date': '2032-02-15', '52_Issuer_country': 'DE', '59_Credit_quality_step': 0, '112_Credit_rating': 'AAA' },
  { '12_CIC_code_of_the_instrument': 'FR21', '14_Identification_code_of_the_instrument': 'FR0000000001', '15_Type_of_identification_code_for_the_instrument': 1, '17_Instrument_name': 'Corp 3% 2026', '21_Quotation_currency_(A)': 'EUR', '26_Valuation_weight': 0.25, '39_Maturity_date': '2026-08-28', '52_Issuer_country': 'FR', '112_Credit_rating': 'Baa2' },
  { '12_CIC_code_of_the_instrument': 'XS22', '14_Identification_code_of_the_instrument': 'XS0000000009', '15_Type_of_identification_code_for_the_instrument': 1, '17_Instrument_name': 'HY 7% 2045', '21_Quotation_currency_(A)': 'USD', '24_Market_valuation_in_portfolio_currency_(B)': 150, '39_Maturity_date': '2045-01-01', '52_Issuer_country': 'US', '59_Credit_quality_step': 4 },
  { '12_CIC_code_of_the_instrument': 'US31', '14_Identification_code_of_the_instrument': '037833100', '15_Type_of_identification_code_for_the_instrument': 2, '17_Instrument_name': 'Apple', '21_Quotation_currency_(A)': 'USD', '26_Valuation_weight': 0.2, '52_Issuer_country': 'US' },
  { '12_CIC_code_of_the_instrument': 'XL71', '17_Instrument_name': 'Cash EUR', '21_Quotation_currency_(A)': 'EUR', '26_Valuation_weight': 0.05, '52_Issuer_country': 'SE', '112_Credit_rating': 'AA' },
  { '12_CIC_code_of_the_instrument': 'XLF1', '17_Instrument_name': 'CDX HY', '21_Quotation_currency_(A)': 'USD', '26_Valuation_weight': 0.05, '30_Market_exposure_in_weight': 0.6, '39_Maturity_date': '2030-06-20', '52_Issuer_country': 'FR' },
  { '12_CIC_code_of_the_instrument': 'bad', '17_Instrument_name': 'Unknown thing', '26_Valuation_weight': '' },
];

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
    expect(report.positions[0]).toMatchObject({ isin: 'DE0001102580', cic: 'DE12', instrumentType: 'Government bonds', currency: 'EUR', issuerCountry: 'DE', creditRating: 'AAA', creditQualityStep: 0, maturityDate: '2032-02-15' });
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
    ['no position columns', table([{ '1_Portfolio_identifying_data': 'X', '3_Portfolio_name': 'Y', '4_Portfolio_currency_(B)': 'EUR' }])],
    ['positions without weights', table([tptRow({ '12_CIC_code_of_the_instrument': 'DE12', '26_Valuation_weight': '' }, { '5_Net_asset_valuation_of_the_portfolio_or_the_share_class_in_portfolio_currency': '' })])],
    ['an empty file', buf('')],
  ])('rejects %s', (_label, content) => {
    expect(() => parseTptCsv(content, 'o')).toThrow(UnreadableDocumentError);
  });
});

describe('cicCategory', () => {
  it.each([
    ['SE27', '2'],
    ['xl71', '7'],
    ['XLF1', 'F'],
    ['DE12', '1'],
    ['XT3L', '3'],
    ['SE2', null],
    ['SEG7', null],
    ['', null],
    [null, null],
  ])('%j → %j', (cic, expected) => {
    expect(cicCategory(cic)).toBe(expected);
  });

  it('labels every category 0-9 and A-F', () => {
    expect(Object.keys(CIC_CATEGORIES).sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F']);
  });
});

describe('ratingBucket', () => {
  it.each([
    ['AAA', 'AAA'],
    ['Aaa', 'AAA'],
    ['AA+', 'AA'],
    ['Aa3', 'AA'],
    ['A-', 'A'],
    ['A1', 'A'],
    ['BBB-', 'BBB'],
    ['Baa1', 'BBB'],
    ['BB+', 'BB'],
    ['Ba2', 'BB'],
    ['B', 'B'],
    ['B3', 'B'],
    ['CCC+', 'CCC and below'],
    ['Caa1', 'CCC and below'],
    ['D', 'CCC and below'],
    ['SD', 'CCC and below'],
    ['(P)Aa2', 'AA'],
    ['AA- sf', 'AA'],
    ['A+ (EXP)', 'A'],
    ['bbb', 'BBB'],
    ['NR', 'Not rated'],
    ['WR', 'Not rated'],
  ])('%s → %s', (rating, bucket) => {
    expect(ratingBucket(rating)).toBe(bucket);
  });

  it('falls back on the credit quality step', () => {
    expect(ratingBucket(null, 0)).toBe('AAA');
    expect(ratingBucket('', 3)).toBe('BBB');
    expect(ratingBucket('???', 6)).toBe('CCC and below');
    expect(ratingBucket(null, 9)).toBe('Not rated');
    expect(ratingBucket(null, null)).toBe('Not rated');
    expect(ratingBucket('AA', 5)).toBe('AA');
  });
});

describe('maturityBucket', () => {
  it.each([
    ['2025-08-29', '0-1y'],
    ['2020-01-01', '0-1y'],
    ['2026-08-28', '0-1y'],
    ['2026-08-30', '1-3y'],
    ['2028-08-28', '1-3y'],
    ['2028-08-30', '3-5y'],
    ['2030-08-30', '5-7y'],
    ['2032-08-30', '7-10y'],
    ['2035-08-29', '7-10y'],
    ['2035-08-31', '10y+'],
    ['2099-12-31', '10y+'],
  ])('from 2025-08-29 to %s → %s', (maturity, bucket) => {
    expect(maturityBucket('2025-08-29', maturity)).toBe(bucket);
  });

  it('gives null for unreadable dates', () => {
    expect(maturityBucket('2025-08-29', 'never')).toBeNull();
    expect(maturityBucket('', '2030-01-01')).toBeNull();
  });
});

describe('tptBreakdowns', () => {
  const position = (p: Partial<TptPosition>): TptPosition => ({
    name: 'x', identifier: null, isin: null, cic: null, instrumentType: null, weight: 0, exposureWeight: null, marketValue: null, currency: null,
    issuerName: null, issuerCountry: null, economicSector: null, creditRating: null, creditQualityStep: null, maturityDate: null, modifiedDuration: null, ...p,
  });

  it('leaves maturity empty without an as-of date and labels unknown CIC codes', () => {
    const b = tptBreakdowns([position({ cic: 'DE12', weight: 50, maturityDate: '2030-01-01' }), position({ cic: null, weight: 50 })], null);
    expect(b.maturity).toEqual([]);
    expect(b.instrument).toEqual([{ label: 'Government bonds', weight: 50 }, { label: 'Unclassified', weight: 50 }]);
    expect(b.creditQuality).toEqual([{ label: 'Not rated', weight: 50 }]);
    expect(b.country).toEqual([{ label: 'Other', weight: 100 }]);
  });

  it('gives empty breakdowns for no positions', () => {
    expect(tptBreakdowns([], '2025-01-01')).toEqual({ country: [], instrument: [], creditQuality: [], maturity: [], assetAllocation: [], currency: [] });
  });
});

describe('countryName', () => {
  it('names ISO codes and keeps unknown ones', () => {
    expect(countryName('SE')).toBe('Sweden');
    expect(countryName('gb')).toBe('United Kingdom');
    expect(countryName('XS')).toBe('XS');
    expect(countryName('ZZ')).toBe('ZZ');
  });
});

describe('kind detection', () => {
  it('tells EPT, EMT and TPT apart', async () => {
    expect(findatexKind(readFindatexCsv(table([EPT_ROW]), 'o'))).toBe('ept');
    expect(findatexKind(readFindatexCsv(table([EMT_ROW]), 'o'))).toBe('emt');
    expect(findatexKind(readFindatexCsv(table([tptRow(TPT_POSITIONS[0])]), 'o'))).toBe('tpt');
    expect((await parseFindatex(table([EPT_ROW]), 'text/csv', 'o')).kind).toBe('ept');
    expect((await parseFindatex(table([EMT_ROW]), 'text/csv', 'o')).kind).toBe('emt');
    expect((await parseFindatex(table([tptRow(TPT_POSITIONS[0])]), 'text/csv', 'o')).kind).toBe('tpt');
  });

  it('rejects a coded file of no known template', async () => {
    await expect(parseFindatex(table([{ '1_a': 1, '2_b': 2, '3_c': 3 }]), 'text/csv', 'o')).rejects.toThrow(UnreadableDocumentError);
  });
});

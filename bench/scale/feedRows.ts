/**
 * The contents of the synthetic feed (bench/scale/feed.ts writes them): one EPT row and one EMT row per share class,
 * and for the share classes with a fund folder their holdings as a FinDatEx TPT report and a NAV series, all derived
 * from the universe's fund (bench/universe/generate.ts) and its number, so that the same seed gives the same bytes.
 */
import type { FundHolding } from '../../src/domain/holdings';
import type { SyntheticFund } from '../universe/generate';

const ISO_CODES: Record<string, string> = {
  'United States': 'US',
  Canada: 'CA',
  'United Kingdom': 'GB',
  France: 'FR',
  Germany: 'DE',
  Switzerland: 'CH',
  Netherlands: 'NL',
  Spain: 'ES',
  Italy: 'IT',
  Sweden: 'SE',
  Denmark: 'DK',
  Japan: 'JP',
  Australia: 'AU',
  'Hong Kong': 'HK',
  Singapore: 'SG',
  China: 'CN',
  India: 'IN',
  Taiwan: 'TW',
  'Korea (South)': 'KR',
  Brazil: 'BR',
  Mexico: 'MX',
  'South Africa': 'ZA',
};

// ---------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------

export interface Dialect {
  delimiter: string;
  decimalComma: boolean;
}
export const COMMA: Dialect = { delimiter: ',', decimalComma: false };
export const SEMICOLON: Dialect = { delimiter: ';', decimalComma: true };

export function csvLine(cells: readonly (string | number | null)[], dialect: Dialect): string {
  return cells
    .map((cell) => {
      if (cell === null) return '';
      if (typeof cell === 'number') {
        const text = String(cell);
        return dialect.decimalComma ? text.replace('.', ',') : text;
      }
      return cell.includes(dialect.delimiter) || cell.includes('"') || cell.includes('\n')
        ? `"${cell.replace(/"/g, '""')}"`
        : cell;
    })
    .join(dialect.delimiter);
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

/** A deterministic fraction in [0, 1) for share class n and a salt: costs and flags vary without a stream. */
function fraction(n: number, salt: number): number {
  let h = Math.imul(n ^ salt, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  return ((h ^ (h >>> 13)) >>> 0) / 2 ** 32;
}

const ongoing = (fund: SyntheticFund) => Number.parseFloat(fund.data.costs.ongoing ?? '1') / 100;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** KID publication date: spread over the year before the universe's date, so newer files can supersede. */
function kidDate(fund: SyntheticFund): string {
  const asOf = fund.data.dataAsOf && ISO_DAY.test(fund.data.dataAsOf) ? fund.data.dataAsOf : '2026-10-31';
  const day = new Date(`${asOf}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - Math.floor(fraction(fund.number, 7) * 300));
  return day.toISOString().slice(0, 10);
}

export const EPT_HEADERS = [
  '00001_EPT_Version',
  '00002_EPT_Producer_Name',
  '00005_File_Generation_Date_And_Time',
  '00006_EPT_Data_Reporting_Narratives',
  '00007_EPT_Data_Reporting_Costs',
  '00010_Portfolio_Manufacturer_Name',
  '00015_Portfolio_Manufacturer_Group_Name',
  '00030_Portfolio_Identifying_Data',
  '00040_Type_Of_Identification_Code_For_The_Fund_Share_Or_Portfolio',
  '00050_Portfolio_Name',
  '00060_Portfolio_Or_Share_Class_Currency',
  '00070_PRIIPs_KID_Publication_Date',
  '00075_PRIIPs_KID_Web_Address',
  '00080_Portfolio_PRIIPs_Category',
  '00090_Fund_CIC_Code',
  '00120_Reference_Language',
  '01010_Valuation_Frequency',
  '01020_Portfolio_VEV_Reference',
  '01090_SRI',
  '01095_IS_SRI_Adjusted',
  '01100_MRM',
  '01110_CRM',
  '01120_Recommended_Holding_Period',
  '01140_Liquidity_Risk',
  '02010_Portfolio_Return_Unfavourable_Scenario_1_Year',
  '02030_Portfolio_Return_Unfavourable_Scenario_RHP_Or_First_Call_Date',
  '02040_Portfolio_Return_Moderate_Scenario_1_Year',
  '02060_Portfolio_Return_Moderate_Scenario_RHP_Or_First_Call_Date',
  '02070_Portfolio_Return_Favourable_Scenario_1_Year',
  '02090_Portfolio_Return_Favourable_Scenario_RHP_Or_First_Call_Date',
  '02100_Portfolio_Return_Stress_Scenario_1_Year',
  '02120_Portfolio_Return_Stress_Scenario_RHP_Or_First_Call_Date',
  '02220_Reference_Invested_Amount',
  '03010_One_Off_Cost_Portfolio_Entry_Cost',
  '03020_One_Off_Costs_Portfolio_Exit_Cost_At_RHP',
  '03030_One_Off_Costs_Portfolio_Exit_Cost_At_1_Year',
  '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs',
  '03080_Ongoing_Costs_Portfolio_Transaction_Costs',
  '03090_Existing_Incidental_Costs_Portfolio',
  '03095_Incidental_Costs_Portfolio_Performance_Fees_Carried_Interest',
  '04030_Intended_Target_Market_Retail_Investor_Portfolio',
  '04040_Investment_Objective_Portfolio',
  '07020_RIY_1_Year_Or_First_Call',
  '07060_RIY_RHP',
];

const CIC_BY_ASSET_CLASS: Record<string, string> = {
  Equity: 'XL41',
  'Fixed Income': 'XL42',
  'Money Market': 'XL43',
  'Multi Asset': 'XL44',
};

export function eptRow(fund: SyntheticFund): (string | number)[] {
  const n = fund.number;
  const facts = fund.data.keyFacts;
  const sri = fund.data.riskRating ?? 3;
  const rhp = sri <= 2 ? 1 + Math.floor(fraction(n, 3) * 2) : 3 + Math.floor(fraction(n, 3) * 5);
  const ter = ongoing(fund);
  const transaction = Math.round(ter * fraction(n, 11) * 0.3 * 1e6) / 1e6;
  const spread = 0.02 * sri;
  const entry = fraction(n, 13) < 0.6 ? Math.round(fraction(n, 17) * 50) / 1000 : 0;
  const manager = facts.manager ?? '';
  return [
    'V21',
    manager,
    '2026-11-02T06:00:00Z',
    'Y',
    'Y',
    manager,
    manager.split(' ')[0],
    fund.isin,
    1,
    fund.name,
    facts.currency ?? 'EUR',
    kidDate(fund),
    `https://documents.example.invalid/kid/${fund.isin}.pdf`,
    2,
    CIC_BY_ASSET_CLASS[facts.assetClass ?? ''] ?? 'XL49',
    ['eng', 'fra', 'deu', 'ita', 'spa'][n % 5],
    252,
    Math.round(spread * 0.9 * 1e4) / 1e4,
    sri,
    'N',
    Math.min(sri, 7),
    1,
    rhp,
    'L',
    -Math.round(spread * 4 * 1e3) / 1e3,
    -Math.round(spread * 1.5 * 1e3) / 1e3,
    Math.round(spread * 0.5 * 1e3) / 1e3,
    Math.round(spread * 0.8 * 1e3) / 1e3,
    Math.round(spread * 6 * 1e3) / 1e3,
    Math.round(spread * 2.2 * 1e3) / 1e3,
    -Math.round(spread * 7 * 1e3) / 1e3,
    -Math.round(spread * 3 * 1e3) / 1e3,
    10000,
    entry,
    0,
    0,
    Math.round(ter * 1e6) / 1e6,
    transaction,
    'N',
    '',
    'Retail investors with basic knowledge who can bear a loss of capital',
    fund.data.investmentObjective ?? '',
    Math.round((ter + transaction + entry) * 1e4) / 1e4,
    Math.round((ter + transaction + entry / rhp) * 1e4) / 1e4,
  ];
}

export const EMT_HEADERS = [
  '00001_EMT_Version',
  '00002_EMT_Producer_Name',
  '00006_EMT_Data_Reporting_Target_Market',
  '00010_Financial_Instrument_Identifying_Data',
  '00020_Type_Of_Identification_Code_For_The_Financial_Instrument',
  '00030_Financial_Instrument_Name',
  '00040_Financial_Instrument_Currency',
  '00045_Financial_Instrument_Performance_Fee',
  '00047_Financial_Instrument_Distribution_Of_Cash',
  '00050_General_Reference_Date',
  '00060_Financial_Instrument_Product_Type',
  '00070_Financial_Instrument_Manufacturer_Name',
  '00075_Financial_Instrument_Manufacturer_LEI',
  '01010_Investor_Type_Retail',
  '01020_Investor_Type_Professional',
  '01030_Investor_Type_Eligible_Counterparty',
  '02010_Basic_Investor',
  '02020_Informed_Investor',
  '02030_Advanced_Investor',
  '03010_Compatible_With_Clients_Who_Can_Not_Bear_Capital_Loss',
  '03020_Compatible_With_Clients_Who_Can_Bear_Limited_Capital_Loss',
  '03040_Compatible_With_Clients_Who_Do_Not_Need_Capital_Guarantee',
  '03050_Compatible_With_Clients_Who_Can_Bear_Loss_Beyond_Capital',
  '04010_Risk_Tolerance_PRIIPS_Methodology',
  '04020_Risk_Tolerance_UCITS_Methodology',
  '05010_Return_Profile_Client_Looking_For_Preservation',
  '05020_Return_Profile_Client_Looking_For_Capital_Growth',
  '05030_Return_Profile_Client_Looking_For_Income',
  '05080_Minimum_Recommended_Holding_Period',
  '05105_Does_This_Financial_Instrument_Consider_End_Client_Sustainability_Preferences',
  '06010_Execution_Only',
  '06020_Execution_With_Appropriateness_Test_Or_Non_Advised_Services',
  '06030_Investment_Advice',
  '06040_Portfolio_Management',
  '07020_Gross_One-off_Cost_Financial_Instrument_Maximum_Entry_Cost_Non_Acquired',
  '07050_One-off_Costs_Financial_Instrument_Maximum_Exit_Cost_Non_Acquired',
  '07100_Financial_Instrument_Gross_Ongoing_Costs',
  '07110_Financial_Instrument_Management_Fee',
  '07120_Financial_Instrument_Distribution_Fee',
  '07130_Financial_Instrument_Transaction_Costs_Ex_Ante',
  '07140_Financial_Instrument_Incidental_Costs_Ex_Ante',
  '07160_Ex_Ante_Costs_Reference_Date',
  '08030_Financial_Instrument_Ongoing_Costs_Ex_Post',
  '08070_Financial_Instrument_Transaction_Costs_Ex_Post',
];

export function emtRow(fund: SyntheticFund): (string | number)[] {
  const n = fund.number;
  const facts = fund.data.keyFacts;
  const sri = fund.data.riskRating ?? 3;
  const ter = ongoing(fund);
  const distribution = Math.round(ter * 0.3 * 1e6) / 1e6;
  const transaction = Math.round(ter * fraction(n, 11) * 0.3 * 1e6) / 1e6;
  const growth = facts.distribution === 'Accumulating';
  const referenceDate = '2026-09-30';
  return [
    'V4.3',
    facts.manager ?? '',
    'Y',
    fund.isin,
    1,
    fund.name,
    facts.currency ?? 'EUR',
    fraction(n, 19) < 0.15 ? 'Y' : 'N',
    growth ? 'N' : 'Y',
    referenceDate,
    'U',
    facts.manager ?? '',
    '',
    'Y',
    'Y',
    'Neutral',
    sri <= 4 ? 'Y' : 'N',
    'Y',
    'Y',
    sri === 1 ? 'Y' : 'N',
    'Y',
    'Y',
    'N',
    sri,
    Math.min(7, sri + (fraction(n, 23) < 0.3 ? 1 : 0)),
    sri <= 2 ? 'Y' : 'N',
    growth ? 'Y' : 'Neutral',
    growth ? 'Neutral' : 'Y',
    sri <= 2 ? 1 : 5,
    fund.data.sfdrArticle === 8 || fund.data.sfdrArticle === 9 ? 'Y' : 'N',
    'Retail',
    'Both',
    'Both',
    'Both',
    Math.round(fraction(n, 29) * 50) / 1000,
    0,
    Math.round((ter + transaction) * 1e6) / 1e6,
    Math.round((ter - distribution) * 1e6) / 1e6,
    distribution,
    transaction,
    0,
    referenceDate,
    Math.round(ter * (0.95 + fraction(n, 31) * 0.1) * 1e6) / 1e6,
    Math.round(transaction * 1.1 * 1e6) / 1e6,
  ];
}

// ---------------------------------------------------------------------------------------------
// Fund folders: TPT holdings and NAV
// ---------------------------------------------------------------------------------------------

const TPT_HEADERS = [
  '1000_TPT_Version',
  '1_Portfolio_identifying_data',
  '2_Type_of_identification_code_for_the_fund_share_or_portfolio',
  '3_Portfolio_name',
  '4_Portfolio_currency_(B)',
  '5_Net_asset_valuation_of_the_portfolio_or_the_share_class_in_portfolio_currency',
  '6_Valuation_date',
  '7_Reporting_date',
  '9_Cash_ratio',
  '12_CIC_code_of_the_instrument',
  '14_Identification_code_of_the_instrument',
  '15_Type_of_identification_code_for_the_instrument',
  '17_Instrument_name',
  '21_Quotation_currency_(A)',
  '24_Market_valuation_in_portfolio_currency_(B)',
  '26_Valuation_weight',
  '46_Issuer_name',
  '52_Issuer_country',
  '112_Credit_rating',
];

/** CIC category of a holding: 1 government bond, 2 corporate bond, 3 equity, 7 cash (73 money market). */
function cicOf(holding: FundHolding, country: string): string {
  if (holding.assetClass === 'Cash') return 'XT71';
  if (holding.assetClass === 'Equity') return `${country}31`;
  if (holding.assetClass === 'Money Market') return `${country}73`;
  return holding.sector === 'Government' ? `${country}12` : `${country}21`;
}

export function tptFile(fund: SyntheticFund): string {
  const nav = 1e6 * (20 + fraction(fund.number, 37) * 8000);
  const cash = fund.holdings.holdings.filter((h) => h.assetClass === 'Cash').reduce((s, h) => s + h.weight, 0);
  const portfolio = [
    'V7.0',
    fund.isin,
    1,
    fund.name,
    fund.data.keyFacts.currency ?? 'EUR',
    Math.round(nav),
    fund.holdings.asOf ?? '',
    fund.holdings.asOf ?? '',
    Math.round(cash * 100) / 1e4,
  ];
  const lines = fund.holdings.holdings.map((h) => {
    const country = ISO_CODES[h.country ?? ''] ?? 'XT';
    return csvLine(
      [
        ...portfolio,
        cicOf(h, country),
        h.isin ?? '',
        h.isin ? 1 : '',
        h.name,
        h.currency ?? '',
        Math.round((nav * h.weight) / 100),
        Math.round(h.weight * 1e4) / 1e6,
        h.issuer ?? '',
        country === 'XT' ? '' : country,
        '',
      ],
      COMMA,
    );
  });
  return [csvLine(TPT_HEADERS, COMMA), ...lines].join('\r\n') + '\r\n';
}

/** A daily NAV series on business days up to the universe's date: a random walk with the fund's risk. */
export function navFile(fund: SyntheticFund, days: number): string {
  const end = new Date(`${fund.holdings.asOf ?? '2026-10-31'}T00:00:00Z`);
  const dates: string[] = [];
  for (const day = new Date(end); dates.length < days; day.setUTCDate(day.getUTCDate() - 1)) {
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) dates.push(day.toISOString().slice(0, 10));
  }
  dates.reverse();
  const volatility = 0.002 * (fund.data.riskRating ?? 3);
  let nav = 100;
  const lines = dates.map((date, i) => {
    nav *= 1 + volatility * (fraction(fund.number * 8191 + i, 41) * 2 - 1) + 0.0002;
    return `${date},${nav.toFixed(4)}`;
  });
  return ['Date,NAV', ...lines].join('\n') + '\n';
}

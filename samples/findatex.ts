import fs from 'node:fs/promises';
import path from 'node:path';

import { sampleIsin } from './funds';
import { xlsx } from './xlsx';

/**
 * The library's FinDatEx folder (`findatex/`): one EPT file (XLSX) and one EMT file (CSV, semicolons
 * and decimal commas, as European exports come) for a small universe of share classes that have no
 * fund folder of their own, so `npm start` shows funds known from these files alone. Fictional like
 * the rest of the library: ZZ ISINs after the 40 funds', names that say they are samples.
 */

export interface FindatexSampleClass {
  isin: string;
  name: string;
  currency: string;
  /** Solvency II CIC of the fund itself (category 4: 41 equity, 42 debt, 44 allocation). */
  fundCic: string;
  sri: number;
  srri: number;
  rhpYears: number;
  costs: { entry: number; exit: number; ongoing: number; transaction: number; performanceFee: number };
  /** EMT answers: retail Y/N/Neutral, knowledge basic/informed/advanced, return profile growth/income. */
  retail: 'Y' | 'N' | 'Neutral';
  basicInvestor: 'Y' | 'N';
  income: 'Y' | 'N' | 'Neutral';
}

export const FINDATEX_SAMPLE_MANAGER = 'Sample FinDatEx Asset Management';
/** The files' own dates: EPT 00070 KID publication date, EMT 00050 general reference date. */
export const FINDATEX_SAMPLE_DATE = '2026-10-30';
export const FINDATEX_SAMPLE_FILES = {
  ept: `EPT_sample-universe_${FINDATEX_SAMPLE_DATE}.xlsx`,
  emt: `EMT_sample-universe_${FINDATEX_SAMPLE_DATE}.csv`,
} as const;

const THEMES: [theme: string, cic: string][] = [
  ['Global Equity', 'XL41'],
  ['Euro Government Bond', 'XL42'],
  ['Balanced Allocation', 'XL44'],
  ['Small Cap Equity', 'XL41'],
  ['Short Duration Credit', 'XL42'],
  ['Cautious Allocation', 'XL44'],
];
const CURRENCIES = ['EUR', 'USD', 'EUR', 'GBP', 'CHF', 'EUR'];

/** Six share classes numbered after the 40 library funds (ZZSMPL00101 onwards). */
export function findatexSampleClasses(): FindatexSampleClass[] {
  return THEMES.map(([theme, fundCic], i) => {
    const equity = fundCic === 'XL41';
    const sri = equity ? 4 + (i % 2) : fundCic === 'XL42' ? 2 : 3;
    return {
      isin: sampleIsin(101 + i),
      name: `Sample FinDatEx ${theme} Fund ${i % 2 ? 'Dist' : 'Acc'}`,
      currency: CURRENCIES[i],
      fundCic,
      sri,
      srri: Math.min(7, sri + 1),
      rhpYears: equity ? 5 : fundCic === 'XL42' ? 3 : 4,
      costs: {
        entry: equity ? 0.03 : 0.01,
        exit: 0,
        ongoing: round(0.0035 + 0.0011 * i),
        transaction: round(0.0004 + 0.0001 * i),
        performanceFee: i === 3 ? 0.0015 : 0,
      },
      retail: i === 4 ? 'Neutral' : 'Y',
      basicInvestor: equity ? 'N' : 'Y',
      income: i % 2 ? 'Y' : 'N',
    };
  });
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

const EPT_COLUMNS = [
  '00001_EPT_Version',
  '00010_Portfolio_Manufacturer_Name',
  '00030_Portfolio_Identifying_Data',
  '00040_Type_Of_Identification_Code_For_The_Fund_Share_Or_Portfolio',
  '00050_Portfolio_Name',
  '00060_Portfolio_Or_Share_Class_Currency',
  '00070_PRIIPs_KID_Publication_Date',
  '00080_Portfolio_PRIIPs_Category',
  '00090_Fund_CIC_Code',
  '01090_SRI',
  '01100_MRM',
  '01120_Recommended_Holding_Period',
  '03010_One_Off_Cost_Portfolio_Entry_Cost',
  '03020_One_Off_Costs_Portfolio_Exit_Cost_At_RHP',
  '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs',
  '03080_Ongoing_Costs_Portfolio_Transaction_Costs',
  '03090_Existing_Incidental_Costs_Portfolio',
  '03095_Incidental_Costs',
];

/** The EPT as an XLSX workbook: numbers as numbers, dates as ISO text (what the template asks). */
export function sampleEptXlsx(classes = findatexSampleClasses()): Buffer {
  const rows = classes.map((c) => [
    'V21',
    FINDATEX_SAMPLE_MANAGER,
    c.isin,
    1,
    c.name,
    c.currency,
    FINDATEX_SAMPLE_DATE,
    2,
    c.fundCic,
    c.sri,
    c.sri,
    c.rhpYears,
    c.costs.entry,
    c.costs.exit,
    c.costs.ongoing,
    c.costs.transaction,
    c.costs.performanceFee > 0 ? 'Y' : 'N',
    c.costs.performanceFee || null,
  ]);
  return xlsx([EPT_COLUMNS, ...rows], 'EPT');
}

const EMT_COLUMNS = [
  '00001_EMT_Version',
  '00010_Financial_Instrument_Identifying_Data',
  '00020_Type_Of_Identification_Code_For_The_Financial_Instrument',
  '00030_Financial_Instrument_Name',
  '00040_Financial_Instrument_Currency',
  '00045_Financial_Instrument_Performance_Fee',
  '00050_General_Reference_Date',
  '00060_Financial_Instrument_Product_Type',
  '00070_Financial_Instrument_Manufacturer_Name',
  '01010_Investor_Type_Retail',
  '01020_Investor_Type_Professional',
  '01030_Investor_Type_Eligible_Counterparty',
  '02010_Basic_Investor',
  '02020_Informed_Investor',
  '02030_Advanced_Investor',
  '03010_Compatible_With_Clients_Who_Can_Not_Bear_Capital_Loss',
  '03020_Compatible_With_Clients_Who_Can_Bear_Limited_Capital_Loss',
  '03030_Limited_Capital_Loss_Level',
  '03040_Compatible_With_Clients_Who_Do_Not_Need_Capital_Guarantee',
  '03050_Compatible_With_Clients_Who_Can_Bear_Loss_Beyond_Capital',
  '04010_Risk_Tolerance_PRIIPS_Methodology',
  '04020_Risk_Tolerance_UCITS_Methodology',
  '05010_Return_Profile_Client_Looking_For_Preservation',
  '05020_Return_Profile_Client_Looking_For_Capital_Growth',
  '05030_Return_Profile_Client_Looking_For_Income',
  '05040_Return_Profile_Hedging',
  '05050_Option_Or_Leveraged_Return_Profile',
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
  '07130_Financial_Instrument_Transaction_Costs_Ex_Ante',
  '07140_Financial_Instrument_Incidental_Costs_Ex_Ante',
  '07160_Ex_Ante_Costs_Reference_Date',
];

/** The EMT as a semicolon CSV with decimal commas. */
export function sampleEmtCsv(classes = findatexSampleClasses()): string {
  const num = (x: number) => String(x).replace('.', ',');
  const rows = classes.map((c) => [
    'V4.3',
    c.isin,
    1,
    c.name,
    c.currency,
    c.costs.performanceFee > 0 ? 'Y' : 'N',
    FINDATEX_SAMPLE_DATE,
    'U',
    FINDATEX_SAMPLE_MANAGER,
    c.retail,
    'Y',
    'Y',
    c.basicInvestor,
    'Y',
    'Y',
    'N',
    'Y',
    '',
    'Y',
    'N',
    c.sri,
    c.srri,
    'N',
    'Y',
    c.income,
    'N',
    'N',
    num(c.rhpYears),
    'Neutral',
    'B',
    'B',
    'B',
    'B',
    num(c.costs.entry),
    num(c.costs.exit),
    num(c.costs.ongoing),
    num(round(c.costs.ongoing * 0.8)),
    num(c.costs.transaction),
    num(c.costs.performanceFee),
    FINDATEX_SAMPLE_DATE,
  ]);
  return `${[EMT_COLUMNS, ...rows].map((r) => r.join(';')).join('\n')}\n`;
}

/** Writes `<root>/findatex/` (deterministic bytes); returns how many share classes it covers. */
export async function writeFindatexSamples(root: string): Promise<number> {
  const classes = findatexSampleClasses();
  const dir = path.join(root, 'findatex');
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, FINDATEX_SAMPLE_FILES.ept), sampleEptXlsx(classes));
  await fs.writeFile(path.join(dir, FINDATEX_SAMPLE_FILES.emt), sampleEmtCsv(classes));
  return classes.length;
}

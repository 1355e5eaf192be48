import { parse as parseYaml } from 'yaml';
import { UnreadableDocumentError } from '../types';
import { CASH_AND_DERIVATIVES, XLSX_MEDIA_TYPE, cellText, isZip, isinOrNull, sumByLabel, xlsxSheets, type Cell, type Exposure, type Holding } from './holdings';
import { decodeText, inferDecimalComma, parseDate, parseDecimal, readCsvRows } from './values';

/**
 * FinDatEx templates: EPT (PRIIPs data, one row per share class), EMT (MiFID target market and
 * costs, one row per share class) and TPT (Solvency II look-through, one row per position).
 *
 * Every template names its columns "<code>_<Name>" (00030_Portfolio_Identifying_Data,
 * 26_Valuation_weight). Names drift between versions (V2.0 spells one "Carried _Interest") while
 * the numeric codes stay, so columns are matched on the code alone. The codes below were checked
 * against the official definitions (EPT V2.0 and V2.1, EMT V4.1 and V4.3, TPT V7, which keeps the
 * V6 codes); test/realdocs-files.test.ts re-checks them against those files.
 */

// ---------------------------------------------------------------------------------------------
// Field codes
// ---------------------------------------------------------------------------------------------

export const EPT_FIELDS = {
  version: '00001', // 00001_EPT_Version
  manager: '00010', // 00010_Portfolio_Manufacturer_Name
  isin: '00030', // 00030_Portfolio_Identifying_Data
  name: '00050', // 00050_Portfolio_Name
  currency: '00060', // 00060_Portfolio_Or_Share_Class_Currency
  kidPublicationDate: '00070', // 00070_PRIIPs_KID_Publication_Date
  priipsCategory: '00080', // 00080_Portfolio_PRIIPs_Category
  fundCic: '00090', // 00090_Fund_CIC_Code
  sri: '01090', // 01090_SRI
  mrm: '01100', // 01100_MRM
  rhp: '01120', // 01120_Recommended_Holding_Period (years, not necessarily whole)
  entry: '03010', // 03010_One_Off_Cost_Portfolio_Entry_Cost
  exitAtRhp: '03020', // 03020_One_Off_Costs_Portfolio_Exit_Cost_At_RHP
  exitAt1Year: '03030', // 03030_One_Off_Costs_Portfolio_Exit_Cost_At_1_Year
  ongoing: '03060', // 03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs
  transaction: '03080', // 03080_Ongoing_Costs_Portfolio_Transaction_Costs
  hasIncidental: '03090', // 03090_Existing_Incidental_Costs_Portfolio (Y/N)
  incidental: '03095', // 03095_Incidental_Costs (performance fees and carried interest)
  riy1y: '07020', // 07020_RIY_1_Year_Or_First_Call
  riyRhp: '07060', // 07060_RIY_RHP
  incidentalStructured: '07110', // 07110_Incidental_Costs_Portfolio_Performance_Fees_Carried_Interest
  ucitsSrri: '08170', // 08170_UCITS_SRRI (V2.1)
  ucitsOngoingCharges: '08180', // 08180_UCITS_Ongoing_Charges (V2.1)
  ucitsHasPerformanceFee: '08190', // 08190_UCITS_Existing_Performance_Fees (V2.1)
  ucitsPerformanceFee: '08200', // 08200_UCITS_Performance_Fees (V2.1)
} as const;

export const EMT_FIELDS = {
  version: '00001', // 00001_EMT_Version
  isin: '00010', // 00010_Financial_Instrument_Identifying_Data
  name: '00030', // 00030_Financial_Instrument_Name
  currency: '00040', // 00040_Financial_Instrument_Currency
  hasPerformanceFee: '00045', // 00045_Financial_Instrument_Performance_Fee (Y/N)
  referenceDate: '00050', // 00050_General_Reference_Date
  productType: '00060', // 00060_Financial_Instrument_Product_Type
  manager: '00070', // 00070_Financial_Instrument_Manufacturer_Name
  retail: '01010', // 01010_Investor_Type_Retail
  professional: '01020', // 01020_Investor_Type_Professional
  eligibleCounterparty: '01030', // 01030_Investor_Type_Eligible_Counterparty
  basicInvestor: '02010', // 02010_Basic_Investor
  informedInvestor: '02020', // 02020_Informed_Investor
  advancedInvestor: '02030', // 02030_Advanced_Investor
  noCapitalLoss: '03010', // 03010_Compatible_With_Clients_Who_Can_Not_Bear_Capital_Loss
  limitedCapitalLoss: '03020', // 03020_Compatible_With_Clients_Who_Can_Bear_Limited_Capital_Loss
  limitedCapitalLossLevel: '03030', // 03030_Limited_Capital_Loss_Level
  noCapitalGuarantee: '03040', // 03040_Compatible_With_Clients_Who_Do_Not_Need_Capital_Guarantee
  lossBeyondCapital: '03050', // 03050_Compatible_With_Clients_Who_Can_Bear_Loss_Beyond_Capital
  riskTolerancePriips: '04010', // 04010_Risk_Tolerance_PRIIPS_Methodology (SRI 1-7)
  riskToleranceUcits: '04020', // 04020_Risk_Tolerance_UCITS_Methodology (SRRI 1-7)
  preservation: '05010', // 05010_Return_Profile_Client_Looking_For_Preservation
  growth: '05020', // 05020_Return_Profile_Client_Looking_For_Capital_Growth
  income: '05030', // 05030_Return_Profile_Client_Looking_For_Income
  hedging: '05040', // 05040_Return_Profile_Hedging
  leveraged: '05050', // 05050_Option_Or_Leveraged_Return_Profile
  holdingPeriod: '05080', // 05080_Minimum_Recommended_Holding_Period (years or V/S/M/L/H)
  sustainabilityPreferences: '05105', // 05105_Does_This_Financial_Instrument_Consider_End_Client_Sustainability_Preferences
  executionOnly: '06010', // 06010_Execution_Only
  nonAdvised: '06020', // 06020_Execution_With_Appropriateness_Test_Or_Non_Advised_Services
  investmentAdvice: '06030', // 06030_Investment_Advice
  portfolioManagement: '06040', // 06040_Portfolio_Management
  entryMax: '07020', // 07020_Gross_One-off_Cost_Financial_Instrument_Maximum_Entry_Cost_Non_Acquired
  entryAcquired: '07040', // 07040_One-off_Cost_Financial_Instrument_Maximum_Entry_Cost_Acquired
  exitMax: '07050', // 07050_One-off_Costs_Financial_Instrument_Maximum_Exit_Cost_Non_Acquired
  exitAcquired: '07070', // 07070_One-off_Costs_Financial_Instrument_Maximum_Exit_Cost_Acquired
  ongoing: '07100', // 07100_Financial_Instrument_Gross_Ongoing_Costs
  managementFee: '07110', // 07110_Financial_Instrument_Management_Fee
  distributionFee: '07120', // 07120_Financial_Instrument_Distribution_Fee
  transaction: '07130', // 07130_Financial_Instrument_Transaction_Costs_Ex_Ante
  incidental: '07140', // 07140_Financial_Instrument_Incidental_Costs_Ex_Ante (includes performance fees)
  costsReferenceDate: '07160', // 07160_Ex_Ante_Costs_Reference_Date
  ongoingExPost: '08030', // 08030_Financial_Instrument_Ongoing_Costs_Ex_Post
  transactionExPost: '08070', // 08070_Financial_Instrument_Transaction_Costs_Ex_Post
  incidentalExPost: '08080', // 08080_Financial_Instrument_Incidental_Costs_Ex_Post
} as const;

export const TPT_FIELDS = {
  portfolioId: '1', // 1_Portfolio_identifying_data
  portfolioName: '3', // 3_Portfolio_name
  portfolioCurrency: '4', // 4_Portfolio_currency_(B)
  netAssets: '5', // 5_Net_asset_valuation_of_the_portfolio_or_the_share_class_in_portfolio_currency
  valuationDate: '6', // 6_Valuation_date
  reportingDate: '7', // 7_Reporting_date
  cashRatio: '9', // 9_Cash_ratio (1 = 100%)
  portfolioDuration: '10', // 10_Portfolio_modified_duration
  cic: '12', // 12_CIC_code_of_the_instrument
  instrumentId: '14', // 14_Identification_code_of_the_instrument
  instrumentName: '17', // 17_Instrument_name
  quotationCurrency: '21', // 21_Quotation_currency_(A)
  marketValuePc: '24', // 24_Market_valuation_in_portfolio_currency_(B)
  weight: '26', // 26_Valuation_weight (1 = 100%)
  exposureWeight: '30', // 30_Market_exposure_in_weight (1 = 100%)
  maturityDate: '39', // 39_Maturity_date
  issuerName: '46', // 46_Issuer_name
  issuerCountry: '52', // 52_Issuer_country (ISO 3166-1 alpha-2)
  economicSector: '54', // 54_Economic_sector (NACE)
  creditQualityStep: '59', // 59_Credit_quality_step (0-6, 9 = no rating)
  modifiedDuration: '90', // 90_Modified_duration_to_maturity_date
  creditRating: '112', // 112_Credit_rating
  version: '1000', // 1000_TPT_Version
} as const;

// ---------------------------------------------------------------------------------------------
// Reading any FinDatEx file into a table keyed by field code
// ---------------------------------------------------------------------------------------------

export interface FindatexTable {
  /** Header cells as printed. */
  headers: string[];
  /** Field code ("00030", "26", "8b") → column index. */
  columns: Map<string, number>;
  rows: Cell[][];
  /** Whether text numbers in this file use a decimal comma (European CSV exports). */
  decimalComma: boolean;
}

const FIELD_CODE = /^\s*(\d{1,5}[a-z]?)_[A-Za-z]/i;

/** "00030_Portfolio_Identifying_Data" → "00030", "8b_Total_number_of_shares" → "8b"; null for other headers. */
export function fieldCode(header: unknown): string | null {
  const m = typeof header === 'string' ? FIELD_CODE.exec(header) : null;
  return m ? m[1].toLowerCase() : null;
}

/** A data file's header row names at least this many template fields (template definitions name one per row). */
const MIN_CODED_HEADERS = 3;
const HEADER_SCAN_ROWS = 20;

/** Builds a table from rows whose header (found in the first rows) carries field codes. */
export function tableFromRows(rows: Cell[][], origin: string, decimalComma = false): FindatexTable {
  let headerIndex = -1;
  let bestCount = MIN_CODED_HEADERS - 1;
  for (let i = 0; i < Math.min(rows.length, HEADER_SCAN_ROWS); i++) {
    const count = rows[i].filter((c) => fieldCode(c) !== null).length;
    if (count > bestCount) {
      headerIndex = i;
      bestCount = count;
    }
  }
  if (headerIndex < 0) throw new UnreadableDocumentError(origin, 'no FinDatEx header (field codes such as 00030_... or 26_...)');
  const headers = rows[headerIndex].map(cellText);
  const columns = new Map<string, number>();
  headers.forEach((h, i) => {
    const code = fieldCode(h);
    if (code !== null && !columns.has(code)) columns.set(code, i);
  });
  const body = rows.slice(headerIndex + 1).filter((r) => r.some((c) => cellText(c).trim() !== ''));
  return { headers, columns, rows: body, decimalComma };
}

/** JSON or YAML renderings: an array of records keyed by field names (or an envelope holding one). */
export function tableFromRecords(doc: unknown, origin: string): FindatexTable {
  const records = findRecordArray(doc);
  if (!records) throw new UnreadableDocumentError(origin, 'no FinDatEx records (objects keyed by field codes)');
  const headers = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const rows = records.map((r) => headers.map((h) => toCell(r[h])));
  return tableFromRows([headers, ...rows], origin);
}

function findRecordArray(doc: unknown, depth = 0): Record<string, unknown>[] | null {
  if (depth > 4 || doc === null || typeof doc !== 'object') return null;
  if (Array.isArray(doc)) {
    const records = doc.filter((d): d is Record<string, unknown> => d !== null && typeof d === 'object' && !Array.isArray(d));
    if (records.length > 0 && records.some((r) => Object.keys(r).filter((k) => fieldCode(k)).length >= MIN_CODED_HEADERS)) return records;
    return null;
  }
  if (Object.keys(doc).filter((k) => fieldCode(k)).length >= MIN_CODED_HEADERS) return [doc as Record<string, unknown>];
  for (const value of Object.values(doc)) {
    const found = findRecordArray(value, depth + 1);
    if (found) return found;
  }
  return null;
}

function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  return JSON.stringify(value);
}

type Format = 'csv' | 'xlsx' | 'json' | 'yaml';

/** Media type first; generic types are sniffed from the bytes. */
function formatOf(content: Buffer, mediaType: string): Format {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  if (type === XLSX_MEDIA_TYPE || isZip(content)) return 'xlsx';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type.includes('yaml')) return 'yaml';
  if (type === 'text/csv' || type === 'application/csv' || type === 'text/tab-separated-values') return 'csv';
  const head = decodeText(content.subarray(0, 512)).trimStart();
  if (head.startsWith('[') || head.startsWith('{')) return 'json';
  if (/^(-\s+)?["']?\d{1,5}[a-z]?_[A-Za-z][^,;\t\n]*["']?\s*:/.test(head)) return 'yaml';
  return 'csv';
}

const NUMBER_LIKE = /^[-+(]?\d[\d\s.,']*%?\)?$/;

/** Synchronous CSV reading (the delimiter and the decimal mark are detected). */
export function readFindatexCsv(content: Buffer, origin: string): FindatexTable {
  const { rows, delimiter } = readCsvRows(content, origin);
  const table = tableFromRows(rows, origin);
  // Only number-looking cells vote: names and narratives carry commas of their own.
  table.decimalComma = inferDecimalComma(table.rows.flat().filter((c) => typeof c === 'string' && NUMBER_LIKE.test(c.trim())), delimiter);
  return table;
}

/** Any supported rendering (CSV, XLSX, JSON, YAML) into a table. */
export async function readFindatexTable(content: Buffer, mediaType: string, origin: string): Promise<FindatexTable> {
  if (content.length === 0) throw new UnreadableDocumentError(origin, 'empty file');
  switch (formatOf(content, mediaType)) {
    case 'xlsx':
      return firstSheetWithTable(content, origin);
    case 'json':
      return tableFromRecords(parseText(content, origin, (t) => JSON.parse(t)), origin);
    case 'yaml':
      return tableFromRecords(parseText(content, origin, (t) => parseYaml(t)), origin);
    default:
      return readFindatexCsv(content, origin);
  }
}

async function firstSheetWithTable(content: Buffer, origin: string): Promise<FindatexTable> {
  for await (const rows of xlsxSheets(content, origin)) {
    try {
      return tableFromRows(rows, origin);
    } catch {
      // Workbooks carry cover or notes sheets; the data sheet is the one with coded headers.
    }
  }
  throw new UnreadableDocumentError(origin, 'no sheet with a FinDatEx header');
}

function parseText(content: Buffer, origin: string, parser: (text: string) => unknown): unknown {
  try {
    return parser(decodeText(content));
  } catch (err) {
    throw new UnreadableDocumentError(origin, `unparseable document (${(err as Error).message})`);
  }
}

// ---------------------------------------------------------------------------------------------
// Typed cell access
// ---------------------------------------------------------------------------------------------

/** Reads one row's cells by field code with the file's number conventions. */
class RowReader {
  constructor(private readonly table: FindatexTable, private readonly row: Cell[]) {}

  cell(code: string): Cell {
    const index = this.table.columns.get(code);
    return index === undefined ? null : this.row[index];
  }

  text(code: string): string | null {
    const value = cellText(this.cell(code)).trim().replace(/^"(.*)"$/, '$1').trim();
    return value === '' ? null : value;
  }

  number(code: string): number | null {
    const cell = this.cell(code);
    return typeof cell === 'number' ? parseDecimal(cell) : parseDecimal(cellText(cell), { decimalComma: this.table.decimalComma });
  }

  /** Y/N flags; "Neutral" and other codes are kept as printed (upper-cased). */
  flag(code: string): string | null {
    const value = this.text(code);
    if (value === null) return null;
    if (/^(y|yes|true)$/i.test(value)) return 'Y';
    if (/^(n|no|false)$/i.test(value)) return 'N';
    return /^neutral$/i.test(value) ? 'Neutral' : value.toUpperCase();
  }

  integerIn(code: string, min: number, max: number): number | null {
    const n = this.number(code);
    return n !== null && Number.isInteger(n) && n >= min && n <= max ? n : null;
  }

  date(code: string): string | null {
    const cell = this.cell(code);
    if (cell instanceof Date) return parseDate(cell);
    if (typeof cell === 'number') return excelSerialDate(cell);
    // The templates ask for ISO 8601; a numeric date that cannot be day-first (02/16/2024) is month-first.
    return parseDate(cellText(cell), 'dmy') ?? parseDate(cellText(cell), 'mdy');
  }

  /** Years as a number: 5, "5", "2,5", "5 years", "5Y". */
  years(code: string): number | null {
    const direct = this.number(code);
    if (direct !== null) return direct;
    const m = /^(\d+(?:[.,]\d+)?)\s*(y|yr|yrs|year|years|ans?|jahre?)$/i.exec(this.text(code) ?? '');
    return m ? Number(m[1].replace(',', '.')) : null;
  }
}

/** Spreadsheet day numbers (1900 system) for cells stored as plain numbers; 20000-80000 spans 1954-2119. */
function excelSerialDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 20000 || serial > 80000) return null;
  return new Date(Date.UTC(1899, 11, 30) + Math.round(serial) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A share-class identifier (ISIN first, else CUSIP, ticker or an internal code, per 00040/00020),
 * upper-cased. Identifiers have no spaces: a cell with spaces is a label row some producers put
 * under the field codes ("Portfolio identifying data"), not a share class.
 */
function identifier(raw: string | null): string | null {
  const value = raw?.trim().toUpperCase() ?? '';
  return value !== '' && !/\s/.test(value) ? value : null;
}

/**
 * The SFDR article (6, 8 or 9) from any column named for the SFDR product type or article. EPT
 * and EMT V4 have no such field (it lives in the EET), but producers append it to their exports,
 * so the column is recognised by name rather than by a code.
 */
function sfdrArticle(table: FindatexTable, row: Cell[]): number | null {
  const index = table.headers.findIndex((h) => /sfdr/i.test(h) && /(product_?type|article|classification|categor)/i.test(h));
  if (index < 0) return null;
  const m = /(?:^|\D)([689])(?:\D|$)/.exec(cellText(row[index]));
  return m ? Number(m[1]) : null;
}

// ---------------------------------------------------------------------------------------------
// EPT
// ---------------------------------------------------------------------------------------------

/** The EPT fields the service uses. Costs are fractions as the template writes them (0.0025 = 0.25%). */
export interface EptRow {
  isin: string;
  name: string;
  manager: string;
  currency: string;
  sri: number | null;
  recommendedHoldingPeriodYears: number | null;
  entryCost: number | null;
  exitCost: number | null;
  ongoingCost: number | null;
  transactionCost: number | null;
  /** Incidental costs (performance fees, carried interest); 0 when the file says there are none. */
  performanceFee: number | null;
  riy1y: number | null;
  riyRhp: number | null;
  /** YYYY-MM-DD, or '' when the file does not give it. */
  kidPublicationDate: string;
  version: string | null;
  mrm: number | null;
  priipsCategory: number | null;
  fundCic: string | null;
  ucitsSrri: number | null;
  ucitsOngoingCharges: number | null;
  sfdrArticle: number | null;
}

/** EPT rows of a table; rows without an identifier (blank or note lines) are dropped. */
export function eptRowsFromTable(table: FindatexTable, origin: string): EptRow[] {
  if (!table.columns.has(EPT_FIELDS.isin)) throw new UnreadableDocumentError(origin, 'no 00030_Portfolio_Identifying_Data column');
  return table.rows.map((row) => eptRow(table, row)).filter((r): r is EptRow => r !== null);
}

function eptRow(table: FindatexTable, row: Cell[]): EptRow | null {
  const f = new RowReader(table, row);
  const F = EPT_FIELDS;
  const isin = identifier(f.text(F.isin));
  if (!isin) return null;
  return {
    isin,
    name: f.text(F.name) ?? '',
    manager: f.text(F.manager) ?? '',
    currency: f.text(F.currency)?.toUpperCase() ?? '',
    sri: f.integerIn(F.sri, 1, 7),
    recommendedHoldingPeriodYears: f.years(F.rhp),
    entryCost: f.number(F.entry),
    exitCost: f.number(F.exitAtRhp) ?? f.number(F.exitAt1Year),
    ongoingCost: f.number(F.ongoing),
    transactionCost: f.number(F.transaction),
    performanceFee: eptPerformanceFee(f),
    riy1y: f.number(F.riy1y),
    riyRhp: f.number(F.riyRhp),
    kidPublicationDate: f.date(F.kidPublicationDate) ?? '',
    version: f.text(F.version),
    mrm: f.integerIn(F.mrm, 1, 7),
    priipsCategory: f.integerIn(F.priipsCategory, 1, 4),
    fundCic: f.text(F.fundCic)?.toUpperCase() ?? null,
    ucitsSrri: f.integerIn(F.ucitsSrri, 1, 7),
    ucitsOngoingCharges: f.number(F.ucitsOngoingCharges),
    sfdrArticle: sfdrArticle(table, row),
  };
}

/**
 * Performance fees: the PRIIPs incidental costs (03095), else the structured-products figure
 * (07110), else the UCITS one (08200). When none is given but the file states there are no
 * incidental costs (03090 = N), that is a disclosed zero, not an unknown.
 */
function eptPerformanceFee(f: RowReader): number | null {
  const F = EPT_FIELDS;
  const value = f.number(F.incidental) ?? f.number(F.incidentalStructured) ?? f.number(F.ucitsPerformanceFee);
  if (value !== null) return value;
  return f.flag(F.hasIncidental) === 'N' ? 0 : null;
}

/** EPT from CSV, synchronously (the sample library and ept.ts use this path). */
export function parseEptCsvRows(content: Buffer, origin: string): EptRow[] {
  return eptRowsFromTable(readFindatexCsv(content, origin), origin);
}

/** EPT from CSV, XLSX, JSON or YAML. */
export async function parseEpt(content: Buffer, mediaType: string, origin: string): Promise<EptRow[]> {
  return eptRowsFromTable(await readFindatexTable(content, mediaType, origin), origin);
}

// ---------------------------------------------------------------------------------------------
// EMT
// ---------------------------------------------------------------------------------------------

/** EMT 05080 codes for a holding period given as a term rather than in years. */
const HOLDING_TERMS: Record<string, string> = {
  V: 'very short term (<1y)',
  S: 'short term (>=1y)',
  M: 'medium term (>=3y)',
  L: 'long term (>5y)',
  H: 'hold to maturity',
};

export interface EmtTargetMarket {
  /** Y, N, Neutral (or the template's other codes, e.g. P/E for professional). */
  retail: string | null;
  professional: string | null;
  eligibleCounterparty: string | null;
  basicInvestor: string | null;
  informedInvestor: string | null;
  advancedInvestor: string | null;
  noCapitalLoss: string | null;
  limitedCapitalLoss: string | null;
  /** Fraction (0.5 = 50%). */
  limitedCapitalLossLevel: number | null;
  noCapitalGuarantee: string | null;
  lossBeyondCapital: string | null;
  preservation: string | null;
  growth: string | null;
  income: string | null;
  hedging: string | null;
  leveraged: string | null;
  sustainabilityPreferences: string | null;
  executionOnly: string | null;
  nonAdvised: string | null;
  investmentAdvice: string | null;
  portfolioManagement: string | null;
}

/** Ex-ante costs as fractions; ex-post where given. */
export interface EmtCosts {
  entry: number | null;
  exit: number | null;
  ongoing: number | null;
  managementFee: number | null;
  distributionFee: number | null;
  transaction: number | null;
  /** Incidental costs incl. performance fees; 0 when 00045 says the instrument has none. */
  performanceFee: number | null;
  referenceDate: string | null;
  ongoingExPost: number | null;
  transactionExPost: number | null;
  incidentalExPost: number | null;
}

export interface EmtRow {
  isin: string;
  name: string;
  manager: string;
  currency: string;
  version: string | null;
  referenceDate: string | null;
  productType: string | null;
  /** 04010: the PRIIPs SRI as the target-market risk tolerance. */
  sri: number | null;
  /** 04020: the UCITS SRRI. */
  srri: number | null;
  recommendedHoldingPeriodYears: number | null;
  /** When 05080 gives a term code (V/S/M/L/H) instead of years. */
  recommendedHoldingPeriodTerm: string | null;
  targetMarket: EmtTargetMarket;
  costs: EmtCosts;
  sfdrArticle: number | null;
}

export function emtRowsFromTable(table: FindatexTable, origin: string): EmtRow[] {
  if (!table.columns.has(EMT_FIELDS.isin)) throw new UnreadableDocumentError(origin, 'no 00010_Financial_Instrument_Identifying_Data column');
  return table.rows.map((row) => emtRow(table, row)).filter((r): r is EmtRow => r !== null);
}

function emtRow(table: FindatexTable, row: Cell[]): EmtRow | null {
  const f = new RowReader(table, row);
  const F = EMT_FIELDS;
  const isin = identifier(f.text(F.isin));
  if (!isin) return null;
  const term = f.text(F.holdingPeriod)?.toUpperCase() ?? '';
  return {
    isin,
    name: f.text(F.name) ?? '',
    manager: f.text(F.manager) ?? '',
    currency: f.text(F.currency)?.toUpperCase() ?? '',
    version: f.text(F.version),
    referenceDate: f.date(F.referenceDate),
    productType: f.text(F.productType)?.toUpperCase() ?? null,
    sri: f.integerIn(F.riskTolerancePriips, 1, 7),
    srri: f.integerIn(F.riskToleranceUcits, 1, 7),
    recommendedHoldingPeriodYears: f.years(F.holdingPeriod),
    recommendedHoldingPeriodTerm: HOLDING_TERMS[term] ?? null,
    targetMarket: emtTargetMarket(f),
    costs: emtCosts(f),
    sfdrArticle: sfdrArticle(table, row),
  };
}

function emtTargetMarket(f: RowReader): EmtTargetMarket {
  const F = EMT_FIELDS;
  return {
    retail: f.flag(F.retail),
    professional: f.flag(F.professional),
    eligibleCounterparty: f.flag(F.eligibleCounterparty),
    basicInvestor: f.flag(F.basicInvestor),
    informedInvestor: f.flag(F.informedInvestor),
    advancedInvestor: f.flag(F.advancedInvestor),
    noCapitalLoss: f.flag(F.noCapitalLoss),
    limitedCapitalLoss: f.flag(F.limitedCapitalLoss),
    limitedCapitalLossLevel: f.number(F.limitedCapitalLossLevel),
    noCapitalGuarantee: f.flag(F.noCapitalGuarantee),
    lossBeyondCapital: f.flag(F.lossBeyondCapital),
    preservation: f.flag(F.preservation),
    growth: f.flag(F.growth),
    income: f.flag(F.income),
    hedging: f.flag(F.hedging),
    leveraged: f.flag(F.leveraged),
    sustainabilityPreferences: f.flag(F.sustainabilityPreferences),
    executionOnly: f.flag(F.executionOnly),
    nonAdvised: f.flag(F.nonAdvised),
    investmentAdvice: f.flag(F.investmentAdvice),
    portfolioManagement: f.flag(F.portfolioManagement),
  };
}

/**
 * Entry and exit: the maximum not acquired to the fund (what a distributor may charge), else the
 * part acquired to the fund. Performance fees are inside the incidental costs (07140), per the
 * template's note on 00045.
 */
function emtCosts(f: RowReader): EmtCosts {
  const F = EMT_FIELDS;
  const incidental = f.number(F.incidental);
  return {
    entry: f.number(F.entryMax) ?? f.number(F.entryAcquired),
    exit: f.number(F.exitMax) ?? f.number(F.exitAcquired),
    ongoing: f.number(F.ongoing),
    managementFee: f.number(F.managementFee),
    distributionFee: f.number(F.distributionFee),
    transaction: f.number(F.transaction),
    performanceFee: incidental ?? (f.flag(F.hasPerformanceFee) === 'N' ? 0 : null),
    referenceDate: f.date(F.costsReferenceDate),
    ongoingExPost: f.number(F.ongoingExPost),
    transactionExPost: f.number(F.transactionExPost),
    incidentalExPost: f.number(F.incidentalExPost),
  };
}

export function parseEmtCsv(content: Buffer, origin: string): EmtRow[] {
  return emtRowsFromTable(readFindatexCsv(content, origin), origin);
}

/** EMT from CSV, XLSX, JSON or YAML. */
export async function parseEmt(content: Buffer, mediaType: string, origin: string): Promise<EmtRow[]> {
  return emtRowsFromTable(await readFindatexTable(content, mediaType, origin), origin);
}

// ---------------------------------------------------------------------------------------------
// TPT
// ---------------------------------------------------------------------------------------------

/**
 * Solvency II CIC categories: the third character of the CIC code (the first two give the listing
 * country, XL/XT when unlisted). Labels follow the TPT V7 definition's column heads.
 */
export const CIC_CATEGORIES: Record<string, string> = {
  '0': 'Other investments',
  '1': 'Government bonds',
  '2': 'Corporate bonds',
  '3': 'Equity',
  '4': 'Collective investment undertakings',
  '5': 'Structured notes',
  '6': 'Collateralised securities',
  '7': 'Cash and deposits',
  '8': 'Mortgages and loans',
  '9': 'Property',
  A: 'Futures',
  B: 'Call options',
  C: 'Put options',
  D: 'Swaps',
  E: 'Forwards',
  F: 'Credit derivatives',
};

/** Categories that are debt: they carry a credit rating and a maturity worth bucketing. */
const DEBT_CATEGORIES = new Set(['1', '2', '5', '6', '8']);
const DERIVATIVE_CATEGORIES = new Set(['A', 'B', 'C', 'D', 'E', 'F']);

/** The CIC category character, or null when the code is not a CIC. */
export function cicCategory(cic: string | null): string | null {
  const code = cic?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9]{2}[0-9A-F][0-9A-Z]$/.test(code) ? code[2] : null;
}

export function instrumentLabel(cic: string | null): string | null {
  const category = cicCategory(cic);
  return category === null ? null : CIC_CATEGORIES[category];
}

export interface TptPosition {
  name: string;
  /** 14: the instrument code as given (ISIN, CUSIP, internal...). */
  identifier: string | null;
  /** The identifier when it is an ISIN. */
  isin: string | null;
  cic: string | null;
  /** CIC category label (see CIC_CATEGORIES), null when the CIC is missing or malformed. */
  instrumentType: string | null;
  /** Percent of net assets (26 × 100). */
  weight: number;
  /** Percent market exposure (30 × 100): derivatives' economic exposure, when given. */
  exposureWeight: number | null;
  marketValue: number | null;
  currency: string | null;
  issuerName: string | null;
  /** ISO 3166-1 alpha-2. */
  issuerCountry: string | null;
  economicSector: string | null;
  creditRating: string | null;
  creditQualityStep: number | null;
  maturityDate: string | null;
  modifiedDuration: number | null;
}

export interface TptPortfolio {
  id: string;
  name: string | null;
  currency: string | null;
  netAssets: number | null;
  valuationDate: string | null;
  reportingDate: string | null;
  /** Percent (9 × 100). */
  cashRatio: number | null;
  modifiedDuration: number | null;
  version: string | null;
}

export interface TptBreakdowns {
  /** By issuer country (English name); cash and derivatives grouped apart. */
  country: Exposure[];
  /** By CIC category. */
  instrument: Exposure[];
  /** Debt positions by rating bucket (AAA ... CCC and below, Not rated). */
  creditQuality: Exposure[];
  /** Debt positions by time to maturity from the valuation date. */
  maturity: Exposure[];
  /** Equity / Bonds / Cash / Other. */
  assetAllocation: Exposure[];
  /** By quotation currency. */
  currency: Exposure[];
}

export interface TptReport {
  portfolio: TptPortfolio;
  /** The valuation date (6), else the reporting date (7). */
  asOf: string | null;
  positions: TptPosition[];
  breakdowns: TptBreakdowns;
}

/** One report per portfolio in the file (a TPT file may carry several share classes or funds). */
export function tptReportsFromTable(table: FindatexTable, origin: string): TptReport[] {
  if (!table.columns.has(TPT_FIELDS.cic) && !table.columns.has(TPT_FIELDS.weight)) {
    throw new UnreadableDocumentError(origin, 'no TPT position columns (12_CIC_code_of_the_instrument, 26_Valuation_weight)');
  }
  // Files that give the portfolio fields on the first row only: later rows belong to the last id seen.
  const groups = new Map<string, Cell[][]>();
  let current = '';
  for (const row of table.rows) {
    current = new RowReader(table, row).text(TPT_FIELDS.portfolioId) ?? current;
    // Appended in place: copying the group for every row was quadratic in the number of positions.
    const group = groups.get(current);
    if (group) group.push(row);
    else groups.set(current, [row]);
  }
  const reports = [...groups.values()].map((rows) => tptReport(table, rows)).filter((r) => r.positions.length > 0);
  if (reports.length === 0) throw new UnreadableDocumentError(origin, 'no TPT positions with a weight');
  return reports;
}

function tptReport(table: FindatexTable, rows: Cell[][]): TptReport {
  const portfolio = tptPortfolio(new RowReader(table, rows[0]));
  const asOf = portfolio.valuationDate ?? portfolio.reportingDate;
  const positions = rows.map((row) => tptPosition(new RowReader(table, row), portfolio.netAssets)).filter((p): p is TptPosition => p !== null);
  return { portfolio, asOf, positions, breakdowns: tptBreakdowns(positions, asOf) };
}

function tptPortfolio(f: RowReader): TptPortfolio {
  const F = TPT_FIELDS;
  const cash = f.number(F.cashRatio);
  return {
    id: f.text(F.portfolioId)?.toUpperCase() ?? '',
    name: f.text(F.portfolioName),
    currency: f.text(F.portfolioCurrency)?.toUpperCase() ?? null,
    netAssets: f.number(F.netAssets),
    valuationDate: f.date(F.valuationDate),
    reportingDate: f.date(F.reportingDate),
    cashRatio: cash === null ? null : cash * 100,
    modifiedDuration: f.number(F.portfolioDuration),
    version: f.text(F.version),
  };
}

/**
 * A position row. The weight is 26 (fraction of NAV); a file that leaves it empty gets the market
 * value over the net assets instead. Rows with neither are not positions.
 */
function tptPosition(f: RowReader, netAssets: number | null): TptPosition | null {
  const F = TPT_FIELDS;
  const marketValue = f.number(F.marketValuePc);
  const fraction = f.number(F.weight) ?? (marketValue !== null && netAssets ? marketValue / netAssets : null);
  if (fraction === null) return null;
  const identifier = f.text(F.instrumentId);
  const cic = f.text(F.cic)?.toUpperCase() ?? null;
  const exposure = f.number(F.exposureWeight);
  return {
    name: f.text(F.instrumentName) ?? identifier ?? '',
    identifier,
    isin: isinOrNull(identifier),
    cic,
    instrumentType: instrumentLabel(cic),
    weight: fraction * 100,
    exposureWeight: exposure === null ? null : exposure * 100,
    marketValue,
    currency: f.text(F.quotationCurrency)?.toUpperCase() ?? null,
    issuerName: f.text(F.issuerName),
    issuerCountry: f.text(F.issuerCountry)?.toUpperCase() ?? null,
    economicSector: f.text(F.economicSector),
    creditRating: f.text(F.creditRating),
    creditQualityStep: f.integerIn(F.creditQualityStep, 0, 9),
    maturityDate: f.date(F.maturityDate),
    modifiedDuration: f.number(F.modifiedDuration),
  };
}

/**
 * The breakdowns the factsheet shows, in percent of net assets (not renormalised: a bucket list
 * that leaves out cash or derivatives sums to less than 100, which is what the fund holds).
 */
export function tptBreakdowns(positions: readonly TptPosition[], asOf: string | null): TptBreakdowns {
  const debt = positions.filter((p) => DEBT_CATEGORIES.has(cicCategory(p.cic) ?? ''));
  return {
    country: sumByLabel(positions.map((p) => ({ label: countryLabel(p), weight: p.weight }))),
    instrument: sumByLabel(positions.map((p) => ({ label: instrumentLabel(p.cic) ?? 'Unclassified', weight: p.weight }))),
    creditQuality: sumByLabel(debt.map((p) => ({ label: ratingBucket(p.creditRating, p.creditQualityStep), weight: p.weight }))),
    maturity: sumByLabel(
      debt.flatMap((p) => {
        const bucket = asOf && p.maturityDate ? maturityBucket(asOf, p.maturityDate) : null;
        return bucket ? [{ label: bucket, weight: p.weight }] : [];
      }),
    ),
    assetAllocation: sumByLabel(positions.map((p) => ({ label: assetAllocationLabel(p.cic), weight: p.weight }))),
    currency: sumByLabel(positions.map((p) => ({ label: p.currency ?? 'Other', weight: p.weight }))),
  };
}

function isCashOrDerivativeCic(cic: string | null): boolean {
  const category = cicCategory(cic);
  return category === '7' || (category !== null && DERIVATIVE_CATEGORIES.has(category));
}

/** Cash and derivatives sit with their bank or clearing house's country, which is no exposure. */
function countryLabel(p: TptPosition): string {
  if (isCashOrDerivativeCic(p.cic)) return CASH_AND_DERIVATIVES;
  return p.issuerCountry ? countryName(p.issuerCountry) : 'Other';
}

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** "SE" → "Sweden"; codes the runtime does not know (XS, supranationals) are kept as given. */
export function countryName(code: string): string {
  try {
    const name = REGION_NAMES.of(code.toUpperCase());
    return name && name !== code.toUpperCase() && name !== 'Unknown Region' ? name : code.toUpperCase();
  } catch {
    return code;
  }
}

function assetAllocationLabel(cic: string | null): string {
  const category = cicCategory(cic);
  if (category === '3') return 'Equity';
  if (category !== null && DEBT_CATEGORIES.has(category)) return 'Bonds';
  if (category === '7') return 'Cash';
  return 'Other';
}

export const RATING_BUCKETS = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'CCC and below', 'Not rated'] as const;
export type RatingBucket = (typeof RATING_BUCKETS)[number];

/** Solvency II credit quality steps 0-6 in rating terms (9 means no rating). */
const CQS_BUCKETS: RatingBucket[] = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'CCC and below'];

/**
 * A rating bucket from an S&P/Fitch-style ("AA-", "BBB+") or Moody's-style ("Aa3", "Baa1") rating,
 * falling back on the credit quality step when the rating is missing or unreadable.
 */
export function ratingBucket(rating: string | null, creditQualityStep: number | null = null): RatingBucket {
  const fromRating = rating ? bucketFromRating(rating) : null;
  if (fromRating) return fromRating;
  if (creditQualityStep !== null && creditQualityStep >= 0 && creditQualityStep <= 6) return CQS_BUCKETS[creditQualityStep];
  return 'Not rated';
}

/** A rating is a few characters ("Baa1 (sf) (EXP)" is 15); a longer cell is none, and the patterns below stay on short strings. */
const MAX_RATING_CHARS = 40;

function bucketFromRating(raw: string): RatingBucket | null {
  if (raw.trim().length > MAX_RATING_CHARS) return null;
  // Drop agency prefixes and suffixes: "(P)Aa2", "AA- sf", "A+ (EXP)", "BBB-u", "*-" watches.
  const r = raw.trim().replace(/^\(p\)/i, '').replace(/\s*\(.*\)\s*$/, '').replace(/\s+.*$/, '').replace(/(\*[+-]?|u|pi|sf)$/i, '');
  const moodys: [RegExp, RatingBucket][] = [
    [/^Aaa$/, 'AAA'], [/^Aa[1-3]?$/, 'AA'], [/^A[1-3]$/, 'A'], [/^Baa[1-3]?$/, 'BBB'],
    [/^Ba[1-3]?$/, 'BB'], [/^B[1-3]$/, 'B'], [/^(Caa[1-3]?|Ca|C)$/, 'CCC and below'],
  ];
  for (const [pattern, bucket] of moodys) if (pattern.test(r)) return bucket;
  const upper = r.toUpperCase();
  const sp: [RegExp, RatingBucket][] = [
    [/^AAA$/, 'AAA'], [/^AA[+-]?$/, 'AA'], [/^A[+-]?$/, 'A'], [/^BBB[+-]?$/, 'BBB'],
    [/^BB[+-]?$/, 'BB'], [/^B[+-]?$/, 'B'], [/^(CCC[+-]?|CC|C|D|DD|DDD|SD|RD)$/, 'CCC and below'],
  ];
  for (const [pattern, bucket] of sp) if (pattern.test(upper)) return bucket;
  if (/^(NR|WR|N\/?R|NOT RATED|UNRATED)$/.test(upper)) return 'Not rated';
  return null;
}

export const MATURITY_BUCKETS = ['0-1y', '1-3y', '3-5y', '5-7y', '7-10y', '10y+'] as const;
export type MaturityBucket = (typeof MATURITY_BUCKETS)[number];

const DAYS_PER_YEAR = 365.25;
const MS_PER_DAY = 86_400_000;

/**
 * The bucket of the time left from `asOf` to `maturity` (both YYYY-MM-DD). Lower bounds are
 * inclusive: exactly 1 year is "1-3y". Past maturities (a bond redeemed after the valuation date
 * was struck) count as "0-1y". Null when a date is unreadable.
 */
export function maturityBucket(asOf: string, maturity: string): MaturityBucket | null {
  const from = Date.parse(`${asOf}T00:00:00Z`);
  const to = Date.parse(`${maturity}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to)) return null;
  const years = (to - from) / MS_PER_DAY / DAYS_PER_YEAR;
  if (years < 1) return '0-1y';
  if (years < 3) return '1-3y';
  if (years < 5) return '3-5y';
  if (years < 7) return '5-7y';
  if (years < 10) return '7-10y';
  return '10y+';
}

/**
 * Positions as holdings lines, so that the holdings helpers (topHoldings, aggregateExposure) work
 * on TPT data too: the instrument type stands in for the asset class and the sector.
 */
export function tptHoldings(report: TptReport): Holding[] {
  return report.positions.map((p) => ({
    name: p.name,
    ticker: null,
    isin: p.isin,
    weight: p.weight,
    sector: p.instrumentType,
    country: p.issuerCountry ? countryName(p.issuerCountry) : null,
    assetClass: p.instrumentType,
    currency: p.currency,
    marketValue: p.marketValue,
  }));
}

export function parseTptCsv(content: Buffer, origin: string): TptReport[] {
  return tptReportsFromTable(readFindatexCsv(content, origin), origin);
}

/** TPT from CSV, XLSX, JSON or YAML. */
export async function parseTpt(content: Buffer, mediaType: string, origin: string): Promise<TptReport[]> {
  return tptReportsFromTable(await readFindatexTable(content, mediaType, origin), origin);
}

// ---------------------------------------------------------------------------------------------
// Kind detection
// ---------------------------------------------------------------------------------------------

export type FindatexKind = 'ept' | 'emt' | 'tpt';

/**
 * Which template a table follows: the version field's name says it for EPT and EMT
 * (00001_EPT_Version, 00001_EMT_Version); TPT has position fields (12 CIC, 26 weight).
 */
export function findatexKind(table: FindatexTable): FindatexKind | null {
  const version = table.headers[table.columns.get('00001') ?? -1] ?? '';
  if (/ept/i.test(version)) return 'ept';
  if (/emt/i.test(version)) return 'emt';
  if (table.columns.has(TPT_FIELDS.cic) && table.columns.has(TPT_FIELDS.weight)) return 'tpt';
  if (table.columns.has(EPT_FIELDS.sri) || table.columns.has(EPT_FIELDS.kidPublicationDate)) return 'ept';
  if (table.columns.has(EMT_FIELDS.retail)) return 'emt';
  return null;
}

export type FindatexDocument =
  | { kind: 'ept'; rows: EptRow[] }
  | { kind: 'emt'; rows: EmtRow[] }
  | { kind: 'tpt'; reports: TptReport[] };

/** Reads a FinDatEx file of unknown template. */
export async function parseFindatex(content: Buffer, mediaType: string, origin: string): Promise<FindatexDocument> {
  const table = await readFindatexTable(content, mediaType, origin);
  switch (findatexKind(table)) {
    case 'ept':
      return { kind: 'ept', rows: eptRowsFromTable(table, origin) };
    case 'emt':
      return { kind: 'emt', rows: emtRowsFromTable(table, origin) };
    case 'tpt':
      return { kind: 'tpt', reports: tptReportsFromTable(table, origin) };
    default:
      throw new UnreadableDocumentError(origin, 'not an EPT, EMT or TPT file');
  }
}

import { parse } from 'csv-parse/sync';
import { UnreadableDocumentError } from '../types';

/** The FinDatEx EPT fields we read, by their template codes. */
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
  kidPublicationDate: string;
}

const FIELD = {
  isin: '00030_Portfolio_Identifying_Data',
  name: '00050_Portfolio_Name',
  manager: '00010_Portfolio_Manufacturer_Name',
  currency: '00060_Portfolio_Or_Share_Class_Currency',
  kidPublicationDate: '00070_PRIIPs_KID_Publication_Date',
  sri: '01090_SRI',
  rhp: '01120_Recommended_Holding_Period',
  entry: '03010_One_Off_Cost_Portfolio_Entry_Cost',
  exit: '03020_One_Off_Costs_Portfolio_Exit_Cost_At_RHP',
  ongoing: '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs',
  transaction: '03080_Ongoing_Costs_Portfolio_Transaction_Costs',
} as const;

/** Parses the rows of an EPT CSV (one share class a row, headers are the template's field codes). */
export function parseEptCsv(content: Buffer, origin: string): EptRow[] {
  let records: Record<string, string>[];
  try {
    records = parse(content, { columns: true, skip_empty_lines: true, trim: true, bom: true, relax_column_count: true });
  } catch (err) {
    throw new UnreadableDocumentError(origin, `not a CSV file (${(err as Error).message})`);
  }
  if (records.length === 0 || !(FIELD.isin in records[0])) throw new UnreadableDocumentError(origin, `no ${FIELD.isin} column`);
  return records.map((r) => ({
    isin: (r[FIELD.isin] ?? '').toUpperCase(),
    name: r[FIELD.name] ?? '',
    manager: r[FIELD.manager] ?? '',
    currency: (r[FIELD.currency] ?? '').toUpperCase(),
    sri: integerIn(r[FIELD.sri], 1, 7),
    recommendedHoldingPeriodYears: decimal(r[FIELD.rhp]),
    entryCost: decimal(r[FIELD.entry]),
    exitCost: decimal(r[FIELD.exit]),
    ongoingCost: decimal(r[FIELD.ongoing]),
    transactionCost: decimal(r[FIELD.transaction]),
    kidPublicationDate: r[FIELD.kidPublicationDate] ?? '',
  }));
}

function decimal(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

function integerIn(raw: string | undefined, min: number, max: number): number | null {
  const n = decimal(raw);
  return n !== null && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

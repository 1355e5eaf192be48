import { type Located, RowReader, type ShareClassIdentity, shareClassRows } from './rows';
import { type FindatexTable, readFindatexCsv, readFindatexTable } from './table';

/**
 * EPT (European PRIIPs Template): PRIIPs KID data, one row per share class. The codes were checked
 * against the official definitions (EPT V2.0 and V2.1); test/realdocs-files.test.ts re-checks them.
 */

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

/** The EPT fields the service uses. Costs are fractions as the template writes them (0.0025 = 0.25%). */
export interface EptRow extends ShareClassIdentity {
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
function eptRowsFromTable(table: FindatexTable, origin: string): EptRow[] {
  return locatedEptRows(table, origin).map((r) => r.fields);
}

/** EPT rows with their row number and the column of every field (field names as in EptRow). */
export function locatedEptRows(table: FindatexTable, origin: string): Located<EptRow>[] {
  return shareClassRows(table, origin, EPT_FIELDS, '00030_Portfolio_Identifying_Data', eptRow);
}

function eptRow(f: RowReader, identity: ShareClassIdentity): EptRow {
  const F = EPT_FIELDS;
  return {
    ...identity,
    sri: f.integerFor('sri', F.sri, 1, 7),
    recommendedHoldingPeriodYears: f.yearsFor('recommendedHoldingPeriodYears', F.rhp),
    entryCost: f.numberFor('entryCost', F.entry),
    exitCost: f.numberFor('exitCost', F.exitAtRhp, F.exitAt1Year),
    ongoingCost: f.numberFor('ongoingCost', F.ongoing),
    transactionCost: f.numberFor('transactionCost', F.transaction),
    performanceFee: eptPerformanceFee(f),
    riy1y: f.numberFor('riy1y', F.riy1y),
    riyRhp: f.numberFor('riyRhp', F.riyRhp),
    kidPublicationDate: f.dateFor('kidPublicationDate', F.kidPublicationDate) ?? '',
    version: f.textFor('version', F.version),
    mrm: f.integerFor('mrm', F.mrm, 1, 7),
    priipsCategory: f.integerFor('priipsCategory', F.priipsCategory, 1, 4),
    fundCic: f.textFor('fundCic', F.fundCic)?.toUpperCase() ?? null,
    ucitsSrri: f.integerFor('ucitsSrri', F.ucitsSrri, 1, 7),
    ucitsOngoingCharges: f.numberFor('ucitsOngoingCharges', F.ucitsOngoingCharges),
    sfdrArticle: f.sfdrArticle(),
  };
}

/**
 * Performance fees: the PRIIPs incidental costs (03095), else the structured-products figure
 * (07110), else the UCITS one (08200). When none is given but the file states there are no
 * incidental costs (03090 = N), that is a disclosed zero, not an unknown.
 */
function eptPerformanceFee(f: RowReader): number | null {
  const F = EPT_FIELDS;
  const value = f.numberFor('performanceFee', F.incidental, F.incidentalStructured, F.ucitsPerformanceFee);
  return value ?? f.from('performanceFee', F.hasIncidental, (c) => (f.flag(c) === 'N' ? 0 : null));
}

/** EPT from CSV, synchronously. */
export function parseEptCsv(content: Buffer, origin: string): EptRow[] {
  return eptRowsFromTable(readFindatexCsv(content, origin), origin);
}

/** EPT from CSV, XLSX, JSON or YAML. */
export async function parseEpt(content: Buffer, mediaType: string, origin: string): Promise<EptRow[]> {
  return eptRowsFromTable(await readFindatexTable(content, mediaType, origin), origin);
}

import { type Located, RowReader, type ShareClassIdentity, shareClassRows } from './rows';
import { type FindatexTable, readFindatexCsv, readFindatexTable } from './table';

/**
 * EMT (European MiFID Template): target market and costs, one row per share class. The codes were
 * checked against the official definitions (EMT V4.1 and V4.3); test/realdocs-files.test.ts re-checks them.
 */

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

/** EMT 05080 codes for a holding period given as a term rather than in years. */
const HOLDING_TERMS: Record<string, string> = {
  V: 'very short term (<1y)',
  S: 'short term (>=1y)',
  M: 'medium term (>=3y)',
  L: 'long term (>5y)',
  H: 'hold to maturity',
};

interface EmtTargetMarket {
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
interface EmtCosts {
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

export interface EmtRow extends ShareClassIdentity {
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

/** EMT rows of a table; rows without an identifier (blank or note lines) are dropped. */
function emtRowsFromTable(table: FindatexTable, origin: string): EmtRow[] {
  return locatedEmtRows(table, origin).map((r) => r.fields);
}

/** EMT rows with their row number and the column of every field ("sri", "costs.entry", "targetMarket.retail"). */
export function locatedEmtRows(table: FindatexTable, origin: string): Located<EmtRow>[] {
  return shareClassRows(table, origin, EMT_FIELDS, '00010_Financial_Instrument_Identifying_Data', emtRow);
}

function emtRow(f: RowReader, identity: ShareClassIdentity): EmtRow {
  const F = EMT_FIELDS;
  return {
    ...identity,
    version: f.textFor('version', F.version),
    referenceDate: f.dateFor('referenceDate', F.referenceDate),
    productType: f.textFor('productType', F.productType)?.toUpperCase() ?? null,
    sri: f.integerFor('sri', F.riskTolerancePriips, 1, 7),
    srri: f.integerFor('srri', F.riskToleranceUcits, 1, 7),
    recommendedHoldingPeriodYears: f.yearsFor('recommendedHoldingPeriodYears', F.holdingPeriod),
    recommendedHoldingPeriodTerm: f.from(
      'recommendedHoldingPeriodTerm',
      F.holdingPeriod,
      (c) => HOLDING_TERMS[f.text(c)?.toUpperCase() ?? ''] ?? null,
    ),
    targetMarket: emtTargetMarket(f),
    costs: emtCosts(f),
    sfdrArticle: f.sfdrArticle(),
  };
}

/** The target-market flags, each recorded under "targetMarket.<member>". */
function emtTargetMarket(f: RowReader): EmtTargetMarket {
  const F = EMT_FIELDS;
  const flag = (member: keyof EmtTargetMarket, code: string) => f.flagFor(`targetMarket.${member}`, code);
  return {
    retail: flag('retail', F.retail),
    professional: flag('professional', F.professional),
    eligibleCounterparty: flag('eligibleCounterparty', F.eligibleCounterparty),
    basicInvestor: flag('basicInvestor', F.basicInvestor),
    informedInvestor: flag('informedInvestor', F.informedInvestor),
    advancedInvestor: flag('advancedInvestor', F.advancedInvestor),
    noCapitalLoss: flag('noCapitalLoss', F.noCapitalLoss),
    limitedCapitalLoss: flag('limitedCapitalLoss', F.limitedCapitalLoss),
    limitedCapitalLossLevel: f.numberFor('targetMarket.limitedCapitalLossLevel', F.limitedCapitalLossLevel),
    noCapitalGuarantee: flag('noCapitalGuarantee', F.noCapitalGuarantee),
    lossBeyondCapital: flag('lossBeyondCapital', F.lossBeyondCapital),
    preservation: flag('preservation', F.preservation),
    growth: flag('growth', F.growth),
    income: flag('income', F.income),
    hedging: flag('hedging', F.hedging),
    leveraged: flag('leveraged', F.leveraged),
    sustainabilityPreferences: flag('sustainabilityPreferences', F.sustainabilityPreferences),
    executionOnly: flag('executionOnly', F.executionOnly),
    nonAdvised: flag('nonAdvised', F.nonAdvised),
    investmentAdvice: flag('investmentAdvice', F.investmentAdvice),
    portfolioManagement: flag('portfolioManagement', F.portfolioManagement),
  };
}

/**
 * Entry and exit: the maximum not acquired to the fund (what a distributor may charge), else the
 * part acquired to the fund. Performance fees are inside the incidental costs (07140), per the
 * template's note on 00045. Each cost is recorded under "costs.<member>".
 */
function emtCosts(f: RowReader): EmtCosts {
  const F = EMT_FIELDS;
  const cost = (member: keyof EmtCosts, ...codes: string[]) => f.numberFor(`costs.${member}`, ...codes);
  return {
    entry: cost('entry', F.entryMax, F.entryAcquired),
    exit: cost('exit', F.exitMax, F.exitAcquired),
    ongoing: cost('ongoing', F.ongoing),
    managementFee: cost('managementFee', F.managementFee),
    distributionFee: cost('distributionFee', F.distributionFee),
    transaction: cost('transaction', F.transaction),
    performanceFee:
      cost('performanceFee', F.incidental) ??
      f.from('costs.performanceFee', F.hasPerformanceFee, (c) => (f.flag(c) === 'N' ? 0 : null)),
    referenceDate: f.dateFor('costs.referenceDate', F.costsReferenceDate),
    ongoingExPost: cost('ongoingExPost', F.ongoingExPost),
    transactionExPost: cost('transactionExPost', F.transactionExPost),
    incidentalExPost: cost('incidentalExPost', F.incidentalExPost),
  };
}

export function parseEmtCsv(content: Buffer, origin: string): EmtRow[] {
  return emtRowsFromTable(readFindatexCsv(content, origin), origin);
}

/** EMT from CSV, XLSX, JSON or YAML. */
export async function parseEmt(content: Buffer, mediaType: string, origin: string): Promise<EmtRow[]> {
  return emtRowsFromTable(await readFindatexTable(content, mediaType, origin), origin);
}

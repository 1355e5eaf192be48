import { UnreadableDocumentError } from '../../domain/documents';
import { CASH_AND_DERIVATIVES, type Cell, type Exposure, type Holding, isinOrNull, sumByLabel } from '../holdings';
import {
  assetAllocationLabel,
  countryName,
  instrumentLabel,
  isCashOrDerivativeCic,
  isDebtCic,
  maturityBucket,
  ratingBucket,
} from './classifications';
import { RowReader } from './rows';
import { type FindatexTable, readFindatexCsv, readFindatexTable } from './table';

/**
 * TPT (Tripartite Template): the Solvency II look-through, one row per position, and the breakdowns
 * a factsheet shows. The codes were checked against the official definition (TPT V7, which keeps the
 * V6 codes); test/realdocs-files.test.ts re-checks them.
 */

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

interface TptPortfolio {
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
    throw new UnreadableDocumentError(
      origin,
      'no TPT position columns (12_CIC_code_of_the_instrument, 26_Valuation_weight)',
    );
  }
  // Files that give the portfolio fields on the first row only: later rows belong to the last id seen.
  const groups = new Map<string, Cell[][]>();
  let current = '';
  for (const row of table.rows) {
    current = new RowReader(table, row).text(TPT_FIELDS.portfolioId) ?? current;
    // Appended in place: copying the group for every row would be quadratic in the number of positions.
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
  const positions = rows
    .map((row) => tptPosition(new RowReader(table, row), portfolio.netAssets))
    .filter((p): p is TptPosition => p !== null);
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
  const debt = positions.filter((p) => isDebtCic(p.cic));
  return {
    country: sumByLabel(positions.map((p) => ({ label: countryLabel(p), weight: p.weight }))),
    instrument: sumByLabel(
      positions.map((p) => ({ label: instrumentLabel(p.cic) ?? 'Unclassified', weight: p.weight })),
    ),
    creditQuality: sumByLabel(
      debt.map((p) => ({ label: ratingBucket(p.creditRating, p.creditQualityStep), weight: p.weight })),
    ),
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

/** Cash and derivatives sit with their bank or clearing house's country, which is no exposure. */
function countryLabel(p: TptPosition): string {
  if (isCashOrDerivativeCic(p.cic)) return CASH_AND_DERIVATIVES;
  return p.issuerCountry ? countryName(p.issuerCountry) : 'Other';
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
    issuer: p.issuerName,
  }));
}

export function parseTptCsv(content: Buffer, origin: string): TptReport[] {
  return tptReportsFromTable(readFindatexCsv(content, origin), origin);
}

/** TPT from CSV, XLSX, JSON or YAML. */
export async function parseTpt(content: Buffer, mediaType: string, origin: string): Promise<TptReport[]> {
  return tptReportsFromTable(await readFindatexTable(content, mediaType, origin), origin);
}

/**
 * A fund's full holdings as its documents disclose them (holdings CSV/XLSX, TPT), stored one row
 * per fund x holding with the as-of date, and the compact summary of a stored payload that
 * aggregations (portfolio look-through, overlap) read instead of the whole payload.
 */

export interface Exposure {
  label: string;
  weight: number;
}

/** One line of a fund's holdings. Weights are percent of the fund (4.24 means 4.24%). */
export interface FundHolding {
  name: string;
  /** Issuer name when the document gives one (TPT field 46); null otherwise. */
  issuer: string | null;
  /** The holding's own ISIN when given. */
  isin: string | null;
  weight: number;
  /** Country name as the document states it (TPT ISO codes are turned into English names). */
  country: string | null;
  sector: string | null;
  assetClass: string | null;
  /** ISO 4217 when given. */
  currency: string | null;
}

/** A fund's holdings as of one date: every disclosed line, in document order. */
export interface HoldingsSnapshot {
  /** The date the document says the holdings are as of (YYYY-MM-DD), null when it does not say. */
  asOf: string | null;
  holdings: FundHolding[];
}

/** Where a stored snapshot lives: the load that wrote it (ClickHouse `loaded_at`), its date and size. */
export interface HoldingsStamp {
  loadedAt: string;
  asOf: string | null;
  count: number;
  /**
   * The stored document the lines were read from (content hash), so that they can be read again (`npm run
   * rebuild:clickhouse`); absent from stamps written before it was kept.
   */
  document?: string;
}

/** What aggregations need of one stored fund, kept beside the payload (Postgres `funds.summary`). */
export interface FundSummary {
  /** Ongoing charges in percent (costs.ongoing, else headlineMetrics.ter); null when not disclosed. */
  ter: number | null;
  riskRating: number | null;
  category: string;
  kind: string;
  /** Share-class currency (keyFacts.currency); '' when not disclosed. */
  currency: string;
  dataAsOf: string;
  assetAllocation: Exposure[];
  sector: Exposure[];
  geography: Exposure[];
  region: Exposure[];
  creditQuality: Exposure[];
  topHoldings: { name: string; weight: number }[];
  /** The full holdings stored for this payload, or null when the documents disclose none. */
  holdings: HoldingsStamp | null;
}

/** A payload's top-holding entries as holdings lines: a name and a weight, nothing else known. */
export function topHoldingLines(top: readonly { name: string; weight: number }[]): FundHolding[] {
  return top.map(({ name, weight }) => ({
    name,
    weight,
    issuer: null,
    isin: null,
    country: null,
    sector: null,
    assetClass: null,
    currency: null,
  }));
}

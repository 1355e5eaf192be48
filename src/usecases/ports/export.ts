/** The port of GET /export: a cursor over the stored funds. */

/** GET /export's filters; null: not filtered on. */
export interface ExportFilter {
  /** keyFacts.manager, matched whole, ignoring case and accents (the caller trims it). */
  issuer: string | null;
  /** keyFacts.assetClass, matched whole, ignoring case and accents. */
  assetClass: string | null;
  /** keyFacts.currency, three upper-case letters. */
  currency: string | null;
  /** Only payloads generated strictly after this instant (microseconds since the epoch). */
  generatedAfterUs: number | null;
}

/** A stored fund as the export reads it: the payload is its stored JSON text, spliced into the line, never parsed. */
export interface ExportedFund {
  isin: string;
  name: string | null;
  generatedAt: Date;
  expiresAt: Date;
  payloadJson: string;
}

/** An open read of the stored funds, a batch of rows at a time: memory stays the same whatever the number of funds. */
export interface ExportCursor {
  /** The next fund in ISIN order; null once every one was read, or after close(). */
  next(): Promise<ExportedFund | null>;
  /** Ends the read and frees its connection; safe to call at any time, more than once. */
  close(): Promise<void>;
}

export interface FundExport {
  /** Opens a read of the funds matching `filter`; null when every connection set aside for exports is in use. */
  open(filter: ExportFilter): Promise<ExportCursor | null>;
}

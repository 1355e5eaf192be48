import type { FundProvenance } from '../../domain/derivedData';
import type { DocumentRef } from '../../domain/documents';
import type { HoldingsSnapshot } from '../../domain/holdings';
import type { NavPoint } from '../../domain/navSeries';

/**
 * The ports of `npm run rebuild:clickhouse`: what Postgres holds (the stored funds, their documents), the load's own
 * extraction, and the derived store (ClickHouse) rebuilt from them.
 */

export interface StoredDocumentBytes {
  /** The type the document was stored (or filed) with. */
  mediaType: string;
  content: Buffer;
}

export interface ProvenanceStore {
  /** Up to `limit` stored funds after `after`, in ISIN order, with what they say of their documents. */
  page(after: string | null, limit: number): Promise<FundProvenance[]>;
  /** How many funds are stored (for the progress lines). */
  count(): Promise<number>;
  /** A stored document's bytes; null when the store does not hold them. */
  document(sha256: string): Promise<StoredDocumentBytes | null>;
}

export interface NavReading {
  fund: NavPoint[];
  benchmark: NavPoint[];
}

export interface DerivedExtractor {
  /**
   * What one stored document gives the fund, read by the load's own parsers and merge (the parse pool, then the
   * extraction over that document alone). Throws when the document cannot be read.
   */
  read(
    isin: string,
    ref: DocumentRef,
    content: Buffer,
  ): Promise<{ nav: NavReading | null; holdings: HoldingsSnapshot | null }>;
}

export interface SeriesWrite {
  isin: string;
  series: 'fund' | 'benchmark';
  points: readonly NavPoint[];
  loadedAt: Date;
}

export interface HoldingsWrite {
  isin: string;
  snapshot: HoldingsSnapshot;
  loadedAt: Date;
}

export interface DerivedStore {
  /** Creates what is missing (database, tables); idempotent. */
  prepare(): Promise<void>;
  /** Several funds' series in one write; returns the rows written. */
  writeSeries(writes: readonly SeriesWrite[]): Promise<number>;
  /** Several funds' holdings in one write; returns the rows written. */
  writeHoldings(writes: readonly HoldingsWrite[]): Promise<number>;
}

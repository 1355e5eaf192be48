import type { FundSummary, HoldingsSnapshot, HoldingsStamp } from '../../domain/holdings';
import type { SearchHit } from '../../schema/search';
import type { Loader, LoadRequest } from './loads';

/** The ports of the fund stories (GET /funds, batches, aggregations, search): stored payloads, holdings, loads. */

/** A stored fund payload. */
export interface StoredFund {
  isin: string;
  name: string | null;
  /**
   * The payload as UTF-8 JSON bytes, encoded once and spliced into responses (no parse, no re-encoding per request).
   */
  payload: Buffer;
  generatedAt: Date;
  expiresAt: Date;
}

/** A stored fund as aggregations see it: its summary instead of the payload. */
export interface StoredSummary {
  isin: string;
  name: string | null;
  generatedAt: Date;
  expiresAt: Date;
  summary: FundSummary;
}

export interface FundStore {
  get(isin: string): Promise<StoredFund | null>;
  /** Reads past any cache (after a load). */
  refresh(isin: string): Promise<StoredFund | null>;
  /** The stored payloads among these ISINs, in one read. */
  getMany(isins: readonly string[]): Promise<Map<string, StoredFund>>;
  /** The stored summaries among these ISINs, in one read. */
  summaries(isins: readonly string[]): Promise<Map<string, StoredSummary>>;
  /** Those of these ISINs whose not_found outcome is remembered (no load is started for them). */
  knownMissing(isins: readonly string[], now: Date): Promise<Set<string>>;
}

export interface HoldingsStore {
  /** Full holdings of funds whose summary names a stored snapshot; a fund whose snapshot is gone is left out. */
  holdingsOf(funds: readonly { isin: string; stamp: HoldingsStamp }[]): Promise<Map<string, HoldingsSnapshot>>;
}

/** Loads ISINs in the background (a Temporal workflow an operator sees), for calls that answered them as pending. */
export interface FundWarmer {
  /** Starts the warm-up and returns once it is started. Throws DependencyUnavailableError when Temporal is down. */
  warm(isins: readonly string[]): Promise<void>;
}

export interface FundLoadRequest extends LoadRequest {
  isin: string;
}

/** Loads one ISIN through the `fund-load/<ISIN>` workflow. */
export type FundLoader = Loader<FundLoadRequest>;

/** A stored fund as a search hit shows it (spec 2.6); the use case adds the public page's url. */
export type FundMatch = Omit<SearchHit, 'url'>;

export interface FundSearch {
  /** Stored funds matching `query` (trimmed) by ISIN, ISIN prefix, name or issuer, best first, at most `limit`. */
  search(query: string, limit: number): Promise<FundMatch[]>;
}

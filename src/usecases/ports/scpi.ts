import type { ScpiCategory } from '../../schema/scpi';
import type { Loader, LoadRequest } from './loads';

/** The ports of the SCPI stories: stored payloads, the universe and the load. */

/** A stored SCPI payload (its JSON as stored, spliced into the envelope as bytes). */
export interface StoredScpi {
  slug: string;
  isin: string | null;
  name: string;
  payload: Buffer;
  generatedAt: Date;
  expiresAt: Date;
}

/** A hit of GET /scpi: the SCPI as identified in the library, and its figures when loaded. */
export interface ScpiMatch {
  slug: string;
  isin: string | null;
  name: string;
  managementCompany: string | null;
  category: ScpiCategory | null;
  capitalType: 'fixe' | 'variable' | null;
  loaded: boolean;
  sharePriceEur: number | null;
  distributionRatePct: number | null;
  financialOccupancyRatePct: number | null;
  dataAsOf: string | null;
}

export interface ScpiStore {
  /**
   * The slug of an SCPI of the library known by slug, ISIN or name (accent- and case-insensitive); null when unknown.
   */
  resolve(idOrIsin: string): Promise<string | null>;
  get(slug: string): Promise<StoredScpi | null>;
  search(query: string, limit: number): Promise<ScpiMatch[]>;
}

export interface ScpiLoadRequest extends LoadRequest {
  slug: string;
}

/** Loads one SCPI through the `scpi-load/<slug>` workflow. */
export type ScpiLoader = Loader<ScpiLoadRequest>;

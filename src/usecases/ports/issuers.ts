/** What the issuer recipes remember between loads (Postgres), and how each fares (GET /health). */

/** The document a recipe last fetched for an ISIN. */
export interface IssuerCopy {
  isin: string;
  recipe: string;
  url: string;
  etag: string | null;
  lastModified: string | null;
  sha256: string;
  fetchedAt: string;
}

export interface IssuerMemory {
  /** The copies recipes fetched for the ISIN before: the recipes that served it are asked first. */
  copies(isin: string): Promise<IssuerCopy[]>;
  /** The recipes that found nothing for the ISIN recently (not asked again before their time). */
  misses(isin: string, now: Date): Promise<Set<string>>;
  recordCopy(copy: IssuerCopy): Promise<void>;
  recordMiss(isin: string, recipe: string, reason: string, until: Date): Promise<void>;
  recordSuccess(recipe: string, at: Date): Promise<void>;
  recordFailure(recipe: string, at: Date, reason: string): Promise<void>;
  recordCircuit(host: string, open: boolean, reason: string | null): Promise<void>;
  /** The bytes of a stored document (a 304 answers with our copy). */
  content(sha256: string): Promise<Buffer | null>;
}

/** One recipe as /health shows it. */
export interface RecipeHealth {
  recipe: string;
  manager: string;
  kind: string;
  confirmed: string;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastFailure: string | null;
  /** When a host of the recipe stopped being asked (its circuit opened), null while it is asked. */
  circuitOpenSince: string | null;
}

export interface IssuerHealth {
  recipes(): Promise<RecipeHealth[]>;
}

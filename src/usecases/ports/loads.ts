/** The port of a cold load (a fund's, an SCPI's): one workflow run per key, shared by concurrent callers. */

/** How a load ended: stored, nothing found anywhere, or another run had stored a fresh payload already. */
export type LoadStatus = 'ok' | 'not_found' | 'already_fresh';

export interface LoadRequest {
  /** A payload generated at or after this instant (ISO) is fresh enough. */
  freshSince: string;
}

export interface Loader<Request extends LoadRequest> {
  /**
   * Loads through the request's workflow, attaching to a run already going. Throws DependencyUnavailableError
   * when Temporal is down, LoadTimeoutError when the run is still going after `timeoutMs`.
   */
  load(request: Request, timeoutMs: number): Promise<{ status: LoadStatus }>;
}

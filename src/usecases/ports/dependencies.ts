/**
 * Thrown by a port's adapter when the infrastructure behind it (database, job engine) cannot be
 * reached: the request was fine, the service is not; clients get a 503 and nothing is charged.
 */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: string,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} is unavailable`, options);
    this.name = 'DependencyUnavailableError';
  }
}

/** What a use case may ask about the infrastructure before starting work that needs it. */
export interface DependencyHealth {
  /** The first of `names` known to be down right now, or null. */
  firstDown(names: readonly LoadDependency[]): LoadDependency | null;
}

/** A cold load runs as a Temporal workflow that writes series to ClickHouse. */
export type LoadDependency = 'temporal' | 'clickhouse';
export const LOAD_DEPENDENCIES: readonly LoadDependency[] = ['temporal', 'clickhouse'];

/** Thrown by FundLoader.load when the load did not finish within the caller's time: it goes on in the background. */
export class LoadTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoadTimeoutError';
  }
}

/**
 * Thrown by a load port when the sources outside could not be asked (the managers' servers unreachable, failing):
 * the message says which, and reaches the client in its 502.
 */
export class UpstreamUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamUnavailableError';
  }
}

/**
 * ApplicationFailure types that activities raise for permanent problems and workflows list as
 * non-retryable. One list, imported by both sides (no I/O here, so workflow code may import it).
 */
export const FAILURE_TYPES = {
  unreadable: 'UnreadableDocument',
  urlRefused: 'UrlRefused',
  robots: 'RobotsDisallowed',
  tooLarge: 'DocumentTooLarge',
  notFound: 'DocumentNotFound',
} as const;

/** No manager could be asked and nothing else has the fund (hosts unreachable, circuits open): a 502 at once. */
export const ISSUERS_UNREACHABLE = 'IssuersUnreachable';

/** A load's fetch gave up on managers that could not be asked; its message names them (types of both outcomes). */
export const UPSTREAM_FAILURES: readonly string[] = [ISSUERS_UNREACHABLE, 'IssuersUnavailableError'];

export const PERMANENT_FAILURES: string[] = [...Object.values(FAILURE_TYPES), ISSUERS_UNREACHABLE];

/** Which permanent failure a type string names (starters translate workflow failures with it). */
export type FailureKind = keyof typeof FAILURE_TYPES;
export function failureKindOf(type: string | null | undefined): FailureKind | null {
  const entry = Object.entries(FAILURE_TYPES).find(([, value]) => value === type);
  return entry ? (entry[0] as FailureKind) : null;
}

/** The factsheet to print was deleted meanwhile: printing it again cannot help. */
export const SHEET_GONE = 'FactsheetGone';

/**
 * The longest wait between two attempts of a load's activities (LOAD_ACTIVITY_OPTIONS), in milliseconds; an
 * issuer's Retry-After is kept within it too (activities/sourceFailures.ts).
 */
export const LOAD_RETRY_MAX_INTERVAL_MS = 20_000;

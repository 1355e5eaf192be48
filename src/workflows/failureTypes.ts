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

export const PERMANENT_FAILURES: string[] = Object.values(FAILURE_TYPES);

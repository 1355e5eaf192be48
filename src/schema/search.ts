import { PlanIdSchema, QuotaSchema } from './fund';
import { C0_CONTROLS, limitParameter, trimmedText } from './requests';
import { z } from './zod';

/** GET /search (spec 2.6, 4.3 and 8). */
export const SEARCH_QUERY_MIN = 2;
/** Not in the contract: a bound on the work one query can ask for (longer than any fund name). */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_LIMIT_DEFAULT = 10;

const QUERY_REQUIRED = `q is required: at least ${SEARCH_QUERY_MIN} characters of a fund name, an issuer or the start of an ISIN`;

/** The query string as it arrives (repeated parameters come as arrays: refused); unknown parameters are ignored. */
export const SearchQuery = z
  .object({
    // NUL cannot reach Postgres at all, and no fund name holds a control character.
    q: trimmedText(
      SEARCH_QUERY_MIN,
      SEARCH_QUERY_MAX,
      { chars: C0_CONTROLS, message: 'q must not contain control characters' },
      {
        type: { error: (issue) => (issue.input === undefined ? QUERY_REQUIRED : 'q must be sent once, as text') },
        short: `q must have at least ${SEARCH_QUERY_MIN} characters besides surrounding spaces`,
        long: `q must have at most ${SEARCH_QUERY_MAX} characters`,
      },
    ).openapi({
      description: `Name, issuer or the start of an ISIN: ${SEARCH_QUERY_MIN} to ${SEARCH_QUERY_MAX} characters once trimmed, no control characters; case, accents and word order do not matter, one typo is forgiven`,
      example: 'global equity',
    }),
    limit: limitParameter(SEARCH_LIMIT_MAX, SEARCH_LIMIT_DEFAULT, 'Most hits to return'),
  })
  .openapi('SearchQuery');
export type SearchQuery = z.infer<typeof SearchQuery>;

const text = z.string().nullable();

export const SearchHit = z
  .object({
    isin: z.string(),
    name: text,
    issuer: text.openapi({ description: 'keyFacts.manager' }),
    currency: text.openapi({ description: 'keyFacts.currency' }),
    assetClass: text.openapi({ description: 'keyFacts.assetClass' }),
    shareClass: text,
    income: text.openapi({ description: 'keyFacts.distribution: income treatment' }),
    category: text.openapi({ description: 'profile.category' }),
    dataAsOf: text,
    url: z.url().nullable().openapi({ description: 'Public fund page; null when fund pages are not published' }),
  })
  .openapi('SearchHit', {
    description: 'One fund found by GET /search: its ISIN and name, a few key facts, and its public page',
  });
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchResponse = z
  .object({
    query: z.string().openapi({ description: 'q as received, trimmed' }),
    count: z.number().int(),
    results: z.array(SearchHit),
    plan: PlanIdSchema,
    quota: QuotaSchema,
  })
  .openapi('SearchResponse', {
    description: "Answer of GET /search: the loaded funds matching the query, and the caller's plan and quota",
  });
export type SearchResponse = z.infer<typeof SearchResponse>;

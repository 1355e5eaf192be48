import type Router from '@koa/router';
import type { Context } from 'koa';

import { errorResponse, RATE_LIMIT_HEADERS, registry, SECURED } from '../../../schema/openapi';
import {
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_MIN,
  SearchQuery,
  SearchResponse,
} from '../../../schema/search';
import { searchFunds, type SearchFundsDeps } from '../../../usecases/searchFunds';
import { errors, queryMessage } from '../../errors';
import type { Meter } from '../../middleware/meter';

export interface SearchRouteDeps extends SearchFundsDeps {
  meter: Meter;
}

export function registerSearchRoutes(router: Router, deps: SearchRouteDeps): void {
  router.get('/search', async (ctx: Context) => {
    const caller = await deps.meter.caller(ctx);
    const input = SearchQuery.safeParse(ctx.query);
    if (!input.success) return deps.meter.refuse(caller, errors.invalidQuery(queryMessage(input.error)));
    // Free, but it takes a burst slot like any call (and sets the rate-limit headers).
    const { plan, quota } = await deps.meter.charge(ctx, caller, { operation: 'free' });
    const { query, results } = await searchFunds(deps, input.data);
    const body: SearchResponse = { query, count: results.length, results, plan: plan.id, quota };
    ctx.body = body;
  });
}

registry.registerPath({
  method: 'get',
  path: '/search',
  summary: 'Search the stored funds by name, issuer or ISIN prefix',
  description:
    `Searches the funds already loaded (it never starts a load). Case and accents do not matter ("epargne" finds "Épargne"), ` +
    'words match in any order and as word starts ("glob equ" finds "Global Equity"), and a misspelt word is replaced by the closest ' +
    'word of the stored names and issuers ("vangard" finds "Vanguard"). Ranking: the exact ISIN, then ISINs starting with q, then ' +
    'funds whose name has every word of q (then whose name contains q), then whose name and issuer together have them (then whose ' +
    'issuer contains q), then typo corrections; within each, the shortest name (issuer) first, then by name and ISIN. ' +
    `q: ${SEARCH_QUERY_MIN} to ${SEARCH_QUERY_MAX} characters after trimming; limit: 1 to ${SEARCH_LIMIT_MAX}, default ${SEARCH_LIMIT_DEFAULT}; ` +
    'other parameters are ignored. Free; counts toward the per-minute burst.',
  security: SECURED,
  request: { query: SearchQuery },
  responses: {
    200: {
      description: 'Search response',
      headers: RATE_LIMIT_HEADERS,
      content: { 'application/json': { schema: SearchResponse } },
    },
    400: errorResponse(
      `invalid_query: q missing, sent twice, shorter than ${SEARCH_QUERY_MIN} or longer than ${SEARCH_QUERY_MAX} characters after trimming, or with control ` +
        `characters; limit not a whole number from 1 to ${SEARCH_LIMIT_MAX}. Not counted toward the burst`,
    ),
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    405: errorResponse('method_not_allowed: HEAD is refused on metered routes'),
    429: errorResponse('rate_limited (reason burst)'),
    503: errorResponse('service_unavailable: our database is down; retry after Retry-After seconds'),
  },
});

import type Router from '@koa/router';

import { errorResponse, RATE_LIMIT_HEADERS, registry, SECURED } from '../../../schema/openapi';
import { ALL_CONTROLS, trimmedText } from '../../../schema/requests';
import { ScpiEnvelope, ScpiSearchResponse } from '../../../schema/scpi';
import {
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_MIN,
  SearchQuery,
} from '../../../schema/search';
import { z } from '../../../schema/zod';
import { getScpi, type GetScpiDeps } from '../../../usecases/getScpi';
import { searchScpi } from '../../../usecases/searchScpi';
import { errors, queryMessage } from '../../errors';
import type { Meter } from '../../middleware/meter';
import { type PathContext, sendJsonParts } from '../../respond';

export interface ScpiRouteDeps extends GetScpiDeps {
  meter: Meter;
  retryAfterSeconds: number;
}

/** A slug, an ISIN or a (URL-decoded) name: printable text of a reasonable length, as the document states it. */
const ID_MIN = 2;
const ID_RULE = `idOrIsin must be an SCPI slug, ISIN or name of ${ID_MIN} to ${SEARCH_QUERY_MAX} printable characters`;
const ID_OR_ISIN = trimmedText(
  ID_MIN,
  SEARCH_QUERY_MAX,
  { chars: ALL_CONTROLS, message: ID_RULE },
  { type: ID_RULE, short: ID_RULE, long: ID_RULE },
).openapi({
  param: { name: 'idOrIsin', in: 'path' },
  description: `Slug, ISIN or URL-encoded name: ${ID_MIN} to ${SEARCH_QUERY_MAX} characters once trimmed, no control characters`,
  example: 'sample-bureaux-horizon',
});

const CLOSE = Buffer.from('}');

export function registerScpiRoutes(router: Router, deps: ScpiRouteDeps): void {
  router.get('/scpi/:idOrIsin', async (ctx: PathContext) => {
    const caller = await deps.meter.caller(ctx);
    const id = ID_OR_ISIN.safeParse(ctx.params.idOrIsin);
    if (!id.success) return deps.meter.refuse(caller, errors.invalidQuery(ID_RULE));
    const billing = deps.meter.billing(ctx, caller, { operation: 'scpi' });
    const lookup = await getScpi(deps, id.data, billing);
    if (lookup.outcome === 'not_found') throw errors.scpiNotFound(id.data);
    if (lookup.outcome === 'upstream_error') throw errors.scpiUpstream(id.data);
    if (lookup.outcome === 'unavailable') throw errors.serviceUnavailable(deps.retryAfterSeconds);
    if (lookup.stale) ctx.set('X-Stale', '1');
    const { plan, quota } = billing.receipt;
    const s = lookup.scpi;
    const head =
      `{"id":${JSON.stringify(s.slug)},"isin":${JSON.stringify(s.isin)},"name":${JSON.stringify(s.name)},"cached":${lookup.cached},` +
      `"generatedAt":"${s.generatedAt.toISOString()}","expiresAt":"${s.expiresAt.toISOString()}","plan":"${plan.id}","quota":${JSON.stringify(quota)},"data":`;
    sendJsonParts(ctx, [Buffer.from(head), s.payload, CLOSE]);
  });

  router.get('/scpi', async (ctx: PathContext) => {
    const caller = await deps.meter.caller(ctx);
    const input = SearchQuery.safeParse(ctx.query);
    if (!input.success) return deps.meter.refuse(caller, errors.invalidQuery(queryMessage(input.error)));
    const { plan, quota } = await deps.meter.charge(ctx, caller, { operation: 'free' });
    const { query, results } = await searchScpi(
      { scpi: deps.scpi, pathOf: (slug) => `/api/v1/scpi/${slug}` },
      input.data.q,
      input.data.limit,
    );
    ctx.body = { query, count: results.length, results, plan: plan.id, quota } satisfies ScpiSearchResponse;
  });
}

registry.registerPath({
  method: 'get',
  path: '/scpi/{idOrIsin}',
  summary: 'SCPI (French real-estate fund) from its own documents',
  description:
    "By slug (the SCPI's id, e.g. `sample-bureaux-horizon`), ISIN or URL-encoded name, accent- and case-insensitive. Figures come from the " +
    "management company's periodic bulletin, key-information document (DIC), annual report and information note; where they disagree, the " +
    'newest document wins and data.sources names it. Served from the store when younger than 24 hours (cached: true); otherwise loaded through ' +
    'one shared `scpi-load/<slug>` workflow per SCPI; when a refresh fails, the stale payload is served with X-Stale: 1. 1 credit.',
  security: SECURED,
  request: { params: z.object({ idOrIsin: ID_OR_ISIN }) },
  responses: {
    200: {
      description: 'SCPI envelope',
      headers: {
        ...RATE_LIMIT_HEADERS,
        'X-Stale': {
          description: '1 when a stale payload is served because its refresh failed',
          schema: { type: 'string' },
        },
      },
      content: { 'application/json': { schema: ScpiEnvelope } },
    },
    400: errorResponse(
      `invalid_query: idOrIsin shorter than ${ID_MIN} or longer than ${SEARCH_QUERY_MAX} characters, or with control characters (free)`,
    ),
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    404: errorResponse('not_found: no SCPI of the library has this slug, ISIN or name (the call is counted)'),
    405: errorResponse('method_not_allowed: HEAD is refused on metered routes'),
    429: errorResponse('rate_limited (reason burst, credits_exhausted or overage_cap)'),
    502: errorResponse('upstream_error (the call is counted)'),
    503: errorResponse(
      'service_unavailable: our database or job engine is down and nothing is stored; retry after Retry-After seconds (not counted)',
    ),
  },
});

registry.registerPath({
  method: 'get',
  path: '/scpi',
  summary: 'Search the SCPI universe by name, management company or ISIN prefix',
  description:
    'Every SCPI of the library, loaded or not (figures are null until loaded). Case and accents do not matter ("epargne" finds "Épargne"). ' +
    `q: ${SEARCH_QUERY_MIN} to ${SEARCH_QUERY_MAX} characters after trimming; limit 1 to ${SEARCH_LIMIT_MAX}, default ${SEARCH_LIMIT_DEFAULT}. Free; counts toward the per-minute burst.`,
  security: SECURED,
  request: { query: SearchQuery },
  responses: {
    200: {
      description: 'SCPI search response',
      headers: RATE_LIMIT_HEADERS,
      content: { 'application/json': { schema: ScpiSearchResponse } },
    },
    400: errorResponse(
      `invalid_query: q missing or shorter than ${SEARCH_QUERY_MIN} characters, or limit not 1 to ${SEARCH_LIMIT_MAX} (not counted)`,
    ),
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    429: errorResponse('rate_limited (reason burst)'),
    503: errorResponse('service_unavailable: our database is down'),
  },
});

import type Router from '@koa/router';
import type { Middleware } from 'koa';

import { BATCH_HARD_LIMIT, BatchRequest, BatchResponse } from '../../../schema/batch';
import { FundEnvelope } from '../../../schema/fund';
import { HoldingsResponse } from '../../../schema/holdings';
import { errorResponse, IsinParam, RATE_LIMIT_HEADERS, registry, SECURED } from '../../../schema/openapi';
import { RequestIsin } from '../../../schema/requests';
import { z } from '../../../schema/zod';
import { batchFunds } from '../../../usecases/batchFunds';
import { getFund } from '../../../usecases/getFund';
import { getHoldings, type GetHoldingsDeps, type HoldingsLookup } from '../../../usecases/getHoldings';
import type { ResolveFundsDeps } from '../../../usecases/resolveFunds';
import { type ApiError, errors, issuesOf } from '../../errors';
import type { Meter } from '../../middleware/meter';
import { type PathContext, sendJsonParts } from '../../respond';
import { batchResponseParts, fundEnvelopeParts } from './presenter';

export interface FundRouteDeps extends GetHoldingsDeps, ResolveFundsDeps {
  meter: Meter;
  retryAfterSeconds: number;
}

/** A one-fund call: the caller (401s), the path's ISIN (a free 400 when invalid) and its 1-credit billing. */
async function fundCall(ctx: PathContext, meter: Meter) {
  const caller = await meter.caller(ctx);
  const isin = RequestIsin.safeParse(ctx.params.isin);
  if (!isin.success) return meter.refuse(caller, errors.invalidIsin(ctx.params.isin));
  return { isin: isin.data, billing: meter.billing(ctx, caller, { operation: 'fund' }) };
}

/** The error of a fund lookup that found nothing to answer with. */
function notFound(
  lookup: Exclude<HoldingsLookup, { outcome: 'found' }>,
  isin: string,
  retryAfterSeconds: number,
): ApiError {
  if (lookup.outcome === 'not_found') return errors.fundNotFound(isin, lookup.skeleton);
  if (lookup.outcome === 'upstream_error') return errors.upstream(isin, lookup.detail);
  return errors.serviceUnavailable(retryAfterSeconds);
}

/** GET /funds/{isin}: the caller, the ISIN, 1 credit; the stored payload spliced into the envelope. */
function getFundHandler(deps: FundRouteDeps) {
  return async (ctx: PathContext): Promise<void> => {
    const { isin, billing } = await fundCall(ctx, deps.meter);
    const lookup = await getFund(deps, isin, billing);
    if (lookup.outcome !== 'found') throw notFound(lookup, isin, deps.retryAfterSeconds);
    if (lookup.stale) ctx.set('X-Stale', '1');
    const { plan, quota } = billing.receipt;
    sendJsonParts(ctx, fundEnvelopeParts(lookup.fund, lookup.cached, plan.id, quota));
  };
}

/**
 * GET /funds/{isin} answered ahead of the routers when the path has its plain form (`prefix`, then
 * `/funds/` and letters and digits only): the router would choose the same handler with the same
 * `isin` (decoding changes nothing in such a segment), after testing its routes and composing a
 * chain for the request, a few microseconds on the hot path. Anything else (HEAD, another letter
 * case, a trailing slash, percent-escapes, other characters) goes on to the routers.
 */
export function fundFastPath(prefix: string, deps: FundRouteDeps): Middleware {
  const handler = getFundHandler(deps);
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const plain = new RegExp(`^${escaped}/funds/([A-Za-z0-9]{1,64})$`);
  const route = `${prefix}/funds/:isin`; // as the router would name it, for the dashboard's usage chart
  return (ctx, next) => {
    const match = ctx.method === 'GET' ? plain.exec(ctx.path) : null;
    if (!match) return next();
    return handler(Object.assign(ctx, { params: { isin: match[1] }, _matchedRoute: route }));
  };
}

export function registerFundRoutes(router: Router, deps: FundRouteDeps): void {
  router.get('/funds/:isin', getFundHandler(deps));

  router.get('/funds/:isin/holdings', async (ctx: PathContext) => {
    const { isin, billing } = await fundCall(ctx, deps.meter);
    const lookup = await getHoldings(deps, isin, billing);
    if (lookup.outcome !== 'found') throw notFound(lookup, isin, deps.retryAfterSeconds);
    const { fund, cached, stale, ...holdings } = lookup.holdings;
    if (stale) ctx.set('X-Stale', '1');
    const { plan, quota } = billing.receipt;
    ctx.body = {
      isin: fund.isin,
      name: fund.name,
      asOf: holdings.asOf,
      source: holdings.source,
      count: holdings.holdings.length,
      coverage: holdings.coverage,
      holdings: holdings.holdings,
      cached,
      generatedAt: fund.generatedAt.toISOString(),
      expiresAt: fund.expiresAt.toISOString(),
      plan: plan.id,
      quota,
    };
  });

  router.post('/funds', async (ctx: PathContext) => {
    const caller = await deps.meter.caller(ctx);
    const body = BatchRequest.safeParse(ctx.request.body);
    if (!body.success)
      return deps.meter.refuse(
        caller,
        errors.invalidBody('Expected {"isins": ["<ISIN>", ...], "wait": true|false}', issuesOf(body.error)),
      );
    const { isins, wait } = body.data;
    const { batchMax } =
      isins.length > BATCH_HARD_LIMIT ? { batchMax: BATCH_HARD_LIMIT } : await deps.meter.planOf(caller);
    if (isins.length > batchMax) return deps.meter.refuse(caller, errors.batchTooLarge(isins.length, batchMax));
    const billing = deps.meter.billing(ctx, caller, { operation: 'free' });
    const batch = await batchFunds(deps, isins, wait, billing);
    if (batch.outcome === 'invalid_isin') return deps.meter.refuse(caller, errors.noValidIsin());
    const { plan, quota } = billing.receipt;
    sendJsonParts(ctx, batchResponseParts(batch.items, batch.pending, plan.id, quota));
  });
}

registry.registerPath({
  method: 'get',
  path: '/funds/{isin}',
  summary: 'Fund factsheet for one ISIN',
  description:
    'Served from the store when the payload is younger than 24 hours (cached: true); otherwise loaded (15 s to 3 min, server limit 300 s) ' +
    'through one shared load per ISIN. When a refresh fails, the stale payload is served with header X-Stale: 1. 1 credit. ' +
    'The ISIN must be exactly the 12 characters: surrounding whitespace or control characters are invalid_isin, not trimmed.',
  security: SECURED,
  request: { params: z.object({ isin: IsinParam }) },
  responses: {
    200: {
      description: 'Fund envelope',
      headers: {
        ...RATE_LIMIT_HEADERS,
        'X-Stale': {
          description: '1 when a stale payload is served because its refresh failed',
          schema: { type: 'string' },
        },
      },
      content: { 'application/json': { schema: FundEnvelope } },
    },
    400: errorResponse('invalid_isin (free)'),
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    404: errorResponse('fund_not_found, with the empty FundData skeleton in data'),
    429: errorResponse('rate_limited (reason burst, credits_exhausted or overage_cap)'),
    405: errorResponse('method_not_allowed: HEAD is refused on metered routes (it is never billed)'),
    502: errorResponse('upstream_error (the call is counted)'),
    503: errorResponse(
      'service_unavailable: our database or job engine is down and no stored payload exists; retry after Retry-After seconds (not counted)',
    ),
  },
});

registry.registerPath({
  method: 'get',
  path: '/funds/{isin}/holdings',
  summary: 'Every holding a fund discloses (an addition to the contract)',
  description:
    "All lines of the fund's holdings file or TPT report, with the date they are as of and the share of the portfolio they cover; not only the ten in topHoldings. " +
    'A fund whose documents give only its largest positions answers those (source topHoldings). The fund is found or loaded as by GET /funds/{isin}. 1 credit.',
  security: SECURED,
  request: { params: z.object({ isin: IsinParam }) },
  responses: {
    200: {
      description: 'Holdings',
      headers: {
        ...RATE_LIMIT_HEADERS,
        'X-Stale': {
          description: '1 when the stored fund is stale because its refresh failed',
          schema: { type: 'string' },
        },
      },
      content: { 'application/json': { schema: HoldingsResponse } },
    },
    400: errorResponse('invalid_isin (free)'),
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    404: errorResponse('fund_not_found'),
    405: errorResponse('method_not_allowed: HEAD'),
    429: errorResponse('rate_limited'),
    502: errorResponse('upstream_error (the call is counted)'),
    503: errorResponse('service_unavailable (not counted)'),
  },
});

registry.registerPath({
  method: 'post',
  path: '/funds',
  summary: 'Many funds at once (batch)',
  description:
    'One result per input, in input order; duplicates are answered each and billed once. Warm ISINs come from the store; cold ones are loaded ' +
    'through the same shared load per ISIN as GET /funds/{isin}, BATCH_LOAD_CONCURRENCY (default 4) at a time, for at most BATCH_BUDGET_SECONDS ' +
    '(default 20) per call; the rest are `pending`, listed in `pending`, and warmed in the background by a `fund-warm/<uuid>` workflow. ' +
    'An ISIN that had no public data is remembered for NOT_FOUND_TTL_HOURS (default 24) and answered not_found without a new load. ' +
    'Billing: 1 credit per distinct ISIN answered ok or not_found; pending, invalid and error are free (a pending ISIN sent again once stored is billed then). ' +
    'A call whose billable answers exceed what the account may still spend this month is refused whole with 429, charging nothing.',
  security: SECURED,
  request: { body: { content: { 'application/json': { schema: BatchRequest } } } },
  responses: {
    200: {
      description: 'Batch response',
      headers: RATE_LIMIT_HEADERS,
      content: { 'application/json': { schema: BatchResponse } },
    },
    400: errorResponse(
      'invalid_body (not {isins: [...], wait?}: issues says where); batch_too_large (more ISINs than the plan batch size, with batchMax); invalid_isin (not one valid ISIN). Nothing is counted',
    ),
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    429: errorResponse('rate_limited: burst, or the billable answers exceed the credits left (nothing charged)'),
  },
});

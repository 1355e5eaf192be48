import type Router from '@koa/router';
import type { Context } from 'koa';
import { FundEnvelope } from '../../../schema/fund';
import { IsinParam, RATE_LIMIT_HEADERS, SECURED, errorResponse, registry } from '../../../schema/openapi';
import { RequestIsin } from '../../../schema/requests';
import { z } from '../../../schema/zod';
import { getFund, type GetFundDeps } from '../../../usecases/getFund';
import { errors } from '../../errors';
import type { Meter } from '../../middleware/meter';
import { sendJsonParts } from '../../respond';
import { fundEnvelopeParts } from './presenter';

export interface FundRouteDeps extends GetFundDeps {
  meter: Meter;
  retryAfterSeconds: number;
}

export function registerFundRoutes(router: Router, deps: FundRouteDeps): void {
  router.get('/funds/:isin', async (ctx: Context) => {
    const caller = await deps.meter.caller(ctx);
    const isin = RequestIsin.safeParse(ctx.params.isin);
    if (!isin.success) return deps.meter.refuse(caller, errors.invalidIsin(ctx.params.isin));
    const billing = deps.meter.billing(ctx, caller, { operation: 'fund' });
    const lookup = await getFund(deps, isin.data, billing);
    if (lookup.outcome === 'not_found') throw errors.fundNotFound(isin.data, lookup.skeleton);
    if (lookup.outcome === 'upstream_error') throw errors.upstream(isin.data);
    if (lookup.outcome === 'unavailable') throw errors.serviceUnavailable(deps.retryAfterSeconds);
    if (lookup.stale) ctx.set('X-Stale', '1');
    const { plan, quota } = billing.receipt;
    sendJsonParts(ctx, fundEnvelopeParts(lookup.fund, lookup.cached, plan.id, quota));
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
      headers: { ...RATE_LIMIT_HEADERS, 'X-Stale': { description: '1 when a stale payload is served because its refresh failed', schema: { type: 'string' } } },
      content: { 'application/json': { schema: FundEnvelope } },
    },
    400: errorResponse('invalid_isin (free)'),
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    404: errorResponse('fund_not_found, with the empty FundData skeleton in data'),
    429: errorResponse('rate_limited (reason burst, credits_exhausted or overage_cap)'),
    405: errorResponse('method_not_allowed: HEAD is refused on metered routes (it is never billed)'),
    502: errorResponse('upstream_error (the call is counted)'),
    503: errorResponse('service_unavailable: our database or job engine is down and no stored payload exists; retry after Retry-After seconds (not counted)'),
  },
});

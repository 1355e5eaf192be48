import type Router from '@koa/router';

import { DemoEnvelope } from '../../../schema/fund';
import { errorResponse, IsinParam, PUBLIC, registry } from '../../../schema/openapi';
import { z } from '../../../schema/zod';
import { demoFund, type DemoFundDeps } from '../../../usecases/demoFund';
import { errors } from '../../errors';
import { type PathContext, sendJsonParts } from '../../respond';
import { demoEnvelopeParts } from '../funds/presenter';

/**
 * Keyless preview of stored funds; never starts a load; limited per client IP in a window shared by every API process.
 */
export function registerDemoRoutes(router: Router, deps: DemoFundDeps): void {
  router.get('/demo/funds/:isin', async (ctx: PathContext) => {
    const lookup = await demoFund(deps, ctx.ip, ctx.params.isin);
    ctx.set({ 'X-Burst-Limit': String(deps.requestsPerMinute), 'X-Burst-Remaining': String(lookup.remaining) });
    if (lookup.outcome === 'rate_limited') throw errors.burstLimited(new Date());
    if (lookup.outcome === 'invalid_isin') throw errors.invalidIsin(ctx.params.isin);
    if (lookup.outcome === 'not_cached') throw errors.notCached(lookup.isin);
    if (lookup.outcome === 'not_found') throw errors.fundNotFound(lookup.isin, lookup.skeleton);
    sendJsonParts(ctx, demoEnvelopeParts(lookup.fund));
  });
}

registry.registerPath({
  method: 'get',
  path: '/demo/funds/{isin}',
  summary: 'Keyless preview of a stored fund',
  description:
    'No key. Serves only funds already stored and never triggers a load. 30 requests per minute per client IP.',
  security: PUBLIC,
  request: { params: z.object({ isin: IsinParam }) },
  responses: {
    200: { description: 'Demo envelope', content: { 'application/json': { schema: DemoEnvelope } } },
    400: errorResponse('invalid_isin'),
    404: errorResponse(
      'not_cached: the ISIN has not been loaded yet; fund_not_found: a load found no public data for it (remembered for NOT_FOUND_TTL_HOURS, default 24)',
    ),
    429: errorResponse('rate_limited'),
  },
});

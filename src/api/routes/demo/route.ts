import type Router from '@koa/router';
import type { Context } from 'koa';
import type { FundCache } from '../../../db/repositories/fundCache';
import type { MeteringRepository } from '../../../db/repositories/metering';
import { isinFromRequest } from '../../../domain/isin';
import { nextMinuteStart, secondsUntil } from '../../../domain/metering';
import { DemoEnvelope } from '../../../schema/fund';
import { IsinParam, errorResponse, registry } from '../../../schema/openapi';
import { z } from '../../../schema/zod';
import { errors } from '../../errors';
import { sendJsonParts } from '../../respond';
import { demoEnvelopeParts } from '../funds/presenter';

export interface DemoDeps {
  funds: FundCache;
  metering: MeteringRepository;
  requestsPerMinute: number;
}

/** Keyless preview of stored funds; never starts a load; limited per client IP in a window shared by every API process. */
export function registerDemoRoutes(router: Router, deps: DemoDeps): void {
  router.get('/demo/funds/:isin', async (ctx: Context) => {
    const count = await deps.metering.takeRateSlot(`demo:${ctx.ip}`);
    const remaining = Math.max(0, deps.requestsPerMinute - count);
    ctx.set({ 'X-Burst-Limit': String(deps.requestsPerMinute), 'X-Burst-Remaining': String(remaining) });
    if (count > deps.requestsPerMinute) {
      const now = new Date();
      const reset = nextMinuteStart(now);
      throw errors.rateLimited('burst', secondsUntil(reset, now), reset, {});
    }
    const isin = isinFromRequest(ctx.params.isin);
    if (!isin) throw errors.invalidIsin(ctx.params.isin);
    const fund = await deps.funds.get(isin);
    if (!fund) throw errors.notCached(isin);
    sendJsonParts(ctx, demoEnvelopeParts(fund));
  });
}

registry.registerPath({
  method: 'get',
  path: '/demo/funds/{isin}',
  summary: 'Keyless preview of a stored fund',
  description: 'No key. Serves only funds already stored and never triggers a load. 30 requests per minute per client IP.',
  request: { params: z.object({ isin: IsinParam }) },
  responses: {
    200: { description: 'Demo envelope', content: { 'application/json': { schema: DemoEnvelope } } },
    400: errorResponse('invalid_isin'),
    404: errorResponse('not_cached: the ISIN has not been loaded yet'),
    429: errorResponse('rate_limited'),
  },
});

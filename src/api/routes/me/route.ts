import type Router from '@koa/router';
import type { Context } from 'koa';
import { monthStart } from '../../../domain/metering';
import { COSTS, describeQuota } from '../../../domain/plans';
import { AccountSchema } from '../../../schema/account';
import { RATE_LIMIT_HEADERS, SECURED, errorResponse, registry } from '../../../schema/openapi';
import type { Authenticator } from '../../middleware/auth';
import type { Meter } from '../../middleware/meter';

export function registerMeRoutes(router: Router, deps: { auth: Authenticator; meter: Meter }): void {
  router.get('/me', async (ctx: Context) => {
    const auth = await deps.auth.authenticate(ctx);
    const { plan, email, quota } = await deps.meter.charge(ctx, auth, COSTS.free);
    ctx.body = {
      email,
      plan: {
        id: plan.id,
        name: plan.name,
        credits: plan.credits,
        burstPerMinute: plan.burstPerMinute,
        batchMax: plan.batchMax,
        overageUsd: plan.overageUsd,
        quota: describeQuota(plan),
      },
      quota,
      usage: { thisMonth: quota.used, monthStart: monthStart(new Date()).toISOString() },
    };
  });
}

registry.registerPath({
  method: 'get',
  path: '/me',
  summary: 'The calling account: plan, quota and usage this month',
  description: 'Free; counts toward the per-minute burst.',
  security: SECURED,
  responses: {
    200: { description: 'Account', headers: RATE_LIMIT_HEADERS, content: { 'application/json': { schema: AccountSchema } } },
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    429: errorResponse('rate_limited (burst)'),
  },
});

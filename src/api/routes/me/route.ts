import type Router from '@koa/router';
import type { Context } from 'koa';

import { AccountSchema } from '../../../schema/account';
import { errorResponse, RATE_LIMIT_HEADERS, registry, SECURED } from '../../../schema/openapi';
import { describeAccount } from '../../../usecases/account';
import type { Meter } from '../../middleware/meter';

export function registerMeRoutes(router: Router, deps: { meter: Meter }): void {
  router.get('/me', async (ctx: Context) => {
    const { email, plan, quota } = await deps.meter.call(ctx, { operation: 'free' });
    ctx.body = describeAccount(email, plan, quota);
  });
}

registry.registerPath({
  method: 'get',
  path: '/me',
  summary: 'The calling account: plan, quota and usage this month',
  description: 'Free; counts toward the per-minute burst.',
  security: SECURED,
  responses: {
    200: {
      description: 'Account',
      headers: RATE_LIMIT_HEADERS,
      content: { 'application/json': { schema: AccountSchema } },
    },
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    429: errorResponse('rate_limited (burst)'),
  },
});

import type Router from '@koa/router';

import { errorResponse, linksTo, RATE_LIMIT_HEADERS, registry, SECURED } from '../../../schema/openapi';
import {
  WebhookActionRequest,
  WebhookActionResult,
  WebhookCreated,
  WebhookCreateRequest,
  WebhookIdParam,
  WebhookList,
} from '../../../schema/webhooks';
import type { WebhookEndpoint } from '../../../usecases/ports/webhooks';
import { actOnWebhook, createWebhook, type WebhookDeps } from '../../../usecases/webhooks';
import { ApiError, errors, issuesOf } from '../../errors';
import type { AuthState } from '../../middleware/auth';
import type { Meter } from '../../middleware/meter';
import type { PathContext } from '../../respond';

export interface WebhookRouteDeps extends WebhookDeps {
  meter: Meter;
}

const GATE = { operation: 'free', minPlan: 'scale', feature: 'Webhooks' } as const;

const notFound = (id: string) =>
  new ApiError(404, 'not_found', `No webhook endpoint ${JSON.stringify(id.slice(0, 40))} on this account`);

function present(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    isins: endpoint.isins,
    active: endpoint.active,
    createdAt: endpoint.createdAt.toISOString(),
  };
}

/**
 * Free, counted toward the burst, scale and enterprise only; input is checked before the plan (a 400 whatever the
 * plan).
 */
async function gate(deps: WebhookRouteDeps, ctx: PathContext, caller: AuthState): Promise<void> {
  await deps.meter.charge(ctx, caller, GATE);
}

export function registerWebhookRoutes(router: Router, deps: WebhookRouteDeps): void {
  router.get('/webhooks', async (ctx: PathContext) => {
    const caller = await deps.meter.caller(ctx);
    await gate(deps, ctx, caller);
    const webhooks = await deps.store.list(caller.accountId);
    ctx.body = { count: webhooks.length, webhooks: webhooks.map(present) };
  });

  router.post('/webhooks', async (ctx: PathContext) => {
    const caller = await deps.meter.caller(ctx);
    const body = WebhookCreateRequest.safeParse(ctx.request.body);
    if (!body.success)
      return deps.meter.refuse(
        caller,
        errors.invalidBody(
          'Expected {"url": "https://...", "events": ["fund.changed", "fund.refreshed"], "isins": [...]}',
          issuesOf(body.error),
        ),
      );
    await gate(deps, ctx, caller);
    const created = await createWebhook(deps, caller.accountId, {
      url: body.data.url,
      events: body.data.events,
      isins: body.data.isins ?? null,
    });
    if (created.outcome === 'refused') throw errors.invalidBody(created.message);
    ctx.status = 201;
    ctx.body = { ...present(created.endpoint), secret: created.secret };
  });

  router.post('/webhooks/:id', async (ctx: PathContext) => {
    const caller = await deps.meter.caller(ctx);
    const body = WebhookActionRequest.safeParse(ctx.request.body ?? {});
    if (!body.success)
      return deps.meter.refuse(
        caller,
        errors.invalidBody('Expected {"action": "test" | "enable" | "disable"} (default test)', issuesOf(body.error)),
      );
    await gate(deps, ctx, caller);
    const result = await actOnWebhook(deps, caller.accountId, ctx.params.id, body.data.action);
    if (!result) throw notFound(ctx.params.id);
    ctx.body = result;
  });

  router.delete('/webhooks/:id', async (ctx: PathContext) => {
    const caller = await deps.meter.caller(ctx);
    await gate(deps, ctx, caller);
    if (!(await deps.store.remove(caller.accountId, ctx.params.id))) throw notFound(ctx.params.id);
    ctx.status = 204;
  });
}

const COMMON = {
  401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
  403: errorResponse('plan_required: the scale plan or higher'),
  429: errorResponse('rate_limited (burst)'),
};

registry.registerPath({
  method: 'get',
  path: '/webhooks',
  summary: 'List webhook endpoints (without secrets)',
  security: SECURED,
  description: 'Free; counts toward the burst; scale and enterprise.',
  responses: {
    200: {
      description: 'Endpoints',
      headers: RATE_LIMIT_HEADERS,
      content: { 'application/json': { schema: WebhookList } },
    },
    ...COMMON,
  },
});
registry.registerPath({
  method: 'post',
  path: '/webhooks',
  summary: 'Create a webhook endpoint',
  security: SECURED,
  description:
    'https only (plain http only to loopback with WEBHOOKS_ALLOW_LOOPBACK_HTTP=1, for development); URLs that resolve to private, loopback, link-local or ' +
    'metadata addresses are refused, now and at every delivery. A new endpoint starts active. The signing secret is in this answer only; it is stored ' +
    'encrypted. At most 20 endpoints per account.',
  request: { body: { required: true, content: { 'application/json': { schema: WebhookCreateRequest } } } },
  responses: {
    201: {
      description: 'Created, with its secret',
      links: linksTo('/webhooks/{id}', ['post', 'delete'], '$response.body#/id'),
      content: { 'application/json': { schema: WebhookCreated } },
    },
    400: errorResponse('invalid_body: shape, URL scheme or address, an invalid ISIN, too many endpoints'),
    ...COMMON,
  },
});
registry.registerPath({
  method: 'post',
  path: '/webhooks/{id}',
  summary: 'Test, enable or disable an endpoint',
  security: SECURED,
  description:
    'action test (default) sends a signed test event now (test: true in the body) and reports whether it was answered 2xx within 10 s, and the status.',
  request: { params: WebhookIdParam, body: { content: { 'application/json': { schema: WebhookActionRequest } } } },
  responses: {
    200: { description: 'Result', content: { 'application/json': { schema: WebhookActionResult } } },
    400: errorResponse('invalid_body: unknown action'),
    404: errorResponse('not_found: no such endpoint on this account'),
    ...COMMON,
  },
});
registry.registerPath({
  method: 'delete',
  path: '/webhooks/{id}',
  summary: 'Delete an endpoint',
  security: SECURED,
  request: { params: WebhookIdParam },
  responses: {
    204: { description: 'Deleted' },
    404: errorResponse('not_found: no such endpoint on this account'),
    ...COMMON,
  },
});

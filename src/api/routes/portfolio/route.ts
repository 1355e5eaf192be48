import type Router from '@koa/router';
import type { Context } from 'koa';

import { errorResponse, RATE_LIMIT_HEADERS, registry, SECURED } from '../../../schema/openapi';
import { PORTFOLIO_MAX_POSITIONS, PortfolioRequest, PortfolioResponse } from '../../../schema/portfolio';
import type { AggregationDeps } from '../../../usecases/aggregation';
import { lookThroughPortfolio } from '../../../usecases/lookThroughPortfolio';
import { errors, issuesOf } from '../../errors';
import type { Meter } from '../../middleware/meter';

export interface PortfolioRouteDeps extends AggregationDeps {
  meter: Meter;
}

const SHAPE = `Expected {"positions": [{"isin": "<ISIN>", "weight": <number >= 0>}, ...] (1 to ${PORTFOLIO_MAX_POSITIONS}), "wait": true|false}`;

export function registerPortfolioRoutes(router: Router, deps: PortfolioRouteDeps): void {
  router.post('/portfolio', async (ctx: Context) => {
    const caller = await deps.meter.caller(ctx);
    const body = PortfolioRequest.safeParse(ctx.request.body);
    if (!body.success) return deps.meter.refuse(caller, errors.invalidBody(SHAPE, issuesOf(body.error)));
    const billing = deps.meter.billing(ctx, caller, { operation: 'free' });
    const result = await lookThroughPortfolio(deps, body.data.positions, body.data.wait, billing);
    if (result.outcome === 'invalid_isin') return deps.meter.refuse(caller, errors.noValidIsin());
    if (result.outcome === 'zero_weights')
      return deps.meter.refuse(caller, errors.invalidBody('Every weight is zero: there is nothing to normalise'));
    const { billable: _billable, ...portfolio } = result.portfolio;
    const { plan, quota } = billing.receipt;
    ctx.body = { ...portfolio, generatedAt: new Date().toISOString(), plan: plan.id, quota };
  });
}

registry.registerPath({
  method: 'post',
  path: '/portfolio',
  summary: 'Portfolio look-through',
  description:
    'Weights on any scale are normalised to 100 over all positions (invalid ones included: they lower coverage). Funds are answered as by POST /funds ' +
    '(store, loads within the request budget, the rest pending and warmed in the background). Fees, risk and every breakdown carry a coverage: the share ' +
    'of the portfolio whose funds disclose it; items are rescaled to the covered weight. Geography is looked through to the countries of the holdings ' +
    'where the full holdings carry them; top holdings are aggregated through the full holdings where stored. Every rule: /docs/methodology. ' +
    '1 credit per distinct ISIN answered (ok or not_found), charged all or nothing: a call the account cannot pay in full is refused with 429.',
  security: SECURED,
  request: { body: { required: true, content: { 'application/json': { schema: PortfolioRequest } } } },
  responses: {
    200: {
      description: 'Portfolio response',
      headers: RATE_LIMIT_HEADERS,
      content: { 'application/json': { schema: PortfolioResponse } },
    },
    400: errorResponse(
      'invalid_body (bad shape, a negative weight, more than 1,000 positions, or every weight zero); invalid_isin (not one valid ISIN). Nothing is counted',
    ),
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    429: errorResponse('rate_limited: burst, or the answered positions exceed the credits left (nothing charged)'),
  },
});

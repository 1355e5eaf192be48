import type Router from '@koa/router';
import type { Context } from 'koa';

import {
  ChangeFeedResponse,
  CHANGES_LIMIT_DEFAULT,
  CHANGES_LIMIT_MAX,
  CHANGES_MAX_ISINS,
  ChangesQuery,
} from '../../../schema/changes';
import { errorResponse, RATE_LIMIT_HEADERS, registry, SECURED } from '../../../schema/openapi';
import { listEntries, requestIsins } from '../../../schema/requests';
import { feedStart, readChanges } from '../../../usecases/changeFeed';
import type { ChangeFeed } from '../../../usecases/ports/changes';
import { type ApiError, errors } from '../../errors';
import type { Meter } from '../../middleware/meter';

type FeedRequest = {
  sinceUs: number;
  isins: string[] | null;
  event: 'fund.changed' | 'fund.refreshed' | null;
  limit: number;
};

/** The query as the use case takes it, or the 400 that says what is wrong with it. */
function parseQuery(query: Context['query'], now: Date): FeedRequest | ApiError {
  const parsed = ChangesQuery.safeParse(query);
  if (!parsed.success)
    return errors.invalidQuery(`event must be fund.changed or fund.refreshed; since, isins and limit given once`);
  const { since, isins, event, limit } = parsed.data;
  const sinceUs = feedStart(since, now);
  if (sinceUs === null)
    return errors.invalidQuery('since must be an ISO 8601 date-time with a zone, e.g. 2026-11-23T10:00:00Z');
  const limitValue = limit === undefined ? CHANGES_LIMIT_DEFAULT : /^\d{1,4}$/.test(limit) ? Number(limit) : NaN;
  if (!(limitValue >= 1 && limitValue <= CHANGES_LIMIT_MAX))
    return errors.invalidQuery(`limit must be a whole number from 1 to ${CHANGES_LIMIT_MAX}`);
  let list: string[] | null = null;
  if (isins !== undefined) {
    const entries = listEntries(isins);
    if (entries.length === 0 || entries.length > CHANGES_MAX_ISINS)
      return errors.invalidQuery(`isins must list 1 to ${CHANGES_MAX_ISINS} ISINs`);
    const parsedIsins = requestIsins(entries);
    if ('invalid' in parsedIsins) return errors.invalidIsin(parsedIsins.invalid);
    list = parsedIsins.isins;
  }
  return { sinceUs, isins: list, event: event ?? null, limit: limitValue };
}

export function registerChangeRoutes(router: Router, deps: { meter: Meter; feed: ChangeFeed }): void {
  router.get('/changes', async (ctx: Context) => {
    const caller = await deps.meter.caller(ctx);
    const request = parseQuery(ctx.query, new Date());
    if (!('sinceUs' in request)) return deps.meter.refuse(caller, request);
    const { plan, quota } = await deps.meter.charge(ctx, caller, {
      operation: 'free',
      minPlan: 'scale',
      feature: 'GET /changes',
    });
    const page = await readChanges(deps.feed, request);
    ctx.body = {
      since: page.since,
      count: page.changes.length,
      hasMore: page.hasMore,
      nextSince: page.nextSince,
      changes: page.changes,
      plan: plan.id,
      quota,
    };
  });
}

registry.registerPath({
  method: 'get',
  path: '/changes',
  summary: 'Change feed (scale, enterprise)',
  description:
    'Changes recorded when a refresh replaces a payload: one fund.changed row per tracked field that differs (headlineMetrics.ter, riskRating, keyFacts.aum, ' +
    'keyFacts.manager, keyFacts.distribution, keyFacts.holdings, benchmarkName, investmentObjective, the top 5 of topHoldings by name and weight, the latter ' +
    'as JSON), one fund.refreshed row when dataAsOf moves. Ascending by id; changedAt is unique and ascending with id (to the microsecond), so paging with ' +
    'since = nextSince loses and repeats nothing. Free; counts toward the burst; scale and enterprise only (others 403 plan_required).',
  security: SECURED,
  request: { query: ChangesQuery },
  responses: {
    200: {
      description: 'Change feed',
      headers: RATE_LIMIT_HEADERS,
      content: { 'application/json': { schema: ChangeFeedResponse } },
    },
    400: errorResponse(
      'invalid_query (since not a date-time with a zone, limit outside 1..1000, unknown event); invalid_isin (an entry of isins). Not counted',
    ),
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    403: errorResponse('plan_required: the scale plan or higher'),
    429: errorResponse('rate_limited (burst)'),
  },
});

import type Router from '@koa/router';
import type { Context } from 'koa';

import { errorResponse, RATE_LIMIT_HEADERS, registry, SECURED } from '../../../schema/openapi';
import { OVERLAP_MAX_ISINS, OverlapResponse } from '../../../schema/portfolio';
import { listEntries, requestIsins } from '../../../schema/requests';
import { z } from '../../../schema/zod';
import type { AggregationDeps } from '../../../usecases/aggregation';
import { compareOverlap } from '../../../usecases/compareOverlap';
import { errors } from '../../errors';
import type { Meter } from '../../middleware/meter';

export interface OverlapRouteDeps extends AggregationDeps {
  meter: Meter;
}

/** The spellings of wait (a Map: `?wait=constructor` must not find Object.prototype's). */
const WAIT = new Map<string, boolean>([
  ['true', true],
  ['false', false],
  ['1', true],
  ['0', false],
]);

export function registerOverlapRoutes(router: Router, deps: OverlapRouteDeps): void {
  router.get('/overlap', async (ctx: Context) => {
    const caller = await deps.meter.caller(ctx);
    const { isins: raw, wait: rawWait } = ctx.query;
    if (typeof raw !== 'string' || raw.trim() === '')
      return deps.meter.refuse(caller, errors.invalidQuery('isins is required: two or more comma-separated ISINs'));
    const entries = listEntries(raw);
    if (entries.length > OVERLAP_MAX_ISINS)
      return deps.meter.refuse(
        caller,
        errors.invalidQuery(`At most ${OVERLAP_MAX_ISINS} ISINs per call (${entries.length} sent)`),
      );
    const wait = rawWait === undefined ? true : typeof rawWait === 'string' ? WAIT.get(rawWait) : undefined;
    if (wait === undefined) return deps.meter.refuse(caller, errors.invalidQuery('wait must be true or false'));
    const parsed = requestIsins(entries);
    if ('invalid' in parsed) return deps.meter.refuse(caller, errors.invalidIsin(parsed.invalid));
    const billing = deps.meter.billing(ctx, caller, { operation: 'free' });
    const result = await compareOverlap(deps, parsed.isins, wait, billing);
    if (result.outcome === 'too_few') return deps.meter.refuse(caller, errors.tooFewIsins());
    const { plan, quota } = billing.receipt;
    ctx.body = { ...result.report, plan: plan.id, quota };
  });
}

registry.registerPath({
  method: 'get',
  path: '/overlap',
  summary: 'Holdings overlap between funds, pairwise',
  description:
    "Pairwise overlap = sum over shared holdings of the smaller of the two weights, through the funds' full holdings (their largest positions where that " +
    'is all they disclose: a lower bound, and the note says which). Holdings match on the holding ISIN when both sides have one, otherwise on the ' +
    'normalised issuer name (the exact normalisation is on /docs/methodology). Funds are answered as by POST /funds. 1 credit per distinct ISIN answered ' +
    '(ok or not_found), charged all or nothing.',
  security: SECURED,
  request: {
    query: z.object({
      isins: z.string().openapi({
        description: `2 to ${OVERLAP_MAX_ISINS} comma-separated ISINs; at least two distinct`,
        example: 'ZZSMPL000014,ZZSMPL000055',
      }),
      wait: z
        .enum([...WAIT.keys()] as [string, ...string[]])
        .optional()
        .openapi({
          // The schema's description is the component's, shared with the other yes/no flags (listFactsheets' favorites).
          description: 'A yes/no query flag: 1 or true for yes, 0 or false for no',
          param: {
            description:
              'false (or 0): answer cold funds as pending at once; true (or 1, the default): load them within the request budget',
          },
        }),
    }),
  },
  responses: {
    200: {
      description: 'Overlap response',
      headers: RATE_LIMIT_HEADERS,
      content: { 'application/json': { schema: OverlapResponse } },
    },
    400: errorResponse(
      'invalid_isin (an entry is not a valid ISIN, or fewer than two distinct ISINs); invalid_query (isins missing, more than 50, wait not true/false). Nothing is counted',
    ),
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    429: errorResponse('rate_limited: burst, or the answered funds exceed the credits left (nothing charged)'),
  },
});

import { PlanIdSchema, QuotaSchema } from './fund';
import { z } from './zod';

/** GET /changes (spec 2.9, 4.6). */

/** The events of the change feed and of webhooks (spec section 6). */
export const CHANGE_EVENTS = ['fund.changed', 'fund.refreshed'] as const;
export type ChangeEvent = (typeof CHANGE_EVENTS)[number];

/** An event, wherever it is written (the feed, its filter, webhook subscriptions): one component, one description. */
export const ChangeEventSchema = z.enum(CHANGE_EVENTS).openapi({
  description:
    'What happened to a fund on a refresh: fund.changed (a tracked field changed: TER, risk rating, fund size, manager, income treatment, number of holdings, benchmark, objective or the top-5 holdings) or fund.refreshed (its as-of date, dataAsOf, moved)',
});

export const CHANGES_LIMIT_DEFAULT = 200;
export const CHANGES_LIMIT_MAX = 1000;
/** Most ISINs in the `isins` filter. */
export const CHANGES_MAX_ISINS = 1000;

export const ChangesQuery = z.object({
  since: z.string().optional().openapi({
    format: 'date-time',
    description:
      'ISO 8601 date-time with a zone, fractions to the microsecond kept; changes published strictly after it. Default: 7 days ago',
  }),
  isins: z
    .string()
    .optional()
    .openapi({ description: `Comma-separated ISINs (1 to ${CHANGES_MAX_ISINS}); default every fund` }),
  event: ChangeEventSchema.optional().openapi({ param: { description: 'Only changes of this event; default both' } }),
  limit: z
    .string()
    .optional()
    .openapi({
      type: 'integer',
      minimum: 1,
      maximum: CHANGES_LIMIT_MAX,
      default: CHANGES_LIMIT_DEFAULT,
      description: `Integer 1 to ${CHANGES_LIMIT_MAX}, default ${CHANGES_LIMIT_DEFAULT}`,
    }),
});

export const ChangeRecord = z
  .object({
    id: z.number().int().openapi({ description: 'Ascending in publication order' }),
    isin: z.string(),
    name: z.string().nullable(),
    event: ChangeEventSchema,
    field: z.string().openapi({ description: 'Dotted path of the tracked field, or dataAsOf for fund.refreshed' }),
    old: z.string(),
    new: z.string(),
    dataAsOf: z.string(),
    changedAt: z.string().openapi({
      description: 'ISO 8601, UTC, six decimals: strictly increasing with id, so no two changes share an instant',
    }),
  })
  .openapi('Change', {
    description:
      'One row of the change feed: a tracked field of a fund that a refresh changed (fund.changed), or its as-of date that moved (fund.refreshed), with the old and new values as text',
  });

export const ChangeFeedResponse = z
  .object({
    since: z.string().openapi({ description: 'The instant the page starts after (the default resolved)' }),
    count: z.number().int(),
    hasMore: z.boolean(),
    nextSince: z.string().openapi({
      description: 'Send as since for the next page: the instant of the last change returned (since itself when none)',
    }),
    changes: z.array(ChangeRecord),
    plan: PlanIdSchema,
    quota: QuotaSchema,
  })
  .openapi('ChangeFeedResponse', {
    description:
      "Answer of GET /changes: a page of changes in publication order, the cursor for the next page, and the caller's plan and quota",
  });

export type ChangeRecord = z.infer<typeof ChangeRecord>;

import { PlanIdSchema, QuotaSchema } from './fund';
import { z } from './zod';

/** GET /changes (spec 2.9, 4.6). */

/** The events of the change feed and of webhooks (spec section 6). */
export const CHANGE_EVENTS = ['fund.changed', 'fund.refreshed'] as const;
export type ChangeEvent = (typeof CHANGE_EVENTS)[number];

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
  event: z.enum(CHANGE_EVENTS).optional(),
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
    event: z.enum(CHANGE_EVENTS),
    field: z.string().openapi({ description: 'Dotted path of the tracked field, or dataAsOf for fund.refreshed' }),
    old: z.string(),
    new: z.string(),
    dataAsOf: z.string(),
    changedAt: z.string().openapi({
      description: 'ISO 8601, UTC, six decimals: strictly increasing with id, so no two changes share an instant',
    }),
  })
  .openapi('Change');

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
  .openapi('ChangeFeedResponse');

export type ChangeRecord = z.infer<typeof ChangeRecord>;

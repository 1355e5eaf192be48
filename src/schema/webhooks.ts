import { CHANGE_EVENTS, ChangeEventSchema } from './changes';
import { isinFromRequest } from './isin';
import { ISIN_DOCUMENTED_PATTERN } from './requests';
import { z } from './zod';

/** Webhook management (spec 4.7). */

export const WebhookCreateRequest = z
  .object({
    url: z.string().openapi({
      format: 'uri',
      description:
        'https URL the events are POSTed to (plain http only to a loopback host, and only when WEBHOOKS_ALLOW_LOOPBACK_HTTP=1, for development)',
    }),
    events: z
      .array(ChangeEventSchema)
      .min(1)
      .default([...CHANGE_EVENTS])
      .transform((events) => [...new Set(events)])
      .openapi({ description: 'Events to receive; default both' }),
    isins: z
      .array(
        z
          .string()
          .transform(
            (value, ctx) =>
              isinFromRequest(value) ??
              (ctx.addIssue({ code: 'custom', message: `"${value.slice(0, 24)}" is not a valid ISIN` }), z.NEVER),
          )
          .openapi({
            type: 'string',
            pattern: ISIN_DOCUMENTED_PATTERN,
            description: 'ISIN, checksum validated, case-insensitive',
          }),
      )
      .min(1)
      .max(1000)
      .nullable()
      .optional()
      .openapi({ description: 'Funds to receive events for (1 to 1,000); omit (or null) for every fund' }),
  })
  .openapi('WebhookCreateRequest', {
    description:
      'Body of POST /webhooks: the https URL events are delivered to, the events to receive and, optionally, the funds to receive them for',
  });

/** The id of an endpoint, as POST /webhooks answers it (anything else names no endpoint: 404). */
export const WebhookIdParam = z.object({
  id: z.string().openapi({
    param: { name: 'id', in: 'path' },
    pattern: '^we_[0-9a-f]{24}$',
    example: 'we_0123456789abcdef01234567',
  }),
});

export const WebhookActionRequest = z
  .object({
    action: z.enum(['test', 'enable', 'disable']).default('test').openapi({
      description:
        'What to do with a webhook endpoint: test sends it a test delivery (the default), enable resumes its deliveries, disable stops them',
    }),
  })
  .openapi('WebhookActionRequest', {
    description: 'Body of POST /webhooks/{id}: the action to run on the endpoint; an empty body runs test',
  });

const WebhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(ChangeEventSchema),
    isins: z.array(z.string()).nullable().openapi({ description: 'null: every fund' }),
    active: z.boolean().openapi({
      description:
        'A new endpoint starts active. Disabled by the owner (action disable) or after its sixth failed delivery',
    }),
    createdAt: z.iso.datetime(),
  })
  .openapi('WebhookEndpoint', {
    description:
      'A webhook endpoint of the account: the URL events are POSTed to, the events and funds it receives them for, and whether it is active. Its signing secret is never shown again',
  });

export const WebhookCreated = WebhookEndpointSchema.extend({
  secret: z.string().openapi({
    description:
      'The signing secret, shown this once: deliveries carry X-Service-Signature t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> keyed with it',
  }),
}).openapi('WebhookCreated', {
  description: 'A webhook endpoint just created, with its signing secret: the only answer that shows it',
});

export const WebhookList = z
  .object({ count: z.number().int(), webhooks: z.array(WebhookEndpointSchema) })
  .openapi('WebhookList', { description: "The account's webhook endpoints, without their signing secrets" });

export const WebhookActionResult = z
  .object({ id: z.string(), delivered: z.boolean(), status: z.number().int().nullable(), active: z.boolean() })
  .openapi('WebhookActionResult', {
    description:
      "Answer of POST /webhooks/{id}: the endpoint's state after the action. delivered and status are those of the test delivery (false and null for enable and disable)",
  });

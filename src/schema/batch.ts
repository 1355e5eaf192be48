import { FundData, PlanIdSchema, QuotaSchema } from './fund';
import { z } from './zod';

/** POST /funds (spec 2.5, 4.2). The size limit per plan (batchMax) is checked against the caller's plan. */

/** Above every plan's batch size: a body this long is refused as batch_too_large whatever the plan. */
export const BATCH_HARD_LIMIT = 1000;

export const BatchRequest = z
  .object({
    isins: z
      .array(z.string())
      .min(1)
      .openapi({
        maxItems: BATCH_HARD_LIMIT,
        description:
          'ISINs (or anything: inputs that are not valid ISINs are answered `invalid`, but a call without one valid ISIN is 400 invalid_isin), ' +
          '1 to the plan batch size (batchMax: free 1, starter 10, pro 50, scale 200, enterprise 1,000)',
      }),
    wait: z.boolean().default(true).openapi({
      description:
        'false: answer cold ISINs as pending at once (warmed in the background); true: load them within the request budget',
    }),
  })
  .openapi('BatchRequest', {
    description: 'Body of POST /funds: the ISINs to answer in one call, and whether to wait for the cold ones',
  });

const BATCH_STATUSES = ['ok', 'not_found', 'pending', 'invalid', 'error'] as const;

export const BatchItemSchema = z
  .object({
    input: z.string().openapi({ description: 'The string as sent' }),
    isin: z.string().nullable().openapi({ description: 'Canonical ISIN; null when the input is not a valid ISIN' }),
    status: z.enum(BATCH_STATUSES).openapi({
      description:
        'ok: data stored (1 credit per distinct ISIN); not_found: no public data (1 credit); pending: cold, not loaded within the request budget ' +
        '(or wait false): warmed in the background, free, send it again later; invalid: not a valid ISIN (free); error: nothing is stored and the ' +
        'load failed (a source failed, or our job engine is down): free, retry later',
    }),
    name: z.string().nullable(),
    cached: z.boolean().openapi({ description: 'true when served from the store; false when loaded for this call' }),
    generatedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable(),
    // A union, not FundData.nullable(): the generator would state the reference without its null.
    data: z.union([FundData, z.null()]).openapi({ description: 'The factsheet when status is ok; null otherwise' }),
  })
  .openapi('BatchItem', {
    description:
      'The answer for one input of POST /funds: the ISIN it resolves to, its status and, when the status is ok, the fund factsheet',
  });

export const BatchResponse = z
  .object({
    count: z.number().int().openapi({ description: 'Number of results (= number of inputs)' }),
    results: z
      .array(BatchItemSchema)
      .openapi({ description: 'One per input, in input order; duplicates answered each (billed once)' }),
    pending: z
      .array(z.string())
      .openapi({ description: 'ISINs still being warmed in the background (distinct, input order)' }),
    plan: PlanIdSchema,
    quota: QuotaSchema,
  })
  .openapi('BatchResponse', {
    description:
      "Answer of POST /funds: one result per input, in input order, the ISINs still being warmed, and the caller's plan and quota after the call",
  });

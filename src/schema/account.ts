import { PlanIdSchema, QuotaSchema } from './fund';
import { z } from './zod';

/** GET /me (spec 2.12). */
export const AccountSchema = z
  .object({
    email: z.string(),
    plan: z
      .object({
        id: PlanIdSchema,
        name: z.string(),
        credits: z
          .number()
          .int()
          .nullable()
          .openapi({ description: 'Credits per month; null for enterprise (metered, no ceiling)' }),
        burstPerMinute: z.number().int(),
        batchMax: z.number().int(),
        overageUsd: z.number().openapi({
          description: 'Price in USD of one credit beyond the monthly allowance; 0 when the plan has no overage',
        }),
        quota: z.string(),
      })
      .openapi({
        description:
          "The account's plan and its limits: monthly credits, requests per minute, batch size, overage price, and the quota in words",
      }),
    quota: QuotaSchema,
    usage: z.object({ thisMonth: z.number().int(), monthStart: z.iso.datetime() }).openapi({
      description: 'Usage this calendar month (UTC): billable requests so far, and when the month started',
    }),
  })
  .openapi('Account', {
    description: 'The calling account (GET /me): its email, its plan, its credit quota and its usage this month',
  });
export type Account = z.infer<typeof AccountSchema>;

import { FactsheetSchema } from './factsheets';
import { FundData, PlanIdSchema } from './fund';
import { z } from './zod';

/** Every error body: `code` and `message`, plus the fields some codes carry (spec section 7). */
export const ErrorSchema = z
  .object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    reason: z.enum(['credits_exhausted', 'overage_cap', 'burst']).optional(),
    retryAfter: z.number().int().optional().openapi({ description: 'Seconds to wait (429, 503)' }),
    resetAt: z.iso.datetime().optional(),
    batchMax: z.number().int().optional(),
    requiredPlan: PlanIdSchema.optional().openapi({
      description: 'plan_required: the lowest plan that may make the call',
    }),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    data: FundData.optional().openapi({ description: 'fund_not_found: the empty FundData skeleton' }),
    factsheet: FactsheetSchema.optional().openapi({
      description: 'pdf_unavailable: the saved HTML sheet, with its keyless links',
    }),
  })
  .openapi('Error');

export type ErrorBody = z.infer<typeof ErrorSchema>;

import { FactsheetSchema } from './factsheets';
import { FundData, PlanIdSchema } from './fund';
import { z } from './zod';

/** The codes of spec section 7, then ours: clients can switch over them (the API answers no other). */
const ERROR_CODES = [
  'invalid_isin',
  'invalid_body',
  'invalid_query',
  'batch_too_large',
  'missing_api_key',
  'invalid_api_key',
  'revoked_api_key',
  'plan_required',
  'fund_not_found',
  'not_cached',
  'not_found',
  'rate_limited',
  'upstream_error',
  'pdf_unavailable',
  'bad_request',
  'email_unverified',
  'operator_required',
  'document_not_found',
  'method_not_allowed',
  'request_timeout',
  'file_too_large',
  'payload_too_large',
  'unsupported_media_type',
  'headers_too_large',
  'nothing_extracted',
  'extraction_failed',
  'internal_error',
  'not_implemented',
  'service_unavailable',
  'ingestion_timeout',
  'invalid_document',
  'url_not_allowed',
  'robots_disallowed',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error body: `code` and `message`, plus the fields some codes carry (spec section 7). */
export const ErrorSchema = z
  .object({
    code: z
      .enum(ERROR_CODES)
      .openapi({ description: 'What went wrong, one of a fixed list: switch on it (message is for people)' }),
    message: z.string(),
    requestId: z.string().optional(),
    reason: z.enum(['credits_exhausted', 'overage_cap', 'burst']).optional().openapi({
      description:
        'Why a request was rate limited (429): credits_exhausted (the monthly credits are used up), overage_cap (the overage cap is reached) or burst (the per-minute limit is hit)',
    }),
    retryAfter: z.number().int().optional().openapi({ description: 'Seconds to wait (429, 503)' }),
    resetAt: z.iso.datetime().optional(),
    batchMax: z.number().int().optional(),
    // plan_required: the lowest plan that may make the call (a described $ref would be an allOf generators refuse).
    requiredPlan: PlanIdSchema.optional(),
    issues: z
      .array(
        z.object({ path: z.string(), message: z.string() }).openapi({
          description: 'One problem with a refused body: the dotted path of the field, and what is wrong with it',
        }),
      )
      .optional(),
    // Described in the Error's description, not here: .openapi() on a registered schema's use (FundData, Factsheet)
    // writes its description into that component when the use is the first the generator meets.
    data: FundData.optional(),
    factsheet: FactsheetSchema.optional(),
  })
  .openapi('Error', {
    description:
      'The body of every error answer: a stable `code` and a `message` for people, plus the fields some codes carry: ' +
      'reason, retryAfter and resetAt (rate_limited; retryAfter also on service_unavailable), batchMax (batch_too_large), ' +
      'requiredPlan (plan_required), issues (invalid_body), data (fund_not_found: the empty FundData skeleton) and ' +
      'factsheet (pdf_unavailable: the saved HTML sheet, with its keyless links)',
  });

export type ErrorBody = z.infer<typeof ErrorSchema>;

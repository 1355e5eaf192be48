import { FundData } from './fund';
import { epochMicros } from './microtime';
import { C0_CONTROLS, TRIMMED_CLASS, trimmedText } from './requests';
import { z } from './zod';

/** GET /export (spec 4.8). */

/** Not in the contract: bounds on the filters (longer than any manager's name or asset class). */
const EXPORT_ISSUER_MAX = 200;
const EXPORT_ASSET_CLASS_MAX = 100;

const SINCE_FORMAT = 'since must be an ISO 8601 date-time with a zone, e.g. 2026-11-23T10:00:00Z (encode + as %2B)';
const CURRENCY_FORMAT = 'currency must be a three-letter code such as EUR';

/** A parameter sent twice arrives as an array: refused with this message. */
const sentOnce = (name: string) => `${name} must be sent once, as text`;

/**
 * A text filter: trimmed, 1 to `max` characters, no control characters (no manager or asset class holds one, and NUL
 * cannot reach Postgres).
 */
function textFilter(name: string, max: number) {
  return trimmedText(
    1,
    max,
    { chars: C0_CONTROLS, message: `${name} must not contain control characters` },
    { type: sentOnce(name), short: `${name} must not be empty`, long: `${name} must have at most ${max} characters` },
  );
}

/**
 * The query string as it arrives; unknown parameters are ignored. Parsed: the filters as the use case takes them, and
 * gzip.
 */
export const ExportQuery = z
  .object({
    issuer: textFilter('issuer', EXPORT_ISSUER_MAX).optional().openapi({
      description: 'keyFacts.manager, the whole name, ignoring case, accents and surrounding spaces',
      example: 'BlackRock Asset Management Ireland Limited',
    }),
    assetClass: textFilter('assetClass', EXPORT_ASSET_CLASS_MAX)
      .optional()
      .openapi({ description: 'keyFacts.assetClass, the whole value, ignoring case and accents', example: 'Equity' }),
    currency: z
      .string(sentOnce('currency'))
      .trim()
      .refine((code) => /^[A-Za-z]{3}$/.test(code), CURRENCY_FORMAT)
      .transform((code) => code.toUpperCase())
      .optional()
      .openapi({
        type: 'string',
        pattern: `^[${TRIMMED_CLASS}]*[A-Za-z]{3}[${TRIMMED_CLASS}]*$`,
        description: 'keyFacts.currency, ISO 4217, case-insensitive (surrounding spaces are ignored)',
        example: 'EUR',
      }),
    since: z
      .string({ error: sentOnce('since') })
      .transform((text, ctx) => {
        const micros = epochMicros(text);
        if (micros === null) ctx.addIssue({ code: 'custom', message: SINCE_FORMAT });
        return micros ?? z.NEVER;
      })
      .optional()
      .openapi({
        type: 'string',
        format: 'date-time',
        description: 'Only funds whose payload was generated strictly after this instant (ISO 8601 with a zone)',
      }),
    gzip: z.enum(['0', '1'], { error: 'gzip must be 0 or 1' }).optional().openapi({
      description: '1: gzip whatever Accept-Encoding says; 0: never. Absent: gzip when Accept-Encoding accepts it',
    }),
  })
  .openapi('ExportQuery');
export type ExportQuery = z.infer<typeof ExportQuery>;

export const ExportLine = z
  .object({
    isin: z.string(),
    name: z.string().nullable(),
    generatedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    data: FundData,
  })
  .openapi('ExportLine', {
    description: 'One line of GET /export: a stored fund as JSON on one line, ended by a line feed',
  });
export type ExportLine = z.infer<typeof ExportLine>;

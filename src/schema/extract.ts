import { FundData, PlanIdSchema, QuotaSchema } from './fund';
import { z } from './zod';

/** POST /extract (spec 2.11 and 4.9). */
/** Largest document POST /extract accepts (spec 4.9), uploaded or fetched. */
export const MAX_EXTRACT_BYTES = 8 * 1024 * 1024;

export const ExtractKind = z.enum(['kid', 'factsheet']).openapi('ExtractKind', {
  description:
    'What the document to extract from is: kid, a key information document (PRIIPs KID or UCITS KIID), or factsheet, a fund factsheet',
});
export type ExtractKind = z.infer<typeof ExtractKind>;

const isinField = z
  .string()
  .max(32)
  .optional()
  .openapi({ description: 'ISIN of the share class, when known (checked against the document)' });

export const ExtractJsonRequest = z
  .object({
    url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional()
      .openapi({ description: 'Public http(s) URL of the document; fetched respecting robots.txt' }),
    text: z
      .string()
      .min(1)
      .max(1_000_000)
      .optional()
      .openapi({ description: 'The document text, when you already have it' }),
    isin: isinField,
    kind: ExtractKind.default('kid'),
  })
  .strict()
  .refine((b) => (b.url === undefined) !== (b.text === undefined), { message: 'send exactly one of url or text' })
  .openapi('ExtractJsonRequest', {
    description:
      'JSON body of POST /extract: the document as a public URL or as its text (exactly one of the two), with its ISIN and kind when known. Unknown fields are refused',
  });

export const ExtractMultipartRequest = z
  .object({
    file: z
      .string()
      .openapi({ type: 'string', format: 'binary', description: 'The PDF, up to 8 MB, with a text layer' }),
    isin: isinField,
    kind: ExtractKind.optional(),
  })
  .openapi('ExtractMultipartRequest', {
    description: 'Multipart body of POST /extract: the PDF in the part `file`, with its ISIN and kind when known',
  });

const ExtractedDocument = z
  .object({
    label: z.string(),
    kind: z.string(),
    pages: z.number().int(),
    chars: z.number().int(),
  })
  .openapi({
    description:
      'The document read: its label (the file name, the URL, or "text"), its kind, and its number of pages and of characters of text',
  });

export const ExtractResponse = z
  .object({
    document: ExtractedDocument,
    isin: z.string().nullable(),
    name: z.string().nullable(),
    fieldsFilled: z.number().int(),
    credits: z.number().int(),
    data: FundData,
    plan: PlanIdSchema,
    quota: QuotaSchema,
  })
  .openapi('ExtractResponse', {
    description:
      "Answer of POST /extract: the FundData read from one document, how many fields it filled, the credits charged, and the caller's plan and quota",
  });

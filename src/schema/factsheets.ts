import { C0_CONTROLS, ISIN_DOCUMENTED_PATTERN, limitParameter, trimmedText } from './requests';
import { z } from './zod';

/** Factsheets (spec 2.13, 4.10-4.12): requests, the saved sheet and its list. */

const FACTSHEET_FORMATS = ['html', 'pdf'] as const;
export const FACTSHEET_LANGUAGE_CODES = ['en', 'fr'] as const;

export const FactsheetCreateRequest = z
  .strictObject({
    isin: z.string().openapi({
      description:
        'The fund: 12-character ISIN, checksum validated, case-insensitive. A cold ISIN is loaded as by GET /funds/{isin}',
      pattern: ISIN_DOCUMENTED_PATTERN,
      example: 'ZZSMPL000014',
    }),
    format: z
      .enum(FACTSHEET_FORMATS)
      .default('html')
      .openapi({ description: 'html (1 credit, default) or pdf (2 credits, A4, printed by the render workflow)' }),
    deliver: z.enum(['document', 'link']).default('document').openapi({
      description:
        'document (default): the answer is the document itself (text/html or application/pdf) with X-Factsheet-* headers; link: JSON, the saved sheet with its keyless links (a PDF is printed first, so its link works at once)',
    }),
    language: z
      .enum(FACTSHEET_LANGUAGE_CODES)
      .default('en')
      .openapi({ description: 'Language of the page: labels, number and date formats (en default, fr)' }),
  })
  .openapi('FactsheetCreateRequest', {
    description:
      'Body of POST /factsheets: the fund, the output format, how the answer is delivered and the language of the page. Unknown fields are refused (400 invalid_body)',
  });

const FactsheetLinksSchema = z
  .object({
    html: z.url().openapi({ description: 'The page, keyless; may not be framed by other sites' }),
    pdf: z.url().openapi({ description: 'The A4 PDF, keyless (printed on first use when the sheet was made as HTML)' }),
    embed: z.url().openapi({ description: 'The page for an <iframe> on any site, keyless' }),
  })
  .openapi('FactsheetLinks', {
    description: 'Keyless links, unguessable (a 256-bit random token); they stop working when the sheet is deleted',
  });

export const FactsheetSchema = z
  .object({
    id: z.uuid(),
    isin: z.string(),
    name: z.string().nullable(),
    issuer: z.string().nullable().openapi({
      description: "The fund's manager (keyFacts.manager) when the sheet was made; null when not disclosed",
    }),
    language: z.enum(FACTSHEET_LANGUAGE_CODES).openapi({
      description:
        'Language of a factsheet page, which sets its labels and its number and date formats: en (English) or fr (French)',
    }),
    format: z.enum(FACTSHEET_FORMATS).openapi({
      description:
        'Format of a factsheet document: html (a web page) or pdf (an A4 PDF). On a saved sheet, the one asked for when it was made; both documents are available',
    }),
    favorite: z.boolean(),
    createdAt: z.iso.datetime(),
    fundGeneratedAt: z.iso.datetime().openapi({ description: 'When the fund data in the snapshot was generated' }),
    dataAsOf: z
      .string()
      .nullable()
      .openapi({ description: "The snapshot's dataAsOf (YYYY-MM-DD), null when not disclosed" }),
    links: FactsheetLinksSchema,
    iframe: z.string().openapi({ description: 'A ready <iframe> snippet for the embed link' }),
  })
  .openapi('Factsheet', {
    description:
      'A saved factsheet. It keeps a snapshot of the fund data it was made from; every document is rendered from that snapshot, so its figures never change',
  });

export const FactsheetList = z
  .object({ count: z.number().int(), factsheets: z.array(FactsheetSchema) })
  .openapi('FactsheetList', {
    description: "The caller's saved factsheets that match the filters, newest first, and how many were returned",
  });

const FACTSHEET_ISSUER_MAX = 200;
const FACTSHEET_LIST_MAX = 500;
const FACTSHEET_LIST_DEFAULT = 100;

/** Query strings refuse unknown parameters, naming them (every other message names its parameter). */
const knownParametersOnly = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Unknown query parameter(s): ${issue.keys?.join(', ')}` : undefined,
};

export const FactsheetListQuery = z.strictObject(
  {
    issuer: trimmedText(
      1,
      FACTSHEET_ISSUER_MAX,
      { chars: C0_CONTROLS, message: 'issuer must not contain control characters' },
      {
        type: 'issuer must be sent once, as text',
        short: 'issuer must not be empty',
        long: `issuer must have at most ${FACTSHEET_ISSUER_MAX} characters`,
      },
    )
      .optional()
      .openapi({
        description: `Only sheets of this manager (keyFacts.manager), matched whole, ignoring case and accents: 1 to ${FACTSHEET_ISSUER_MAX} characters once trimmed, no control characters`,
      }),
    favorites: z
      .enum(['1', '0', 'true', 'false'], { error: 'favorites must be 1 (or true), 0 (or false)' })
      .optional()
      .openapi({
        // The schema's description is the component's, which other yes/no query flags share (compareOverlap's wait).
        description: 'A yes/no query flag: 1 or true for yes, 0 or false for no',
        param: { description: '1 (or true): only favorites; 0 (or false) or absent: every sheet' },
      }),
    limit: limitParameter(
      FACTSHEET_LIST_MAX,
      FACTSHEET_LIST_DEFAULT,
      `1 to ${FACTSHEET_LIST_MAX}, default ${FACTSHEET_LIST_DEFAULT}`,
    ),
  },
  knownParametersOnly,
);

export const FactsheetDocumentQuery = z.strictObject(
  {
    format: z
      .enum(['json', 'html', 'pdf'], { error: 'format must be json, html or pdf' })
      .default('json')
      .openapi({ description: 'json (default): the sheet; html or pdf: the document, rendered from its snapshot' }),
  },
  knownParametersOnly,
);

export const FactsheetPatchRequest = z.strictObject({ favorite: z.boolean() }).openapi('FactsheetPatchRequest', {
  description: 'Body of PATCH /factsheets/{id}: star the sheet (favorite true) or unstar it (false)',
});

/** The only shape a share token has: 32 random bytes, base64url (anything else names no sheet: 404). */
export const SHARE_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** The share token of a sheet's keyless links. */
export const ShareTokenParam = z.object({
  token: z.string().openapi({
    param: { name: 'token', in: 'path' },
    pattern: SHARE_TOKEN_PATTERN,
    description: 'The share token of the sheet (43 characters, from its links)',
    example: 'B7qFYumqXTHjcJuJPMkLZpk9XV3A-lZNN3kgiz80avw',
  }),
});

export const FactsheetDeleted = z.object({ deleted: z.boolean(), id: z.string() }).openapi('FactsheetDeleted', {
  description: 'Answer of DELETE /factsheets/{id}: the id of the sheet deleted; its share links no longer work',
});

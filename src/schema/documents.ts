import { z } from './zod';

/** The operator's documents (POST/GET/DELETE /documents): what each document is, and how filing it ended. */

/**
 * An SCPI's own documents (French real-estate funds; library folder `scpi/<slug>/`): the periodic bulletin,
 * the DIC (its PRIIPs key information document), the annual report and the information note.
 */
export const SCPI_DOCUMENT_KINDS = ['scpi-bulletin', 'scpi-dic', 'scpi-annual', 'scpi-note'] as const;
export type ScpiDocumentKind = (typeof SCPI_DOCUMENT_KINDS)[number];

/** What a document is: a key document, a factsheet, a table of holdings or prices, a FinDatEx file, an SCPI's. */
export const DOCUMENT_KINDS = [
  'kid',
  'kiid',
  'factsheet',
  'holdings',
  'nav',
  'ept',
  'emt',
  'tpt',
  ...SCPI_DOCUMENT_KINDS,
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

const DocumentKindSchema = z.enum(DOCUMENT_KINDS).openapi('DocumentKind', {
  description:
    'kid: PRIIPs KID; kiid: UCITS KIID; factsheet; holdings: a list of positions; nav: a NAV or price history; ' +
    "ept, emt, tpt: FinDatEx files; scpi-bulletin, scpi-dic, scpi-annual, scpi-note: an SCPI bulletin, DIC, annual report, note d'information",
});

const INGEST_STATUSES = ['filed', 'duplicate', 'rejected'] as const;

const isins = z.array(z.string()).openapi({
  description: 'The ISINs the document covers: those it names for itself, else the one given with it',
});
const asOf = z.string().nullable().openapi({ description: 'The date the document is as of (YYYY-MM-DD)' });
const scpi = z.string().nullable().openapi({
  description:
    "An SCPI's document: the SCPI it is filed under (its slug, as GET /scpi/{idOrIsin} takes); null for a fund's",
});

const IngestResultSchema = z
  .object({
    file: z.string().openapi({
      description:
        'The file as given; an archive entry as `archive.zip/entry.pdf`, one part of a split PDF as `file.pdf#pages=3-5`',
    }),
    status: z.enum(INGEST_STATUSES).openapi({
      description:
        'filed: new in the universe, its funds reloaded; duplicate: the same bytes were filed before (nothing changed); rejected: see reason',
    }),
    sha256: z.string().nullable().openapi({ description: 'Content hash of the document filed (null when rejected)' }),
    // Inline, not DocumentKindSchema.nullable() (which zod-to-openapi writes into the component): named as DocumentKind.
    kind: z.enum(DOCUMENT_KINDS).nullable(),
    language: z.string().nullable().openapi({ description: 'ISO 639-1 code, when it can be told' }),
    isins,
    scpi,
    asOf,
    reason: z.string().nullable().openapi({ description: 'Why the document was rejected, for a person' }),
  })
  .openapi('IngestResult', {
    description:
      'How filing one document ended (filed, duplicate or rejected), and what the document was identified as: its kind, language, ISINs or SCPI, and as-of date',
  });
export type IngestResult = z.infer<typeof IngestResultSchema>;

export const IngestResponse = z.object({ documents: z.array(IngestResultSchema) }).openapi('IngestResponse', {
  description:
    'Answer of POST /documents: one result per document (each entry of an archive, each document of a split PDF)',
});

const FiledDocumentSchema = z
  .object({
    sha256: z.string(),
    kind: DocumentKindSchema,
    mediaType: z.string(),
    language: z.string().nullable(),
    isins,
    scpi,
    asOf,
    name: z.string().nullable().openapi({ description: 'The fund or product name the document states' }),
    source: z.string().openapi({ description: 'How it came in: inbox, import (the command) or api (the key id)' }),
    fileName: z.string(),
    filedAt: z.string().openapi({ description: 'ISO 8601 instant' }),
  })
  .openapi('FiledDocument', {
    description:
      'A document filed in the universe: its content hash, kind, media type and language, the funds or SCPI it is filed under, its as-of date, and where and when it came in',
  });
export type FiledDocument = z.infer<typeof FiledDocumentSchema>;

export const FiledDocumentList = z
  .object({
    documents: z.array(FiledDocumentSchema),
    next: z.string().nullable().openapi({ description: 'Cursor for the next page (`before`), null on the last page' }),
  })
  .openapi('FiledDocumentList', {
    description: 'A page of filed documents, newest first, with the cursor for the next page',
  });

export const FiledDocumentQuery = z
  .object({
    isin: z.string().max(32).optional(),
    kind: DocumentKindSchema.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    before: z.string().max(200).optional(),
  })
  .strict();

export const RemovedDocument = z
  .object({
    sha256: z.string(),
    removed: z.literal(true),
    isins: z.array(z.string()).openapi({ description: 'The funds reloaded without it' }),
    scpi: z.string().nullable().openapi({ description: 'The SCPI reloaded without it (an SCPI document)' }),
  })
  .openapi('RemovedDocument', {
    description:
      'Answer of DELETE /documents/{sha256}: the document removed, and the funds or SCPI reloaded without it',
  });

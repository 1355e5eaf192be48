import type Router from '@koa/router';

import { FiledDocumentList, FiledDocumentQuery, IngestResponse, RemovedDocument } from '../../../schema/documents';
import { MAX_EXTRACT_BYTES } from '../../../schema/extract';
import { errorResponse, RATE_LIMIT_HEADERS, registry, SECURED } from '../../../schema/openapi';
import { RequestIsin } from '../../../schema/requests';
import { z } from '../../../schema/zod';
import { type DocumentsDeps, fileDocuments, listDocuments, removeDocument } from '../../../usecases/documents';
import { ApiError, errors, queryMessage } from '../../errors';
import type { AuthState } from '../../middleware/auth';
import type { Meter } from '../../middleware/meter';
import { readMultipartFiles } from '../../multipart';
import type { PathContext } from '../../respond';

export interface DocumentRouteDeps extends DocumentsDeps {
  meter: Meter;
  retryAfterSeconds: number;
}

/** Files one request may carry; together they are capped as POST /extract's one document is. */
const MAX_FILES = 20;
const FREE = { operation: 'free' } as const;

const operatorRequired = () =>
  new ApiError(
    403,
    'operator_required',
    'Filing documents needs a key with the operator role (keys create --operator)',
  );

const ingestionTimeout = () =>
  new ApiError(
    504,
    'ingestion_timeout',
    'The documents are still being ingested; it goes on, and GET /documents lists what is filed',
  );

/** 403 for every key but an operator's, before anything is read or counted. */
async function operator(deps: DocumentRouteDeps, ctx: PathContext): Promise<AuthState> {
  const caller = await deps.meter.caller(ctx);
  if (!caller.operator) throw operatorRequired();
  return caller;
}

export function registerDocumentRoutes(router: Router, deps: DocumentRouteDeps): void {
  router.post('/documents', async (ctx: PathContext) => {
    const caller = await operator(deps, ctx);
    if (!ctx.is('multipart/form-data')) throw errors.unsupportedMediaType(ctx.get('Content-Type') || '(none)');
    const { files, fields } = await readMultipartFiles(ctx, { maxFiles: MAX_FILES, maxBytes: MAX_EXTRACT_BYTES });
    if (files.length === 0) throw errors.invalidBody('Send each document in a multipart part named "file"');
    const isin = givenIsin(fields.isin);
    await deps.meter.charge(ctx, caller, FREE);
    const handed = files.map((f) => ({ name: f.name, content: f.bytes }));
    const outcome = await fileDocuments(deps, handed, { isin, source: `api:${caller.keyId}` });
    if (outcome.outcome === 'unavailable') throw errors.serviceUnavailable(deps.retryAfterSeconds);
    if (outcome.outcome === 'still_running') throw ingestionTimeout();
    ctx.body = IngestResponse.parse({ documents: outcome.results });
  });

  router.get('/documents', async (ctx: PathContext) => {
    const caller = await operator(deps, ctx);
    const query = FiledDocumentQuery.safeParse(ctx.query);
    if (!query.success) return deps.meter.refuse(caller, errors.invalidQuery(queryMessage(query.error)));
    const isin = query.data.isin === undefined ? null : RequestIsin.safeParse(query.data.isin);
    if (isin && !isin.success) return deps.meter.refuse(caller, errors.invalidIsin(query.data.isin));
    await deps.meter.charge(ctx, caller, FREE);
    const listed = await listDocuments(deps, {
      isin: isin ? isin.data : null,
      kind: query.data.kind ?? null,
      limit: query.data.limit,
      cursor: query.data.before ?? null,
    });
    if (listed.outcome === 'bad_cursor') throw errors.invalidQuery('before is not a cursor this list returned');
    ctx.body = FiledDocumentList.parse({ documents: listed.documents, next: listed.next });
  });

  router.delete('/documents/:sha256', async (ctx: PathContext) => {
    const caller = await operator(deps, ctx);
    const sha256 = ctx.params.sha256;
    await deps.meter.charge(ctx, caller, FREE);
    const removed = await removeDocument(deps, sha256);
    if (removed.outcome === 'invalid_hash')
      throw errors.invalidQuery('The document is named by its sha256: 64 lower-case hexadecimal characters');
    if (removed.outcome === 'not_found')
      throw new ApiError(404, 'not_found', `No filed document ${sha256.slice(0, 64)}`);
    if (removed.outcome === 'unavailable') throw errors.serviceUnavailable(deps.retryAfterSeconds);
    ctx.body = RemovedDocument.parse({
      sha256: removed.sha256,
      removed: true,
      isins: removed.isins,
      scpi: removed.scpi,
    });
  });
}

/** The `isin` field: for documents that name no ISIN of their own (holdings lists, NAV histories). */
function givenIsin(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const isin = RequestIsin.safeParse(raw);
  if (!isin.success) throw errors.invalidIsin(raw);
  return isin.data;
}

const COMMON = {
  401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
  403: errorResponse('operator_required: the key has not the operator role'),
  429: errorResponse('rate_limited (burst)'),
};

const DocumentsUpload = z
  .object({
    file: z.array(z.string().openapi({ type: 'string', format: 'binary' })).openapi({
      description: `One or more documents (${MAX_FILES} at most, ${MAX_EXTRACT_BYTES / 1024 / 1024} MB in all): PDF, CSV, XLSX, JSON, YAML or a ZIP of them`,
    }),
    isin: z.string().max(32).optional().openapi({
      description:
        'The fund the documents are about, for those that name no ISIN of their own (holdings lists, NAV histories)',
    }),
  })
  .openapi('DocumentsUpload', {
    description:
      'Multipart body of POST /documents: the files to file, and the ISIN of the fund for the documents that name none',
  });

const HashParam = z.object({
  sha256: z.string().openapi({ param: { name: 'sha256', in: 'path' }, description: "The filed document's hash" }),
});

registry.registerPath({
  method: 'post',
  path: '/documents',
  summary: 'File documents into the universe (operators)',
  description:
    'Operator-role keys only (others: 403 operator_required). Each file is identified by its content (kind, language, ISINs, as-of ' +
    'date; a ZIP is unpacked, a PDF holding several documents is split), filed under the ISINs it covers, and each fund it brings ' +
    'something new to is reloaded (workflow ingest/<sha256>), so the change feed and webhooks see it. One result per document: ' +
    'filed, duplicate (the same bytes were filed before) or rejected with a reason. Free; counts toward the burst.',
  security: SECURED,
  request: { body: { required: true, content: { 'multipart/form-data': { schema: DocumentsUpload } } } },
  responses: {
    200: {
      description: 'One result per document',
      headers: RATE_LIMIT_HEADERS,
      content: { 'application/json': { schema: IngestResponse } },
    },
    400: errorResponse('invalid_body, invalid_isin'),
    413: errorResponse('file_too_large'),
    415: errorResponse('unsupported_media_type'),
    503: errorResponse('service_unavailable'),
    504: errorResponse('ingestion_timeout: still running after 10 minutes; it goes on'),
    ...COMMON,
  },
});
registry.registerPath({
  method: 'get',
  path: '/documents',
  summary: 'List the filed documents, newest first (operators)',
  description:
    'Operator-role keys only. Filter by `isin` and `kind`; page with `before` (the `next` of the previous page).',
  security: SECURED,
  request: { query: FiledDocumentQuery },
  responses: {
    200: {
      description: 'Filed documents',
      headers: RATE_LIMIT_HEADERS,
      content: { 'application/json': { schema: FiledDocumentList } },
    },
    400: errorResponse('invalid_query, invalid_isin'),
    ...COMMON,
  },
});
registry.registerPath({
  method: 'delete',
  path: '/documents/{sha256}',
  summary: 'Remove a filed document from the universe (operators)',
  description:
    'Operator-role keys only. Its funds reload without it (workflow ingest-remove/<sha256>); a fund left with no document answers ' +
    '404 from then on.',
  security: SECURED,
  request: { params: HashParam },
  responses: {
    200: {
      description: 'Removed',
      headers: RATE_LIMIT_HEADERS,
      content: { 'application/json': { schema: RemovedDocument } },
    },
    400: errorResponse('invalid_query'),
    404: errorResponse('not_found'),
    503: errorResponse('service_unavailable'),
    ...COMMON,
  },
});

import type Router from '@koa/router';

import {
  FactsheetCreateRequest,
  FactsheetDeleted,
  FactsheetDocumentQuery,
  FactsheetList,
  FactsheetListQuery,
  FactsheetPatchRequest,
  FactsheetSchema,
} from '../../../schema/factsheets';
import { errorResponse, linksTo, PDF_CONTENT, RATE_LIMIT_HEADERS, registry, SECURED } from '../../../schema/openapi';
import { RequestIsin } from '../../../schema/requests';
import { z } from '../../../schema/zod';
import { createFactsheet, documentOf, type FactsheetDeps, listFactsheets } from '../../../usecases/factsheets';
import { ApiError, errors, issuesOf, queryMessage } from '../../errors';
import type { AuthState } from '../../middleware/auth';
import type { Meter } from '../../middleware/meter';
import type { PathContext } from '../../respond';
import { pdfUnavailable, presentFactsheet, sendDocument } from './presenter';

export interface FactsheetRouteDeps extends FactsheetDeps {
  meter: Meter;
  retryAfterSeconds: number;
}

const FREE = { operation: 'free' } as const;

const sheetNotFound = (id: string) =>
  new ApiError(404, 'not_found', `No factsheet ${JSON.stringify(id.slice(0, 40))} on this account`);

export function registerFactsheetRoutes(router: Router, deps: FactsheetRouteDeps): void {
  router.post('/factsheets', async (ctx: PathContext) => {
    const caller = await deps.meter.caller(ctx);
    const request = await createRequest(deps, ctx, caller);
    const billing = deps.meter.billing(ctx, caller, {
      operation: request.format === 'pdf' ? 'factsheetPdf' : 'factsheetHtml',
    });
    const outcome = await createFactsheet(deps, request, billing);
    if (outcome.outcome === 'not_found') throw errors.fundNotFound(request.isin, outcome.skeleton);
    if (outcome.outcome === 'upstream_error') throw errors.upstream(request.isin, outcome.detail);
    if (outcome.outcome === 'unavailable') throw errors.serviceUnavailable(deps.retryAfterSeconds);
    const presented = presentFactsheet(deps, outcome.sheet);
    if (outcome.outcome === 'pdf_unavailable') throw pdfUnavailable(presented, deps.retryAfterSeconds);
    ctx.set('X-Factsheet-Id', presented.id);
    ctx.set('X-Factsheet-Url', presented.links.html);
    ctx.set('X-Factsheet-Pdf-Url', presented.links.pdf);
    if (outcome.document) sendDocument(ctx, outcome.document, outcome.sheet, deps.renderer.styleHash);
    else ctx.body = presented;
  });

  router.get('/factsheets', async (ctx: PathContext) => {
    const caller = await deps.meter.caller(ctx);
    const query = FactsheetListQuery.safeParse(ctx.query);
    if (!query.success) return deps.meter.refuse(caller, errors.invalidQuery(queryMessage(query.error)));
    await deps.meter.charge(ctx, caller, FREE);
    const { issuer, favorites, limit } = query.data;
    const sheets = await listFactsheets(deps, caller.accountId, {
      issuer: issuer ?? null,
      favoritesOnly: favorites === '1' || favorites === 'true',
      limit,
    });
    ctx.body = { count: sheets.length, factsheets: sheets.map((s) => presentFactsheet(deps, s)) };
  });

  router.get('/factsheets/:id', async (ctx: PathContext) => {
    const caller = await deps.meter.caller(ctx);
    const query = FactsheetDocumentQuery.safeParse(ctx.query);
    if (!query.success) return deps.meter.refuse(caller, errors.invalidQuery(queryMessage(query.error)));
    await deps.meter.charge(ctx, caller, FREE);
    const saved = await deps.sheets.get(caller.accountId, ctx.params.id);
    if (!saved) throw sheetNotFound(ctx.params.id);
    const { format } = query.data;
    if (format === 'json') {
      ctx.body = presentFactsheet(deps, saved.record);
      return;
    }
    const document = await documentOf(deps, saved, format);
    if (!document) throw pdfUnavailable(presentFactsheet(deps, saved.record), deps.retryAfterSeconds);
    sendDocument(ctx, document, saved.record, deps.renderer.styleHash);
  });

  router.patch('/factsheets/:id', async (ctx: PathContext) => {
    const caller = await deps.meter.caller(ctx);
    const body = FactsheetPatchRequest.safeParse(ctx.request.body ?? {});
    if (!body.success)
      return deps.meter.refuse(caller, errors.invalidBody('Expected {"favorite": true | false}', issuesOf(body.error)));
    await deps.meter.charge(ctx, caller, FREE);
    const sheet = await deps.sheets.setFavorite(caller.accountId, ctx.params.id, body.data.favorite);
    if (!sheet) throw sheetNotFound(ctx.params.id);
    ctx.body = presentFactsheet(deps, sheet);
  });

  router.delete('/factsheets/:id', async (ctx: PathContext) => {
    const caller = await deps.meter.caller(ctx);
    await deps.meter.charge(ctx, caller, FREE);
    if (!(await deps.sheets.remove(caller.accountId, ctx.params.id))) throw sheetNotFound(ctx.params.id);
    ctx.body = { deleted: true, id: ctx.params.id };
  });
}

/**
 * The body of POST /factsheets; a bad ISIN is invalid_isin, anything else malformed invalid_body, both before anything
 * is counted.
 */
async function createRequest(deps: FactsheetRouteDeps, ctx: PathContext, caller: AuthState) {
  const body = FactsheetCreateRequest.safeParse(ctx.request.body ?? {});
  if (!body.success) {
    return deps.meter.refuse(
      caller,
      errors.invalidBody(
        'Expected {"isin": "...", "format": "html" | "pdf", "deliver": "document" | "link", "language": "en" | "fr"}',
        issuesOf(body.error),
      ),
    );
  }
  const isin = RequestIsin.safeParse(body.data.isin);
  if (!isin.success) return deps.meter.refuse(caller, errors.invalidIsin(body.data.isin));
  return { ...body.data, isin: isin.data, accountId: caller.accountId };
}

const IdParam = z.object({
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, example: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e' }),
});
const COMMON = {
  401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
  429: errorResponse('rate_limited (burst)'),
};
const DOCUMENT_HEADERS = {
  'X-Factsheet-Id': { description: 'The saved sheet', schema: { type: 'string' as const, format: 'uuid' } },
  'X-Factsheet-Url': { description: 'Keyless link to the HTML page', schema: { type: 'string' as const } },
  'X-Factsheet-Pdf-Url': { description: 'Keyless link to the PDF', schema: { type: 'string' as const } },
};
const PAGE = {
  'text/html': { schema: z.string().openapi({ description: 'One A4 page; charts are inline SVG; no script' }) },
};

registry.registerPath({
  method: 'post',
  path: '/factsheets',
  summary: 'Make a one-page factsheet (HTML or PDF) and save it',
  security: SECURED,
  description:
    '1 credit for HTML, 2 for PDF, charged only when the sheet is delivered as asked (a 404, 502, 503 costs nothing). The fund is found as by ' +
    'GET /funds/{isin} (a cold ISIN is loaded first). The sheet keeps a snapshot of the fund data: its documents are rendered from it and never ' +
    'change. With deliver=document the answer is the document; with deliver=link, the saved sheet as JSON. A PDF is printed by the Temporal ' +
    'workflow factsheet-render/<id>; when the renderer is unavailable the HTML sheet is still saved and the answer is 503 pdf_unavailable with ' +
    'the sheet (and its links) in `factsheet`.',
  request: { body: { required: true, content: { 'application/json': { schema: FactsheetCreateRequest } } } },
  responses: {
    200: {
      description: 'The document (deliver=document) or the saved sheet (deliver=link)',
      headers: { ...RATE_LIMIT_HEADERS, ...DOCUMENT_HEADERS },
      links: linksTo('/factsheets/{id}', ['get', 'patch', 'delete'], '$response.header.X-Factsheet-Id'),
      content: { 'application/json': { schema: FactsheetSchema }, ...PAGE, ...PDF_CONTENT },
    },
    400: errorResponse('invalid_body, invalid_isin'),
    404: errorResponse('fund_not_found (with the empty data skeleton)'),
    502: errorResponse('upstream_error'),
    503: errorResponse('pdf_unavailable (the HTML sheet is saved; `factsheet` has its links) or service_unavailable'),
    ...COMMON,
    429: errorResponse('rate_limited: credits or burst'),
  },
});
registry.registerPath({
  method: 'get',
  path: '/factsheets',
  summary: "List the account's saved factsheets, newest first",
  security: SECURED,
  description: 'Free; counts toward the burst. Unknown query parameters are refused (400 invalid_query).',
  request: { query: FactsheetListQuery },
  responses: {
    200: {
      description: 'Saved sheets',
      headers: RATE_LIMIT_HEADERS,
      content: { 'application/json': { schema: FactsheetList } },
    },
    400: errorResponse('invalid_query'),
    ...COMMON,
  },
});
registry.registerPath({
  method: 'get',
  path: '/factsheets/{id}',
  summary: 'A saved factsheet, or its document rendered from its snapshot',
  security: SECURED,
  description: "Free; counts toward the burst. Another account's sheet, or a deleted one, is 404 not_found.",
  request: { params: IdParam, query: FactsheetDocumentQuery },
  responses: {
    200: {
      description: 'The sheet (format=json) or its document',
      content: { 'application/json': { schema: FactsheetSchema }, ...PAGE, ...PDF_CONTENT },
    },
    400: errorResponse('invalid_query'),
    404: errorResponse('not_found'),
    503: errorResponse('pdf_unavailable (format=pdf)'),
    ...COMMON,
  },
});
registry.registerPath({
  method: 'patch',
  path: '/factsheets/{id}',
  summary: 'Star or unstar a factsheet',
  security: SECURED,
  request: {
    params: IdParam,
    body: { required: true, content: { 'application/json': { schema: FactsheetPatchRequest } } },
  },
  responses: {
    200: { description: 'The updated sheet', content: { 'application/json': { schema: FactsheetSchema } } },
    400: errorResponse('invalid_body: favorite must be a boolean'),
    404: errorResponse('not_found'),
    ...COMMON,
  },
});
registry.registerPath({
  method: 'delete',
  path: '/factsheets/{id}',
  summary: 'Delete a factsheet; its keyless links stop working',
  security: SECURED,
  request: { params: IdParam },
  responses: {
    200: { description: 'Deleted', content: { 'application/json': { schema: FactsheetDeleted } } },
    404: errorResponse('not_found'),
    ...COMMON,
  },
});

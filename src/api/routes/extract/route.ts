import type Router from '@koa/router';
import { WorkflowFailedError } from '@temporalio/client';
import type { Context } from 'koa';
import { EXTRACT_FAILURES } from '../../../activities/extraction';
import type { AccountsRepository } from '../../../db/repositories/accounts';
import type { DocumentsRepository } from '../../../db/repositories/documents';
import type { MeteringRepository } from '../../../db/repositories/metering';
import { isinFromRequest } from '../../../domain/isin';
import { COSTS, planAtLeast } from '../../../domain/plans';
import { ExtractJsonRequest, ExtractKind, ExtractMultipartRequest, ExtractResponse } from '../../../schema/extract';
import { RATE_LIMIT_HEADERS, SECURED, errorResponse, registry } from '../../../schema/openapi';
import { assertLooksLikePdf, extractPdfText } from '../../../sources/pdf/text';
import { UnreadableDocumentError } from '../../../sources/types';
import { DependencyUnavailableError } from '../../../usecases/dependencies';
import type { ExtractDocumentInput, ExtractDocumentResult } from '../../../workflows/extractDocument';
import type { DocumentExtractor } from '../../documentExtractor';
import { ApiError, errors } from '../../errors';
import type { Authenticator } from '../../middleware/auth';
import type { Meter } from '../../middleware/meter';
import { readMultipart } from './upload';

export interface ExtractRouteDeps {
  auth: Authenticator;
  meter: Meter;
  accounts: AccountsRepository;
  documents: DocumentsRepository;
  metering: MeteringRepository;
  extractor: DocumentExtractor;
}

type Input = { kind: ExtractKind; isin: string | null; label: string } & (
  | { type: 'file'; bytes: Buffer }
  | { type: 'text'; text: string }
  | { type: 'url'; url: string }
);

export function registerExtractRoutes(router: Router, deps: ExtractRouteDeps): void {
  router.post('/extract', async (ctx: Context) => {
    const auth = await deps.auth.authenticate(ctx);
    const plan = await deps.accounts.planOfKey(auth.keyId);
    if (plan === null) throw errors.revokedKey();
    if (!planAtLeast(plan, 'pro')) throw errors.planRequired('POST /extract', 'pro');

    // Everything is checked before anything is charged or stored: bad input changes nothing.
    const input = await readInput(ctx);
    if (input.type === 'file') await assertReadablePdf(input.bytes, input.label);
    const chargedAt = new Date();
    const { quota } = await deps.meter.charge(ctx, auth, COSTS.extract);

    let result: ExtractDocumentResult;
    try {
      result = await runExtraction(deps, input);
    } catch (err) {
      await deps.metering.refund(auth.keyId, COSTS.extract, chargedAt); // a failed extraction costs nothing
      throw extractionError(err);
    }
    if (result.fieldsFilled === 0) {
      await deps.metering.refund(auth.keyId, COSTS.extract, chargedAt); // a document we could not read costs nothing
      throw errors.nothingExtracted();
    }
    ctx.body = ExtractResponse.parse({
      document: { label: input.label, kind: input.kind, pages: result.pages, chars: result.chars },
      isin: result.isin,
      name: result.name,
      fieldsFilled: result.fieldsFilled,
      credits: COSTS.extract,
      data: result.data,
      plan,
      quota,
    });
  });
}

async function readInput(ctx: Context): Promise<Input> {
  if (ctx.is('multipart/form-data')) {
    const { file, fields } = await readMultipart(ctx);
    if (!file) throw errors.invalidBody('Send the document in a multipart part named "file"');
    if (file.bytes.length === 0) throw errors.invalidBody('The uploaded file is empty');
    return { type: 'file', bytes: file.bytes, label: file.name, ...commonFields(fields.kind, fields.isin) };
  }
  if (!ctx.is('application/json')) throw errors.unsupportedMediaType(ctx.get('Content-Type') || '(none)');
  const parsed = ExtractJsonRequest.safeParse(ctx.request.body ?? {});
  if (!parsed.success) throw errors.invalidBody('Expected {url} or {text}, with optional isin and kind (kid | factsheet)', issuesOf(parsed.error.issues));
  const { url, text, kind, isin } = parsed.data;
  const common = commonFields(kind, isin);
  if (url !== undefined) return { type: 'url', url, label: url, ...common };
  return { type: 'text', text: text!, label: 'text', ...common };
}

function commonFields(kind: unknown, isin: unknown): { kind: ExtractKind; isin: string | null } {
  const parsedKind = ExtractKind.safeParse(kind ?? 'kid');
  if (!parsedKind.success) throw errors.invalidBody('kind must be kid or factsheet');
  if (isin === undefined || isin === '') return { kind: parsedKind.data, isin: null };
  const valid = isinFromRequest(isin);
  if (!valid) throw errors.invalidIsin(String(isin));
  return { kind: parsedKind.data, isin: valid };
}

function issuesOf(issues: { path: PropertyKey[]; message: string }[]) {
  return issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** Refuses what is not a PDF, a truncated PDF and a PDF without a text layer, before anything is stored. */
async function assertReadablePdf(bytes: Buffer, label: string): Promise<void> {
  try {
    assertLooksLikePdf(bytes, label);
    await extractPdfText(bytes, { origin: label, layout: false });
  } catch (err) {
    if (err instanceof UnreadableDocumentError) throw new ApiError(400, 'invalid_document', err.message);
    throw err;
  }
}

async function runExtraction(deps: ExtractRouteDeps, input: Input): Promise<ExtractDocumentResult> {
  const source: ExtractDocumentInput['source'] =
    input.type === 'url'
      ? { type: 'url', url: input.url }
      : {
          type: 'stored',
          ref: await deps.documents.store({
            kind: input.kind,
            mediaType: input.type === 'file' ? 'application/pdf' : 'text/plain',
            origin: input.type === 'file' ? `upload:${input.label}` : 'upload:text',
            retrievedAt: new Date().toISOString(),
            content: input.type === 'file' ? input.bytes : Buffer.from(input.text, 'utf8'),
          }),
        };
  return deps.extractor.extract({ source, kind: input.kind, isin: input.isin });
}

/** The failure type an activity gave (through the workflow and activity failure wrappers). */
function failureType(err: unknown): { type: string | null; message: string } {
  let cause: unknown = err;
  while (cause && typeof cause === 'object') {
    const c = cause as { type?: string; message?: string; cause?: unknown };
    if (c.type) return { type: c.type, message: c.message ?? '' };
    cause = c.cause;
  }
  return { type: null, message: '' };
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  [EXTRACT_FAILURES.unreadable]: [400, 'invalid_document'],
  [EXTRACT_FAILURES.urlRefused]: [400, 'url_not_allowed'],
  [EXTRACT_FAILURES.robots]: [400, 'robots_disallowed'],
  [EXTRACT_FAILURES.tooLarge]: [413, 'file_too_large'],
  [EXTRACT_FAILURES.notFound]: [400, 'document_not_found'],
};

function extractionError(err: unknown): Error {
  if (err instanceof ApiError || err instanceof DependencyUnavailableError) return err; // the latter becomes a 503
  if (err instanceof WorkflowFailedError) {
    const { type, message } = failureType(err);
    const mapped = type ? CLIENT_ERRORS[type] : undefined;
    if (mapped) return new ApiError(mapped[0], mapped[1], message);
  }
  return new ApiError(502, 'upstream_error', 'The document could not be retrieved or read right now; retry later (no credits were charged)');
}

registry.registerPath({
  method: 'post',
  path: '/extract',
  summary: 'Extract fund data from one KID, KIID or factsheet',
  description:
    'Pro plan and up (others: 403 plan_required). Send a PDF (multipart/form-data, part `file`, up to 8 MB, refused as soon as the upload passes 8 MB), ' +
    'or JSON with a public `url` (fetched respecting robots.txt; private, loopback, link-local and metadata addresses are refused, also after redirects) ' +
    'or the document `text`. PDFs without a text layer (scans) are refused. 5 credits, charged only when the extraction succeeds ' +
    'and fills at least one field (a document from which nothing could be read is 422 nothing_extracted, free).',
  security: SECURED,
  request: {
    body: {
      content: {
        'multipart/form-data': { schema: ExtractMultipartRequest },
        'application/json': { schema: ExtractJsonRequest },
      },
    },
  },
  responses: {
    200: { description: 'Extract response', headers: RATE_LIMIT_HEADERS, content: { 'application/json': { schema: ExtractResponse } } },
    400: errorResponse('invalid_body, invalid_isin, invalid_document (not a PDF, truncated, no text layer), url_not_allowed, robots_disallowed, document_not_found'),
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    403: errorResponse('plan_required'),
    413: errorResponse('file_too_large'),
    415: errorResponse('unsupported_media_type'),
    422: errorResponse('nothing_extracted: no field could be read from the document (nothing charged)'),
    429: errorResponse('rate_limited'),
    502: errorResponse('upstream_error'),
    503: errorResponse('service_unavailable: our job engine or database is down; retry after Retry-After seconds (nothing charged)'),
  },
});

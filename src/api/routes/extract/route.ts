import type Router from '@koa/router';
import type { Context } from 'koa';

import type { ErrorCode } from '../../../schema/errors';
import { ExtractJsonRequest, ExtractKind, ExtractMultipartRequest, ExtractResponse } from '../../../schema/extract';
import { errorResponse, RATE_LIMIT_HEADERS, registry, SECURED } from '../../../schema/openapi';
import { RequestIsin } from '../../../schema/requests';
import {
  type ExtractInput,
  type ExtractOutcome,
  requestExtraction,
  type RequestExtractionDeps,
} from '../../../usecases/requestExtraction';
import { ApiError, errors } from '../../errors';
import type { Meter } from '../../middleware/meter';
import { readMultipart } from '../../multipart';

export interface ExtractRouteDeps extends RequestExtractionDeps {
  meter: Meter;
  retryAfterSeconds: number;
}

export function registerExtractRoutes(router: Router, deps: ExtractRouteDeps): void {
  router.post('/extract', async (ctx: Context) => {
    const caller = await deps.meter.caller(ctx);
    const input = await readInput(ctx);
    const billing = deps.meter.billing(ctx, caller, { operation: 'extract', minPlan: 'pro', feature: 'POST /extract' });
    const outcome = await requestExtraction(deps, input, billing);
    if (outcome.outcome === 'unavailable') throw errors.serviceUnavailable(deps.retryAfterSeconds);
    if (outcome.outcome !== 'extracted') throw refusal(outcome);
    const { document } = outcome;
    const { plan, quota, cost } = billing.receipt;
    ctx.body = ExtractResponse.parse({
      document: { label: input.label, kind: input.kind, pages: document.pages, chars: document.chars },
      isin: document.isin,
      name: document.name,
      fieldsFilled: document.fieldsFilled,
      credits: cost,
      data: document.data,
      plan: plan.id,
      quota,
    });
  });
}

/** Why a document or URL was refused, as the contract's errors (nothing was charged). */
const REFUSALS: Record<Extract<ExtractOutcome, { outcome: 'refused' }>['reason'], [number, ErrorCode]> = {
  unreadable: [400, 'invalid_document'],
  urlRefused: [400, 'url_not_allowed'],
  robots: [400, 'robots_disallowed'],
  tooLarge: [413, 'file_too_large'],
  notFound: [400, 'document_not_found'],
};

function refusal(outcome: Exclude<ExtractOutcome, { outcome: 'extracted' | 'unavailable' }>): ApiError {
  if (outcome.outcome === 'nothing_extracted') return errors.nothingExtracted();
  if (outcome.outcome === 'failed') return errors.extractionFailed();
  const [status, code] = REFUSALS[outcome.reason];
  return new ApiError(status, code, outcome.message);
}

/**
 * Parses the request: a multipart upload or JSON {url} / {text}; anything malformed is a 400 before anything is
 * counted.
 */
async function readInput(ctx: Context): Promise<ExtractInput> {
  if (ctx.is('multipart/form-data')) {
    const { file, fields } = await readMultipart(ctx);
    if (!file) throw errors.invalidBody('Send the document in a multipart part named "file"');
    if (file.bytes.length === 0) throw errors.invalidBody('The uploaded file is empty');
    return { type: 'file', bytes: file.bytes, label: file.name, ...commonFields(fields.kind, fields.isin) };
  }
  if (!ctx.is('application/json')) throw errors.unsupportedMediaType(ctx.get('Content-Type') || '(none)');
  const parsed = ExtractJsonRequest.safeParse(ctx.request.body ?? {});
  if (!parsed.success)
    throw errors.invalidBody(
      'Expected {url} or {text}, with optional isin and kind (kid | factsheet)',
      issuesOf(parsed.error.issues),
    );
  const { url, text, kind, isin } = parsed.data;
  const common = commonFields(kind, isin);
  if (url !== undefined) return { type: 'url', url, label: url, ...common };
  return { type: 'text', text: text!, label: 'text', ...common };
}

function commonFields(kind: unknown, isin: string | undefined): { kind: ExtractKind; isin: string | null } {
  const parsedKind = ExtractKind.safeParse(kind ?? 'kid');
  if (!parsedKind.success) throw errors.invalidBody('kind must be kid or factsheet');
  if (isin === undefined || isin === '') return { kind: parsedKind.data, isin: null };
  const valid = RequestIsin.safeParse(isin);
  if (!valid.success) throw errors.invalidIsin(isin);
  return { kind: parsedKind.data, isin: valid.data };
}

function issuesOf(issues: { path: PropertyKey[]; message: string }[]) {
  return issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
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
      required: true,
      content: {
        'multipart/form-data': { schema: ExtractMultipartRequest },
        'application/json': { schema: ExtractJsonRequest },
      },
    },
  },
  responses: {
    200: {
      description: 'Extract response',
      headers: RATE_LIMIT_HEADERS,
      content: { 'application/json': { schema: ExtractResponse } },
    },
    400: errorResponse(
      'invalid_body, invalid_isin, invalid_document (not a PDF, truncated, no text layer), url_not_allowed, robots_disallowed, document_not_found',
    ),
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    403: errorResponse('plan_required'),
    413: errorResponse('file_too_large'),
    415: errorResponse('unsupported_media_type'),
    422: errorResponse('nothing_extracted: no field could be read from the document (nothing charged)'),
    429: errorResponse('rate_limited'),
    502: errorResponse('upstream_error'),
    503: errorResponse(
      'service_unavailable: our job engine or database is down; retry after Retry-After seconds (nothing charged)',
    ),
  },
});

import type { Context, Next } from 'koa';

import { excerpt } from '../domain/excerpt';
import { nextMinuteStart, secondsUntil } from '../domain/metering';
import type { PlanId } from '../domain/plans';
import type { Logger } from '../logger';
import type { ErrorBody, ErrorCode } from '../schema/errors';
import { DependencyUnavailableError } from '../usecases/ports/dependencies';

/** An error meant for the client: status, code and message, plus the fields some codes carry. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Omit<ErrorBody, 'code' | 'message'> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Typed factories: one place for every code of spec section 7 (and our additions). */
export const errors = {
  invalidIsin: (input: unknown) =>
    new ApiError(
      400,
      'invalid_isin',
      `"${excerpt(input, 24)}" is not a valid ISIN (12 characters: country code, 9 alphanumerics, check digit)`,
    ),
  invalidBody: (message: string, issues?: ErrorBody['issues']) =>
    new ApiError(400, 'invalid_body', message, issues ? { issues } : {}),
  invalidQuery: (message: string) => new ApiError(400, 'invalid_query', message),
  tooFewIsins: () => new ApiError(400, 'invalid_isin', 'Overlap compares at least two distinct valid ISINs'),
  noValidIsin: () =>
    new ApiError(
      400,
      'invalid_isin',
      'Not one of the ISINs sent is a valid ISIN (12 characters: country code, 9 alphanumerics, check digit)',
    ),
  batchTooLarge: (sent: number, batchMax: number) =>
    new ApiError(400, 'batch_too_large', `${sent} ISINs sent; this plan takes at most ${batchMax} per call`, {
      batchMax,
    }),
  missingKey: () =>
    new ApiError(401, 'missing_api_key', 'Send your API key as "Authorization: Bearer <key>" or "X-Api-Key: <key>"'),
  invalidKey: () => new ApiError(401, 'invalid_api_key', 'The API key is malformed or unknown'),
  conflictingKeys: () =>
    new ApiError(401, 'invalid_api_key', 'Authorization and X-Api-Key carry different keys; send one key'),
  revokedKey: () => new ApiError(401, 'revoked_api_key', 'The API key has been revoked'),
  planRequired: (feature: string, minimum: PlanId) =>
    new ApiError(403, 'plan_required', `${excerpt(feature, 60)} requires the ${minimum} plan or higher`, {
      requiredPlan: minimum,
    }),
  emailUnverified: (allowance: number) =>
    new ApiError(
      403,
      'email_unverified',
      `An account whose e-mail address is not verified may spend ${allowance} credits; open the link we mailed you (or send it again from the dashboard)`,
    ),
  fundNotFound: (isin: string, extra: ErrorBody['data']) =>
    new ApiError(404, 'fund_not_found', `No public data is retrievable for ${isin}`, { data: extra }),
  scpiNotFound: (id: string) =>
    new ApiError(404, 'not_found', `No SCPI "${excerpt(id, 80)}" in the library (by slug, ISIN or name)`),
  scpiUpstream: (id: string) =>
    new ApiError(
      502,
      'upstream_error',
      `Data for SCPI ${excerpt(id, 80)} could not be retrieved right now; retry later`,
    ),
  notCached: (isin: string) =>
    new ApiError(404, 'not_cached', `${isin} has not been loaded yet; the demo endpoint serves stored funds only`),
  routeNotFound: (method: string, path: string) =>
    new ApiError(404, 'not_found', `No route for ${excerpt(method, 16)} ${excerpt(path, 80)}`),
  methodNotAllowed: (method: string, path: string, allowed: string) =>
    new ApiError(
      405,
      'method_not_allowed',
      `${excerpt(method, 16)} is not allowed on ${excerpt(path, 80)}`,
      {},
      { Allow: allowed },
    ),
  notImplemented: (method: string) =>
    new ApiError(501, 'not_implemented', `The method ${excerpt(method, 16)} is not supported by this API`),
  rateLimited: (
    reason: 'burst' | 'credits_exhausted' | 'overage_cap',
    retryAfter: number,
    resetAt: Date,
    headers: Record<string, string>,
  ) =>
    new ApiError(
      429,
      'rate_limited',
      RATE_MESSAGES[reason],
      { reason, retryAfter, resetAt: resetAt.toISOString() },
      { ...headers, 'Retry-After': String(retryAfter) },
    ),
  /** A per-minute window (a key's burst, the demo's per-IP limit) is full until the next minute. */
  burstLimited: (now: Date, headers: Record<string, string> = {}): ApiError => {
    const reset = nextMinuteStart(now);
    return errors.rateLimited('burst', secondsUntil(reset, now), reset, headers);
  },
  extractionFailed: () =>
    new ApiError(
      502,
      'upstream_error',
      'The document could not be retrieved or read right now; retry later (no credits were charged)',
    ),
  upstream: (isin: string, detail?: string) =>
    new ApiError(
      502,
      'upstream_error',
      `Data for ${isin} could not be retrieved right now${detail ? `: ${detail}` : ''}; retry later`,
    ),
  payloadTooLarge: (limit: string) =>
    new ApiError(413, 'payload_too_large', `The request body is larger than ${limit}`),
  unsupportedMediaType: (type: string) =>
    new ApiError(415, 'unsupported_media_type', `Content-Type ${excerpt(type, 60)} is not accepted here`),
  nothingExtracted: () =>
    new ApiError(
      422,
      'nothing_extracted',
      'No fund data could be read from the document (no field recognised); nothing was charged',
    ),
  /** One of our own dependencies (database, job engine) is down: our fault, retry shortly; nothing is charged. */
  serviceUnavailable: (retryAfterSeconds: number) =>
    new ApiError(
      503,
      'service_unavailable',
      'The service is temporarily unavailable; retry after the number of seconds in Retry-After',
      { retryAfter: retryAfterSeconds },
      { 'Retry-After': String(retryAfterSeconds) },
    ),
};

/** Zod's issues as the error body's `issues` (path and message, at most 20), for a client to see what to fix. */
export function issuesOf(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): ErrorBody['issues'] {
  return error.issues.slice(0, 20).map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/**
 * Every distinct problem with a query string, in one sentence for the error body (the schemas' messages name their
 * parameter).
 */
export function queryMessage(error: { issues: readonly { message: string }[] }): string {
  return [...new Set(error.issues.map((issue) => issue.message))].join('; ');
}

const RATE_MESSAGES = {
  burst: 'Too many requests this minute for this key; slow down',
  credits_exhausted: 'The monthly credits of this plan are spent; they reset at resetAt or on an upgrade',
  overage_cap: 'The monthly credits and the overage cap of this plan are spent; they reset at resetAt',
};

export interface ErrorHandling {
  log: Logger;
  /** The dependency whose outage an error shows (postgres, temporal...), or null. */
  outageOf: (err: unknown) => string | null;
  retryAfterSeconds: number;
}

/**
 * Turns every failure into the JSON error shape: an outage of a dependency becomes a 503 with
 * Retry-After; anything else that is not an ApiError becomes a generic 500 whose details stay in
 * the log (never a stack trace to the client).
 */
export function errorMiddleware(handling: ErrorHandling) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.body == null && ctx.status === 404) throw errors.routeNotFound(ctx.method, ctx.path);
      if (ctx.body == null && ctx.status === 405)
        throw errors.methodNotAllowed(ctx.method, ctx.path, ctx.response.get('Allow'));
      if (ctx.body == null && ctx.status === 501) throw errors.notImplemented(ctx.method);
    } catch (err) {
      const requestId = ctx.state.requestId as string;
      const apiError = toApiError(err, handling, requestId);
      ctx.status = apiError.status;
      ctx.set(apiError.headers);
      ctx.body = errorBody(apiError, requestId);
    }
  };
}

export function errorBody(error: ApiError, requestId: string): ErrorBody {
  return { code: error.code, message: error.message, ...error.extra, requestId };
}

export function toApiError(
  err: unknown,
  { log, outageOf, retryAfterSeconds }: ErrorHandling,
  requestId: string,
): ApiError {
  if (err instanceof ApiError) return err;
  const dependency = err instanceof DependencyUnavailableError ? err.dependency : outageOf(err);
  if (dependency) {
    log.warn({ dependency, requestId, err: String(err) }, 'request failed: dependency unavailable');
    return errors.serviceUnavailable(retryAfterSeconds);
  }
  const e = err as { status?: number; type?: string; expose?: boolean; message?: string };
  // Errors raised by the body parser (koa's http-errors): malformed JSON, too large, wrong type.
  if (e?.type === 'entity.too.large' || e?.status === 413) return errors.payloadTooLarge('the limit');
  if (e?.status === 415) return errors.unsupportedMediaType('of this request');
  if (e?.status === 400 || e?.type === 'entity.parse.failed')
    return errors.invalidBody('The request body is not valid JSON');
  log.error({ err, requestId }, 'unhandled error');
  return new ApiError(
    500,
    'internal_error',
    'Something went wrong on our side; the request id identifies it in our logs',
  );
}

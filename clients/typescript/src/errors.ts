import type { components } from './schema';

type ErrorBody = components['schemas']['Error'];

/** The code of an answer that was not the API's JSON error body (a proxy's HTML page, an empty 502...). */
export const UNEXPECTED_RESPONSE = 'unexpected_response';

/** Every error code the API documents, and ours for an answer that is not an API error. */
export type FundDataErrorCode = components['schemas']['ErrorCode'] | typeof UNEXPECTED_RESPONSE;

/** What a FundDataError is made of. */
export interface FundDataErrorFields {
  status: number;
  code: FundDataErrorCode;
  message: string;
  requestId: string | null;
  retryAfter: number | null;
  reason: components['schemas']['ErrorReason'] | null;
  body: unknown;
}

/**
 * A non-2xx answer of the API. `code` is the body's code (the API's fixed list; a newer server may send a code this
 * client does not know yet, passed on as is), or `unexpected_response` when the body was not the API's JSON error.
 */
export class FundDataError extends Error implements FundDataErrorFields {
  override readonly name = 'FundDataError';
  readonly status: number;
  readonly code: FundDataErrorCode;
  /** The server's X-Request-Id: quote it when you report a problem. */
  readonly requestId: string | null;
  /** Seconds to wait before trying again (429, 503), from the body or the Retry-After header. */
  readonly retryAfter: number | null;
  /** Why a 429 was answered: credits_exhausted, overage_cap or burst. */
  readonly reason: components['schemas']['ErrorReason'] | null;
  /** The parsed JSON body (an Error object for API errors), or the raw text when it was not JSON. */
  readonly body: unknown;

  constructor(fields: FundDataErrorFields) {
    super(fields.message);
    this.status = fields.status;
    this.code = fields.code;
    this.requestId = fields.requestId;
    this.retryAfter = fields.retryAfter;
    this.reason = fields.reason;
    this.body = fields.body;
  }

  /** The error of a non-2xx response, reading its body. */
  static async fromResponse(response: Response): Promise<FundDataError> {
    const text = await response.text().catch(() => '');
    return FundDataError.fromBody(response, parsedOrText(text));
  }

  /** The error of a non-2xx response whose body was already read (parsed JSON, or the text when not JSON). */
  static fromBody(response: Response, body: unknown): FundDataError {
    const headerRequestId = response.headers.get('X-Request-Id');
    const headerRetryAfter = retryAfterSeconds(response.headers.get('Retry-After'));
    if (!isErrorBody(body)) {
      const type = response.headers.get('Content-Type') ?? 'no content type';
      return new FundDataError({
        status: response.status,
        code: UNEXPECTED_RESPONSE,
        message: `Unexpected answer ${response.status} ${response.statusText} (${type}) from ${response.url || 'the API'}`,
        requestId: headerRequestId,
        retryAfter: headerRetryAfter,
        reason: null,
        body,
      });
    }
    return new FundDataError({
      status: response.status,
      code: body.code,
      message: body.message,
      // The optional fields are checked too: a body that only looks like ours must not break the error.
      requestId: typeof body.requestId === 'string' ? body.requestId : headerRequestId,
      retryAfter: typeof body.retryAfter === 'number' ? body.retryAfter : headerRetryAfter,
      reason: typeof body.reason === 'string' ? body.reason : null,
      body,
    });
  }
}

/**
 * An export whose body ended before its last line did (or carried a line that is not JSON): the server failed
 * while streaming it. Nothing is wrong with the lines already read; run the export again.
 */
export class ExportCutShortError extends Error {
  override readonly name = 'ExportCutShortError';

  constructor(
    /** Complete lines read before the failure. */
    readonly linesRead: number,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`The export was cut short after ${linesRead} lines (${detail}): retry it`, options);
  }
}

/** Retry-After as seconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(header: string | null): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The API's error body: an object with a string code and message (other fields are optional). */
function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { code, message } = body as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string';
}

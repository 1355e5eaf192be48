import { retryAfterSeconds } from './errors';

/** When to send a request again after a 429 or 503. */
export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  /** The longest wait honoured: a longer Retry-After (credits spent until next month) is answered at once. */
  maxRetryWaitSeconds: number;
}

/** The fetch openapi-fetch calls: one Request in, its Response out. */
export type SendRequest = (request: Request) => Promise<Response>;

/** 429: refused before any work (burst, credits); 503: a dependency is down for a while. Both are worth a retry. */
const RETRIED_STATUSES = new Set([429, 503]);

/** Methods whose request may have done something before a 503: sent again only after a 503 service_unavailable. */
const UNSAFE_METHODS = new Set(['POST', 'PATCH']);

/** The longest wait between attempts when the server says nothing (exponential: 1, 2, 4... seconds). */
const MAX_BACKOFF_SECONDS = 30;

/** `send`, sending a request again on 429 and 503 as the policy and the server's Retry-After allow. */
export function withRetries(send: SendRequest, policy: RetryPolicy): SendRequest {
  return async (request) => {
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt >= policy.retries;
      // A request body can be sent once: every attempt but the last sends a copy.
      const response = await send(last ? request : request.clone());
      const wait = last ? null : await secondsBeforeRetry(request.method, response, attempt, policy);
      if (wait === null) return response;
      await response.body?.cancel();
      await pause(wait, request.signal);
    }
  };
}

/** How long to wait before the next attempt, or null when the response is the answer. */
async function secondsBeforeRetry(
  method: string,
  response: Response,
  attempt: number,
  policy: RetryPolicy,
): Promise<number | null> {
  if (!RETRIED_STATUSES.has(response.status)) return null;
  const body = await peekJson(response);
  // A 503 pdf_unavailable comes after POST /factsheets saved the HTML sheet: sending it again would save another.
  if (response.status === 503 && UNSAFE_METHODS.has(method) && body.code !== 'service_unavailable') return null;
  const seconds =
    retryAfterSeconds(response.headers.get('Retry-After')) ??
    (typeof body.retryAfter === 'number' ? body.retryAfter : null) ??
    Math.min(2 ** attempt, MAX_BACKOFF_SECONDS);
  return seconds <= policy.maxRetryWaitSeconds ? seconds : null;
}

/** The JSON object of a response, read from a copy so the response can still be read; {} when it is not one. */
async function peekJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const body = (await response.clone().json()) as unknown;
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Resolves after `seconds`, or rejects as soon as the request is aborted. */
function pause(seconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, seconds * 1000);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('The request was aborted');
}

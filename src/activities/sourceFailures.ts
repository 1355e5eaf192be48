/**
 * How a source's "not now" becomes a Temporal retry. Connectors make one attempt per request and
 * never retry themselves; the activity that calls them is retried by its policy (for a load,
 * LOAD_ACTIVITY_OPTIONS in workflows/loadFund.ts), the one place retries are decided. A server's
 * Retry-After reaches that policy as the failure's nextRetryDelay.
 */
import { ApplicationFailure, type Info } from '@temporalio/activity';
import type { RetryPolicy } from '@temporalio/common';

import { DocumentUnavailableError } from '../sources/httpConnector';

/**
 * Longest wait granted to a Retry-After when the activity does not know its policy (older servers do
 * not send it): LOAD_ACTIVITY_OPTIONS.retry.maximumInterval. A server asking for longer is retried
 * after this anyway; the attempts stay bounded by the policy's maximumAttempts.
 */
export const FALLBACK_MAX_RETRY_DELAY_MS = 20_000;

/** Temporal's defaults for a policy field left unset. */
const DEFAULT_INITIAL_INTERVAL_MS = 1000;
const DEFAULT_BACKOFF_COEFFICIENT = 2;

/** The worker hands the policy over with durations in milliseconds; anything else counts as unset. */
const millis = (duration: unknown): number | undefined => (typeof duration === 'number' ? duration : undefined);

/**
 * The delay before the next attempt when the server asked for `askedMs`: what it asked for, but never
 * less than the policy's own back-off after this attempt and never more than its maximumInterval.
 */
export function retryDelayMs(askedMs: number, attempt: number, policy: RetryPolicy | undefined): number {
  const initial = millis(policy?.initialInterval) ?? DEFAULT_INITIAL_INTERVAL_MS;
  const coefficient = policy?.backoffCoefficient ?? DEFAULT_BACKOFF_COEFFICIENT;
  const cap = millis(policy?.maximumInterval) ?? FALLBACK_MAX_RETRY_DELAY_MS;
  const backoff = initial * coefficient ** Math.max(0, attempt - 1);
  return Math.min(cap, Math.max(backoff, askedMs));
}

/**
 * A transient source failure as a retryable ApplicationFailure of the source error's type, message and cause,
 * carrying the server's Retry-After as nextRetryDelay; any other error is returned as is.
 */
export function retryLaterOnUnavailable(err: unknown, info: Pick<Info, 'attempt' | 'retryPolicy'>): unknown {
  if (!(err instanceof DocumentUnavailableError)) return err;
  const failure = ApplicationFailure.create({
    message: err.message,
    type: err.name,
    nonRetryable: false,
    cause: err.cause instanceof Error ? err.cause : undefined,
    nextRetryDelay:
      err.retryAfterMs === null ? undefined : retryDelayMs(err.retryAfterMs, info.attempt, info.retryPolicy),
  });
  if (err.stack) failure.stack = err.stack;
  return failure;
}

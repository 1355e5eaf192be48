/**
 * How a source's "not now" becomes a Temporal retry. Connectors make one attempt per request and
 * never retry themselves; the activity that calls them is retried by its policy (for a load,
 * LOAD_ACTIVITY_OPTIONS in workflows/loadFund.ts), the one place retries are decided. A server's
 * Retry-After reaches that policy as the failure's nextRetryDelay.
 */
import { ApplicationFailure, type Info } from '@temporalio/activity';
import type { RetryPolicy } from '@temporalio/common';

import { ISSUERS_UNREACHABLE, LOAD_RETRY_MAX_INTERVAL_MS } from '../domain/failures';
import { IssuersUnavailableError } from '../sources/issuers/connector';

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
  // Older servers do not hand the policy over: the load policy's own cap then (a server asking for longer is
  // retried after it anyway; the attempts stay bounded by maximumAttempts).
  const cap = millis(policy?.maximumInterval) ?? LOAD_RETRY_MAX_INTERVAL_MS;
  const backoff = initial * coefficient ** Math.max(0, attempt - 1);
  return Math.min(cap, Math.max(backoff, askedMs));
}

/**
 * Managers that could not be asked, as a Temporal failure carrying the message that names them: retryable when a later
 * attempt may work (a timeout, a 5xx: with the server's Retry-After as nextRetryDelay), non-retryable
 * (`IssuersUnreachable`) when every host failing is unreachable or not asked (its circuit open), so the caller gets its
 * 502 at once instead of after the back-off. Any other error is returned as is.
 */
export function retryLaterOnUnavailable(err: unknown, info: Pick<Info, 'attempt' | 'retryPolicy'>): unknown {
  if (!(err instanceof IssuersUnavailableError)) return err;
  if (!err.transient) return ApplicationFailure.nonRetryable(err.message, ISSUERS_UNREACHABLE);
  const failure = ApplicationFailure.create({
    message: err.message,
    type: err.name,
    nonRetryable: false,
    nextRetryDelay:
      err.retryAfterMs === null ? undefined : retryDelayMs(err.retryAfterMs, info.attempt, info.retryPolicy),
  });
  if (err.stack) failure.stack = err.stack;
  return failure;
}

import type { Plan } from './plans';

/** Calendar helpers: credits reset at 00:00 UTC on the 1st, bursts at the top of each UTC minute. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export function minuteStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000);
}

export function nextMinuteStart(now: Date): Date {
  return new Date(minuteStart(now).getTime() + 60_000);
}

/** Whole seconds until `then`, at least 1, for Retry-After. */
export function secondsUntil(then: Date, now: Date): number {
  return Math.max(1, Math.ceil((then.getTime() - now.getTime()) / 1000));
}

export type RefusalReason = 'burst' | 'credits_exhausted' | 'overage_cap';

/**
 * Why a charge past the ceiling (credits + overageCap, applied in meter_batch) is refused: paid plans
 * hit their overage cap, the free plan runs out.
 */
export function creditRefusal(plan: Plan): RefusalReason {
  return plan.overageCap > 0 ? 'overage_cap' : 'credits_exhausted';
}

export interface Quota {
  limit: number | null;
  remaining: number | null;
  used: number;
  overageUsed: number;
  resetAt: string;
  burst: { limit: number | null; remaining: number | null };
}

/** The Quota object (spec 2.2) from the counters after the call. */
export function quotaOf(plan: Plan, used: number, burstCount: number, now: Date): Quota {
  const limit = plan.credits;
  return {
    limit,
    remaining: limit === null ? null : Math.max(0, limit - used),
    used,
    overageUsed: limit === null ? 0 : Math.max(0, used - limit),
    resetAt: nextMonthStart(now).toISOString(),
    burst: { limit: plan.burstPerMinute, remaining: Math.max(0, plan.burstPerMinute - burstCount) },
  };
}

/** Rate-limit headers of section 8; credit headers are left out when the plan has no monthly ceiling. */
export function rateLimitHeaders(quota: Quota): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Reset': String(Math.floor(Date.parse(quota.resetAt) / 1000)),
  };
  if (quota.limit !== null) headers['X-RateLimit-Limit'] = String(quota.limit);
  if (quota.remaining !== null) headers['X-RateLimit-Remaining'] = String(quota.remaining);
  if (quota.burst.limit !== null) headers['X-Burst-Limit'] = String(quota.burst.limit);
  if (quota.burst.remaining !== null) headers['X-Burst-Remaining'] = String(quota.burst.remaining);
  return headers;
}

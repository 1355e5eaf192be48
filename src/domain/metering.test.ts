import {
  creditRefusal,
  minuteStart,
  monthStart,
  nextMinuteStart,
  nextMonthStart,
  quotaOf,
  rateLimitHeaders,
  secondsUntil,
} from './metering';
import { describeQuota, planAtLeast, PLANS } from './plans';

describe('calendar windows', () => {
  it('resets credits at 00:00 UTC on the 1st, also across a year end', () => {
    expect(monthStart(new Date('2026-11-21T09:00:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(nextMonthStart(new Date('2026-12-31T23:59:59.999Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(monthStart(new Date('2026-12-01T00:00:00.000Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextMonthStart(new Date('2026-02-28T12:00:00Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('uses UTC, not local time, at the month boundary', () => {
    // 23:30 on 31 October in UTC-5 is already November in UTC.
    expect(monthStart(new Date('2026-10-31T23:30:00-05:00')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('cuts minutes and counts seconds to wait', () => {
    const now = new Date('2026-11-21T09:00:59.100Z');
    expect(minuteStart(now).toISOString()).toBe('2026-11-21T09:00:00.000Z');
    expect(nextMinuteStart(now).toISOString()).toBe('2026-11-21T09:01:00.000Z');
    expect(secondsUntil(nextMinuteStart(now), now)).toBe(1);
    expect(secondsUntil(now, now)).toBe(1);
    expect(secondsUntil(new Date('2026-11-21T09:01:00Z'), new Date('2026-11-21T09:00:00Z'))).toBe(60);
  });
});

describe('credit ceilings', () => {
  it('lets paid plans run into overage up to their cap and stops the free plan at its allowance', () => {
    expect(PLANS.free.credits! + PLANS.free.overageCap).toBe(150);
    expect(creditRefusal(PLANS.free)).toBe('credits_exhausted');
    for (const id of ['starter', 'pro', 'scale'] as const) {
      expect(PLANS[id].overageCap).toBeGreaterThan(0);
      expect(creditRefusal(PLANS[id])).toBe('overage_cap');
    }
    expect(PLANS.enterprise.credits).toBeNull();
  });

  it('has the credits and batch sizes of the contract', () => {
    expect([PLANS.free, PLANS.starter, PLANS.pro, PLANS.scale].map((p) => p.credits)).toEqual([150, 1500, 9000, 60000]);
    expect(Object.values(PLANS).map((p) => p.batchMax)).toEqual([1, 10, 50, 200, 1000]);
  });

  it('gates features by rank', () => {
    expect(planAtLeast('pro', 'pro')).toBe(true);
    expect(planAtLeast('starter', 'pro')).toBe(false);
    expect(planAtLeast('enterprise', 'scale')).toBe(true);
  });

  it('describes the allowance in words', () => {
    expect(describeQuota(PLANS.starter)).toBe(
      '1,500 credits per month, then up to 1,500 overage credits at 0.01 USD each; 60 requests per minute',
    );
    expect(describeQuota(PLANS.free)).toBe('150 credits per month; 10 requests per minute');
  });
});

describe('quota object', () => {
  const now = new Date('2026-11-21T09:00:00Z');

  it('counts remaining down to zero and overage beyond the allowance', () => {
    expect(quotaOf(PLANS.free, 0, 0, now)).toEqual({
      limit: 150,
      remaining: 150,
      used: 0,
      overageUsed: 0,
      resetAt: '2026-12-01T00:00:00.000Z',
      burst: { limit: 10, remaining: 10 },
    });
    expect(quotaOf(PLANS.starter, 1500, 3, now)).toMatchObject({
      remaining: 0,
      used: 1500,
      overageUsed: 0,
      burst: { remaining: 57 },
    });
    expect(quotaOf(PLANS.starter, 1501, 61, now)).toMatchObject({
      remaining: 0,
      used: 1501,
      overageUsed: 1,
      burst: { remaining: 0 },
    });
  });

  it('reports null limits for a plan without a monthly ceiling', () => {
    expect(quotaOf(PLANS.enterprise, 12345, 1, now)).toMatchObject({
      limit: null,
      remaining: null,
      used: 12345,
      overageUsed: 0,
    });
  });

  it('turns a quota into the section 8 headers', () => {
    const headers = rateLimitHeaders(quotaOf(PLANS.pro, 10, 1, now));
    expect(headers).toEqual({
      'X-RateLimit-Limit': '9000',
      'X-RateLimit-Remaining': '8990',
      'X-RateLimit-Reset': String(Date.UTC(2026, 11, 1) / 1000),
      'X-Burst-Limit': '300',
      'X-Burst-Remaining': '299',
    });
    expect(rateLimitHeaders(quotaOf(PLANS.enterprise, 1, 1, now))).not.toHaveProperty('X-RateLimit-Limit');
  });
});

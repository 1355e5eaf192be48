import { monthStart, type Quota } from '../domain/metering';
import { describeQuota, type Plan } from '../domain/plans';
import type { Account } from '../schema/account';

/** GET /me: the account as the metering round trip reported it (no further query). */
export function describeAccount(email: string, plan: Plan, quota: Quota, now = new Date()): Account {
  return {
    email,
    plan: {
      id: plan.id,
      name: plan.name,
      credits: plan.credits,
      burstPerMinute: plan.burstPerMinute,
      batchMax: plan.batchMax,
      overageUsd: plan.overageUsd,
      quota: describeQuota(plan),
    },
    quota,
    usage: { thisMonth: quota.used, monthStart: monthStart(now).toISOString() },
  };
}

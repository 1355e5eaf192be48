import { monthStart, type Quota, quotaOf } from '../domain/metering';
import { type Plan, PLANS, UNVERIFIED_CREDITS } from '../domain/plans';
import type { AccountRecord, AccountStore, KeyRecord, UsageRow } from './ports/accounts';

/** The dashboard's stories: the month's usage, and the account's API keys. */

export interface Usage {
  plan: Plan;
  quota: Quota;
  monthStart: Date;
  unverifiedAllowance: number;
  days: UsageRow[];
}

/** The plan as it is now (an operator's change shows on the next page), credits this month, calls per day. */
export async function usageOf(accounts: AccountStore, account: AccountRecord, now = new Date()): Promise<Usage> {
  const start = monthStart(now);
  const { used, days } = await accounts.usage(account.id, start);
  const plan = PLANS[account.plan];
  return {
    plan,
    quota: quotaOf(plan, used, 0, now),
    monthStart: start,
    unverifiedAllowance: UNVERIFIED_CREDITS,
    days,
  };
}

/** Active keys an account may hold at once. */
export const MAX_ACTIVE_KEYS = 20;
const LABEL_MAX = 100;

/** A key's name as typed, made printable: control characters out, spaces folded, at most 100 characters. */
export function keyLabel(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;

  const label = raw
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return label === '' ? null : [...label].slice(0, LABEL_MAX).join('');
}

export type KeyCreation =
  { outcome: 'created'; id: string; key: string; label: string | null } | { outcome: 'refused'; message: string };

export async function createKey(accounts: AccountStore, accountId: number, rawLabel: unknown): Promise<KeyCreation> {
  const active = (await accounts.keys(accountId)).filter((k: KeyRecord) => k.revokedAt === null);
  if (active.length >= MAX_ACTIVE_KEYS)
    return { outcome: 'refused', message: `An account has at most ${MAX_ACTIVE_KEYS} active keys; revoke one first` };
  const label = keyLabel(rawLabel);
  const { id, key } = await accounts.createKey(accountId, label);
  return { outcome: 'created', id, key, label };
}

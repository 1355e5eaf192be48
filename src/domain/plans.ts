/**
 * The five plans of the contract (spec sections 1 and 8). Burst values and overage
 * terms are ours (the contract leaves them open); the README lists them.
 * `credits: null` means metered without a monthly ceiling.
 */
export const PLAN_IDS = ['free', 'starter', 'pro', 'scale', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  priceUsd: number | null;
  credits: number | null;
  burstPerMinute: number;
  batchMax: number;
  /** Credits that may be billed beyond `credits` in a month; 0 = no overage. */
  overageCap: number;
  /** Price of one overage credit. */
  overageUsd: number;
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    priceUsd: 0,
    credits: 150,
    burstPerMinute: 10,
    batchMax: 1,
    overageCap: 0,
    overageUsd: 0,
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    priceUsd: 9,
    credits: 1500,
    burstPerMinute: 60,
    batchMax: 10,
    overageCap: 1500,
    overageUsd: 0.01,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    priceUsd: 49,
    credits: 9000,
    burstPerMinute: 300,
    batchMax: 50,
    overageCap: 9000,
    overageUsd: 0.008,
  },
  scale: {
    id: 'scale',
    name: 'Scale',
    priceUsd: 249,
    credits: 60000,
    burstPerMinute: 1200,
    batchMax: 200,
    overageCap: 60000,
    overageUsd: 0.005,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceUsd: null,
    credits: null,
    burstPerMinute: 6000,
    batchMax: 1000,
    overageCap: 0,
    overageUsd: 0,
  },
};

/**
 * Credits an account may spend before its e-mail address is verified (whatever its plan): enough to try
 * the API from the key shown at sign-up, not enough to farm the free plan with made-up addresses.
 */
export const UNVERIFIED_CREDITS = 20;

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** Plans in ascending order of features: the rank a gated feature asks for (kept in Postgres by migrate). */
export function planRank(plan: PlanId): number {
  return PLAN_IDS.indexOf(plan);
}

/** Feature gating: true when `plan` is `minimum` or higher. */
export function planAtLeast(plan: PlanId, minimum: PlanId): boolean {
  return planRank(plan) >= planRank(minimum);
}

/** Human-readable allowance for GET /me. */
export function describeQuota(plan: Plan): string {
  const fmt = (n: number) => n.toLocaleString('en-US');
  const monthly =
    plan.credits === null ? 'metered credits, no monthly ceiling' : `${fmt(plan.credits)} credits per month`;
  const overage =
    plan.overageCap > 0 ? `, then up to ${fmt(plan.overageCap)} overage credits at ${plan.overageUsd} USD each` : '';
  return `${monthly}${overage}; ${fmt(plan.burstPerMinute)} requests per minute`;
}

/** Credit cost per operation (spec section 1). */
export const COSTS = {
  fund: 1,
  /** GET /scpi/{idOrIsin}. */
  scpi: 1,
  /** GET /export: 1 per call whatever its size. */
  export: 1,
  extract: 5,
  /** POST /factsheets: 1 for an HTML sheet, 2 for a PDF. */
  factsheetHtml: 1,
  factsheetPdf: 2,
  free: 0,
} as const;

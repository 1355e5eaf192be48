import type { Context } from 'koa';

import { API_PREFIX } from '../../config';
import type { MeteringRepository } from '../../db/repositories/metering';
import {
  creditRefusal,
  nextMonthStart,
  type Quota,
  quotaOf,
  rateLimitHeaders,
  secondsUntil,
} from '../../domain/metering';
import { COSTS, type Plan, type PlanId, planRank, PLANS, UNVERIFIED_CREDITS } from '../../domain/plans';
import type { Billing, ItemBilling } from '../../usecases/ports/billing';
import { type ApiError, errors } from '../errors';
import type { Authenticator, AuthState } from './auth';
import { setHeads } from './responseHead';

export interface MeterOptions {
  /** What the call is, for its price in credits (spec section 1; free calls still count toward the burst). */
  operation: keyof typeof COSTS;
  /** The lowest plan allowed to make the call: lower plans get 403 plan_required, charged nothing. */
  minPlan?: PlanId;
  /** How the refusal names the feature ("POST /extract"). */
  feature?: string;
}

/** A call that passed the gate, the burst limit and the credit ceiling, and was charged `cost`. */
export interface Charged {
  auth: AuthState;
  plan: Plan;
  email: string;
  quota: Quota;
  cost: number;
  chargedAt: Date;
  /** The call on the dashboard's chart ("GET /funds/:isin"). */
  operation: string;
}

/** Where calls and credits per day and operation go, for the dashboard (db/repositories/usageRecorder.ts). */
export interface UsageLog {
  record(entry: {
    accountId: number;
    keyId: string;
    operation: string;
    calls: number;
    credits: number;
    at: Date;
  }): void;
}

/**
 * What the call is on the dashboard's chart: its method and route ("GET /funds/:isin"), the route as the router
 * matched it (the fund fast path names its own), without the API prefix; never the path itself, which would make
 * one operation per ISIN.
 */
function operationOf(ctx: Context): string {
  const route = (ctx as Context & { _matchedRoute?: unknown })._matchedRoute;
  if (typeof route !== 'string') return `${ctx.method} (other)`;
  return `${ctx.method} ${route.startsWith(API_PREFIX) ? route.slice(API_PREFIX.length) : route}`;
}

/** Reads a key's plan (null when the key is unknown or revoked). */
export interface PlanLookup {
  planOfKey(keyId: string): Promise<PlanId | null>;
}

/**
 * The one way a route meters: authenticate, then gate the plan, take a burst slot and charge the
 * credits in one round trip (meter_batch), set the section 8 headers, and throw 401/403/429.
 * Calls billed per item answered take their burst slot first and charge the items once known (`chargeItems`, all or
 * nothing).
 */
export class Meter {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly metering: MeteringRepository,
    private readonly plans: PlanLookup,
    private readonly usage: UsageLog = { record: () => {} },
  ) {}

  /**
   * The caller's plan, for input limits that depend on it (batch size) before anything is counted; 401 when revoked.
   */
  async planOf(auth: AuthState): Promise<Plan> {
    const plan = await this.plans.planOfKey(auth.keyId);
    if (!plan) throw errors.revokedKey();
    return PLANS[plan];
  }

  /** Who is calling (401 when no valid key); nothing is counted yet. */
  caller(ctx: Context): Promise<AuthState> {
    return this.authenticator.authenticate(ctx);
  }

  /** Authenticates and charges: for routes with no input to check first. */
  async call(ctx: Context, options: MeterOptions): Promise<Charged> {
    return this.charge(ctx, await this.caller(ctx), options);
  }

  /** The Billing port for one request, for use cases that decide when to charge and refund. */
  billing(ctx: Context, auth: AuthState, options: MeterOptions): RequestBilling {
    return new RequestBilling(this, ctx, auth, options);
  }

  async charge(ctx: Context, auth: AuthState, { operation, minPlan, feature }: MeterOptions): Promise<Charged> {
    const cost = COSTS[operation];
    // HEAD would run the whole GET (a cold load included) to send no body: refused, never billed.
    if (ctx.method === 'HEAD') throw errors.methodNotAllowed('HEAD', ctx.path, 'GET');
    const chargedAt = new Date();
    const result = await this.metering.meter(auth.keyId, cost, minPlan ? planRank(minPlan) : 0);
    if (result.status === 'unknown') throw errors.invalidKey();
    if (result.status === 'revoked') throw errors.revokedKey();
    if (result.status === 'plan_required') throw errors.planRequired(feature ?? `${ctx.method} ${ctx.path}`, minPlan!);
    if (result.status === 'unverified') throw errors.emailUnverified(UNVERIFIED_CREDITS);
    const plan = PLANS[result.plan!];
    const quota = quotaOf(plan, result.used, result.burstCount, chargedAt);
    const headers = rateLimitHeaders(quota);
    if (result.status === 'burst') throw errors.burstLimited(chargedAt, headers);
    if (result.status === 'refused') throw creditsRefusal({ plan, quota }, chargedAt);
    setHeads(ctx.res, headers);
    const operationName = operationOf(ctx);
    this.usage.record({
      accountId: auth.accountId,
      keyId: auth.keyId,
      operation: operationName,
      calls: 1,
      credits: cost,
      at: chargedAt,
    });
    return { auth, plan, email: result.email!, quota, cost, chargedAt, operation: operationName };
  }

  /**
   * Charges `count` more credits to a call that took its burst slot (charge at cost 0), all or
   * nothing; returns the call with its quota after the charge, or throws the 429 refusal.
   */
  async chargeItems(ctx: Context, charged: Charged, count: number): Promise<Charged> {
    if (count === 0) return charged;
    const result = await this.metering.chargeCredits(charged.auth.keyId, count);
    if (result.status === 'unknown') throw errors.invalidKey();
    if (result.status === 'revoked') throw errors.revokedKey();
    if (result.status === 'unverified') throw errors.emailUnverified(UNVERIFIED_CREDITS);
    if (result.status === 'refused') throw creditsRefusal(charged, charged.chargedAt);
    this.recordCredits(charged, count);
    const quota = { ...quotaOf(charged.plan, result.used, 0, charged.chargedAt), burst: charged.quota.burst };
    setHeads(ctx.res, rateLimitHeaders(quota));
    return { ...charged, quota, cost: charged.cost + count };
  }

  /** Gives back what `charge` took: a call that failed on our side costs nothing. */
  async refund(charged: Charged): Promise<void> {
    if (charged.cost <= 0) return;
    await this.metering.refund(charged.auth.keyId, charged.cost, charged.chargedAt);
    this.recordCredits(charged, -charged.cost);
  }

  private recordCredits({ auth, operation, chargedAt }: Charged, credits: number): void {
    const { accountId, keyId } = auth;
    this.usage.record({ accountId, keyId, operation, calls: 0, credits, at: chargedAt });
  }

  /** Input refused before anything was charged: a revoked key still answers 401, then the refusal. */
  async refuse(auth: AuthState, refusal: ApiError): Promise<never> {
    if (await this.metering.isRevoked(auth.keyId)) throw errors.revokedKey();
    throw refusal;
  }
}

/** 429 for a call the month's credits (and overage cap) cannot pay. */
function creditsRefusal({ plan, quota }: Pick<Charged, 'plan' | 'quota'>, now: Date): ApiError {
  const reset = nextMonthStart(now);
  return errors.rateLimited(creditRefusal(plan), secondsUntil(reset, now), reset, rateLimitHeaders(quota));
}

/** Billing for one request: charges once through the meter and remembers what it charged, for the answer. */
export class RequestBilling implements Billing, ItemBilling {
  private charged: Charged | null = null;

  constructor(
    private readonly meter: Meter,
    private readonly ctx: Context,
    private readonly auth: AuthState,
    private readonly options: MeterOptions,
  ) {}

  async charge(): Promise<void> {
    this.charged = await this.meter.charge(this.ctx, this.auth, this.options);
  }

  async refund(): Promise<void> {
    if (this.charged) await this.meter.refund(this.charged);
  }

  /** Item billing: the burst slot and the key and plan checks, at no cost. */
  async open(): Promise<void> {
    this.charged = await this.meter.charge(this.ctx, this.auth, { ...this.options, operation: 'free' });
  }

  assertCanPay(count: number): void {
    const { plan, quota, chargedAt } = this.receipt;
    if (plan.credits !== null && count > 0 && quota.used + count > plan.credits + plan.overageCap)
      throw creditsRefusal(this.receipt, chargedAt);
  }

  async chargeItems(count: number): Promise<void> {
    this.charged = await this.meter.chargeItems(this.ctx, this.receipt, count);
  }

  /** What was charged (plan, quota) for presenting the answer; only after charge() succeeded. */
  get receipt(): Charged {
    if (!this.charged) throw new Error('the call was not charged');
    return this.charged;
  }
}

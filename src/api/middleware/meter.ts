import type { Context } from 'koa';
import type { MeteringRepository } from '../../db/repositories/metering';
import { creditRefusal, nextMinuteStart, nextMonthStart, quotaOf, rateLimitHeaders, secondsUntil, type Quota } from '../../domain/metering';
import { PLANS, type Plan } from '../../domain/plans';
import { errors } from '../errors';
import type { AuthState } from './auth';

export interface Metered {
  plan: Plan;
  email: string;
  quota: Quota;
}

/** Charges a call (burst slot + credits) in one round trip, sets the section 8 headers, throws 401/429. */
export class Meter {
  constructor(private readonly metering: MeteringRepository) {}

  async charge(ctx: Context, auth: AuthState, cost: number): Promise<Metered> {
    // HEAD would run the whole GET (a cold load included) to send no body: refused, never billed.
    if (ctx.method === 'HEAD') throw errors.methodNotAllowed('HEAD', ctx.path, 'GET');
    const result = await this.metering.meter(auth.keyId, cost);
    if (result.status === 'unknown') throw errors.invalidKey();
    if (result.status === 'revoked') throw errors.revokedKey();
    const plan = PLANS[result.plan!];
    const now = new Date();
    const quota = quotaOf(plan, result.used, result.burstCount, now);
    const headers = rateLimitHeaders(quota);
    if (result.status === 'burst') {
      const reset = nextMinuteStart(now);
      throw errors.rateLimited('burst', secondsUntil(reset, now), reset, headers);
    }
    if (result.status === 'refused') {
      const reset = nextMonthStart(now);
      throw errors.rateLimited(creditRefusal(plan), secondsUntil(reset, now), reset, headers);
    }
    ctx.set(headers);
    return { plan, email: result.email!, quota };
  }

  /** Gives back what `charge` took at `chargedAt`: a call that failed on our side costs nothing. */
  async refund(auth: AuthState, cost: number, chargedAt: Date): Promise<void> {
    if (cost > 0) await this.metering.refund(auth.keyId, cost, chargedAt);
  }

  /** For requests refused before metering (bad input): still answer 401 for a revoked key. */
  async assertActive(auth: AuthState): Promise<void> {
    if (await this.metering.isRevoked(auth.keyId)) throw errors.revokedKey();
  }
}

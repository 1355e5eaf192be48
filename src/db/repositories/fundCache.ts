import { LRUCache } from 'lru-cache';

import type { FundStore, StoredFund, StoredSummary } from '../../usecases/ports/funds';
import type { FundsRepository } from './funds';

/**
 * A short read-through cache of stored payloads for the hot path (warm GET /funds). Only fresh
 * payloads are remembered, each for `ttlMs` (default 1 s) and never past its own expiresAt, so a
 * refresh by any process shows within that time. A miss or an expired payload is read from the
 * database every time: a request that finds nothing starts or joins a load, and it must see what a
 * load that closed before it began has stored (a remembered miss would start a second run).
 */
export class FundCache implements FundStore {
  private readonly cache: LRUCache<string, StoredFund> | null;
  private readonly summaryCache = new LRUCache<string, StoredSummary>({ max: 100_000 });

  constructor(
    private readonly funds: FundsRepository,
    private readonly ttlMs: number,
    max = 5_000,
  ) {
    this.cache = ttlMs > 0 ? new LRUCache({ max, ttl: ttlMs }) : null;
  }

  async get(isin: string): Promise<StoredFund | null> {
    return this.cache?.get(isin) ?? this.read(isin);
  }

  /** Many at once go to the database: the cache serves the one-fund hot path. */
  getMany(isins: readonly string[]): Promise<Map<string, StoredFund>> {
    return this.funds.getMany(isins);
  }

  /**
   * Summaries are kept by the payload they describe (its generatedAt): a call over 1,000 funds reads
   * their timestamps (small rows) and fetches only the summaries of payloads stored since.
   */
  async summaries(isins: readonly string[]): Promise<Map<string, StoredSummary>> {
    const stamps = await this.funds.stamps(isins);
    const kept = (isin: string) => {
      const summary = this.summaryCache.get(isin);
      return summary && summary.generatedAt.getTime() === stamps.get(isin)!.generatedAt.getTime() ? summary : undefined;
    };
    const changed = [...stamps.keys()].filter((isin) => kept(isin) === undefined);
    const fetched = changed.length > 0 ? await this.funds.summaries(changed) : new Map<string, StoredSummary>();
    for (const summary of fetched.values()) this.summaryCache.set(summary.isin, summary);
    return new Map(
      [...stamps.keys()].flatMap((isin) => {
        const summary = fetched.get(isin) ?? kept(isin);
        return summary ? [[isin, summary] as const] : [];
      }),
    );
  }

  knownMissing(isins: readonly string[], now: Date): Promise<Set<string>> {
    return this.funds.knownMissing(isins, now);
  }

  /** Reads past the cache (after a load) and remembers the result while it is fresh. */
  refresh(isin: string): Promise<StoredFund | null> {
    return this.read(isin);
  }

  private async read(isin: string): Promise<StoredFund | null> {
    const fund = await this.funds.get(isin);
    const freshFor = fund ? fund.expiresAt.getTime() - Date.now() : 0;
    if (fund && freshFor > 0) this.cache?.set(isin, fund, { ttl: Math.min(this.ttlMs, freshFor) });
    return fund;
  }
}

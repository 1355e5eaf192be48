import { LRUCache } from 'lru-cache';
import type { FundStore, StoredFund, StoredSummary } from '../../usecases/ports';
import type { FundsRepository } from './funds';

/**
 * A short read-through cache of stored payloads for the hot path (warm GET /funds). Entries live
 * `ttlMs` (default 1 s), so a refresh by any process shows within that time; concurrent misses for
 * one ISIN share one query. Payload freshness (24 h) is still judged on the entry's own expiresAt.
 */
export class FundCache implements FundStore {
  private readonly cache: LRUCache<string, { fund: StoredFund | null }> | null;
  private readonly summaryCache = new LRUCache<string, StoredSummary>({ max: 100_000 });

  constructor(private readonly funds: FundsRepository, ttlMs: number, max = 5_000) {
    this.cache = ttlMs > 0 ? new LRUCache({ max, ttl: ttlMs, fetchMethod: async (isin) => ({ fund: await funds.get(isin) }) }) : null;
  }

  async get(isin: string): Promise<StoredFund | null> {
    if (!this.cache) return this.funds.get(isin);
    // A hit is answered without a promise round; only misses go through fetch (which shares one query).
    const entry = this.cache.get(isin) ?? (await this.cache.fetch(isin));
    return entry?.fund ?? null;
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
    return new Map([...stamps.keys()].flatMap((isin) => {
      const summary = fetched.get(isin) ?? kept(isin);
      return summary ? [[isin, summary] as const] : [];
    }));
  }

  knownMissing(isins: readonly string[], now: Date): Promise<Set<string>> {
    return this.funds.knownMissing(isins, now);
  }

  /** Reads past the cache (after a load) and remembers the result. */
  async refresh(isin: string): Promise<StoredFund | null> {
    const fund = await this.funds.get(isin);
    this.cache?.set(isin, { fund });
    return fund;
  }
}

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

  summaries(isins: readonly string[]): Promise<Map<string, StoredSummary>> {
    return this.funds.summaries(isins);
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

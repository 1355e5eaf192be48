import { LRUCache } from 'lru-cache';

import type { FundStore, StoredFund, StoredSummary } from '../../usecases/ports/funds';
import type { FundsRepository } from './funds';

/**
 * A short read-through cache of stored payloads for the hot path (warm GET /funds). Only fresh
 * payloads are remembered, each for `ttlMs` (default 1 s) and never past its own expiresAt, so a
 * refresh by any process shows within that time. A miss or an expired payload is read from the
 * database every time: a request that finds nothing starts or joins a load, and it must see what a
 * load that closed before it began has stored (a remembered miss would start a second run).
 *
 * Requests that miss while a read of the same ISIN is under way wait for it rather than each
 * sending its own: when the payload expires from memory in the middle of a burst, the 32 requests
 * in flight would otherwise send some twenty reads of the same 30 KB row at once, filling the pool
 * (the metering batch then waits for a connection) and making as many copies of the payload. A
 * joiner takes what the read found only when it is a fresh payload, which the cache would have
 * served it anyway (a refresh by another process shows within `ttlMs` as before); a miss, an expired
 * payload or a failed read sends a read of its own, so a request still sees what a load that closed
 * before it began has stored.
 */
export class FundCache implements FundStore {
  private readonly cache: LRUCache<string, StoredFund> | null;
  private readonly summaryCache = new LRUCache<string, StoredSummary>({ max: 100_000 });
  /** The read of each ISIN under way, which misses meanwhile join (none when nothing is remembered: ttlMs 0). */
  private readonly reading = new Map<string, Promise<StoredFund | null>>();

  constructor(
    private readonly funds: FundsRepository,
    private readonly ttlMs: number,
    max = 5_000,
  ) {
    this.cache = ttlMs > 0 ? new LRUCache({ max, ttl: ttlMs }) : null;
  }

  async get(isin: string): Promise<StoredFund | null> {
    const cached = this.cache?.get(isin);
    if (cached) return cached;
    const underWay = this.reading.get(isin);
    if (underWay) {
      const fund = await underWay.catch(() => null);
      if (fund && fund.expiresAt.getTime() > Date.now()) return fund;
    }
    return this.read(isin);
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

  private read(isin: string): Promise<StoredFund | null> {
    const reading = this.readAndRemember(isin);
    if (!this.cache) return reading;
    this.reading.set(isin, reading);
    const done = () => {
      if (this.reading.get(isin) === reading) this.reading.delete(isin);
    };
    reading.then(done, done);
    return reading;
  }

  private async readAndRemember(isin: string): Promise<StoredFund | null> {
    const fund = await this.funds.get(isin);
    const freshFor = fund ? fund.expiresAt.getTime() - Date.now() : 0;
    if (fund && freshFor > 0) this.cache?.set(isin, fund, { ttl: Math.min(this.ttlMs, freshFor) });
    return fund;
  }
}

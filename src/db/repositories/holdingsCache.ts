import { LRUCache } from 'lru-cache';

import type { HoldingsSnapshot, HoldingsStamp } from '../../domain/holdings';
import type { HoldingsStore } from '../../usecases/ports/funds';
import type { HoldingsRepository, StoredHoldings } from './holdings';

/**
 * Full holdings kept in the API's memory, keyed by fund and checked against the stamp the payload's
 * summary names: a snapshot never changes under its stamp, so an entry is valid until the fund is
 * reloaded (one at least as new as the stamp also serves: a load that failed after writing its
 * holdings leaves newer lines than the payload names). Bounded by the number of holding lines held (default 2 million,
 * a few hundred MB at most).
 */
export class HoldingsCache implements HoldingsStore {
  private readonly cache: LRUCache<string, StoredHoldings>;

  constructor(
    private readonly holdings: HoldingsRepository,
    maxLines = 2_000_000,
  ) {
    this.cache = new LRUCache({ maxSize: maxLines, sizeCalculation: (s) => Math.max(1, s.holdings.length) });
  }

  async holdingsOf(funds: readonly { isin: string; stamp: HoldingsStamp }[]): Promise<Map<string, HoldingsSnapshot>> {
    const found = new Map<string, HoldingsSnapshot>();
    const missing: string[] = [];
    for (const { isin, stamp } of funds) {
      const cached = this.cache.get(isin);
      if (cached && cached.loadedAt >= stamp.loadedAt) found.set(isin, cached);
      else missing.push(isin);
    }
    if (missing.length === 0) return found;
    for (const [isin, snapshot] of await this.holdings.latest(missing)) {
      this.cache.set(isin, snapshot);
      found.set(isin, snapshot);
    }
    return found;
  }
}

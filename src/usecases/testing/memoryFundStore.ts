import type { FundStore, StoredFund, StoredSummary } from '../ports';

/** An in-memory FundStore for use-case tests: `stored` before a load, `afterLoad` once a load ran. */
export class MemoryFundStore implements FundStore {
  readonly stored = new Map<string, StoredFund>();
  readonly afterLoad = new Map<string, StoredFund>();
  readonly missing = new Set<string>();
  readonly summaryOf = new Map<string, StoredSummary>();

  async get(isin: string): Promise<StoredFund | null> {
    return this.stored.get(isin) ?? null;
  }

  async refresh(isin: string): Promise<StoredFund | null> {
    const loaded = this.afterLoad.get(isin);
    if (loaded) this.stored.set(isin, loaded);
    return this.stored.get(isin) ?? null;
  }

  async getMany(isins: readonly string[]): Promise<Map<string, StoredFund>> {
    const found = new Map<string, StoredFund>();
    for (const isin of isins) {
      const fund = await this.refresh(isin);
      if (fund) found.set(isin, fund);
    }
    return found;
  }

  async summaries(isins: readonly string[]): Promise<Map<string, StoredSummary>> {
    return new Map(isins.flatMap((isin) => (this.summaryOf.has(isin) ? [[isin, this.summaryOf.get(isin)!] as const] : [])));
  }

  async knownMissing(isins: readonly string[]): Promise<Set<string>> {
    return new Set(isins.filter((isin) => this.missing.has(isin)));
  }
}

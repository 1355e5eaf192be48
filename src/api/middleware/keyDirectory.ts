import { LRUCache } from 'lru-cache';

import type { KeyIdRow } from '../../db/repositories/apiKeyIds';

export interface KeyIdSource {
  createdSince(since: Date | null): Promise<KeyIdRow[]>;
}

export interface KeyDirectoryOptions {
  /** Refreshes start at most this often, however many unknown ids arrive. */
  minRefreshMs?: number;
  /** How long an id found in no refresh is refused without asking again. */
  unknownTtlMs?: number;
  unknownMax?: number;
}

/**
 * Overlap of incremental reads: a key inserted by a transaction that began before the newest key
 * we saw, but committed after our read, still has created_at within this margin of it.
 */
const CREATED_AT_MARGIN_MS = 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The set of API key ids that exist, kept in memory (ids only, never secrets). An id it does not
 * know waits for the next refresh, which every concurrent miss shares and which starts at most
 * every `minRefreshMs`; an id still unknown after it is remembered (bounded LRU) and refused at
 * once. So a flood of random keys costs a few small queries per second, not one per attempt,
 * while a key created a moment ago is found by the refresh that follows its first use.
 */
export class KeyDirectory {
  private readonly ids = new Set<string>();
  private readonly unknown: LRUCache<string, true>;
  private readonly minRefreshMs: number;
  private newest: Date | null = null;
  private lastStart = 0;
  private running: Promise<void> | null = null;
  /** The refresh that has not started yet: misses arriving now are answered by it. */
  private next: Promise<void> | null = null;

  constructor(
    private readonly source: KeyIdSource,
    options: KeyDirectoryOptions = {},
  ) {
    this.minRefreshMs = options.minRefreshMs ?? 250;
    this.unknown = new LRUCache({ max: options.unknownMax ?? 100_000, ttl: options.unknownTtlMs ?? 60_000 });
  }

  /** False when no key has this id: refuse it without looking the key up. */
  async exists(id: string): Promise<boolean> {
    if (this.ids.has(id)) return true;
    if (this.unknown.has(id)) return false;
    await this.refreshStartingAfterNow();
    if (this.ids.has(id)) return true;
    this.unknown.set(id, true);
    return false;
  }

  /** A refresh that starts after this call, so it sees every key committed before it. */
  private refreshStartingAfterNow(): Promise<void> {
    this.next ??= this.scheduleRefresh();
    return this.next;
  }

  private async scheduleRefresh(): Promise<void> {
    await this.running?.catch(() => {});
    const wait = this.lastStart + this.minRefreshMs - Date.now();
    if (wait > 0) await sleep(wait);
    this.next = null; // misses from here on need a later refresh than this one
    this.lastStart = Date.now();
    this.running = this.readNewKeys();
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  private async readNewKeys(): Promise<void> {
    const since = this.newest ? new Date(this.newest.getTime() - CREATED_AT_MARGIN_MS) : null;
    for (const row of await this.source.createdSince(since)) {
      this.ids.add(row.id);
      this.unknown.delete(row.id);
      if (!this.newest || row.createdAt > this.newest) this.newest = row.createdAt;
    }
  }
}

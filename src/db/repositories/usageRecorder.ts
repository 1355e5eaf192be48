import type { Pool } from 'pg';

/** What a process counted for one (account, UTC day, operation) since its last flush. */
interface Tally {
  accountId: number;
  day: string;
  operation: string;
  calls: number;
  credits: number;
}

/**
 * Calls and credits per account, day and operation for the dashboard's chart, and when each key was
 * last used. Counted in memory and written every `flushMs` in one statement, so the metered hot path
 * gains no round trip; the billing counter (usage_months, charged in meter_batch) stays exact, and a
 * crash loses at most the chart's last second.
 */
export class UsageRecorder {
  private tallies = new Map<string, Tally>();
  private keysUsed = new Map<string, Date>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly pool: Pool,
    private readonly onError: (err: unknown) => void,
    flushMs = 1_000,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  /** A call (calls 1) or a change of its credits (calls 0: items charged later, a refund) by `keyId`'s account. */
  record(entry: { accountId: number; keyId: string; operation: string; calls: number; credits: number; at: Date }) {
    const { accountId, operation, calls, credits } = entry;
    this.add({ accountId, day: entry.at.toISOString().slice(0, 10), operation, calls, credits });
    if (calls > 0) this.keysUsed.set(entry.keyId, entry.at);
  }

  private add(entry: Tally): void {
    const id = `${entry.accountId}\u0000${entry.day}\u0000${entry.operation}`;
    const tally = this.tallies.get(id);
    if (!tally) {
      this.tallies.set(id, { ...entry });
      return;
    }
    tally.calls += entry.calls;
    tally.credits += entry.credits;
  }

  /** Writes what was counted; flushes never overlap, and a failed one keeps its counts for the next. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write()).catch(this.onError);
    return this.flushing;
  }

  /** The last flush, then no more. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    // In one order in every process, so two processes' upserts never wait on each other crosswise.
    const tallies = [...this.tallies.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, t]) => t);
    this.tallies = new Map();
    try {
      await this.writeTallies(tallies);
    } catch (err) {
      for (const t of tallies) this.add(t);
      throw err;
    }
    const keys = [...this.keysUsed.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    this.keysUsed = new Map();
    try {
      await this.writeKeys(keys);
    } catch (err) {
      for (const [id, at] of keys) if (!this.keysUsed.has(id)) this.keysUsed.set(id, at);
      throw err;
    }
  }

  private async writeTallies(tallies: Tally[]): Promise<void> {
    if (tallies.length === 0) return;
    // Tallies of an account that is gone (removed by hand; closing keeps the row) are dropped by the join.
    await this.pool.query(
      `INSERT INTO usage_days AS u (account_id, day, operation, calls, credits)
       SELECT t.account_id, t.day, t.operation, t.calls, t.credits
         FROM unnest($1::bigint[], $2::date[], $3::text[], $4::integer[], $5::integer[])
              AS t(account_id, day, operation, calls, credits)
         JOIN accounts a ON a.id = t.account_id
       ON CONFLICT (account_id, day, operation) DO UPDATE
         SET calls = u.calls + excluded.calls, credits = greatest(0, u.credits + excluded.credits)`,
      [
        tallies.map((t) => t.accountId),
        tallies.map((t) => t.day),
        tallies.map((t) => t.operation),
        tallies.map((t) => t.calls),
        tallies.map((t) => t.credits),
      ],
    );
  }

  private async writeKeys(keys: [string, Date][]): Promise<void> {
    if (keys.length === 0) return;
    await this.pool.query(
      `UPDATE api_keys k SET last_used_at = greatest(k.last_used_at, t.at)
         FROM unnest($1::text[], $2::timestamptz[]) AS t(id, at) WHERE k.id = t.id`,
      [keys.map(([id]) => id), keys.map(([, at]) => at)],
    );
  }
}

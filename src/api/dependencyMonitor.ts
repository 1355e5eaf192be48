import type { Logger } from '../logger';

export type DependencyName = 'postgres' | 'clickhouse' | 'temporal';

export interface DependencyCheck {
  name: DependencyName;
  /** Resolves when the dependency answers; rejects (or outlives the probe timeout) otherwise. */
  probe: () => Promise<unknown>;
  /** Whether an error thrown by this dependency's client means the dependency is down (not a bad query). */
  isOutage: (err: unknown) => boolean;
}

export interface DependencyState {
  status: 'up' | 'down';
  /** When the dependency entered this status (ISO). The reason of a failure goes to the log only: /health is public. */
  since: string;
}

export type DependencyReport = Record<DependencyName, DependencyState>;

export interface MonitorOptions {
  log: Logger;
  intervalMs?: number;
  probeTimeoutMs?: number;
}

/**
 * Knows which of the API's dependencies are up. Probes each every few seconds, and learns of an
 * outage at once when a request's error is classified as one; a later successful probe marks it up
 * again. Requests consult it to answer 503 at once instead of waiting on a dead dependency.
 */
export class DependencyMonitor {
  private readonly states = new Map<DependencyName, DependencyState>();
  private readonly intervalMs: number;
  private readonly probeTimeoutMs: number;
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;

  constructor(
    private readonly checks: DependencyCheck[],
    private readonly options: MonitorOptions,
  ) {
    this.intervalMs = options.intervalMs ?? 2_000;
    this.probeTimeoutMs = options.probeTimeoutMs ?? 2_000;
    const now = new Date().toISOString();
    for (const check of checks) this.states.set(check.name, { status: 'up', since: now });
  }

  /** Seconds a client should wait before retrying during an outage. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.intervalMs + this.probeTimeoutMs) / 1000));
  }

  start(): void {
    if (this.timer) return;
    void this.checkAll();
    this.timer = setInterval(() => void this.checkAll(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Probes every dependency now and reports (GET /health). Keyless callers may call this as often as
   * they like: calls that arrive while a round of probes is under way share it, so a flood of health
   * checks holds at most one probe per dependency at a time, never the connections paying requests need.
   */
  async checkAll(): Promise<DependencyReport> {
    this.round ??= Promise.all(this.checks.map((check) => this.checkOne(check))).then(() => {
      this.round = null;
    });
    await this.round;
    return this.report();
  }

  report(): DependencyReport {
    return Object.fromEntries(
      [...this.states.entries()].map(([name, state]) => [name, { ...state }]),
    ) as DependencyReport;
  }

  isDown(name: DependencyName): boolean {
    return this.states.get(name)?.status === 'down';
  }

  /** The first of `names` that is down, or null. */
  firstDown<N extends DependencyName>(names: readonly N[]): N | null {
    return names.find((name) => this.isDown(name)) ?? null;
  }

  /** The dependency whose outage `err` shows (marking it down), or null for any other error. */
  outageOf(err: unknown): DependencyName | null {
    const check = this.checks.find((c) => c.isOutage(err));
    if (!check) return null;
    this.mark(check.name, err);
    return check.name;
  }

  private async checkOne(check: DependencyCheck): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.probeTimeoutMs} ms`)), this.probeTimeoutMs);
    });
    try {
      await Promise.race([check.probe(), timeout]);
      this.mark(check.name, null);
    } catch (err) {
      this.mark(check.name, err);
    } finally {
      clearTimeout(timer);
    }
  }

  private mark(name: DependencyName, err: unknown): void {
    const status = err === null ? 'up' : 'down';
    if (this.states.get(name)?.status === status) return;
    this.states.set(name, { status, since: new Date().toISOString() });
    if (status === 'down') this.options.log.warn({ dependency: name, error: reasonOf(err) }, 'dependency down');
    else this.options.log.info({ dependency: name }, 'dependency back up');
  }
}

function reasonOf(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' && e.message ? e.message : String(err);
  const code = typeof e?.code === 'string' || typeof e?.code === 'number' ? `${e.code}: ` : '';
  return `${code}${message}`.slice(0, 200);
}

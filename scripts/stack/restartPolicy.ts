/**
 * When a supervised child that crashed is started again, and when the supervisor gives up on it.
 * Pure (times are passed in), so the arithmetic is tested without waiting.
 */
export interface RestartPolicy {
  /** More crashes than this within `windowMs` and the supervisor gives up on the child. */
  maxCrashes: number;
  windowMs: number;
  /** Back-off before the first restart; it doubles with each crash in a row (default 1 s). */
  firstDelayMs?: number;
  /** Ceiling of the back-off (default 30 s). */
  maxDelayMs?: number;
  /** A child that stayed up this long before crashing starts the back-off afresh (default 60 s). */
  stableAfterMs?: number;
}

const DEFAULT_BACKOFF = { firstDelayMs: 1_000, maxDelayMs: 30_000, stableAfterMs: 60_000 };

export type CrashVerdict =
  { giveUp: false; attempt: number; delayMs: number } | { giveUp: true; crashes: number; windowMs: number };

/** The crash record of one child under one policy. */
export class CrashHistory {
  private readonly crashTimes: number[] = [];
  private crashesInARow = 0;

  constructor(private readonly policy: RestartPolicy) {}

  /** Records a crash at `now` of a child that had been up `upMs`, and says what to do about it. */
  record(now: number, upMs: number): CrashVerdict {
    const { firstDelayMs, maxDelayMs, stableAfterMs } = { ...DEFAULT_BACKOFF, ...this.policy };
    if (upMs >= stableAfterMs) this.crashesInARow = 0;
    this.crashesInARow += 1;
    this.crashTimes.push(now);
    while (this.crashTimes.length > 0 && this.crashTimes[0] <= now - this.policy.windowMs) this.crashTimes.shift();
    if (this.crashTimes.length > this.policy.maxCrashes) {
      return { giveUp: true, crashes: this.crashTimes.length, windowMs: this.policy.windowMs };
    }
    const delayMs = Math.min(firstDelayMs * 2 ** (this.crashesInARow - 1), maxDelayMs);
    return { giveUp: false, attempt: this.crashesInARow, delayMs };
  }
}

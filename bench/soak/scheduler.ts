/**
 * The open-loop scheduler: requests sent at fixed instants, in a fixed interleaving of the operations, whatever the
 * earlier ones are doing.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

import { oldestUnderWay, type Phase, recorder } from './recorder';
import { CONCURRENCY, RATE, TIMEOUT_MS } from './settings';
import type { Operation } from './traffic';

/**
 * Smooth weighted round-robin (as nginx balances): a fixed interleaving, each operation at its share, evenly spread.
 */
export class Interleave<T extends { weight: number }> {
  private readonly current: number[];
  private readonly total: number;

  constructor(private readonly items: readonly T[]) {
    this.current = items.map(() => 0);
    this.total = items.reduce((s, i) => s + i.weight, 0);
  }

  next(): T {
    let best = 0;
    for (let i = 0; i < this.items.length; i++) {
      this.current[i] += this.items[i].weight;
      if (this.current[i] > this.current[best]) best = i;
    }
    this.current[best] -= this.total;
    return this.items[best];
  }
}

let stopRequested = false;

/** SIGINT or SIGTERM ends the traffic early (the run then fails its "completed" check). */
export function stopOnSignals(): void {
  process.on('SIGINT', () => (stopRequested = true));
  process.on('SIGTERM', () => (stopRequested = true));
}

export const stopWasRequested = () => stopRequested;

/** How a phase kept to its schedule: requests due, and how late each was sent. */
export interface Schedule {
  sent: number;
  lagMs: number[];
}

/** Open loop: request i of the phase is due at start + i / RATE, sent then whatever the earlier ones are doing. */
export async function drive(
  phase: Phase,
  seconds: number,
  plan: Interleave<Operation>,
  inFlight: { n: number },
  schedule: Schedule,
): Promise<void> {
  const interval = 1000 / RATE;
  const total = Math.round(seconds * RATE);
  const start = performance.now();
  for (let i = 0; i < total && !stopRequested; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    schedule.lagMs.push(Math.max(0, performance.now() - due));
    schedule.sent++;
    const op = plan.next();
    if (inFlight.n >= CONCURRENCY) {
      recorder.error(
        phase,
        op.endpoint,
        'not sent (concurrency cap)',
        `${CONCURRENCY} requests still waiting, the oldest: ${oldestUnderWay(4)}`,
        null,
      );
      continue;
    }
    inFlight.n++;
    void op
      .run(phase)
      .catch((err: unknown) =>
        recorder.error(phase, op.endpoint, 'client exception', (err as Error).stack ?? String(err), null),
      )
      .finally(() => inFlight.n--);
  }
}

/** Waits for the requests still under way (a timeout and two seconds at most). */
export async function drain(inFlight: { n: number }): Promise<void> {
  const deadline = performance.now() + TIMEOUT_MS + 2_000;
  while (inFlight.n > 0 && performance.now() < deadline) await sleep(100);
}

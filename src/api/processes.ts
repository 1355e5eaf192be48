import cluster, { type Worker } from 'node:cluster';

import type { Logger } from '../logger';

/**
 * A process that keeps crashing is not started again forever: more than this many exits within the window stop the
 * primary.
 */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 1_000;
/** How long the primary waits for its processes to finish their requests on SIGTERM/SIGINT. */
const STOP_GRACE_MS = 15_000;

/**
 * Several API processes behind one port (API_PROCESSES): Node's cluster primary accepts the
 * connections and hands them round-robin to its processes, so one machine's cores are used. The
 * API is stateless (metering, bursts and the demo window live in Postgres), so nothing else changes.
 * The primary serves nothing itself: it starts the processes, starts a crashed one again, and
 * passes SIGTERM/SIGINT on, exiting once they have all finished.
 */
export function runPrimary(processes: number, log: Logger): void {
  const crashes: number[] = [];
  let stopping = false;
  let exitCode = 0;
  const start = () => cluster.fork();

  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes[0] < now - CRASH_WINDOW_MS) crashes.shift();
    log.error({ pid: worker.process.pid, code, signal }, 'api process exited; starting another');
    if (crashes.length > MAX_CRASHES) {
      log.fatal({ crashes: crashes.length, windowMs: CRASH_WINDOW_MS }, 'api processes keep crashing; stopping');
      stopAll(1);
      return;
    }
    setTimeout(start, RESTART_DELAY_MS);
  });

  const stopAll = (code: number) => {
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) process.exit(code);
    for (const worker of workers) worker.process.kill('SIGTERM');
    setTimeout(() => process.exit(code), STOP_GRACE_MS).unref();
  };
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));

  for (let i = 0; i < processes; i++) start();
  log.info({ processes }, 'api primary started its processes');
}

/** Whether this process should start the others rather than serve. */
export function isPrimaryOf(processes: number): boolean {
  return processes > 1 && cluster.isPrimary;
}

/** A served process stops when its primary is gone (killed with SIGKILL, it cannot pass the signal on). */
export function stopWithPrimary(stop: () => void): void {
  if (cluster.isWorker) process.on('disconnect', stop);
}

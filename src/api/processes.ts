import cluster, { type Worker } from 'node:cluster';

import type { Logger } from '../logger';

/**
 * A process that keeps crashing is not started again forever: more than this many exits within the window stop the
 * primary.
 */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 1_000;
/**
 * How long past the grace (SHUTDOWN_GRACE_SECONDS) the primary waits for a stopping process before it gives up on it:
 * the process itself exits at the latest 4 s past the grace (server.ts).
 */
const STOP_MARGIN_MS = 6_000;
/** How long a new process of a rolling restart may take to listen before the restart is abandoned. */
const START_TIMEOUT_MS = 90_000;

/**
 * Several API processes behind one port (API_PROCESSES): Node's cluster primary accepts the
 * connections and hands them round-robin to its processes, so one machine's cores are used. The
 * API is stateless (metering, bursts and the demo window live in Postgres), so nothing else changes.
 * The primary serves nothing itself: it starts the processes, starts a crashed one again, and
 * passes SIGTERM/SIGINT on, exiting once they have all finished (each finishes its requests in flight
 * first, within `graceMs`).
 *
 * SIGHUP to the primary is a rolling restart (a deploy of new code on one host): one process at a
 * time, a new process is started, and once it listens the old one stops gracefully (it stops taking
 * connections, finishes what it serves, and answers with `Connection: close`). The port stays open
 * throughout and at least API_PROCESSES processes serve. The new processes load the code on disk
 * again with the primary's environment (new settings, or a change to this file, take a full restart).
 * A new process that fails to start ends the restart; the old ones stay.
 */
export function runPrimary(processes: number, log: Logger, graceMs: number): void {
  const crashes: number[] = [];
  /** Processes a rolling restart is starting (their exit before listening ends it) or stopping (not a crash). */
  const replacing = new Set<number>();
  let rolling = false;
  let stopping = false;
  let exitCode = 0;
  const start = () => cluster.fork();

  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    if (replacing.delete(worker.id)) return;
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
    const workers = served();
    if (workers.length === 0) process.exit(code);
    for (const worker of workers) worker.process.kill('SIGTERM');
    setTimeout(() => process.exit(code), graceMs + STOP_MARGIN_MS).unref();
  };

  const rollingRestart = async () => {
    if (rolling || stopping) {
      log.warn('api rolling restart: one is already under way, or the API is stopping');
      return;
    }
    rolling = true;
    const old = served();
    const started = Date.now();
    log.info(
      { processes: old.map((w) => w.process.pid) },
      'api rolling restart: replacing the processes one at a time',
    );
    try {
      for (const previous of old) {
        if (stopping) return;
        const next = start();
        replacing.add(next.id);
        const listening = await listensOrExits(next);
        if (stopping) return;
        if (!listening) {
          log.error({ pid: next.process.pid }, 'api rolling restart: a new process did not start; the old ones stay');
          if (!next.isDead()) next.process.kill('SIGKILL');
          return;
        }
        replacing.delete(next.id);
        if (previous.isDead()) {
          // It crashed meanwhile and was started again: the new process is one too many.
          replacing.add(next.id);
          next.process.kill('SIGTERM');
          continue;
        }
        replacing.add(previous.id);
        const exited = new Promise<void>((resolve) => previous.once('exit', () => resolve()));
        previous.process.kill('SIGTERM');
        const gone = await Promise.race([exited.then(() => true), delay(graceMs + STOP_MARGIN_MS).then(() => false)]);
        if (!gone) previous.process.kill('SIGKILL');
        log.info({ stopped: previous.process.pid, started: next.process.pid }, 'api rolling restart: process replaced');
      }
      log.info({ ms: Date.now() - started }, 'api rolling restart done');
    } finally {
      rolling = false;
    }
  };

  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  process.on('SIGHUP', () => void rollingRestart());

  for (let i = 0; i < processes; i++) start();
  log.info({ processes }, 'api primary started its processes (SIGHUP to this pid: a rolling restart)');
}

function served(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True once the process listens; false if it exits first or takes too long. */
function listensOrExits(worker: Worker): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), START_TIMEOUT_MS);
    worker.once('listening', () => (clearTimeout(timer), resolve(true)));
    worker.once('exit', () => (clearTimeout(timer), resolve(false)));
  });
}

/** Whether this process should start the others rather than serve. */
export function isPrimaryOf(processes: number): boolean {
  return processes > 1 && cluster.isPrimary;
}

/**
 * A served process stops when its primary is gone (killed with SIGKILL, it cannot pass the signal on), and leaves
 * SIGHUP to the primary: a SIGHUP sent to the whole process group is the primary's rolling restart, not a stop.
 */
export function stopWithPrimary(stop: () => void): void {
  if (!cluster.isWorker) return;
  process.on('disconnect', stop);
  process.on('SIGHUP', () => {});
}

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { CrashHistory, type RestartPolicy } from './restartPolicy';

export type { RestartPolicy } from './restartPolicy';

export interface ServiceSpec {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Signal for a clean stop (Postgres: SIGINT = fast shutdown). */
  stopSignal?: NodeJS.Signals;
  /**
   * Start the child again with back-off when it exits unasked. Off by default: throwaway
   * instances (tests that stop services on purpose) must stay down when they exit.
   */
  restart?: RestartPolicy | false;
}

/** How a child ended: an exit code, a signal, or (`error`) a spawn that failed. */
export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: string;
}

export interface RestartEvent {
  name: string;
  exit: ExitStatus;
  /** 1 for the first restart after the child last ran stably. */
  attempt: number;
  delayMs: number;
}

export interface GiveUpEvent {
  name: string;
  exit: ExitStatus;
  crashes: number;
  windowMs: number;
}

/** One run of a child process. */
export interface Running {
  spec: ServiceSpec;
  child: ChildProcess;
  /** The exit code (null when a signal ended it, -1 when it could not be spawned). */
  exited: Promise<number | null>;
  logFile: string;
}

interface Incarnation extends Running {
  status: Promise<ExitStatus>;
  startedAt: number;
  stopRequested: boolean;
}

interface Service {
  spec: ServiceSpec;
  current: Incarnation | null;
  crashes: CrashHistory | null;
  pendingRestart: NodeJS.Timeout | null;
}

const STOP_GRACE_MS = 20_000;

/**
 * Starts child processes each in its own process group, with output to a log file, restarts
 * the ones whose spec asks for it when they crash, and stops exactly those (in reverse order)
 * on shutdown. Pid files let the next start clean up after a run that was killed before it
 * could stop its children.
 */
export class Supervisor {
  private readonly services = new Map<string, Service>();
  private closed = false;
  onUnexpectedExit: (name: string, code: number | null, logTail: string, signal: NodeJS.Signals | null) => void =
    () => {};
  /** A crashed child will be started again after `delayMs`. */
  onRestart: (event: RestartEvent) => void = () => {};
  /** A child crashed more often than its policy allows; it stays down. */
  onGiveUp: (event: GiveUpEvent) => void = () => {};

  constructor(
    private readonly logDir: string,
    private readonly pidDir: string,
  ) {
    fs.mkdirSync(logDir, { recursive: true });
    fs.mkdirSync(pidDir, { recursive: true });
  }

  /** Kills process groups left behind by an earlier run of this same data folder. */
  reapLeftovers(say: (line: string) => void): void {
    for (const file of fs.readdirSync(this.pidDir)) {
      const pid = Number(fs.readFileSync(path.join(this.pidDir, file), 'utf8'));
      fs.rmSync(path.join(this.pidDir, file), { force: true });
      if (!Number.isInteger(pid) || pid <= 1 || !isAlive(pid)) continue;
      say(`stopping ${path.basename(file, '.pid')} left over from an earlier run (pid ${pid})`);
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }

  /** Starts a child, or starts again one that was stopped or gave up (with a fresh crash record). */
  start(spec: ServiceSpec): Running {
    if (this.closed) throw new Error(`cannot start ${spec.name}: the supervisor has stopped everything`);
    const existing = this.services.get(spec.name);
    if (existing?.current) throw new Error(`${spec.name} is already running (pid ${existing.current.child.pid})`);
    if (existing) cancelRestart(existing);
    const service: Service = {
      spec,
      current: null,
      crashes: spec.restart ? new CrashHistory(spec.restart) : null,
      pendingRestart: null,
    };
    this.services.set(spec.name, service);
    return this.spawn(service);
  }

  /** Starts a stopped child again with the spec it was last started with. */
  restartNow(name: string): Running {
    return this.start(this.service(name).spec);
  }

  /**
   * Stops one child cleanly (its stop signal, SIGKILL after 20 s) without restarting it; resolves once it has exited.
   */
  async stop(name: string, say: (line: string) => void = () => {}): Promise<void> {
    const service = this.service(name);
    cancelRestart(service);
    if (service.current) await this.terminate(service.current, say);
  }

  /** The pid of the child running under this name, or null while it is down. */
  pid(name: string): number | null {
    return this.services.get(name)?.current?.child.pid ?? null;
  }

  /** Stops every child, last started first; nothing is restarted or started after this. */
  async stopAll(say: (line: string) => void): Promise<void> {
    this.closed = true;
    for (const service of this.services.values()) cancelRestart(service);
    for (const service of [...this.services.values()].reverse()) {
      const run = service.current;
      if (!run) continue;
      say(`stopping ${service.spec.name}`);
      await this.terminate(run, say);
    }
  }

  private service(name: string): Service {
    const service = this.services.get(name);
    if (!service) throw new Error(`no service named ${name} was started`);
    return service;
  }

  private spawn(service: Service): Incarnation {
    const { spec } = service;
    const logFile = path.join(this.logDir, `${spec.name}.log`);
    const out = fs.openSync(logFile, 'a');
    let child: ChildProcess;
    try {
      child = spawn(spec.command, spec.args, {
        env: spec.env ?? process.env,
        stdio: ['ignore', out, out],
        detached: true,
      });
    } finally {
      fs.closeSync(out);
    }
    let settle: (exit: ExitStatus) => void = () => {};
    const status = new Promise<ExitStatus>((resolve) => (settle = resolve));
    const run: Incarnation = {
      spec,
      child,
      logFile,
      status,
      exited: status.then(exitCode),
      startedAt: Date.now(),
      stopRequested: false,
    };
    // Handled synchronously in the event, so that the moment the pid is gone the service is known to be down.
    child.once('exit', (code, signal) => {
      this.handleExit(service, run, { code, signal });
      settle({ code, signal });
    });
    child.once('error', (err) => {
      if (child.pid !== undefined) return; // only a failed spawn ends the run; other errors concern kill/IPC
      this.handleExit(service, run, { code: null, signal: null, error: err.message });
      settle({ code: null, signal: null, error: err.message });
    });
    if (child.pid) fs.writeFileSync(this.pidFile(spec.name), String(child.pid));
    service.current = run;
    return run;
  }

  private handleExit(service: Service, run: Incarnation, exit: ExitStatus): void {
    const { name } = service.spec;
    fs.rmSync(this.pidFile(name), { force: true });
    if (service.current === run) service.current = null;
    // What the leader leaves behind (tsx's node process, Postgres backends) would hold its port and block a restart.
    signalGroup(run.child, 'SIGKILL');
    if (this.closed || run.stopRequested) return;
    this.onUnexpectedExit(name, exit.code, tail(run.logFile), exit.signal);
    if (!service.crashes) return;
    const now = Date.now();
    const verdict = service.crashes.record(now, now - run.startedAt);
    if (verdict.giveUp) {
      this.onGiveUp({ name, exit, crashes: verdict.crashes, windowMs: verdict.windowMs });
      return;
    }
    this.onRestart({ name, exit, attempt: verdict.attempt, delayMs: verdict.delayMs });
    service.pendingRestart = setTimeout(() => {
      service.pendingRestart = null;
      if (this.closed || service.current) return;
      fs.appendFileSync(
        run.logFile,
        `[supervisor] ${new Date().toISOString()} restarting ${name} (attempt ${verdict.attempt}) after ${describeExit(exit)}\n`,
      );
      this.spawn(service);
    }, verdict.delayMs);
  }

  private async terminate(run: Incarnation, say: (line: string) => void): Promise<void> {
    if (run.child.exitCode !== null || run.child.signalCode !== null) return;
    run.stopRequested = true;
    signalGroup(run.child, run.spec.stopSignal ?? 'SIGTERM');
    if (!(await settlesWithin(run.status, STOP_GRACE_MS))) {
      say(`${run.spec.name} did not stop in ${STOP_GRACE_MS / 1000} s; killing it`);
      signalGroup(run.child, 'SIGKILL');
      await run.status;
    }
  }

  private pidFile(name: string): string {
    return path.join(this.pidDir, `${name}.pid`);
  }
}

/** "code 3", "signal SIGKILL" or "spawn failed: ...", for log lines. */
export function describeExit(exit: ExitStatus): string {
  if (exit.error) return `spawn failed: ${exit.error}`;
  return exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`;
}

function exitCode(exit: ExitStatus): number | null {
  return exit.error ? -1 : exit.code;
}

function cancelRestart(service: Service): void {
  if (service.pendingRestart) clearTimeout(service.pendingRestart);
  service.pendingRestart = null;
}

/** True when `promise` settles within `ms`; the timer is cleared either way so nothing lingers. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

/** Whether a process with this pid exists (signal 0 checks without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it resolves true, or throws after `timeoutMs` with the given description. */
export async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 250,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return;
    } catch {
      /* not ready yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} was not ready after ${Math.round(timeoutMs / 1000)} s`);
    await sleep(everyMs);
  }
}

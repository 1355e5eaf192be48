import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface ServiceSpec {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Signal for a clean stop (Postgres: SIGINT = fast shutdown). */
  stopSignal?: NodeJS.Signals;
}

interface Running {
  spec: ServiceSpec;
  child: ChildProcess;
  exited: Promise<number | null>;
  logFile: string;
}

/**
 * Starts child processes each in its own process group, with output to a log file, and
 * stops exactly those (in reverse order) on shutdown. Pid files let the next start clean
 * up after a run that was killed before it could stop its children.
 */
export class Supervisor {
  private readonly running: Running[] = [];
  private stopping = false;
  onUnexpectedExit: (name: string, code: number | null, logTail: string) => void = () => {};

  constructor(private readonly logDir: string, private readonly pidDir: string) {
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

  start(spec: ServiceSpec): Running {
    const logFile = path.join(this.logDir, `${spec.name}.log`);
    const out = fs.openSync(logFile, 'a');
    const child = spawn(spec.command, spec.args, {
      env: spec.env ?? process.env,
      stdio: ['ignore', out, out],
      detached: true,
    });
    fs.closeSync(out);
    const exited = new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code));
      child.on('error', () => resolve(-1));
    });
    if (child.pid) fs.writeFileSync(path.join(this.pidDir, `${spec.name}.pid`), String(child.pid));
    const entry: Running = { spec, child, exited, logFile };
    this.running.push(entry);
    void exited.then((code) => {
      fs.rmSync(path.join(this.pidDir, `${spec.name}.pid`), { force: true });
      if (!this.stopping) this.onUnexpectedExit(spec.name, code, tail(logFile));
    });
    return entry;
  }

  async stopAll(say: (line: string) => void): Promise<void> {
    this.stopping = true;
    for (const entry of [...this.running].reverse()) {
      if (entry.child.exitCode !== null || entry.child.signalCode !== null) continue;
      say(`stopping ${entry.spec.name}`);
      signalGroup(entry.child, entry.spec.stopSignal ?? 'SIGTERM');
      const stopped = await Promise.race([entry.exited.then(() => true), sleep(20_000).then(() => false)]);
      if (!stopped) {
        say(`${entry.spec.name} did not stop in 20 s; killing it`);
        signalGroup(entry.child, 'SIGKILL');
        await entry.exited;
      }
    }
    this.running.length = 0;
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it resolves true, or throws after `timeoutMs` with the given description. */
export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs: number, everyMs = 250): Promise<void> {
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

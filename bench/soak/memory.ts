/**
 * The soak's memory readings: the resident set (VmRSS of /proc/<pid>/status) of the stack's API and
 * worker, found through the pid files the stack's supervisor writes (`$DATA_DIR/pids/api*.pid`,
 * `worker*.pid`; every api*.pid, since the stack may run several API processes).
 *
 * A pid file names the process the supervisor started, which is not always the one that serves: under
 * the embedded stack it is the tsx launcher (`node node_modules/.bin/tsx src/api/server.ts`, about
 * 50 MB that never move), whose child node process runs the code; an API run as a Node cluster has its
 * primary and the cluster's workers below it; the worker has Chromium below it once it has printed a
 * PDF. So each pid file is read as a process tree: `serviceKb` is the sum over the tree's node
 * processes except the tsx launcher (what the code holds: the one figure the growth check uses),
 * `otherKb` whatever else runs below (Chromium, the esbuild service tsx keeps), `treeKb` all of it.
 */
import fs from 'node:fs';
import path from 'node:path';

import { round1 } from '../support';
import { trafficSeconds } from './recorder';
import { SAMPLE_SECONDS } from './settings';

export type Role = 'api' | 'worker';
export const ROLES: readonly Role[] = ['api', 'worker'];

interface ProcEntry {
  pid: number;
  ppid: number;
  comm: string;
}

interface ProcessReading {
  pid: number;
  kind: 'service' | 'launcher' | 'other';
  comm: string;
  rssKb: number;
}

interface RoleReading {
  /** pid file name -> the pid it names (the root of a tree). */
  roots: Record<string, number>;
  serviceKb: number;
  otherKb: number;
  /** Command names of the other processes (chromium, esbuild: the transpiler service tsx keeps). */
  otherNames: string[];
  treeKb: number;
  processes: ProcessReading[];
}

export interface MemorySample {
  at: string;
  /** Seconds since the traffic started (warm-up included). */
  t: number;
  phase: 'warmup' | 'measured' | 'end' | 'settled';
  roles: Record<Role, RoleReading>;
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * pid, parent and command name of every process (the comm may hold spaces and brackets: the fields after the last ')'
 * are fixed).
 */
function processTable(): ProcEntry[] {
  const entries: ProcEntry[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readText(`/proc/${name}/stat`);
    if (!stat) continue;
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    const rest = stat.slice(close + 2).split(' ');
    entries.push({ pid: Number(name), comm: stat.slice(open + 1, close), ppid: Number(rest[1]) });
  }
  return entries;
}

/** VmRSS in kB, or null when the process is gone (or is a zombie without memory). */
function vmRssKb(pid: number): number | null {
  const status = readText(`/proc/${pid}/status`);
  const match = status ? /^VmRSS:\s+(\d+)\s+kB/m.exec(status) : null;
  return match ? Number(match[1]) : null;
}

function isLauncher(pid: number): boolean {
  const argv = (readText(`/proc/${pid}/cmdline`) ?? '').split('\0');
  return argv.some((arg) => arg.endsWith('/.bin/tsx') || arg.includes('/tsx/dist/cli'));
}

/** The pid files of each role in the stack's pid folder: api*.pid and worker*.pid. */
function pidFiles(pidDir: string): Record<Role, Record<string, number>> {
  const found: Record<Role, Record<string, number>> = { api: {}, worker: {} };
  let names: string[] = [];
  try {
    names = fs.readdirSync(pidDir);
  } catch {
    return found;
  }
  for (const name of names.sort()) {
    const role = ROLES.find((r) => name.startsWith(r) && name.endsWith('.pid'));
    if (!role) continue;
    const pid = Number((readText(path.join(pidDir, name)) ?? '').trim());
    if (Number.isInteger(pid) && pid > 1) found[role][name] = pid;
  }
  return found;
}

/** One reading of every role's process trees. */
function readMemory(pidDir: string): Record<Role, RoleReading> {
  const table = processTable();
  const children = new Map<number, ProcEntry[]>();
  for (const entry of table) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry]);
  const byPid = new Map(table.map((e) => [e.pid, e]));
  const files = pidFiles(pidDir);
  const readings = {} as Record<Role, RoleReading>;
  for (const role of ROLES) {
    const reading: RoleReading = {
      roots: files[role],
      serviceKb: 0,
      otherKb: 0,
      otherNames: [],
      treeKb: 0,
      processes: [],
    };
    const seen = new Set<number>();
    const queue = Object.values(files[role]).filter((pid) => byPid.has(pid));
    while (queue.length > 0) {
      const pid = queue.shift() as number;
      if (seen.has(pid)) continue;
      seen.add(pid);
      queue.push(...(children.get(pid) ?? []).map((c) => c.pid));
      const rssKb = vmRssKb(pid);
      if (rssKb === null) continue;
      const comm = byPid.get(pid)?.comm ?? '?';
      const kind: ProcessReading['kind'] =
        comm === 'node' || comm.startsWith('node') ? (isLauncher(pid) ? 'launcher' : 'service') : 'other';
      reading.processes.push({ pid, kind, comm, rssKb });
      reading.treeKb += rssKb;
      if (kind === 'service') reading.serviceKb += rssKb;
      if (kind === 'other') {
        reading.otherKb += rssKb;
        if (!reading.otherNames.includes(comm)) reading.otherNames.push(comm);
      }
    }
    readings[role] = reading;
  }
  return readings;
}

/** Least-squares slope of (t seconds, kB) in MB per minute. */
export function slopeMbPerMinute(points: readonly { t: number; kb: number }[]): number | null {
  if (points.length < 3) return null;
  const n = points.length;
  const meanT = points.reduce((s, p) => s + p.t, 0) / n;
  const meanKb = points.reduce((s, p) => s + p.kb, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - meanT) * (p.kb - meanKb);
    den += (p.t - meanT) ** 2;
  }
  return den === 0 ? null : ((num / den) * 60) / 1024;
}

/** The readings of the run, one now and then, filed under the phase they were taken in. */
export class MemorySampler {
  readonly samples: MemorySample[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pidDir: string) {}

  take(phase: MemorySample['phase']): void {
    this.samples.push({
      at: new Date().toISOString(),
      t: round1(trafficSeconds()),
      phase,
      roles: readMemory(this.pidDir),
    });
  }

  /** A reading now, then one every SOAK_SAMPLE_SECONDS, until stopped or another phase starts. */
  every(phase: MemorySample['phase']): void {
    this.stop();
    this.take(phase);
    this.timer = setInterval(() => this.take(phase), SAMPLE_SECONDS * 1000);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

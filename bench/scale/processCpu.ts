/**
 * CPU time of the stack's processes, by component, read from /proc: what a phase of a benchmark cost each of
 * Postgres, ClickHouse, Temporal, the workers and the API, so that whatever limits it is named with a figure.
 * A process belongs to the stack when its environment names the stack's data folder, or when one of its ancestors'
 * does (Postgres runs under `runuser`, which starts it with an environment of its own).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Component = 'postgres' | 'clickhouse' | 'temporal' | 'worker' | 'api' | 'other';

export interface CpuSnapshot {
  at: number;
  /** Seconds of CPU (user + system) each component's processes had used, processes gone since excluded. */
  seconds: Record<Component, number>;
  /** Per process, for the next snapshot's difference. */
  byPid: Map<number, { component: Component; seconds: number }>;
  /** The whole machine: busy and total CPU seconds over all cores since boot (/proc/stat). */
  machine: { busy: number; total: number };
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function read(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null; // the process ended meanwhile, or is not ours to read
  }
}

function componentOf(cmdline: string): Component {
  if (/postgres/.test(cmdline)) return 'postgres';
  if (/clickhouse/.test(cmdline)) return 'clickhouse';
  if (/temporal/.test(cmdline) && !/\.ts\b/.test(cmdline)) return 'temporal';
  if (/worker\.(ts|js)\b/.test(cmdline) && !/^(npm|sh) /.test(cmdline)) return 'worker'; // not npm's wrappers
  if (/server\.(ts|js)\b/.test(cmdline)) return 'api';
  return 'other';
}

function machineCpu(): { busy: number; total: number } {
  const line = (read('/proc/stat') ?? '').split('\n')[0];
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

interface ProcessStat {
  ppid: number;
  /** User + system CPU seconds. */
  cpu: number;
}

function processStat(pid: number): ProcessStat | null {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  // Fields after the command name (which may hold spaces): ppid is the 4th field, utime and stime the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
}

function namesDataDir(pid: number, dataDir: string, projectRoot: string): boolean {
  const dir = read(`/proc/${pid}/environ`)
    ?.split('\0')
    .find((v) => v.startsWith('DATA_DIR='))
    ?.slice('DATA_DIR='.length);
  return dir !== undefined && path.resolve(projectRoot, dir) === dataDir;
}

/** The stack's processes now. `dataDir` as the stack's configuration resolves it (absolute). */
export function cpuSnapshot(dataDir: string, projectRoot: string): CpuSnapshot {
  const stats = new Map<number, ProcessStat>();
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    const stat = Number.isInteger(pid) ? processStat(pid) : null;
    if (stat) stats.set(pid, stat);
  }
  const ours = new Map<number, boolean>();
  const isOurs = (pid: number): boolean => {
    const known = ours.get(pid);
    if (known !== undefined) return known;
    const stat = stats.get(pid);
    const result =
      pid !== process.pid &&
      !!stat &&
      (namesDataDir(pid, dataDir, projectRoot) || (stat.ppid > 1 && isOurs(stat.ppid)));
    ours.set(pid, result);
    return result;
  };
  const seconds: Record<Component, number> = { postgres: 0, clickhouse: 0, temporal: 0, worker: 0, api: 0, other: 0 };
  const byPid = new Map<number, { component: Component; seconds: number }>();
  for (const [pid, stat] of stats) {
    if (!isOurs(pid)) continue;
    const component = componentOf((read(`/proc/${pid}/cmdline`) ?? '').replace(/\0/g, ' '));
    byPid.set(pid, { component, seconds: stat.cpu });
    seconds[component] += stat.cpu;
  }
  return { at: Date.now(), seconds, byPid, machine: machineCpu() };
}

export interface CpuUse {
  wallSeconds: number;
  /** CPU seconds each component used between the two snapshots (processes present in both or started since). */
  seconds: Record<Component, number>;
  /** Share of the machine's cores busy, whoever used them (other work on the machine included). */
  machineBusy: number;
  /** Share of the machine's cores the stack used. */
  stackBusy: number;
  cores: number;
}

export function cpuBetween(a: CpuSnapshot, b: CpuSnapshot): CpuUse {
  const seconds: Record<Component, number> = { postgres: 0, clickhouse: 0, temporal: 0, worker: 0, api: 0, other: 0 };
  for (const [pid, now] of b.byPid) seconds[now.component] += now.seconds - (a.byPid.get(pid)?.seconds ?? 0);
  const wallSeconds = (b.at - a.at) / 1000;
  const cores = os.cpus().length;
  const stack = Object.values(seconds).reduce((sum, s) => sum + s, 0);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    wallSeconds: round(wallSeconds),
    seconds: Object.fromEntries(Object.entries(seconds).map(([k, v]) => [k, round(v)])) as Record<Component, number>,
    machineBusy: round((b.machine.busy - a.machine.busy) / (b.machine.total - a.machine.total)),
    stackBusy: round(stack / (wallSeconds * cores)),
    cores,
  };
}

/** Resident memory of the component's processes in a snapshot (MB, now and at its peak: VmRSS, VmHWM). */
export function residentMb(
  snapshot: CpuSnapshot,
  component: Component,
): { pids: number; rssMb: number; peakMb: number } {
  let rss = 0;
  let peak = 0;
  let pids = 0;
  for (const [pid, process] of snapshot.byPid) {
    if (process.component !== component) continue;
    const status = read(`/proc/${pid}/status`) ?? '';
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    if (kb('VmRSS') === 0) continue; // gone meanwhile
    rss += kb('VmRSS');
    peak += kb('VmHWM');
    pids++;
  }
  return { pids, rssMb: Math.round(rss / 1024), peakMb: Math.round(peak / 1024) };
}

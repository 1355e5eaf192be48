/** The figures of a run: per endpoint row and in all, and the memory readings summed up per role. */
import path from 'node:path';

import { config, distribution, percentile, round1, round2 } from '../support';
import { type MemorySample, type Role, ROLES, slopeMbPerMinute } from './memory';
import type { EndpointStats } from './recorder';
import { MAX_MEMORY_GROWTH } from './settings';
import type { Operation } from './traffic';

export const mib = (kb: number) => round1(kb / 1024);

/** `part` as a percentage of `whole`, to 0.01 (0 when there is no whole). */
const pctOf = (part: number, whole: number) => (whole === 0 ? 0 : round2((part / whole) * 100));

/** Whether the stats are the set-up's, which the figures leave out. */
export const isSetUp = (stats: Pick<EndpointStats, 'endpoint'>) => stats.endpoint.startsWith('set-up');

/**
 * Rows in the order of the operations (a variant, "<endpoint> (...)", right after its operation's row), then as first
 * seen.
 */
export function endpointRows(map: Map<string, EndpointStats>, ops: readonly Operation[]) {
  const rank = (label: string) => {
    const index = ops.findIndex((o) => label === o.endpoint || label.startsWith(`${o.endpoint} (`));
    return index < 0 ? ops.length : index;
  };
  return [...map.values()]
    .filter((s) => !isSetUp(s))
    .sort((a, b) => rank(a.endpoint) - rank(b.endpoint) || a.order - b.order)
    .map((s) => {
      const latency = distribution(s.latencies);
      return {
        endpoint: s.endpoint,
        requests: s.requests,
        ok: s.ok,
        expected4xx: s.expected4xx,
        rateLimited: s.rateLimited,
        unexpected: s.unexpected,
        errors: s.errors,
        errorRatePct: pctOf(s.errors, s.requests),
        p50Ms: latency.p50,
        p90Ms: latency.p90,
        p99Ms: latency.p99,
        maxMs: latency.n ? latency.max : NaN,
        errorKinds: s.errorKinds,
        samples: s.samples,
      };
    });
}

export type Rows = ReturnType<typeof endpointRows>;

export function totalsOf(rows: Rows, latencies: number[]) {
  const sum = (k: 'requests' | 'ok' | 'expected4xx' | 'rateLimited' | 'unexpected' | 'errors') =>
    rows.reduce((s, r) => s + r[k], 0);
  const requests = sum('requests');
  return {
    requests,
    ok: sum('ok'),
    expected4xx: sum('expected4xx'),
    rateLimited: sum('rateLimited'),
    unexpected: sum('unexpected'),
    errors: sum('errors'),
    errorRatePct: pctOf(sum('errors'), requests),
    unexpectedRatePct: pctOf(sum('unexpected'), requests),
    p50Ms: round1(percentile(latencies, 50)),
    p99Ms: round1(percentile(latencies, 99)),
  };
}

export type Totals = ReturnType<typeof totalsOf>;

/** Same pid files naming the same pids from the first reading (warm-up included) to the last: no restart. */
function restartsOf(samples: readonly MemorySample[], role: Role): string[] {
  const restarts: string[] = [];
  const first = samples[0].roles[role].roots;
  for (const s of samples) {
    for (const [file, pid] of Object.entries(s.roles[role].roots))
      if (first[file] !== undefined && first[file] !== pid)
        restarts.push(`${file}: pid ${first[file]} -> ${pid} at ${s.t} s`);
    for (const file of Object.keys(first))
      if (s.roles[role].processes.length === 0 || s.roles[role].roots[file] === undefined)
        restarts.push(`${file}: gone at ${s.t} s`);
  }
  return [...new Set(restarts)];
}

/** One role's memory from the start reading (after the warm-up) to the end one, and after the settle time. */
function roleSummary(
  role: Role,
  samples: readonly MemorySample[],
  measured: readonly MemorySample[],
  settled: MemorySample | undefined,
) {
  const start = measured[0];
  const end = measured.at(-1);
  if (!start || !end || start.roles[role].serviceKb === 0)
    throw new Error(`no ${role} process found in ${path.join(config.dataDir, 'pids')} (${role}*.pid)`);
  const series = measured.map((s) => s.roles[role]);
  const startKb = start.roles[role].serviceKb;
  const growth = (end.roles[role].serviceKb - startKb) / startKb;
  const restarts = restartsOf(samples, role);
  const slope = slopeMbPerMinute(measured.map((s) => ({ t: s.t, kb: s.roles[role].serviceKb })));
  return {
    startMiB: mib(startKb),
    endMiB: mib(end.roles[role].serviceKb),
    peakMiB: mib(Math.max(...series.map((r) => r.serviceKb))),
    growthPct: round1(growth * 100),
    slopeMiBPerMin: slope === null ? null : round2(slope),
    met: growth <= MAX_MEMORY_GROWTH && restarts.length === 0,
    settledMiB: settled ? mib(settled.roles[role].serviceKb) : null,
    settledGrowthPct: settled ? round1(((settled.roles[role].serviceKb - startKb) / startKb) * 100) : null,
    treeStartMiB: mib(start.roles[role].treeKb),
    treeEndMiB: mib(end.roles[role].treeKb),
    otherStartMiB: mib(start.roles[role].otherKb),
    otherEndMiB: mib(end.roles[role].otherKb),
    otherPeakMiB: mib(Math.max(...series.map((r) => r.otherKb))),
    otherNames: [...new Set(series.flatMap((r) => r.otherNames))].sort(),
    restarts,
  };
}

export function memorySummary(samples: readonly MemorySample[]) {
  const measured = samples.filter((s) => s.phase === 'measured' || s.phase === 'end');
  const start = measured[0];
  const end = measured.at(-1);
  const settled = samples.filter((s) => s.phase === 'settled').at(-1);
  const roles = {} as Record<Role, ReturnType<typeof roleSummary>>;
  for (const role of ROLES) roles[role] = roleSummary(role, samples, measured, settled);
  return { startAt: start?.t ?? null, endAt: end?.t ?? null, settledAt: settled?.t ?? null, roles };
}

export type MemorySummary = ReturnType<typeof memorySummary>;

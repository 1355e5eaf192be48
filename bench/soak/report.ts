/**
 * The report: the checks that pass or fail the run, a markdown table per endpoint and for memory (ready
 * for RELIABILITY.md), everything in bench/results/soak.json, and what went wrong printed with samples.
 */
import fs from 'node:fs';
import path from 'node:path';

import { distribution, log, machine, round1, round2 } from '../support';
import { apiBase, demoSourceAddresses } from './connections';
import { type MemorySample, ROLES } from './memory';
import { type Phase, recorder } from './recorder';
import type { Schedule } from './scheduler';
import {
  BENCH,
  CONCURRENCY,
  MAX_ERROR_RATE,
  MAX_MEMORY_GROWTH,
  ONLY,
  RATE,
  SAMPLE_SECONDS,
  SECONDS,
  SEED,
  SETTLE_SECONDS,
  TIMEOUT_MS,
  WARMUP_SECONDS,
} from './settings';
import type { State } from './state';
import {
  endpointRows,
  isSetUp,
  type MemorySummary,
  memorySummary,
  mib,
  type Rows,
  type Totals,
  totalsOf,
} from './statistics';
import { type Operation, weightOf } from './traffic';

/** What a finished run hands to the report. */
export interface Run {
  ops: readonly Operation[];
  state: State;
  schedule: Record<Phase, Schedule>;
  samples: readonly MemorySample[];
  stopped: boolean;
}

const fmt = (n: number) => (Number.isNaN(n) ? '—' : n.toLocaleString('en-US'));
const fmtMs = (n: number) => (Number.isNaN(n) ? '—' : n >= 100 ? String(Math.round(n)) : n.toFixed(1));
const signed = (n: number) => `${n >= 0 ? '+' : ''}${n}`;

function endpointTable(rows: Rows, totals: Totals): string[] {
  return [
    '| endpoint | requests | 2xx | expected 4xx | 429 | unexpected | errors | error rate | p50 ms | p99 ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| \`${r.endpoint}\` | ${fmt(r.requests)} | ${fmt(r.ok)} | ${fmt(r.expected4xx)} | ${fmt(r.rateLimited)} | ${fmt(r.unexpected)} | ${fmt(r.errors)} | ${r.errorRatePct.toFixed(2)} % | ${fmtMs(r.p50Ms)} | ${fmtMs(r.p99Ms)} |`,
    ),
    `| **all** | **${fmt(totals.requests)}** | ${fmt(totals.ok)} | ${fmt(totals.expected4xx)} | ${fmt(totals.rateLimited)} | ${fmt(totals.unexpected)} | **${fmt(totals.errors)}** | **${totals.errorRatePct.toFixed(2)} %** | ${fmtMs(totals.p50Ms)} | ${fmtMs(totals.p99Ms)} |`,
  ];
}

function memoryTable(memory: MemorySummary): string[] {
  const lines = [
    `| process (resident set, VmRSS) | start, after the ${WARMUP_SECONDS} s warm-up | end | peak | growth | trend | target | met | ${SETTLE_SECONDS} s after the last request (not checked) |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const role of ROLES) {
    const m = memory.roles[role];
    const name = role === 'api' ? 'API' : 'worker';
    const slope = m.slopeMiBPerMin === null ? '—' : `${signed(m.slopeMiBPerMin)} MiB/min`;
    const settled =
      m.settledMiB === null || m.settledGrowthPct === null
        ? '—'
        : `${m.settledMiB} MiB (${signed(m.settledGrowthPct)} %)`;
    lines.push(
      `| ${name} (node processes${m.restarts.length ? `; restarted: ${m.restarts.join('; ')}` : ''}) | ${m.startMiB} MiB | ${m.endMiB} MiB | ${m.peakMiB} MiB | **${signed(m.growthPct)} %** | ${slope} | growth ≤ ${round1(MAX_MEMORY_GROWTH * 100)} % | ${m.met ? 'yes' : 'no'} | ${settled} |`,
    );
    if (m.otherEndMiB > 0 || m.otherStartMiB > 0)
      lines.push(
        `| ${name}'s other processes (${m.otherNames.join(', ')}; not checked) | ${m.otherStartMiB} MiB | ${m.otherEndMiB} MiB | ${m.otherPeakMiB} MiB | — | — | — | — | — |`,
      );
  }
  return lines;
}

/** The paragraph above the tables: how the run was made. */
function heading(kinds: number): string {
  return (
    `Soak of ${new Date().toISOString().slice(0, 10)} (\`npm run soak\`): ${SECONDS} s of mixed traffic at ${RATE} req/s, open loop (each request sent at its ` +
    `scheduled instant), after a ${WARMUP_SECONDS} s warm-up at the same rate that the figures leave out; ` +
    `${ONLY ? `only the ${kinds} kinds of request matching SOAK_ONLY=${process.env.SOAK_ONLY}` : `${kinds} kinds of request over every endpoint`}; ` +
    `at most ${CONCURRENCY} in flight, ${TIMEOUT_MS / 1000} s timeout; ${machine()}, the load generator on the same cores. ` +
    `Errors: 5xx, timeouts, connection errors, error bodies that are not JSON, 2xx bodies that are not what the endpoint serves. ` +
    `Memory: VmRSS of the stack's API and worker node processes (launcher excluded), read every ${SAMPLE_SECONDS} s.`
  );
}

/**
 * Errors (warm-up included) and unexpected answers under SOAK_MAX_ERROR_RATE, memory growth under
 * SOAK_MAX_MEMORY_GROWTH, no early stop.
 */
function checksOf(totals: Totals, warmup: Totals, memory: MemorySummary, stopped: boolean) {
  const errorRate = totals.requests === 0 ? 1 : (totals.errors + warmup.errors) / (totals.requests + warmup.requests);
  const unexpectedRate = totals.requests === 0 ? 1 : totals.unexpected / totals.requests;
  return {
    errorRate: { value: round2(errorRate * 100), limitPct: MAX_ERROR_RATE * 100, met: errorRate <= MAX_ERROR_RATE },
    unexpectedRate: {
      value: round2(unexpectedRate * 100),
      limitPct: MAX_ERROR_RATE * 100,
      met: unexpectedRate <= MAX_ERROR_RATE,
    },
    apiMemory: { growthPct: memory.roles.api.growthPct, limitPct: MAX_MEMORY_GROWTH * 100, met: memory.roles.api.met },
    workerMemory: {
      growthPct: memory.roles.worker.growthPct,
      limitPct: MAX_MEMORY_GROWTH * 100,
      met: memory.roles.worker.met,
    },
    completed: { met: !stopped },
  };
}

/** The memory series, one line per reading. */
const memorySeries = (samples: readonly MemorySample[]) =>
  samples.map((s) => ({
    t: s.t,
    phase: s.phase,
    apiMiB: mib(s.roles.api.serviceKb),
    workerMiB: mib(s.roles.worker.serviceKb),
    workerOtherMiB: mib(s.roles.worker.otherKb),
    apiTreeMiB: mib(s.roles.api.treeKb),
    workerTreeMiB: mib(s.roles.worker.treeKb),
    apiPids: s.roles.api.processes.map((p) => `${p.pid}:${p.kind}`).join(' '),
    workerPids: s.roles.worker.processes.map((p) => `${p.pid}:${p.kind}`).join(' '),
  }));

const settings = () => ({
  only: process.env.SOAK_ONLY ?? null,
  rate: RATE,
  seconds: SECONDS,
  warmupSeconds: WARMUP_SECONDS,
  concurrency: CONCURRENCY,
  timeoutMs: TIMEOUT_MS,
  sampleSeconds: SAMPLE_SECONDS,
  seed: SEED,
  maxErrorRatePct: MAX_ERROR_RATE * 100,
  maxMemoryGrowthPct: MAX_MEMORY_GROWTH * 100,
});

/**
 * Prints the rows (measured and warm-up) that had errors or unexpected answers, with their samples, then the set-up's
 * problems.
 */
function printProblems(rows: Rows, warmupRows: Rows, setupProblems: string[]): void {
  for (const r of [...rows, ...warmupRows.map((w) => ({ ...w, endpoint: `${w.endpoint} [warm-up]` }))].filter(
    (x) => x.errors > 0 || x.unexpected > 0,
  )) {
    console.log(`${r.endpoint}: ${r.errors} errors, ${r.unexpected} unexpected`);
    for (const s of r.samples) console.log(`    ${s}`);
  }
  for (const s of setupProblems) console.log(`set-up: ${s}`);
}

/** Writes bench/results/soak.json, prints the tables and what went wrong; whether every check was met. */
export function report({ ops, state, schedule, samples, stopped }: Run): boolean {
  const measured = [...recorder.phases.measured.values()].filter((s) => !isSetUp(s));
  const rows = endpointRows(recorder.phases.measured, ops);
  const totals = totalsOf(
    rows,
    measured.flatMap((s) => s.latencies),
  );
  const warmupRows = endpointRows(recorder.phases.warmup, ops);
  const warmup = totalsOf(warmupRows, []);
  const setupProblems = [...recorder.phases.warmup.values()]
    .filter((s) => isSetUp(s) && (s.errors > 0 || s.unexpected > 0))
    .flatMap((s) => s.samples);
  const memory = memorySummary(samples);
  const checks = checksOf(totals, warmup, memory, stopped);
  const met = Object.values(checks).every((c) => c.met);
  const lag = distribution(schedule.measured.lagMs);
  const table = [heading(ops.length), '', ...endpointTable(rows, totals), '', ...memoryTable(memory)].join('\n');
  const weightTotal = weightOf(ops);
  const results = {
    measuredAt: new Date().toISOString(),
    machine: machine(),
    api: apiBase(),
    settings: settings(),
    keys: Object.fromEntries(Object.entries(state.keys).map(([p, k]) => [p, k.length])),
    operations: ops.map((o) => ({
      endpoint: o.endpoint,
      sharePct: round2((o.weight / weightTotal) * 100),
      plans: o.plans,
    })),
    totals,
    endpoints: rows,
    schedule: {
      sent: schedule.measured.sent,
      lagP50Ms: lag.p50,
      lagP99Ms: lag.p99,
      lagMaxMs: lag.n ? lag.max : null,
      demoSourceAddresses: demoSourceAddresses(),
    },
    warmup: {
      ...warmup,
      sent: schedule.warmup.sent,
      problems: warmupRows
        .filter((r) => r.errors > 0 || r.unexpected > 0)
        .map((r) => ({ endpoint: r.endpoint, errors: r.errors, unexpected: r.unexpected, samples: r.samples })),
      setupProblems,
    },
    coldRefreshes: state.coldRefreshes,
    webhookDeliveriesReceived: state.received,
    memory: { ...memory, samples: memorySeries(samples) },
    checks,
    met,
    markdown: table,
  };
  fs.mkdirSync(path.join(__dirname, '..', 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, '..', 'results', 'soak.json'), `${JSON.stringify(results, null, 2)}\n`);

  console.log(`\n${table}\n`);
  printProblems(rows, warmupRows, setupProblems);
  log(
    BENCH,
    `schedule lag p50 ${results.schedule.lagP50Ms} ms, p99 ${results.schedule.lagP99Ms} ms; ${state.coldRefreshes} cold loads answered; ${state.received} webhook deliveries received; warm-up ${warmup.requests} requests, ${warmup.errors} errors`,
  );
  for (const [name, check] of Object.entries(checks))
    log(BENCH, `${check.met ? 'ok  ' : 'FAIL'} ${name}: ${JSON.stringify(check)}`);
  log(BENCH, `results in bench/results/soak.json; ${met ? 'passed' : 'FAILED'}`);
  return met;
}

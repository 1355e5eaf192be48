/**
 * Cold load of sample funds end to end (API -> Temporal workflow -> documents -> Postgres/ClickHouse),
 * against a warm request for the same fund as the baseline, measured in the same run; with a trace of
 * each cold load (from its workflow's history) that says where the time goes between the API, the
 * workflow's tasks, its activities and the stores. Also: extraction of one KID (text layer + parse),
 * against poppler's pdftotext on the same bytes.
 *
 * Each round forgets the stored payloads of the 15 funds first, so every timed first request is a
 * cold load (BENCH_COLD funds, BENCH_COLD_ROUNDS rounds). Writes bench/results/coldLoad.json.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import type { temporal } from '@temporalio/proto';

import { sampleFunds } from '../samples/library';
import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';
import { parseKid } from '../src/parsing/kid';
import { closePdfReaders, extractPdfText } from '../src/parsing/pdf/text';
import { createTemporalClient } from '../src/temporal/client';
import { fundLoadWorkflowId } from '../src/temporal/loader';
import { API_PORT, API_PREFIX, config, envInt, log, machine, percentile, round1 } from './support';

const COLD_SAMPLES = envInt('BENCH_COLD', 15);
const COLD_ROUNDS = envInt('BENCH_COLD_ROUNDS', 2);
const KID_RUNS = 30;
const TARGET_MS = 300;

const median = (xs: readonly number[]) => percentile(xs, 50);
const p90 = (xs: readonly number[]) => percentile(xs, 90);
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
/**
 * Wall-clock milliseconds with sub-millisecond precision (history event times are wall clock; the server runs on this
 * machine).
 */
const wallMs = () => performance.timeOrigin + performance.now();

async function timedGet(
  url: string,
  key: string,
): Promise<{ ms: number; status: number; cached: boolean; sentAt: number; answeredAt: number }> {
  const sentAt = wallMs();
  const start = process.hrtime.bigint();
  const res = await fetch(url, { headers: { 'X-Api-Key': key } });
  const body = (await res.json()) as { cached?: boolean };
  return { ms: ms(start), status: res.status, cached: body.cached === true, sentAt, answeredAt: wallMs() };
}

// ---------------------------------------------------------------------------------------------------
// The trace of one load, from its workflow history.

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;
type Timestamp = { seconds?: { toNumber(): number } | number | null; nanos?: number | null } | null | undefined;

/** One step of a load: consecutive steps tile the time from the request to its answer. */
export interface TraceStep {
  step: string;
  ms: number;
}

const EVENT = {
  started: 1,
  completed: 2,
  wftScheduled: 5,
  wftStarted: 6,
  wftCompleted: 7,
  wftTimedOut: 8,
  wftFailed: 9,
  actScheduled: 10,
  actStarted: 11,
  actCompleted: 12,
  actFailed: 13,
  actTimedOut: 14,
  marker: 25,
} as const;
/**
 * Events a workflow task's completion writes (its commands): timer started, child initiated, search attributes,
 * properties.
 */
const COMMAND_EVENTS = new Set<number>([EVENT.actScheduled, 17, 29, 40, 46]);

function tsMs(ts: Timestamp): number {
  if (!ts) throw new Error('history event without a time');
  const seconds = typeof ts.seconds === 'number' ? ts.seconds : (ts.seconds?.toNumber() ?? 0);
  return seconds * 1000 + (ts.nanos ?? 0) / 1e6;
}

/**
 * A local activity's type and when the workflow scheduled it (wall clock), from its marker's `data` (JSON the SDK core
 * writes).
 */
function localActivityOf(event: HistoryEvent): { type: string; scheduledMs: number; attempt: number } | null {
  const attrs = event.markerRecordedEventAttributes;
  if (attrs?.markerName !== 'core_local_activity') return null;
  const payload = attrs.details?.data?.payloads?.[0]?.data;
  if (!payload) return null;
  const data = JSON.parse(Buffer.from(payload).toString('utf8')) as Record<string, unknown>;
  const scheduled = (data.original_schedule_time ?? data.originalScheduleTime) as Timestamp | undefined;
  return {
    type: String(data.activity_type ?? data.activityType),
    attempt: Number(data.attempt ?? 1),
    scheduledMs: scheduled ? tsMs(scheduled) : NaN,
  };
}

/**
 * The steps of one load, request to answer:
 * - `API: request → workflow started`: authentication, billing, the store's look, the start call;
 * - `workflow task N: wait` (scheduled → a worker picked it up) and `: run` (picked up → its completion
 *   recorded: the workflow code and the completion call);
 * - `<activity>: wait` (scheduled → a worker started it: queue and dispatch) and `: run` (started →
 *   completion recorded);
 * - `<activity> (local)`: a local activity, inside its workflow task, from the moment the workflow
 *   scheduled it to the moment it scheduled the next step (or the task's completion was recorded):
 *   its run and the hand-overs between the SDK core and the workflow; the task's `run` row then keeps
 *   the time before the first one;
 * - `API: workflow completed → answer`: the result reaching the API, the store's refresh, the answer.
 */
export function traceOf(events: HistoryEvent[], sentAt: number, answeredAt: number): TraceStep[] {
  const steps: TraceStep[] = [];
  const at = (e: HistoryEvent) => tsMs(e.eventTime);
  const byId = new Map(events.map((e) => [Number(e.eventId), e]));
  const activityType = new Map<number, string>();
  let task = 0;
  let lastMark = sentAt;
  /** The workflow task whose completion was just read; its local activities' markers follow it. */
  let finishing: {
    n: number;
    startedAt: number;
    completedAt: number;
    outcome: string;
    locals: { type: string; scheduledMs: number; attempt: number }[];
  } | null = null;
  let wftStartedAt = NaN;
  const push = (step: string, from: number, to: number) => {
    steps.push({ step, ms: to - from });
    lastMark = to;
  };
  const flushTask = () => {
    if (!finishing) return;
    const { n, startedAt, completedAt, outcome, locals } = finishing;
    const valid = locals.filter((l) => Number.isFinite(l.scheduledMs));
    push(`workflow task ${n}: run${outcome}`, startedAt, valid[0]?.scheduledMs ?? completedAt);
    valid.forEach((l, i) =>
      push(
        `${l.type} (local)${l.attempt > 1 ? ` attempt ${l.attempt}` : ''}`,
        l.scheduledMs,
        valid[i + 1]?.scheduledMs ?? completedAt,
      ),
    );
    lastMark = completedAt;
    finishing = null;
  };
  for (const e of events) {
    const type = Number(e.eventType);
    if (type === EVENT.marker) {
      const la = localActivityOf(e);
      if (la && finishing) finishing.locals.push(la);
      continue;
    }
    // The task's other commands (activities scheduled, a search attribute upserted) come with its markers.
    if (!COMMAND_EVENTS.has(type)) flushTask();
    switch (type) {
      case EVENT.started:
        push('API: request → workflow started', sentAt, at(e));
        break;
      case EVENT.wftScheduled:
        break; // the wait is counted from the last step's end (an activity's completion schedules the task at once)
      case EVENT.wftStarted:
        task++;
        push(`workflow task ${task}: wait`, lastMark, at(e));
        wftStartedAt = at(e);
        break;
      case EVENT.wftCompleted:
      case EVENT.wftFailed:
      case EVENT.wftTimedOut:
        finishing = {
          n: task,
          startedAt: wftStartedAt,
          completedAt: at(e),
          outcome: type === EVENT.wftCompleted ? '' : ' (failed)',
          locals: [],
        };
        break;
      case EVENT.actScheduled:
        activityType.set(Number(e.eventId), e.activityTaskScheduledEventAttributes?.activityType?.name ?? '?');
        break;
      case EVENT.actStarted: {
        const scheduled = byId.get(Number(e.activityTaskStartedEventAttributes?.scheduledEventId));
        push(`${activityType.get(Number(scheduled?.eventId)) ?? '?'}: wait`, at(scheduled!), at(e));
        break;
      }
      case EVENT.actCompleted:
      case EVENT.actFailed:
      case EVENT.actTimedOut: {
        const attrs =
          e.activityTaskCompletedEventAttributes ??
          e.activityTaskFailedEventAttributes ??
          e.activityTaskTimedOutEventAttributes;
        push(
          `${activityType.get(Number(attrs?.scheduledEventId)) ?? '?'}: run${type === EVENT.actCompleted ? '' : ' (failed)'}`,
          lastMark,
          at(e),
        );
        break;
      }
      case EVENT.completed:
        push('API: workflow completed → answer', at(e), answeredAt);
        break;
      default:
        break;
    }
  }
  return steps;
}

/** The median of each step over the loads, in the order of the first load that has the step. */
function traceTable(traces: TraceStep[][], totals: number[]) {
  const order: string[] = [];
  const values = new Map<string, number[]>();
  for (const trace of traces) {
    const seen = new Map<string, number>();
    for (const { step, ms: value } of trace) seen.set(step, (seen.get(step) ?? 0) + value);
    for (const [step, value] of seen) {
      if (!values.has(step)) {
        order.push(step);
        values.set(step, []);
      }
      values.get(step)!.push(value);
    }
  }
  const medianTotal = median(totals);
  const rows = order.map((step) => {
    const xs = values.get(step)!;
    return {
      step,
      loads: xs.length,
      medianMs: round1(median(xs)),
      p90Ms: round1(p90(xs)),
      shareOfMedian: `${Math.round((median(xs) / medianTotal) * 100)}%`,
    };
  });
  const kinds = (pick: (step: string) => boolean) =>
    round1(median(traces.map((t) => t.filter((s) => pick(s.step)).reduce((sum, s) => sum + s.ms, 0))));
  return {
    rows,
    summary: {
      totalMedianMs: round1(medianTotal),
      apiMs: kinds((s) => s.startsWith('API:')),
      workflowTaskWaitMs: kinds((s) => /^workflow task \d+: wait$/.test(s)),
      workflowTaskRunMs: kinds((s) => /^workflow task \d+: run/.test(s)),
      activityWaitMs: kinds((s) => !s.startsWith('workflow task') && s.endsWith(': wait')),
      activityRunMs: kinds((s) => !s.startsWith('workflow task') && s.includes(': run')),
      localActivityMs: kinds((s) => s.includes('(local)')),
    },
  };
}

function printTable(
  rows: { step: string; loads: number; medianMs: number; p90Ms: number; shareOfMedian: string }[],
): void {
  const width = Math.max(...rows.map((r) => r.step.length), 4);
  log('cold', `${'step'.padEnd(width)}  loads  median ms  p90 ms  share`);
  for (const r of rows)
    log(
      'cold',
      `${r.step.padEnd(width)}  ${String(r.loads).padStart(5)}  ${r.medianMs.toFixed(1).padStart(9)}  ${r.p90Ms.toFixed(1).padStart(6)}  ${r.shareOfMedian.padStart(5)}`,
    );
}

/** An API the cold loads go through, with what was measured through it. */
interface Target {
  label: string;
  api: string;
  cold: number[];
  warm: number[];
  traces: TraceStep[][];
}

/**
 * The APIs measured: this one, and, with BENCH_COLD_COMPARE_PORT, a second one (say, an API and a
 * worker of the code before a change, on a task queue of their own, against the same stores): each fund
 * is then loaded cold through both, in alternating order, so that both see the same machine.
 */
function targets(): Target[] {
  const ports: [string, number][] = [['this', API_PORT]];
  if (process.env.BENCH_COLD_COMPARE_PORT) ports.push(['compared', Number(process.env.BENCH_COLD_COMPARE_PORT)]);
  return ports.map(([label, port]) => ({
    label,
    api: `http://127.0.0.1:${port}${API_PREFIX}`,
    cold: [],
    warm: [],
    traces: [],
  }));
}

function summaryOf(target: Target) {
  const { cold, warm } = target;
  return {
    loads: cold.length,
    coldMedianMs: round1(median(cold)),
    coldP90Ms: round1(p90(cold)),
    warmMedianMs: round1(median(warm)),
    coldOverWarm: round1(median(cold) / median(warm)),
    target: { coldMedianUnderMs: TARGET_MS },
    met: median(cold) < TARGET_MS,
  };
}

async function coldLoads(key: string) {
  // Funds the warm-path benchmark has not touched.
  const funds = sampleFunds().slice(5, 5 + COLD_SAMPLES);
  const pool = createPool(config, 2);
  const client = await createTemporalClient(config);
  const measured = targets();
  const loads: { api: string; isin: string; round: number; ms: number; runId: string; trace: TraceStep[] }[] = [];
  try {
    for (let round = 0; round < COLD_ROUNDS; round++) {
      for (const [i, fund] of funds.entries()) {
        for (const target of (round + i) % 2 === 0 ? measured : [...measured].reverse()) {
          await pool.query('DELETE FROM funds WHERE isin = $1', [fund.isin]); // cold: nothing stored
          const first = await timedGet(`${target.api}/funds/${fund.isin}`, key);
          if (first.status !== 200 || first.cached)
            throw new Error(`${fund.isin}: expected a cold load, got ${first.status} cached=${first.cached}`);
          target.cold.push(first.ms);
          target.warm.push((await timedGet(`${target.api}/funds/${fund.isin}`, key)).ms);
          const { runId } = await client.workflow.getHandle(fundLoadWorkflowId(fund.isin)).describe();
          const history = await client.workflow.getHandle(fundLoadWorkflowId(fund.isin), runId).fetchHistory();
          const trace = traceOf(history.events ?? [], first.sentAt, first.answeredAt);
          target.traces.push(trace);
          loads.push({
            api: target.label,
            isin: fund.isin,
            round,
            ms: round1(first.ms),
            runId,
            trace: trace.map((t) => ({ step: t.step, ms: round1(t.ms) })),
          });
        }
      }
    }
  } finally {
    await pool.end();
    await client.connection.close();
  }
  const [self, compared] = measured.map((target) => {
    const trace = traceTable(target.traces, target.cold);
    log(
      'cold',
      `${target.label} (${target.api}): ${target.cold.length} cold loads, median ${round1(median(target.cold))} ms, p90 ${round1(p90(target.cold))} ms; warm median ${round1(median(target.warm))} ms`,
    );
    printTable(trace.rows);
    log('cold', `by kind (medians): ${JSON.stringify(trace.summary)}`);
    return { summary: summaryOf(target), trace };
  });
  return {
    summary: { funds: funds.length, rounds: COLD_ROUNDS, ...self.summary },
    trace: self.trace,
    compared: compared && {
      api: measured[1].api,
      ...compared.summary,
      trace: compared.trace,
      medianRatio: Math.round((median(measured[0].cold) / median(measured[1].cold)) * 1000) / 1000,
    },
    loads,
  };
}

async function kidExtraction() {
  const file = path.join(config.libraryDir, sampleFunds()[0].isin, 'kid.pdf');
  const bytes = fs.readFileSync(file);
  parseKid(await extractPdfText(bytes)); // warm the reader thread
  const ours: number[] = [];
  const poppler: number[] = [];
  for (let i = 0; i < KID_RUNS; i++) {
    let start = process.hrtime.bigint();
    parseKid(await extractPdfText(bytes));
    ours.push(ms(start));
    start = process.hrtime.bigint();
    execFileSync('pdftotext', ['-layout', file, '-'], { stdio: ['ignore', 'pipe', 'ignore'] });
    poppler.push(ms(start));
  }
  await closePdfReaders();
  return {
    runs: KID_RUNS,
    bytes: bytes.length,
    medianMs: round1(median(ours)),
    p90Ms: round1(p90(ours)),
    pdftotextMedianMs: round1(median(poppler)),
    overPdftotext: round1(median(ours) / median(poppler)),
    target: { medianUnderMs: 200 },
    met: median(ours) < 200,
  };
}

async function main() {
  const pool = createPool(config, 2);
  const { key } = await new AccountsRepository(pool).createKey('bench-cold@example.com', 'enterprise');
  await pool.end();
  const { summary, trace, compared, loads } = await coldLoads(key);
  const kid = process.env.BENCH_COLD_SKIP_KID === '1' ? null : await kidExtraction();
  const results = {
    measuredAt: new Date().toISOString(),
    machine: machine(),
    coldLoad: summary,
    trace,
    compared,
    kidExtraction: kid,
  };
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  // Each load's own trace goes to the file only: the printout is the summary and the table above.
  fs.writeFileSync(
    path.join(__dirname, 'results', 'coldLoad.json'),
    `${JSON.stringify({ ...results, loads }, null, 2)}\n`,
  );
  console.log(
    JSON.stringify(
      { ...results, trace: trace.summary, compared: compared && { ...compared, trace: compared.trace.summary } },
      null,
      2,
    ),
  );
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

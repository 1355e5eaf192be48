/**
 * The soak from start to end: checks, set-up, warm-up and measured traffic with memory readings, clean-up, settle,
 * report.
 */
import type http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { createPool } from '../../src/db/postgres';
import { config, log } from '../support';
import { api, apiBase, closeConnections, openConnections } from './connections';
import { loopbackTarget } from './loopback';
import { MemorySampler } from './memory';
import { type Phase, recorder, startTrafficClock, trafficSeconds } from './recorder';
import { report } from './report';
import { call } from './request';
import { drain, drive, Interleave, type Schedule, stopOnSignals, stopWasRequested } from './scheduler';
import { BENCH, CONCURRENCY, RATE, SECONDS, SETTLE_SECONDS, TIMEOUT_MS, WARMUP_SECONDS } from './settings';
import { setUp } from './setup';
import { emptyState, type State } from './state';
import { type Operation, selectedOperations, weightOf } from './traffic';

/** The demo's share of the traffic. */
const demoShare = (ops: readonly Operation[]) =>
  weightOf(ops.filter((o) => o.endpoint.startsWith('GET /demo'))) / weightOf(ops);

function logProgress(inFlight: { n: number }): void {
  const m = [...recorder.phases.measured.values()];
  log(
    BENCH,
    `  ${Math.round(trafficSeconds())} s: ${m.reduce((s, x) => s + x.requests, 0)} answered, ${m.reduce((s, x) => s + x.errors, 0)} errors, ${inFlight.n} in flight`,
  );
}

/**
 * The warm-up, then the measured traffic; memory read at the start of each, every SOAK_SAMPLE_SECONDS,
 * and as the last request is sent; then the requests still under way waited for.
 */
async function runTraffic(ops: readonly Operation[], sampler: MemorySampler): Promise<Record<Phase, Schedule>> {
  startTrafficClock();
  sampler.every('warmup');
  const plan = new Interleave(ops);
  const inFlight = { n: 0 };
  const schedule: Record<Phase, Schedule> = { warmup: { sent: 0, lagMs: [] }, measured: { sent: 0, lagMs: [] } };
  if (WARMUP_SECONDS > 0) {
    log(BENCH, `warm-up: ${WARMUP_SECONDS} s of the same traffic (not in the figures; its errors are reported)...`);
    await drive('warmup', WARMUP_SECONDS, plan, inFlight, schedule.warmup);
  }
  sampler.every('measured'); // the start reading first
  log(BENCH, `measuring: ${SECONDS} s at ${RATE} req/s...`);
  const progress = setInterval(() => logProgress(inFlight), 60_000);
  await drive('measured', SECONDS, plan, inFlight, schedule.measured);
  sampler.stop();
  clearInterval(progress);
  sampler.take('end'); // the end reading, as the last request is sent
  await drain(inFlight);
  return schedule;
}

/** The endpoints the soak left, deleted (untimed), so a kept stack delivers nothing to a receiver that is gone. */
async function deleteHooks(state: State): Promise<void> {
  for (const hook of state.hooks)
    await call('warmup', 'set-up: DELETE /webhooks/{id} (clean-up)', {
      method: 'DELETE',
      path: api(`/webhooks/${hook.id}`),
      key: hook.key,
      expect: [204],
      kind: 'none',
    });
}

/** One more reading after SOAK_SETTLE_SECONDS without traffic (unless the run was stopped). */
async function settle(sampler: MemorySampler): Promise<void> {
  if (SETTLE_SECONDS <= 0 || stopWasRequested()) return;
  log(BENCH, `idle for ${SETTLE_SECONDS} s, then one more memory reading...`);
  await sleep(SETTLE_SECONDS * 1000);
  sampler.take('settled');
}

/** Runs the soak and reports it: whether every check was met. */
export async function soak(): Promise<boolean> {
  const target = await loopbackTarget();
  const state = emptyState(createPool(config, 2));
  const ops = selectedOperations(state);
  openConnections(target, demoShare(ops));
  stopOnSignals();

  log(
    BENCH,
    `API ${apiBase()}; ${RATE} req/s for ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up; ${ops.length} operations; at most ${CONCURRENCY} in flight; timeout ${TIMEOUT_MS} ms`,
  );
  const { receiver } = await setUp(state, ops);
  const sampler = new MemorySampler(path.join(config.dataDir, 'pids'));
  const schedule = await runTraffic(ops, sampler);
  await deleteHooks(state);
  await settle(sampler);
  await closeAll(receiver, state);
  return report({ ops, state, schedule, samples: sampler.samples, stopped: stopWasRequested() });
}

async function closeAll(receiver: http.Server, state: State): Promise<void> {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await closeConnections();
  await state.db.end();
}

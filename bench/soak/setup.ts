/**
 * The set-up (untimed, filed under "set-up: ..." rows of the warm-up): keys of every paid plan, the
 * webhook receiver, the sample library's funds (most loaded warm, some kept cold), the SCPI, and the
 * factsheets and webhook endpoints the traffic works on.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { AccountsRepository } from '../../src/db/repositories/accounts';
import { PLAN_IDS, type PlanId, PLANS } from '../../src/domain/plans';
import { isValidIsin } from '../../src/schema/isin';
import { config, log } from '../support';
import { api } from './connections';
import { notCachedIsin, unknownIsin } from './random';
import { recorder } from './recorder';
import { type Answer, call, obj, type RequestSpec } from './request';
import { BENCH, BURST_SHARE, RATE, SEED } from './settings';
import { perPlan, savedHook, savedSheet, type State } from './state';
import { type Operation, weightOf } from './traffic';

/** Keys per plan so that none uses more than BURST_SHARE of its burst at the planned rate (at least two each). */
function keysPerPlan(ops: readonly Operation[]): Record<PlanId, number> {
  const total = weightOf(ops);
  const perMinute = perPlan(() => 0);
  for (const op of ops)
    for (const plan of op.plans) perMinute[plan] += ((op.weight / total) * RATE * 60) / op.plans.length;
  return perPlan((plan) =>
    plan === 'free' ? 0 : Math.max(2, Math.ceil(perMinute[plan] / (PLANS[plan].burstPerMinute * BURST_SHARE))),
  );
}

async function createKeys(
  db: State['db'],
  runId: string,
  counts: Record<PlanId, number>,
): Promise<Record<PlanId, string[]>> {
  const accounts = new AccountsRepository(db);
  const keys = perPlan((): string[] => []);
  for (const plan of PLAN_IDS) {
    for (let i = 0; i < counts[plan]; i++)
      keys[plan].push((await accounts.createKey(`soak-${runId}-${plan}-${i}@example.com`, plan)).key);
  }
  return keys;
}

/**
 * The traffic's keys, plus two enterprise accounts for the soak's factsheets and three scale accounts for its webhook
 * endpoints (20 at most each).
 */
async function createSoakKeys(state: State, runId: string, ops: readonly Operation[]): Promise<void> {
  const counts = keysPerPlan(ops);
  counts.enterprise += 2;
  counts.scale += 3;
  log(
    BENCH,
    `creating keys: ${Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([p, n]) => `${n} ${p}`)
      .join(', ')}`,
  );
  state.keys = await createKeys(state.db, runId, counts);
  state.sheetKeys = state.keys.enterprise.splice(-2);
  state.hookKeys = state.keys.scale.splice(-3);
}

/** A loopback receiver for the webhook endpoints the soak creates: 200 to every delivery, at once. */
async function startReceiver(state: State): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST') state.received++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return server;
}

/** A set-up request that must succeed: its answer, or the run stops saying why. */
async function must(what: string, spec: Omit<RequestSpec, 'kind' | 'expect'> & { expect?: number[] }): Promise<Answer> {
  const answer = await call('warmup', `set-up: ${what}`, { kind: 'json', expect: [200], ...spec });
  if (!answer) {
    const stats = recorder.stats('warmup', `set-up: ${what}`);
    throw new Error(`set-up failed: ${what}: ${stats.samples.at(-1) ?? 'no answer'}`);
  }
  return answer;
}

/**
 * Warm and cold funds (one in four kept cold), the made-up ISINs, and up to six KIDs or KIIDs to extract, from the
 * sample library.
 */
function readLibrary(state: State): void {
  const library = config.libraryDir;
  const funds = fs.readdirSync(library).filter(isValidIsin).sort();
  if (funds.length < 8) throw new Error(`set-up: only ${funds.length} funds in the sample library ${library}`);
  state.cold = funds.filter((_, i) => i % 4 === 3);
  state.warm = funds.filter((_, i) => i % 4 !== 3);
  state.remembered = Array.from({ length: 5 }, (_, i) => unknownIsin(i + 1));
  state.notCached = Array.from({ length: 5 }, (_, i) => notCachedIsin(i + 1));
  state.documents = funds
    .flatMap((isin) =>
      ['kid.pdf', 'kiid.pdf']
        .filter((f) => fs.existsSync(path.join(library, isin, f)))
        .map((f) => ({ name: `${isin}-${f}`, file: path.join(library, isin, f) })),
    )
    .slice(0, 6)
    .map(({ name, file }) => ({ name, bytes: fs.readFileSync(file) }));
  if (state.documents.length === 0) throw new Error(`set-up: no KID or KIID in ${library}`);
}

/** The funds loaded through POST /funds until all are stored (300 s at most): their names. */
async function loadWarmFunds(state: State): Promise<string[]> {
  const isins = state.warm;
  const deadline = Date.now() + 300_000;
  for (;;) {
    const answer = await must(`POST /funds (${isins.length} sample funds)`, {
      method: 'POST',
      path: api('/funds'),
      key: state.keys.enterprise[0],
      json: { isins, wait: true },
    });
    const results = obj(answer).results as { isin: string; status: string; name: string | null }[];
    const notYet = results.filter((r) => r.status !== 'ok');
    if (notYet.length === 0) return results.map((r) => r.name ?? '');
    if (notYet.some((r) => r.status !== 'pending') || Date.now() > deadline)
      throw new Error(`set-up: sample funds not loaded: ${notYet.map((r) => `${r.isin} ${r.status}`).join(', ')}`);
    log(BENCH, `  ${notYet.length} sample funds still loading...`);
    await sleep(2_000);
  }
}

function searchQueries(names: string[], isins: string[]): string[] {
  const queries = new Set<string>([
    'sample',
    'equity',
    'bond',
    'global',
    'euro',
    'ZZSMPL',
    'ZZSMPL0001',
    'glob equ',
    'smaple',
    'equty',
  ]);
  for (const name of names) {
    const words = name.split(/\s+/).filter((w) => w.length >= 3 && w.toLowerCase() !== 'sample');
    if (words.length >= 2) queries.add(`${words[0]} ${words[1]}`.toLowerCase());
    if (words[0]) queries.add(words[0].toLowerCase());
  }
  for (const isin of isins.slice(0, 5)) queries.add(isin);
  return [...queries];
}

/**
 * The warm funds loaded, the search queries made from their names, and the unknown ISINs asked once so that they are
 * remembered misses.
 */
async function loadFunds(state: State): Promise<void> {
  log(BENCH, `loading ${state.warm.length} warm sample funds (${state.cold.length} kept cold)...`);
  state.names = await loadWarmFunds(state);
  state.searchQueries = searchQueries(state.names, state.warm);
  for (const isin of state.remembered)
    await must('GET /funds (an unknown ISIN, remembered)', {
      method: 'GET',
      path: api(`/funds/${isin}`),
      key: state.keys.enterprise[0],
      expect: [404],
    });
}

/** Every SCPI of the sample library loaded, with its ISIN when it has one. */
async function loadScpi(state: State): Promise<void> {
  const library = config.libraryDir;
  const slugs = fs.existsSync(path.join(library, 'scpi')) ? fs.readdirSync(path.join(library, 'scpi')).sort() : [];
  if (slugs.length === 0) throw new Error(`set-up: no SCPI in ${library}/scpi`);
  log(BENCH, `loading ${slugs.length} SCPI...`);
  state.scpi = [];
  for (const slug of slugs) {
    const answer = await must(`GET /scpi/${slug}`, {
      method: 'GET',
      path: api(`/scpi/${slug}`),
      key: state.keys.enterprise[0],
    });
    state.scpi.push({ slug, isin: (obj(answer).isin as string | null) ?? null });
  }
}

/** Five factsheet links on each factsheet account, three webhook endpoints on each webhook account. */
async function saveSheetsAndHooks(state: State): Promise<void> {
  log(BENCH, 'saving factsheets and webhook endpoints to work on...');
  for (const [i, key] of state.sheetKeys.entries()) {
    for (let n = 0; n < 5; n++) {
      const answer = await must('POST /factsheets (link)', {
        method: 'POST',
        path: api('/factsheets'),
        key,
        json: { isin: state.warm[(i * 5 + n) % state.warm.length], deliver: 'link' },
      });
      state.sheets.push(savedSheet(answer, key, 'link'));
    }
  }
  for (const key of state.hookKeys) {
    for (let n = 0; n < 3; n++) {
      const answer = await must('POST /webhooks (needs WEBHOOKS_ALLOW_LOOPBACK_HTTP=1 in the stack)', {
        method: 'POST',
        path: api('/webhooks'),
        key,
        json: { url: `${state.receiverUrl}/hooks/setup-${n}`, isins: [state.warm[n]] },
        expect: [201],
      });
      state.hooks.push(savedHook(answer, key));
    }
  }
}

/** Everything the traffic needs; the webhook receiver is returned for closing at the end. */
export async function setUp(state: State, ops: readonly Operation[]): Promise<{ receiver: http.Server }> {
  const runId = `${Date.now().toString(36)}${SEED}`;
  await createSoakKeys(state, runId, ops);
  const receiver = await startReceiver(state);
  readLibrary(state);
  await loadFunds(state);
  await loadScpi(state);
  await saveSheetsAndHooks(state);
  return { receiver };
}

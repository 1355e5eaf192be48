/**
 * `npm run histories:record`: runs every kind of job on a stack of its own, as users and the schedule make them (a
 * cold fund load and a miss, an SCPI load, a warm-up, a universe refresh that continues as new, a webhook delivery
 * retried twice, an extraction, a factsheet printed to PDF, a document filed and removed), then writes the histories
 * of the runs to test/fixtures/histories/<version in package.json>/, replacing that release's set. test/replay.test.ts
 * replays every kept release through the current code. Run by Jest (for the test helpers), never by `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';

import { sampleDocuments, sampleFunds } from '../../samples/library';
import { waitFor } from '../../scripts/stack/supervisor';
import {
  API,
  db,
  eptFile,
  get,
  makeStale,
  newKey,
  post,
  runUniverseRefresh,
  temporalClient,
  uniqueIsin,
  writeLibraryFund,
} from '../helpers';
import { receiver } from '../receiver';
import { HISTORIES_DIR, historyFromJson, historyToJson, RELEASE, workflowTypeOf } from './files';

/**
 * Runs kept per workflow type: of different lengths (a miss and a load, a page and the last run of a refresh),
 * longest first, which exercise the most of its code.
 */
const RUNS_PER_TYPE = 4;

it('records the histories of every kind of job', async () => {
  const user = await newKey('scale');
  const operator = await newKey('enterprise', undefined, { operator: true });
  await fundLoads(user.key);
  await expectOk(await get('/scpi/sample-logistique-urbaine', user.key));
  const cold = sampleFunds()
    .slice(10, 12)
    .map((fund) => fund.isin);
  await expectOk(await post('/funds', user.key, { isins: cold, wait: false })); // warmed in the background
  const stored = sampleFunds()
    .slice(12, 18)
    .map((fund) => fund.isin);
  await expectOk(await post('/funds', user.key, { isins: stored })); // loaded within the request
  await db().query(
    // older than the freshness window, as the schedule finds them a day later
    "UPDATE funds SET generated_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE isin = ANY($1)",
    [stored],
  );
  await runUniverseRefresh({ pageSize: 2, pagesPerRun: 1 }); // six stale funds: a run per page, continued as new
  await retriedDelivery(user.key);
  await extraction(user.key);
  await expectOk(await post('/factsheets', user.key, { isin: 'ZZSMPL000014', format: 'pdf', deliver: 'link' }));
  await filedAndRemoved(operator.key);
  await writeHistories(await closedRuns());
}, 600_000);

async function fundLoads(key: string): Promise<void> {
  await expectOk(await get('/funds/ZZSMPL000014', key));
  expect((await get(`/funds/${uniqueIsin()}`, key)).status).toBe(404); // a miss, remembered
}

/** A fund whose document changes: the change is delivered to a receiver that fails twice, then answers. */
async function retriedDelivery(key: string): Promise<void> {
  const hook = await receiver((n) => (n <= 2 ? 500 : 200));
  try {
    const isin = uniqueIsin();
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Recorded Fund', 3) });
    await expectOk(await get(`/funds/${isin}`, key));
    await expectOk(await post('/webhooks', key, { url: hook.url, events: ['fund.changed'], isins: [isin] }));
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Recorded Fund', 5) });
    await makeStale(isin);
    await expectOk(await get(`/funds/${isin}`, key));
    await waitFor('the third delivery attempt', () => Promise.resolve(hook.hits.length >= 3), 120_000);
  } finally {
    await hook.close();
  }
}

async function extraction(key: string): Promise<void> {
  const fund = sampleFunds().find((f) => f.keyDocument === 'kid' && f.language === 'en')!;
  const form = new FormData();
  const pdf = (await sampleDocuments(fund))['kid.pdf'] as Buffer;
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'kid.pdf');
  await expectOk(await fetch(`${API}/extract`, { method: 'POST', headers: bearer(key), body: form }));
}

/** An operator files a FinDatEx file (its fund is loaded from it), then removes it (the fund is loaded again). */
async function filedAndRemoved(key: string): Promise<void> {
  const isin = uniqueIsin();
  const form = new FormData();
  form.append('file', new Blob([eptFile(isin, 'Sample Filed Fund', 4)], { type: 'text/csv' }), 'ept.csv');
  const filed = await fetch(`${API}/documents`, { method: 'POST', headers: bearer(key), body: form });
  await expectOk(filed);
  const { documents } = (await filed.json()) as { documents: Array<{ sha256: string }> };
  await waitFor('the filed fund', async () => (await get(`/funds/${isin}`, key)).status === 200, 120_000);
  await expectOk(await fetch(`${API}/documents/${documents[0].sha256}`, { method: 'DELETE', headers: bearer(key) }));
}

/** The runs of the stack's namespace by type, once none is running: one per length, the longest first. */
async function closedRuns(): Promise<Map<string, Array<{ workflowId: string; runId: string; events: number }>>> {
  const client = await temporalClient();
  await waitFor(
    'every run ended',
    async () => (await client.workflow.count('ExecutionStatus="Running"')).count === 0,
    120_000,
  );
  const runs = new Map<string, Array<{ workflowId: string; runId: string; events: number }>>();
  for await (const run of client.workflow.list()) {
    const list = runs.get(run.type) ?? [];
    list.push({ workflowId: run.workflowId, runId: run.runId, events: run.historyLength });
    runs.set(run.type, list);
  }
  for (const [type, list] of runs) {
    list.sort((a, b) => b.events - a.events);
    runs.set(
      type,
      list.filter((run, i) => i === 0 || run.events !== list[i - 1].events),
    );
  }
  return runs;
}

async function writeHistories(runs: Awaited<ReturnType<typeof closedRuns>>): Promise<void> {
  const client = await temporalClient();
  const folder = path.join(HISTORIES_DIR, RELEASE);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  for (const [type, list] of runs) {
    for (const [n, run] of list.slice(0, RUNS_PER_TYPE).entries()) {
      const history = await client.workflow.getHandle(run.workflowId, run.runId).fetchHistory();
      const json = historyToJson(history);
      expect(workflowTypeOf(historyFromJson(JSON.parse(json)))).toBe(type); // readable back as it will be replayed
      fs.writeFileSync(path.join(folder, `${type}-${n + 1}.history.json`), `${json}\n`);
    }
  }
  console.log(`${[...runs].map(([type, list]) => `${type}: ${list.length}`).join(', ')} -> ${folder}`);
}

function bearer(key: string): Record<string, string> {
  return { Authorization: `Bearer ${key}` };
}

async function expectOk(res: Response): Promise<void> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
}

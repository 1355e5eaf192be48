/**
 * Cold SCPI load end to end (API → `scpi-load/<slug>` workflow → the SCPI's PDFs in the library → parse
 * pool → Postgres → API) against a warm request for the same SCPI, in the same run. Each round forgets
 * the stored payload first, so every timed first request is a cold load. Runs against the built API
 * (bench/run.sh sets BENCH_API_PORT) on the test profile's stack and sample library.
 *
 * Target (issue 12): cold median under 1 s. Writes bench/results/scpi.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sampleScpis } from '../samples/scpi';
import { loadConfig } from '../src/config';
import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';

const config = loadConfig();
const PORT = Number(process.env.BENCH_API_PORT ?? config.port);
const API = `http://127.0.0.1:${PORT}/api/v1`;
const ROUNDS = Number(process.env.BENCH_SCPI_ROUNDS ?? 3);
const TARGET_MS = 1000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
const round = (n: number) => Math.round(n * 10) / 10;

async function timedGet(url: string, key: string): Promise<{ ms: number; status: number; cached: boolean }> {
  const start = process.hrtime.bigint();
  const res = await fetch(url, { headers: { 'X-Api-Key': key } });
  const body = (await res.json()) as { cached?: boolean };
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, status: res.status, cached: body.cached === true };
}

async function main(): Promise<void> {
  const pool = createPool(config, 2);
  const { key } = await new AccountsRepository(pool).createKey('bench-scpi@example.com', 'enterprise');
  const slugs = sampleScpis().map((s) => s.slug);
  const cold: number[] = [];
  const warm: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const slug of slugs) {
      await pool.query('DELETE FROM scpi WHERE slug = $1', [slug]); // cold: nothing stored
      const first = await timedGet(`${API}/scpi/${slug}`, key);
      if (first.status !== 200 || first.cached)
        throw new Error(`${slug}: expected a cold load, got ${first.status} cached=${first.cached}`);
      cold.push(first.ms);
      warm.push((await timedGet(`${API}/scpi/${slug}`, key)).ms);
    }
  }
  await pool.end();
  const results = {
    measuredAt: new Date().toISOString(),
    machine: `${os.cpus().length} cores, node ${process.version}`,
    loads: cold.length,
    coldMedianMs: round(median(cold)),
    coldP90Ms: round(p90(cold)),
    warmMedianMs: round(median(warm)),
    coldOverWarm: round(median(cold) / median(warm)),
    target: { coldMedianUnderMs: TARGET_MS },
    met: median(cold) < TARGET_MS,
  };
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results', 'scpi.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

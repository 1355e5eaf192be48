/**
 * Warm GET /funds/{isin}: throughput and latency under load from this (second) process, beside a
 * bare Koa handler returning the same bytes, measured in the same run. Runs inside the test-profile
 * stack started by scripts/bench.sh. Writes the figures to bench/results/funds-warm.json.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { sampleFunds } from '../samples/library';
import { loadConfig } from '../src/config';
import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';

const config = loadConfig();
const API = `http://127.0.0.1:${config.port}/api/v1`;
const BARE_PORT = config.port + 7;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 32;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const KEYS = 128;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function run(opts: autocannon.Options): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err: Error | null, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

async function main() {
  const pool = createPool(config, 2);
  const accounts = new AccountsRepository(pool);
  // Enterprise keys (6,000 a minute each), rotated per request so the burst limit does not cap the benchmark
  // (128: at 14,000 requests a second the API rounds of one minute stay under each key's 6,000).
  const keys = await Promise.all(
    Array.from({ length: KEYS }, (_, i) =>
      accounts.createKey(`bench-${i}@example.com`, 'enterprise').then((k) => k.key),
    ),
  );
  await pool.end();
  const isin = sampleFunds().find((f) => f.hasNav)!.isin;
  const warm = await fetch(`${API}/funds/${isin}`, { headers: { 'X-Api-Key': keys[0] } });
  if (warm.status !== 200) throw new Error(`warm-up answered ${warm.status}`);
  const body = await (await fetch(`${API}/funds/${isin}`, { headers: { 'X-Api-Key': keys[0] } })).text();
  const bodyFile = path.join(os.tmpdir(), `bench-body-${process.pid}.json`);
  fs.writeFileSync(bodyFile, body);

  const bare = spawn(
    path.join(__dirname, '..', 'node_modules', '.bin', 'tsx'),
    [path.join(__dirname, 'bareKoa.ts'), String(BARE_PORT), bodyFile],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => bare.stdout.once('data', resolve));
  // Each connection cycles through the keys. The requests are built once, as the baseline's single request is:
  // a setupRequest hook would rebuild every API request in the load generator, which shares the two cores with
  // the servers, and so charge the API side of the ratio for work of the generator's.
  const api = {
    url: `${API}/funds/${isin}`,
    requests: keys.map((key) => ({ method: 'GET' as const, headers: { 'x-api-key': key } })),
  };
  const baseline = { url: `http://127.0.0.1:${BARE_PORT}/` };

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  try {
    console.log(`[bench] body ${body.length} bytes; warming both servers...`);
    await run({ ...baseline, connections: CONNECTIONS, duration: 3 });
    await run({ ...api, connections: CONNECTIONS, duration: 3 });
    // Rounds alternate between the two servers so that drift in the machine's speed hits both alike.
    const rounds: { bare: Figures; api: Figures }[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      console.log(`[bench] round ${r}/${ROUNDS}: max throughput, ${CONNECTIONS} connections, ${DURATION} s each...`);
      rounds.push({
        bare: await run({ ...baseline, connections: CONNECTIONS, duration: DURATION }),
        api: await run({ ...api, connections: CONNECTIONS, duration: DURATION }),
      });
    }
    console.log(`[bench] fixed rate 1,000 requests/s, ${DURATION} s each...`);
    const bareAt1k = await run({ ...baseline, connections: CONNECTIONS, duration: DURATION, overallRate: 1000 });
    const apiAt1k = await run({ ...api, connections: CONNECTIONS, duration: DURATION, overallRate: 1000 });
    const ratios = rounds.map((r) => r.api.rps / r.bare.rps);
    const results = {
      measuredAt: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
      bodyBytes: body.length,
      durationSeconds: DURATION,
      connections: CONNECTIONS,
      rounds,
      bareKoaMedianRps: median(rounds.map((r) => r.bare.rps)),
      fundsWarmMedianRps: median(rounds.map((r) => r.api.rps)),
      throughputRatioPerRound: ratios,
      throughputRatio: median(ratios),
      at1000rps: { bareKoa: bareAt1k, fundsWarm: apiAt1k },
      targets: { throughputRatioAtLeast: 0.4, p99At1000rpsUnderMs: 15 },
      met: { throughput: median(ratios) >= 0.4, p99: apiAt1k.p99 < 15 },
    };
    fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
    fs.writeFileSync(path.join(__dirname, 'results', 'funds-warm.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify(results, null, 2));
    const non2xx = rounds.reduce((n, r) => n + r.api.non2xx, apiAt1k.non2xx);
    if (non2xx) console.log(`[bench] warning: ${non2xx} non-2xx answers`);
  } finally {
    bare.kill();
    fs.rmSync(bodyFile, { force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

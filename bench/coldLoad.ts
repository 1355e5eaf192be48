/**
 * Cold load of sample funds end to end (API -> Temporal workflow -> documents -> Postgres/ClickHouse),
 * against a warm request for the same fund as the baseline, measured in the same run.
 * Also: extraction of one KID (text layer + parse), against poppler's pdftotext on the same bytes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';
import { closePdfReaders, extractPdfText } from '../src/sources/pdf/text';
import { parseKid } from '../src/sources/parsers/kid';
import { sampleFunds } from '../samples/library';

const config = loadConfig();
const API = `http://127.0.0.1:${config.port}/api/v1`;
const COLD_SAMPLES = Number(process.env.BENCH_COLD ?? 15);
const KID_RUNS = 30;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const round = (n: number) => Math.round(n * 10) / 10;

async function timedGet(url: string, key: string): Promise<{ ms: number; status: number; cached: boolean }> {
  const start = process.hrtime.bigint();
  const res = await fetch(url, { headers: { 'X-Api-Key': key } });
  const body = (await res.json()) as { cached?: boolean };
  return { ms: ms(start), status: res.status, cached: body.cached === true };
}

async function coldLoads(key: string) {
  // Funds the warm-path benchmark has not touched; each is loaded for the first time here.
  const funds = sampleFunds().slice(5, 5 + COLD_SAMPLES);
  const cold: number[] = [];
  const warm: number[] = [];
  for (const fund of funds) {
    const first = await timedGet(`${API}/funds/${fund.isin}`, key);
    if (first.status !== 200 || first.cached) throw new Error(`${fund.isin}: expected a cold load, got ${first.status} cached=${first.cached}`);
    cold.push(first.ms);
    warm.push((await timedGet(`${API}/funds/${fund.isin}`, key)).ms);
  }
  return { samples: funds.length, coldMedianMs: round(median(cold)), coldP90Ms: round(p90(cold)), warmMedianMs: round(median(warm)), coldOverWarm: round(median(cold) / median(warm)), target: { coldMedianUnderMs: 1500 }, met: median(cold) < 1500 };
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
  return { runs: KID_RUNS, bytes: bytes.length, medianMs: round(median(ours)), p90Ms: round(p90(ours)), pdftotextMedianMs: round(median(poppler)), overPdftotext: round(median(ours) / median(poppler)), target: { medianUnderMs: 200 }, met: median(ours) < 200 };
}

async function main() {
  const pool = createPool(config, 2);
  const { key } = await new AccountsRepository(pool).createKey('bench-cold@example.com', 'enterprise');
  await pool.end();
  const results = { measuredAt: new Date().toISOString(), machine: `${os.cpus().length} cores, node ${process.version}`, coldLoad: await coldLoads(key), kidExtraction: await kidExtraction() };
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results', 'cold-and-extraction.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

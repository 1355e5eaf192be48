/**
 * The FinDatEx index (src/sources/findatexLibrary.ts) over a feed's files, in this process as the worker
 * runs it (the shared parse pool's threads read the files):
 * - cold build: a new connector's first look at the folder, every file read and indexed;
 * - memory: the heap the index keeps (after a full GC, against the same process before) and the process's
 *   RSS growth, the parse threads included;
 * - pick-up of one changed delivery (a 20,000-row EPT file as its next edition: a new generation time on every row): the
 *   time of the next fetch, against a fetch when nothing changed;
 * - lookup: fetch of one ISIN (the EPT and EMT excerpts), against the fund folder's read by the library
 *   connector every load also asks (LocalLibraryConnector.fetch of an empty folder name).
 *
 * Run it with `node --expose-gc --import tsx` (bench/scale.ts does).
 */
import fs from 'node:fs/promises';
import path from 'node:path';

import { closeParsePool } from '../../src/parsing/pool/pool';
import { FindatexLibraryConnector } from '../../src/sources/findatexLibrary';
import { LocalLibraryConnector } from '../../src/sources/localLibrary';
import { percentile, round1, round2 } from '../support';
import { syntheticFundIsin } from '../universe/generate';

/** Microseconds: a lookup is well under a millisecond. */
interface Micros {
  n: number;
  p50: number;
  p90: number;
  p99: number;
}

function micros(ms: readonly number[]): Micros {
  const us = (p: number) => Math.round(percentile(ms, p) * 1000);
  return { n: ms.length, p50: us(50), p90: us(90), p99: us(99) };
}

export interface IndexFigures {
  files: number;
  shareClasses: number;
  coldBuildSeconds: number;
  heapMb: number;
  rssGrowthMb: number;
  rssMb: number;
  changedFile: { name: string; rows: number; pickUpMs: number; unchangedFetchUs: Micros };
  lookupUs: Micros;
  folderReadUs: Micros;
  lookupRatio: number;
}

const MB = 1024 * 1024;
const LOOKUPS = 5_000;

function fullGc(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  gc();
  gc();
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = process.hrtime.bigint();
  const result = await work();
  return [result, Number(process.hrtime.bigint() - started) / 1e6];
}

/** A delivery rewritten as its next edition: a new generation time (the first date of each row) on every row. */
async function rewriteDelivery(file: string): Promise<number> {
  const text = await fs.readFile(file, 'utf8');
  const lines = text.split('\r\n');
  const next = lines.map((line, i) =>
    i === 0 ? line : line.replace(/(\d{4}-\d{2}-)(\d{2})/, (_, ym, d) => `${ym}${d === '28' ? '27' : '28'}`),
  );
  await fs.writeFile(file, next.join('\r\n'));
  return lines.filter((line, i) => i > 0 && line.length > 0).length;
}

export async function measureFindatexIndex(options: {
  libraryDir: string;
  funds: number;
  log?: (line: string) => void;
}): Promise<IndexFigures> {
  const folder = path.join(options.libraryDir, 'findatex');
  const files = (await fs.readdir(folder)).filter((name) => /\.(csv|xlsx|json|ya?ml)$/i.test(name));
  fullGc();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  const connector = new FindatexLibraryConnector(options.libraryDir);
  const [covered, coldMs] = await timed(() => connector.coveredIsins());
  fullGc();
  const memory = process.memoryUsage();
  options.log?.(`index: ${covered.size} ISINs from ${files.length} files in ${round1(coldMs / 1000)} s`);
  if (covered.size < options.funds) throw new Error(`the index covers ${covered.size} ISINs, not ${options.funds}`);

  const local = new LocalLibraryConnector(options.libraryDir);
  const lookups: number[] = [];
  const folderReads: number[] = [];
  for (let i = 0; i < LOOKUPS; i++) {
    const isin = syntheticFundIsin(1 + ((i * 7919) % options.funds));
    const [docs, ms] = await timed(() => connector.fetch(isin));
    if (docs.length !== 2) throw new Error(`${isin}: ${docs.length} excerpts, not 2`);
    lookups.push(ms);
    folderReads.push((await timed(() => local.fetch(isin)))[1]);
  }
  const unchanged: number[] = [];
  for (let i = 0; i < 20; i++) unchanged.push((await timed(() => connector.fetch(syntheticFundIsin(1))))[1]);

  const changed = files.find((name) => /ept/i.test(name)) ?? files[0];
  const rows = await rewriteDelivery(path.join(folder, changed));
  const [, pickUpMs] = await timed(() => connector.fetch(syntheticFundIsin(1)));
  const lookupUs = micros(lookups);
  const folderReadUs = micros(folderReads);
  await closeParsePool();
  return {
    files: files.length,
    shareClasses: covered.size,
    coldBuildSeconds: round2(coldMs / 1000),
    heapMb: round1((memory.heapUsed - heapBefore) / MB),
    rssGrowthMb: round1((memory.rss - rssBefore) / MB),
    rssMb: round1(memory.rss / MB),
    changedFile: { name: changed, rows, pickUpMs: round1(pickUpMs), unchangedFetchUs: micros(unchanged) },
    lookupUs,
    folderReadUs,
    lookupRatio: round2(lookupUs.p50 / folderReadUs.p50),
  };
}

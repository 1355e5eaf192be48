/**
 * Ingestion through the inbox folder (issue 21): 1,000 mixed documents (KIDs, KIIDs, factsheets, holdings
 * lists, NAV histories, EPT files of ~200 sample funds under fresh ISINs, random file names, the documents
 * that name no ISIN in folders named after theirs) dropped into `<LIBRARY_DIR>/inbox/` of the running worker,
 * timed until every file has left the inbox (identified, filed, and its fund reloaded through `fund-load/<ISIN>`),
 * against reading the same documents without the workflow in the same run: identified and parsed in a parse
 * pool of the same size, in this process. Writes bench/results/ingestion.json.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import { sampleFunds } from '../samples/funds';
import { sampleDocuments } from '../samples/library';
import { createPool } from '../src/db/postgres';
import { closeParsePool, identifyInPool, parseInPool } from '../src/parsing/pool/pool';
import { isinCheckDigit } from '../src/schema/isin';
import { config, envInt, log, round1, round2, run, writeResults } from './support';

const DOCUMENTS = envInt('BENCH_INGEST_DOCUMENTS', 1000);
const TIMEOUT_MS = envInt('BENCH_INGEST_TIMEOUT_SECONDS', 3600) * 1000;

interface Dropped {
  relative: string;
  content: Buffer;
}

/** A fresh ISIN per fund and run (user-assigned country code ZZ): every document is new to the universe. */
function benchIsin(run: string, n: number): string {
  const body = `ZZI${run}${String(n).padStart(4, '0')}`.slice(0, 11);
  return body + isinCheckDigit(body);
}

async function documents(batch: string, runId: string): Promise<Dropped[]> {
  const funds = sampleFunds();
  const out: Dropped[] = [];
  for (let n = 0; out.length < DOCUMENTS; n++) {
    const base = funds[n % funds.length];
    const fund = { ...base, isin: benchIsin(runId, n), name: `${base.name} ${n}` };
    for (const content of Object.values(await sampleDocuments(fund))) {
      if (out.length === DOCUMENTS) break;
      const relative = path.join(batch, fund.isin, randomBytes(6).toString('hex'));
      out.push({ relative, content: Buffer.isBuffer(content) ? content : Buffer.from(content) });
    }
  }
  return out;
}

/** Reading without the workflow: each document identified, then parsed as what it is, two threads as the worker. */
async function readDirectly(docs: readonly Dropped[]): Promise<number> {
  const started = process.hrtime.bigint();
  await Promise.all(
    docs.map(async (doc) => {
      const identified = await identifyInPool(doc.content);
      if (!identified.ok) throw new Error(`${doc.relative}: ${identified.reason}`);
      for (const part of identified.documents) {
        const ref = {
          sha256: '0'.repeat(64),
          kind: part.kind,
          mediaType: part.mediaType,
          origin: doc.relative,
          retrievedAt: new Date().toISOString(),
          size: part.content.length,
        };
        await parseInPool({ ref, content: part.content });
      }
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Documents under a folder (the reasons written beside rejected ones left out). */
async function remaining(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && !e.name.endsWith('.reason.json')).length;
}

async function main(): Promise<void> {
  const runId = randomBytes(2)
    .toString('hex')
    .toUpperCase()
    .replace(/[^0-9A-F]/g, '0');
  const batch = `bench-${runId}`;
  const inbox = path.join(config.libraryDir, 'inbox');
  log('ingestion', `writing ${DOCUMENTS} documents of sample funds under fresh ISINs...`);
  const docs = await documents(batch, runId);

  log('ingestion', 'reading them without the workflow (identify + parse in a pool of 2 threads)...');
  const directSeconds = await readDirectly(docs);
  await closeParsePool();

  log('ingestion', `dropping them into ${path.join(inbox, batch)} and waiting for the worker...`);
  const staging = path.join(config.dataDir, `staging-${batch}`);
  for (const doc of docs) {
    await fs.mkdir(path.dirname(path.join(staging, doc.relative)), { recursive: true });
    await fs.writeFile(path.join(staging, doc.relative), doc.content);
  }
  await fs.mkdir(inbox, { recursive: true });
  const started = Date.now();
  await fs.rename(path.join(staging, batch), path.join(inbox, batch)); // all at once, as a copy finishes
  let left = docs.length;
  while (left > 0) {
    if (Date.now() - started > TIMEOUT_MS) throw new Error(`${left} files still in the inbox after ${TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 500));
    left = await remaining(path.join(inbox, batch));
  }
  const ingestSeconds = (Date.now() - started) / 1000;
  await fs.rm(staging, { recursive: true, force: true });

  const pool = createPool(config, 2);
  const { rows } = await pool.query<{ kind: string; n: number }>(
    "SELECT kind, count(*)::int AS n FROM filed_documents WHERE file_name LIKE $1 || '/%' GROUP BY kind ORDER BY kind",
    [batch],
  );
  const funds = await pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM funds WHERE isin LIKE 'ZZI' || $1 || '%'",
    [runId],
  );
  await pool.end();
  const rejected = await remaining(path.join(inbox, 'rejected', batch));
  const filed = Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  const perSecond = (seconds: number) => round1(docs.length / seconds);
  writeResults('ingestion', {
    documents: docs.length,
    filedByKind: filed,
    rejectedFiles: rejected,
    fundsLoaded: funds.rows[0].n,
    throughInbox: { seconds: round1(ingestSeconds), documentsPerSecond: perSecond(ingestSeconds) },
    readingOnly: { seconds: round1(directSeconds), documentsPerSecond: perSecond(directSeconds) },
    ratio: { inboxOverReading: round2(ingestSeconds / directSeconds) },
  });
}

run(main);

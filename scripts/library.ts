/**
 * Gives the running stack documents, as the inbox folder and POST /documents do (same default configuration
 * as `npm start`):
 *   npm run --silent library -- import [--isin ISIN] <file or folder>...
 * Each file (folders walked, any nesting; symbolic links are not followed; ZIP archives unpacked by the
 * ingestion) is identified by its content and filed under the ISINs it covers; once all are filed, each fund
 * they bring something new to is reloaded once, and the command returns when that is done. One JSON line per
 * document: {"file", "status": "filed" | "duplicate" | "rejected", "kind", "language", "isins", "asOf", "reason",
 * "scpi", "sha256"} ("scpi": the SCPI an SCPI's document is filed under). A folder named after an ISIN gives that
 * ISIN to the documents under it that name none of their own; --isin gives it to all of them. Exit status 0 when
 * nothing was rejected, 1 otherwise (or on an error reaching the stack), 2 on a usage error.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { loadConfigOrExit } from '../src/config';
import { createPool } from '../src/db/postgres';
import { DocumentsRepository } from '../src/db/repositories/documents';
import { rejectedDocument } from '../src/domain/documents';
import type { IngestResult } from '../src/schema/documents';
import { RequestIsin } from '../src/schema/requests';
import { isinHintOf, MAX_INBOX_FILE_BYTES } from '../src/sources/inboxFolder';
import { createTemporalClient } from '../src/temporal/client';
import { TemporalDocumentIngester } from '../src/temporal/documentIngester';
import { fileDocuments, reloadFiled } from '../src/usecases/documents';

class UsageError extends Error {}

/** Files ingested at once: each waits for its workflow, the worker's parse pool sets the pace. */
const CONCURRENCY = 4;

interface Candidate {
  /** Absolute path. */
  file: string;
  /** As printed: the path given, or the path under the folder given. */
  label: string;
  isinHint: string | null;
  /** Why it is not sent (too large, a link), or null. */
  refusal: string | null;
}

async function candidatesOf(given: string): Promise<Candidate[]> {
  const stat = await fs.lstat(given).catch(() => null);
  if (!stat) throw new UsageError(`no such file or folder: ${given}`);
  if (!stat.isDirectory()) return [candidate(given, given, null, stat)];
  const found: Candidate[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await fs.readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(candidate(full, full, isinHintOf(path.relative(given, full)), await fs.lstat(full)));
    }
  };
  await walk(given);
  return found;
}

function candidate(file: string, label: string, isinHint: string | null, stat: import('node:fs').Stats): Candidate {
  const refusal = stat.isSymbolicLink()
    ? 'a symbolic link: not followed'
    : !stat.isFile()
      ? 'not a regular file'
      : stat.size > MAX_INBOX_FILE_BYTES
        ? `larger than ${MAX_INBOX_FILE_BYTES / 1024 / 1024} MB: not read`
        : null;
  return { file: path.resolve(file), label, isinHint, refusal };
}

function print(result: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'import') throw new UsageError('usage: library import [--isin ISIN] <file or folder>...');
  const { values, positionals } = parseArgs({
    args: rest,
    options: { isin: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length === 0) throw new UsageError('usage: library import [--isin ISIN] <file or folder>...');
  const isin = values.isin === undefined ? null : RequestIsin.safeParse(values.isin);
  if (isin && !isin.success) throw new UsageError(`--isin: "${values.isin}" is not a valid ISIN`);
  const candidates = (await Promise.all(positionals.map(candidatesOf))).flat();

  const config = loadConfigOrExit();
  const pool = createPool(config, CONCURRENCY);
  const temporal = await createTemporalClient(config);
  const deps = {
    health: { firstDown: () => null },
    uploads: new DocumentsRepository(pool),
    ingester: new TemporalDocumentIngester(temporal, config.temporal.taskQueue),
  };
  let rejected = 0;
  const all: IngestResult[] = [];
  try {
    const queue = [...candidates];
    const lane = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const results = next.refusal
          ? [rejectedDocument(next.label, next.refusal)]
          : await ingest(deps, next, isin?.data ?? next.isinHint);
        for (const result of results) {
          if (result.status === 'rejected') rejected++;
          print(line(result));
        }
        all.push(...results);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    // Filed first, then each fund reloaded once (a fund's KID, factsheet and holdings may be three of the files).
    await reloadFiled(deps, all);
  } finally {
    await Promise.all([pool.end(), temporal.connection.close()]);
  }
  return rejected > 0 ? 1 : 0;
}

async function ingest(deps: Parameters<typeof fileDocuments>[0], candidate: Candidate, isin: string | null) {
  const content = await fs.readFile(candidate.file);
  const handing = { isin, source: 'import', deferReload: true };
  const outcome = await fileDocuments(deps, [{ name: candidate.label, content }], handing);
  if (outcome.outcome !== 'ingested') throw new Error(`${candidate.label}: ${outcome.outcome}`);
  return outcome.results;
}

/** A result as printed: the fields in the order the command documents. */
function line({ file, status, kind, language, isins, asOf, reason, scpi, sha256 }: IngestResult) {
  return { file, status, kind, language, isins, asOf, reason, scpi, sha256 };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const usage = err instanceof UsageError;
    process.stderr.write(`${usage ? err.message : `library: ${err instanceof Error ? err.message : String(err)}`}\n`);
    process.exit(usage ? 2 : 1);
  },
);

import type { Logger } from 'pino';

import type { IngestResult } from '../schema/documents';
import {
  type InboxFile,
  listInbox,
  MAX_INBOX_FILE_BYTES,
  moveToDone,
  moveToRejected,
  readInboxFile,
} from '../sources/inboxFolder';
import type { FilingOutcome, HandedFile, Handing } from '../usecases/documents';
import { repeatUntilAborted } from './periodic';

/**
 * The inbox folder, `<LIBRARY_DIR>/inbox/`: whatever an operator drops there (any name, any nesting, ZIP
 * archives included; a folder named after an ISIN gives it to the documents under it that name none) is
 * ingested like an upload, then moved to `inbox/done/`, or to `inbox/rejected/` with a `<file>.reason.json`
 * beside it when not one document in it could be filed. The worker looks every INBOX_SCAN_SECONDS.
 *
 * A look files every file it found first, then reloads the funds and SCPI they brought something new to, each once
 * (a fund whose KID, factsheet and holdings arrive as three files is reloaded once, not three times), then moves the
 * files. A file is moved only once its funds are reloaded: a look cut short leaves its files for the next one, which
 * files them again as duplicates and reloads their funds.
 */
export interface InboxWatchDeps {
  inboxDir: string;
  /** The filing story (usecases/documents fileDocuments over its adapters), asked not to reload. */
  file: (files: readonly HandedFile[], handing: Handing) => Promise<FilingOutcome>;
  /** The reload of a batch's funds and SCPI (usecases/documents reloadFiled over its adapters). */
  reload: (results: readonly IngestResult[]) => Promise<void>;
  log: Pick<Logger, 'info' | 'warn'>;
  /** Files ingested at once. */
  concurrency?: number;
  /** How long a file must be left unchanged before it is taken (it may still be being copied). */
  settleMs?: number;
  /** The worker stopping: files not finished stay for the next start (their workflows go on meanwhile). */
  signal?: AbortSignal;
}

/** Files ingested at once: each waits for its workflow; the worker's parse pool sets the pace. */
const DEFAULT_CONCURRENCY = 4;

interface Filed {
  file: InboxFile;
  results: IngestResult[];
}

/** One look: every settled file filed, their funds reloaded, the files moved; returns how many files were handled. */
export async function ingestInbox(deps: InboxWatchDeps): Promise<number> {
  const listing = await listInbox(deps.inboxDir, { settleMs: deps.settleMs });
  for (const file of listing.tooLarge)
    await reject(deps, file, `larger than ${MAX_INBOX_FILE_BYTES / 1024 / 1024} MB: not read`);
  for (const { file, reason } of listing.refused) await reject(deps, file, reason);
  const queue = [...listing.ready];
  const filed: Filed[] = [];
  const lane = async () => {
    for (let file = queue.shift(); file && !deps.signal?.aborted; file = queue.shift()) {
      const results = await fileOne(deps, file);
      if (results) filed.push({ file, results });
    }
  };
  await Promise.all(Array.from({ length: deps.concurrency ?? DEFAULT_CONCURRENCY }, lane));
  if (filed.length > 0 && !(await reloaded(deps, filed))) return listing.tooLarge.length + listing.refused.length;
  for (const { file, results } of filed) await move(deps, file, results);
  return listing.tooLarge.length + listing.refused.length + filed.length;
}

/** Files one file without reloading; null when it stays for the next look (the job engine is down, a read failed). */
async function fileOne(deps: InboxWatchDeps, file: InboxFile): Promise<IngestResult[] | null> {
  let content: Buffer;
  try {
    content = await readInboxFile(file);
  } catch (err) {
    await reject(deps, file, `could not be read: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
  let outcome: FilingOutcome | 'stopped';
  try {
    const handing = { isin: file.isinHint, source: 'inbox', deferReload: true };
    outcome = await untilAborted(deps.file([{ name: file.relative, content }], handing), deps.signal);
  } catch (err) {
    deps.log.warn({ file: file.relative, err: String(err) }, 'inbox: left for the next look');
    return null;
  }
  if (outcome === 'stopped' || outcome.outcome !== 'ingested') {
    if (outcome !== 'stopped')
      deps.log.warn({ file: file.relative, outcome: outcome.outcome }, 'inbox: left for the next look');
    return null;
  }
  return outcome.results;
}

/** The batch's funds reloaded, each once; false when the files stay for the next look (which reloads them then). */
async function reloaded(deps: InboxWatchDeps, filed: readonly Filed[]): Promise<boolean> {
  try {
    const reload = deps.reload(filed.flatMap((f) => f.results));
    return (await untilAborted(reload, deps.signal)) !== 'stopped';
  } catch (err) {
    deps.log.warn({ files: filed.length, err: String(err) }, 'inbox: reload failed; files left for the next look');
    return false;
  }
}

async function move(deps: InboxWatchDeps, file: InboxFile, results: readonly IngestResult[]): Promise<void> {
  const moving = results.every((r) => r.status === 'rejected')
    ? moveToRejected(deps.inboxDir, file, reasonOf(file, results))
    : moveToDone(deps.inboxDir, file);
  if (await goneMeanwhile(moving)) return;
  deps.log.info({ file: file.relative, results: tally(results) }, 'inbox: ingested');
}

/**
 * True when the file was no longer there to move: another worker watching the same inbox ingested it too (the same
 * `ingest/<sha256>` run) and moved it first.
 */
async function goneMeanwhile(moving: Promise<unknown>): Promise<boolean> {
  try {
    await moving;
    return false;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** The work's result, or 'stopped' as soon as the signal aborts (the work itself is not cancelled). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T | 'stopped'> {
  if (!signal) return work;
  if (signal.aborted) return Promise.resolve('stopped');
  return new Promise((resolve, reject) => {
    const stop = () => resolve('stopped');
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

async function reject(deps: InboxWatchDeps, file: InboxFile, reason: string): Promise<void> {
  if (await goneMeanwhile(moveToRejected(deps.inboxDir, file, { file: file.relative, reason }))) return;
  deps.log.info({ file: file.relative, reason }, 'inbox: rejected');
}

/** What `<file>.reason.json` says: the reason, and each document's when the file held several. */
function reasonOf(file: InboxFile, results: readonly IngestResult[]) {
  const reason = results.length === 1 ? results[0].reason : 'none of the documents it holds could be filed';
  return {
    file: file.relative,
    reason,
    ...(results.length > 1 ? { documents: results.map((r) => ({ file: r.file, reason: r.reason })) } : {}),
  };
}

function tally(results: readonly IngestResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

/** Looks until the signal aborts; a failed look (database down) is tried again at the next tick. */
export async function watchInbox(deps: InboxWatchDeps & { intervalMs: number; signal: AbortSignal }): Promise<void> {
  await repeatUntilAborted(deps, 'inbox folder', async () => {
    await ingestInbox(deps);
  });
}

import type { Logger } from 'pino';

import { repeatUntilAborted } from './periodic';

/**
 * A FinDatEx file dropped into the library makes its share classes known without a restart, and that
 * must hold also for an ISIN somebody asked for before the file arrived: its "no data" outcome is
 * remembered (NOT_FOUND_TTL_HOURS) and answered without a load. The worker looks at the folder every
 * FINDATEX_SCAN_SECONDS and forgets the remembered misses of every ISIN a file covers that it had not
 * seen covered (all of them at start: a file may have arrived while the worker was down).
 */
export interface FindatexWatchDeps {
  /** ISINs the folder's files cover now (FindatexLibraryConnector.coveredIsins). */
  covered: () => Promise<Set<string>>;
  /** Forgets remembered misses; returns how many there were. */
  forgetMisses: (isins: readonly string[]) => Promise<number>;
  intervalMs: number;
  signal: AbortSignal;
  log: Pick<Logger, 'info' | 'warn'>;
}

/** One look: the newly covered ISINs' misses forgotten; returns what is covered now. */
export async function forgetNewlyCovered(
  deps: Pick<FindatexWatchDeps, 'covered' | 'forgetMisses' | 'log'>,
  seen: ReadonlySet<string>,
): Promise<Set<string>> {
  const now = await deps.covered();
  const added = [...now].filter((isin) => !seen.has(isin));
  const forgotten = await deps.forgetMisses(added);
  if (forgotten > 0)
    deps.log.info(
      { forgotten, covered: now.size },
      'FinDatEx files cover ISINs that had no data: their not_found is forgotten',
    );
  return now;
}

/** Looks until the signal aborts; a failed look (database down) is tried again at the next tick. */
export async function watchFindatexFolder(deps: FindatexWatchDeps): Promise<void> {
  let seen = new Set<string>();
  await repeatUntilAborted(deps, 'FinDatEx folder', async () => {
    seen = await forgetNewlyCovered(deps, seen);
  });
}

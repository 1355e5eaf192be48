import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The rows of an indexed FinDatEx file, kept on disk instead of in memory: a distributor's feed of
 * 200,000 share classes is hundreds of megabytes of cells (narratives included), and a load needs one
 * row at a time. Each file version's rows are written once, one JSON line each, to a spill file of its
 * own; the index keeps where each line is, and a load reads its line back (one positioned read).
 *
 * Spill files live in a folder of this process (under the system's temporary folder unless given), removed
 * when the process exits or, after a crash, by the next process that makes one; a replaced file version's spill is removed after a grace, so a load that took its row's
 * place just before still reads it. No handle stays open: a row is one open, positioned read and close.
 */

/** Where one row's line is in its spill. */
export interface SpillSpan {
  offset: number;
  length: number;
}

/** Long enough for any read started before a file version was replaced to finish. */
const REMOVE_GRACE_MS = 60_000;

const ownedFolders = new Set<string>();
let exitHookInstalled = false;

/**
 * A folder of this process for spills, `<parent>/<pid>-XXXXXX` (parent: `findatex-index` in the system's temporary
 * folder unless given), removed at exit. Folders of processes that are gone (killed before their exit hook ran) are
 * removed first, so that crashes leave nothing behind for long.
 */
export async function temporarySpillFolder(parent = path.join(os.tmpdir(), 'findatex-index')): Promise<string> {
  await fs.mkdir(parent, { recursive: true });
  await removeFoldersOfEndedProcesses(parent);
  const folder = await fs.mkdtemp(path.join(parent, `${process.pid}-`));
  ownedFolders.add(folder);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const owned of ownedFolders) rmSync(owned, { recursive: true, force: true });
    });
  }
  return folder;
}

async function removeFoldersOfEndedProcesses(parent: string): Promise<void> {
  for (const name of await fs.readdir(parent)) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (!Number.isInteger(pid) || isRunning(pid)) continue;
    await fs.rm(path.join(parent, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

export class RowSpill {
  private constructor(private readonly file: string) {}

  /** Writes a block of rows (one line each, as findatex/feedIndex.ts makes it) to a new spill in `folder`. */
  static async write(folder: string, lines: Uint8Array): Promise<RowSpill> {
    const file = path.join(folder, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.ndjson`);
    await fs.mkdir(folder, { recursive: true, mode: 0o700 }); // a cleaner of temporary folders may have taken it
    await fs.writeFile(file, lines, { mode: 0o600 });
    return new RowSpill(file);
  }

  /** One row's line. */
  async read(span: SpillSpan): Promise<string> {
    const handle = await fs.open(this.file, 'r');
    try {
      const buffer = Buffer.allocUnsafe(span.length);
      const { bytesRead } = await handle.read(buffer, 0, span.length, span.offset);
      if (bytesRead !== span.length) throw new Error(`spilled row cut short (${bytesRead} of ${span.length} bytes)`);
      return buffer.toString('utf8');
    } finally {
      await handle.close();
    }
  }

  /** The file version is gone: its spill leaves the disk after the grace. */
  discard(): void {
    setTimeout(() => void fs.rm(this.file, { force: true }).catch(() => undefined), REMOVE_GRACE_MS).unref();
  }
}

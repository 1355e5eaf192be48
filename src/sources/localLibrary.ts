import fs from 'node:fs/promises';
import path from 'node:path';

import type { DocumentKind, SourceConnector, SourceDocument } from '../domain/documents';
import { normaliseIsin } from '../schema/isin';

/** Largest file the library hands out; anything bigger is skipped rather than read. */
export const MAX_LIBRARY_FILE_BYTES = 32 * 1024 * 1024;

const MEDIA_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** File name prefix -> document kind: `kid.pdf`, `nav.csv`, `holdings-2026-10.xlsx`, ... */
const KIND_PREFIXES: [RegExp, DocumentKind][] = [
  [/^kiid/i, 'kiid'],
  [/^kid/i, 'kid'],
  [/^factsheet/i, 'factsheet'],
  [/^holdings/i, 'holdings'],
  [/^nav/i, 'nav'],
  [/^ept/i, 'ept'],
  [/^emt/i, 'emt'],
  [/^tpt/i, 'tpt'],
];

export function classifyLibraryFile(fileName: string): { kind: DocumentKind; mediaType: string } | null {
  const mediaType = MEDIA_TYPES[path.extname(fileName).toLowerCase()];
  const kind = KIND_PREFIXES.find(([re]) => re.test(fileName))?.[1];
  return mediaType && kind ? { kind, mediaType } : null;
}

/** A folder with one sub-folder per ISIN holding that fund's documents. */
export class LocalLibraryConnector implements SourceConnector {
  readonly name = 'local-library';

  constructor(private readonly root: string) {}

  async fetch(input: string): Promise<SourceDocument[]> {
    const isin = normaliseIsin(input);
    if (!isin) return []; // never build a path from an unvalidated string
    const dir = path.join(this.root, isin);
    const names = await sortedNamesIn(dir);
    const documents: SourceDocument[] = [];
    for (const name of names) {
      const known = classifyLibraryFile(name);
      if (!known) continue;
      const file = path.join(dir, name);
      const stat = await fs.lstat(file);
      if (!stat.isFile() || stat.size > MAX_LIBRARY_FILE_BYTES) continue;
      documents.push({
        ...known,
        origin: `library:${isin}/${name}`,
        retrievedAt: new Date().toISOString(),
        content: await fs.readFile(file),
      });
    }
    return documents;
  }
}

/**
 * The names in a folder, sorted; none when the folder does not exist (an ISIN without documents, an empty universe).
 */
export async function sortedNamesIn(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

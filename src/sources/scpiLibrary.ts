import fs from 'node:fs/promises';
import path from 'node:path';

import type { DocumentKind, SourceDocument } from '../domain/documents';
import { MAX_LIBRARY_FILE_BYTES, sortedNamesIn } from './localLibrary';

/**
 * The SCPI of the document library: `<LIBRARY_DIR>/scpi/<slug>/`, one folder per SCPI, its documents
 * recognised by name — `bulletin*` (bulletin trimestriel or semestriel), `dic*` (document
 * d'informations clés), `rapport*` (rapport annuel), `note*` (note d'information) — as PDFs. The
 * folder's name is the SCPI's slug, its stable id.
 */
const SCPI_FOLDER = 'scpi';

const KIND_PREFIXES: [RegExp, DocumentKind][] = [
  [/^bulletin/i, 'scpi-bulletin'],
  [/^dic/i, 'scpi-dic'],
  [/^rapport/i, 'scpi-annual'],
  [/^note/i, 'scpi-note'],
];

/** A slug as folders are named: lower-case ASCII words joined by hyphens (never a path). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isScpiSlug(text: string): boolean {
  return text.length <= 120 && SLUG.test(text);
}

export function scpiDocumentKind(fileName: string): DocumentKind | null {
  if (path.extname(fileName).toLowerCase() !== '.pdf') return null;
  return KIND_PREFIXES.find(([re]) => re.test(fileName))?.[1] ?? null;
}

export class ScpiLibrary {
  private readonly root: string;

  constructor(libraryDir: string) {
    this.root = path.join(libraryDir, SCPI_FOLDER);
  }

  /** The slugs of every SCPI folder (real folders only, never symlinks). */
  async slugs(): Promise<string[]> {
    const slugs: string[] = [];
    for (const name of await sortedNamesIn(this.root)) {
      if (!isScpiSlug(name)) continue;
      const stat = await fs.lstat(path.join(this.root, name)).catch(() => null);
      if (stat?.isDirectory()) slugs.push(name);
    }
    return slugs;
  }

  /** The documents of one SCPI; none when it has no folder. */
  async documents(slug: string): Promise<SourceDocument[]> {
    if (!isScpiSlug(slug)) return []; // never build a path from an unvalidated string
    const dir = path.join(this.root, slug);
    const documents: SourceDocument[] = [];
    for (const name of await sortedNamesIn(dir)) {
      const kind = scpiDocumentKind(name);
      if (!kind) continue;
      const file = path.join(dir, name);
      const stat = await fs.lstat(file);
      if (!stat.isFile() || stat.size === 0 || stat.size > MAX_LIBRARY_FILE_BYTES) continue;
      documents.push({
        kind,
        mediaType: 'application/pdf',
        origin: `library:${SCPI_FOLDER}/${slug}/${name}`,
        retrievedAt: new Date().toISOString(),
        content: await fs.readFile(file),
      });
    }
    return documents;
  }

  /** A version of the folder (names, sizes, mtimes): the worker identifies it again only when it changes. */
  async version(slug: string): Promise<string> {
    const dir = path.join(this.root, slug);
    const parts: string[] = [];
    for (const name of await sortedNamesIn(dir)) {
      const stat = await fs.lstat(path.join(dir, name)).catch(() => null);
      if (stat?.isFile()) parts.push(`${name}:${stat.size}:${stat.mtimeMs}`);
    }
    return parts.join('|');
  }
}

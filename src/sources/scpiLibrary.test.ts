import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { isScpiSlug, scpiDocumentKind, ScpiLibrary } from './scpiLibrary';

describe('scpiDocumentKind', () => {
  it.each([
    ['bulletin-2025-t3.pdf', 'scpi-bulletin'],
    ['Bulletin_semestriel_S1_2025.PDF', 'scpi-bulletin'],
    ['dic.pdf', 'scpi-dic'],
    ['rapport-annuel-2024.pdf', 'scpi-annual'],
    ['note-information.pdf', 'scpi-note'],
    ['bulletin.csv', null],
    ['statuts.pdf', null],
  ])('%s is %s', (name, kind) => {
    expect(scpiDocumentKind(name)).toBe(kind);
  });
});

describe('isScpiSlug', () => {
  it.each(['iroko-zen', 'sample-bureaux-horizon', 'a1'])('%s is a slug', (s) => expect(isScpiSlug(s)).toBe(true));
  it.each(['../etc', 'Iroko Zen', 'iroko--zen', '-iroko', 'iroko/zen', '', 'a'.repeat(121)])('%p is not', (s) =>
    expect(isScpiSlug(s)).toBe(false),
  );
});

describe('ScpiLibrary', () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'scpi-library-'));
    const dir = path.join(root, 'scpi', 'sample-horizon');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'dic.pdf'), '%PDF-1.4 dic');
    await fs.writeFile(path.join(dir, 'bulletin-2025-t3.pdf'), '%PDF-1.4 bulletin');
    await fs.writeFile(path.join(dir, 'empty.pdf'), '');
    await fs.writeFile(path.join(dir, 'readme.txt'), 'not a document');
    await fs.mkdir(path.join(root, 'scpi', 'Not A Slug'), { recursive: true });
    await fs.writeFile(path.join(root, 'scpi', 'a-file-not-a-folder'), 'x');
    await fs.symlink(dir, path.join(root, 'scpi', 'linked-elsewhere'));
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('lists the SCPI folders by slug, never files, symlinks or names that are not slugs', async () => {
    expect(await new ScpiLibrary(root).slugs()).toEqual(['sample-horizon']);
  });

  it("reads an SCPI's documents with their kinds, skipping empty and unknown files", async () => {
    const docs = await new ScpiLibrary(root).documents('sample-horizon');
    expect(docs.map((d) => [d.kind, d.origin])).toEqual([
      ['scpi-bulletin', 'library:scpi/sample-horizon/bulletin-2025-t3.pdf'],
      ['scpi-dic', 'library:scpi/sample-horizon/dic.pdf'],
    ]);
  });

  it('answers nothing for an unknown SCPI or a path', async () => {
    const library = new ScpiLibrary(root);
    expect(await library.documents('unknown-scpi')).toEqual([]);
    expect(await library.documents('../scpi/sample-horizon')).toEqual([]);
  });

  it('versions a folder by its files, so a changed file is seen', async () => {
    const library = new ScpiLibrary(root);
    const before = await library.version('sample-horizon');
    await fs.writeFile(path.join(root, 'scpi', 'sample-horizon', 'note-information.pdf'), '%PDF-1.4 note');
    expect(await library.version('sample-horizon')).not.toBe(before);
  });
});

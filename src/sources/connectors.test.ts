import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildConnectors } from './connectors';

describe('buildConnectors', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'connectors-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads the local library (fund folders, then its FinDatEx folder) only, unless issuer templates are configured', () => {
    expect(buildConnectors({ libraryDir: dir, issuerTemplatesFile: null }).map((c) => c.name)).toEqual([
      'local-library',
      'findatex-library',
    ]);
  });

  it('adds the issuers of a templates file', () => {
    const file = path.join(dir, 'issuers.json');
    fs.writeFileSync(
      file,
      JSON.stringify([
        {
          issuer: 'Example AM',
          isinPrefixes: ['LU'],
          documents: [{ kind: 'kid', urlTemplate: 'https://docs.example.com/{isin}/kid-{lang}.pdf' }],
        },
      ]),
    );
    expect(buildConnectors({ libraryDir: dir, issuerTemplatesFile: file }).map((c) => c.name)).toEqual([
      'local-library',
      'findatex-library',
      'issuer-http',
    ]);
  });

  it('refuses a templates file that is not valid', () => {
    const file = path.join(dir, 'bad.json');
    fs.writeFileSync(
      file,
      JSON.stringify([{ issuer: 'Bad', documents: [{ kind: 'kid', urlTemplate: 'ftp://x/{isin}' }] }]),
    );
    expect(() => buildConnectors({ libraryDir: dir, issuerTemplatesFile: file })).toThrow();
    expect(() => buildConnectors({ libraryDir: dir, issuerTemplatesFile: path.join(dir, 'missing.json') })).toThrow();
  });
});

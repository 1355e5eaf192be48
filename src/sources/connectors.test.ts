import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pino from 'pino';

import { loadConfig } from '../config';
import type { IssuerMemory } from '../usecases/ports/issuers';
import { buildConnectors, buildIssuerConnector, issuerHostMap } from './connectors';
import { RecipeError } from './issuers/recipes';

const memory = {} as IssuerMemory;
const log = pino({ level: 'silent' });

describe('buildConnectors', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'connectors-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads the local library (fund folders, then its FinDatEx folder), then the filed documents', () => {
    const filed = { name: 'filed-documents', fetch: () => Promise.resolve([]) };
    expect(buildConnectors({ libraryDir: dir }, [filed]).map((c) => c.name)).toEqual([
      'local-library',
      'findatex-library',
      'filed-documents',
    ]);
  });
});

describe('buildIssuerConnector', () => {
  it('asks the shipped recipes by default, and none with ISSUERS=off', () => {
    const on = buildIssuerConnector(loadConfig({}), memory, log);
    expect(on?.recipeNames()).toEqual(expect.arrayContaining(['vanguard-kid', 'dws-kid', 'blackrock-kid']));
    expect(buildIssuerConnector(loadConfig({ ISSUERS: 'off' }), memory, log)).toBeNull();
    expect(buildIssuerConnector(loadConfig({ ISSUERS: 'dws-kid' }), memory, log)?.recipeNames()).toEqual(['dws-kid']);
  });

  it('refuses an unknown recipe name, naming the ones there are', () => {
    expect(() => buildIssuerConnector(loadConfig({ ISSUERS: 'nobody-kid' }), memory, log)).toThrow(
      /no recipe named nobody-kid; known: .*vanguard-kid/,
    );
  });

  it('accepts ISSUER_HOST_MAP only for loopback targets and only with ISSUERS_ALLOW_LOOPBACK=1', () => {
    const map = 'fund-docs.vanguard.com=127.0.0.1:9911,download.dws.com=127.0.0.1:9912';
    expect(() => issuerHostMap(loadConfig({ ISSUER_HOST_MAP: map }))).toThrow(RecipeError);
    expect([...issuerHostMap(loadConfig({ ISSUER_HOST_MAP: map, ISSUERS_ALLOW_LOOPBACK: '1' }))]).toEqual([
      ['fund-docs.vanguard.com', '127.0.0.1:9911'],
      ['download.dws.com', '127.0.0.1:9912'],
    ]);
    for (const bad of ['fund-docs.vanguard.com=10.0.0.5:80', 'fund-docs.vanguard.com=example.com:80', 'nonsense'])
      expect(() => issuerHostMap(loadConfig({ ISSUER_HOST_MAP: bad, ISSUERS_ALLOW_LOOPBACK: '1' }))).toThrow(
        /ISSUER_HOST_MAP/,
      );
  });

  it('tells an operator of the old single-URL templates what replaced them', () => {
    expect(() => loadConfig({ ISSUER_TEMPLATES_FILE: 'issuers.json' })).toThrow(/replaced by ISSUER_RECIPES_FILE/);
  });
});

/**
 * A cold load through an issuer recipe (the DWS recipe: the listing, then the PDF by its GUID, a 100 KB KID) against
 * a local fake of the manager's server, next to a cold load of the same KID from the local library, in the same run,
 * on a stack of its own with the recipes on (the shared stack runs with ISSUERS=off). Each load is a first GET
 * /funds/{isin} for an ISIN nobody asked before. The recipe's time includes its politeness: robots.txt once, then at
 * least the manager's 1 s between two requests to its host. Then an unknown ISIN whose manager cannot be reached (a
 * British ISIN, which only the BlackRock recipe serves, on without a host map: this machine resolves no public
 * name) next to one no recipe serves: the first must be answered 502 about as fast as the second is answered 404,
 * not after timeouts. Writes bench/results/issuerLoad.json.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { PDFDocument } from 'pdf-lib';

import { kidPdf } from '../samples/documents';
import { sampleFunds } from '../samples/funds';
import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';
import { isinCheckDigit } from '../src/schema/isin';
import { hostMapOf, startFakeManager } from '../test/fixtures/issuerFakes';
import { PrivateStack } from '../test/privateStack';
import { config, envInt, log, percentile, round1, run, writeResults } from './support';

const LOADS = envInt('BENCH_ISSUER_LOADS', 8);
const KID_BYTES = 100 * 1024;

const isin = (n: number, country = 'LU') => {
  const body = `${country}9${String(Date.now() % 1e5).padStart(5, '0')}${String(n).padStart(3, '0')}`;
  return body + isinCheckDigit(body);
};

/** A sample KID for the ISIN, brought to about 100 KB with an attachment (as real KIDs carry fonts and images). */
async function kidOf(code: string): Promise<Buffer> {
  const doc = await PDFDocument.load(await kidPdf({ ...sampleFunds()[3], isin: code }));
  const size = (await doc.save()).length;
  await doc.attach(Buffer.alloc(Math.max(0, KID_BYTES - size - 600), 'x'), 'padding.txt', { mimeType: 'text/plain' });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

run(async () => {
  const recipeIsins = Array.from({ length: LOADS }, (_, i) => isin(i));
  const libraryIsins = Array.from({ length: LOADS }, (_, i) => isin(500 + i));
  const dws = await startFakeManager('dws', {
    documents: await Promise.all(
      recipeIsins.map(async (code) => ({ isin: code, lang: 'en', body: await kidOf(code) })),
    ),
  });
  for (const code of libraryIsins) {
    fs.mkdirSync(path.join(config.libraryDir, code), { recursive: true });
    fs.writeFileSync(path.join(config.libraryDir, code, 'kid.pdf'), await kidOf(code));
  }
  const stack = new PrivateStack(
    'bench-issuers',
    { api: 8198, postgres: 5460, clickhouseHttp: 8150, clickhouseTcp: 9027, temporal: 7260, temporalUi: 8260 },
    {
      env: {
        ISSUERS: 'dws-kid,blackrock-kid',
        ISSUER_HOST_MAP: hostMapOf([dws]),
        ISSUERS_ALLOW_LOOPBACK: '1',
        LOG_LEVEL: 'warn',
      },
    },
  );
  await stack.start();
  const pool = createPool(stack.config, 2);
  try {
    const { key } = await new AccountsRepository(pool).createKey(`bench-${randomUUID()}@example.com`, 'enterprise');
    const timedGet = async (code: string, status = 200) => {
      const start = process.hrtime.bigint();
      const response = await fetch(`${stack.api}/funds/${code}`, { headers: { Authorization: `Bearer ${key}` } });
      const body = await response.text();
      if (response.status !== status) throw new Error(`GET /funds/${code}: ${response.status} ${body}`);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const library: number[] = [];
    const recipe: number[] = [];
    const median = (xs: number[]) => round1(percentile(xs, 50));
    // Alternated, so that both see the same state of the machine.
    for (let i = 0; i < LOADS; i++) {
      library.push(await timedGet(libraryIsins[i]));
      recipe.push(await timedGet(recipeIsins[i]));
      log('issuerLoad', `load ${i + 1}/${LOADS}: library ${round1(library[i])} ms, recipe ${round1(recipe[i])} ms`);
    }
    const requests = dws.requests.filter((r) => r.path !== '/robots.txt').length;
    const unreachable: number[] = [];
    const noRecipe: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      noRecipe.push(await timedGet(isin(900 + i, 'FR'), 404));
      unreachable.push(await timedGet(isin(900 + i, 'GB'), 502));
    }
    log(
      'issuerLoad',
      `unknown ISIN: no recipe serves it ${median(noRecipe)} ms, manager unreachable ${median(unreachable)} ms`,
    );
    writeResults('issuerLoad', {
      loads: LOADS,
      kidBytes: KID_BYTES,
      coldFromLibraryMs: { p50: median(library), max: round1(Math.max(...library)) },
      coldThroughRecipeMs: { p50: median(recipe), max: round1(Math.max(...recipe)) },
      ratioRecipeToLibrary: round1(percentile(recipe, 50) / percentile(library, 50)),
      requestsToTheManagerPerLoad: round1(requests / LOADS),
      unknownIsinNoRecipeMs: { p50: median(noRecipe), max: round1(Math.max(...noRecipe)) },
      unknownIsinManagerUnreachableMs: { p50: median(unreachable), max: round1(Math.max(...unreachable)) },
      ratioUnreachableToNoRecipe: round1(percentile(unreachable, 50) / percentile(noRecipe, 50)),
      note: 'the recipe waits at least 1 s between two requests to download.dws.com (the manager pace of dws.yaml)',
    });
  } finally {
    await pool.end();
    await stack.stop();
    await dws.stop();
    for (const code of libraryIsins) fs.rmSync(path.join(config.libraryDir, code), { recursive: true, force: true });
  }
});

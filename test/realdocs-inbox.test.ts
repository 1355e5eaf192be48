/**
 * The real documents of ../shared/realdocs (read in place, never copied into the project) handed to the running
 * stack as an operator would: each copied into the inbox folder under a random name, then again inside a ZIP
 * through `npm run library -- import`. Each must be filed to the right ISINs by its content alone, and the funds
 * answer the eye-checked values of GROUND_TRUTH.json; what is not a fund document is rejected. A fresh clone has
 * no ../shared: the suite skips itself, saying so.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

import { zipSync } from 'fflate';

import {
  GIVEN_ISINS,
  isinInName,
  NOT_DOCUMENTS,
  realdocFiles,
  REALDOCS as ROOT,
  REALDOCS_PRESENT as PRESENT,
  sameText,
  truthPercent,
} from '../bench/groundTruth';
import type { IngestResult } from '../src/schema/documents';
import { config, db, get, json, matching, newKey, uniqueIsin } from './helpers';

if (!PRESENT) console.log(`realdocs folder absent (${ROOT}): skipping the real documents through the inbox`);
const describeRealDocs = PRESENT ? describe : describe.skip;

const INBOX = path.join(config.libraryDir, 'inbox');

interface Truth {
  isin?: string;
  row_isin?: string;
  name?: string;
  sri?: number;
  srri?: number;
  ongoing_mgmt_admin?: string;
  ongoing_charges?: string;
  top5?: [string, string, number][];
}

async function waitGone(file: string, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (
    await fs.stat(file).then(
      () => true,
      () => false,
    )
  ) {
    if (Date.now() - start > timeoutMs) throw new Error(`${file} is still in the inbox`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describeRealDocs('real documents through the inbox', () => {
  const batch = `realdocs-${randomBytes(4).toString('hex')}`;
  const placed = new Map<string, { inbox: string; given: string | null }>();
  let truths: Record<string, Truth>;
  let reader: string;

  beforeAll(async () => {
    truths = JSON.parse(await fs.readFile(path.join(ROOT, 'GROUND_TRUTH.json'), 'utf8')) as Record<string, Truth>;
    ({ key: reader } = await newKey('enterprise'));
    for (const file of realdocFiles()) {
      const needsIsin = /^(holdings|nav_history)\//.test(file);
      const given = GIVEN_ISINS[file] ?? (needsIsin ? uniqueIsin() : null);
      const name = randomBytes(6).toString('hex'); // no extension: only the content says what it is
      const inbox = path.join(INBOX, batch, ...(given ? [given] : []), name);
      await fs.mkdir(path.dirname(inbox), { recursive: true });
      await fs.copyFile(path.join(ROOT, file), inbox);
      placed.set(file, { inbox, given });
    }
    for (const { inbox } of placed.values()) await waitGone(inbox, 600_000);
  }, 700_000);

  async function filedAs(file: string): Promise<{ kind: string; isins: string[] }[]> {
    const relative = path.relative(INBOX, placed.get(file)!.inbox);
    const { rows } = await db().query<{ kind: string; isins: string[] }>(
      'SELECT kind, isins FROM filed_documents WHERE file_name = $1 OR file_name LIKE $2',
      [relative, `${relative}#%`],
    );
    return rows;
  }

  async function rejectedReason(file: string): Promise<string | null> {
    const relative = path.relative(INBOX, placed.get(file)!.inbox);
    const reasonFile = path.join(INBOX, 'rejected', `${relative}.reason.json`);
    const text = await fs.readFile(reasonFile, 'utf8').catch(() => null);
    return text ? (JSON.parse(text) as { reason: string }).reason : null;
  }

  it('files every KID and KIID to the ISIN it states, and the fund answers its checked values', async () => {
    const keyDocs = [...placed.keys()].filter((f) => /^(kid_priips|kiid_ucits)\//.test(f));
    expect(keyDocs.length).toBeGreaterThan(20);
    for (const file of keyDocs) {
      const isin = isinInName(file)!;
      expect(await filedAs(file)).toEqual([{ kind: file.startsWith('kid_') ? 'kid' : 'kiid', isins: [isin] }]);
      const truth = truths[file];
      if (!truth) continue;
      const res = await get(`/funds/${isin}`, reader);
      expect(res.status).toBe(200);
      const fund = await json<{ name: string; data: { riskRating: number; costs: { ongoing: string } } }>(res);
      if (truth.name) expect(sameText(truth.name, fund.name)).toBe(true);
      expect(fund.data.riskRating).toBe(truth.sri ?? truth.srri);
      const ongoing = truthPercent(truth.ongoing_mgmt_admin ?? truth.ongoing_charges);
      if (ongoing) expect(fund.data.costs.ongoing).toBe(ongoing);
    }
  });

  it('files holdings lists and NAV histories under the ISIN of their folder; the fund shows their positions', async () => {
    for (const file of [...placed.keys()].filter((f) => /^(holdings|nav_history)\//.test(f))) {
      const { given } = placed.get(file)!;
      const filed = await filedAs(file);
      const reason = await rejectedReason(file);
      // Every holdings list is one; a price file that is no NAV history may be refused, but says why.
      if (file.startsWith('holdings/')) expect(filed).toEqual([{ kind: 'holdings', isins: [given] }]);
      else
        expect(filed.length === 1 ? filed : reason).toEqual(
          filed.length === 1 ? [{ kind: 'nav', isins: [given] }] : matching(/./),
        );
    }
    const swda = await json<{ data: { topHoldings: { name: string; weight: number }[] } }>(
      await get('/funds/IE00B4L5Y983', reader),
    );
    const [, , weight] = truths['holdings/iShares_SWDA_holdings_2021-08-30.csv'].top5![0];
    expect(swda.data.topHoldings[0]).toMatchObject({ name: matching(/apple/i), weight });
  });

  it('files the EPT to each of its share classes, the TPT to its portfolio, and rejects what is no fund document', async () => {
    const ept = await filedAs('findatex/EPT_captor_2023-12-29.xlsx');
    expect(ept).toHaveLength(1);
    expect(ept[0].kind).toBe('ept');
    expect(ept[0].isins).toHaveLength(22);
    expect(ept[0].isins).toContain('SE0016075006');
    const captor = await json<{ name: string; data: { riskRating: number } }>(await get('/funds/SE0016075006', reader));
    expect(captor).toMatchObject({ name: 'Captor Dahlia Green Bond D', data: { riskRating: 2 } });
    expect(await filedAs('findatex/TPTV6_SE0017832280_20250829.json')).toEqual([
      { kind: 'tpt', isins: ['SE0017832280'] },
    ]);
    for (const file of [...placed.keys()].filter((f) => NOT_DOCUMENTS.test(f))) {
      expect(await filedAs(file)).toEqual([]);
      expect(await rejectedReason(file)).toEqual(matching(/./));
    }
  });

  it('files the factsheet under the ISIN it states, or asks for one', async () => {
    const file = 'factsheets/IN_SBI-Flexicap-Fund-Factsheet-December-2025.pdf';
    const filed = await filedAs(file);
    if (filed.length === 0) expect(await rejectedReason(file)).toMatch(/ISIN/);
    else expect(filed[0].kind).toBe('factsheet');
  });

  it('reads the same documents inside a ZIP, through the import command: the same kinds and ISINs, as duplicates', async () => {
    const entries: Record<string, Uint8Array> = {};
    const keyDocs = [...placed.keys()].filter((f) => /^(kid_priips|kiid_ucits)\//.test(f));
    for (const file of keyDocs)
      entries[`docs/${randomBytes(5).toString('hex')}-${path.basename(file)}`] = await fs.readFile(
        path.join(ROOT, file),
      );
    const zip = path.join(config.dataDir, `${batch}.zip`);
    await fs.writeFile(zip, zipSync(entries));
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/library.ts', 'import', zip], {
      maxBuffer: 10e6,
    });
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as IngestResult);
    expect(lines).toHaveLength(keyDocs.length);
    for (const line of lines) {
      const isin = isinInName(line.file)!;
      expect(line).toMatchObject({ status: 'duplicate', isins: [isin] });
    }
  });
});

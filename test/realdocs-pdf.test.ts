/**
 * Extraction accuracy on real published PDFs (KIDs, KIIDs, a factsheet) read in place from ../shared/realdocs.
 * Expected values come from GROUND_TRUTH.json (checked by eye), compared by bench/groundTruth.ts, which
 * `npm run accuracy` also uses; the smoke part covers every KID/KIID there. A fresh clone has no ../shared,
 * so the suite skips itself, saying so.
 */
import fs from 'node:fs';
import path from 'node:path';

import {
  pdfTruths,
  REALDOCS as ROOT,
  REALDOCS_PRESENT as PRESENT,
  realText as textOf,
  scoreDocument,
} from '../bench/groundTruth';
import { parseKid } from '../src/parsing/kid';
import { closePdfReaders } from '../src/parsing/pdf/text';
import { normalisePercent } from '../src/parsing/text/numbers';
import { ISIN_PATTERN } from '../src/schema/isin';

if (!PRESENT) console.log(`realdocs folder absent (${ROOT}): skipping the real-document PDF accuracy tests`);
const describeRealDocs = PRESENT ? describe : describe.skip;

afterAll(() => closePdfReaders());

function pdfsIn(folder: string): string[] {
  if (!PRESENT) return ['(absent)'];
  return fs
    .readdirSync(path.join(ROOT, folder))
    .filter((f) => f.toLowerCase().endsWith('.pdf'))
    .sort()
    .map((f) => `${folder}/${f}`);
}

/** The fields MANIFEST.tsv's notes read automatically ("auto-read: ... SRI/SRRI=2; RHP=3; entry=0.00%; ..."). */
function manifestAutoRead(): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  if (!PRESENT) return out;
  for (const row of fs.readFileSync(path.join(ROOT, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1)) {
    const cols = row.split('\t');
    const note = cols[cols.length - 1] ?? '';
    if (!/auto-read:/.test(note)) continue;
    const fields: Record<string, string> = {};
    for (const m of note.matchAll(/([\w/]+)=([^;]+)/g)) fields[m[1]] = m[2].trim();
    out.set(cols[0], fields);
  }
  return out;
}

describeRealDocs('real PDFs against GROUND_TRUTH.json', () => {
  const truths = PRESENT ? pdfTruths() : [['(absent)', {}] as [string, Record<string, unknown>]];
  it.each(truths)('%s: every eye-checked value', async (file, truth) => {
    const score = await scoreDocument(file, truth);
    const wrong = score.checks
      .filter((c) => !c.right)
      .map((c) => `${c.field}: expected ${JSON.stringify(c.expected)}, got ${JSON.stringify(c.actual)}`);
    expect(wrong).toEqual([]);
    expect(score.checks.length).toBeGreaterThan(0);
  });
});

describeRealDocs('smoke: every KID and KIID', () => {
  const agreement = new Map<string, { same: number; total: number }>();
  const autoRead = manifestAutoRead();

  afterAll(() => {
    const rows = [...agreement.entries()].map(([f, t]) => `${f.padEnd(14)}  ${t.same}/${t.total}`);
    console.log(['Agreement with MANIFEST auto-read values (unverified, informational):', ...rows].join('\n'));
  });

  /** Informational only: the manifest's automatic reading is not a reference. */
  function agree(field: string, expected: string | undefined, actual: string | number | null): void {
    if (expected === undefined || /^none$/i.test(expected)) return;
    const norm = (v: string) => (/^0 \(none\)$/.test(v) ? '0.00%' : (normalisePercent(v) ?? v));
    const t = agreement.get(field) ?? { same: 0, total: 0 };
    t.total++;
    if (actual !== null && norm(expected) === String(actual)) t.same++;
    agreement.set(field, t);
  }

  async function smoke(file: string): Promise<void> {
    const kid = parseKid(await textOf(file));
    // Names are <LANG>_<manager>_<ISIN>[_<document date>].pdf
    const isinInName = new RegExp(`_(${ISIN_PATTERN})(?:_\\d{4}-\\d{2}-\\d{2})?\\.pdf$`).exec(file)?.[1];
    expect(kid.isin).toBe(isinInName);
    expect(kid.name).toBeTruthy();
    expect(kid.docDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (file.startsWith('kid_priips/')) {
      expect(kid.docType).toBe('kid');
      expect(kid.sri).toBeGreaterThanOrEqual(1);
      expect(kid.sri).toBeLessThanOrEqual(7);
      expect(kid.recommendedHoldingPeriodYears).toBeGreaterThan(0);
      expect(kid.costs.ongoing).toMatch(/%$/);
      expect(kid.costs.riy1y).toMatch(/%$/);
      expect(kid.costs.riyRhp).toMatch(/%$/);
    } else {
      expect(kid.docType).toBe('kiid');
      expect(kid.srri).toBeGreaterThanOrEqual(1);
      expect(kid.srri).toBeLessThanOrEqual(7);
      expect(kid.costs.ongoing).toMatch(/%$/);
    }

    const auto = autoRead.get(file);
    if (auto) {
      agree('risk class', auto['SRI/SRRI'], kid.sri ?? kid.srri);
      agree('rhp', auto.RHP, kid.recommendedHoldingPeriodYears);
      agree('entry', auto.entry, kid.costs.entry);
      agree('exit', auto.exit, kid.costs.exit);
      agree('ongoing', auto.ongoing, kid.costs.ongoing);
      agree('transaction', auto.transaction, kid.costs.transaction);
      agree('performanceFee', auto.perf, kid.costs.performanceFee);
    }
  }
  const files = [...pdfsIn('kid_priips'), ...pdfsIn('kiid_ucits')].map((f): [string] => [f]);
  it.each(files)('%s', smoke);
});

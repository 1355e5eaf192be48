/**
 * What reading the risk class from the drawn scale adds to a key document's extraction: the same
 * `extractPdfText` (warm reader thread, `pdftotext -layout` beside it, as the parse pool calls it) with
 * and without `riskScale: true`, alternating call by call so that drift in the machine's speed hits both
 * alike. Documents: the Fidelity KIIDs whose class is only drawn (../shared/realdocs, read in place), or
 * a generated KIID-like page with a shaded scale when that folder is absent. Runs in-process without the
 * stack:
 *
 *   node_modules/.bin/tsx bench/riskScale.ts         # RISK_SCALE_ROUNDS (default 40) timed calls of each, per document
 *
 * Writes bench/results/riskScale.json. Target (issue 11): the graphic reading adds under 150 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { closePdfReaders, extractPdfText } from '../src/parsing/pdf/text';
import { riskScalePdf, shadedScale } from '../test/fixtures/riskScalePdf';

const ROUNDS = Number(process.env.RISK_SCALE_ROUNDS ?? 40);
const WARM_UP = 5;
const TARGET_EXTRA_MS = 150;
const REALDOCS = path.resolve(__dirname, '../../shared/realdocs/kiid_ucits');
const FIDELITY = ['EN_fidelity_GB00BJS8SJ34_2020-01-16.pdf', 'EN_fidelity_GB00BJS8SJ34_2021-06-16.pdf'];

interface Document {
  name: string;
  bytes: Buffer;
}

async function documents(): Promise<Document[]> {
  if (FIDELITY.every((f) => fs.existsSync(path.join(REALDOCS, f)))) {
    return FIDELITY.map((f) => ({ name: f, bytes: fs.readFileSync(path.join(REALDOCS, f)) }));
  }
  console.log(`realdocs absent (${REALDOCS}): timing a generated KIID-like page instead`);
  return [{ name: 'generated shaded scale (class 5)', bytes: await riskScalePdf({ boxes: shadedScale(5) }) }];
}

async function timeOnce(bytes: Buffer, riskScale: boolean): Promise<{ ms: number; value: number | null | undefined }> {
  const started = process.hrtime.bigint();
  const text = await extractPdfText(bytes, { riskScale });
  return {
    ms: Number(process.hrtime.bigint() - started) / 1e6,
    value: text.riskScale?.value ?? (riskScale ? null : undefined),
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

async function measure(doc: Document) {
  for (let i = 0; i < WARM_UP; i++) {
    await timeOnce(doc.bytes, false);
    await timeOnce(doc.bytes, true);
  }
  const without: number[] = [];
  const withScale: number[] = [];
  let value: number | null | undefined = null;
  for (let i = 0; i < ROUNDS; i++) {
    without.push((await timeOnce(doc.bytes, false)).ms);
    const timed = await timeOnce(doc.bytes, true);
    withScale.push(timed.ms);
    value = timed.value;
  }
  const base = median(without);
  const scaled = median(withScale);
  return {
    document: doc.name,
    read: value,
    medianWithoutMs: round1(base),
    medianWithMs: round1(scaled),
    extraMs: round1(scaled - base),
    ratio: Math.round((scaled / base) * 100) / 100,
  };
}

async function main(): Promise<void> {
  const rows = [];
  for (const doc of await documents()) {
    const row = await measure(doc);
    rows.push(row);
    console.log(
      `${row.document}: class ${row.read}; median ${row.medianWithoutMs} ms without, ${row.medianWithMs} ms with the scale: +${row.extraMs} ms (${row.ratio}x)`,
    );
  }
  const worstExtra = Math.max(...rows.map((r) => r.extraMs));
  console.log(
    `largest extra: ${worstExtra} ms (target < ${TARGET_EXTRA_MS} ms: ${worstExtra < TARGET_EXTRA_MS ? 'met' : 'NOT met'})`,
  );
  const results = {
    measuredAt: new Date().toISOString(),
    machine: `${os.cpus().length} cores, node ${process.version}`,
    rounds: ROUNDS,
    targetExtraMs: TARGET_EXTRA_MS,
    worstExtraMs: worstExtra,
    rows,
  };
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results', 'riskScale.json'), `${JSON.stringify(results, null, 2)}\n`);
  await closePdfReaders();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

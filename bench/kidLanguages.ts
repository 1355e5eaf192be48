/**
 * Extraction of one key document in every language the parser reads: the whole read a fund load does
 * (the PDF's text layer and `pdftotext -layout` in the warm reader, the parser, and the drawn risk scale
 * when the text states no class), on the sample library's KIDs and KIIDs of each language and on the real
 * KIDs and KIIDs of ../shared/realdocs when present (read in place). The baseline, in the same run, is the text layer
 * alone (`extractPdfText` without the risk scale, no parser) of the same documents. Runs in-process
 * without the stack:
 *
 *   node_modules/.bin/tsx bench/kidLanguages.ts      # KID_LANGUAGE_ROUNDS (default 20) timed reads per document
 *
 * Writes bench/results/kidLanguages.json. Target (issue 11): median under 200 ms in every language.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { kidPdf, kiidPdf } from '../samples/documents';
import { localKidPdf, localKiidPdf } from '../samples/keyDocuments';
import { sampleFunds } from '../samples/library';
import { EEA_WORDING } from '../samples/wording';
import { closePdfReaders, extractPdfText } from '../src/parsing/pdf/text';
import { readKeyDocument } from '../src/parsing/pool/document';
import { REALDOCS } from './groundTruth';

const ROUNDS = Number(process.env.KID_LANGUAGE_ROUNDS ?? 20);
const TARGET_MS = 200;

interface Document {
  group: string;
  name: string;
  bytes: Buffer;
}

async function sampleDocuments(): Promise<Document[]> {
  const docs: Document[] = [];
  for (const fund of sampleFunds().filter((f) => f.keyDocument !== null)) {
    const bytes = fund.keyDocument === 'kid' ? await kidPdf(fund) : await kiidPdf(fund);
    docs.push({ group: `sample ${fund.keyDocument?.toUpperCase()} ${fund.language}`, name: fund.isin, bytes });
  }
  // The EEA's other languages: the first sample KID fund and KIID fund, written in each.
  const kid = sampleFunds().find((f) => f.keyDocument === 'kid');
  const kiid = sampleFunds().find((f) => f.keyDocument === 'kiid');
  for (const language of Object.keys(EEA_WORDING) as (keyof typeof EEA_WORDING)[]) {
    if (kid) docs.push({ group: `sample KID ${language}`, name: kid.isin, bytes: await localKidPdf(kid, language) });
    if (kiid)
      docs.push({ group: `sample KIID ${language}`, name: kiid.isin, bytes: await localKiidPdf(kiid, language) });
  }
  return docs;
}

function realDocuments(): Document[] {
  const docs: Document[] = [];
  for (const folder of ['kid_priips', 'kiid_ucits']) {
    const dir = path.join(REALDOCS, folder);
    if (!fs.existsSync(dir)) continue;
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.pdf'))
      .sort()) {
      const language = /^([A-Z]{2})_/.exec(file)?.[1]?.toLowerCase() ?? '?';
      docs.push({
        group: `real ${folder === 'kid_priips' ? 'KID' : 'KIID'} ${language}`,
        name: file,
        bytes: fs.readFileSync(path.join(dir, file)),
      });
    }
  }
  return docs;
}

function pdfDocument(content: Buffer) {
  const ref = {
    sha256: '',
    kind: 'kid' as const,
    mediaType: 'application/pdf',
    origin: 'bench',
    retrievedAt: '',
    size: content.length,
  };
  return { ref, content };
}

async function ms(run: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  const docs = [...(await sampleDocuments()), ...realDocuments()];
  // What a fund load does (parseDocument): the text layer and the parser, the drawn scale only for a class the text
  // does not state.
  const full = async (bytes: Buffer) => readKeyDocument(pdfDocument(bytes), await extractPdfText(bytes));
  const textOnly = (bytes: Buffer) => extractPdfText(bytes);
  // Warm the reader thread.
  for (const doc of docs.slice(0, 5)) {
    await full(doc.bytes);
    await textOnly(doc.bytes);
  }
  const byGroup = new Map<string, { full: number[]; text: number[]; documents: number }>();
  for (const doc of docs) {
    const g = byGroup.get(doc.group) ?? { full: [], text: [], documents: 0 };
    g.documents++;
    // Alternating call by call, so drift in the machine's speed hits both alike.
    for (let i = 0; i < ROUNDS; i++) {
      g.full.push(await ms(() => full(doc.bytes)));
      g.text.push(await ms(() => textOnly(doc.bytes)));
    }
    byGroup.set(doc.group, g);
  }
  await closePdfReaders();
  const rows = [...byGroup.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, g]) => ({
      group,
      documents: g.documents,
      medianMs: round1(median(g.full)),
      p90Ms: round1([...g.full].sort((a, b) => a - b)[Math.floor(g.full.length * 0.9)]),
      textLayerMedianMs: round1(median(g.text)),
      ratio: Math.round((median(g.full) / median(g.text)) * 100) / 100,
      met: median(g.full) < TARGET_MS,
    }));
  console.log('KID/KIID extraction per language (text layer + drawn scale + parser) against the text layer alone:');
  for (const r of rows) {
    console.log(
      `  ${r.group.padEnd(18)} ${String(r.documents).padStart(3)} docs  median ${String(r.medianMs).padStart(6)} ms  p90 ${String(r.p90Ms).padStart(6)} ms  text layer ${String(r.textLayerMedianMs).padStart(6)} ms  ratio ${r.ratio}  ${r.met ? 'met' : 'NOT MET'} (< ${TARGET_MS} ms)`,
    );
  }
  const out = path.join(__dirname, 'results', 'kidLanguages.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify(
      { at: new Date().toISOString(), cpus: os.cpus().length, rounds: ROUNDS, targetMs: TARGET_MS, rows },
      null,
      2,
    ),
  );
}

void main();

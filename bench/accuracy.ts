/**
 * Extraction accuracy on real documents nobody here wrote (../shared/realdocs, read in place): every
 * eye-checked value of GROUND_TRUTH.json against what the parsers read, per document kind and language,
 * and per field; then every file through the inbox path (identified by content, then read as a fund load reads it,
 * bench/inboxAccuracy.ts). `npm run accuracy`; no stack needed. A value read where the document states none counts
 * as wrong, as does a value missed.
 */
import { closePdfReaders } from '../src/parsing/pdf/text';
import { type DocumentScore, pdfTruths, REALDOCS, REALDOCS_PRESENT, scoreDocument, scoreFindatex } from './groundTruth';
import { scoreInbox } from './inboxAccuracy';

interface Tally {
  documents: Set<string>;
  checked: number;
  right: number;
}

function kindOf(file: string): string {
  if (file.startsWith('kid_priips/')) return 'KID';
  if (file.startsWith('kiid_ucits/')) return 'KIID';
  if (file.startsWith('factsheets/')) return 'factsheet';
  return 'FinDatEx';
}

function tally(scores: DocumentScore[], keyOf: (s: DocumentScore, field: string) => string): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const score of scores) {
    for (const c of score.checks) {
      const key = keyOf(score, c.field);
      const t = out.get(key) ?? { documents: new Set<string>(), checked: 0, right: 0 };
      t.documents.add(score.file);
      t.checked++;
      if (c.right) t.right++;
      out.set(key, t);
    }
  }
  return out;
}

function table(title: string, rows: Map<string, Tally>): string {
  const width = Math.max(title.length, ...[...rows.keys()].map((k) => k.length));
  const lines = [...rows.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, t]) => {
      const pct = t.checked ? ((100 * t.right) / t.checked).toFixed(1) : '-';
      return `${key.padEnd(width)}  ${String(t.documents.size).padStart(9)}  ${String(t.checked).padStart(14)}  ${String(t.right).padStart(12)}  ${pct.padStart(6)}%`;
    });
  return [`${title.padEnd(width)}  documents  fields checked  fields right  share`, ...lines].join('\n');
}

async function main(): Promise<void> {
  if (!REALDOCS_PRESENT) {
    console.log(`realdocs folder absent (${REALDOCS}): nothing to measure`);
    return;
  }
  const scores = [
    ...(await Promise.all(pdfTruths().map(([file, truth]) => scoreDocument(file, truth)))),
    ...(await scoreFindatex()),
  ];
  await closePdfReaders();
  console.log(
    table(
      'kind / language',
      tally(scores, (s) => `${kindOf(s.file)} ${s.language}`),
    ),
  );
  console.log();
  console.log(
    table(
      'field',
      tally(scores, (_, field) => field),
    ),
  );
  const all = tally(scores, () => 'ALL').get('ALL')!;
  console.log(`\nALL: ${all.right}/${all.checked} eye-checked values right over ${all.documents.size} documents`);
  for (const s of scores)
    for (const c of s.checks.filter((x) => !x.right))
      console.log(
        `wrong: ${s.file} ${c.field}: expected ${JSON.stringify(c.expected)}, read ${JSON.stringify(c.actual)}`,
      );
  const uncovered = [...new Set(scores.flatMap((s) => s.uncovered))].sort();
  if (uncovered.length) console.log(`ground-truth keys with no parser field (not scored): ${uncovered.join(', ')}`);
  const inbox = await scoreInbox();
  await closePdfReaders();
  console.log(
    '\nThrough the inbox path: every file identified by its content alone, then read as a fund load reads it',
  );
  console.log(
    table(
      'folder / check',
      tally(inbox, (s, field) => `${s.file.split('/')[0]} ${field}`),
    ),
  );
  const inboxAll = tally(inbox, () => 'ALL').get('ALL')!;
  console.log(`\nINBOX: ${inboxAll.right}/${inboxAll.checked} checks right over ${inboxAll.documents.size} files`);
  for (const s of inbox)
    for (const c of s.checks.filter((x) => !x.right))
      console.log(
        `wrong (inbox): ${s.file} ${c.field}: expected ${JSON.stringify(c.expected)}, got ${JSON.stringify(c.actual)}`,
      );
  if (all.right !== all.checked || inboxAll.right !== inboxAll.checked) process.exitCode = 1;
}

void main();

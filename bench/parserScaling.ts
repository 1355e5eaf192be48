/**
 * How each parser's time grows with its input, on hostile inputs (src/sources/testing/adversarial.ts):
 * every case is timed at n and 4n characters, and the ratio t(4n)/t(n) tells the growth (about 4 when
 * linear, about 16 when quadratic). Every case is timed twice over: n = 62,500 -> 250,000 and
 * n = 250,000 -> 1,000,000 (a megabyte of digits, among others); at a few milliseconds the first pair is
 * noisy (a garbage collection is a large share of the time), the second is the steadier figure. Runs
 * in-process without the stack:
 *
 *   node_modules/.bin/tsx bench/parserScaling.ts            # n = 62,500 (PARSER_SCALING_N overrides)
 *
 * Writes bench/results/parserScaling.json. Each timing is the best of PARSER_SCALING_RUNS runs (default 5);
 * a case whose t(n) exceeds PARSER_SCALING_BUDGET_MS (default 20,000) is not run at 4n.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ADVERSARIAL_CASES, type AdversarialCase, PARSERS } from '../test/fixtures/adversarial';

const N = Number(process.env.PARSER_SCALING_N ?? 62_500);
const RUNS = Number(process.env.PARSER_SCALING_RUNS ?? 5);
const BUDGET_MS = Number(process.env.PARSER_SCALING_BUDGET_MS ?? 20_000);
const MEGABYTE_N = 250_000;

interface Row {
  parser: string;
  case: string;
  n: number;
  msAtN: number;
  msAt4n: number | null;
  /** Nanoseconds per input character at 4n (at n when 4n was skipped). */
  nsPerChar: number;
  ratio: number | null;
}

/** Milliseconds of one parse; a document refused as unreadable is a valid (and timed) answer. */
async function timeOnce(c: AdversarialCase, text: string): Promise<number> {
  const started = process.hrtime.bigint();
  await PARSERS[c.parser](text).catch(() => undefined);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function bestOf(c: AdversarialCase, n: number): Promise<number> {
  const text = c.build(n);
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    best = Math.min(best, await timeOnce(c, text));
    if (best > BUDGET_MS) break; // one run says enough
  }
  return best;
}

async function measure(c: AdversarialCase, n: number): Promise<Row> {
  await timeOnce(c, c.build(2_000)); // warm the code paths and the regex compiler
  const msAtN = await bestOf(c, n);
  const msAt4n = msAtN > BUDGET_MS ? null : await bestOf(c, 4 * n);
  const chars = c.build(msAt4n === null ? n : 4 * n).length;
  return {
    parser: c.parser,
    case: c.name,
    n,
    msAtN: round(msAtN),
    msAt4n: msAt4n === null ? null : round(msAt4n),
    nsPerChar: round((1e6 * (msAt4n ?? msAtN)) / chars),
    ratio: msAt4n === null ? null : round(msAt4n / Math.max(msAtN, 0.01)),
  };
}

const round = (x: number) => Math.round(x * 100) / 100;

function print(row: Row): void {
  const ratio = row.ratio === null ? `> ${BUDGET_MS} ms at n: 4n skipped` : row.ratio.toFixed(1);
  console.log(
    `${row.parser.padEnd(10)} ${row.case.padEnd(38)} n=${String(row.n).padStart(9)}  t(n)=${row.msAtN.toFixed(1).padStart(9)} ms  ` +
      `t(4n)=${(row.msAt4n === null ? '-' : row.msAt4n.toFixed(1)).padStart(9)} ms  ${row.nsPerChar.toFixed(0).padStart(6)} ns/char  ratio ${ratio}`,
  );
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const c of ADVERSARIAL_CASES) {
    for (const n of [N, MEGABYTE_N]) {
      const row = await measure(c, n);
      print(row);
      rows.push(row);
    }
  }
  const ratiosAt = (n: number) =>
    rows
      .filter((r) => r.n === n && r.ratio !== null)
      .map((r) => r.ratio as number)
      .sort((a, b) => a - b);
  const spread = (ratios: number[]) => ({ worst: ratios.at(-1), median: ratios[Math.floor(ratios.length / 2)] });
  const summary = {
    cases: rows.length / 2,
    [`ratio${N}`]: spread(ratiosAt(N)),
    [`ratio${MEGABYTE_N}`]: spread(ratiosAt(MEGABYTE_N)),
    skippedOverBudget: rows.filter((r) => r.ratio === null).length,
    slowestMsAt4n: Math.max(...rows.map((r) => r.msAt4n ?? r.msAtN)),
  };
  const results = {
    measuredAt: new Date().toISOString(),
    machine: `${os.cpus().length} cores, node ${process.version}`,
    n: N,
    runs: RUNS,
    summary,
    rows,
  };
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results', 'parserScaling.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(summary));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

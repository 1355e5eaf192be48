/**
 * Prints the figures the fault suite recorded (`<DATA_DIR>/faults/*.json`, see test/faults/figures.ts)
 * as markdown, one table per case, for RELIABILITY.md.
 */
import fs from 'node:fs';
import path from 'node:path';

import { loadConfigOrExit } from '../src/config';

const dir = path.join(
  loadConfigOrExit({ ...process.env, STACK_PROFILE: process.env.STACK_PROFILE ?? 'test' }).dataDir,
  'faults',
);
const files = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : [];
if (files.length === 0) {
  process.stdout.write(`[faults] no figures in ${dir}\n`);
  process.exit(0);
}

/** One row per figure; nested objects are flattened into dotted names, arrays of objects into one row each. */
function rows(value: unknown, name: string): [string, string][] {
  if (Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null))
    return value.flatMap((v, i) => rows(v, `${name}[${i}]`));
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return Object.entries(value).flatMap(([k, v]) => rows(v, name ? `${name}.${k}` : k));
  return [[name, Array.isArray(value) ? value.join(', ') : String(value)]];
}

for (const file of files) {
  const {
    case: caseName,
    at,
    ...figures
  } = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
  process.stdout.write(`\n#### ${String(caseName)} (${String(at)})\n\n| figure | value |\n| --- | --- |\n`);
  for (const [k, v] of rows(figures, '')) process.stdout.write(`| ${k} | ${v} |\n`);
}

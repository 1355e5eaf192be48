import fs from 'node:fs';
import path from 'node:path';

import { config } from '../helpers';

/** Where each fault case leaves its figures; `npm run faults` prints them as the tables of RELIABILITY.md. */
export const FIGURES_DIR = path.join(config.dataDir, 'faults');

/** Records one case's figures (counts, seconds), replacing what an earlier run of the case wrote. */
export function recordFigures(caseName: string, figures: Record<string, unknown>): void {
  fs.mkdirSync(FIGURES_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(FIGURES_DIR, `${caseName}.json`),
    `${JSON.stringify({ case: caseName, at: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
}

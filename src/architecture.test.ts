import path from 'node:path';
import { Linter } from 'eslint';

/**
 * The import rules of ARCHITECTURE.md hold only while eslint.config.cjs says them: these cases
 * make sure each layer's rule still refuses what it must (and allows what it may).
 */
const ROOT = path.resolve(__dirname, '..');
const config = require(path.join(ROOT, 'eslint.config.cjs')) as Linter.Config[];
const linter = new Linter({ configType: 'flat', cwd: ROOT });
// Type information is not needed for import rules (it would make each case take seconds).
const importRulesOnly: Linter.Config = { languageOptions: { parserOptions: { projectService: false } }, rules: { '@typescript-eslint/no-floating-promises': 'off' } };

async function violations(file: string, code: string): Promise<string[]> {
  const messages = linter.verify(code, [...config, importRulesOnly], path.join(ROOT, file));
  return messages.map((m) => m.ruleId ?? m.message);
}

describe('import rules between layers', () => {
  it.each([
    ['a route importing a repository', 'src/api/routes/x/route.ts', "import { FundsRepository } from '../../../db/repositories/funds';"],
    ['a route importing the Temporal client', 'src/api/routes/x/route.ts', "import { Client } from '@temporalio/client';"],
    ['a route importing a parser', 'src/api/routes/x/route.ts', "import { parseKid } from '../../../sources/parsers/kid';"],
    ['a route using domain logic directly', 'src/api/routes/x/route.ts', "import { normaliseIsin } from '../../../domain/isin';"],
    ['a workflow importing node:fs', 'src/workflows/x.ts', "import fs from 'node:fs';"],
    ['a workflow importing activities as values', 'src/workflows/x.ts', "import { createActivities } from '../activities';"],
    ['a workflow importing pg', 'src/workflows/x.ts', "import { Pool } from 'pg';"],
    ['the domain importing the database', 'src/domain/x.ts', "import { createPool } from '../db/postgres';"],
    ['the domain reading files', 'src/domain/x.ts', "import fs from 'node:fs';"],
    ['a use case importing an adapter', 'src/usecases/x.ts', "import { TemporalFundLoader } from '../temporal/fundLoader';"],
    ['a use case rendering a page directly', 'src/usecases/x.ts', "import { renderFactsheetHtml } from '../render/factsheet';"],
    ['a route rendering a page directly', 'src/api/routes/x/route.ts', "import { renderFactsheetHtml } from '../../../render/factsheet';"],
    ['the factsheet page reading files', 'src/render/factsheet/x.ts', "import fs from 'node:fs';"],
    ['the factsheet page driving the browser', 'src/render/factsheet/x.ts', "import puppeteer from 'puppeteer-core';"],
    ['the factsheet page reading the database', 'src/render/factsheet/x.ts', "import { FactsheetsRepository } from '../../db/repositories/factsheets';"],
  ])('refuses %s', async (_label, file, code) => {
    expect(await violations(file, `${code}\nexport {};\n`)).toContain('@typescript-eslint/no-restricted-imports');
  });

  it.each([
    ['a route importing a use case and schema', 'src/api/routes/x/route.ts', "import { getFund } from '../../../usecases/getFund';\nimport { FundEnvelope } from '../../../schema/fund';"],
    ['a route importing a domain type', 'src/api/routes/x/route.ts', "import type { Quota } from '../../../domain/metering';"],
    ['a workflow importing activity types', 'src/workflows/x.ts', "import type { Activities } from '../activities';\nimport { proxyActivities } from '@temporalio/workflow';"],
    ['the domain hashing with node:crypto', 'src/domain/x.ts', "import { createHash } from 'node:crypto';"],
    ['the factsheet page drawing charts and hashing its style sheet', 'src/render/factsheet/x.ts', "import * as echarts from 'echarts';\nimport { createHash } from 'node:crypto';\nimport type { FundData } from '../../schema/fund';"],
    ['a use case taking the page options as types', 'src/usecases/x.ts', "import type { FactsheetPageOptions } from '../render/factsheet';"],
  ])('allows %s', async (_label, file, code) => {
    expect(await violations(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});

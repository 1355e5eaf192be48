import path from 'node:path';

import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';

/**
 * The import rules of ARCHITECTURE.md hold only while eslint.config.cjs says them: these cases
 * make sure each layer's rule still refuses what it must (and allows what it may).
 */
const ROOT = path.resolve(__dirname, '..');
const config = jest.requireActual<Linter.Config[]>(path.join(ROOT, 'eslint.config.cjs'));
const linter = new Linter({ configType: 'flat', cwd: ROOT });
// Type information is not needed for import rules (it would make each case take seconds).
const importRulesOnly: Linter.Config[] = [
  tseslint.configs.disableTypeChecked,
  { languageOptions: { parserOptions: { projectService: false } }, rules: { 'simple-import-sort/imports': 'off' } },
];

function violations(file: string, code: string): string[] {
  const messages = linter.verify(code, [...config, ...importRulesOnly], path.join(ROOT, file));
  return messages.map((m) => m.ruleId ?? m.message).filter((rule) => rule !== '@typescript-eslint/no-unused-vars');
}

describe('import rules between layers', () => {
  it.each([
    [
      'a route importing a repository',
      'src/api/routes/x/route.ts',
      "import { FundsRepository } from '../../../db/repositories/funds';",
    ],
    [
      'a route importing the Temporal client',
      'src/api/routes/x/route.ts',
      "import { Client } from '@temporalio/client';",
    ],
    ['a route importing a parser', 'src/api/routes/x/route.ts', "import { parseKid } from '../../../parsing/kid';"],
    [
      'a route using domain logic directly',
      'src/api/routes/x/route.ts',
      "import { analyseNavSeries } from '../../../domain/analytics';",
    ],
    ['a workflow importing node:fs', 'src/workflows/x.ts', "import fs from 'node:fs';"],
    [
      'a workflow importing activities as values',
      'src/workflows/x.ts',
      "import { createActivities } from '../activities';",
    ],
    ['a workflow importing pg', 'src/workflows/x.ts', "import { Pool } from 'pg';"],
    ['the domain importing the database', 'src/domain/x.ts', "import { createPool } from '../db/postgres';"],
    ['the domain reading files', 'src/domain/x.ts', "import fs from 'node:fs';"],
    [
      'a use case importing an adapter',
      'src/usecases/x.ts',
      "import { temporalFundLoader } from '../temporal/loader';",
    ],
    [
      'a use case taking a type from an adapter',
      'src/usecases/x.ts',
      "import type { Extraction } from '../sources/extract';",
    ],
    [
      'a use case taking a type from a workflow',
      'src/usecases/x.ts',
      "import type { LoadFundInput } from '../workflows/loadFund';",
    ],
    ['the schema importing the domain', 'src/schema/x.ts', "import { analyseNavSeries } from '../domain/analytics';"],
    ['the domain importing a parser', 'src/domain/x.ts', "import { parseKid } from '../parsing/kid';"],
    [
      'a parser importing a connector',
      'src/parsing/x.ts',
      "import { LocalLibraryConnector } from '../sources/localLibrary';",
    ],
    ['a parser fetching over HTTP', 'src/parsing/x.ts', "import { safeFetch } from '../outbound/safeFetch';"],
    [
      'outbound HTTP importing a store',
      'src/outbound/x.ts',
      "import { FundsRepository } from '../db/repositories/funds';",
    ],
    ['a source importing a store', 'src/sources/x.ts', "import { FundsRepository } from '../db/repositories/funds';"],
    ['a store importing a parser', 'src/db/x.ts', "import { parseKid } from '../parsing/kid';"],
    [
      'an activity importing a workflow',
      'src/activities/x.ts',
      "import { FAILURE_TYPES } from '../workflows/loadFund';",
    ],
    [
      'a workflow importing a source type',
      'src/workflows/x.ts',
      "import type { Extraction } from '../sources/extract';",
    ],
    [
      'a use case rendering a page directly',
      'src/usecases/x.ts',
      "import { renderFactsheetHtml } from '../render/factsheet';",
    ],
    [
      'a route rendering a page directly',
      'src/api/routes/x/route.ts',
      "import { renderFactsheetHtml } from '../../../render/factsheet';",
    ],
    ['the factsheet page reading files', 'src/render/factsheet/x.ts', "import fs from 'node:fs';"],
    ['the factsheet page driving the browser', 'src/render/factsheet/x.ts', "import puppeteer from 'puppeteer-core';"],
    [
      'the factsheet page reading the database',
      'src/render/factsheet/x.ts',
      "import { FactsheetsRepository } from '../../db/repositories/factsheets';",
    ],
    ['a site page reading the database', 'src/render/site/x.ts', "import { Pool } from 'pg';"],
    ['a site page reading the configuration', 'src/render/site/x.ts', "import { loadConfig } from '../../config';"],
  ])('refuses %s', (_label, file, code) => {
    expect(violations(file, `${code}\nexport {};\n`)).toContain('@typescript-eslint/no-restricted-imports');
  });

  it.each([
    [
      'a route importing a use case and schema',
      'src/api/routes/x/route.ts',
      "import { getFund } from '../../../usecases/getFund';\nimport { FundEnvelope } from '../../../schema/fund';",
    ],
    [
      'a route importing a domain type',
      'src/api/routes/x/route.ts',
      "import type { Quota } from '../../../domain/metering';",
    ],
    [
      'a workflow importing activity types',
      'src/workflows/x.ts',
      "import type { Activities } from '../activities';\nimport { proxyActivities } from '@temporalio/workflow';",
    ],
    ['the domain hashing with node:crypto', 'src/domain/x.ts', "import { createHash } from 'node:crypto';"],
    [
      'the factsheet page drawing charts and hashing its style sheet',
      'src/render/factsheet/x.ts',
      "import * as echarts from 'echarts';\nimport { createHash } from 'node:crypto';\nimport type { FundData } from '../../schema/fund';",
    ],
    [
      "a site page drawing its usage chart with the factsheet's chart kit",
      'src/render/site/x.ts',
      "import * as echarts from 'echarts';\nimport { finishSvg } from '../factsheet/charts';\nimport { PLANS } from '../../domain/plans';",
    ],
    [
      'a use case taking the page options from the domain',
      'src/usecases/x.ts',
      "import type { FactsheetPageOptions } from '../domain/factsheet';",
    ],
    [
      'the domain speaking the schema',
      'src/domain/x.ts',
      "import type { FundData } from '../schema/fund';\nimport { normaliseIsin } from '../schema/isin';",
    ],
    ['a store implementing a port', 'src/db/x.ts', "import type { FundStore } from '../usecases/ports/funds';"],
    [
      'a source implementing a port',
      'src/sources/x.ts',
      "import type { PdfChecker } from '../usecases/ports/extraction';\nimport { parseKid } from '../parsing/kid';",
    ],
    [
      'an activity and a workflow sharing the failure types',
      'src/activities/x.ts',
      "import { FAILURE_TYPES } from '../domain/failures';",
    ],
  ])('allows %s', (_label, file, code) => {
    expect(violations(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});

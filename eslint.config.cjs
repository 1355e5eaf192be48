// House rules and the import rules of ARCHITECTURE.md, enforced; `npm test` runs this (scripts/test.sh) and fails on
// any error.
const tseslint = require('typescript-eslint');
const simpleImportSort = require('eslint-plugin-simple-import-sort');

const NODE_BUILTINS = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'net',
  'http',
  'https',
  'child_process',
  'worker_threads',
  'crypto',
  'stream',
  'dns',
  'zlib',
  'url',
  'util',
];
const IO_PACKAGES = [
  'pg',
  'pg-*',
  '@clickhouse/*',
  'undici',
  'busboy',
  'koa',
  'koa-*',
  '@koa/*',
  'pino',
  'pdf-parse',
  'pdfjs-dist',
  'robots-parser',
  'bottleneck',
  'read-excel-file',
  '@e965/xlsx',
  'pdf-lib',
  'fflate',
  'csv-parse',
  'csv-parse/*',
  'node-pg-migrate',
];
const TEMPORAL_RUNTIME = ['@temporalio/client', '@temporalio/worker', '@temporalio/activity', '@temporalio/proto'];
/** Node built-ins but node:crypto (hashing needs no I/O). */
const NODE_BUT_CRYPTO = [
  'node:*',
  '!node:crypto',
  ...NODE_BUILTINS.filter((m) => !m.startsWith('node:') && m !== 'crypto'),
];

/** A folder of src/ as import globs: the folder itself (its index) and anything in it. */
const layers = (...names) => names.flatMap((name) => [`**/${name}`, `**/${name}/**`]);

/** The folders of src/, each a layer of ARCHITECTURE.md. */
const FOLDERS = [
  'schema',
  'domain',
  'parsing',
  'outbound',
  'sources',
  'db',
  'usecases',
  'render',
  'activities',
  'workflows',
  'temporal',
  'api',
];

/** Every folder of src/ but those a layer may import, as import globs: each rule below names what it may import. */
const foldersBut = (...allowed) => layers(...FOLDERS.filter((name) => !allowed.includes(name)));

/** A restriction on module paths, given as globs over the import specifier. */
const banned = (group, message, allowTypeImports = false) => ({ group, message, allowTypeImports });

/** The import rule of the product files under `folder` (tests beside them are free). */
const importRule = (folder, ...patterns) => ({
  files: [`src/${folder}/**/*.ts`],
  ignores: [`src/${folder}/**/*.test.ts`],
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});

module.exports = tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      '.data/**',
      'bench/results/**',
      'test-artifacts/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: __dirname } },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      // A promise nobody awaits loses its error (and, in a handler, the request's outcome): await it or mark it `void`.
      '@typescript-eslint/no-floating-promises': 'error',
      // Unused names and imports are errors; a parameter a signature needs but the body does not is named `_x`.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
    },
  },
  // The vocabulary (zod shapes and value formats) is the ground floor: it imports no other layer.
  importRule(
    'schema',
    banned(
      [...foldersBut('schema'), '**/config', '**/logger'],
      'The schema is the vocabulary every layer shares: it imports only zod and itself.',
    ),
  ),
  // The domain is pure: no I/O, no framework, no infrastructure; it speaks the schema's vocabulary.
  importRule(
    'domain',
    banned(NODE_BUT_CRYPTO, 'The domain does no I/O (node:crypto, for hashing, is allowed).'),
    banned([...IO_PACKAGES, '@temporalio/*'], 'The domain does no I/O.'),
    banned(
      [...foldersBut('schema', 'domain'), '**/config', '**/logger'],
      'The domain depends on the schema and nothing else.',
    ),
  ),
  // Parsing reads bytes handed to it: it fetches nothing and stores nothing.
  importRule(
    'parsing',
    banned(
      [...foldersBut('schema', 'domain', 'parsing'), '**/config', '**/logger'],
      'Parsers read documents given to them: they import the domain, the schema and each other.',
    ),
    banned(['pg', 'pg-*', '@clickhouse/*', 'undici', 'koa', '@koa/*', '@temporalio/*'], 'Parsers do no network I/O.'),
  ),
  // Outbound HTTP: the safe fetcher, robots.txt, the webhook sender; it implements ports, nothing more.
  importRule(
    'outbound',
    banned(
      [...foldersBut('schema', 'domain', 'outbound', 'usecases')],
      'Outbound HTTP depends on the domain and the schema only.',
    ),
    banned(layers('usecases'), 'Outbound adapters take the ports they implement as types only.', true),
  ),
  // Sources: connectors and extraction, over parsing and outbound HTTP.
  importRule(
    'sources',
    banned(
      [...foldersBut('schema', 'domain', 'parsing', 'outbound', 'sources', 'usecases')],
      'Sources fetch and extract documents: they never store or orchestrate.',
    ),
    banned(layers('usecases'), 'Sources take the ports they implement as types only.', true),
  ),
  // Stores: SQL and ClickHouse behind the ports.
  importRule(
    'db',
    banned([...foldersBut('schema', 'domain', 'db', 'usecases')], 'Stores own their SQL and return domain objects.'),
    banned(layers('usecases'), 'Stores take the ports they implement as types only.', true),
  ),
  // The pages are pure functions of what they show: the factsheet of a snapshot, the site's pages of their views
  // (the browser that prints the factsheet is render/chromium.ts).
  ...['render/factsheet', 'render/site'].map((folder) =>
    importRule(
      folder,
      banned(NODE_BUT_CRYPTO, 'Pages are rendered without I/O (node:crypto, for the style hash, is allowed).'),
      banned([...IO_PACKAGES, '@temporalio/*', 'puppeteer*'], 'Pages are rendered without I/O.'),
      banned(
        [...foldersBut('schema', 'domain', 'render'), '**/config', '**/logger', '**/chromium'],
        'Pages depend on the domain and the schema only.',
      ),
    ),
  ),
  // Use cases are stories over ports: no adapter, not even as a type.
  importRule(
    'usecases',
    banned(
      [...foldersBut('schema', 'domain', 'usecases')],
      'Use cases depend on their ports (usecases/ports/), the domain and the schema, never on adapters.',
    ),
    banned(['@temporalio/*', ...IO_PACKAGES, 'node:*'], 'Use cases do no I/O of their own.'),
  ),
  // Activities are the I/O steps: they call stores, sources and the page, never the starters or the API.
  importRule(
    'activities',
    banned(
      [...foldersBut('schema', 'domain', 'parsing', 'outbound', 'sources', 'db', 'render', 'activities', 'usecases')],
      'Activities are called by workflows; they do not import them, their starters or the API.',
    ),
    banned(layers('usecases'), 'Activities take ports as types only.', true),
  ),
  // Workflow code is replayed: deterministic, no I/O, activities by type only.
  importRule(
    'workflows',
    banned(NODE_BUILTINS, 'Workflows are deterministic sandboxed code: no Node built-ins.'),
    banned(
      [...IO_PACKAGES, ...TEMPORAL_RUNTIME],
      'Workflows do no I/O; only @temporalio/workflow and @temporalio/common.',
    ),
    banned(
      [...foldersBut('schema', 'domain', 'workflows', 'activities'), '**/config', '**/logger'],
      'Workflows orchestrate: they import the domain, the schema and each other.',
    ),
    banned(layers('activities'), 'Workflows import activity types only (import type).', true),
  ),
  // Routes parse, call one use case, present. Everything else reaches them through ports.
  {
    files: ['src/api/routes/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            banned(
              [...foldersBut('schema', 'domain', 'render', 'usecases', 'api')],
              'Routes call use cases; adapters are wired in api/app.ts.',
            ),
            banned(
              ['@temporalio/*', ...IO_PACKAGES.filter((p) => !p.startsWith('koa') && p !== '@koa/*')],
              'Routes do no I/O of their own.',
            ),
            banned(
              [...layers('domain', 'render')],
              'Routes use domain logic and pages through use cases or schema (type imports are fine).',
              true,
            ),
          ],
        },
      ],
    },
  },
);

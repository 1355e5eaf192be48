// The import rules of ARCHITECTURE.md, enforced; `npm test` runs this (scripts/test.sh) and fails on any error.
const tseslint = require('typescript-eslint');

const NODE_BUILTINS = ['node:*', 'fs', 'fs/*', 'path', 'os', 'net', 'http', 'https', 'child_process', 'worker_threads', 'crypto', 'stream', 'dns', 'zlib', 'url', 'util'];
const IO_PACKAGES = ['pg', 'pg-*', '@clickhouse/*', 'undici', 'busboy', 'koa', 'koa-*', '@koa/*', 'pino', 'pdf-parse', 'pdfjs-dist', 'robots-parser', 'bottleneck', 'read-excel-file', 'csv-parse', 'csv-parse/*', 'node-pg-migrate'];
const TEMPORAL_RUNTIME = ['@temporalio/client', '@temporalio/worker', '@temporalio/activity', '@temporalio/proto'];

/** A folder of src/ as import globs: the folder itself (its index) and anything in it. */
const layers = (...names) => names.flatMap((name) => [`**/${name}`, `**/${name}/**`]);

/** A restriction on module paths, given as globs over the import specifier. */
const banned = (group, message, allowTypeImports = false) => ({ group, message, allowTypeImports });

module.exports = tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.data/**', 'bench/results/**', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: __dirname } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      // A promise nobody awaits loses its error (and, in a handler, the request's outcome): await it or mark it `void`.
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    // Routes parse, call one use case, present. Everything else reaches them through ports.
    files: ['src/api/routes/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          banned([...layers('db', 'sources', 'activities', 'workflows', 'temporal')], 'Routes call use cases; adapters are wired in api/app.ts.'),
          banned(['@temporalio/*', ...IO_PACKAGES.filter((p) => !p.startsWith('koa') && p !== '@koa/*')], 'Routes do no I/O of their own.'),
          banned([...layers('domain', 'render')], 'Routes use domain logic and pages through use cases or schema (type imports are fine).', true),
        ],
      }],
    },
  },
  {
    // Workflow code is replayed: deterministic, no I/O, activities by type only.
    files: ['src/workflows/**/*.ts'],
    ignores: ['src/workflows/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          banned(NODE_BUILTINS, 'Workflows are deterministic sandboxed code: no Node built-ins.'),
          banned([...IO_PACKAGES, ...TEMPORAL_RUNTIME], 'Workflows do no I/O; only @temporalio/workflow and @temporalio/common.'),
          banned([...layers('db', 'sources', 'activities', 'api', 'temporal', 'usecases'), '**/config', '**/logger'], 'Workflows import activity and source types only (import type).', true),
        ],
      }],
    },
  },
  {
    // The domain is pure: no I/O, no framework, no infrastructure.
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          banned(['node:*', '!node:crypto', ...NODE_BUILTINS.filter((m) => !m.startsWith('node:') && m !== 'crypto')], 'The domain does no I/O (node:crypto, for hashing, is allowed).'),
          banned([...IO_PACKAGES, '@temporalio/*'], 'The domain does no I/O.'),
          banned([...layers('db', 'sources', 'activities', 'api', 'temporal', 'workflows', 'usecases', 'render'), '**/config', '**/logger'], 'The domain depends on nothing outside it.'),
        ],
      }],
    },
  },
  {
    // The factsheet page is a pure function of a snapshot: no I/O (the browser that prints it is render/chromium.ts).
    files: ['src/render/factsheet/**/*.ts'],
    ignores: ['src/render/factsheet/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          banned(['node:*', '!node:crypto', ...NODE_BUILTINS.filter((m) => !m.startsWith('node:') && m !== 'crypto')], 'The page is rendered without I/O (node:crypto, for the style hash, is allowed).'),
          banned([...IO_PACKAGES, '@temporalio/*', 'puppeteer*'], 'The page is rendered without I/O.'),
          banned([...layers('db', 'sources', 'activities', 'api', 'temporal', 'workflows', 'usecases'), '**/config', '**/logger', '**/chromium'], 'The page depends on the domain and the schema only.'),
        ],
      }],
    },
  },
  {
    // Use cases are stories over ports: infrastructure only as types (the ports' shapes).
    files: ['src/usecases/**/*.ts'],
    ignores: ['src/usecases/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          banned([...layers('db', 'sources', 'activities', 'workflows', 'temporal', 'api', 'render')], 'Use cases depend on ports (usecases/ports.ts), not adapters.', true),
          banned(['@temporalio/*', ...IO_PACKAGES, 'node:*'], 'Use cases do no I/O of their own.'),
        ],
      }],
    },
  },
);

/**
 * Every Postgres migration has a down step that undoes it (issue 26, point 5). On a scratch database of its own (never
 * the service's: other suites use it meanwhile), this applies src/db/migrations one at a time as migrate() does,
 * recording the schema after each, then undoes them one at a time from the newest: after undoing migration N the
 * schema is the one recorded after N - 1, and applying N again gives the one recorded after N. Once the first is
 * undone no table remains but pgmigrations, and applying them all again gives the latest schema.
 *
 * The schema is read from pg_catalog: schemas, extensions, tables (persistence, columns in order with their types,
 * defaults, nullability, generation), constraints, indexes, sequences, views, types, functions (their whole
 * pg_get_functiondef), triggers and rules. Data is not compared: a down may lose what its up made room for.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { runner } from 'node-pg-migrate';
import { Client } from 'pg';

import { postgresMigrations } from '../src/db/migrate';
import { config } from './testConfig';

const MIGRATIONS_DIR = path.join(__dirname, '..', 'src', 'db', 'migrations');
const MIGRATIONS_TABLE = 'pgmigrations';

/**
 * Migrations whose down cannot restore the schema before them (an irreversible transformation), each with the reason,
 * which README.md ("Migrations and their down steps") gives too. The walk down stops at the newest of them. None so far.
 */
const IRREVERSIBLE: Record<string, string> = {};

/** The schema of a database: one entry per object, its key naming it ("table public.funds"), its value describing it. */
type Schema = Record<string, string>;

const OURS = `n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'`;
/** The objects an extension brings are the extension's: listed as the extension, not one by one. */
const notFromExtension = (catalog: string, oid: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend e WHERE e.classid = '${catalog}'::regclass AND e.objid = ${oid} AND e.deptype = 'e')`;
/** The migration runner's own bookkeeping is not part of any migration. */
const notTheRunners = `NOT (n.nspname = 'public' AND c.relname IN ('${MIGRATIONS_TABLE}', '${MIGRATIONS_TABLE}_id_seq', '${MIGRATIONS_TABLE}_pkey'))`;

/** Each query returns (key, value) rows; several rows with one key are joined in order, one line each. */
const QUERIES = [
  `SELECT 'schema ' || n.nspname, '' FROM pg_namespace n WHERE ${OURS}`,
  `SELECT 'extension ' || x.extname, 'version ' || x.extversion || ' in schema ' || n.nspname
     FROM pg_extension x JOIN pg_namespace n ON n.oid = x.extnamespace`,
  // Tables, views, sequences: what they are, then their columns in order.
  `SELECT format('%s %s.%s', CASE c.relkind WHEN 'r' THEN 'table' WHEN 'p' THEN 'table' WHEN 'v' THEN 'view'
            WHEN 'm' THEN 'materialized view' WHEN 'f' THEN 'foreign table' WHEN 'S' THEN 'sequence' END,
            n.nspname, c.relname),
          concat_ws(' ', CASE c.relpersistence WHEN 'u' THEN 'unlogged' WHEN 't' THEN 'temporary' ELSE 'logged' END,
            CASE c.relkind WHEN 'p' THEN 'partitioned by ' || pg_get_partkeydef(c.oid) END,
            CASE WHEN c.relispartition THEN 'partition ' || pg_get_expr(c.relpartbound, c.oid) END,
            CASE WHEN c.relrowsecurity THEN 'row security' END, 'options ' || c.reloptions::text,
            CASE WHEN c.relkind IN ('v', 'm') THEN E'\\n' || pg_get_viewdef(c.oid) END,
            CASE WHEN c.relkind = 'S' THEN (
              SELECT format('%s start %s increment %s min %s max %s cache %s%s', s.seqtypid::regtype, s.seqstart,
                       s.seqincrement, s.seqmin, s.seqmax, s.seqcache, CASE WHEN s.seqcycle THEN ' cycle' END)
                FROM pg_sequence s WHERE s.seqrelid = c.oid) END,
            (SELECT format('owned by %s.%s', d.refobjid::regclass, a.attname) FROM pg_depend d
               JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
              WHERE c.relkind = 'S' AND d.classid = 'pg_class'::regclass AND d.objid = c.oid
                AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')))
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE ${OURS} AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') AND ${notTheRunners}
      AND ${notFromExtension('pg_class', 'c.oid')}`,
  `SELECT format('%s %s.%s', CASE WHEN c.relkind IN ('r', 'p') THEN 'table' WHEN c.relkind = 'f' THEN 'foreign table'
            WHEN c.relkind = 'm' THEN 'materialized view' ELSE 'view' END, n.nspname, c.relname),
          concat_ws(' ', '  column ' || quote_ident(a.attname), format_type(a.atttypid, a.atttypmod),
            CASE WHEN a.attcollation <> t.typcollation THEN 'collate ' || co.collname END,
            CASE WHEN a.attnotnull THEN 'not null' END,
            CASE a.attgenerated WHEN 's' THEN 'generated always as ' || pg_get_expr(ad.adbin, ad.adrelid) || ' stored'
              ELSE 'default ' || pg_get_expr(ad.adbin, ad.adrelid) END,
            CASE a.attidentity WHEN 'a' THEN 'generated always as identity'
              WHEN 'd' THEN 'generated by default as identity' END,
            CASE WHEN a.attstorage <> t.typstorage THEN 'storage ' || a.attstorage::text END,
            'options ' || a.attoptions::text)
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     JOIN pg_type t ON t.oid = a.atttypid
     LEFT JOIN pg_collation co ON co.oid = a.attcollation
     LEFT JOIN pg_attrdef ad ON ad.adrelid = c.oid AND ad.adnum = a.attnum
    WHERE ${OURS} AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND ${notTheRunners}
      AND ${notFromExtension('pg_class', 'c.oid')}
    ORDER BY a.attnum`,
  `SELECT format('constraint %s on %s', k.conname,
            coalesce(n.nspname || '.' || c.relname, 'domain ' || k.contypid::regtype::text)),
          pg_get_constraintdef(k.oid) || CASE WHEN k.condeferrable THEN ' deferrable' ELSE '' END
     FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace
     LEFT JOIN pg_class c ON c.oid = k.conrelid
    WHERE ${OURS} AND (c.oid IS NULL OR ${notTheRunners}) AND ${notFromExtension('pg_constraint', 'k.oid')}`,
  `SELECT format('index %s.%s', n.nspname, c.relname),
          pg_get_indexdef(i.indexrelid) || CASE WHEN i.indisclustered THEN ' (clustered)' ELSE '' END
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE ${OURS} AND ${notTheRunners} AND ${notFromExtension('pg_class', 'c.oid')}`,
  // Types made by CREATE TYPE or CREATE DOMAIN (not a table's row type, not an array type).
  `SELECT format('type %s.%s', n.nspname, t.typname),
          concat_ws(' ', CASE t.typtype WHEN 'e' THEN 'enum' WHEN 'd' THEN 'domain over ' || format_type(t.typbasetype, t.typtypmod)
              WHEN 'c' THEN 'composite' WHEN 'r' THEN 'range' WHEN 'm' THEN 'multirange' ELSE 'base' END,
            CASE WHEN t.typnotnull THEN 'not null' END, 'default ' || t.typdefault,
            (SELECT string_agg(quote_literal(e.enumlabel), ', ' ORDER BY e.enumsortorder) FROM pg_enum e
              WHERE e.enumtypid = t.oid),
            (SELECT string_agg(quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod), ', '
                      ORDER BY a.attnum)
               FROM pg_attribute a WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped))
     FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE ${OURS} AND t.typcategory <> 'A' AND ${notFromExtension('pg_type', 't.oid')}
      AND (t.typrelid = 0 OR (SELECT r.relkind FROM pg_class r WHERE r.oid = t.typrelid) = 'c')`,
  `SELECT format('%s %s.%s(%s)', CASE p.prokind WHEN 'p' THEN 'procedure' WHEN 'a' THEN 'aggregate' ELSE 'function' END,
            n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
          CASE WHEN p.prokind = 'a' THEN 'returns ' || pg_get_function_result(p.oid) ELSE pg_get_functiondef(p.oid) END
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE ${OURS} AND ${notFromExtension('pg_proc', 'p.oid')}`,
  `SELECT format('trigger %s on %s', t.tgname, t.tgrelid::regclass),
          pg_get_triggerdef(t.oid) || CASE WHEN t.tgenabled <> 'O' THEN ' (enabled: ' || t.tgenabled::text || ')' ELSE '' END
     FROM pg_trigger t WHERE NOT t.tgisinternal`,
  `SELECT format('rule %s on %s.%s', r.rulename, r.schemaname, r.tablename), r.definition
     FROM pg_rules r WHERE r.schemaname <> 'pg_catalog'`,
  `SELECT format('policy %s on %s.%s', p.policyname, p.schemaname, p.tablename),
          concat_ws(' ', p.permissive, p.cmd, 'to ' || p.roles::text, 'using ' || p.qual, 'check ' || p.with_check)
     FROM pg_policies p`,
];

async function readSchema(client: Client): Promise<Schema> {
  const lines = new Map<string, string[]>();
  for (const query of QUERIES) {
    const { rows } = await client.query<[string, string | null]>({ text: query, rowMode: 'array' });
    for (const [key, value] of rows) {
      lines.set(key, [...(lines.get(key) ?? []), value ?? '']);
    }
  }
  return Object.fromEntries([...lines].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, v.join('\n')]));
}

/** What differs between two schemas, one paragraph per object: missing, unexpected, or changed (a line diff). */
function schemaDiff(expected: Schema, actual: Schema): string[] {
  const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  const out: string[] = [];
  for (const key of keys) {
    if (!(key in actual)) out.push(`missing: ${key}\n${excerpt(expected[key])}`);
    else if (!(key in expected)) out.push(`left over: ${key}\n${excerpt(actual[key])}`);
    else if (expected[key] !== actual[key]) {
      out.push(`differs: ${key} (- expected, + found)\n${lineDiff(expected[key], actual[key])}`);
    }
  }
  return out;
}

function excerpt(text: string, max = 12): string {
  const lines = text.split('\n');
  const shown = lines.slice(0, max).map((line) => `    ${line}`);
  return [...shown, ...(lines.length > max ? [`    … ${lines.length - max} more line(s)`] : [])].join('\n');
}

/** A unified-style diff of two texts by lines (longest common subsequence), with two lines of context. */
function lineDiff(before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  const common = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
    }
  }
  const ops: { mark: ' ' | '-' | '+'; line: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ mark: ' ', line: a[i++] });
      j++;
    } else if (j < b.length && (i === a.length || common[i][j + 1] >= common[i + 1][j])) {
      ops.push({ mark: '+', line: b[j++] });
    } else {
      ops.push({ mark: '-', line: a[i++] });
    }
  }
  const near = (k: number) => ops.slice(Math.max(0, k - 2), k + 3).some((op) => op.mark !== ' ');
  const shown: string[] = [];
  ops.forEach((op, k) => {
    if (near(k)) shown.push(`  ${op.mark} ${op.line}`);
    else if (shown[shown.length - 1] !== '    …') shown.push('    …');
  });
  return shown.join('\n');
}

const migrationNames = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .map((file) => file.replace(/\.sql$/, ''))
  .sort();

const scratchName = `migrations_down_${randomBytes(6).toString('hex')}`;
const scratchUrl = withDatabase(config.postgres.url, scratchName);
let client: Client | undefined;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function onServer(sql: string): Promise<void> {
  const admin = new Client({ connectionString: withDatabase(config.postgres.url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Applies (up) or undoes (down) `count` migrations and says which, as migrate() runs them. */
async function step(direction: 'up' | 'down', count = 1): Promise<string[]> {
  const ran = await runner(postgresMigrations(scratchUrl, direction, count));
  return ran.map((m) => m.name);
}

/** Fails, naming what was done, when the schema is not the one recorded after `label`. */
async function expectSchema(expected: Schema, done: string, label: string): Promise<void> {
  const differences = schemaDiff(expected, await readSchema(client!));
  if (differences.length) {
    throw new Error(`${done}: the schema is not the one after ${label}:\n\n${differences.join('\n\n')}`);
  }
}

beforeAll(async () => {
  await onServer(`CREATE DATABASE ${scratchName}`);
  client = new Client({ connectionString: scratchUrl });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await onServer(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`);
});

it('undoes every migration one at a time back to an empty database, each down restoring the schema before its up', async () => {
  expect(migrationNames.length).toBeGreaterThan(0);
  const schemas: Schema[] = [await readSchema(client!)];
  const label = (n: number) => (n === 0 ? 'no migration (an empty database)' : migrationNames[n - 1]);

  for (const name of migrationNames) {
    expect(await step('up')).toEqual([name]);
    schemas.push(await readSchema(client!));
  }

  let lowest = migrationNames.length;
  for (let n = migrationNames.length; n >= 1; n--) {
    const name = migrationNames[n - 1];
    if (name in IRREVERSIBLE) break;
    expect(await step('down')).toEqual([name]);
    await expectSchema(schemas[n - 1], `undoing ${name}`, label(n - 1));
    // The state a down leaves is one the up applies to again.
    expect(await step('up')).toEqual([name]);
    await expectSchema(schemas[n], `applying ${name} again after its down`, name);
    expect(await step('down')).toEqual([name]);
    lowest = n - 1;
  }

  if (lowest === 0) {
    const { rows } = await client!.query<{ table: string }>(
      `SELECT n.nspname || '.' || c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND ${OURS}`,
    );
    expect(rows.map((r) => r.table)).toEqual([`public.${MIGRATIONS_TABLE}`]);
    expect((await client!.query(`SELECT name FROM ${MIGRATIONS_TABLE}`)).rows).toEqual([]);
  }

  // And up again to the latest, as a deployment after a rollback would.
  expect(await step('up', Infinity)).toEqual(migrationNames.slice(lowest));
  await expectSchema(schemas[migrationNames.length], 'applying them all again', label(migrationNames.length));
}, 300_000);

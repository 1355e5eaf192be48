/**
 * docker-compose.yml, the production description, held to the Compose specification and to the code (no stack
 * needed): valid against the specification's JSON schema; every environment variable it sets for the app one that
 * src/config.ts reads, with values the configuration accepts; a healthcheck on every service but the one-shot jobs,
 * which the services that need them wait for; restart policies; named volumes for all state; the worker on the render
 * task queue as in the embedded stack; the migrations run as `npm run migrate` runs them; Temporal on a database of
 * its own. Each check names the service and what is wrong, and the last tests feed it broken copies of the file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

import Ajv from 'ajv';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import { parse, stringify } from 'yaml';

import { ENVIRONMENT_VARIABLES, loadConfig } from '../src/config';

const ROOT = path.resolve(__dirname, '..');
const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');
/** compose-spec/compose-spec's schema/compose-spec.json, byte for byte as the dclint package ships it. */
const SCHEMA_FILE = path.join(path.dirname(require.resolve('dclint/package.json')), 'schemas', 'compose.schema.json');

type Environment = Record<string, string | number | boolean | null> | string[];
interface Healthcheck {
  test?: string | string[];
  disable?: boolean;
}
type Dependencies = string[] | Record<string, { condition?: string }>;
type Mount = string | { type?: string; source?: string; target?: string };
interface Service {
  image?: string;
  build?: unknown;
  command?: string | string[];
  restart?: string;
  environment?: Environment;
  healthcheck?: Healthcheck;
  depends_on?: Dependencies;
  volumes?: Mount[];
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
  'x-app'?: Service;
}

function readCompose(file: string): Compose {
  // Compose reads YAML merge keys (`<<: *app`): the services as Docker sees them, each with its own copy of them.
  return JSON.parse(JSON.stringify(parse(fs.readFileSync(file, 'utf8'), { merge: true }))) as Compose;
}

// --- the schema ---------------------------------------------------------------------------------------------------

const validate = (() => {
  const schema = JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8')) as { $schema: string };
  // The schema names draft 07 by its https address; Ajv knows it by the http one.
  const ajv = new Ajv({ allErrors: true, strict: false });
  if (!ajv.getSchema(schema.$schema)) ajv.addMetaSchema({ ...draft07, $id: schema.$schema });
  return ajv.compile(schema);
})();

function schemaProblems(compose: Compose): string[] {
  if (validate(compose)) return [];
  return (validate.errors ?? []).map(
    (e) => `schema: ${e.instancePath || '/'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`,
  );
}

// --- the environment ----------------------------------------------------------------------------------------------

const READ = new Set(ENVIRONMENT_VARIABLES);
/** Built from ./Dockerfile: the app's containers (api, worker, migrate) and their shared `x-app` settings. */
const appServices = (compose: Compose) => Object.entries(compose.services).filter(([, s]) => s.build !== undefined);

function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env))
    return Object.fromEntries(env.map((line) => [line.split('=')[0], line.split('=').slice(1).join('=')]));
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

/**
 * A value as Compose interpolates it from a shell that sets only the required variables: `${X:-default}` gives the
 * default, `${X:?error}` a stand-in secret, `${X}` nothing, `$$` a dollar.
 */
function interpolate(value: string): string {
  return value.replace(
    /\$\$|\$\{[A-Za-z_]\w*(?::?([-?])([^}]*))?\}|\$[A-Za-z_]\w*/g,
    (match: string, op: string | undefined, arg: string | undefined) =>
      match === '$$' ? '$' : op === '-' ? (arg ?? '') : op === '?' ? 'stand-in-secret' : '',
  );
}

function environmentProblems(compose: Compose): string[] {
  const where: Array<[string, Service]> = [['x-app', compose['x-app'] ?? {}], ...appServices(compose)];
  const problems = where.flatMap(([name, service]) =>
    Object.keys(environmentOf(service))
      .filter((variable) => !READ.has(variable))
      .map((variable) => `${name}: sets ${variable}, which src/config.ts does not read`),
  );
  for (const [name, service] of appServices(compose)) {
    const env = Object.fromEntries(Object.entries(environmentOf(service)).map(([k, v]) => [k, interpolate(v)]));
    try {
      loadConfig(env);
    } catch (err) {
      problems.push(`${name}: src/config.ts refuses its environment: ${(err as Error).message}`);
    }
  }
  return problems;
}

// --- the structure ------------------------------------------------------------------------------------------------

const LONG_RUNNING_RESTART = /^(always|unless-stopped|on-failure(:\d+)?)$/;
/** Where each database image keeps its state. */
const DATA_PATHS: Array<[RegExp, string]> = [
  [/^postgres:/, '/var/lib/postgresql/data'],
  [/^clickhouse\/clickhouse-server:/, '/var/lib/clickhouse'],
];

const isOneShot = (service: Service) => service.restart === 'no';
const dependencies = (service: Service): Array<[string, string]> =>
  Array.isArray(service.depends_on)
    ? service.depends_on.map((d) => [d, 'service_started'])
    : Object.entries(service.depends_on ?? {}).map(([d, c]) => [d, c.condition ?? 'service_started']);
const commandOf = (service: Service) =>
  Array.isArray(service.command) ? service.command : (service.command ?? '').split(/\s+/).filter(Boolean);

/** Named volumes and paths of a service's mounts; anything else (a bind mount, an anonymous volume) as a problem. */
function mountsOf(
  compose: Compose,
  name: string,
): { mounts: Array<{ volume: string; target: string }>; bad: string[] } {
  const mounts: Array<{ volume: string; target: string }> = [];
  const bad: string[] = [];
  for (const mount of compose.services[name].volumes ?? []) {
    const [type, source, target] =
      typeof mount === 'string'
        ? mount.includes(':')
          ? ['volume', mount.split(':')[0], mount.split(':')[1]]
          : ['volume', '', mount]
        : [mount.type ?? 'volume', mount.source ?? '', mount.target ?? ''];
    const named = type === 'volume' && /^[A-Za-z0-9][\w.-]*$/.test(source);
    if (!named) bad.push(`${name}: mounts ${source || '(anonymous)'} at ${target}, not a named volume`);
    else if (!(compose.volumes && source in compose.volumes))
      bad.push(`${name}: mounts volume ${source}, which is not declared under the top-level volumes`);
    else mounts.push({ volume: source, target });
  }
  return { mounts, bad };
}

/** The app processes `npm start`/`npm test` run (scripts/stack.ts), as `node dist/...js` in the image. */
function embeddedProcesses(): string[][] {
  const stack = fs.readFileSync(path.join(ROOT, 'scripts/stack.ts'), 'utf8');
  return [...stack.matchAll(/args: \[path\.join\(config\.projectRoot, '([^']+)\.ts'\)\]/g)].map((m) => [
    'node',
    `dist/${m[1]}.js`,
  ]);
}

/** `npm run migrate` (`tsx scripts/migrate.ts`) as the image runs it: compiled into dist/ by the Dockerfile. */
function migrateCommand(): string[] {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const m = /^tsx (\S+)\.ts$/.exec(scripts.migrate);
  if (!m) throw new Error(`package.json's migrate script is not "tsx <file>.ts": ${scripts.migrate}`);
  return ['node', `dist/${m[1]}.js`];
}

const hostOf = (url: string) => new URL(url).hostname;

/** The render task queue a service's configuration resolves to (null: a configuration error, reported elsewhere). */
function renderQueueOf(service: Service): string | null {
  try {
    return loadConfig(Object.fromEntries(Object.entries(environmentOf(service)).map(([k, v]) => [k, interpolate(v)])))
      .render.taskQueue;
  } catch {
    return null;
  }
}

function structureProblems(compose: Compose): string[] {
  const problems: string[] = [];
  const services = compose.services;
  const waitedFor = new Map<string, string[]>();
  for (const service of Object.values(services))
    for (const [dep, condition] of dependencies(service))
      waitedFor.set(dep, [...(waitedFor.get(dep) ?? []), condition]);

  // Healthchecks, restart policies, and how services wait for each other.
  for (const [name, service] of Object.entries(services)) {
    if (isOneShot(service)) {
      if (!waitedFor.get(name)?.includes('service_completed_successfully'))
        problems.push(
          `${name}: a one-shot job (restart: 'no') that no service waits for (service_completed_successfully)`,
        );
    } else {
      if (!service.restart || !LONG_RUNNING_RESTART.test(service.restart))
        problems.push(`${name}: long-running service without a restart policy (always, unless-stopped or on-failure)`);
      const check = service.healthcheck;
      if (!check || check.disable || !check.test || check.test[0] === 'NONE')
        problems.push(`${name}: no healthcheck (a long-running service needs one; a job needs restart: 'no')`);
    }
    for (const [dep, condition] of dependencies(service)) {
      const target = services[dep];
      if (!target) problems.push(`${name}: depends on ${dep}, which is not a service`);
      else if (isOneShot(target) && condition !== 'service_completed_successfully')
        problems.push(`${name}: waits for the job ${dep} with ${condition}, not service_completed_successfully`);
      else if (!isOneShot(target) && condition !== 'service_healthy')
        problems.push(`${name}: waits for ${dep} with ${condition}, not service_healthy`);
    }
  }

  // The app image (node:*-slim) has neither curl nor wget: its checks run node, and the scripts must compile.
  for (const [name, service] of appServices(compose)) {
    const test = service.healthcheck?.test;
    if (isOneShot(service) || !Array.isArray(test)) continue;
    if (test[0] !== 'CMD' || test[1] !== 'node' || test[2] !== '-e')
      problems.push(`${name}: the app image's healthcheck must run node -e (no curl or wget in it): ${test.join(' ')}`);
    else if (/(^|[^$])\$[{A-Za-z_]/.test(test[3]))
      problems.push(`${name}: its healthcheck script has a $ that Compose would interpolate (write $$)`);
    else
      try {
        new vm.Script(test[3].replace(/\$\$/g, '$'), { filename: `${name} healthcheck` });
      } catch (err) {
        problems.push(`${name}: its healthcheck script does not compile: ${(err as Error).message}`);
      }
  }

  // State lives in named volumes: every mount, and the databases' and the app's data folders in particular.
  const volumesOf = new Map<string, Array<{ volume: string; target: string }>>();
  for (const name of Object.keys(services)) {
    const { mounts, bad } = mountsOf(compose, name);
    problems.push(...bad);
    volumesOf.set(name, mounts);
  }
  const needsMount = (name: string, target: string, what: string) => {
    if (!volumesOf.get(name)?.some((m) => m.target === target))
      problems.push(`${name}: ${what} (${target}) is not on a named volume`);
  };
  for (const [name, service] of Object.entries(services))
    for (const [image, target] of DATA_PATHS) if (image.test(service.image ?? '')) needsMount(name, target, 'its data');
  for (const [name, service] of appServices(compose)) {
    if (isOneShot(service)) continue;
    const env = environmentOf(service);
    if (!env.DATA_DIR) problems.push(`${name}: no DATA_DIR (the default is inside the image, where nothing persists)`);
    else needsMount(name, env.DATA_DIR, 'DATA_DIR');
  }

  // The app's processes are the embedded stack's, compiled: the API, and the worker with the render queue.
  const running = appServices(compose).filter(([, s]) => !isOneShot(s));
  if (embeddedProcesses().length === 0)
    problems.push('scripts/stack.ts: found no process it starts (args: [path.join(config.projectRoot, ...)])');
  for (const child of embeddedProcesses())
    if (!running.some(([, s]) => commandOf(s).join(' ') === child.join(' ')))
      problems.push(`no long-running service runs ${child.join(' ')}, as the embedded stack does (scripts/stack.ts)`);
  const worker = running.find(([, s]) => commandOf(s).join(' ') === 'node dist/src/temporal/worker.js');
  const api = running.find(([, s]) => commandOf(s).join(' ') === 'node dist/src/api/server.js');
  const workerSource = fs.readFileSync(path.join(ROOT, 'src/temporal/worker.ts'), 'utf8');
  if (!workerSource.includes('taskQueue: config.render.taskQueue'))
    problems.push('src/temporal/worker.ts no longer polls config.render.taskQueue: mirror its render worker here');
  if (worker) {
    const [name, service] = worker;
    const env = environmentOf(service);
    if (!env.RENDER_TASK_QUEUE)
      problems.push(`${name}: its environment does not name the render queue (RENDER_TASK_QUEUE)`);
    if (api) {
      const [polls, prints] = [renderQueueOf(service), renderQueueOf(api[1])];
      if (polls && prints && polls !== prints)
        problems.push(`${name}: polls the render queue ${polls}, but ${api[0]} prints on ${prints}`);
    }
    if (env.LIBRARY_DIR) needsMount(name, env.LIBRARY_DIR, 'LIBRARY_DIR, the document library');
    else problems.push(`${name}: no LIBRARY_DIR (the embedded stack gives the worker one)`);
  }

  // The migrations: `npm run migrate`, compiled, in a one-shot job before the app starts.
  const migrate = services.migrate;
  const expected = migrateCommand();
  if (!migrate) problems.push('migrate: no such service (the one-shot job that applies the migrations)');
  else {
    if (commandOf(migrate).join(' ') !== expected.join(' '))
      problems.push(`migrate: runs ${commandOf(migrate).join(' ')}, not ${expected.join(' ')} (npm run migrate)`);
    if (!isOneShot(migrate)) problems.push(`migrate: not a one-shot job (restart: 'no')`);
    for (const [name] of running)
      if (!dependencies(services[name]).some(([d, c]) => d === 'migrate' && c === 'service_completed_successfully'))
        problems.push(`${name}: starts without waiting for migrate (service_completed_successfully)`);
  }
  const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const compiled = expected[1].replace(/^dist\//, '').split('/')[0];
  if (!new RegExp(`^COPY ${compiled} \\./${compiled}$`, 'm').test(dockerfile) || !/--outDir dist\b/.test(dockerfile))
    problems.push(`Dockerfile: does not compile ${compiled}/ into dist/, where migrate runs ${expected[1]}`);

  // Temporal on a database of its own, not the app's Postgres.
  const appEnv = environmentOf(compose['x-app'] ?? {});
  const appDb = hostOf(interpolate(appEnv.DATABASE_URL ?? 'postgres://none'));
  const temporalName = (appEnv.TEMPORAL_ADDRESS ?? '').split(':')[0];
  const temporal = services[temporalName];
  if (!temporal)
    problems.push(`no service ${temporalName || '(none)'} for TEMPORAL_ADDRESS ${appEnv.TEMPORAL_ADDRESS}`);
  else {
    const temporalDb = environmentOf(temporal).POSTGRES_SEEDS;
    const shared = (volumesOf.get(temporalDb) ?? []).filter((m) =>
      (volumesOf.get(appDb) ?? []).some((a) => a.volume === m.volume),
    );
    if (!temporalDb || !services[temporalDb])
      problems.push(`${temporalName}: POSTGRES_SEEDS names no database service of its own`);
    else if (temporalDb === appDb) problems.push(`${temporalName}: uses the app's database ${appDb}`);
    else if (shared.length > 0) problems.push(`${temporalDb}: shares the volume ${shared[0].volume} with ${appDb}`);
  }
  return problems;
}

function composeProblems(file: string): string[] {
  const compose = readCompose(file);
  return [...schemaProblems(compose), ...environmentProblems(compose), ...structureProblems(compose)];
}

// --- the tests ----------------------------------------------------------------------------------------------------

describe('docker-compose.yml', () => {
  it('is valid against the Compose specification', () => {
    expect(schemaProblems(readCompose(COMPOSE_FILE))).toEqual([]);
  });

  it('sets only environment variables that src/config.ts reads, with values it accepts', () => {
    expect(environmentProblems(readCompose(COMPOSE_FILE))).toEqual([]);
  });

  it('keeps its promises: healthchecks, restarts, named volumes, the render queue, migrations, Temporal apart', () => {
    expect(structureProblems(readCompose(COMPOSE_FILE))).toEqual([]);
  });

  describe('fails on a broken copy', () => {
    let scratch: string;
    beforeAll(() => {
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-test-'));
    });
    afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

    const broken: Array<[string, (c: Compose) => void, string]> = [
      ['an unknown key', (c) => Object.assign(c.services.api, { helthcheck: {} }), 'schema: /services/api must NOT'],
      [
        'a variable config.ts does not read',
        (c) => Object.assign(c.services.worker.environment ?? {}, { RENDER_QUEUE: 'x' }),
        'worker: sets RENDER_QUEUE, which src/config.ts does not read',
      ],
      [
        'a value config.ts refuses',
        (c) => Object.assign(c.services.api.environment ?? {}, { TRUST_PROXY: 'maybe' }),
        'api: src/config.ts refuses its environment',
      ],
      ['no healthcheck', (c) => delete c.services['temporal-ui'].healthcheck, 'temporal-ui: no healthcheck'],
      [
        'no restart policy',
        (c) => delete c.services.postgres.restart,
        'postgres: long-running service without a restart',
      ],
      [
        'a job waited for as started',
        (c) => (c.services.api.depends_on = { migrate: { condition: 'service_started' } }),
        'api: waits for the job migrate with service_started',
      ],
      [
        'a bind mount for state',
        (c) => (c.services.clickhouse.volumes = ['./clickhouse:/var/lib/clickhouse']),
        'clickhouse: mounts ./clickhouse at /var/lib/clickhouse, not a named volume',
      ],
      [
        'an undeclared volume',
        (c) => delete c.volumes?.library,
        'worker: mounts volume library, which is not declared',
      ],
      [
        'the worker off the render queue',
        (c) => Object.assign(c.services.worker.environment ?? {}, { RENDER_TASK_QUEUE: 'elsewhere' }),
        'worker: polls the render queue elsewhere, but api prints on fund-data-render',
      ],
      ['no worker', (c) => delete c.services.worker, 'no long-running service runs node dist/src/temporal/worker.js'],
      [
        'a healthcheck script Compose would interpolate',
        (c) => (c.services.worker.healthcheck = { test: ['CMD', 'node', '-e', 'console.log(`${process.pid}`)'] }),
        'worker: its healthcheck script has a $ that Compose would interpolate',
      ],
      [
        'another migration command',
        (c) => (c.services.migrate.command = ['node', 'dist/scripts/other.js']),
        'migrate: runs node dist/scripts/other.js, not node dist/scripts/migrate.js',
      ],
      [
        "Temporal on the app's Postgres",
        (c) => Object.assign(c.services.temporal.environment ?? {}, { POSTGRES_SEEDS: 'postgres' }),
        "temporal: uses the app's database postgres",
      ],
    ];
    it.each(broken)('%s', (_what, breakIt, expected) => {
      const compose = readCompose(COMPOSE_FILE);
      breakIt(compose);
      const file = path.join(scratch, 'docker-compose.yml');
      fs.writeFileSync(file, stringify(compose));
      expect(composeProblems(file)).toEqual(expect.arrayContaining([expect.stringContaining(expected)]));
    });
  });
});

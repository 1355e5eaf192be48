/**
 * The embedded stack: Postgres, ClickHouse and the Temporal dev server (each skipped when its
 * address is configured), migrations, the sample library, the worker and the API.
 *
 *   tsx scripts/stack.ts --profile dev serve            run until Ctrl-C (npm start)
 *   tsx scripts/stack.ts --profile test --fresh run -- CMD   run CMD against it, then stop (npm test)
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { temporal } from '@temporalio/proto';
import { loadConfigOrExit, type Config } from '../src/config';
import { migrate } from '../src/db/migrate';
import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';
import { writeSampleLibrary } from '../src/sources/sampleLibrary';
import { connectTemporal, registerSearchAttributes } from '../src/temporal/client';
import { startClickhouse, startPostgres, startTemporal } from './stack/services';
import { Supervisor, waitFor } from './stack/supervisor';

const say = (line: string) => process.stdout.write(`[stack] ${line}\n`);

interface Args {
  profile: 'dev' | 'test';
  fresh: boolean;
  mode: 'serve' | 'run';
  command: string[];
}

function parseArgs(argv: string[]): Args {
  const sep = argv.indexOf('--');
  const own = sep >= 0 ? argv.slice(0, sep) : argv;
  const profile = own.includes('--profile') ? own[own.indexOf('--profile') + 1] : 'dev';
  if (profile !== 'dev' && profile !== 'test') throw new Error(`unknown profile ${profile}`);
  const mode = own.includes('run') ? 'run' : 'serve';
  return { profile, fresh: own.includes('--fresh'), mode, command: sep >= 0 ? argv.slice(sep + 1) : [] };
}

async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  say(`${what}...`);
  const result = await step();
  say(`${what}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  process.env.STACK_PROFILE = args.profile;
  const config = loadConfigOrExit();
  const dataRoot = path.join(config.projectRoot, '.data');
  if (args.fresh && config.dataDir.startsWith(dataRoot + path.sep)) fs.rmSync(config.dataDir, { recursive: true, force: true });
  fs.mkdirSync(config.dataDir, { recursive: true });

  const supervisor = new Supervisor(path.join(config.dataDir, 'logs'), path.join(config.dataDir, 'pids'));
  supervisor.reapLeftovers(say);
  let shuttingDown: Promise<void> | null = null;
  const shutdown = (code: number) => {
    shuttingDown ??= (async () => {
      await supervisor.stopAll(say);
      say('stopped');
      process.exit(code);
    })();
    return shuttingDown;
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  supervisor.onUnexpectedExit = (name, code, logTail) => {
    say(`${name} exited unexpectedly (code ${code}); last lines of its log:\n${logTail}`);
    void shutdown(1);
  };

  try {
    if (!config.postgres.external) await timed(`starting Postgres on 127.0.0.1:${config.postgres.port}`, () => startPostgres(config, supervisor, say));
    if (!config.clickhouse.external) await timed(`starting ClickHouse on ${config.clickhouse.url}`, () => startClickhouse(config, supervisor));
    if (!config.temporal.external) await timed(`starting Temporal on ${config.temporal.address}`, () => startTemporal(config, supervisor));
    await timed('migrating', () => migrate(config, (l) => say(`  ${l}`)));
    await timed('registering Temporal search attributes', () => registerSearchAttributes(config));
    await timed(`writing the sample library to ${path.relative(config.projectRoot, config.libraryDir)}`, () => writeSampleLibrary(config.libraryDir));
    await timed('starting the worker (bundles workflow code)', () => startWorker(config, supervisor));
    await timed(`starting the API on http://${config.host}:${config.port}/api/v1`, () => startApi(config, supervisor));
  } catch (err) {
    say(`start-up failed: ${(err as Error).message}`);
    await shutdown(1);
    return;
  }

  if (args.mode === 'run') {
    const code = await runCommand(args.command, config);
    await shutdown(code);
    return;
  }
  await printWelcome(config);
}

function childEnv(config: Config): NodeJS.ProcessEnv {
  return { ...process.env, STACK_PROFILE: config.profile, LIBRARY_DIR: config.libraryDir, DATA_DIR: config.dataDir };
}

const tsx = (root: string) => path.join(root, 'node_modules', '.bin', 'tsx');

async function startWorker(config: Config, supervisor: Supervisor): Promise<void> {
  supervisor.start({ name: 'worker', command: tsx(config.projectRoot), args: [path.join(config.projectRoot, 'src/temporal/worker.ts')], env: childEnv(config) });
  const connection = await connectTemporal(config);
  try {
    await waitFor('the worker', async () => {
      const res = await connection.workflowService.describeTaskQueue({
        namespace: config.temporal.namespace,
        taskQueue: { name: config.temporal.taskQueue },
        taskQueueType: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
      });
      return (res.pollers ?? []).length > 0;
    }, 180_000, 500);
  } finally {
    await connection.close();
  }
}

async function startApi(config: Config, supervisor: Supervisor): Promise<void> {
  supervisor.start({ name: 'api', command: tsx(config.projectRoot), args: [path.join(config.projectRoot, 'src/api/server.ts')], env: childEnv(config) });
  await waitFor('the API', async () => (await fetch(`http://127.0.0.1:${config.port}/api/v1/health`)).ok, 60_000);
}

function runCommand(command: string[], config: Config): Promise<number> {
  if (command.length === 0) return Promise.resolve(0);
  say(`running: ${command.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      stdio: 'inherit',
      env: { ...childEnv(config), API_URL: `http://127.0.0.1:${config.port}/api/v1` },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function printWelcome(config: Config): Promise<void> {
  const pool = createPool(config, 2);
  try {
    const accounts = new AccountsRepository(pool);
    const { key } = await accounts.rotateDemoKey('demo@example.com', 'pro');
    const base = `http://127.0.0.1:${config.port}/api/v1`;
    const sample = fs.readdirSync(config.libraryDir).filter((d) => /^[A-Z]{2}[A-Z0-9]{10}$/.test(d)).sort()[0] ?? 'IE00B4L5Y983';
    process.stdout.write(`
  Fund data service is running.

    API           ${base}   (reference: ${base.replace('/api/v1', '')}/docs)
    Temporal UI   ${config.temporal.external ? '(external Temporal)' : `http://127.0.0.1:${config.temporal.uiPort}`}
    Logs          ${path.relative(config.projectRoot, path.join(config.dataDir, 'logs'))}/

  Demo key (plan pro; a new one each start, the previous one is revoked):
    ${key}

  Try:
    curl -s -H "Authorization: Bearer ${key}" ${base}/funds/${sample}

  Ctrl-C stops everything this command started.
`);
  } finally {
    await pool.end();
  }
}

main().catch((err) => {
  say(`failed: ${err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});

/**
 * The embedded stack: Postgres, ClickHouse and the Temporal dev server (each skipped when its
 * address is configured), migrations, the sample library, the worker and the API.
 *
 *   tsx scripts/stack.ts --profile dev serve [--new-demo-key]   run until Ctrl-C (npm start)
 *   tsx scripts/stack.ts --profile test --fresh run -- CMD     run CMD against it, then stop (npm test)
 *
 * A child that crashes is started again with back-off (RESTART below); the stack stops only on
 * Ctrl-C (SIGINT/SIGTERM), when CMD ends, or when a child keeps crashing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { writeSampleLibrary } from '../samples/library';
import { type Config, loadConfigOrExit } from '../src/config';
import { migrate } from '../src/db/migrate';
import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';
import { apiKeyId } from '../src/domain/apiKeys';
import { isValidIsin } from '../src/schema/isin';
import { registerSearchAttributes } from '../src/temporal/client';
import { DEMO_PLAN, demoKeyFile, ensureDemoKey } from './stack/demoKey';
import { startClickhouse, startPostgres, startTemporal, waitForWorker, withTsxLoader } from './stack/services';
import { describeExit, type RestartPolicy, Supervisor, waitFor } from './stack/supervisor';

const say = (line: string) => process.stdout.write(`[stack] ${line}\n`);

/**
 * Every child of the stack: back-off 1 s doubling to 30 s (afresh after 60 s up); more than 5 crashes in 2 minutes stop
 * the stack.
 */
const RESTART: RestartPolicy = {
  maxCrashes: 5,
  windowMs: 120_000,
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  stableAfterMs: 60_000,
};

interface Args {
  profile: 'dev' | 'test';
  fresh: boolean;
  mode: 'serve' | 'run';
  newDemoKey: boolean;
  command: string[];
}

class ArgumentError extends Error {}

function parseArgs(argv: string[]): Args {
  const sep = argv.indexOf('--');
  const own = sep >= 0 ? argv.slice(0, sep) : argv;
  const profile = own.includes('--profile') ? own[own.indexOf('--profile') + 1] : 'dev';
  if (profile !== 'dev' && profile !== 'test') throw new ArgumentError(`unknown profile ${profile}`);
  const mode = own.includes('run') ? 'run' : 'serve';
  const known = new Set(['--profile', profile, '--fresh', '--new-demo-key', 'run', 'serve']);
  const unknown = own.filter((arg) => !known.has(arg));
  if (unknown.length > 0) throw new ArgumentError(`unknown argument ${unknown[0]} (known: --new-demo-key)`);
  return {
    profile,
    fresh: own.includes('--fresh'),
    mode,
    newDemoKey: own.includes('--new-demo-key'),
    command: sep >= 0 ? argv.slice(sep + 1) : [],
  };
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
  if (args.fresh && config.dataDir.startsWith(dataRoot + path.sep))
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  fs.mkdirSync(config.dataDir, { recursive: true });

  const supervisor = new Supervisor(path.join(config.dataDir, 'logs'), path.join(config.dataDir, 'pids'));
  supervisor.reapLeftovers(say);
  let shuttingDown: Promise<void> | null = null;
  const shutdown = (code: number) => {
    shuttingDown ??= (async () => {
      stopCommand();
      await supervisor.stopAll(say);
      say('stopped');
      process.exit(code);
    })();
    return shuttingDown;
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  superviseRestarts(supervisor, () => void shutdown(1));

  try {
    const services = { restart: RESTART };
    if (!config.postgres.external)
      await timed(`starting Postgres on 127.0.0.1:${config.postgres.port}`, () =>
        startPostgres(config, supervisor, say, services),
      );
    if (!config.clickhouse.external)
      await timed(`starting ClickHouse on ${config.clickhouse.url}`, () =>
        startClickhouse(config, supervisor, services),
      );
    if (!config.temporal.external)
      await timed(`starting Temporal on ${config.temporal.address}`, () => startTemporal(config, supervisor, services));
    await timed('migrating', () => migrate(config, (l) => say(`  ${l}`)));
    await timed('registering Temporal search attributes', () => registerSearchAttributes(config));
    await timed(`writing the sample library to ${path.relative(config.projectRoot, config.libraryDir)}`, () =>
      writeSampleLibrary(config.libraryDir),
    );
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
  await printWelcome(config, args.newDemoKey);
}

/** Logs each crash (with the child's log tail) and restart; stops the stack when a child keeps crashing. */
function superviseRestarts(supervisor: Supervisor, giveUp: () => void): void {
  supervisor.onUnexpectedExit = (name, code, logTail, signal) => {
    say(
      `${name} exited unexpectedly (${describeExit({ code, signal })}); ${logTail ? `last lines of its log:\n${logTail}` : 'its log is empty'}`,
    );
  };
  supervisor.onRestart = ({ name, exit, attempt, delayMs }) => {
    say(`restarting ${name} (exited with ${describeExit(exit)}; attempt ${attempt}) in ${delayMs / 1000} s`);
  };
  supervisor.onGiveUp = ({ name, exit, crashes, windowMs }) => {
    say(
      `giving up on ${name}: it crashed ${crashes} times within ${windowMs / 1000} s (last: ${describeExit(exit)}); stopping everything`,
    );
    giveUp();
  };
}

function childEnv(config: Config): NodeJS.ProcessEnv {
  return { ...process.env, STACK_PROFILE: config.profile, LIBRARY_DIR: config.libraryDir, DATA_DIR: config.dataDir };
}

async function startWorker(config: Config, supervisor: Supervisor): Promise<void> {
  supervisor.start(
    withTsxLoader({
      name: 'worker',
      args: [path.join(config.projectRoot, 'src/temporal/worker.ts')],
      env: childEnv(config),
      restart: RESTART,
    }),
  );
  await waitForWorker(config);
}

async function startApi(config: Config, supervisor: Supervisor): Promise<void> {
  supervisor.start(
    withTsxLoader({
      name: 'api',
      args: [path.join(config.projectRoot, 'src/api/server.ts')],
      env: childEnv(config),
      restart: RESTART,
    }),
  );
  await waitFor('the API', async () => (await fetch(`http://127.0.0.1:${config.port}/api/v1/health`)).ok, 60_000);
}

/** The command `run` runs (npm test: jest), so that a stack that gives up stops it too. */
let command: ChildProcess | null = null;

function stopCommand(): void {
  if (command && command.exitCode === null && command.signalCode === null) command.kill('SIGTERM');
}

function runCommand(argv: string[], config: Config): Promise<number> {
  if (argv.length === 0) return Promise.resolve(0);
  say(`running: ${argv.join(' ')}`);
  return new Promise((resolve) => {
    command = spawn(argv[0], argv.slice(1), {
      stdio: 'inherit',
      env: { ...childEnv(config), API_URL: `http://127.0.0.1:${config.port}/api/v1` },
    });
    command.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function printWelcome(config: Config, newDemoKey: boolean): Promise<void> {
  const pool = createPool(config, 2);
  try {
    const accounts = new AccountsRepository(pool);
    const { key } = await ensureDemoKey(accounts, demoKeyFile(config.dataDir), { rotate: newDemoKey });
    // A reused key keeps the plan its account has now (keys plan may have changed it).
    const plan = (await accounts.planOfKey(apiKeyId(key) ?? '')) ?? DEMO_PLAN;
    const base = `http://127.0.0.1:${config.port}/api/v1`;
    const sample = fs.readdirSync(config.libraryDir).filter(isValidIsin).sort()[0] ?? 'IE00B4L5Y983';
    process.stdout.write(`
  Fund data service is running.

    API           ${base}   (reference: ${base.replace('/api/v1', '')}/docs)
    Dashboard     ${base.replace('/api/v1', '')}/signup   (sign up, then open the link mailed to you)
    Mail          ${config.accounts.smtpUrl ? 'sent through SMTP_URL' : `written to ${path.relative(config.projectRoot, config.accounts.mailDir)}/ (no SMTP_URL); npm run mail shows the newest`}
    Temporal UI   ${config.temporal.external ? '(external Temporal)' : `http://127.0.0.1:${config.temporal.uiPort}`}
    Logs          ${path.relative(config.projectRoot, path.join(config.dataDir, 'logs'))}/

  Demo key (plan ${plan}; same key each start; npm start -- --new-demo-key for a new one):
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
  say(`failed: ${err instanceof ArgumentError ? err.message : err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});

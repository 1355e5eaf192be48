import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { temporal } from '@temporalio/proto';
import { Client } from 'pg';

import type { Config } from '../../src/config';
import { connectTemporal } from '../../src/temporal/client';
import { type RestartPolicy, type Supervisor, waitFor } from './supervisor';

/**
 * A TypeScript entry point (`args`: the .ts file, then its arguments) run by node itself with tsx's loader, rather
 * than by the `tsx` command: that command runs node as a child of its own and passes signals on, but kills the child
 * with SIGKILL when it has not acknowledged a SIGTERM within 60 ms (an event loop busy with a load), which cuts the
 * graceful stop short. Node is then the process the supervisor starts and signals, as in the container (`node dist/`).
 */
export function withTsxLoader<S extends { args: string[] }>(spec: S): S & { command: string } {
  return {
    ...spec,
    command: process.execPath,
    args: ['--import', pathToFileURL(require.resolve('tsx')).href, ...spec.args],
  };
}

/** How the stack runs a service; by default it is not restarted when it exits (throwaway instances in tests). */
export interface ServiceOptions {
  restart?: RestartPolicy | false;
}

const isRoot = process.getuid?.() === 0;

/** Refuses to start a service on a port something else already holds, naming the variable to set instead. */
export async function assertPortFree(port: number, what: string, variable: string): Promise<void> {
  const inUse = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
  if (inUse)
    throw new Error(`port ${port} for ${what} is already in use; stop that process, or set ${variable} to use it`);
}

/** A PostgreSQL client program (pg_dump, pg_restore) of the newest server installed, else the one on PATH. */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  try {
    const tool = path.join(postgresBin(), name);
    if (fs.existsSync(tool)) return tool;
  } catch {
    // no server installed here (DATABASE_URL elsewhere): the client package's program, if any
  }
  return name;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (fs.existsSync(path.join(root, v, 'bin', 'postgres'))) return path.join(root, v, 'bin');
  throw new Error('PostgreSQL server binaries not found (apt-get install postgresql), or set DATABASE_URL');
}

/** initdb and postgres refuse root: run them as the postgres user when we are root. */
function asPostgres(bin: string, args: string[]): [string, string[]] {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

export async function startPostgres(
  config: Config,
  supervisor: Supervisor,
  say: (l: string) => void,
  options: ServiceOptions = {},
): Promise<void> {
  const bin = postgresBin();
  const dir = path.join(config.dataDir, 'postgres');
  await assertPortFree(config.postgres.port, 'Postgres', 'DATABASE_URL');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    say(`initialising a Postgres cluster in ${path.relative(config.projectRoot, dir)}`);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
    const [cmd, args] = asPostgres(path.join(bin, 'initdb'), [
      '-D',
      dir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    execFileSync(cmd, args, { stdio: 'ignore' });
  }
  // Test runs trade durability for speed; the dev cluster keeps the defaults.
  const fast =
    config.profile === 'test' ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [];
  const [cmd, args] = asPostgres(path.join(bin, 'postgres'), [
    '-D',
    dir,
    '-p',
    String(config.postgres.port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${dir}`,
    '-c',
    'max_connections=300',
    '-c',
    'shared_buffers=256MB',
    ...fast,
  ]);
  supervisor.start({ name: 'postgres', command: cmd, args, stopSignal: 'SIGINT', restart: options.restart ?? false });
  await waitFor(
    'Postgres',
    async () => {
      const client = new Client({
        host: '127.0.0.1',
        port: config.postgres.port,
        user: 'postgres',
        database: 'postgres',
      });
      await client.connect();
      await client.end();
      return true;
    },
    60_000,
  );
}

export async function startClickhouse(
  config: Config,
  supervisor: Supervisor,
  options: ServiceOptions = {},
): Promise<void> {
  const dir = path.join(config.dataDir, 'clickhouse');
  await assertPortFree(config.clickhouse.httpPort, 'ClickHouse', 'CLICKHOUSE_URL');
  await assertPortFree(config.clickhouse.tcpPort, 'ClickHouse (native)', 'CLICKHOUSE_URL');
  fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
  const configFile = path.join(dir, 'config.xml');
  fs.writeFileSync(configFile, clickhouseConfig(dir, config.clickhouse.httpPort, config.clickhouse.tcpPort));
  fs.writeFileSync(path.join(dir, 'users.xml'), CLICKHOUSE_USERS);
  supervisor.start({
    name: 'clickhouse',
    command: clickhouseBin(),
    args: [`--config-file=${configFile}`],
    restart: options.restart ?? false,
  });
  await waitFor('ClickHouse', async () => (await fetch(`${config.clickhouse.url}/ping`)).ok, 60_000);
}

/** Debian installs the server in /usr/sbin, which a non-root user's PATH often lacks. */
function clickhouseBin(): string {
  return fs.existsSync('/usr/sbin/clickhouse-server') ? '/usr/sbin/clickhouse-server' : 'clickhouse-server';
}

function temporalCliPath(): string {
  const cache =
    process.env.FUND_DATA_CACHE ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'fund-data-service');
  return process.env.TEMPORAL_CLI ?? path.join(cache, 'temporal-cli-1.5.1');
}

export async function startTemporal(
  config: Config,
  supervisor: Supervisor,
  options: ServiceOptions = {},
): Promise<void> {
  const dir = path.join(config.dataDir, 'temporal');
  fs.mkdirSync(dir, { recursive: true });
  await assertPortFree(config.temporal.port, 'Temporal', 'TEMPORAL_ADDRESS');
  await assertPortFree(config.temporal.uiPort, 'the Temporal UI', 'TEMPORAL_ADDRESS');
  const bin = temporalCliPath();
  if (!fs.existsSync(bin))
    throw new Error(`Temporal CLI not found at ${bin}; run npm start once to build it, or set TEMPORAL_ADDRESS`);
  supervisor.start({
    name: 'temporal',
    command: bin,
    args: [
      'server',
      'start-dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(config.temporal.port),
      '--ui-port',
      String(config.temporal.uiPort),
      '--db-filename',
      path.join(dir, 'temporal.db'),
      '--namespace',
      config.temporal.namespace,
      '--log-level',
      'warn',
    ],
    restart: options.restart ?? false,
  });
  await waitFor(
    'Temporal',
    async () => {
      const connection = await connectTemporal(config);
      try {
        await connection.workflowService.getSystemInfo({});
        return true;
      } finally {
        await connection.close();
      }
    },
    90_000,
    500,
  );
}

function clickhouseConfig(dir: string, httpPort: number, tcpPort: number): string {
  const data = path.join(dir, 'data');
  return `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><console>1</console></logger>
  <http_port>${httpPort}</http_port>
  <tcp_port>${tcpPort}</tcp_port>
  <listen_host>127.0.0.1</listen_host>
  <max_connections>256</max_connections>
  <keep_alive_timeout>10</keep_alive_timeout>
  <max_concurrent_queries>100</max_concurrent_queries>
  <mark_cache_size>268435456</mark_cache_size>
  <path>${data}/</path>
  <tmp_path>${data}/tmp/</tmp_path>
  <user_files_path>${data}/user_files/</user_files_path>
  <format_schema_path>${data}/format_schemas/</format_schema_path>
  <users_config>${path.join(dir, 'users.xml')}</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mlock_executable>false</mlock_executable>
</yandex>
`;
}

const CLICKHOUSE_USERS = `<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>4000000000</max_memory_usage></default></profiles>
  <users><default><password></password><networks><ip>127.0.0.1</ip><ip>::1</ip></networks><profile>default</profile><quota>default</quota></default></users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
`;

/** Waits until a worker polls the configured task queue (the worker bundles its workflows first). */
export async function waitForWorker(config: Config, what = 'the worker'): Promise<void> {
  const connection = await connectTemporal(config);
  try {
    await waitFor(
      what,
      async () => {
        const res = await connection.workflowService.describeTaskQueue({
          namespace: config.temporal.namespace,
          taskQueue: { name: config.temporal.taskQueue },
          taskQueueType: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
        });
        return (res.pollers ?? []).length > 0;
      },
      180_000,
      500,
    );
  } finally {
    await connection.close();
  }
}

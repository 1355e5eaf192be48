import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { temporal } from '@temporalio/proto';

import {
  assertPortFree,
  startClickhouse,
  startPostgres,
  startTemporal,
  waitForWorker,
  withTsxLoader,
} from '../scripts/stack/services';
import { type RestartPolicy, Supervisor, waitFor } from '../scripts/stack/supervisor';
import { type Config, offsetPorts } from '../src/config';
import { migrate } from '../src/db/migrate';
import { connectTemporal, registerSearchAttributes } from '../src/temporal/client';
import { config as testConfig } from './testConfig';

/** The live child processes of `parent` (Linux /proc), by pid. */
function childPids(parent: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === parent && state !== 'Z') children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children.sort((a, b) => a - b);
}

/**
 * A stack of its own for tests that stop and start the services (outages): its own Postgres,
 * ClickHouse, Temporal, worker and API on other ports and in another data folder, so that the
 * suites running beside it on the shared test stack never see the outage. It reads the test
 * stack's sample library.
 */
export class PrivateStack {
  readonly config: Config;
  readonly supervisor: Supervisor;
  readonly api: string;
  private readonly say = (line: string) => fs.appendFileSync(path.join(this.config.dataDir, 'stack.log'), `${line}\n`);

  /**
   * `options.env`: settings of the worker and API (e.g. a retry schedule); `options.restart`: the
   * worker and API are started again after a crash, as the embedded stack does (off: they stay down).
   */
  constructor(
    name: string,
    basePorts: {
      api: number;
      postgres: number;
      clickhouseHttp: number;
      clickhouseTcp: number;
      temporal: number;
      temporalUi: number;
    },
    private readonly options: { env?: Record<string, string>; restart?: RestartPolicy } = {},
  ) {
    const ports = offsetPorts(basePorts, Number(process.env.STACK_PORT_OFFSET ?? 0)); // beside another test stack moved by the same offset
    const dataDir = path.join(testConfig.dataDir, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    this.config = {
      ...testConfig,
      dataDir,
      port: ports.api,
      postgres: {
        ...testConfig.postgres,
        external: false,
        port: ports.postgres,
        url: `postgres://postgres@127.0.0.1:${ports.postgres}/funds`,
      },
      clickhouse: {
        ...testConfig.clickhouse,
        external: false,
        httpPort: ports.clickhouseHttp,
        tcpPort: ports.clickhouseTcp,
        url: `http://127.0.0.1:${ports.clickhouseHttp}`,
      },
      temporal: {
        ...testConfig.temporal,
        external: false,
        port: ports.temporal,
        uiPort: ports.temporalUi,
        address: `127.0.0.1:${ports.temporal}`,
      },
    };
    this.supervisor = new Supervisor(path.join(dataDir, 'logs'), path.join(dataDir, 'pids'));
    this.supervisor.onUnexpectedExit = (service, code) => this.say(`${service} exited (code ${code})`);
    this.api = `http://127.0.0.1:${ports.api}/api/v1`;
  }

  /** `beforeMigrate`: runs once the databases are up, before the migrations (an upgrade test restores old data). */
  async start(options: { beforeMigrate?: () => Promise<void> } = {}): Promise<void> {
    await assertPortFree(this.config.port, 'the private API', 'STACK_PORT_OFFSET'); // else the tests would talk to whatever holds it
    await this.startPostgres();
    await this.startClickhouse();
    await this.startTemporal();
    await options.beforeMigrate?.();
    await migrate(this.config);
    await registerSearchAttributes(this.config);
    this.startNode('worker', 'src/temporal/worker.ts');
    await waitForWorker(this.config, 'the private worker');
    this.startNode('api', 'src/api/server.ts');
    await waitFor('the private API', async () => (await fetch(`${this.api}/health`)).ok, 60_000);
  }

  startPostgres = () => startPostgres(this.config, this.supervisor, this.say);
  startClickhouse = () => startClickhouse(this.config, this.supervisor);
  startTemporal = () => startTemporal(this.config, this.supervisor);

  /** Stops Postgres the way an operator would: `pg_ctl stop -m fast` on its data folder. */
  stopPostgres(): void {
    const bin = fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))[0];
    const pgCtl = path.join('/usr/lib/postgresql', bin, 'bin', 'pg_ctl');
    const args = ['stop', '-D', path.join(this.config.dataDir, 'postgres'), '-m', 'fast', '-w'];
    if (process.getuid?.() === 0)
      execFileSync('runuser', ['-u', 'postgres', '--', pgCtl, ...args], { stdio: 'ignore' });
    else execFileSync(pgCtl, args, { stdio: 'ignore' });
  }

  /** Stops a service cleanly (its stop signal to its process group) and waits until it has exited. */
  stopService(name: 'clickhouse' | 'temporal'): Promise<void> {
    return this.supervisor.stop(name, this.say);
  }

  /** Kills a child at once (SIGKILL: no clean-up, as a machine or OOM kill would) and returns its pid. */
  kill(name: 'worker' | 'api'): number {
    const pid = this.supervisor.pid(name);
    if (pid === null) throw new Error(`${name} is not running`);
    process.kill(pid, 'SIGKILL');
    return pid;
  }

  /**
   * A rolling restart of the API: SIGHUP to its cluster primary (API_PROCESSES of 2 or more in `options.env`), which
   * replaces its processes one at a time (src/api/processes.ts). Resolves once none of the processes serving at the
   * signal is left, with their pids and those of the new ones.
   */
  async rollApi(timeoutMs = 180_000): Promise<{ before: number[]; after: number[] }> {
    const primary = this.supervisor.pid('api'); // node itself (withTsxLoader): the cluster's primary
    if (primary === null) throw new Error('the API is not running');
    const before = childPids(primary);
    process.kill(primary, 'SIGHUP');
    let after: number[] = [];
    await waitFor(
      'every API process to be replaced',
      () => {
        after = childPids(primary);
        return Promise.resolve(after.length === before.length && after.every((pid) => !before.includes(pid)));
      },
      timeoutMs,
      100,
    );
    return { before, after };
  }

  /**
   * Replaces the worker as a deploy does: a new worker process beside the running one, then, once it polls the task
   * queue, SIGTERM to the old one and a wait for its graceful exit (the supervisor kills it after 20 s, and says so in
   * stack.log). Returns how long the new one took to poll and the old one to exit.
   */
  async replaceWorker(): Promise<{ newPollingMs: number; oldStoppedMs: number }> {
    const old = this.workerName;
    const next = old === 'worker' ? 'worker-next' : 'worker';
    const started = Date.now();
    const before = await this.pollers();
    this.startNode(next, 'src/temporal/worker.ts');
    await waitFor(
      'the new worker to poll',
      async () => {
        const now = await this.pollers();
        return (
          now.workflow.some((p) => !before.workflow.includes(p)) &&
          now.activity.some((p) => !before.activity.includes(p))
        );
      },
      180_000,
      250,
    );
    const polling = Date.now();
    await this.supervisor.stop(old, this.say);
    this.workerName = next;
    return { newPollingMs: polling - started, oldStoppedMs: Date.now() - polling };
  }

  /** The worker process running now (`replaceWorker` alternates two names). */
  private workerName = 'worker';

  /** Identities polling the task queue, for workflow and for activity tasks. */
  private async pollers(): Promise<{ workflow: string[]; activity: string[] }> {
    const connection = await connectTemporal(this.config);
    try {
      const identities = async (type: temporal.api.enums.v1.TaskQueueType) =>
        (
          await connection.workflowService.describeTaskQueue({
            namespace: this.config.temporal.namespace,
            taskQueue: { name: this.config.temporal.taskQueue },
            taskQueueType: type,
          })
        ).pollers?.map((p) => p.identity ?? '') ?? [];
      return {
        workflow: await identities(temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW),
        activity: await identities(temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY),
      };
    } finally {
      await connection.close();
    }
  }

  /** Waits until the supervisor has started the child again after `previousPid` (it may still be starting up). */
  async awaitRestarted(name: 'worker' | 'api', previousPid: number, timeoutMs = 90_000): Promise<number> {
    await waitFor(
      `the ${name} to be started again`,
      () => Promise.resolve((this.supervisor.pid(name) ?? previousPid) !== previousPid),
      timeoutMs,
      100,
    );
    return this.supervisor.pid(name)!;
  }

  /** The pid of a running child, or null. */
  pid(name: string): number | null {
    return this.supervisor.pid(name);
  }

  log(name: string): string {
    return fs.readFileSync(path.join(this.config.dataDir, 'logs', `${name}.log`), 'utf8');
  }

  async stop(): Promise<void> {
    await this.supervisor.stopAll(this.say);
  }

  /** The environment its worker and API run with: also what an operator's command (`npm run backup`) needs. */
  env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      STACK_PROFILE: 'test',
      PORT: String(this.config.port),
      DATA_DIR: this.config.dataDir,
      LIBRARY_DIR: testConfig.libraryDir,
      DATABASE_URL: this.config.postgres.url,
      CLICKHOUSE_URL: this.config.clickhouse.url,
      TEMPORAL_ADDRESS: this.config.temporal.address,
      LOG_LEVEL: 'info',
      ...this.options.env,
    };
  }

  /** Stops the API and the worker and starts them again (as an operator does after a restore). */
  async restartApp(): Promise<void> {
    await this.supervisor.stop('api', this.say);
    await this.supervisor.stop('worker', this.say);
    this.startNode('worker', 'src/temporal/worker.ts');
    await waitForWorker(this.config, 'the private worker');
    this.startNode('api', 'src/api/server.ts');
    await waitFor('the private API', async () => (await fetch(`${this.api}/health`)).ok, 60_000);
  }

  private startNode(name: string, entry: string): void {
    this.supervisor.start(
      withTsxLoader({
        name,
        args: [path.join(this.config.projectRoot, entry)],
        restart: this.options.restart ?? false,
        env: this.env(),
      }),
    );
  }
}

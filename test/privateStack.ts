import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import {
  assertPortFree,
  startClickhouse,
  startPostgres,
  startTemporal,
  waitForWorker,
} from '../scripts/stack/services';
import { type RestartPolicy, Supervisor, waitFor } from '../scripts/stack/supervisor';
import { type Config, offsetPorts } from '../src/config';
import { migrate } from '../src/db/migrate';
import { registerSearchAttributes } from '../src/temporal/client';
import { config as testConfig } from './testConfig';

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

  async start(): Promise<void> {
    await assertPortFree(this.config.port, 'the private API', 'STACK_PORT_OFFSET'); // else the tests would talk to whatever holds it
    await this.startPostgres();
    await this.startClickhouse();
    await this.startTemporal();
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
    const root = this.config.projectRoot;
    this.supervisor.start({
      name,
      command: path.join(root, 'node_modules', '.bin', 'tsx'),
      args: [path.join(root, entry)],
      restart: this.options.restart ?? false,
      env: this.env(),
    });
  }
}

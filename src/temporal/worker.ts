import path from 'node:path';
import { NativeConnection, Runtime, Worker, makeTelemetryFilterString } from '@temporalio/worker';
import { createActivities } from '../activities';
import { loadConfigOrExit } from '../config';
import { createClickhouse } from '../db/clickhouse';
import { createPool } from '../db/postgres';
import { createLogger } from '../logger';
import { RobotsTxtCache } from '../sources/http/robots';
import { buildConnectors } from '../sources/connectors';

/** Worker entry point: wires clients into the activities and runs the task queue until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel, 'worker');
  Runtime.install({
    logger: {
      log: (level, message, meta) => log[level === 'TRACE' ? 'trace' : (level.toLowerCase() as 'info')]({ ...meta }, message),
      trace: (m, meta) => log.trace(meta, m), debug: (m, meta) => log.debug(meta, m), info: (m, meta) => log.info(meta, m),
      warn: (m, meta) => log.warn(meta, m), error: (m, meta) => log.error(meta, m),
    },
    telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN' }), forward: {} } },
  });
  const pool = createPool(config, 10);
  const clickhouse = createClickhouse(config);
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const workflowsPath = require.resolve(path.join(__dirname, '..', 'workflows'));
  const worker = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    workflowsPath,
    activities: createActivities({ pool, clickhouse, connectors: buildConnectors(config), fundTtlMs: config.fundTtlMs, robots: new RobotsTxtCache() }),
    shutdownGraceTime: '10s',
  });
  log.info({ taskQueue: config.temporal.taskQueue, library: config.libraryDir }, 'worker running');
  await worker.run(); // returns after SIGINT/SIGTERM (the SDK installs the handlers)
  await connection.close();
  await Promise.all([pool.end(), clickhouse.close()]);
}

main().catch((err) => {
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: 'worker failed', err: String(err?.stack ?? err) })}\n`);
  process.exit(1);
});

import { loadConfigOrExit } from '../config';
import { createPool } from '../db/postgres';
import { createLogger } from '../logger';
import { createTemporalClient } from '../temporal/client';
import { createApp } from './app';
import { TemporalDocumentExtractor } from './documentExtractor';
import { TemporalFundLoader } from './fundLoader';

/** API entry point. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel, 'api');
  const pool = createPool(config);
  const temporal = await createTemporalClient(config);
  const app = createApp({
    pool,
    loader: new TemporalFundLoader(temporal, config.temporal.taskQueue),
    extractor: new TemporalDocumentExtractor(temporal, config.temporal.taskQueue),
    log,
    loadTimeoutMs: config.loadTimeoutMs,
    fundCacheMs: config.fundCacheMs,
    demoRequestsPerMinute: config.demoRequestsPerMinute,
    trustProxy: config.trustProxy,
  });
  const server = app.listen(config.port, config.host, () => log.info({ port: config.port, host: config.host }, 'api listening'));
  server.requestTimeout = config.loadTimeoutMs + 30_000; // a cold load may take up to the load timeout
  server.keepAliveTimeout = 65_000;
  const stop = () => {
    server.close(() => void Promise.all([pool.end(), temporal.connection.close()]).then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: 'api failed to start', err: String(err?.stack ?? err) })}\n`);
  process.exit(1);
});

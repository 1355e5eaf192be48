import { Pool, types } from 'pg';
import type { Config } from '../config';

// Dates come back as strings we format ourselves; bigint ids fit in a JS number for our volumes.
types.setTypeParser(types.builtins.INT8, (v) => Number(v));

export function createPool(config: Config, max = config.postgres.poolSize): Pool {
  return new Pool({ connectionString: config.postgres.url, max, idleTimeoutMillis: 30_000, application_name: 'fund-data-service' });
}

import type Router from '@koa/router';
import type { Context } from 'koa';

import { type Health, HealthSchema } from '../../../schema/health';
import { PUBLIC, registry } from '../../../schema/openapi';
import type { IssuerHealth } from '../../../usecases/ports/issuers';
import type { DependencyMonitor, DependencyReport } from '../../dependencyMonitor';

/** Keyless: probes every dependency now and says which is down (start script, container health check, operators). */
export function registerHealthRoutes(router: Router, monitor: DependencyMonitor, issuers: IssuerHealth): void {
  router.get('/health', async (ctx: Context) => {
    const dependencies = await monitor.checkAll();
    const status = overallStatus(dependencies);
    const recipes = status === 'unavailable' ? [] : await issuers.recipes().catch(() => []);
    ctx.set('Cache-Control', 'no-store');
    if (status === 'unavailable') {
      ctx.status = 503;
      ctx.set('Retry-After', String(monitor.retryAfterSeconds));
    }
    ctx.body = { status, dependencies, issuers: recipes } satisfies Health;
  });
}

/** Without Postgres nothing works; without ClickHouse or Temporal, stored payloads are still served. */
export function overallStatus(dependencies: DependencyReport): Health['status'] {
  if (dependencies.postgres.status === 'down') return 'unavailable';
  if (dependencies.clickhouse.status === 'down' || dependencies.temporal.status === 'down') return 'degraded';
  return 'ok';
}

registry.registerPath({
  method: 'get',
  path: '/health',
  summary: 'Liveness and the state of each dependency',
  description:
    'No key, free. Probes Postgres, ClickHouse and Temporal on every call (each within 2 s), and lists the issuer recipes with their last success, last failure and open circuit. 200 when ok or degraded; 503 when Postgres is down.',
  security: PUBLIC,
  responses: {
    200: { description: 'ok or degraded', content: { 'application/json': { schema: HealthSchema } } },
    503: { description: 'unavailable: Postgres is down', content: { 'application/json': { schema: HealthSchema } } },
  },
});

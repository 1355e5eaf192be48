import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Pool } from 'pg';

/** Liveness and database reachability, keyless (used by the start script and the container health check). */
export function registerHealthRoutes(router: Router, pool: Pool): void {
  router.get('/health', async (ctx: Context) => {
    await pool.query('SELECT 1');
    ctx.body = { status: 'ok' };
  });
}

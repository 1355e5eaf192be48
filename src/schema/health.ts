import { z } from './zod';

const DependencyState = z.object({
  status: z.enum(['up', 'down']),
  since: z.iso.datetime().openapi({ description: 'When the dependency entered this status' }),
});

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded', 'unavailable']).openapi({
      description:
        'ok: every dependency answers. degraded: ClickHouse or Temporal is down; stored payloads are still served, cold loads and extractions answer 503. ' +
        'unavailable: Postgres is down; every keyed request answers 503.',
    }),
    dependencies: z.object({ postgres: DependencyState, clickhouse: DependencyState, temporal: DependencyState }),
  })
  .openapi('Health');
export type Health = z.infer<typeof HealthSchema>;

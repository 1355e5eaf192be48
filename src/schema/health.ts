import { z } from './zod';

const DependencyState = z.object({
  status: z.enum(['up', 'down']),
  since: z.iso.datetime().openapi({ description: 'When the dependency entered this status' }),
});

const RecipeHealthSchema = z
  .object({
    recipe: z.string().openapi({ description: 'The issuer recipe (ISSUERS names them)' }),
    manager: z.string(),
    kind: z.string().openapi({ description: 'The kind of document it fetches (kid, kiid...)' }),
    confirmed: z.string().openapi({ description: 'When its pattern was last confirmed to work' }),
    lastSuccessAt: z.iso.datetime().nullable().openapi({ description: 'Its last document fetched' }),
    lastFailureAt: z.iso
      .datetime()
      .nullable()
      .openapi({ description: 'Its last failure (unreachable, 5xx, an answer it does not understand)' }),
    lastFailure: z.string().nullable(),
    circuitOpenSince: z.iso.datetime().nullable().openapi({
      description:
        'Since when a host of the recipe is not asked because it kept failing (its circuit is open); null while it is asked',
    }),
  })
  .openapi('RecipeHealth');

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded', 'unavailable']).openapi({
      description:
        'ok: every dependency answers. degraded: ClickHouse or Temporal is down; stored payloads are still served, cold loads and extractions answer 503. ' +
        'unavailable: Postgres is down; every keyed request answers 503.',
    }),
    dependencies: z.object({ postgres: DependencyState, clickhouse: DependencyState, temporal: DependencyState }),
    issuers: z.array(RecipeHealthSchema).openapi({
      description:
        'The issuer recipes in use (ISSUERS) and how each fares: a manager whose server starts failing shows here. Empty when ISSUERS=off or Postgres is down.',
    }),
  })
  .openapi('Health');
export type Health = z.infer<typeof HealthSchema>;

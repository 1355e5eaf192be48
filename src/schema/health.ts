import { z } from './zod';

const DependencyState = z
  .object({
    status: z.enum(['up', 'down']).openapi({ description: 'Whether the dependency answers its probe: up or down' }),
    since: z.iso.datetime().openapi({ description: 'When the dependency entered this status' }),
  })
  .openapi({ description: 'The state of one dependency of the service: up or down, and since when' });

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
  .openapi('RecipeHealth', {
    description:
      "How one issuer recipe fares (a recipe fetches one kind of document from a fund manager's server): its last success, its last failure, and whether its circuit is open",
  });

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded', 'unavailable']).openapi({
      description:
        'ok: every dependency answers. degraded: ClickHouse or Temporal is down; stored payloads are still served, cold loads and extractions answer 503. ' +
        'unavailable: Postgres is down; every keyed request answers 503.',
    }),
    dependencies: z
      .object({ postgres: DependencyState, clickhouse: DependencyState, temporal: DependencyState })
      .openapi({
        description:
          'The state of each dependency: Postgres (the main database), ClickHouse (the time series) and Temporal (the job engine that runs cold loads and extractions)',
      }),
    issuers: z.array(RecipeHealthSchema).openapi({
      description:
        'The issuer recipes in use (ISSUERS) and how each fares: a manager whose server starts failing shows here. Empty when ISSUERS=off or Postgres is down.',
    }),
  })
  .openapi('Health', {
    description:
      'Answer of GET /health: the overall status of the service, the state of each dependency, and how each issuer recipe fares',
  });
export type Health = z.infer<typeof HealthSchema>;

/** GET /openapi.json: this document, described only as far as a client needs to find its way in it. */
export const OpenApiDocumentSchema = z
  .looseObject({
    openapi: z.string().openapi({ description: 'The OpenAPI version (3.1.0)', example: '3.1.0' }),
    info: z
      .looseObject({
        title: z.string(),
        version: z.string().openapi({ description: "The API's version label (a date)", example: '2026-09-09' }),
      })
      .openapi({ description: "The API's title, version label and introduction" }),
    paths: z.record(z.string(), z.unknown()).openapi({ description: 'Every operation, by path and method' }),
    components: z.record(z.string(), z.unknown()).openapi({ description: 'The named schemas and security schemes' }),
  })
  .openapi('OpenApiDocument', {
    description: 'The OpenAPI 3.1 description of this API: the document the official clients are generated from',
  });

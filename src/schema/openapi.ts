import { OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

import { ErrorSchema } from './errors';
import { ISIN_DOCUMENTED_PATTERN } from './requests';
import { z } from './zod';

/** Routes describe themselves here (next to their handlers); the document is generated from the zod schemas. */
export const registry = new OpenAPIRegistry();

const API_VERSION_LABEL = '2026-09-09';

const bearerAuth = registry.registerComponent('securitySchemes', 'bearerAuth', {
  type: 'http',
  scheme: 'bearer',
  description: 'Authorization: Bearer <API key>',
});
const apiKeyHeader = registry.registerComponent('securitySchemes', 'apiKeyHeader', {
  type: 'apiKey',
  in: 'header',
  name: 'X-Api-Key',
});
export const SECURED = [{ [bearerAuth.name]: [] }, { [apiKeyHeader.name]: [] }];
/** A keyless operation says so (an empty requirement), rather than leaving its security undefined. */
export const PUBLIC: Array<Record<string, string[]>> = [];

export const IsinParam = z.string().openapi({
  param: { name: 'isin', in: 'path', description: '12-character ISIN, checksum validated, case-insensitive' },
  pattern: ISIN_DOCUMENTED_PATTERN,
  example: 'ZZSMPL000014',
});

const errorContent = { 'application/json': { schema: ErrorSchema } };
export const errorResponse = (description: string) => ({ description, content: errorContent });

/** Headers on metered responses (spec section 8). */
export const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    description: 'Credits per month (absent when the plan has no ceiling)',
    schema: { type: 'integer' as const },
  },
  'X-RateLimit-Remaining': { description: 'Credits left after this call', schema: { type: 'integer' as const } },
  'X-RateLimit-Reset': { description: 'Unix seconds of the next monthly reset', schema: { type: 'integer' as const } },
  'X-Burst-Limit': { description: 'Requests per minute for this key', schema: { type: 'integer' as const } },
  'X-Burst-Remaining': { description: 'Requests left this minute', schema: { type: 'integer' as const } },
};

/**
 * OpenAPI links from an answer to the operations on the resource it made: each passes `id` from the
 * runtime expression `id` (e.g. `$response.body#/id`). Clients (and the stateful fuzzing of
 * test/openapi-fuzz.test.ts) follow them.
 */
export function linksTo(path: string, methods: readonly string[], id: string) {
  return Object.fromEntries(
    methods.map((method) => {
      const operationId = operationIdOf(method, path);
      return [
        operationId[0].toUpperCase() + operationId.slice(1),
        { operationId, parameters: { id }, description: `${method.toUpperCase()} ${path} with the id of this answer` },
      ];
    }),
  );
}

export function buildOpenApiDocument() {
  return inStableOrder(
    withOperationIds(
      new OpenApiGeneratorV31(registry.definitions).generateDocument({
        openapi: '3.1.0',
        info: {
          title: 'Fund Data Service API',
          version: API_VERSION_LABEL,
          description:
            'Turns an ISIN into a structured fund factsheet. Usage is metered in credits per plan, with per-minute bursts.\n\n' +
            'Every formula and profile rule is stated on the [methodology page](/docs/methodology).',
        },
        servers: [{ url: '/api/v1' }],
      }),
    ),
  );
}

/**
 * Paths and components by name: the generator lists them in the order modules registered them, which
 * follows the order of imports; readers and diffs of the document should not depend on that.
 */
function inStableOrder<T extends { paths?: object; components?: object }>(document: T): T {
  const byKey = <V>(record: Record<string, V>): Record<string, V> =>
    Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const components = document.components as Record<string, Record<string, unknown>> | undefined;
  return {
    ...document,
    paths: document.paths && byKey(document.paths as Record<string, unknown>),
    components:
      components && Object.fromEntries(Object.entries(components).map(([kind, named]) => [kind, byKey(named)])),
  };
}

/**
 * Every operation gets an operationId (what client generators name their methods after), derived from
 * its method and path: GET /funds/{isin}/holdings is `getFundsByIsinHoldings`. One rule, so ids are stable.
 */
function withOperationIds<T extends { paths?: object }>(document: T): T {
  for (const [path, item] of Object.entries(document.paths ?? {}) as Array<[string, Record<string, unknown>]>) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation || typeof operation !== 'object' || 'operationId' in operation) continue;
      (operation as { operationId?: string }).operationId = operationIdOf(method, path);
    }
  }
  return document;
}

/** The operationId of an operation (what OpenAPI links name their target by). */
function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `by-${part.slice(1, -1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words].map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
}

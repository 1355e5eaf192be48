import { OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

import { ErrorSchema } from './errors';
import { RESPONSE_EXAMPLES } from './examples';
import { pascal, withNamedSchemas } from './openapiSchemas';
import { ISIN_DOCUMENTED_PATTERN } from './requests';
import { z } from './zod';

/** Routes describe themselves here (next to their handlers); the document is generated from the zod schemas. */
export const registry = new OpenAPIRegistry();

const API_VERSION_LABEL = '2026-09-09';

/** The reference's introduction (the page at /docs shows it first): what the API is and the quick starts. */
const API_DESCRIPTION = `Turns an ISIN into a structured fund factsheet. Usage is metered in credits per plan, with per-minute bursts.

Every formula and profile rule is stated on the [methodology page](/docs/methodology).

## Quick start

Send your key as \`Authorization: Bearer <key>\` (or \`X-Api-Key: <key>\`):

    curl -H "Authorization: Bearer $FDS_API_KEY" https://<host>/api/v1/funds/IE00B4L5Y983

The official clients live in the repository's \`clients/\` folder, generated from this document.

TypeScript (\`npm install ./clients/typescript\`):

    import { call, createFundDataClient } from '@fund-data-service/client';
    const client = createFundDataClient({ apiKey: process.env.FDS_API_KEY ?? '', baseUrl: 'https://<host>/api/v1' });
    const fund = await call(client.api.GET('/funds/{isin}', { params: { path: { isin: 'IE00B4L5Y983' } } }));
    console.log(fund.name, fund.data.costs.ongoing);

Python 3.11 or later (\`pip install ./clients/python\`):

    from fund_data_service import FundDataClient
    from fund_data_service.generated.api.funds import get_fund
    with FundDataClient(api_key, base_url="https://<host>/api/v1") as fds:
        fund = fds.ok(get_fund.sync_detailed("IE00B4L5Y983", client=fds.api))
        print(fund.name, fund.data.costs.ongoing)

Both raise a typed error carrying the \`code\`, \`message\`, request id and \`Retry-After\` of any error answer, and
retry 429 and 503 answers after the time \`Retry-After\` gives.`;

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

/** The Error schema as the generated document names it (the naming step runs after generation). */
const ERROR_BY_REFERENCE = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/** On every answer, errors included: the caller's X-Request-Id when it sent a sane one, else ours. */
const REQUEST_ID_HEADER = {
  description:
    'Identifies the request in our logs: the one the client sent (8 to 128 of A-Z a-z 0-9 . _ : -), else a UUID',
  schema: { type: 'string' as const },
};
export const errorResponse = (description: string) => ({ description, content: errorContent });

const BYTES = { schema: { type: 'string' as const, format: 'binary' } };
/**
 * A PDF answer. `Accept: application/octet-stream` gets the same bytes under that type: generators that know no
 * application/pdf (openapi-python-client) then read them as bytes.
 */
export const PDF_CONTENT = { 'application/pdf': BYTES, 'application/octet-stream': BYTES };

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
        pascal(operationId),
        { operationId, parameters: { id }, description: `${method.toUpperCase()} ${path} with the id of this answer` },
      ];
    }),
  );
}

export function buildOpenApiDocument() {
  return inStableOrder(
    withOptionalRequestDefaults(
      withNamedSchemas(
        withOperationNames(
          new OpenApiGeneratorV31(registry.definitions).generateDocument({
            openapi: '3.1.0',
            info: {
              title: 'Fund Data Service API',
              version: API_VERSION_LABEL,
              description: API_DESCRIPTION,
            },
            servers: [{ url: '/api/v1' }],
          }),
        ),
      ),
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

/** The resources operations are grouped by (generated clients make one module of each). */
const TAGS = {
  Funds: 'One fund by ISIN, many at once, search, and the keyless demo',
  Portfolios: 'Look-through of a portfolio and the overlap of funds',
  Changes: 'The change feed (scale and enterprise)',
  Webhooks: 'Signed deliveries of changes (scale and enterprise)',
  Export: 'Every stored fund as NDJSON (scale and enterprise)',
  Extraction: 'FundData from an uploaded KID, KIID or factsheet',
  Factsheets: 'One-page factsheets: saved, rendered, shared by keyless links',
  SCPI: 'French real-estate funds',
  Account: 'The calling account',
  Documents: "The operator's documents",
  Service: 'Health and the description of the API',
} as const;

/**
 * Each operation's id, a verb phrase generated clients name their methods after, and its resource. An operation
 * missing here stops the document from being built: every operation is named on purpose.
 */
const OPERATIONS: Record<string, readonly [operationId: string, tag: keyof typeof TAGS]> = {
  'get /funds/{isin}': ['getFund', 'Funds'],
  'get /funds/{isin}/holdings': ['getFundHoldings', 'Funds'],
  'post /funds': ['batchFunds', 'Funds'],
  'get /search': ['searchFunds', 'Funds'],
  'get /demo/funds/{isin}': ['getDemoFund', 'Funds'],
  'post /portfolio': ['lookThroughPortfolio', 'Portfolios'],
  'get /overlap': ['compareOverlap', 'Portfolios'],
  'get /changes': ['listChanges', 'Changes'],
  'get /webhooks': ['listWebhooks', 'Webhooks'],
  'post /webhooks': ['createWebhook', 'Webhooks'],
  'post /webhooks/{id}': ['runWebhookAction', 'Webhooks'],
  'delete /webhooks/{id}': ['deleteWebhook', 'Webhooks'],
  'get /export': ['exportFunds', 'Export'],
  'post /extract': ['extractDocument', 'Extraction'],
  'post /factsheets': ['createFactsheet', 'Factsheets'],
  'get /factsheets': ['listFactsheets', 'Factsheets'],
  'get /factsheets/{id}': ['getFactsheet', 'Factsheets'],
  'patch /factsheets/{id}': ['updateFactsheet', 'Factsheets'],
  'delete /factsheets/{id}': ['deleteFactsheet', 'Factsheets'],
  'get /shared/factsheets/{token}': ['getSharedFactsheet', 'Factsheets'],
  'get /shared/factsheets/{token}/embed': ['getSharedFactsheetEmbed', 'Factsheets'],
  'get /shared/factsheets/{token}/pdf': ['getSharedFactsheetPdf', 'Factsheets'],
  'get /scpi': ['searchScpi', 'SCPI'],
  'get /scpi/{idOrIsin}': ['getScpi', 'SCPI'],
  'get /me': ['getAccount', 'Account'],
  'post /documents': ['fileDocuments', 'Documents'],
  'get /documents': ['listDocuments', 'Documents'],
  'delete /documents/{sha256}': ['deleteDocument', 'Documents'],
  'get /health': ['getHealth', 'Service'],
  'get /openapi.json': ['getOpenApiDocument', 'Service'],
};

/** An operation and its responses, as far as the naming step touches them. */
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, Answer>;
}
interface Answer {
  description?: string;
  content?: unknown;
  headers?: Record<string, unknown>;
}

const RETRY_AFTER_HEADER = {
  description: 'Seconds to wait before trying again (also in the body as retryAfter)',
  schema: { type: 'integer' as const },
};

/** A real answer (src/schema/examples) shown with the operation's JSON success. */
function withExample(responses: Record<string, Answer>, example: unknown): void {
  if (example === undefined) return;
  const success = Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1];
  const json = (success?.content as Record<string, { example?: unknown }> | undefined)?.['application/json'];
  if (!json) throw new Error('OpenAPI: an example is given for an operation without a JSON success');
  json.example = example;
}

/**
 * The headers every answer carries: X-Request-Id on all; Retry-After on 429 and 503; the rate-limit headers on a
 * keyed operation's successes and 429s (the meter counts every keyed call against the burst).
 */
function withHeaders(responses: Record<string, Answer>, keyed: boolean): Record<string, Answer> {
  for (const [status, answer] of Object.entries(responses)) {
    const limited = status === '429' || status === '503';
    const metered = keyed && (status.startsWith('2') || status === '429');
    answer.headers = {
      'X-Request-Id': REQUEST_ID_HEADER,
      ...(metered ? RATE_LIMIT_HEADERS : {}),
      ...(limited ? { 'Retry-After': RETRY_AFTER_HEADER } : {}),
      ...answer.headers,
    };
  }
  return responses;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The name and resource of an operation; throws for one the table does not name. */
function nameOf(method: string, path: string): readonly [string, keyof typeof TAGS] {
  const named = OPERATIONS[`${method.toLowerCase()} ${path}`];
  if (!named)
    throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} has no operationId in OPERATIONS (schema/openapi.ts)`);
  return named;
}

/**
 * Every operation named and tagged from OPERATIONS, answering any error it does not list with the one Error schema
 * (`default`), and every answer with its `X-Request-Id`; the tags listed with their descriptions.
 */
function withOperationNames<T extends { paths?: object; tags?: unknown }>(document: T): T {
  for (const [path, item] of Object.entries(document.paths ?? {}) as Array<[string, Record<string, unknown>]>) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !operation || typeof operation !== 'object') continue;
      const [operationId, tag] = nameOf(method, path);
      const op = operation as Operation;
      op.operationId = operationId;
      op.tags = [tag];
      op.responses = withHeaders(
        { ...op.responses, default: { description: 'Any other error', content: ERROR_BY_REFERENCE } },
        (op.security ?? []).length > 0,
      );
      withExample(op.responses, RESPONSE_EXAMPLES[operationId]);
    }
  }
  document.tags = Object.entries(TAGS).map(([name, description]) => ({ name, description }));
  return document;
}

/**
 * A request body's default is the server's business: generators (openapi-typescript) read a property with a
 * `default` as always present and make callers send it. In the schemas requests refer to, the default moves into
 * the description ("Default: ...") and the property stays optional.
 */
function withOptionalRequestDefaults<T extends { paths?: object; components?: object }>(document: T): T {
  const schemas = (document.components as { schemas?: Record<string, SchemaObject> } | undefined)?.schemas ?? {};
  const requestRefs = new Set<string>();
  for (const item of Object.values(document.paths ?? {}) as Array<Record<string, { requestBody?: Body }>>)
    for (const operation of Object.values(item))
      for (const media of Object.values(operation?.requestBody?.content ?? {})) {
        const ref = media.schema?.$ref;
        if (ref?.startsWith('#/components/schemas/')) requestRefs.add(ref.slice('#/components/schemas/'.length));
      }
  for (const name of requestRefs) {
    for (const property of Object.values(schemas[name]?.properties ?? {})) {
      if (!('default' in property)) continue;
      const stated = `Default: ${JSON.stringify(property.default)}.`;
      property.description = property.description ? `${property.description}. ${stated}` : stated;
      delete property.default;
    }
  }
  return document;
}

interface Body {
  content?: Record<string, { schema?: { $ref?: string } }>;
}

interface SchemaObject {
  properties?: Record<string, { default?: unknown; description?: string }>;
}

/** The operationId of an operation (what OpenAPI links name their target by). */
function operationIdOf(method: string, path: string): string {
  return nameOf(method, path)[0];
}

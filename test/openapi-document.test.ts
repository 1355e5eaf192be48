/**
 * The OpenAPI document as generators read it (issue 25): every operation named, tagged and answering errors with the
 * one Error schema; every object and enum a described component; nothing nullable at a component's top; request
 * properties with a default optional; the headers every answer carries documented.
 */
import '../src/api/app'; // registers every route's path in the OpenAPI registry

import { buildOpenApiDocument } from '../src/schema/openapi';

type Schema = Record<string, unknown>;
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema?: Schema }> }>;
}

const document = buildOpenApiDocument() as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
  tags: Array<{ name: string; description: string }>;
};
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
);

/** Places under a schema where an object or an enum is written inline (allOf members extend their schema). */
function inlineShapes(node: unknown, at: string, top = true): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => inlineShapes(item, `${at}/${i}`, false));
  if (!node || typeof node !== 'object') return [];
  const schema = node as Schema;
  const own =
    !top && (schema.properties !== undefined || (Array.isArray(schema.enum) && schema.enum.length > 1)) ? [at] : [];
  return [
    ...own,
    ...Object.entries(schema).flatMap(([key, value]) =>
      key === 'allOf' || key === 'example' ? [] : inlineShapes(value, `${at}/${key}`, false),
    ),
  ];
}

describe('the OpenAPI document', () => {
  it('names every operation with a unique verb id and tags it with a described resource', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set(document.tags.map((tag) => tag.name));
    for (const { operation } of operations) {
      expect(operation.operationId).toMatch(
        /^(get|list|search|batch|create|update|delete|run|export|extract|file|lookThrough|compare)[A-Z]/,
      );
      expect(operation.tags).toHaveLength(1);
      expect(tags.has(operation.tags![0])).toBe(true);
    }
    expect(document.tags.every((tag) => tag.description.length > 0)).toBe(true);
  });

  it('answers any other error of every operation with the one Error schema, whose code is an enum', () => {
    for (const { operation } of operations)
      expect(operation.responses.default.content?.['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/Error',
      });
    expect((document.components.schemas.Error.properties as Record<string, Schema>).code).toMatchObject({
      $ref: '#/components/schemas/ErrorCode',
    });
    expect(document.components.schemas.ErrorCode.enum).toEqual(
      expect.arrayContaining(['invalid_isin', 'rate_limited']),
    );
  });

  it('names and describes every object and enum, and none is nullable at its top', () => {
    const undescribed = Object.entries(document.components.schemas)
      .filter(([, schema]) => typeof schema.description !== 'string' || schema.description.length === 0)
      .map(([name]) => name);
    expect(undescribed).toEqual([]);
    const inline = [
      ...Object.entries(document.components.schemas).flatMap(([name, schema]) => inlineShapes(schema, name)),
      ...operations.flatMap(({ name, operation }) => inlineShapes(operation, name, false)),
    ];
    expect(inline).toEqual([]);
    const nullable = Object.entries(document.components.schemas).filter(
      ([, schema]) => Array.isArray(schema.type) && schema.type.includes('null'),
    );
    expect(nullable).toEqual([]);
  });

  it('leaves request defaults to the server: no request property has a default', () => {
    const requests = Object.entries(document.components.schemas).filter(([name]) => name.endsWith('Request'));
    expect(requests.length).toBeGreaterThan(3);
    for (const [, schema] of requests)
      for (const property of Object.values((schema.properties ?? {}) as Record<string, Schema>))
        expect(property).not.toHaveProperty('default');
  });

  it('documents X-Request-Id on every answer, Retry-After on 429 and 503, rate-limit headers on keyed successes', () => {
    for (const { name, operation } of operations)
      for (const [status, answer] of Object.entries(operation.responses)) {
        expect([name, status, answer.headers?.['X-Request-Id']]).toEqual([name, status, expect.anything()]);
        if (status === '429' || status === '503') expect(answer.headers).toHaveProperty('Retry-After');
        if ((operation.security ?? []).length > 0 && status.startsWith('2'))
          expect(answer.headers).toHaveProperty('X-Burst-Remaining');
      }
  });

  it('describes PDF and NDJSON answers as such, with octet-stream for generators that read bytes', () => {
    const pdf = document.paths['/shared/factsheets/{token}/pdf'].get.responses[200].content!;
    expect(Object.keys(pdf)).toEqual(['application/pdf', 'application/octet-stream']);
    const ndjson = document.paths['/export'].get.responses[200].content!;
    expect(Object.keys(ndjson)).toEqual(['application/x-ndjson', 'application/octet-stream']);
  });
});

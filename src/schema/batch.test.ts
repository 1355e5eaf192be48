import { OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

import { BatchItemSchema } from './batch';

describe('BatchItem in the OpenAPI document', () => {
  it('states data as FundData or null (found by the OpenAPI fuzz run: the document allowed FundData only)', () => {
    const registry = new OpenAPIRegistry();
    registry.register('BatchItem', BatchItemSchema);
    const schemas = new OpenApiGeneratorV31(registry.definitions).generateComponents().components!.schemas!;
    const data = (schemas.BatchItem as { properties: Record<string, unknown> }).properties.data;
    expect(data).toEqual({
      anyOf: [{ $ref: '#/components/schemas/FundData' }, { type: 'null' }],
      description: expect.any(String) as string,
    });
    expect(BatchItemSchema.shape.data.safeParse(null).success).toBe(true);
  });
});

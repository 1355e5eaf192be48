import { withNamedSchemas } from './openapiSchemas';

type Doc = { paths?: Record<string, unknown>; components: { schemas: Record<string, Record<string, unknown>> } };

const documentOf = (schemas: Record<string, Record<string, unknown>>, paths: Record<string, unknown> = {}): Doc => ({
  paths,
  components: { schemas },
});

describe('withNamedSchemas', () => {
  it('names an inline object after its path and refers to it', () => {
    const doc = withNamedSchemas(
      documentOf({
        Fund: {
          type: 'object',
          properties: { fees: { type: 'object', properties: { ter: { type: 'number' } }, description: 'Costs' } },
        },
      }),
    );
    expect(doc.components.schemas.Fund.properties).toEqual({
      fees: { $ref: '#/components/schemas/FundFees', description: 'Costs' },
    });
    expect(doc.components.schemas.FundFees).toEqual({
      type: 'object',
      properties: { ter: { type: 'number' } },
      description: 'Costs',
    });
  });

  it('makes a nullable enum one named enum referred to with null beside it', () => {
    const doc = withNamedSchemas(
      documentOf({
        Profile: {
          type: 'object',
          properties: { riskBand: { type: ['string', 'null'], enum: ['low', 'medium', 'high', null] } },
        },
      }),
    );
    expect(doc.components.schemas.Profile.properties).toEqual({
      riskBand: { anyOf: [{ $ref: '#/components/schemas/RiskBand' }, { type: 'null' }] },
    });
    expect(doc.components.schemas.RiskBand).toEqual({ type: 'string', enum: ['low', 'medium', 'high'] });
  });

  it('names one shape once, wherever it is written, descriptions aside', () => {
    const band = (description: string) => ({ type: 'string', enum: ['a', 'b'], description });
    const doc = withNamedSchemas(
      documentOf({
        One: { type: 'object', properties: { kind: band('first') } },
        Two: { type: 'object', properties: { kind: band('second') } },
      }),
    );
    expect(doc.components.schemas.One.properties).toEqual({
      kind: { $ref: '#/components/schemas/OneKind', description: 'first' },
    });
    expect(doc.components.schemas.Two.properties).toEqual({
      kind: { $ref: '#/components/schemas/OneKind', description: 'second' },
    });
    expect(doc.components.schemas.TwoKind).toBeUndefined();
  });

  it("merges a union of literals (zod's z.union of z.literal) into one enum", () => {
    const doc = withNamedSchemas(
      documentOf({
        FundData: {
          type: 'object',
          properties: {
            sfdrArticle: {
              anyOf: [{ type: 'number', enum: [6] }, { type: 'number', enum: [8] }, { type: 'null' }],
            },
          },
        },
      }),
    );
    expect(doc.components.schemas.SfdrArticle).toEqual({ type: 'number', enum: [6, 8] });
    expect(doc.components.schemas.FundData.properties).toEqual({
      sfdrArticle: { anyOf: [{ $ref: '#/components/schemas/SfdrArticle' }, { type: 'null' }] },
    });
  });

  it('collapses allOf of a reference and a description into a described reference', () => {
    const doc = withNamedSchemas(
      documentOf({
        Sheet: { type: 'object', properties: { id: { type: 'string' } } },
        List: {
          type: 'object',
          properties: { first: { allOf: [{ $ref: '#/components/schemas/Sheet' }, { description: 'The first' }] } },
        },
      }),
    );
    expect(doc.components.schemas.List.properties).toEqual({
      first: { $ref: '#/components/schemas/Sheet', description: 'The first' },
    });
  });

  it('names the inline schemas of parameters and bodies after their operation', () => {
    const paths = {
      '/changes': {
        get: {
          operationId: 'listChanges',
          parameters: [{ name: 'event', in: 'query', schema: { type: 'string', enum: ['x', 'y'], default: 'x' } }],
          responses: {
            200: {
              content: { 'application/json': { schema: { type: 'object', properties: { n: { type: 'integer' } } } } },
            },
          },
        },
      },
    };
    const doc = withNamedSchemas(documentOf({}, paths));
    const operation = (doc.paths as typeof paths)['/changes'].get;
    expect(operation.parameters[0].schema).toEqual({ $ref: '#/components/schemas/ListChangesEvent', default: 'x' });
    expect(operation.responses[200].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ListChangesResponse200',
    });
  });

  it('leaves plain values, arrays of plain values and one-value enums inline', () => {
    const fund = {
      type: 'object',
      properties: {
        name: { type: ['string', 'null'] },
        tags: { type: 'array', items: { type: 'string' } },
        demo: { type: 'boolean', enum: [true] },
      },
    };
    const doc = withNamedSchemas(documentOf({ Fund: structuredClone(fund) }));
    expect(doc.components.schemas).toEqual({ Fund: fund });
  });

  it('refuses a nullable component (what zod-to-openapi makes of .nullable() on a registered schema)', () => {
    expect(() => withNamedSchemas(documentOf({ Kind: { type: ['string', 'null'], enum: ['a', null] } }))).toThrow(
      /component Kind is nullable/,
    );
  });

  it('refuses two different shapes under one name', () => {
    expect(() =>
      withNamedSchemas(
        documentOf({
          FundFees: { type: 'string', enum: ['p', 'q'] },
          Fund: { type: 'object', properties: { fees: { type: 'object', properties: { ter: { type: 'number' } } } } },
        }),
      ),
    ).toThrow(/two different schemas are named FundFees/);
  });
});

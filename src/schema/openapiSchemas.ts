/**
 * Names for every object and enum of the OpenAPI document. Generators make a class of each schema: an object or
 * enum written inline gets a name made from its path (`OverlapResponsePairsItemSharedItem`), the same enum written
 * twice becomes two classes, and a nullable enum (`type: [string, null]`) becomes three. Here each inline object
 * and enum moves into `components.schemas` under one name (SCHEMA_NAMES, else its path), identical shapes share
 * one component, and a nullable one is referred to as `anyOf: [$ref, null]`.
 */

type Schema = Record<string, unknown>;

const REF_PREFIX = '#/components/schemas/';

/** Better names than the path for schemas written inline (path name -> component name). */
const SCHEMA_NAMES: Record<string, string> = {
  ErrorIssuesItem: 'ErrorIssue',
  ExtractResponseDocument: 'ExtractedDocument',
  FieldSourceOtherShareClassesItem: 'OtherShareClass',
  FundDataAnnualisedReturnsItem: 'AnnualisedReturn',
  FundDataCumulativePerformanceItem: 'CumulativeReturn',
  FundDataIndexedPerformancePointsItem: 'IndexedPoint',
  FundDataSfdrArticle: 'SfdrArticle',
  FundDataSources: 'FieldSources',
  ScpiDataSources: 'FieldSources',
  HealthDependenciesPostgres: 'DependencyHealth',
  DependencyHealthStatus: 'DependencyStatus',
  ListFactsheetsFavorites: 'QueryFlag',
  OverlapResponseFundsItem: 'OverlapFund',
  OverlapFundDisclosure: 'HoldingsDisclosure',
  OverlapResponsePairsItem: 'OverlapPair',
  OverlapPairSharedItem: 'SharedHolding',
  PortfolioRequestPositionsItem: 'PortfolioPosition',
  PortfolioResponsePositionsItem: 'PortfolioPositionResult',
  PortfolioResponseRiskBand: 'RiskBand',
  ProfileRiskBand: 'RiskBand',
  ScpiKeyFactsCapitalType: 'ScpiCapitalType',
  ScpiKeyFactsCategory: 'ScpiCategory',
  ScpiPerformanceSharePriceHistoryItem: 'SharePrice',
};

/** Keys that belong to a use of a schema rather than to the schema itself: they stay beside the reference. */
const USE_KEYS = ['description', 'default', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly'];

export function withNamedSchemas<T extends { paths?: object; components?: object }>(document: T): T {
  const components = (document.components ?? {}) as { schemas?: Record<string, Schema> };
  const schemas = (components.schemas ??= {});
  const namer = new SchemaNamer(schemas);
  for (const [name, schema] of Object.entries(schemas)) {
    if (isNullable(schema))
      throw new Error(
        `OpenAPI: the component ${name} is nullable; zod-to-openapi writes .nullable() of a registered schema into ` +
          'the component itself: write the nullable use inline and let withNamedSchemas name it',
      );
    schemas[name] = collapseDescribedRef(schema);
    namer.within(schemas[name], name);
    namer.remember(name);
  }
  for (const item of Object.values(document.paths ?? {}) as Array<Record<string, Operation>>)
    for (const operation of Object.values(item)) {
      if (!operation || typeof operation !== 'object' || !operation.operationId) continue;
      namer.inOperation(operation, pascal(operation.operationId));
    }
  return document;
}

interface Media {
  schema?: unknown;
}
interface Operation {
  operationId?: string;
  parameters?: Array<{ name: string; schema?: unknown }>;
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
}

class SchemaNamer {
  /** Component name by the shape it holds (its JSON without descriptions), so a shape written twice is named once. */
  private readonly byShape = new Map<string, string>();

  constructor(private readonly schemas: Record<string, Schema>) {
    for (const name of Object.keys(schemas)) this.remember(name);
  }

  /** Notes the shape a component holds now (again after its parts were named). */
  remember(name: string): void {
    this.byShape.set(shapeOf(this.schemas[name]), name);
  }

  inOperation(operation: Operation, name: string): void {
    for (const parameter of operation.parameters ?? [])
      parameter.schema = this.use(parameter.schema, name + pascal(parameter.name));
    for (const media of Object.values(operation.requestBody?.content ?? {}))
      media.schema = this.use(media.schema, `${name}Request`);
    for (const [status, response] of Object.entries(operation.responses ?? {}))
      for (const media of Object.values(response.content ?? {}))
        media.schema = this.use(media.schema, `${name}Response${pascal(status)}`);
  }

  /** The parts of a schema named where they are written inline; the schema itself stays where it is. */
  within(schema: Schema, name: string): void {
    const properties = schema.properties as Record<string, unknown> | undefined;
    for (const [key, property] of Object.entries(properties ?? {}))
      properties![key] = this.use(property, name + pascal(key));
    if (isRecord(schema.items)) schema.items = this.use(schema.items, `${name}Item`);
    if (isRecord(schema.additionalProperties))
      schema.additionalProperties = this.use(schema.additionalProperties, `${name}Value`);
    for (const combinator of ['allOf', 'anyOf', 'oneOf'] as const) {
      const members = schema[combinator];
      if (Array.isArray(members))
        schema[combinator] = members.map((member, index) => {
          if (combinator !== 'allOf' || !isRecord(member)) return this.use(member, `${name}Option${index + 1}`);
          // An allOf extends its base in place: its object members are parts of this schema, not schemas of their own.
          this.within(member, name);
          return member;
        });
    }
  }

  /** A schema where it is used: named objects and enums become references; anything else is named within. */
  use(node: unknown, name: string): unknown {
    if (!isRecord(node)) return node;
    const schema = mergedConstants(collapseDescribedRef(node));
    if (typeof schema.$ref === 'string') return schema;
    const nullable = isNullable(schema);
    const core = nullable ? withoutNull(schema) : schema;
    if (!isEnum(core) && !isObject(core)) {
      this.within(schema, name);
      return schema;
    }
    const useKeys = Object.fromEntries(USE_KEYS.filter((key) => key in core).map((key) => [key, core[key]]));
    for (const key of USE_KEYS) if (key !== 'description') delete core[key];
    this.within(core, SCHEMA_NAMES[name] ?? name);
    const reference = { $ref: REF_PREFIX + this.named(core, SCHEMA_NAMES[name] ?? name) };
    return nullable ? { anyOf: [reference, { type: 'null' }], ...useKeys } : { ...reference, ...useKeys };
  }

  /** The component holding this shape: an existing one, or a new one under the name given. */
  private named(schema: Schema, name: string): string {
    const shape = shapeOf(schema);
    const existing = this.byShape.get(shape);
    if (existing) return existing;
    if (this.schemas[name])
      throw new Error(`OpenAPI: two different schemas are named ${name}; give one another name in SCHEMA_NAMES`);
    this.schemas[name] = schema;
    this.byShape.set(shape, name);
    return name;
  }
}

/** `allOf: [{$ref}, {description}]` (how zod-to-openapi describes a use of a named schema) as `{$ref, description}`. */
function collapseDescribedRef(schema: Schema): Schema {
  const members = schema.allOf;
  if (!Array.isArray(members) || members.length !== 2) return schema;
  const [base, extra] = members as unknown[];
  if (!isRecord(base) || typeof base.$ref !== 'string' || !isRecord(extra)) return schema;
  if (Object.keys(extra).some((key) => !USE_KEYS.includes(key))) return schema;
  const { allOf: _members, ...rest } = schema;
  return { $ref: base.$ref, ...rest, ...extra };
}

/** `anyOf` of one-value enums of one type (zod's union of literals), null among them or not, as one enum. */
function mergedConstants(schema: Schema): Schema {
  const members = schema.anyOf;
  if (!Array.isArray(members) || members.length < 2 || !members.every(isRecord)) return schema;
  const values = members.filter((member) => member.type !== 'null');
  const types = new Set(values.map((member) => member.type));
  const single = values.every(
    (member) => Array.isArray(member.enum) && member.enum.length === 1 && Object.keys(member).length === 2,
  );
  if (!single || types.size !== 1) return schema;
  const { anyOf: _members, ...rest } = schema;
  const type = values[0].type as string;
  const nullable = values.length < members.length;
  return {
    ...rest,
    type: nullable ? [type, 'null'] : type,
    enum: [...values.flatMap((member) => member.enum as unknown[]), ...(nullable ? [null] : [])],
  };
}

function isNullable(schema: Schema): boolean {
  return Array.isArray(schema.type) && schema.type.includes('null') && schema.type.length === 2;
}

/** The schema without null among its types and values. */
function withoutNull(schema: Schema): Schema {
  const type = (schema.type as string[]).find((one) => one !== 'null');
  const copy: Schema = { ...schema, type };
  if (Array.isArray(schema.enum)) copy.enum = schema.enum.filter((value) => value !== null);
  return copy;
}

function isEnum(schema: Schema): boolean {
  return Array.isArray(schema.enum) && schema.enum.length > 1 && typeof schema.type === 'string';
}

/** An object with named properties, or a map (additionalProperties) of one schema (a map of anything stays inline). */
function isObject(schema: Schema): boolean {
  if (schema.type !== 'object') return false;
  const { properties, additionalProperties } = schema;
  return (
    (isRecord(properties) && Object.keys(properties).length > 0) ||
    (isRecord(additionalProperties) && Object.keys(additionalProperties).length > 0)
  );
}

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A schema's JSON with keys in order and descriptions left out: two uses of one shape give one string. */
function shapeOf(schema: unknown): string {
  return JSON.stringify(schema, (key, value: unknown) =>
    key === 'description'
      ? undefined
      : isRecord(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : value,
  );
}

/** `get factsheet`, `getFactsheet` -> `GetFactsheet`. */
export function pascal(words: string): string {
  return words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
}

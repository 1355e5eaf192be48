import { OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import fc from 'fast-check';

import { ExportQuery } from './export';
import { FactsheetListQuery } from './factsheets';
import { ALL_CONTROLS, C0_CONTROLS, codePoints, trimmedText, trimmedTextPattern } from './requests';
import { SearchQuery } from './search';
import { z } from './zod';

/** The OpenAPI schema of each property of an object schema, as the served document states it. */
function documented(schema: z.ZodObject): Record<string, { pattern?: string; minLength?: number; maxLength?: number }> {
  const registry = new OpenAPIRegistry();
  registry.register('Probe', schema);
  const probe = new OpenApiGeneratorV31(registry.definitions).generateComponents().components!.schemas!.Probe as {
    properties: Record<string, object>;
  };
  return probe.properties;
}

/**
 * Text the way fuzzers send it: letters, digits, every kind of space and control character, accents, astral characters.
 */
const TEXT = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      'a',
      'Z',
      '0',
      '-',
      '.',
      'é',
      ' ',
      '\t',
      '\n',
      '\r',
      '\u000b',
      '\u000c',
      '\u001c',
      '\u0085',
      '\u00a0',
      '\u2028',
      '\u3000',
      '\ufeff',
      '\u0000',
      '\u007f',
      '\u0090',
      '😀',
    ),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 12,
});

/** The document's pattern as an ECMAScript validator reads it (JSON Schema: ECMA 262, Unicode). */
const matches = (pattern: string, value: string) => new RegExp(pattern, 'u').test(value);

describe('trimmedText: what the service accepts is exactly what its documented pattern says (found by the OpenAPI fuzz run)', () => {
  it.each([
    [1, 3, C0_CONTROLS],
    [2, 5, C0_CONTROLS],
    [2, 6, ALL_CONTROLS],
  ])('%i to %i characters once trimmed, none of [%s]', (min, max, chars) => {
    const schema = trimmedText(min, max, { chars, message: 'control' }, { type: 'type', short: 'short', long: 'long' });
    const pattern = trimmedTextPattern(min, max, chars);
    fc.assert(
      fc.property(TEXT, (value) => {
        expect([value, schema.safeParse(value).success]).toEqual([value, matches(pattern, value)]);
      }),
      { numRuns: 3000, seed: 13 },
    );
  });

  it('counts characters, not UTF-16 units, as JSON Schema does', () => {
    const schema = trimmedText(
      2,
      3,
      { chars: C0_CONTROLS, message: 'control' },
      { type: 'type', short: 'short', long: 'long' },
    );
    expect(codePoints('😀😀😀')).toBe(3);
    expect(schema.safeParse('😀😀😀').success).toBe(true);
    expect(schema.safeParse(' 😀 ').success).toBe(false);
  });

  it('documents the pattern and no minLength or maxLength, which would count the surrounding spaces', () => {
    expect(
      documented(
        z.object({
          q: trimmedText(2, 200, { chars: C0_CONTROLS, message: 'c' }, { type: 't', short: 's', long: 'l' }),
        }),
      ).q,
    ).toEqual({
      type: 'string',
      pattern: trimmedTextPattern(2, 200, C0_CONTROLS),
    });
  });
});

describe('query parameters are documented as they are checked', () => {
  it.each([
    ['GET /search and GET /scpi: q', SearchQuery, 'q'],
    ['GET /factsheets: issuer', FactsheetListQuery, 'issuer'],
    ['GET /export: issuer', ExportQuery, 'issuer'],
    ['GET /export: assetClass', ExportQuery, 'assetClass'],
    ['GET /export: currency', ExportQuery, 'currency'],
  ] as const)('%s', (_label, schema, name) => {
    const { pattern, minLength, maxLength } = documented(schema)[name];
    expect({ minLength, maxLength }).toEqual({ minLength: undefined, maxLength: undefined });
    const field = (schema.shape as Record<string, z.ZodType>)[name];
    fc.assert(
      fc.property(fc.oneof(TEXT, fc.constantFrom(' eur ', 'EUR', 'Equity', ' Sample Asset Management ')), (value) => {
        expect([value, field.safeParse(value).success]).toEqual([value, matches(pattern!, value)]);
      }),
      { numRuns: 2000, seed: 13 },
    );
  });

  it.each([
    ['GET /search: limit', SearchQuery, 'limit', 50],
    ['GET /factsheets: limit', FactsheetListQuery, 'limit', 500],
  ] as const)('%s: an integer from 1 to its maximum, digits only', (_label, schema, name, max) => {
    expect(documented(schema)[name]).toMatchObject({ type: 'integer', minimum: 1, maximum: max });
    const field = (schema.shape as Record<string, z.ZodType>)[name];
    for (const ok of ['1', String(max), '007']) expect(field.safeParse(ok).success).toBe(true);
    for (const bad of ['0', String(max + 1), '1e1', '0x10', ' 5', '5.0', '', '-1'])
      expect([bad, field.safeParse(bad).success]).toEqual([bad, false]);
  });
});

import type { FieldSource } from '../schema/fund';
import { fillField, noteConflict, sameValue } from './provenance';

const source = (document: string, kind = 'kid'): FieldSource => ({
  document,
  kind,
  origin: `library:${document}`,
  page: 1,
  asOf: '2026-01-31',
});

describe('sameValue', () => {
  it.each([
    ['0.2%', '0.20%'],
    ['4', 4],
    ['1,5 %', '1.5%'],
    ['MSCI World Index', 'msci world index.'],
    ['Société Générale', 'Societe  Generale'],
  ])('%s is %s', (a, b) => expect(sameValue(a, b)).toBe(true));

  it.each([
    ['0.2%', '0.25%'],
    ['4', 5],
    ['0.2', '0.2%'],
    ['MSCI World', 'MSCI ACWI'],
    ['', '0%'],
  ])('%s is not %s', (a, b) => expect(sameValue(a, b)).toBe(false));
});

describe('fillField and noteConflict', () => {
  const payload = () => ({ riskRating: null as number | null, sources: {} as Record<string, FieldSource> });

  it('keeps the first value and notes a different one from another document', () => {
    const p = payload();
    expect(fillField(p, 'riskRating', 4, source('a'))).toBe(true);
    expect(fillField(p, 'riskRating', 5, source('b', 'ept'))).toBe(false);
    expect(p.riskRating).toBe(4);
    expect(p.sources.riskRating.conflicts).toEqual([{ document: 'b', kind: 'ept', value: 5, asOf: '2026-01-31' }]);
  });

  it('notes nothing for the same value, the same document, or when asked not to', () => {
    const p = payload();
    fillField(p, 'riskRating', 4, source('a'));
    fillField(p, 'riskRating', '4', source('b'));
    fillField(p, 'riskRating', 6, source('a'));
    fillField(p, 'riskRating', 6, source('c'), false);
    expect(p.sources.riskRating.conflicts).toBeUndefined();
  });

  it('lists each document once and at most ten, and never compares lists', () => {
    const quoted = source('a');
    for (let i = 0; i < 20; i++) noteConflict(quoted, 4, 5 + (i % 2), source(`d${i % 12}`));
    expect(quoted.conflicts).toHaveLength(10);
    expect(new Set(quoted.conflicts?.map((c) => c.document)).size).toBe(10);
    const list = source('x');
    noteConflict(list, [{ name: 'A' }], [{ name: 'B' }], source('y'));
    expect(list.conflicts).toBeUndefined();
  });
});

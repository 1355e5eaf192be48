import { chDate, chDateTime, chString } from './clickhouse';

describe('ClickHouse literal helpers', () => {
  it('escapes quotes and backslashes so a value cannot leave its string', () => {
    expect(chString("O'Brien")).toBe("'O\\'Brien'");
    expect(chString('a\\')).toBe("'a\\\\'");
    expect(chString("x' OR 1=1 --")).toBe("'x\\' OR 1=1 --'");
    expect(chString("\\'; DROP TABLE nav_series; --")).toBe("'\\\\\\'; DROP TABLE nav_series; --'");
    expect(chString('')).toBe("''");
  });

  it('accepts only real calendar dates', () => {
    expect(chDate('2026-02-28')).toBe("toDate('2026-02-28')");
    for (const bad of ['2026-2-28', "2026-01-01'", '2026-13-01', '2026-02-30', 'yesterday', ''])
      expect(() => chDate(bad)).toThrow(TypeError);
  });

  it('writes date-times without T and Z', () => {
    expect(chDateTime(new Date('2026-11-21T09:00:05.123Z'))).toBe("toDateTime('2026-11-21 09:00:05', 'UTC')");
    expect(() => chDateTime(new Date('nope'))).toThrow(TypeError);
  });
});

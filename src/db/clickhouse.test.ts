import {
  chDate,
  chDateTime,
  chString,
  CLICKHOUSE_MIGRATIONS,
  CLICKHOUSE_TABLES,
  isClickhouseDataMissing,
} from './clickhouse';

describe('CLICKHOUSE_TABLES', () => {
  it('names every table the migrations create, and no other (backups export each, the health probe wants each)', () => {
    const created = CLICKHOUSE_MIGRATIONS.map((statement) => /CREATE TABLE IF NOT EXISTS (\w+)/.exec(statement)?.[1]);
    expect(created.sort()).toEqual([...CLICKHOUSE_TABLES].sort());
  });
});

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

describe('isClickhouseDataMissing', () => {
  it('tells a lost table or database (ClickHouse 18 and current) from any other error', () => {
    const v18 = new Error(
      "Code: 60, e.displayText() = DB::Exception: Table funds.fund_holdings doesn't exist., e.what() = DB::Exception",
    );
    expect(isClickhouseDataMissing(v18)).toBe(true);
    expect(isClickhouseDataMissing(Object.assign(new Error('Database funds does not exist'), { code: '81' }))).toBe(
      true,
    );
    expect(isClickhouseDataMissing(new Error('Code: 62, e.displayText() = DB::Exception: Syntax error'))).toBe(false);
    expect(isClickhouseDataMissing(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      false,
    );
    expect(isClickhouseDataMissing(null)).toBe(false);
  });
});

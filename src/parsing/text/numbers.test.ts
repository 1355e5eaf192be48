import { inferDecimalComma, isMissing, normalisePercent, parseDecimal, smallNumber } from './numbers';

describe('parseDecimal', () => {
  it.each([
    ['27.248022', 27.248022],
    ['"30.5350"', 30.535],
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1,234,567.5', 1234567.5],
    ['1.234.567', 1234567],
    ['0,25', 0.25],
    ['27,2480', 27.248],
    ['1,234', 1234],
    ["1'234.5", 1234.5],
    ['1 234,5', 1234.5],
    ['1\u00a0234,5', 1234.5],
    ['4.24%', 4.24],
    ['-0.5', -0.5],
    ['−0.5', -0.5],
    ['(1.5)', -1.5],
    ['+2', 2],
    ['$12.30', 12.3],
    ['1e-3', 0.001],
    ['.5', 0.5],
  ])('reads %j as %d', (raw, expected) => {
    expect(parseDecimal(raw)).toBeCloseTo(expected, 10);
  });

  it.each([
    '',
    '  ',
    '--',
    '-',
    'n/a',
    'N/A',
    'NaN',
    'null',
    '—',
    'abc',
    '12abc',
    '1,2,3',
    '1.2.3',
    '2016-08-30',
    '11-10-2016',
  ])('rejects %j', (raw) => {
    expect(parseDecimal(raw)).toBeNull();
  });

  it('passes finite numbers through and rejects other types', () => {
    expect(parseDecimal(3.5)).toBe(3.5);
    expect(parseDecimal(Number.NaN)).toBeNull();
    expect(parseDecimal(Infinity)).toBeNull();
    expect(parseDecimal(null)).toBeNull();
    expect(parseDecimal(undefined)).toBeNull();
    expect(parseDecimal({})).toBeNull();
  });

  it('follows the decimal-comma hint for ambiguous values', () => {
    expect(parseDecimal('1,234', { decimalComma: true })).toBe(1.234);
    expect(parseDecimal('1,234', { decimalComma: false })).toBe(1234);
    expect(parseDecimal('0,0025', { decimalComma: true })).toBe(0.0025);
  });
});

describe('isMissing', () => {
  it('knows the usual markers', () => {
    for (const m of [null, undefined, '', '--', 'n/a', 'NA', ' - ', Number.NaN]) expect(isMissing(m)).toBe(true);
    for (const v of ['0', 0, 'x', '1.2']) expect(isMissing(v)).toBe(false);
  });
});

describe('inferDecimalComma', () => {
  it('reads evidence in the values', () => {
    expect(inferDecimalComma(['100', '1.234,56'])).toBe(true);
    expect(inferDecimalComma(['0,25'])).toBe(true);
    expect(inferDecimalComma(['27,2480'])).toBe(true);
    expect(inferDecimalComma(['1,234.56'])).toBe(false);
    expect(inferDecimalComma(['27.25'])).toBe(false);
  });

  it('falls back on the delimiter when the values prove nothing', () => {
    expect(inferDecimalComma(['100', '1,234'], ',')).toBe(false);
    expect(inferDecimalComma(['100'], ';')).toBe(true);
    expect(inferDecimalComma([], '\t')).toBe(true);
  });
});

describe('number and percent helpers', () => {
  it.each([
    ['0,20', 0.2],
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1 234,56', 1234.56],
    ['10,000', 10000],
    ['-3.4', -3.4],
    ['−3,4', -3.4],
    ['(2.5)', -2.5],
    ['113.0485', 113.0485],
    ['1.234.567', 1234567],
  ])('parseDecimal(%p) = %p', (raw, n) => {
    expect(parseDecimal(raw)).toBe(n);
  });

  it.each(['', 'abc', '1.2.3x', '%', '--1'])('parseDecimal(%p) is null', (raw) => {
    expect(parseDecimal(raw)).toBeNull();
  });

  it.each([
    ['0.20%', '0.20%'],
    ['0,20 %', '0.20%'],
    ['0.00%', '0.00%'],
    ['0 %', '0.00%'],
    ['5%', '5.00%'],
    ['-0.5%', '-0.50%'],
  ])('normalisePercent(%p) = %p', (raw, out) => {
    expect(normalisePercent(raw)).toBe(out);
  });

  it.each(['0.20', 'none', '', '%', '1234.5%'])('normalisePercent(%p) is null', (raw) => {
    expect(normalisePercent(raw)).toBeNull();
  });

  it.each([
    ['4', 4],
    ['four', 4],
    ['Six', 6],
    ['quatre', 4],
    ['sept', 7],
    ['une', 1],
    ['ten', 10],
    ['dix', 10],
  ])('smallNumber(%p) = %p', (word, n) => {
    expect(smallNumber(word)).toBe(n);
  });

  it.each(['eleven', '', 'forty', '123'])('smallNumber(%p) is null', (word) => {
    expect(smallNumber(word)).toBeNull();
  });
});

import { CIC_CATEGORIES, cicCategory, countryName, maturityBucket, ratingBucket } from './classifications';

describe('cicCategory', () => {
  it.each([
    ['SE27', '2'],
    ['xl71', '7'],
    ['XLF1', 'F'],
    ['DE12', '1'],
    ['XT3L', '3'],
    ['SE2', null],
    ['SEG7', null],
    ['', null],
    [null, null],
  ])('%j → %j', (cic, expected) => {
    expect(cicCategory(cic)).toBe(expected);
  });

  it('labels every category 0-9 and A-F', () => {
    expect(Object.keys(CIC_CATEGORIES).sort()).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
    ]);
  });
});

describe('ratingBucket', () => {
  it.each([
    ['AAA', 'AAA'],
    ['Aaa', 'AAA'],
    ['AA+', 'AA'],
    ['Aa3', 'AA'],
    ['A-', 'A'],
    ['A1', 'A'],
    ['BBB-', 'BBB'],
    ['Baa1', 'BBB'],
    ['BB+', 'BB'],
    ['Ba2', 'BB'],
    ['B', 'B'],
    ['B3', 'B'],
    ['CCC+', 'CCC and below'],
    ['Caa1', 'CCC and below'],
    ['D', 'CCC and below'],
    ['SD', 'CCC and below'],
    ['(P)Aa2', 'AA'],
    ['AA- sf', 'AA'],
    ['A+ (EXP)', 'A'],
    ['bbb', 'BBB'],
    ['NR', 'Not rated'],
    ['WR', 'Not rated'],
  ])('%s → %s', (rating, bucket) => {
    expect(ratingBucket(rating)).toBe(bucket);
  });

  it('falls back on the credit quality step', () => {
    expect(ratingBucket(null, 0)).toBe('AAA');
    expect(ratingBucket('', 3)).toBe('BBB');
    expect(ratingBucket('???', 6)).toBe('CCC and below');
    expect(ratingBucket(null, 9)).toBe('Not rated');
    expect(ratingBucket(null, null)).toBe('Not rated');
    expect(ratingBucket('AA', 5)).toBe('AA');
  });
});

describe('maturityBucket', () => {
  it.each([
    ['2025-08-29', '0-1y'],
    ['2020-01-01', '0-1y'],
    ['2026-08-28', '0-1y'],
    ['2026-08-30', '1-3y'],
    ['2028-08-28', '1-3y'],
    ['2028-08-30', '3-5y'],
    ['2030-08-30', '5-7y'],
    ['2032-08-30', '7-10y'],
    ['2035-08-29', '7-10y'],
    ['2035-08-31', '10y+'],
    ['2099-12-31', '10y+'],
  ])('from 2025-08-29 to %s → %s', (maturity, bucket) => {
    expect(maturityBucket('2025-08-29', maturity)).toBe(bucket);
  });

  it('gives null for unreadable dates', () => {
    expect(maturityBucket('2025-08-29', 'never')).toBeNull();
    expect(maturityBucket('', '2030-01-01')).toBeNull();
  });
});

describe('countryName', () => {
  it('names ISO codes and keeps unknown ones', () => {
    expect(countryName('SE')).toBe('Sweden');
    expect(countryName('gb')).toBe('United Kingdom');
    expect(countryName('XS')).toBe('XS');
    expect(countryName('France')).toBe('France');
    expect(countryName('ZZ')).toBe('ZZ');
  });
});

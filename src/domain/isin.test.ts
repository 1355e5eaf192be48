import { isinCheckDigit, isinFromRequest, isValidIsin, normaliseIsin } from '../schema/isin';

describe('ISIN validation', () => {
  it.each([
    'US0378331005', // Apple
    'IE00B4L5Y983', // iShares Core MSCI World
    'GB00B08HD364',
    'IE00004S2680',
    'SE0009807308',
    'LU0274208692',
    'FR0010315770',
  ])('accepts the real ISIN %s', (isin) => {
    expect(normaliseIsin(isin)).toBe(isin);
  });

  it('is case-insensitive and answers upper case', () => {
    expect(normaliseIsin('ie00b4l5y983')).toBe('IE00B4L5Y983');
    expect(normaliseIsin('  us0378331005 ')).toBe('US0378331005');
  });

  it.each([
    ['wrong check digit', 'US0378331006'],
    ['too short', 'US037833100'],
    ['too long', 'US03783310055'],
    ['digits in country code', '1S0378331005'],
    ['letter as check digit', 'US037833100A'],
    ['punctuation', 'US-378331005'],
    ['empty', ''],
    ['unicode', 'ÜS0378331005'],
  ])('rejects %s', (_label, input) => {
    expect(normaliseIsin(input)).toBeNull();
    expect(isValidIsin(input)).toBe(false);
  });

  it('rejects non-strings', () => {
    for (const value of [null, undefined, 42, {}, ['US0378331005']]) expect(normaliseIsin(value)).toBeNull();
  });

  it('computes check digits for every last digit exactly once', () => {
    const body = 'XS000000000';
    const valid = Array.from({ length: 10 }, (_, d) => body + d).filter(isValidIsin);
    expect(valid).toEqual([body + isinCheckDigit(body)]);
  });
});

describe('ISINs from requests', () => {
  it('accepts exactly twelve characters in any case', () => {
    expect(isinFromRequest('zzsmpl000014')).toBe('ZZSMPL000014');
    expect(isinFromRequest('US0378331005')).toBe('US0378331005');
  });

  it.each([
    ['a trailing newline', 'US0378331005\n'],
    ['a leading space', ' US0378331005'],
    ['a trailing tab', 'US0378331005\t'],
    ['a NUL byte', 'US0378331005\u0000'],
    ['a carriage return inside', 'US03783\r31005'],
    ['a non-string', 378331005],
    ['a wrong check digit', 'US0378331006'],
  ])('refuses %s instead of trimming it', (_label, input) => {
    expect(isinFromRequest(input)).toBeNull();
  });
});

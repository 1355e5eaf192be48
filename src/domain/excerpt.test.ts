import { excerpt } from './excerpt';

describe('excerpt of client input in error messages', () => {
  it('keeps short printable input as it is', () => {
    expect(excerpt('ZZSMPL000014')).toBe('ZZSMPL000014');
    expect(excerpt('')).toBe('');
  });

  it('caps the length, counting characters not UTF-16 units', () => {
    expect(excerpt('A'.repeat(10_000))).toBe(`${'A'.repeat(40)}…`);
    expect(excerpt('é'.repeat(41), 40)).toBe(`${'é'.repeat(40)}…`);
    expect(excerpt('😀'.repeat(5), 3)).toBe('😀😀😀…');
  });

  it('replaces control, format and line-separator characters', () => {
    expect(excerpt('ZZ\n\r\t\u0000\u001b[31m\u200b\u2028x')).toBe('ZZ\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD[31m\uFFFD\uFFFDx');
  });

  it('stringifies non-strings', () => {
    expect(excerpt(42)).toBe('42');
    expect(excerpt(undefined)).toBe('undefined');
  });
});

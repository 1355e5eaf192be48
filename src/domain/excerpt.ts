/**
 * A short, printable excerpt of client input for an error message: control and format characters
 * become U+FFFD, the length is capped, so an error never echoes kilobytes or terminal escapes back.
 */
export function excerpt(input: unknown, max = 40): string {
  const text = typeof input === 'string' ? input : String(input);
  const printable = text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '\uFFFD');
  const chars = [...printable];
  return chars.length <= max ? printable : `${chars.slice(0, max).join('')}…`;
}

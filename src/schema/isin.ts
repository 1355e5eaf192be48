/** ISIN validation (ISO 6166): two letters, nine alphanumerics, one Luhn check digit. */

/**
 * The twelve characters of an ISIN as a regex source, unanchored and without groups: the one pattern every
 * ISIN match in the code base is built on (whole values here, ISINs inside text in sources/text/isin.ts).
 */
export const ISIN_PATTERN = '[A-Z]{2}[A-Z0-9]{9}[0-9]';

/** A whole value shaped as an ISIN; the check digit is not verified (normaliseIsin does that). */
export const ISIN_SHAPE = new RegExp(`^${ISIN_PATTERN}$`);

/** The check digit over the first eleven characters, letters expanded to two digits (A=10 ... Z=35). */
export function isinCheckDigit(body: string): number {
  const digits = [...body].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
  let sum = 0;
  // Luhn from the right: double every second digit starting with the rightmost.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Upper-cases and validates; returns the canonical ISIN or null. */
export function normaliseIsin(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const isin = input.trim().toUpperCase();
  if (!ISIN_SHAPE.test(isin)) return null;
  return isinCheckDigit(isin.slice(0, 11)) === Number(isin[11]) ? isin : null;
}

export function isValidIsin(input: unknown): boolean {
  return normaliseIsin(input) !== null;
}

/**
 * An ISIN as a client sends it (path, query or body): exactly the twelve characters, any case.
 * Unlike document values, surrounding whitespace and control characters are refused, not trimmed:
 * `ZZSMPL000014%0A` is a different request from `ZZSMPL000014` and must not be billed as it.
 */
export function isinFromRequest(input: unknown): string | null {
  if (typeof input !== 'string' || input.length !== 12) return null;
  return normaliseIsin(input);
}

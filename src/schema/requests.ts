import { isinFromRequest } from './isin';
import { z } from './zod';

/**
 * An ISIN's shape as the document states it: two letters, nine letters or digits, a digit, any case, nothing
 * around them. The check digit, which no pattern can state, is checked as well (400 invalid_isin).
 */
export const ISIN_DOCUMENTED_PATTERN = '^[A-Za-z]{2}[A-Za-z0-9]{9}[0-9]$';

/** An ISIN as a client sends it: exactly 12 characters, checksum valid; answered upper-case. */
export const RequestIsin = z.string().transform((value, ctx) => {
  const isin = isinFromRequest(value);
  if (isin === null) {
    ctx.addIssue({ code: 'custom', message: 'not a valid ISIN' });
    return z.NEVER;
  }
  return isin;
});

/** The entries of a comma-separated query list (`isins=A, B,,C`): trimmed, empty ones skipped. */
export function listEntries(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Every entry as a canonical ISIN, or the first entry that is not one. */
export function requestIsins(entries: readonly string[]): { isins: string[] } | { invalid: string } {
  const isins: string[] = [];
  for (const entry of entries) {
    const isin = isinFromRequest(entry);
    if (isin === null) return { invalid: entry };
    isins.push(isin);
  }
  return { isins };
}

/**
 * What String.prototype.trim() removes, spelt out as a regex class body: the document's patterns are
 * read by ECMAScript validators and by Python generators (Schemathesis), whose `\s` differ.
 */
export const TRIMMED_CLASS = '\\x09-\\x0d\\x20\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/** Characters as a reader counts them (code points, as JSON Schema's lengths and patterns do), not UTF-16 units. */
export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * The documented pattern of a text parameter that is trimmed, then must have `min` (1 or more) to `max`
 * characters and none of the class `forbidden` (a regex class body, e.g. control characters).
 */
export function trimmedTextPattern(min: number, max: number, forbidden: string): string {
  if (min < 1 || max < min) throw new Error(`trimmedTextPattern: bad bounds ${min}..${max}`);
  const edge = `[^${TRIMMED_CLASS}${forbidden}]`;
  const inner = `[^${forbidden}]`;
  const body =
    min === 1 ? `${edge}(?:${inner}{0,${max - 2}}${edge})?` : `${edge}${inner}{${min - 2},${max - 2}}${edge}`;
  return `^[${TRIMMED_CLASS}]*${body}[${TRIMMED_CLASS}]*$`;
}

/**
 * A trimmed text parameter: `min` to `max` characters (code points) after trimming, none matching
 * `forbidden`; documented by the equivalent pattern (and no minLength/maxLength, which would count the
 * surrounding spaces). `messages` name the parameter for the 400.
 */
export function trimmedText(
  min: number,
  max: number,
  forbidden: { chars: string; message: string },
  messages: { type: NonNullable<Parameters<typeof z.string>[0]>; short: string; long: string },
) {
  const forbiddenChar = new RegExp(`[${forbidden.chars}]`);
  return z
    .string(messages.type)
    .trim()
    .refine((text) => codePoints(text) >= min, messages.short)
    .refine((text) => codePoints(text) <= max, messages.long)
    .refine((text) => !forbiddenChar.test(text), forbidden.message)
    .openapi({ pattern: trimmedTextPattern(min, max, forbidden.chars) });
}

/** C0 controls and DEL: NUL cannot reach Postgres at all, and no name holds one. */
export const C0_CONTROLS = '\\x00-\\x1f\\x7f';
/** Every Unicode control character (general category Cc): C0, DEL and C1. */
export const ALL_CONTROLS = '\\x00-\\x1f\\x7f-\\x9f';

/**
 * A `limit` query parameter: a whole number from 1 to `max` (at most 999), written with 1 to 3 digits and
 * nothing else (no sign, exponent, spaces or fraction: `1e2` is refused), `fallback` when absent.
 * Documented as the integer it is read as.
 */
export function limitParameter(max: number, fallback: number, description: string) {
  if (max > 999) throw new Error(`limitParameter: ${max} has more than 3 digits`);
  const range = `limit must be a whole number from 1 to ${max}`;
  return z
    .string({ error: range })
    .regex(/^[0-9]{1,3}$/, range)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, range)
    .default(fallback)
    .openapi({ type: 'integer', minimum: 1, maximum: max, default: fallback, description });
}

import { isinFromRequest } from '../domain/isin';
import { z } from './zod';

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
  return raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
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

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

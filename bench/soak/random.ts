/** Deterministic choices: one generator seeded by SOAK_SEED, and the made-up ISINs that depend on the seed. */
import { prng } from '../../samples/funds';
import { isinCheckDigit } from '../../src/schema/isin';
import { SEED } from './settings';

export const random = prng(SEED);
export const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
export const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

export function sample<T>(items: readonly T[], n: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}

const isinOf = (prefix: string, n: number) => {
  const body = `${prefix}${String(n).padStart(11 - prefix.length, '0')}`;
  return body + isinCheckDigit(body);
};

/** An ISIN no fund has (a load finds nothing: 404). */
export const unknownIsin = (n: number) => isinOf(`ZZSK${SEED % 10}`, n);
/** A valid ISIN the demo has never loaded (404 not_cached). */
export const notCachedIsin = (n: number) => isinOf(`ZZSD${SEED % 10}`, n);

import { ISIN_PATTERN, normaliseIsin } from '../../schema/isin';

/**
 * ISINs inside text, built on the domain's one ISIN pattern. Linear: an ISIN is a fixed twelve characters,
 * so each attempt of a global scan for one costs a constant (a label pattern put before it follows the
 * LINEAR TIME rules of parsers/kid.ts).
 */

/** Regex source of an ISIN standing as a word of its own; group 1 is the ISIN. */
export const ISIN_IN_TEXT = String.raw`\b(${ISIN_PATTERN})\b`;

/** Where a valid ISIN was found: the canonical ISIN and the offset of the match that holds it. */
export interface IsinMatch {
  isin: string;
  index: number;
}

/**
 * The first valid ISIN (check digit verified) that `pattern` finds in `text`, reading its group 1; the
 * default looks for any ISIN standing as a word. A pattern may put a label before the group ("ISIN: ...").
 */
export function firstIsin(text: string, pattern: string = ISIN_IN_TEXT): IsinMatch | null {
  for (const m of text.matchAll(new RegExp(pattern, 'g'))) {
    const isin = normaliseIsin(m[1]);
    if (isin) return { isin, index: m.index ?? 0 };
  }
  return null;
}

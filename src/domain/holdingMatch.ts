import { ISIN_SHAPE } from '../schema/isin';
import type { FundHolding } from './holdings';
import { ISSUER_NOISE, SHARE_CLASS_LETTERS_MAX, SHARE_CLASS_WORDS } from './issuerKey';

/**
 * Matching holdings across funds (spec 4.5, 2.7 topHoldings, 2.8): the rule and its version, the
 * methodology text, and the cash and derivative predicate. Pure, no I/O. The issuer key is in
 * issuerKey.ts; the matcher that applies the rule to two funds (overlap) or many (portfolio
 * look-through), HoldingMatcher, is in holdingIndex.ts.
 *
 * The rule (the contract): two holdings match on the holding ISIN when both have one, otherwise on
 * issuerKey(issuer ?? name). Grouping, without double counting, works on connected components:
 * 1. Each fund's lines are first merged into positions: lines sharing an ISIN, and all lines under an
 *    issuer key that has a line without ISIN in that fund ("Alphabet" next to "Alphabet A" and
 *    "Alphabet C" could be either share class, so the three are one position).
 * 2. Positions of different funds are linked when they share an ISIN, or when they share an issuer key
 *    and some fund of the set has a line without ISIN under that key (the suggested per-key rule: if
 *    any holding under key k lacks an ISIN, everything under k is one group; else k's holdings group
 *    by ISIN). ISIN links also join lines printed under different names ("GOOGL" / "Alphabet Inc A").
 * 3. A group is a connected component of these links; its weight on a fund is the sum of that fund's
 *    lines in it, so no line is counted twice. Labels: the largest line's name as printed.
 * Cash and derivative lines never match (two funds both holding "USD CASH" do not overlap), nor do
 * lines with a weight that is not a positive number (shorts, blanks).
 */

/** Version of the look-through rules (matching, overlap, portfolio aggregation: one rule set); bump on any change. */
export const LOOKTHROUGH_RULES_VERSION = 'lookthrough-2026-11';

/** The label under which cash and derivative lines are grouped in look-through breakdowns. */
export const CASH_AND_DERIVATIVES = 'Cash and/or Derivatives';

/** The exact normalisation, for the methodology page; generated from the tables of issuerKey.ts. */
export const HOLDING_MATCH_RULES =
  'Two holdings match on their ISIN when both lines carry one (a twelve-character ISIN shape), otherwise on the ' +
  'issuer key of the issuer name (the holding name when no issuer is given). The issuer key is the name in ' +
  'Unicode NFKD with diacritics removed (and ß, ø, æ, œ, ł, đ, ı folded to ss, o, ae, oe, l, d, i), lower-cased, ' +
  '"&" read as "and", every run of characters other than letters and digits turned into one space; then, ' +
  'repeatedly, trailing noise is dropped: numbers (coupons and maturity dates, "3.25% 2030"), a month name ' +
  `right before such a number, "${SHARE_CLASS_WORDS.join('", "')}" followed by a class of at most ` +
  `${SHARE_CLASS_LETTERS_MAX} characters, legal forms (${ISSUER_NOISE.legalForm.join(', ')}), share-class ` +
  `markers (${ISSUER_NOISE.shareClass.join(', ')}) and bond terms (${ISSUER_NOISE.bondTerms.join(', ')}); ` +
  'finally a leading "the" is dropped. A name left empty keys on its tokens before dropping; a blank name ' +
  'matches nothing. Holdings group transitively: lines sharing an ISIN, and every line under an issuer key ' +
  'when any fund compared lists a line without ISIN under it, form one group, weighed once per fund. Cash ' +
  'and derivative lines, and lines without a positive weight, never match.';

// ---------------------------------------------------------------------------------------------
// Cash and derivatives
// ---------------------------------------------------------------------------------------------

const CASH_ASSET_CLASS =
  /cash|money\s*market|future|^\s*fx\s*$|forward|swap|option|derivative|collateral|margin|currency/i;
const CASH_SECTOR = /cash and\/or derivatives|^\s*cash\s*$/i;
/**
 * Name markers, read only on lines without ISIN: whole words, and not the singular "future" or
 * "option", which are companies too (Future plc, Option Care Health).
 */
const CASH_NAME =
  /\b(?:cash|fx|fwd|forwards?|futures|fut|swaps?|options|derivatives?|collateral|margin|sweep)\b|\bmoney\s+market\b/i;

/**
 * Cash, money-market sweep, FX and derivative lines, the domain's equivalent of the holdings parser's
 * predicate: marked in the asset class ("Cash", "Futures", "FX"), the sector ("Cash and/or
 * Derivatives") or, for lines without ISIN, the name ("USD CASH", "S&P500 EMINI FUT DEC25").
 */
export function isCashOrDerivativeHolding(h: Pick<FundHolding, 'name' | 'isin' | 'assetClass' | 'sector'>): boolean {
  return (
    (h.assetClass !== null && CASH_ASSET_CLASS.test(h.assetClass)) ||
    (h.sector !== null && CASH_SECTOR.test(h.sector)) ||
    (holdingIsin(h.isin) === null && CASH_NAME.test(h.name))
  );
}

/**
 * isCashOrDerivativeHolding for one computation's many lines (HoldingMatcher), memoised by asset class
 * and sector, which repeat line after line; `hasIsin` says whether the line has a usable ISIN
 * (holdingIsin), as the name is read only without one.
 */
export function cashOrDerivativeTest(): (h: FundHolding, hasIsin: boolean) => boolean {
  const [cashClass, cashSector] = [new MemoTest(CASH_ASSET_CLASS), new MemoTest(CASH_SECTOR)];
  return (h, hasIsin) =>
    (h.assetClass !== null && cashClass.test(h.assetClass)) ||
    (h.sector !== null && cashSector.test(h.sector)) ||
    (!hasIsin && CASH_NAME.test(h.name));
}

/** A usable ISIN or null: trimmed, upper-cased, ISIN-shaped ("-" and "N/A" columns do not match). */
export function holdingIsin(raw: string | null): string | null {
  if (raw === null) return null;
  if (ISIN_SHAPE.test(raw)) return raw;
  const isin = raw.trim().toUpperCase();
  return ISIN_SHAPE.test(isin) ? isin : null;
}

/** A pattern's answer per text, remembered; the previous text is compared first, which spares the hashing. */
class MemoTest {
  private readonly answers = new Map<string, boolean>();
  private lastText: string | null = null;
  private lastAnswer = false;

  constructor(private readonly pattern: RegExp) {}

  test(text: string): boolean {
    if (text === this.lastText) return this.lastAnswer;
    let answer = this.answers.get(text);
    if (answer === undefined) this.answers.set(text, (answer = this.pattern.test(text)));
    this.lastText = text;
    return (this.lastAnswer = answer);
  }
}

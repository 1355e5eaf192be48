/**
 * The issuer key (spec 4.5): the normalised issuer name holdings are matched on when an ISIN is
 * missing, with the tables it drops (ISSUER_NOISE, share-class words) and the tokeniser under it.
 * Pure functions, no I/O; the matching rule that uses the key is in holdingMatch.ts.
 */

/**
 * Trailing noise dropped from issuer names, repeatedly, as whole tokens. Phrases are written as they
 * look once punctuation became spaces ("S.A." is "s a", "A/S" is "a s", "& Co" is "and co").
 */
export const ISSUER_NOISE = {
  legalForm: [
    'inc',
    'incorporated',
    'corp',
    'corporation',
    'co',
    'company',
    'and co',
    'and company',
    'ltd',
    'limited',
    'plc',
    'llc',
    'lp',
    'l p',
    'sa',
    's a',
    'ag',
    'nv',
    'n v',
    'se',
    'spa',
    's p a',
    'bv',
    'b v',
    'ab',
    'asa',
    'oyj',
    'as',
    'a s',
    'kgaa',
    'gmbh',
    'sarl',
    's a r l',
    'srl',
    's r l',
    'sas',
    's a s',
    'pte',
    'pty',
    'bhd',
    'tbk',
    'sab de cv',
    'sa de cv',
  ],
  shareClass: [
    'ord',
    'ordinary',
    'reg',
    'registered',
    'adr',
    'gdr',
    'sponsored',
    'pref',
    'preferred',
    'non voting',
    'units',
    'unit',
    'shs',
    'shares',
    'share',
    'common stock',
    'npv',
  ],
  bondTerms: [
    'frn',
    'float',
    'floating',
    'perp',
    'perpetual',
    'bond',
    'bonds',
    'note',
    'notes',
    'mtn',
    'emtn',
    'sr',
    'senior',
    'unsec',
    'unsecured',
    'regs',
    'reg s',
    '144a',
  ],
} as const;

/** Followed by a token of at most two characters, these name a share class: "Class A", "CL B", "Series C1". */
export const SHARE_CLASS_WORDS: readonly string[] = ['class', 'cl', 'series'];
/** The longest share-class token after a SHARE_CLASS_WORDS word ("A", "C1"). */
export const SHARE_CLASS_LETTERS_MAX = 2;

/** Month names, dropped only right before a dropped number: the maturity in "15-Jun-2031" or "Jun 2031". */
const MONTHS = new Set(
  'jan january feb february mar march apr april may jun june jul july aug august sep sept september oct october nov november dec december'.split(
    ' ',
  ),
);

/** Phrases by their last token, longest first, so each step looks at a handful of candidates. */
const NOISE_BY_LAST_TOKEN: ReadonlyMap<string, readonly string[][]> = (() => {
  const byLast = new Map<string, string[][]>();
  for (const phrase of Object.values(ISSUER_NOISE).flat()) {
    const tokens = phrase.split(' ');
    const last = tokens[tokens.length - 1];
    byLast.set(
      last,
      [...(byLast.get(last) ?? []), tokens].sort((a, b) => b.length - a.length),
    );
  }
  return byLast;
})();

/** Letters NFKD does not decompose, folded by hand so "Ørsted" keys as "Orsted" does. */
const FOLDED_LETTERS: Readonly<Record<string, string>> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ı: 'i' };
const FOLDABLE = /[ßøæœłđı]/g;
const COMBINING_MARKS = /\p{M}+/gu;
/** One run of anything but letters and digits: a single character class, so matching is linear. */
const NON_WORD_RUN = /[^\p{L}\p{N}]+/u;
const ASCII = /^[\x00-\x7f]*$/;

/** Lower-case tokens of a name: NFKD without diacritics, "&" as "and", punctuation and symbols as spaces. */
export function issuerTokens(text: string): string[] {
  if (ASCII.test(text)) return asciiTokens(text.toLowerCase()); // same tokens, five times faster
  const plain = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(COMBINING_MARKS, '')
    .replace(FOLDABLE, (c) => FOLDED_LETTERS[c])
    .replaceAll('&', ' and ');
  return plain.split(NON_WORD_RUN).filter((t) => t !== '');
}

/** Runs of [a-z0-9] of a lower-cased ASCII text, with "&" as the token "and". */
function asciiTokens(lower: string): string[] {
  const tokens: string[] = [];
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32;
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 122)) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0) tokens.push(lower.slice(start, i));
    start = -1;
    if (c === 38) tokens.push('and');
  }
  return tokens;
}

function isNumber(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return token.length > 0;
}

/**
 * The normalised issuer name holdings are matched on when an ISIN is missing: issuerTokens, then
 * trailing noise (ISSUER_NOISE, share-class letters, numbers such as coupons and maturity dates)
 * dropped repeatedly, then a leading "the". Linear in the name's length. A name that normalises to
 * nothing ("Inc.") keys on its tokens as they were ("inc"), else on its trimmed lower-cased text;
 * only a blank name gives '', which matches nothing.
 */
export function issuerKey(name: string): string {
  const tokens = issuerTokens(name);
  let end = tokens.length;
  let afterNumber = false;
  for (let drop = noiseAtEnd(tokens, end, afterNumber); drop > 0; drop = noiseAtEnd(tokens, end, afterNumber)) {
    afterNumber = drop === 1 && isNumber(tokens[end - 1]);
    end -= drop;
  }
  const start = tokens[0] === 'the' ? 1 : 0;
  if (end > start) return tokens.slice(start, end).join(' ');
  return tokens.length > 0 ? tokens.join(' ') : name.trim().toLowerCase();
}

/** How many tokens at the end of tokens[0, end) are noise (0: none). */
function noiseAtEnd(tokens: readonly string[], end: number, afterNumber: boolean): number {
  if (end === 0) return 0;
  const last = tokens[end - 1];
  if (isNumber(last) || (afterNumber && MONTHS.has(last))) return 1;
  for (const phrase of NOISE_BY_LAST_TOKEN.get(last) ?? []) {
    if (phrase.length <= end && phrase.every((t, i) => tokens[end - phrase.length + i] === t)) return phrase.length;
  }
  if (end >= 2 && last.length <= SHARE_CLASS_LETTERS_MAX && SHARE_CLASS_WORDS.includes(tokens[end - 2])) return 2;
  return 0;
}

/**
 * The first token of an ASCII name's issuer key, cheaply (no key computed); null when it cannot tell
 * (non-ASCII, no letter or digit, or a leading "the" the key may drop). HoldingMatcher uses it to skip
 * keying lines whose key can equal no name key.
 */
export function firstKeyWord(name: string): string | null {
  let start = -1;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c > 127) return null;
    const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (alnum && start < 0) start = i;
    else if (!alnum && start >= 0) return wordOrNull(name.slice(start, i));
    else if (c === 38 && start < 0) return 'and'; // "&" reads "and"
  }
  return start >= 0 ? wordOrNull(name.slice(start)) : null;
}

function wordOrNull(word: string): string | null {
  const lower = word.toLowerCase();
  return lower === 'the' ? null : lower;
}

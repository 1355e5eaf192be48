/**
 * Turns the phrases of a language table into regex sources. A phrase is text as printed, with a little
 * syntax: `(a|b)` for alternatives, `[x]` for an optional part (both unnested), `{name}` for a
 * placeholder filled from `slots`, and `\x` for a literal syntax character. Letters match in either
 * case only when `caseLoose` is set (the regex then needs no `i` flag, so the rest of it can demand
 * capitals); accented letters also match their bare form.
 *
 * LINEAR TIME (see parsers/kid.ts): a blank becomes `\s+` between fixed words and an optional part
 * carries its own blank, so a run of blanks (one character in a normalised line) has one reading.
 */

export interface PhraseOptions {
  /** Regex sources for `{name}` placeholders. */
  slots?: Record<string, string>;
  /** Each letter as `[xX]`, for regexes that must stay case-sensitive elsewhere. */
  caseLoose?: boolean;
}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/]/;

export function phraseSource(phrase: string, options: PhraseOptions = {}): string {
  let out = '';
  for (let i = 0; i < phrase.length; i++) {
    const ch = phrase[i];
    if (ch === '\\' && i + 1 < phrase.length) {
      out += literal(phrase[++i], options);
    } else if (ch === '(') {
      out += '(?:';
    } else if (ch === ')') {
      out += ')';
    } else if (ch === '|') {
      out += '|';
    } else if (ch === '[') {
      out += '(?:';
    } else if (ch === ']') {
      out += ')?';
    } else if (ch === '{') {
      const end = phrase.indexOf('}', i);
      const name = phrase.slice(i + 1, end);
      const slot = options.slots?.[name];
      if (end < 0 || slot === undefined) throw new Error(`unknown placeholder {${name}} in "${phrase}"`);
      out += slot;
      i = end;
    } else if (ch === ' ') {
      out += '\\s+';
    } else {
      out += literal(ch, options);
    }
  }
  return out;
}

function literal(ch: string, options: PhraseOptions): string {
  if (REGEX_SPECIAL.test(ch)) return `\\${ch}`;
  const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
  const forms = new Set([ch, bare]);
  if (options.caseLoose)
    for (const f of [...forms]) {
      forms.add(f.toLowerCase());
      forms.add(f.toUpperCase());
    }
  const list = [...forms].filter((f) => f.length === 1);
  return list.length > 1 ? `[${list.join('')}]` : ch;
}

/**
 * The letters of the EEA's scripts as a character class that needs no `u` flag (Latin with its extensions, Greek,
 * Cyrillic), so a phrase can be required to end at a word's end ("fee" is not "feed", "úvěr" is not "úvěru").
 */
export const LETTER = String.raw`[A-Za-zªºÀ-ÖØ-öø-ɏͰ-ϿЀ-ӿḀ-ỿ]`;
const WORD_END = `(?!${LETTER})`;
const WORD_START = `(?<!${LETTER})`;

/** Alternatives, longest first so that "entry costs" is preferred to "entry". */
export function anyOf(phrases: readonly string[], options: PhraseOptions = {}): string {
  if (phrases.length === 0) return '(?!)'; // matches nothing: a table may leave a list empty
  const sources = [...new Set(phrases)].sort((a, b) => b.length - a.length).map((p) => phraseSource(p, options));
  return `(?:${sources.join('|')})`;
}

/** The phrases as whole words: not inside a longer word on either side. */
export function wordsOf(phrases: readonly string[], options: PhraseOptions = {}): string {
  return `${WORD_START}${anyOf(phrases, options)}${WORD_END}`;
}

/** Phrases that open a line, as whole words: labels of a table's rows and sections. */
export function lineStart(phrases: readonly string[], options: PhraseOptions = {}): RegExp {
  return new RegExp(`^${anyOf(phrases, options)}${WORD_END}`, 'i');
}

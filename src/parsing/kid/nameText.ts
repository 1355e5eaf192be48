import { ISIN_IN_TEXT } from '../text/isin';
import { TERM_ARTICLE, type Vocabulary } from './vocabulary';

/**
 * What may be a product's name and how a name is cleaned: the text rules the name strategies of identity.ts share.
 * Patterns follow the LINEAR TIME rules of parsers/kid.ts: the text comes from outside.
 */

/**
 * "Devise : EUR", "PRIIP manufacturer: X", "Správcovská společnost: X": a labelled line, in any EEA script, is never
 * part of a name. Linear: anchored, and the label is at most 40 characters.
 */
const LABEL_LINE = /^[\p{L}' /-]{2,40}\s?:(?:\s|$)/u;

/** A web address ("www.example.com", "https://...", a bare "example.com/kid" line) is never a name. */
const WEB_ADDRESS = /(?:https?:\/\/|(?<![\p{L}\p{N}])www\.)/iu;
// Linear: anchored at both ends, the host bounded.
const BARE_DOMAIN = /^[\w.-]{1,100}\.[a-z]{2,6}(?:\/\S*)?$/i;

export function isLabelLine(text: string): boolean {
  return LABEL_LINE.test(text);
}

export function isWebAddress(text: string): boolean {
  return WEB_ADDRESS.test(text) || BARE_DOMAIN.test(text);
}

/** A short line that may hold (part of) a name: no sentence, heading, bullet, label or web address. */
export function isNameLine(text: string, vocabs: readonly Vocabulary[]): boolean {
  return (
    text.length > 0 &&
    text.length <= 100 &&
    !/[.:]$/.test(text) &&
    !vocabs.some(
      (v) =>
        v.headerNoise.test(text) ||
        v.sectionHeading.test(text) ||
        v.purposeText.test(text) ||
        v.managedByLine.test(text),
    ) &&
    // A bullet (a symbol font's glyph often comes out as "n" or "l") starts a paragraph, not a name.
    !/^(?:[•▪■●◦‣–-]|[nlq] (?=\p{Lu}))/u.test(text) &&
    !isLabelLine(text) &&
    !isWebAddress(text)
  );
}

/** Defined terms of every table, the article optional: `(the "Fund")`, `(il Fondo)`, `(die "Anteilsklasse")`. */
function definedTerms(vocabs: readonly Vocabulary[]): RegExp {
  const key = vocabs.map((v) => v.code).join();
  const cached = DEFINED_TERMS.get(key);
  if (cached) return cached;
  const terms = vocabs.flatMap((v) => [v.fundTerm, v.classTerm, v.managerTerm]).join('|');
  // Linear: each blank is one optional character, the article at most four letters.
  const re = new RegExp(String.raw`\(\s?(?:${TERM_ARTICLE}\s)?"?\s?(?:${terms})\s?"?\s?\)`, 'gi');
  DEFINED_TERMS.set(key, re);
  return re;
}

const DEFINED_TERMS = new Map<string, RegExp>();

/**
 * The name as a reader copies it: without the defined-term asides, the ISIN and the brackets it leaves empty, quotes
 * around a label (`"AX EUR"`), a trailing remark that is no part of the name ("(sottoscrizione PIC)"), and the
 * separators left dangling.
 */
export function cleanName(raw: string, vocabs: readonly Vocabulary[]): string {
  // Linear: one blank run per optional part, and blank-led patterns start at a run's first blank:
  // (?<!\s), or (?!(?<=\s)\s) ("not inside a run") where the match may also start at "(".
  const name = raw
    .replace(definedTerms(vocabs), '')
    .replace(/\((?:the|le|la)?\s*(?:"\s*)?(?:company|sub-fund|compartiment)\s*"?\)/gi, '')
    .replace(/(?!(?<=\s)\s)\(?\s*(?:code\s+)?ISIN\b[^)]*\)?/gi, '')
    .replace(new RegExp(ISIN_IN_TEXT, 'g'), '')
    .replace(/\(\s?\)/g, '')
    .replace(/"([^"\n]{1,80})"/g, '$1')
    .replace(/\t/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return withoutRemark(name, vocabs)
    .replace(/(?<!\s)\s+([-–,])\s*$/, '')
    .replace(/(?<!\s)\s+-\s+/g, ' - ')
    .trim();
}

/**
 * A trailing bracketed remark that is no part of the name: it opens with a lower-case word that names no share class
 * ("(sottoscrizione PIC)", "(in liquidazione)"), where a name's own brackets hold a code or a class ("(EUR)", "(Acc)",
 * "(UK)", "(ausschüttend)", "(distribuzione)").
 */
function withoutRemark(name: string, vocabs: readonly Vocabulary[]): string {
  // Linear: the remark is at most 60 characters, and the blank run before it is tried from its first blank only.
  const m = /(?<!\s)\s*(?:[-–]\s*)?\(([^()]{1,60})\)$/.exec(name);
  if (!m || m.index === 0) return name;
  const remark = m[1].trim();
  const isRemark = /^\p{Ll}/u.test(remark) && !vocabs.some((v) => v.classWords.test(remark));
  return isRemark ? name.slice(0, m.index) : name;
}

export function wordsIn(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

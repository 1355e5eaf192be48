import { ISIN_PATTERN } from '../../schema/isin';
import type { Hit } from '../text/hits';
import { firstIsin, ISIN_IN_TEXT } from '../text/isin';
import type { LineIndex } from '../text/lines';
import { definedTerm, firstIn, type Vocabulary } from './vocabulary';

/**
 * Who and what a KID or KIID is about: the ISIN, the product or share-class name, the manager.
 * Patterns follow the LINEAR TIME rules of parsers/kid.ts: the text comes from outside.
 */

// Linear: one blank run before each optional part, never two adjacent \s*.
const LABELLED_ISIN = String.raw`\bISIN\b\s*(?:code\s*)?(?:[:\-]\s*)?(${ISIN_PATTERN})\b`;

/** The first ISIN announced by an "ISIN" label, else the first valid ISIN anywhere (check digit verified). */
export function findIsin(doc: LineIndex): Hit<string> | null {
  const found = firstIsin(doc.flat, LABELLED_ISIN) ?? firstIsin(doc.flat);
  return found && { value: found.isin, page: doc.pageAt(found.index) };
}

/**
 * Name as labelled ("Product:", "Share Class:"), else as defined in a sentence (`X (the "Fund"), Y (the "Share
 * Class")`), else the unlabelled name block next to the ISIN (UCITS KIIDs).
 */
export function findName(doc: LineIndex, isin: string | null, vocabs: readonly Vocabulary[]): Hit<string> | null {
  return (
    firstIn(vocabs, (v) => labelledName(doc, v)) ??
    firstIn(vocabs, (v) => definedName(doc, v)) ??
    nameBlockNearIsin(doc, isin, vocabs)
  );
}

function labelledName(doc: LineIndex, v: Vocabulary): Hit<string> | null {
  const head = doc.lines.slice(0, 60);
  const found: Partial<Record<'class' | 'product', Hit<string>>> = {};
  for (const [kind, re] of [
    ['class', v.classLabel],
    ['product', v.productLabel],
  ] as const) {
    for (const line of head) {
      const m = re.exec(line.text);
      const value = m ? cleanName(m[1]) : '';
      if (value) {
        found[kind] = { value, page: line.page };
        break;
      }
    }
  }
  const { class: shareClass, product } = found;
  // A short class label ("A EUR Acc") only makes sense after the fund name.
  if (shareClass && product && wordsIn(shareClass.value) <= 4 && !product.value.includes(shareClass.value)) {
    return { value: `${product.value} - ${shareClass.value}`, page: product.page };
  }
  return shareClass ?? product ?? null;
}

/** Characters of the title block searched for a defined name: the product section is near the top. */
const DEFINED_NAME_WINDOW = 3000;

/**
 * `iShares MSCI World Islamic UCITS ETF (der "Fonds"), USD Dist (die "Anteilsklasse"), ISIN: ...` and
 * `Fund X (the "Fund"), a sub-fund of Y (the "Company"), Acc (ISIN: ...) (the "Share Class")`: the fund is
 * what precedes its defined term, the class is the last clause before the class's defined term.
 */
function definedName(doc: LineIndex, v: Vocabulary): Hit<string> | null {
  const head = doc.flat.slice(0, DEFINED_NAME_WINDOW);
  // The fund's name is on the line of its defined term (a heading or title above it is not part of it).
  const fund = new RegExp(`([^.;:()"\\n]{3,150}?)[^\\S\\n]*${definedTerm(v.fundTerm)}`).exec(head);
  if (!fund) return null;
  const fundName = cleanName(fund[1].replace(v.headerNoise, ''));
  if (!fundName) return null;
  const after = head.slice(fund.index + fund[0].length, fund.index + fund[0].length + 400).replace(/\n/g, ' ');
  const shareClass = new RegExp(`([^()"]{1,200}?)\\s*(?:\\([^()]{0,40}\\)\\s*)?${definedTerm(v.classTerm)}`).exec(
    after,
  );
  const classClause = shareClass ? cleanName(shareClass[1].split(/\),|,/).pop() ?? '') : '';
  const value = classClause && wordsIn(classClause) <= 6 ? `${fundName} - ${classClause}` : fundName;
  return { value, page: doc.pageAt(fund.index) };
}

/**
 * UCITS KIIDs print the fund name, the umbrella, the share class and the ISIN as a small unlabelled block,
 * often in two columns, so the name can arrive split around the ISIN line. Collect the short non-sentence
 * lines around the ISIN and rebuild "Fund name - Share class".
 */
function nameBlockNearIsin(doc: LineIndex, isin: string | null, vocabs: readonly Vocabulary[]): Hit<string> | null {
  if (!isin) return null;
  const at = doc.lines.findIndex((l) => l.text.includes(isin));
  if (at < 0) return null;
  const block: string[] = [];
  const inBlock = (text: string) => isNameBlockLine(text, vocabs);
  for (let i = at - 1; i >= Math.max(0, at - 6) && inBlock(doc.lines[i].text); i--) block.unshift(doc.lines[i].text);
  const isinLineRest = stripIsinMention(doc.lines[at].text, isin);
  if (isinLineRest) block.push(isinLineRest);
  for (let i = at + 1; i < Math.min(doc.lines.length, at + 4) && inBlock(doc.lines[i].text); i++)
    block.push(doc.lines[i].text);

  const parts = block.filter(
    (l) => !vocabs.some((v) => v.subFundOf.test(l) || v.managerLabel.test(l) || v.managerLabelNoColon.test(l)),
  );
  const isClass = (l: string) => isShareClassLine(l, vocabs);
  const classLines = parts.filter(isClass);
  const fundLines = parts.filter((l) => !isClass(l));
  if (fundLines.length === 0) return null;
  const fund = fundLines.join(' ');
  const value = classLines.length > 0 ? `${fund} - ${classLines.join(' ')}` : fund;
  return { value: cleanName(value), page: doc.lines[at].page };
}

function isNameBlockLine(text: string, vocabs: readonly Vocabulary[]): boolean {
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
    // "PRIIP manufacturer: X", "Initiateur du PRIIP : X": a labelled line is never part of the name.
    !/^[A-Za-zÀ-ÿ' ]{2,40}\s?:\s/.test(text)
  );
}

/** "Class A Accumulating", "Parts C", or a short line naming the income treatment ("USD Dist"). */
function isShareClassLine(text: string, vocabs: readonly Vocabulary[]): boolean {
  if (vocabs.some((v) => v.classLineStart.test(text))) return true;
  return (
    wordsIn(text) <= 6 && vocabs.some((v) => v.classWords.test(text)) && !vocabs.some((v) => v.fundWord.test(text))
  );
}

/** Characters around the ISIN searched for its label ("(code ISIN : ...)" is 20): a long line is never rescanned. */
const ISIN_MENTION_WINDOW = 40;

function stripIsinMention(text: string, isin: string): string {
  // Linear: the label pattern runs on a bounded window around the ISIN, with one blank run per optional part.
  const at = Math.max(0, text.indexOf(isin));
  const from = Math.max(0, at - ISIN_MENTION_WINDOW);
  const to = at + isin.length + ISIN_MENTION_WINDOW;
  const mention = new RegExp(`\\(?\\s*(?:code\\s+)?(?:ISIN\\s*(?:code\\s*)?(?:[:\\-]\\s*)?)?${isin}\\s*\\)?`, 'i');
  return `${text.slice(0, from)}${text.slice(from, to).replace(mention, ' ')}${text.slice(to)}`
    .replace(/(?<!\s)\s+[-–|]\s*$|^\s*[-–|]\s+/g, '') // (?<!\s): tried from the first blank of a run only
    .trim();
}

/** Drops the defined-term asides and the ISIN that share the name's line. */
function cleanName(raw: string): string {
  // Linear: one blank run per optional part, and blank-led patterns start at a run's first blank:
  // (?<!\s), or (?!(?<=\s)\s) ("not inside a run") where the match may also start at "(".
  return raw
    .replace(/\((?:the|le|la)?\s*(?:"\s*)?(?:fund|fonds|product|produit|sub-fund|compartiment|company)\s*"?\)/gi, '')
    .replace(/(?!(?<=\s)\s)\(?\s*(?:code\s+)?ISIN\b[^)]*\)?/gi, '')
    .replace(new RegExp(ISIN_IN_TEXT, 'g'), '')
    .replace(/\t/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .replace(/(?<!\s)\s+([-–,])\s*$/, '')
    .replace(/(?<!\s)\s+-\s+/g, ' - ')
    .trim();
}

const ENTITY_SUFFIX = String.raw`(?:Limited|Ltd\.?|plc|PLC|S\.A\.|SA|S\.A\.S\.|SAS|GmbH|mbH|LLC|Inc\.?|AG|N\.V\.|B\.V\.|AB|SE|S\.à r\.l\.|S\.a\.r\.l\.|Sàrl|SGR|S\.p\.A\.|SpA|S\.L\.|SGIIC|S\.G\.I\.I\.C\.|SGOIC|S\.G\.O\.I\.C\.|KAG)`;
/** An entity name as a capturing group: capitalised, ending in a legal-form suffix. */
const ENTITY = String.raw`([A-Z][^,;\n"]{2,100}?${ENTITY_SUFFIX}(?![\w]))`;

/**
 * Manager/manufacturer: labelled, else defined in a sentence or "managed by X", else an entity name standing alone in
 * the header.
 */
export function findManager(doc: LineIndex, vocabs: readonly Vocabulary[]): Hit<string> | null {
  const flat = doc.flat.replace(/\n/g, ' ');
  return (
    firstIn(vocabs, (v) => labelledManager(doc, v)) ??
    describedManager(doc, flat, vocabs) ??
    standaloneManager(doc, vocabs)
  );
}

function labelledManager(doc: LineIndex, v: Vocabulary): Hit<string> | null {
  const entity = new RegExp(`^${ENTITY}`);
  for (const line of doc.lines.slice(0, 80)) {
    const m = v.managerLabel.exec(line.text);
    if (m && cleanEntity(m[1], v)) return { value: cleanEntity(m[1], v), page: line.page };
    // "PRIIP-Hersteller Invesco Investment Management Limited, ein Unternehmen der Invesco Group."
    const bare = v.managerLabelNoColon.exec(line.text);
    const named = bare && entity.exec(bare[1]);
    if (named) return { value: cleanEntity(named[1], v), page: line.page };
  }
  return null;
}

/**
 * "managed by X Limited", "X Limited (the "Management Company")", in any of the languages: one pattern
 * for all of them, since an entity name is costly to try at every capital of the text.
 */
function describedManager(doc: LineIndex, flat: string, vocabs: readonly Vocabulary[]): Hit<string> | null {
  const managedBy = vocabs.map((v) => v.managedBy).join('|');
  const terms = vocabs.map((v) => v.managerTerm).join('|');
  const patterns = [
    new RegExp(String.raw`(?<![\p{L}])(?:${managedBy})\s+${ENTITY}`, 'gu'),
    new RegExp(String.raw`${ENTITY}\s*${definedTerm(terms)}`, 'gu'),
  ];
  for (const re of patterns) {
    const m = re.exec(flat);
    if (m) return { value: vocabs.reduce((name, v) => cleanEntity(name, v), m[1]), page: doc.pageAt(m.index) };
  }
  return null;
}

function standaloneManager(doc: LineIndex, vocabs: readonly Vocabulary[]): Hit<string> | null {
  const standalone = new RegExp(String.raw`^([A-Z][\w&.,'() -]{2,80}?\b${ENTITY_SUFFIX}(?!\w))\s*(?:\("[^"]*"\))?\.?$`);
  for (const line of doc.lines.slice(0, 30)) {
    if (vocabs.some((v) => v.subFundOf.test(line.text))) continue;
    const s = standalone.exec(line.text);
    if (s) return { value: cleanEntity(s[1], vocabs[0]), page: line.page };
  }
  return null;
}

function cleanEntity(raw: string, v: Vocabulary): string {
  // Linear: each blank-led pattern is tried from the first blank of a run only ((?<!\s)).
  return (
    raw
      .replace(/(?<!\s)\s*\("[^"]*"\)/g, '')
      .replace(/(?<!\s)\s*\((?:the )?"?[^)]{1,20}"?\)\s*$/, '')
      .split(v.relativeSplit)[0]
      // A sentence's full stop goes, an abbreviation's stays ("Sample S.A.", "Example Ltd.").
      .replace(/(?<!\b(?:[A-Z]\.[A-Z]|Ltd|Inc|Corp|Co|Cie|plc|N\.V|B\.V))[.,;]\s*$/, '')
      .replace(/[,;]\s*$/, '')
      .trim()
  );
}

function wordsIn(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

import { ISIN_PATTERN } from '../../schema/isin';
import type { Hit } from '../text/hits';
import { firstIsin } from '../text/isin';
import type { LineIndex } from '../text/lines';
import { cleanName, isLabelLine, isNameLine, isWebAddress, wordsIn } from './nameText';
import { definedTerm, firstIn, type Vocabulary } from './vocabulary';

/**
 * What a KID or KIID is about: the ISIN and the product or share-class name, as the product section states it (the
 * manager is manager.ts's). The name is the fund's name then its share class, never a neighbouring line (currency,
 * web address, manager, a label).
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
 * Class")`), else the unlabelled name block next to the ISIN (UCITS KIIDs), else the line under the product heading
 * or the title.
 */
export function findName(doc: LineIndex, isin: string | null, vocabs: readonly Vocabulary[]): Hit<string> | null {
  return (
    firstIn(vocabs, (v) => labelledName(doc, v, isin, vocabs)) ??
    firstIn(vocabs, (v) => definedName(doc, v, vocabs)) ??
    nameBlockNearIsin(doc, isin, vocabs) ??
    firstIn(vocabs, (v) => headedName(doc, v, vocabs))
  );
}

/** Lines of the title block searched for labels and headings: the product section is near the top. */
const HEAD_LINES = 60;

interface Labelled extends Hit<string> {
  /** What the label's line holds in its other cells (after a tab): a two-column header's neighbour. */
  beside: string;
}

function labelledName(
  doc: LineIndex,
  v: Vocabulary,
  isin: string | null,
  vocabs: readonly Vocabulary[],
): Hit<string> | null {
  const shareClass = labelledValue(doc, v.classLabel, vocabs);
  const product = labelledValue(doc, v.productLabel, vocabs);
  // A short class label ("A EUR Acc") only makes sense after the fund name.
  const short = shareClass && wordsIn(shareClass.value) <= 4 ? shareClass : null;
  const fund = short && (product?.value ?? fundOfClass(doc, short, isin, vocabs));
  const found =
    short && fund
      ? { value: fund.includes(short.value) ? fund : `${fund} - ${short.value}`, page: product?.page ?? short.page }
      : (shareClass ?? product);
  return found && { value: found.value, page: found.page };
}

/** The first value of a label in the title block: its own cell, cleaned, when it may be a name. */
function labelledValue(doc: LineIndex, label: RegExp, vocabs: readonly Vocabulary[]): Labelled | null {
  for (const line of doc.lines.slice(0, HEAD_LINES)) {
    const m = label.exec(line.text);
    if (!m) continue;
    const [cell, ...others] = m[1].split('\t');
    const value = cleanName(cell, vocabs);
    if (value && !isLabelLine(value) && !isWebAddress(value))
      return { value, page: line.page, beside: others.join(' ').trim() };
  }
  return null;
}

/**
 * The fund a share-class label belongs to, when no product label names it: the header's other cell ("Anteilklasse: I
 * | Example Aktien"), else the fund lines of the name block around the ISIN.
 */
function fundOfClass(
  doc: LineIndex,
  shareClass: Labelled,
  isin: string | null,
  vocabs: readonly Vocabulary[],
): string | null {
  if (isNameLine(shareClass.beside, vocabs)) return cleanName(shareClass.beside, vocabs) || null;
  const block = nameBlock(doc, isin, vocabs);
  return block && block.fund.length > 0 ? cleanName(block.fund.join(' '), vocabs) || null : null;
}

/** Characters of the title block searched for a defined name: the product section is near the top. */
const DEFINED_NAME_WINDOW = 3000;

/**
 * `iShares MSCI World Islamic UCITS ETF (der "Fonds"), USD Dist (die "Anteilsklasse"), ISIN: ...` and
 * `Fund X (the "Fund"), a sub-fund of Y (the "Company"), Acc (ISIN: ...) (the "Share Class")`: the fund is
 * what precedes its defined term, the class is the last clause before the class's defined term.
 */
function definedName(doc: LineIndex, v: Vocabulary, vocabs: readonly Vocabulary[]): Hit<string> | null {
  const head = doc.flat.slice(0, DEFINED_NAME_WINDOW);
  // The fund's name is on the line of its defined term (a heading or title above it is not part of it).
  const fund = new RegExp(`([^.;:()"\\n]{3,150}?)[^\\S\\n]*${definedTerm(v.fundTerm)}`).exec(head);
  if (!fund) return null;
  const fundName = cleanName(fund[1].replace(v.headerNoise, ''), vocabs);
  if (!fundName) return null;
  const after = head.slice(fund.index + fund[0].length, fund.index + fund[0].length + 400).replace(/\n/g, ' ');
  const shareClass = new RegExp(`([^()"]{1,200}?)\\s*(?:\\([^()]{0,40}\\)\\s*)?${definedTerm(v.classTerm)}`).exec(
    after,
  );
  const classClause = shareClass ? cleanName(shareClass[1].split(/\),|,/).pop() ?? '', vocabs) : '';
  const value = classClause && wordsIn(classClause) <= 6 ? `${fundName} - ${classClause}` : fundName;
  return { value, page: doc.pageAt(fund.index) };
}

/**
 * UCITS KIIDs print the fund name, the umbrella, the share class and the ISIN as a small unlabelled block,
 * often in two columns, so the name can arrive split around the ISIN line. Rebuild "Fund name - Share class"; a
 * block of class lines only ("Example Actions Europe - Part C") is the name as printed.
 */
function nameBlockNearIsin(doc: LineIndex, isin: string | null, vocabs: readonly Vocabulary[]): Hit<string> | null {
  const block = nameBlock(doc, isin, vocabs);
  if (!block) return null;
  const name = cleanName([block.fund.join(' '), block.shareClass.join(' ')].filter(Boolean).join(' - '), vocabs);
  return name ? { value: name, page: block.page } : null;
}

/** Lines above and below the ISIN's line searched for the name block. */
const BLOCK_ABOVE = 6;
const BLOCK_BELOW = 3;

/**
 * The short lines around the ISIN, in reading order, split into fund and share-class lines. Above the ISIN, labelled
 * lines and web addresses are stepped over (the manager's or the currency's line may sit between the name and the
 * ISIN); below it, they end the block.
 */
function nameBlock(
  doc: LineIndex,
  isin: string | null,
  vocabs: readonly Vocabulary[],
): { fund: string[]; shareClass: string[]; page: number } | null {
  const at = isin ? doc.lines.findIndex((l) => l.text.includes(isin)) : -1;
  if (!isin || at < 0) return null;
  const lines: string[] = [];
  const inBlock = (text: string) => isNameLine(text, vocabs);
  for (let i = at - 1; i >= Math.max(0, at - BLOCK_ABOVE); i--) {
    const text = doc.lines[i].text;
    if (isLabelLine(text) || isWebAddress(text)) continue;
    if (!inBlock(text)) break;
    lines.unshift(text);
  }
  const isinLineRest = stripIsinMention(doc.lines[at].text, isin);
  if (inBlock(isinLineRest)) lines.push(isinLineRest);
  for (let i = at + 1; i < Math.min(doc.lines.length, at + BLOCK_BELOW + 1) && inBlock(doc.lines[i].text); i++)
    lines.push(doc.lines[i].text);

  const parts = lines.filter((l) => !vocabs.some((v) => v.subFundOf.test(l) || v.managerLabelNoColon.test(l)));
  const isClass = (l: string) => isShareClassLine(l, vocabs);
  const shareClass = parts.filter(isClass);
  const fund = parts.filter((l) => !isClass(l));
  return parts.length > 0 ? { fund, shareClass, page: doc.lines[at].page } : null;
}

/**
 * "Class A Accumulating", "Parts C", a short line naming the income treatment ("USD Dist"), or a short label in quotes
 * standing alone (`"AX EUR"`: the class's label, quoted as a defined term is).
 */
function isShareClassLine(text: string, vocabs: readonly Vocabulary[]): boolean {
  if (vocabs.some((v) => v.classLineStart.test(text)) || QUOTED_LABEL.test(text)) return true;
  return (
    wordsIn(text) <= 6 && vocabs.some((v) => v.classWords.test(text)) && !vocabs.some((v) => v.fundWord.test(text))
  );
}

const QUOTED_LABEL = /^"[^"\n]{1,40}"$/;

/** Characters around the ISIN searched for its label ("(code ISIN : ...)" is 20): a long line is never rescanned. */
const ISIN_MENTION_WINDOW = 40;

/**
 * "ISIN:", "ISIN code", "Code ISIN", "Cod ISIN", "ISIN kodas", "ISIN-kód", "Κωδικός ISIN", "Код ISIN": the label an
 * ISIN is printed with in the EEA's languages. Linear: fixed words, one blank run per optional part.
 */
const ISIN_CODE = '(?:code|codice|código|cod|kód|kod|koda|kodas|kods|kood|koodi|κωδικός|код)';
const ISIN_LABEL = String.raw`(?:${ISIN_CODE}\s+)?(?:ISIN(?:[\s-]?${ISIN_CODE})?\s*(?:[:\-]\s*)?)`;

function stripIsinMention(text: string, isin: string): string {
  // Linear: the label pattern runs on a bounded window around the ISIN, with one blank run per optional part.
  const at = Math.max(0, text.indexOf(isin));
  const from = Math.max(0, at - ISIN_MENTION_WINDOW);
  const to = at + isin.length + ISIN_MENTION_WINDOW;
  const mention = new RegExp(`\\(?\\s*${ISIN_LABEL}?${isin}\\s*\\)?`, 'iu');
  return `${text.slice(0, from)}${text.slice(from, to).replace(mention, ' ')}${text.slice(to)}`
    .replace(/(?<!\s)\s+[-–|]\s*$|^\s*[-–|]\s+/g, '') // (?<!\s): tried from the first blank of a run only
    .replace(/,\s*$/, '') // "Name, ISIN: X": the comma went with the ISIN
    .trim();
}

/** Lines under a heading searched for the name. */
const HEADED_LINES = 3;

/**
 * The first name line under the product heading ("Product", "Produit") or the document's title ("Wesentliche
 * Informationen zum Anlageprodukt"), labelled lines and web addresses stepped over: a product section that states
 * the name without a label, far from the ISIN.
 */
function headedName(doc: LineIndex, v: Vocabulary, vocabs: readonly Vocabulary[]): Hit<string> | null {
  const head = doc.lines.slice(0, HEAD_LINES);
  for (let i = 0; i < head.length; i++) {
    if (!v.productHeading.test(head[i].text) && !v.titleLine.test(head[i].text)) continue;
    for (const line of head.slice(i + 1, i + 1 + HEADED_LINES)) {
      if (isLabelLine(line.text) || isWebAddress(line.text)) continue;
      if (!isNameLine(line.text, vocabs)) break;
      const value = cleanName(line.text, vocabs);
      if (value) return { value, page: line.page };
    }
  }
  return null;
}

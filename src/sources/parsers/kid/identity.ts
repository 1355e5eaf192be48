import { ISIN_PATTERN } from '../../../domain/isin';
import type { Hit } from '../../text/hits';
import { firstIsin, ISIN_IN_TEXT } from '../../text/isin';
import type { LineIndex } from '../../text/lines';
import { SECTION_HEADING } from './statements';

/**
 * Who and what a KID or KIID is about: the ISIN, the product or share-class name, the manager.
 * Patterns follow the LINEAR TIME rules of parsers/kid.ts: the text comes from outside.
 */

// Linear: one blank run before each optional part, never two adjacent \s* (was (?:\s*code)?\s*[:\-]?\s*).
const LABELLED_ISIN = String.raw`\bISIN\b\s*(?:code\s*)?(?:[:\-]\s*)?(${ISIN_PATTERN})\b`;

/** The first ISIN announced by an "ISIN" label, else the first valid ISIN anywhere (check digit verified). */
export function findIsin(doc: LineIndex): Hit<string> | null {
  const found = firstIsin(doc.flat, LABELLED_ISIN) ?? firstIsin(doc.flat);
  return found && { value: found.isin, page: doc.pageAt(found.index) };
}

/** Labels that introduce the product or share-class name, most specific first. Values are (\S.*)$: see LINEAR TIME. */
const NAME_LABELS: Array<{ kind: 'class' | 'product'; re: RegExp }> = [
  { kind: 'class', re: /^(?:share|unit) class(?: name)?\s*:\s*(\S.*)$/i },
  { kind: 'class', re: /^(?:cat[ée]gorie de parts?|classe d'actions?|classe de parts?)\s*:\s*(\S.*)$/i },
  { kind: 'product', re: /^(?:name of (?:the )?product|product name|product|fund name|fund)\s*:\s*(\S.*)$/i },
  { kind: 'product', re: /^(?:nom du produit|nom du fonds|produit|fonds)\s*:\s*(\S.*)$/i },
];

/** Lines that may precede the name block and are never part of the name. */
const HEADER_NOISE = /^(?:key investor information|key information document|informations? cl[ée]s|document d'informations|purpose|product|objectif|produit|page \d)/i;

/** Name as labelled ("Product:", "Share Class:"), else the unlabelled name block next to the ISIN (UCITS KIIDs). */
export function findName(doc: LineIndex, isin: string | null): Hit<string> | null {
  return labelledName(doc) ?? nameBlockNearIsin(doc, isin);
}

function labelledName(doc: LineIndex): Hit<string> | null {
  const head = doc.lines.slice(0, 60);
  const found: Partial<Record<'class' | 'product', Hit<string>>> = {};
  for (const { kind, re } of NAME_LABELS) {
    if (found[kind]) continue;
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

/**
 * UCITS KIIDs print the fund name, the umbrella, the share class and the ISIN as a small unlabelled block,
 * often in two columns, so the name can arrive split around the ISIN line. Collect the short non-sentence
 * lines around the ISIN and rebuild "Fund name - Share class".
 */
function nameBlockNearIsin(doc: LineIndex, isin: string | null): Hit<string> | null {
  if (!isin) return null;
  const at = doc.lines.findIndex((l) => l.text.includes(isin));
  if (at < 0) return null;
  const block: string[] = [];
  for (let i = at - 1; i >= Math.max(0, at - 6) && isNameBlockLine(doc.lines[i].text); i--) block.unshift(doc.lines[i].text);
  const isinLineRest = stripIsinMention(doc.lines[at].text, isin);
  if (isinLineRest) block.push(isinLineRest);
  for (let i = at + 1; i < Math.min(doc.lines.length, at + 4) && isNameBlockLine(doc.lines[i].text); i++) block.push(doc.lines[i].text);

  const parts = block.filter((l) => !/^(?:a sub-fund of|un compartiment de|compartiment de|manager|management company|soci[ée]t[ée] de gestion)\b/i.test(l));
  const classLines = parts.filter(isShareClassLine);
  const fundLines = parts.filter((l) => !isShareClassLine(l));
  if (fundLines.length === 0) return null;
  const fund = fundLines.join(' ');
  const value = classLines.length > 0 ? `${fund} - ${classLines.join(' ')}` : fund;
  return { value: cleanName(value), page: doc.lines[at].page };
}

function isNameBlockLine(text: string): boolean {
  return (
    text.length > 0 &&
    text.length <= 100 &&
    !/[.:]$/.test(text) &&
    !HEADER_NOISE.test(text) &&
    !SECTION_HEADING.test(text) &&
    !/^(?:this|ce|le présent) document/i.test(text) &&
    // "PRIIP manufacturer: X", "Initiateur du PRIIP : X": a labelled line is never part of the name.
    !/^[A-Za-zÀ-ÿ' ]{2,40}\s?:\s/.test(text)
  );
}

function isShareClassLine(text: string): boolean {
  if (/^(?:(?:share|unit) )?class\b|^(?:parts?|actions?|classe|cat[ée]gorie)\b/i.test(text)) return true;
  return wordsIn(text) <= 6 && /\b(?:acc(?:umulating|umulation)?|dist(?:ributing|ribution)?|income|capitalisation)\b/i.test(text) && !/\bfund\b|\bfonds\b/i.test(text);
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
  // Linear: one blank run per optional part (was \s*"?\s*), and blank-led patterns start at a run's first blank:
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

const ENTITY_SUFFIX = String.raw`(?:Limited|Ltd\.?|plc|PLC|S\.A\.|SA|S\.A\.S\.|SAS|GmbH|LLC|Inc\.?|AG|N\.V\.|B\.V\.|AB|SE|S\.à r\.l\.|S\.a\.r\.l\.|Sàrl|SGR|S\.p\.A\.)`;

/** Manager/manufacturer: labelled, else "managed by X", else an entity name standing alone in the header. */
export function findManager(doc: LineIndex): Hit<string> | null {
  const labelled = /^(?:(?:PRIIPs? )?manufacturer(?: of the PRIIP)?|(?:fund )?manager|management company|initiateur(?: du PRIIP)?|soci[ée]t[ée] de gestion|gestionnaire)\s*:\s*(\S.*)$/i;
  for (const line of doc.lines.slice(0, 80)) {
    const m = labelled.exec(line.text);
    if (m && cleanEntity(m[1])) return { value: cleanEntity(m[1]), page: line.page };
  }
  const managedBy = new RegExp(String.raw`\b(?:is managed by|managed by|g[ée]r[ée] par)\s+([A-Z][^,;()\n"]{2,100}?${ENTITY_SUFFIX}(?!\w))`, 'g');
  const m = managedBy.exec(doc.flat.replace(/\n/g, ' '));
  if (m) return { value: cleanEntity(m[1]), page: doc.pageAt(m.index) };
  const standalone = new RegExp(String.raw`^([A-Z][\w&.,'() -]{2,80}?\b${ENTITY_SUFFIX}(?!\w))\s*(?:\("[^"]*"\))?\.?$`);
  for (const line of doc.lines.slice(0, 30)) {
    if (/^(?:a sub-fund|un compartiment)/i.test(line.text)) continue;
    const s = standalone.exec(line.text);
    if (s) return { value: cleanEntity(s[1]), page: line.page };
  }
  return null;
}

function cleanEntity(raw: string): string {
  // Linear: each blank-led pattern is tried from the first blank of a run only ((?<!\s)).
  return raw
    .replace(/(?<!\s)\s*\("[^"]*"\)/g, '')
    .replace(/(?<!\s)\s*\((?:the )?"?[^)]{1,20}"?\)\s*$/, '')
    .split(/(?<!\s)\s*[,;]\s*(?:which|who|qui|dont)\b/i)[0]
    // A sentence's full stop goes, an abbreviation's stays ("Sample S.A.", "Example Ltd.").
    .replace(/(?<!\b(?:[A-Z]\.[A-Z]|Ltd|Inc|Corp|Co|Cie|plc|N\.V|B\.V))[.,;]\s*$/, '')
    .replace(/[,;]\s*$/, '')
    .trim();
}

function wordsIn(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

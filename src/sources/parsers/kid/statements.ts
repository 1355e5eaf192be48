import { DATE, parsePrintedDate } from '../../text/dates';
import type { Hit } from '../../text/hits';
import type { LineIndex } from '../../text/lines';

/**
 * What a KID or KIID states about the fund: its objective, its benchmark, its SFDR article, and the date
 * the document is dated.
 * Patterns follow the LINEAR TIME rules of parsers/kid.ts: the text comes from outside.
 */

/** The heading that opens the objective section (and closes the name block above it). */
export const SECTION_HEADING = /^(?:objectives?\b|objectifs?\b|what is this product|en quoi consiste|investment objective)/i;

// Linear: one blank run per optional part (was \s*[:\-–]?\s*).
const OBJECTIVE_LABEL = /^(?:investment objectives?|objectives?(?: and investment polic(?:y|ies))?|objectifs?(?: et politique d'investissement)?(?: d'investissement)?|objectif de gestion)\b\s*(?:[:\-–]\s*)?/i;
const PURPOSE_TEXT = /^(?:this document|ce document|le présent document)/i;
const MAX_OBJECTIVE_LINES = 10;

/** The stated objective: the paragraph after the "Objectives" label, up to the first line-ending full stop. */
export function findObjective(doc: LineIndex): Hit<string> | null {
  for (let i = 0; i < doc.lines.length; i++) {
    if (!OBJECTIVE_LABEL.test(doc.lines[i].text)) continue;
    const paragraph = readParagraph(doc, i);
    // French KIDs title their "Purpose" section "Objectif": that paragraph describes the document, not the fund.
    if (paragraph && !PURPOSE_TEXT.test(paragraph.value)) return paragraph;
  }
  return null;
}

function readParagraph(doc: LineIndex, labelLine: number): Hit<string> | null {
  const parts: string[] = [];
  let page = doc.lines[labelLine].page;
  for (let i = labelLine; i < doc.lines.length && i < labelLine + MAX_OBJECTIVE_LINES; i++) {
    let text = doc.lines[i].text;
    // Strip the label, then a sub-label printed after a heading ("Objectives" / "Investment objective ...").
    if (i === labelLine || parts.length === 0) text = text.replace(OBJECTIVE_LABEL, '').replace(OBJECTIVE_LABEL, '');
    if (parts.length > 0 && (SECTION_HEADING.test(text) || /^(?:investment polic|politique d'investissement|intended retail|term\b|type\b)/i.test(text))) break;
    if (text === '') continue;
    if (parts.length === 0) page = doc.lines[i].page;
    parts.push(text);
    if (/[.!]["')]?$/.test(text)) break;
  }
  const value = joinWrapped(parts);
  return value.length >= 20 ? { value, page } : null;
}

/** Joins wrapped lines; a line ending in a hyphen continues the word on the next line. */
function joinWrapped(lines: string[]): string {
  return lines.reduce((acc, l) => (acc === '' ? l : /-$/.test(acc) ? acc + l : `${acc} ${l}`), '').replace(/\s+/g, ' ').trim();
}

/**
 * An index name as printed: capitalised words (digits, "100%", "1-3", "ex", "to", "and" allowed between) ending
 * in "Index". Requiring capitals keeps "the performance of large and mid-sized equities" out.
 * Linear: words are at most 40 characters and a name at most 20 words (a name is at most 120 characters
 * anyway), so an attempt that finds no "Index" stops after a bounded stretch. Unbounded, every start in a
 * long run of capitals scanned to the end of the run: quadratic (250,000 "A"s took 16 s, 62,500 took 0.9 s).
 */
const INDEX_WORD = String.raw`[A-Z0-9][\w&.'/:+%-]{0,39}`;
const INDEX_NAME = String.raw`(${INDEX_WORD}(?:\s+(?:${INDEX_WORD}|and|to|of|ex(?:-[A-Z]\w{0,39})?|for|&|-|–)){0,19}?\s+Index)\b`;

/** Benchmark: labelled, else the index the fund tracks or is measured against, else the index it defines as "the Index". */
export function findBenchmark(doc: LineIndex): Hit<string> | null {
  const labelled = /^(?:benchmark(?: index)?|reference index|indice de r[ée]f[ée]rence|indicateur de r[ée]f[ée]rence)\s*:\s*(\S.*)$/i;
  for (const line of doc.lines) {
    const m = labelled.exec(line.text);
    if (m) return { value: m[1].replace(/\.$/, '').trim(), page: line.page };
  }
  const flat = doc.flat.replace(/\n/g, ' ');
  const verbs = String.raw`\b(?:[Tt]rack(?:s|ing)?|[Rr]eplicat(?:e|es|ing)|[Oo]utperform(?:s|ing)?|measured against|compared (?:to|against)|relative to)\b(?: as closely as possible| closely)?(?: the (?:performance|return)s? of)?`;
  const patterns = [
    new RegExp(`${verbs} (?:the )?${INDEX_NAME}`, 'g'),
    new RegExp(`${INDEX_NAME}\\s*\\((?:the )?"(?:Index|Benchmark|Reference Index)"\\)`, 'g'),
  ];
  for (const re of patterns) {
    for (let m = re.exec(flat); m; m = re.exec(flat)) {
      const name = m[1].replace(/^The\s+/, '').trim();
      if (name !== 'Index' && name.length <= 120) return { value: name, page: doc.pageAt(m.index) };
    }
  }
  const fr = /\b(?:r[ée]pliquer|reproduire|suivre|surperformer)\b[^.]{0,60}?\bde l'indice ([A-Z][^(),.\n"]{2,100})/g;
  const f = fr.exec(flat);
  return f ? { value: f[1].trim(), page: doc.pageAt(f.index) } : null;
}

/** SFDR classification, only when the document states the article next to a sustainability-disclosure context. */
export function findSfdrArticle(doc: LineIndex): Hit<6 | 8 | 9> | null {
  const flat = doc.flat.replace(/\n/g, ' ');
  const article = /\barticles?\s+(6|8|9)\b/gi;
  const context = /SFDR|2019\/2088|sustainab|durabilit|sustainable finance|environmental or social|environnementales? ou sociales?/i;
  for (let m = article.exec(flat); m; m = article.exec(flat)) {
    const window = flat.slice(Math.max(0, m.index - 150), m.index + 150);
    if (context.test(window)) return { value: Number(m[1]) as 6 | 8 | 9, page: doc.pageAt(m.index) };
  }
  return null;
}

/**
 * The date the document is dated / accurate as of. Phrases are tried strongest first ("dated", "accurate
 * as of", then a bare "as of"), and the running footer ("Key Information Document | 19 February 2026") last.
 */
export function findDocDate(doc: LineIndex): Hit<string> | null {
  const flat = doc.flat.replace(/\n/g, ' ');
  // Linear: one blank run per optional part (was \s*:?\s*).
  const phrases = [
    String.raw`\b(?:is dated|dated|accurate as (?:of|at)|valid as (?:of|at)|correct as (?:of|at)|published on|produced on)\s*(?::\s*)?(${DATE})`,
    // No \b here: it is ASCII-only and "à jour au" starts with a non-ASCII letter.
    String.raw`(?:^|[\s(])(?:date de (?:production|publication|r[ée]vision)(?: du document(?: d'informations cl[ée]s)?)?|à jour au|exactes? et à jour au|en date du|produit le|valable au)\s*(?::\s*)?(?:le\s+)?(${DATE})`,
    String.raw`\bas (?:of|at)\s*(?::\s*)?(${DATE})`,
    String.raw`(?:key information document|document d'informations cl[ée]s|key investor information)[^.]{0,20}?\b(${DATE})`,
  ];
  for (const source of phrases) {
    for (const m of flat.matchAll(new RegExp(source, 'gi'))) {
      const iso = parsePrintedDate(m[1]);
      if (iso) return { value: iso, page: doc.pageAt(m.index ?? 0) };
    }
  }
  return null;
}

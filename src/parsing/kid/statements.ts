import type { Hit } from '../text/hits';
import type { LineIndex } from '../text/lines';
import { definedTerm, firstIn, TERM_ARTICLE, type Vocabulary } from './vocabulary';

/**
 * What a KID or KIID states about the fund: its objective, its benchmark, its SFDR article, and the date
 * the document is dated.
 * Patterns follow the LINEAR TIME rules of parsers/kid.ts: the text comes from outside.
 */

const MAX_OBJECTIVE_LINES = 10;

/** The stated objective: the paragraph after the "Objectives" label, up to the first line-ending full stop. */
export function findObjective(doc: LineIndex, vocabs: readonly Vocabulary[]): Hit<string> | null {
  return firstIn(vocabs, (v) => {
    for (let i = 0; i < doc.lines.length; i++) {
      if (!isObjectiveHeading(doc.lines[i].text, v)) continue;
      const paragraph = readParagraph(doc, i, v);
      // French KIDs title their "Purpose" section "Objectif": that paragraph describes the document, not the fund.
      if (paragraph && !v.purposeText.test(paragraph.value)) return paragraph;
    }
    return null;
  });
}

/**
 * The label opens the section: alone, or followed by a separator or a new sentence. "Objectives and
 * Investment Policy section shall refer to..." only mentions the heading.
 */
function isObjectiveHeading(text: string, v: Vocabulary): boolean {
  const m = v.objectiveLabel.exec(text);
  if (!m) return false;
  const rest = text.slice(m[0].length);
  return !(/^\p{Ll}/u.test(rest) && !/[:\-–]\s*$/.test(m[0]));
}

function readParagraph(doc: LineIndex, labelLine: number, v: Vocabulary): Hit<string> | null {
  const parts: string[] = [];
  let page = doc.lines[labelLine].page;
  for (let i = labelLine; i < doc.lines.length && i < labelLine + MAX_OBJECTIVE_LINES; i++) {
    let text = doc.lines[i].text;
    // Strip the label, then a sub-label printed after a heading ("Objectives" / "Investment objective ...").
    if (i === labelLine || parts.length === 0) text = text.replace(v.objectiveLabel, '').replace(v.objectiveLabel, '');
    if (parts.length > 0 && (v.sectionHeading.test(text) || v.objectiveEnd.test(text))) break;
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
  return lines
    .reduce((acc, l) => (acc === '' ? l : /-$/.test(acc) ? acc + l : `${acc} ${l}`), '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * An index name as printed: capitalised words (digits, "100%", "1-3", "ex", "to", "and" allowed between) ending
 * in "Index". Requiring capitals keeps "the performance of large and mid-sized equities" out.
 * Linear: words are at most 40 characters and a name at most 20 words (a name is at most 120 characters
 * anyway), so an attempt that finds no "Index" stops after a bounded stretch. Unbounded, every start in a
 * long run of capitals would scan to the end of the run: quadratic.
 */
const INDEX_WORD = String.raw`[A-Z0-9][\w&.'/:+%-]{0,39}`;
const INDEX_NAME = String.raw`(${INDEX_WORD}(?:\s+(?:${INDEX_WORD}|and|to|of|ex(?:-[A-Z]\w{0,39})?|for|&|-|–)){0,19}?\s+Index)\b`;

/** The article of an index's defined term: (the "Index"), (der "Index"), and also (l'"Indice"). */
const INDEX_ARTICLE = String.raw`(?:${TERM_ARTICLE}|l')`;

/**
 * Benchmark: labelled, else the index the fund tracks or is measured against, else the index it defines as "the Index".
 */
export function findBenchmark(doc: LineIndex, vocabs: readonly Vocabulary[]): Hit<string> | null {
  const flat = doc.flat.replace(/\n/g, ' ');
  return (
    firstIn(vocabs, (v) => labelledBenchmark(doc, v)) ??
    namedIndex(doc, flat, vocabs) ??
    firstIn(vocabs, (v) => introducedIndex(doc, flat, v))
  );
}

function labelledBenchmark(doc: LineIndex, v: Vocabulary): Hit<string> | null {
  for (let i = 0; i < doc.lines.length; i++) {
    const m = v.benchmarkLabel.exec(doc.lines[i].text);
    if (m)
      return {
        value: withWrappedTail(m[1], doc.lines[i + 1]?.text ?? '', v)
          .replace(/\.$/, '')
          .trim(),
        page: doc.lines[i].page,
      };
  }
  return null;
}

/** A narrow column wraps a long index name: "Indice de référence : MSCI Europe Small" / "Cap Index". */
function withWrappedTail(value: string, next: string, v: Vocabulary): string {
  const endsInIndex = new RegExp(`${v.indexTerm}\\.?$`);
  if (endsInIndex.test(value) || next.length > 40 || /[:.]/.test(next)) return value;
  const joined = `${value} ${next}`;
  return endsInIndex.test(joined) ? joined : value;
}

/**
 * "tracks the MSCI World Index", "Rendite des MSCI World Islamic Index", `MSCI World Index (the "Index")`.
 * The languages' leads form one pattern: an index name is costly to try at every capital, so the text is
 * scanned once, not once per language.
 */
function namedIndex(doc: LineIndex, flat: string, vocabs: readonly Vocabulary[]): Hit<string> | null {
  const leads = vocabs.map((v) => v.benchmarkLead).join('|');
  const terms = vocabs.map((v) => v.indexTerm).join('|');
  const patterns = [
    new RegExp(`(?:${leads})\\s+${INDEX_NAME}`, 'g'),
    new RegExp(`${INDEX_NAME}\\s*${definedTerm(terms, INDEX_ARTICLE)}`, 'g'),
  ];
  for (const re of patterns) {
    for (let m = re.exec(flat); m; m = re.exec(flat)) {
      const name = m[1].replace(/^The\s+/, '').trim();
      if (name !== 'Index' && name.length <= 120) return { value: name, page: doc.pageAt(m.index) };
    }
  }
  return null;
}

/**
 * "de reproduire la performance de l'indice MSCI World (dividendes nets réinvestis)": names that do not end in "Index".
 */
function introducedIndex(doc: LineIndex, flat: string, v: Vocabulary): Hit<string> | null {
  const re = new RegExp(`${v.benchmarkLead}[^.]{0,60}?${v.indexIntro}\\s+([A-Z][^(),.\\n"]{2,100})`, 'g');
  const m = re.exec(flat);
  return m ? { value: m[1].trim(), page: doc.pageAt(m.index) } : null;
}

/** SFDR classification, only when the document states the article next to a sustainability-disclosure context. */
export function findSfdrArticle(doc: LineIndex, vocabs: readonly Vocabulary[]): Hit<6 | 8 | 9> | null {
  const flat = doc.flat.replace(/\n/g, ' ');
  return firstIn(vocabs, (v) => {
    v.article.lastIndex = 0;
    for (let m = v.article.exec(flat); m; m = v.article.exec(flat)) {
      const window = flat.slice(Math.max(0, m.index - 150), m.index + 150);
      if (SFDR_REFERENCE.test(window) || v.sustainability.test(window))
        return { value: Number(m[1] ?? m[2]) as 6 | 8 | 9, page: doc.pageAt(m.index) };
    }
    return null;
  });
}

const SFDR_REFERENCE = /SFDR|2019\/2088/;

/**
 * The date the document is dated / accurate as of. Phrases are tried strongest first ("dated", "accurate
 * as of", "erstellt am"), then a bare "as of", and the running footer ("Key Information Document | 19
 * February 2026") last. Each lead is found first and the date sought just after it: one pattern of phrases and
 * dates together costs much more to compile, for every language, than the two apart.
 */
export function findDocDate(doc: LineIndex, vocabs: readonly Vocabulary[]): Hit<string> | null {
  const flat = doc.flat.replace(/\n/g, ' ');
  for (const lead of ['strong', 'asOf', 'footer'] as const) {
    const hit = firstIn(vocabs, (v) =>
      dateAfter(doc, flat, v.dateLeads[lead], lead === 'footer' ? v.dateInFooter : v.dateAfterLead, v),
    );
    if (hit) return hit;
  }
  return null;
}

/** Characters after a lead searched for the date: a footer's separator (20) and the longest printed date. */
const DATE_WINDOW = 60;

function dateAfter(doc: LineIndex, flat: string, lead: RegExp, date: RegExp, v: Vocabulary): Hit<string> | null {
  for (const m of flat.matchAll(lead)) {
    const end = (m.index ?? 0) + m[0].length;
    const found = date.exec(flat.slice(end, end + DATE_WINDOW));
    const iso = found ? v.date.parse(found[1]) : null;
    if (iso) return { value: iso, page: doc.pageAt(m.index ?? 0) };
  }
  return null;
}

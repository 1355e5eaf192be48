import { findCostImpact, findCostRow, findCurrency } from './kid/costs';
import { findIsin, findName } from './kid/identity';
import { findManager } from './kid/manager';
import { type CalendarReturns, findCalendarReturns } from './kid/pastPerformance';
import { findBenchmark, findDocDate, findObjective, findSfdrArticle } from './kid/statements';
import {
  type CostRow,
  DOC_TYPE_MARKERS,
  firstIn,
  vocabularies,
  vocabulariesFor,
  type Vocabulary,
} from './kid/vocabulary';
import type { PdfText } from './pdf/text';
import { fieldPages, type Hit } from './text/hits';
import { collapseOverprint, LineIndex, textLines } from './text/lines';

/**
 * Reads a PRIIPs KID or a UCITS KIID, in any language with a table in kid/languages/, from its text layer.
 *
 * Everything is found by the labels the regulations impose ("Entry costs", "Recommended holding period",
 * "Coûts de sortie", "Einstiegskosten"...), never by position, so the parser survives the layouts of different
 * managers. The labels are data, one table per language (kid/languages/); the document's language is read
 * first, and its table is tried before the others.
 * This module reads the document's kind, language, risk class and holding period; the sections in kid/
 * read the identity, the statements (objective, benchmark, SFDR, date), the costs and past performance.
 *
 * LINEAR TIME. The text comes from outside (uploads, pasted text), so every pattern of this parser (here
 * and in kid/) must run in time linear in it, whatever it holds. The rules the patterns follow:
 * - Lines are normalised (textLines): a run of whitespace is a single character, in a line and in `flat`.
 * - No two quantifiers over overlapping characters sit side by side: `\s*:?\s*` is written `\s*(?::\s*)?`,
 *   so a run of blanks has one way to be matched instead of one per split point.
 * - A repetition followed by something that can fail is bounded (index names: words of at most 40
 *   characters, at most 20 of them), so one attempt of a global scan costs a constant, not the rest of the text.
 * - A pattern that starts with a blank run is tried only from the first blank of the run ((?<!\s)):
 *   from every blank of a long run it would rescan the run each time.
 * - Labelled values are `(\S.*)$`, not `\s*(.+)$`: the blanks before the value have one reading.
 * Patterns say in a comment which rule makes them linear; bench/parserScaling.ts measures it.
 */

interface KidCosts {
  entry: string | null;
  exit: string | null;
  /** Management fees and other administrative or operating costs (KID) / ongoing charges (KIID). */
  ongoing: string | null;
  transaction: string | null;
  performanceFee: string | null;
  /** Annual cost impact if you exit after 1 year. */
  riy1y: string | null;
  /** Annual cost impact at the recommended holding period. */
  riyRhp: string | null;
}

export interface KidFields {
  docType: 'kid' | 'kiid';
  /** ISO 639-1 code of the document's language (one of the language tables), null when it cannot be told. */
  language: string | null;
  isin: string | null;
  name: string | null;
  manager: string | null;
  /** ISO 4217 currency of the example investment (PRIIPs KIDs state the product's currency there). */
  currency: string | null;
  objective: string | null;
  /** PRIIPs summary risk indicator, 1-7. */
  sri: number | null;
  /** UCITS synthetic risk and reward indicator, 1-7. */
  srri: number | null;
  recommendedHoldingPeriodYears: number | null;
  /**
   * ISO date a product held until maturity matures on, when the document gives its holding period so ("until maturity
   * (3 May 2024)"): the holding period is then this date, not a number of years.
   */
  maturityDate: string | null;
  costs: KidCosts;
  sfdrArticle: 6 | 8 | 9 | null;
  benchmark: string | null;
  /** ISO date the document is dated or accurate as of. */
  docDate: string | null;
  /** UCITS KIID past-performance bar chart values (PRIIPs KIDs publish these separately): null when absent. */
  calendarReturns: CalendarReturns | null;
  /** True when the risk class was read from the drawn scale, not from the text. */
  riskFromGraphic: boolean;
  /** 1-based page where each filled field was found, by field name ("costs.entry" for costs). */
  pages: Record<string, number>;
}

export function parseKid(text: PdfText): KidFields {
  const doc = new LineIndex(textLines((text.pages ?? []).map(collapseOverprintPage)));
  const docType = detectDocType(doc.flat);
  const language = detectLanguage(doc.flat);
  const vocabs = vocabulariesFor(language);
  const { pages, take } = fieldPages();

  const isin = take('isin', findIsin(doc));
  const rhp = take('recommendedHoldingPeriodYears', docType === 'kid' ? findHoldingPeriod(doc, vocabs) : null);
  const maturityDate = take('maturityDate', docType === 'kid' ? findMaturityDate(doc, vocabs) : null);
  // A single cost-impact column is the whole holding period when that is a year at most or runs to maturity.
  const riy = findCostImpact(doc, maturityDate !== null || (rhp !== null && rhp <= 1), vocabs);
  // The text first; a class that is only drawn (one box of the scale shaded) is read from the drawing.
  const textRisk = findRiskClass(doc, docType, vocabs);
  const risk = textRisk ?? text.riskScale ?? null;
  const cost = (row: CostRow) => take(`costs.${row}`, findCostRow(doc, row, vocabs, docType));
  return {
    docType,
    language,
    isin,
    name: take('name', findName(doc, isin, vocabs)),
    manager: take('manager', findManager(doc, vocabs)),
    currency: take('currency', findCurrency(doc, vocabs)),
    objective: take('objective', findObjective(doc, vocabs)),
    sri: take('sri', docType === 'kid' ? risk : null),
    srri: take('srri', docType === 'kiid' ? risk : null),
    recommendedHoldingPeriodYears: rhp,
    maturityDate,
    costs: {
      entry: cost('entry'),
      exit: cost('exit'),
      ongoing: cost('ongoing'),
      transaction: cost('transaction'),
      performanceFee: cost('performanceFee'),
      riy1y: take('costs.riy1y', riy.oneYear),
      riyRhp: take('costs.riyRhp', riy.atRhp),
    },
    sfdrArticle: take('sfdrArticle', findSfdrArticle(doc, vocabs)),
    benchmark: take('benchmark', findBenchmark(doc, vocabs)),
    docDate: take('docDate', findDocDate(doc, vocabs)),
    calendarReturns: take('calendarReturns', findCalendarReturns(doc)),
    riskFromGraphic: textRisk === null && risk !== null,
    pages,
  };
}

function collapseOverprintPage(page: string): string {
  return (page ?? '').split('\n').map(collapseOverprint).join('\n');
}

// ---------------------------------------------------------------------------------------------
// Document kind and language
// ---------------------------------------------------------------------------------------------

/** Markers every language shares: the regimes' acronyms. */
const KID_ACRONYMS = /\bPRIIPs?\b/g;
const KIID_ACRONYMS = /\b(?:KIID|DICI)\b/g;

function count(flat: string, re: RegExp): number {
  return (flat.match(re) ?? []).length;
}

/**
 * UCITS KIIDs and PRIIPs KIDs share vocabulary; the side with more of its own markers wins, a tie reads as a KID (the
 * current regime).
 */
export function detectDocType(flat: string): 'kid' | 'kiid' {
  let kid = count(flat, KID_ACRONYMS);
  let kiid = count(flat, KIID_ACRONYMS);
  for (const [marker] of flat.matchAll(DOC_TYPE_MARKERS.all)) {
    if (DOC_TYPE_MARKERS.kiid.test(marker)) kiid++;
    else kid++;
  }
  return kiid > kid ? 'kiid' : 'kid';
}

/** A heading of the document's own language weighs as much as this many common words. */
const MARKER_WEIGHT = 5;
const MIN_LANGUAGE_SCORE = 5;
const LANGUAGE_LEAD = 1.5;

/**
 * The language with clearly more of its common words and headings; null when the text is too short or mixed to tell.
 */
export function detectLanguage(flat: string): string | null {
  const scores = vocabularies()
    .map((v) => ({
      code: v.code,
      score: count(flat, v.words) + MARKER_WEIGHT * (count(flat, v.kidMarkers) + count(flat, v.kiidMarkers)),
    }))
    .sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  if (!best || best.score < MIN_LANGUAGE_SCORE) return null;
  return !second || best.score >= second.score * LANGUAGE_LEAD ? best.code : null;
}

// ---------------------------------------------------------------------------------------------
// Risk class and holding period
// ---------------------------------------------------------------------------------------------

/**
 * PRIIPs: "We have classified this product as 4 out of 7", "in die Risikoklasse 4 eingestuft".
 * UCITS: "The Fund is rated four", "is in category 5", "catégorie cinq". Numbers may be words of the
 * document's language. The regime's own sentences are tried first, in every language, then the other regime's.
 */
function findRiskClass(doc: LineIndex, docType: 'kid' | 'kiid', vocabs: readonly Vocabulary[]): Hit<number> | null {
  const flat = doc.flat.replace(/\n/g, ' ');
  const regimes: Array<(v: Vocabulary) => RegExp[]> =
    docType === 'kid' ? [(v) => v.sri, (v) => v.srri] : [(v) => v.srri, (v) => v.sri];
  for (const sentences of regimes) {
    const hit = firstIn(vocabs, (v) => riskIn(flat, doc, sentences(v), v));
    if (hit) return hit;
  }
  return null;
}

function riskIn(flat: string, doc: LineIndex, sentences: RegExp[], v: Vocabulary): Hit<number> | null {
  for (const re of sentences) {
    re.lastIndex = 0;
    for (let m = re.exec(flat); m; m = re.exec(flat)) {
      const value = v.numberValue(m[1]);
      if (value !== null && value >= 1 && value <= 7) return { value, page: doc.pageAt(m.index) };
    }
  }
  return null;
}

/** "Recommended holding period: 5 years" / "Empfohlene Haltedauer: 5 Jahre"; months become fractions of a year. */
function findHoldingPeriod(doc: LineIndex, vocabs: readonly Vocabulary[]): Hit<number> | null {
  const flat = doc.flat.replace(/\n/g, ' ');
  return firstIn(vocabs, (v) => {
    for (const re of v.holdingPeriod) {
      re.lastIndex = 0;
      const m = re.exec(flat);
      const count = m ? v.numberValue(m[1]) : null;
      if (m && count !== null && count > 0) {
        const years = v.isMonths(m[2]) ? Number((count / 12).toFixed(2)) : count;
        return { value: years, page: doc.pageAt(m.index) };
      }
    }
    return null;
  });
}

/**
 * The maturity date of a product held until it matures: "Recommended holding period: until maturity (3 May 2024)",
 * "Empfohlene Haltedauer: bis zur Fälligkeit am 03.05.2024". Dates are read in the phrase's own language.
 */
function findMaturityDate(doc: LineIndex, vocabs: readonly Vocabulary[]): Hit<string> | null {
  const flat = doc.flat.replace(/\n/g, ' ');
  return firstIn(vocabs, (v) => {
    for (const m of flat.matchAll(v.maturityLead)) {
      const after = (m.index ?? 0) + m[0].length;
      const date = v.dateAfterLead.exec(flat.slice(after, after + MATURITY_WINDOW));
      const iso = date ? v.date.parse(date[1]) : null;
      if (iso) return { value: iso, page: doc.pageAt(m.index ?? 0) };
    }
    return null;
  });
}

/** Characters after a maturity phrase searched for its date: "(3 May 2024)", " am 03.05.2024", "(31 de octubre de 2025)". */
const MATURITY_WINDOW = 40;

import type { PdfText } from '../pdf/text';
import { fieldPages, type Hit } from '../text/hits';
import { LineIndex, textLines } from '../text/lines';
import { SMALL_NUMBER, smallNumber } from '../text/numbers';
import { findCostImpact, findCostRow } from './kid/costs';
import { findIsin, findManager, findName } from './kid/identity';
import { type CalendarReturns, findCalendarReturns } from './kid/pastPerformance';
import { findBenchmark, findDocDate, findObjective, findSfdrArticle } from './kid/statements';

export type { CalendarReturns } from './kid/pastPerformance';

/**
 * Reads a PRIIPs KID or a UCITS KIID (English or French) from its text layer.
 *
 * Everything is found by the labels the regulations impose ("Entry costs", "Recommended holding period",
 * "Coûts de sortie"...), never by position, so the parser survives the layouts of different managers.
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
 * Each changed pattern says which rule makes it linear; bench/parserScaling.ts measures it.
 */

export interface KidCosts {
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
  language: 'en' | 'fr' | null;
  isin: string | null;
  name: string | null;
  manager: string | null;
  objective: string | null;
  /** PRIIPs summary risk indicator, 1-7. */
  sri: number | null;
  /** UCITS synthetic risk and reward indicator, 1-7. */
  srri: number | null;
  recommendedHoldingPeriodYears: number | null;
  costs: KidCosts;
  sfdrArticle: 6 | 8 | 9 | null;
  benchmark: string | null;
  /** ISO date the document is dated or accurate as of. */
  docDate: string | null;
  /** UCITS KIID past-performance bar chart values (PRIIPs KIDs publish these separately): null when absent. */
  calendarReturns: CalendarReturns | null;
  /** 1-based page where each filled field was found, by field name ("costs.entry" for costs). */
  pages: Record<string, number>;
}

export function parseKid(text: PdfText): KidFields {
  const doc = new LineIndex(textLines(text.pages ?? []));
  const docType = detectDocType(doc.flat);
  const { pages, take } = fieldPages();

  const isin = take('isin', findIsin(doc));
  const rhp = take('recommendedHoldingPeriodYears', docType === 'kid' ? findHoldingPeriod(doc) : null);
  const riy = findCostImpact(doc, rhp);
  const risk = findRiskClass(doc, docType);
  return {
    docType,
    language: detectLanguage(doc.flat),
    isin,
    name: take('name', findName(doc, isin)),
    manager: take('manager', findManager(doc)),
    objective: take('objective', findObjective(doc)),
    sri: take('sri', docType === 'kid' ? risk : null),
    srri: take('srri', docType === 'kiid' ? risk : null),
    recommendedHoldingPeriodYears: rhp,
    costs: {
      entry: take('costs.entry', findCostRow(doc, 'entry')),
      exit: take('costs.exit', findCostRow(doc, 'exit')),
      ongoing: take('costs.ongoing', findCostRow(doc, 'ongoing')),
      transaction: take('costs.transaction', findCostRow(doc, 'transaction')),
      performanceFee: take('costs.performanceFee', findCostRow(doc, 'performanceFee')),
      riy1y: take('costs.riy1y', riy.oneYear),
      riyRhp: take('costs.riyRhp', riy.atRhp),
    },
    sfdrArticle: take('sfdrArticle', findSfdrArticle(doc)),
    benchmark: take('benchmark', findBenchmark(doc)),
    docDate: take('docDate', findDocDate(doc)),
    calendarReturns: take('calendarReturns', findCalendarReturns(doc)),
    pages,
  };
}

// ---------------------------------------------------------------------------------------------
// Document kind and language
// ---------------------------------------------------------------------------------------------

const KIID_MARKERS = [
  /key investor information/gi,
  /informations? cl[ée]s pour l'investisseur/gi,
  /\bKIID\b/g,
  /\bDICI\b/g,
  /risk and reward profile/gi,
  /profil de risque et de rendement/gi,
  /\bongoing charges\b/gi,
  /\bfrais courants\b/gi,
];
const KID_MARKERS = [
  /key information document/gi,
  /document d'informations? cl[ée]s(?! pour l'investisseur)/gi,
  /\bPRIIPs?\b/g,
  /summary risk indicator/gi,
  /performance scenarios/gi,
  /sc[ée]narios de performance/gi,
  /recommended holding period/gi,
  /p[ée]riode de d[ée]tention recommand[ée]e/gi,
];

/** UCITS KIIDs and PRIIPs KIDs share vocabulary; the side with more of its own markers wins, a tie reads as a KID (the current regime). */
export function detectDocType(flat: string): 'kid' | 'kiid' {
  const score = (markers: RegExp[]) => markers.reduce((n, re) => n + (flat.match(re) ?? []).length, 0);
  return score(KIID_MARKERS) > score(KID_MARKERS) ? 'kiid' : 'kid';
}

const EN_WORDS = /\b(?:the|and|of|you|your|fund|costs?|investment|this|is|will)\b/gi;
const FR_WORDS = /(?:^|[\s'])(?:le|la|les|des|du|et|vous|votre|fonds|co[uû]ts|investissement|ce|est|sur)(?=[\s,.;:]|$)/gim;

/** The language with clearly more of its common words; null when the text is too short to tell. */
export function detectLanguage(flat: string): 'en' | 'fr' | null {
  const en = (flat.match(EN_WORDS) ?? []).length;
  const fr = (flat.match(FR_WORDS) ?? []).length;
  if (Math.max(en, fr) < 5) return null;
  if (en >= fr * 1.5) return 'en';
  if (fr >= en * 1.5) return 'fr';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Risk class and holding period
// ---------------------------------------------------------------------------------------------

/**
 * PRIIPs: "We have classified this product as 4 out of 7" / "classe de risque 4 sur 7".
 * UCITS: "The Fund is rated four", "is in category 5", "catégorie cinq". Numbers may be words.
 */
function findRiskClass(doc: LineIndex, docType: 'kid' | 'kiid'): Hit<number> | null {
  const flat = doc.flat.replace(/\n/g, ' ');
  const n = SMALL_NUMBER;
  const priips = [
    String.raw`\bclassified (?:this|the) (?:product|fund|sub-fund)\s+as\s+(?:class\s+)?(${n})\s+(?:out\s+)?of\s+(?:7|seven)\b`,
    String.raw`\bclass(?:e)? de risque\s+(${n})\s+sur\s+(?:7|sept)\b`,
    String.raw`\b(${n})\s+(?:out of|sur)\s+(?:7|seven|sept)\b`,
    String.raw`\b(?:summary risk indicator|SRI|indicateur synth[ée]tique de risque|ISR)\s*(?:(?:is|est|:)\s*)?(${n})\b`,
  ];
  const ucits = [
    String.raw`\b(?:is |are )?(?:rated|ranked)\s+(?:in\s+)?(?:category\s+)?(${n})\b`,
    String.raw`\b(?:in|is|of)\s+(?:risk\s+)?category\s+(${n})\b`,
    String.raw`\bcategory\s*(?::\s*)?(${n})\b`,
    String.raw`\bcat[ée]gorie(?:\s+de risque)?\s+(?:de\s+)?(${n})\b`,
    String.raw`\b(?:SRRI|synthetic risk and reward indicator|indicateur synth[ée]tique de risque et de rendement)\s*(?:(?:is|est|:)\s*)?(${n})\b`,
  ];
  for (const source of docType === 'kid' ? [...priips, ...ucits] : [...ucits, ...priips]) {
    const re = new RegExp(source, 'gi');
    for (let m = re.exec(flat); m; m = re.exec(flat)) {
      const value = smallNumber(m[1]);
      if (value !== null && value >= 1 && value <= 7) return { value, page: doc.pageAt(m.index) };
    }
  }
  return null;
}

/** "Recommended holding period: 5 years" / "Période de détention recommandée : cinq ans"; months become fractions of a year. */
function findHoldingPeriod(doc: LineIndex): Hit<number> | null {
  const flat = doc.flat.replace(/\n/g, ' ');
  const n = SMALL_NUMBER;
  const unit = String.raw`(years?|ans?|ann[ée]es?|months?|mois)`;
  // Linear: one blank run per optional part (was \s*[:\-–]?\s* and (?:\s*\(\d+\))?\s*).
  const patterns = [
    String.raw`\brecommended holding period(?:\s*\(RHP\))?(?:\s+(?:is|of))?\s*(?:[:\-–]\s*)?(${n})\s*(?:\(\d+\)\s*)?${unit}`,
    String.raw`\bp[ée]riode de d[ée]tention recommand[ée]e(?:\s*\(PDR\))?(?:\s+(?:est|de))?\s*(?:[:\-–]\s*)?(${n})\s*(?:\(\d+\)\s*)?${unit}`,
    String.raw`\b(?:assumes you keep the (?:product|fund)(?: for)?|hypoth[èe]se que vous conservez le produit(?: pendant)?)\s+(${n})\s*${unit}`,
  ];
  for (const source of patterns) {
    const m = new RegExp(source, 'i').exec(flat);
    const count = m ? smallNumber(m[1]) : null;
    if (m && count !== null && count > 0) {
      const years = /^(?:months?|mois)$/i.test(m[2]) ? Number((count / 12).toFixed(2)) : count;
      return { value: years, page: doc.pageAt(m.index) };
    }
  }
  return null;
}

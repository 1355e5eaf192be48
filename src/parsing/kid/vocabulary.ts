import { type DateReader, dateReader } from '../text/dates';
import { PERCENT } from '../text/numbers';
import { KID_LANGUAGES, type KidLanguage } from './languages';
import { anyOf, LETTER, lineStart, phraseSource, wordsOf } from './languages/phrases';

/**
 * A language table compiled into the regexes the KID parser runs, once per language. Every pattern
 * follows the LINEAR TIME rules of parsers/kid.ts: labels are fixed words, a value is `(\S.*)$`, and
 * each optional part carries its own blank.
 */
export interface Vocabulary {
  code: string;
  /** A small number in digits or in this language's words, as a capturing group. */
  number: string;
  numberValue(token: string): number | null;
  /** A time unit, as a capturing group; `isMonths` tells months from years. */
  unit: string;
  isMonths(unit: string): boolean;
  /** The dates of this language (its month names). */
  date: DateReader;
  words: RegExp;
  kidMarkers: RegExp;
  kiidMarkers: RegExp;

  sri: RegExp[];
  srri: RegExp[];
  holdingPeriod: RegExp[];
  /** Where a holding period that runs to maturity is stated ("Recommended holding period: until maturity"). */
  maturityLead: RegExp;

  costLabels: Record<CostRow, RegExp>;
  costRowEnd: RegExp;
  noCost: RegExp;
  impactLabel: RegExp;
  impactHeader: RegExp;
  /** A performance fee that is a share of the outperformance: "20% of the outperformance" (the figure is group 1). */
  outperformance: RegExp;
  perYear: RegExp;
  exampleInvestment: RegExp;

  productLabel: RegExp;
  /** A line that only heads the product section ("Product", "Produit :"): the name follows it. */
  productHeading: RegExp;
  /** A line that opens with the document's title ("Key Information Document", "Wesentliche Informationen zum"). */
  titleLine: RegExp;
  classLabel: RegExp;
  headerNoise: RegExp;
  subFundOf: RegExp;
  classLineStart: RegExp;
  classWords: RegExp;
  managerLabel: RegExp;
  managerLabelNoColon: RegExp;
  managedBy: string;
  /** A line that says who manages the fund: never part of the name block. */
  managedByLine: RegExp;
  relativeSplit: RegExp;
  fundTerm: string;
  /** A fund term standing as a word in a line ("Fund", "Fonds"): such a line names a fund, not a share class. */
  fundWord: RegExp;
  classTerm: string;
  managerTerm: string;

  objectiveLabel: RegExp;
  sectionHeading: RegExp;
  purposeText: RegExp;
  objectiveEnd: RegExp;
  benchmarkLabel: RegExp;
  benchmarkLead: string;
  indexIntro: string;
  indexTerm: string;
  article: RegExp;
  sustainability: RegExp;
  /**
   * Where the document's date is stated, strongest first: after a date phrase ("dated", "erstellt am"), after a bare
   * "as of", and after the title in a running footer ("Key Information Document | 19 February 2026").
   */
  dateLeads: { strong: RegExp; asOf: RegExp; footer: RegExp };
  /** A date (group 1) opening the text after a lead: "(3 May 2024)", ": 03/05/2024", "le 1er mars 2024". */
  dateAfterLead: RegExp;
  /** A date (group 1) within a few characters after the title of a running footer. */
  dateInFooter: RegExp;
}

export type CostRow = 'entry' | 'exit' | 'ongoing' | 'transaction' | 'performanceFee';

/** "EUR 10,000", "10.000 USD": the currency code is group 1 or group 2. */
const AMOUNT_WITH_CURRENCY = String.raw`([A-Z]{3})\s?\d{1,3}(?:[.,' ]\d{3})+(?!\d)|\d{1,3}(?:[.,' ]\d{3})+\s?([A-Z]{3})(?![A-Za-z])`;

/**
 * The article of a defined term in any EEA script: (the "Fund"), (der "Fonds"), (το "Αμοιβαίο"), and joined to the
 * noun by a hyphen or an apostrophe as Maltese and French write it: (il-"Fond"), (l'"Indice").
 */
export const TERM_ARTICLE = `${LETTER}{1,4}[-'’]?`;

/**
 * A defined term in brackets, its article optional: `(the "Index")`, `(die „Verwaltungsgesellschaft“)` once quotes are
 * normalised.
 */
export function definedTerm(words: string, article = TERM_ARTICLE): string {
  return String.raw`\((?:${article}\s*)?"\s?(?:${words})\s?"\)`;
}

/** No digit may follow a number read as a class: "4" is not the start of "45". */
const DIGITS = String.raw`\d{1,2}(?!\d)`;

function compile(l: KidLanguage): Vocabulary {
  const numberWords = new Map(Object.entries(l.numberWords).map(([w, n]) => [w.toLowerCase(), n]));
  const number = `(${DIGITS}|${anyOf([...numberWords.keys()])}(?!${LETTER}))`;
  const units = [...l.units.years, ...l.units.months];
  const unit = `(${anyOf(units)})`;
  const months = new RegExp(`^${anyOf(l.units.months)}$`, 'i');
  const date = dateReader(l.months);
  const slots = { n: number, unit, date: `(${date.source})`, gap: '[^.\\n]{0,60}?' };
  // No `u` flag (LETTER tells where a word ends): case-insensitive Unicode patterns cost several times more to
  // compile, and every language's are compiled on a parser's first document.
  const sentences = (list: string[]) =>
    list.map((p) => new RegExp(`(?<!${LETTER})${phraseSource(p, { slots })}`, 'gi'));
  const labelled = (labels: string[]) => new RegExp(`^${anyOf(labels)}\\s*:\\s*(\\S.*)$`, 'i');
  const s = l.statements;
  return {
    code: l.code,
    number,
    numberValue: (token) => {
      const t = token.trim().toLowerCase();
      if (/^\d{1,2}$/.test(t)) return Number(t);
      return numberWords.get(t) ?? null;
    },
    unit,
    isMonths: (u) => months.test(u.trim()),
    date,
    words: new RegExp(wordsOf(l.words), 'gi'),
    kidMarkers: new RegExp(wordsOf(l.kidMarkers), 'gi'),
    kiidMarkers: new RegExp(wordsOf(l.kiidMarkers), 'gi'),

    sri: sentences(l.risk.sriSentences),
    srri: sentences(l.risk.srriSentences),
    // "Recommended holding period: 5 years", "(5) years", or a sentence that assumes a holding period.
    holdingPeriod: [
      ...l.risk.holdingPeriodLabels.map(
        (p) =>
          new RegExp(
            `(?<!${LETTER})${phraseSource(p)}\\s*(?:[:\\-–]\\s*)?${number}\\s*(?:\\(\\d+\\)\\s*)?${unit}`,
            'i',
          ),
      ),
      ...sentences(l.risk.holdingSentences),
    ],
    maturityLead: maturityLead(l),

    costLabels: {
      entry: lineStart(l.costs.entry),
      exit: lineStart(l.costs.exit),
      ongoing: lineStart(l.costs.ongoing),
      transaction: lineStart(l.costs.transaction),
      performanceFee: lineStart(l.costs.performanceFee),
    },
    costRowEnd: lineStart(l.costs.rowEnds),
    noCost: new RegExp(wordsOf(l.costs.none), 'i'),
    impactLabel: lineStart(l.costs.impact),
    impactHeader: new RegExp(`^\\s*${anyOf(l.costs.impactHeader)}(?![\\p{L}])`, 'iu'),
    // Linear: one blank run between the figure and the phrase.
    outperformance: new RegExp(`${PERCENT}\\s*${wordsOf(l.costs.outperformance)}`, 'i'),
    perYear: new RegExp(wordsOf(l.costs.perYear), 'gi'),
    exampleInvestment: new RegExp(
      `${wordsOf(l.costs.exampleInvestment)}\\s*(?::\\s*)?(?:${AMOUNT_WITH_CURRENCY})`,
      'gi',
    ),

    productLabel: labelled(l.identity.productLabels),
    productHeading: new RegExp(`^${anyOf(l.identity.productLabels)}\\s*:?$`, 'i'),
    titleLine: lineStart(s.titles),
    classLabel: labelled(l.identity.classLabels),
    headerNoise: lineStart(l.identity.headerNoise),
    subFundOf: lineStart(l.identity.subFundOf),
    classLineStart: lineStart(l.identity.classTerms),
    classWords: new RegExp(wordsOf(l.identity.classWords), 'i'),
    managerLabel: labelled(l.identity.managerLabels),
    managerLabelNoColon: new RegExp(`^${anyOf(l.identity.managerLabels)}\\s+(\\S.*)$`, 'i'),
    managedBy: anyOf(l.identity.managedBy, { caseLoose: true }),
    managedByLine: new RegExp(wordsOf(l.identity.managedBy), 'i'),
    relativeSplit: new RegExp(`(?<!\\s)\\s*[,;]\\s*${anyOf(l.identity.relativeWords)}(?![\\p{L}])`, 'iu'),
    fundTerm: anyOf(l.identity.fundTerms, { caseLoose: true }),
    fundWord: new RegExp(`(?<![\\p{L}])${anyOf(l.identity.fundTerms, { caseLoose: true })}(?![\\p{L}])`, 'u'),
    classTerm: anyOf(l.identity.classTerms, { caseLoose: true }),
    managerTerm: anyOf(l.identity.managerTerms, { caseLoose: true }),

    objectiveLabel: new RegExp(`^${anyOf(s.objectiveLabels)}(?![\\p{L}])\\s*(?:[:\\-–]\\s*)?`, 'iu'),
    sectionHeading: lineStart([...s.objectiveLabels, ...s.productSectionHeadings]),
    purposeText: lineStart(s.purposeText),
    objectiveEnd: lineStart(s.objectiveEnds),
    benchmarkLabel: labelled(s.benchmarkLabels),
    benchmarkLead: `${anyOf(s.benchmarkLeads, { caseLoose: true })}(?:\\s+${anyOf([...s.benchmarkFillers, 'the'], { caseLoose: true })}){0,3}`,
    indexIntro: anyOf(s.indexIntros, { caseLoose: true }),
    indexTerm: anyOf(s.indexTerms, { caseLoose: true }),
    // "Article 8", and the number first as Hungarian, Baltic, Finnish and Icelandic write it ("8. cikk", "8 straipsnis").
    article: new RegExp(
      `(?<![\\p{L}])${anyOf(s.articleWords)}\\s*(6|8|9)(?!\\d)|(?<![\\d./,])(6|8|9)\\.?\\s?${anyOf(s.articleWords)}(?![\\p{L}])`,
      'giu',
    ),
    sustainability: new RegExp(`(?<![\\p{L}])${anyOf(s.sustainabilityWords)}`, 'iu'),
    // Linear: one blank run per optional part. No \b: it is ASCII-only and "à jour au" starts with a non-ASCII letter.
    dateLeads: {
      strong: new RegExp(`(?:^|[\\s(])${anyOf(s.datePhrases)}\\s*(?::\\s*)?`, 'gi'),
      asOf: /\bas (?:of|at)\s*(?::\s*)?/gi,
      footer: new RegExp(anyOf(s.titles), 'gi'),
    },
    dateAfterLead: new RegExp(`^(?:[(:,]\\s*)?(?:${LETTER}{1,3}\\s+)?(${date.source})`, 'i'),
    dateInFooter: new RegExp(`^[^.]{0,20}?\\b(${date.source})`, 'i'),
  };
}

/**
 * Where a holding period that runs to maturity is stated: after a holding-period label ("Recommended holding period:
 * until maturity"), or after the phrase saying the product is held until it matures ("keep the product until
 * maturity"). The date follows (dateAfterLead). Linear: fixed phrases, each optional part with its own blank. No `u`
 * flag: case-insensitive Unicode patterns cost much more to compile, for every language, on a parser's first document;
 * and the date, a long alternation of month names, is sought only where a lead was found, in a pattern of its own.
 */
function maturityLead(l: KidLanguage): RegExp {
  const until = `${anyOf(l.risk.untilMaturity)}\\s*`;
  const label = `${anyOf(l.risk.holdingPeriodLabels)}\\s*(?:[:\\-–]\\s*)?(?:${until})?`;
  return new RegExp(`(?<!${LETTER})(?:${label}|${until})`, 'gi');
}

const COMPILED: readonly Vocabulary[] = KID_LANGUAGES.map(compile);

/**
 * The titles and headings that tell a KID from a KIID, in every language, as one pattern: a KIID's
 * "Document d'informations clés pour l'investisseur" is then one KIID marker, not also a KID's
 * "Document d'informations clés".
 */
export const DOC_TYPE_MARKERS = {
  all: new RegExp(wordsOf(KID_LANGUAGES.flatMap((l) => [...l.kidMarkers, ...l.kiidMarkers])), 'gi'),
  kiid: new RegExp(`^${anyOf(KID_LANGUAGES.flatMap((l) => l.kiidMarkers))}$`, 'i'),
};

/** Every language's vocabulary, in table order. */
export function vocabularies(): readonly Vocabulary[] {
  return COMPILED;
}

/**
 * The vocabularies to read a document with: its own language first, then the others, since a document
 * may quote another language's labels and a short text's language cannot always be told.
 */
export function vocabulariesFor(language: string | null): readonly Vocabulary[] {
  const own = COMPILED.find((v) => v.code === language);
  return own ? [own, ...COMPILED.filter((v) => v !== own)] : COMPILED;
}

/** The first value `read` finds, trying each vocabulary in turn. */
export function firstIn<T>(vocabs: readonly Vocabulary[], read: (v: Vocabulary) => T | null): T | null {
  for (const v of vocabs) {
    const found = read(v);
    if (found !== null) return found;
  }
  return null;
}

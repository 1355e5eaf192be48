/**
 * What a KID or KIID says, in one official language: the headings and labels the PRIIPs regulation
 * (Delegated Regulation (EU) 2017/653, Annexes) and the UCITS regulation (Regulation (EU) 583/2010)
 * prescribe, and the phrasings managers use around them. The parser reads documents through these
 * tables only, so adding a language is adding a table (see index.ts).
 *
 * Phrases are written as printed, lower case. Matching is case-insensitive, accent-loose ("categorie"
 * matches "catégorie"), and any blank matches any run of blanks. Placeholders:
 * - `{n}`: a small number in digits or written as a word of any table ("4", "vier", "quatre");
 * - `{unit}`: a time unit of any table (years, Jahre, anni, months...);
 * - `{date}`: a printed date ("17. Juli 2025", "31 de octubre de 2025", "16/02/2026");
 * - `{gap}`: a few words (at most 60 characters, no full stop) between two parts of a sentence.
 */
export interface KidLanguage {
  /** ISO 639-1 code, recorded in provenance. */
  code: string;
  /** Frequent short words of the language that are rare in the other tables' languages. */
  words: string[];
  /** Numbers one to ten as words: risk classes and holding periods are sometimes spelled out. */
  numberWords: Record<string, number>;
  /** Titles and section headings that only a PRIIPs KID carries. */
  kidMarkers: string[];
  /** Titles and section headings that only a UCITS KIID carries. */
  kiidMarkers: string[];
  /** Time units of a holding period. */
  units: { years: string[]; months: string[] };
  /**
   * Month names as dates print them, January first: each month's forms (nominative, genitive or locative as the
   * language inflects them in a date, and abbreviations that are not also common words).
   */
  months: string[][];

  identity: {
    /** Labels of the product or fund name ("Product", "Name des Produkts"). */
    productLabels: string[];
    /** Labels of the share class ("Share class", "Anteilsklasse"). */
    classLabels: string[];
    /** Defined terms a name is followed by: `Fund X (the "Fund"), Class Y (the "Share Class")`. */
    fundTerms: string[];
    classTerms: string[];
    managerTerms: string[];
    /** Lines of the title block that are never part of a name. */
    headerNoise: string[];
    /** Lines of the name block that say what the fund belongs to, not what it is ("a sub-fund of"). */
    subFundOf: string[];
    /** Words that mark a line as a share-class line (accumulating, distributing...). */
    classWords: string[];
    /** Labels of the manufacturer or management company. */
    managerLabels: string[];
    /** "managed by X", "verwaltet von X". */
    managedBy: string[];
    /** Relative pronouns that end an entity name in a sentence ("X, which is part of"). */
    relativeWords: string[];
  };

  statements: {
    /** The KID's first heading ("Purpose"): a page that opens with it starts a key document. */
    purposeHeadings: string[];
    /** The heading of the last section: a KID's "Other relevant information", a KIID's "Practical information". */
    closingHeadings: string[];
    /** Headings that open the objective section. */
    objectiveLabels: string[];
    /** Headings of the "what is this product" section (close a name block). */
    productSectionHeadings: string[];
    /** How the purpose paragraph starts ("This document provides"): not an objective. */
    purposeText: string[];
    /** Sub-headings after the objective paragraph that end it (investment policy, intended investor...). */
    objectiveEnds: string[];
    benchmarkLabels: string[];
    /** Phrases that lead to the index a fund tracks or is compared with ("tracks", "Rendite des"). */
    benchmarkLeads: string[];
    /** Words that may stand between a lead and the index name ("as closely as possible", "the performance of"). */
    benchmarkFillers: string[];
    /** Phrases that introduce an index name not ending in "Index" ("de l'indice MSCI World"). */
    indexIntros: string[];
    /** Defined terms of an index: `MSCI World Index (the "Index")`. */
    indexTerms: string[];
    /** The word for "article" (SFDR article 8). */
    articleWords: string[];
    /** Words that show an article is about sustainability disclosures. */
    sustainabilityWords: string[];
    /** Phrases before the document's date ("accurate as at", "erstellt am"). */
    datePhrases: string[];
    /** Document titles that may precede the date in a running footer. */
    titles: string[];
  };

  risk: {
    /** PRIIPs summary risk indicator sentences, with `{n}` where the class is. */
    sriSentences: string[];
    /** UCITS synthetic risk and reward indicator sentences. */
    srriSentences: string[];
    /** Labels of the holding period ("Recommended holding period"). */
    holdingPeriodLabels: string[];
    /** Sentences stating the holding period, with `{n}` and `{unit}`. */
    holdingSentences: string[];
    /** Phrases saying the product is held until it matures ("until maturity"), before the maturity date. */
    untilMaturity: string[];
  };

  costs: {
    entry: string[];
    exit: string[];
    /** PRIIPs "Management fees and other administrative or operating costs"; UCITS "Ongoing charges". */
    ongoing: string[];
    transaction: string[];
    performanceFee: string[];
    /** Lines that end a cost row although they are not another row's label (section headings). */
    rowEnds: string[];
    /** Statements that a cost is not charged: such a row reads as 0%. */
    none: string[];
    /** The "Annual cost impact" row of the costs-over-time table. */
    impact: string[];
    /** What follows the impact label when it is the column header instead ("if you exit"). */
    impactHeader: string[];
    /** What follows a performance fee's percentage when it is a share of the outperformance ("of the outperformance"). */
    outperformance: string[];
    /** "each year" after the last figure of the impact row. */
    perYear: string[];
    /** Labels of the example investment, whose currency is the product's ("Example investment: EUR 10,000"). */
    exampleInvestment: string[];
  };
}

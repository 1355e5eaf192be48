import { percentFromFraction } from '../../domain/format';
import { normaliseIsin } from '../../domain/isin';
import {
  DATE,
  LineIndex,
  normalisePercent,
  parseDate,
  parseDecimal,
  PERCENT,
  SMALL_NUMBER,
  smallNumber,
  textLines,
  type PdfText,
} from '../pdf/text';

/**
 * Reads a PRIIPs KID or a UCITS KIID (English or French) from its text layer.
 *
 * Everything is found by the labels the regulations impose ("Entry costs", "Recommended holding period",
 * "Coûts de sortie"...), never by position, so the parser survives the layouts of different managers.
 *
 * LINEAR TIME. The text comes from outside (uploads, pasted text), so every pattern here must run in time
 * linear in it, whatever it holds. The rules the patterns follow:
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

/** Calendar-year returns in percent, oldest year first; years before the fund's first figure are dropped. */
export interface CalendarReturns {
  years: string[];
  fund: number[];
  /** Aligned with `years`; null where the document gives no benchmark figure. */
  benchmark: Array<number | null>;
}

/** A value and the page it was read from. */
interface Hit<T> {
  value: T;
  page: number;
}

export function parseKid(text: PdfText): KidFields {
  const doc = new LineIndex(textLines(text.pages ?? []));
  const docType = detectDocType(doc.flat);
  const pages: Record<string, number> = {};
  const take = <T>(field: string, hit: Hit<T> | null): T | null => {
    if (hit === null) return null;
    pages[field] = hit.page;
    return hit.value;
  };

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
// Identification: ISIN, name, manager
// ---------------------------------------------------------------------------------------------

const ISIN_TOKEN = /\b([A-Z]{2}[A-Z0-9]{9}\d)\b/g;

/** The first ISIN announced by an "ISIN" label, else the first valid ISIN anywhere (check digit verified). */
function findIsin(doc: LineIndex): Hit<string> | null {
  // Linear: one blank run before each optional part, never two adjacent \s* (was (?:\s*code)?\s*[:\-]?\s*).
  const labelled = /\bISIN\b\s*(?:code\s*)?(?:[:\-]\s*)?([A-Z]{2}[A-Z0-9]{9}\d)\b/g;
  for (const re of [labelled, ISIN_TOKEN]) {
    re.lastIndex = 0;
    for (let m = re.exec(doc.flat); m; m = re.exec(doc.flat)) {
      const isin = normaliseIsin(m[1]);
      if (isin) return { value: isin, page: doc.pageAt(m.index) };
    }
  }
  return null;
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
const SECTION_HEADING = /^(?:objectives?\b|objectifs?\b|what is this product|en quoi consiste|investment objective)/i;

/** Name as labelled ("Product:", "Share Class:"), else the unlabelled name block next to the ISIN (UCITS KIIDs). */
function findName(doc: LineIndex, isin: string | null): Hit<string> | null {
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
    .replace(/\b[A-Z]{2}[A-Z0-9]{9}\d\b/g, '')
    .replace(/\t/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .replace(/(?<!\s)\s+([-–,])\s*$/, '')
    .replace(/(?<!\s)\s+-\s+/g, ' - ')
    .trim();
}

const ENTITY_SUFFIX = String.raw`(?:Limited|Ltd\.?|plc|PLC|S\.A\.|SA|S\.A\.S\.|SAS|GmbH|LLC|Inc\.?|AG|N\.V\.|B\.V\.|AB|SE|S\.à r\.l\.|S\.a\.r\.l\.|Sàrl|SGR|S\.p\.A\.)`;

/** Manager/manufacturer: labelled, else "managed by X", else an entity name standing alone in the header. */
function findManager(doc: LineIndex): Hit<string> | null {
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

// ---------------------------------------------------------------------------------------------
// Objective, benchmark, SFDR, date
// ---------------------------------------------------------------------------------------------

// Linear: one blank run per optional part (was \s*[:\-–]?\s*).
const OBJECTIVE_LABEL = /^(?:investment objectives?|objectives?(?: and investment polic(?:y|ies))?|objectifs?(?: et politique d'investissement)?(?: d'investissement)?|objectif de gestion)\b\s*(?:[:\-–]\s*)?/i;
const PURPOSE_TEXT = /^(?:this document|ce document|le présent document)/i;
const MAX_OBJECTIVE_LINES = 10;

/** The stated objective: the paragraph after the "Objectives" label, up to the first line-ending full stop. */
function findObjective(doc: LineIndex): Hit<string> | null {
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
function findBenchmark(doc: LineIndex): Hit<string> | null {
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
function findSfdrArticle(doc: LineIndex): Hit<6 | 8 | 9> | null {
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
function findDocDate(doc: LineIndex): Hit<string> | null {
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
      const iso = parseDate(m[1]);
      if (iso) return { value: iso, page: doc.pageAt(m.index ?? 0) };
    }
  }
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

// ---------------------------------------------------------------------------------------------
// Costs
// ---------------------------------------------------------------------------------------------

type CostRow = 'entry' | 'exit' | 'ongoing' | 'transaction' | 'performanceFee';

/** Row labels of the PRIIPs "Composition of costs" table and the UCITS "Charges" table, in both languages. */
const COST_LABELS: Record<CostRow, RegExp> = {
  entry: /^(?:one-off )?entry (?:costs?|charges?|fees?)\b|^(?:co[uû]ts|frais|droits) d'entr[ée]e\b/i,
  exit: /^(?:one-off )?exit (?:costs?|charges?|fees?)\b|^(?:co[uû]ts|frais|droits) de sortie\b/i,
  ongoing: /^management fees(?: and other)?\b|^ongoing charges?\b|^frais de gestion(?: et autres)?\b|^frais courants\b/i,
  transaction: /^(?:portfolio )?transaction (?:costs?|fees?)\b|^co[uû]ts de transaction\b|^frais de transaction\b/i,
  performanceFee: /^performance fees?\b|^commissions? (?:li[ée]es? aux r[ée]sultats|de (?:sur)?performance)\b/i,
};

/** Lines that end a cost row even though they are not another row's label. */
const COST_ROW_END = /^(?:one-off|ongoing costs|incidental costs|charges taken|how long should|what happens if|past performance|practical information|co[uû]ts (?:ponctuels|r[ée]currents|accessoires)|frais (?:ponctuels|prélevés)|combien de temps|performances pass[ée]es|informations pratiques|\(\*\))/i;
const MAX_ROW_LINES = 6;

/** Words that state a cost is not charged; such a row reads as 0%. */
const NO_COST = /\b(?:none|nil|n\/a|n\.a\.|not applicable|no (?:entry |exit |performance |switching )?(?:fee|charge|cost)s?|does not charge|do not charge|is no\b|are no\b|néant|aucune?|pas de|ne (?:facturons|prélevons|prélève|facture) pas|sans objet)/i;

/**
 * The percentage of one cost row. The row runs from its label to the next row (labels may wrap onto two
 * lines, descriptions onto several); the first percentage or "none" statement in it is the answer, so the
 * currency amounts of the right-hand column ("0 EUR", "CHF 20") are never read as the cost.
 */
function findCostRow(doc: LineIndex, row: CostRow): Hit<string> | null {
  const label = COST_LABELS[row];
  for (let i = 0; i < doc.lines.length; i++) {
    const line = doc.lines[i];
    const m = label.exec(line.text);
    if (!m) continue;
    const value = firstCostValue(rowText(doc, i, m[0].length));
    if (value) return { value, page: line.page };
  }
  return null;
}

function rowText(doc: LineIndex, start: number, labelLength: number): string {
  const parts = [doc.lines[start].text.slice(labelLength)];
  for (let i = start + 1; i < doc.lines.length && i <= start + MAX_ROW_LINES; i++) {
    const text = doc.lines[i].text;
    if (COST_ROW_END.test(text) || Object.values(COST_LABELS).some((re) => re.test(text))) break;
    parts.push(text);
  }
  return parts.join(' ');
}

function firstCostValue(row: string): string | null {
  const pct = new RegExp(PERCENT).exec(row);
  const none = NO_COST.exec(row);
  if (pct && (!none || pct.index < none.index)) return normalisePercent(pct[0]);
  return none ? percentFromFraction(0) : null;
}

const COST_IMPACT_LABEL = /^(?:annual cost impact|incidence (?:annuelle )?des co[uû]ts(?: annuels)?|impact des co[uû]ts annuels)\b/i;

/**
 * "Annual cost impact (*)" row of the costs-over-time table: the first column is "if you exit after 1 year",
 * the last is the recommended holding period. With a one-year RHP the single column is both.
 */
function findCostImpact(doc: LineIndex, rhpYears: number | null): { oneYear: Hit<string> | null; atRhp: Hit<string> | null } {
  for (let i = 0; i < doc.lines.length; i++) {
    const m = COST_IMPACT_LABEL.exec(doc.lines[i].text);
    if (!m) continue;
    const rest = doc.lines[i].text.slice(m[0].length);
    if (/^\s*(?:if you|si vous)\b/i.test(rest)) continue; // the "Annual cost impact if you exit after 1 year" column header
    const values = costImpactValues(rest, doc.lines[i + 1]?.text ?? '');
    if (values.length === 0) continue;
    const page = doc.lines[i].page;
    const oneYear = { value: values[0], page };
    if (values.length > 1) return { oneYear, atRhp: { value: values[values.length - 1], page } };
    return { oneYear, atRhp: rhpYears !== null && rhpYears <= 1 ? { value: values[0], page } : null };
  }
  return { oneYear: null, atRhp: null };
}

/**
 * Percentages on the label's line. The next line is used only when the values wrapped off the label line
 * and it holds nothing but values: the footnote below the table quotes other percentages ("11.6% before costs").
 */
function costImpactValues(sameLine: string, nextLine: string): string[] {
  const own = percentsOf(sameLine);
  if (own.length > 0) return own;
  const leftover = nextLine.replace(new RegExp(PERCENT, 'g'), '').replace(/each year|per year|chaque ann[ée]e|par an/gi, '');
  return /\p{L}/u.test(leftover) ? [] : percentsOf(nextLine);
}

function percentsOf(text: string): string[] {
  return [...text.matchAll(new RegExp(PERCENT, 'g'))].map((m) => normalisePercent(m[0])).filter((v): v is string => v !== null);
}

// ---------------------------------------------------------------------------------------------
// Past performance (UCITS KIID)
// ---------------------------------------------------------------------------------------------

const YEAR = /^(?:19|20)\d{2}$/;
const RETURN_TOKEN = /^[-−–]?\d{1,3}(?:[.,]\d{1,2})?%?$/;
const MISSING_TOKEN = /^(?:[-–—]|n\/a|n\.a\.)$/i;

/**
 * The chart's data table: a line of years, then the fund's line and the benchmark's line of figures
 * ("Fund 9.7 1.8 -24.0 ...", "Target †¹ 10.0 ..."). A fund launched inside the window prints fewer figures:
 * they belong to the latest years, so rows are aligned to the right.
 */
function findCalendarReturns(doc: LineIndex): Hit<CalendarReturns> | null {
  for (let i = 0; i < doc.lines.length; i++) {
    const years = doc.lines[i].text.split(/\s+/);
    if (years.length < 2 || !years.every((y) => YEAR.test(y))) continue;
    const rows = doc.lines
      .slice(i + 1, i + 4)
      .map((l) => figuresOf(l.text, years.length))
      .filter((r): r is Array<number | null> => r !== null);
    if (rows.length === 0) continue;
    const [fund, benchmark = []] = rows;
    // Years without a fund figure (before launch, or a gap) carry nothing to report.
    const kept = years.map((year, k) => ({ year, fund: fund[k], benchmark: benchmark[k] ?? null })).filter((y) => y.fund !== null);
    if (kept.length === 0) continue;
    if (Number(kept[0].year) > Number(kept[kept.length - 1].year)) kept.reverse(); // oldest first
    return {
      value: { years: kept.map((y) => y.year), fund: kept.map((y) => y.fund as number), benchmark: kept.map((y) => y.benchmark) },
      page: doc.lines[i].page,
    };
  }
  return null;
}

/** The figures of a "Label 1.2 -3.4 ..." row, right-aligned to `count` years; null when the line is not such a row. */
function figuresOf(text: string, count: number): Array<number | null> | null {
  const tokens = text.replace(/(?<!\s)\s+%/g, '%').split(/\s+/); // French "12,5 %"; (?<!\s): see LINEAR TIME
  let start = tokens.length;
  while (start > 0 && (RETURN_TOKEN.test(tokens[start - 1]) || MISSING_TOKEN.test(tokens[start - 1]))) start--;
  const figures = tokens.slice(start);
  if (figures.length === 0 || figures.length > count || start === 0 || !/\p{L}/u.test(tokens.slice(0, start).join(' '))) return null;
  const values = figures.map((t) => (MISSING_TOKEN.test(t) ? null : parseDecimal(t.replace(/[−–]/, '-').replace('%', ''))));
  return [...Array<null>(count - values.length).fill(null), ...values];
}

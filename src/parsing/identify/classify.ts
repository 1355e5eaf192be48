import type { ScpiDocumentKind } from '../../domain/documents';
import { parseFactsheet } from '../factsheet';
import { readKeyFacts } from '../keyFacts';
import { detectDocType, detectLanguage, parseKid } from '../kid';
import { DOC_TYPE_MARKERS } from '../kid/vocabulary';
import type { PdfText } from '../pdf/text';
import { parseScpiDocument } from '../scpi';
import { textLines } from '../text/lines';
import { type Description, distinct, type Reading, refused } from './types';
import { SCPI_TITLES, SCPI_WORD, titleOf } from './words';

/**
 * What the text of one document (a whole PDF, or the pages of one part of it) is: a KID or KIID (by its title on the
 * first lines, else by the headings only those carry), one of an SCPI's documents, or a factsheet. Each kind is then
 * read by its own parser for what the document says of itself.
 */

/** Lines of the first page a document's title is looked for in (a page number or a logo may come first). */
const TITLE_LINES = 10;
/** Lines of the first page where an SCPI names itself (its name, its type) when the document is one of its own. */
const SCPI_HEAD_LINES = 20;
/** Distinct section headings of a key document that make one without a title on its first lines. */
const MIN_KEY_HEADINGS = 4;
/** Key facts a factsheet without a stated identity needs ("Asset class:", "Fund currency:", "Share class:"...). */
const MIN_KEY_FACTS = 3;

const NOT_A_FUND_DOCUMENT = 'a PDF that is not a fund document (no KID, KIID, factsheet or SCPI wording found)';

export function describePdf(text: PdfText): Reading {
  const lines = textLines(text.pages);
  const flat = lines.map((l) => l.text).join('\n');
  const firstPage = lines.filter((l) => l.page === (lines[0]?.page ?? 1)).map((l) => l.text);
  const keyDocument = keyDocumentKind(firstPage.slice(0, TITLE_LINES), flat);
  const language = detectLanguage(flat);

  if (isAboutScpi(firstPage)) {
    const kind: ScpiDocumentKind | null = keyDocument ? 'scpi-dic' : scpiTitle(firstPage);
    if (kind) return { ok: true, description: describeScpi(kind, text, language) };
  }
  if (keyDocument) return { ok: true, description: describeKeyDocument(keyDocument, text) };
  return describeFactsheet(text, language) ?? refused(NOT_A_FUND_DOCUMENT);
}

/**
 * A KID or KIID: its title on the first lines ("Key Information Document", "Basisinformationsblatt"); without one, a
 * text with several of the headings only key documents carry (performance scenarios, risk and reward profile...).
 * Titles cited elsewhere ("read the KIID before investing") and a heading or two a factsheet shares do not count.
 */
function keyDocumentKind(head: string[], flat: string): 'kid' | 'kiid' | null {
  const titled = head.map(titleOf).find((t) => t !== null);
  if (titled) return titled === 'either' ? detectDocType(flat) : titled;
  const headings = new Set<string>();
  for (const [marker] of flat.matchAll(DOC_TYPE_MARKERS.all)) {
    const phrase = marker.toLowerCase().replace(/\s+/g, ' ');
    if (titleOf(phrase) === null && phrase.includes(' ')) headings.add(phrase);
  }
  return headings.size >= MIN_KEY_HEADINGS ? detectDocType(flat) : null;
}

/**
 * An SCPI's own document names it as one at the top ("SCPI Iroko Zen", "société civile de placement immobilier");
 * a fund that merely holds some SCPI cites them further down.
 */
function isAboutScpi(firstPage: string[]): boolean {
  return firstPage.slice(0, SCPI_HEAD_LINES).some((line) => matches(SCPI_WORD, line));
}

/** The SCPI document a first page's title names: on its first lines, else anywhere on the page. */
function scpiTitle(firstPage: string[]): ScpiDocumentKind | null {
  for (const lines of [firstPage.slice(0, TITLE_LINES), firstPage]) {
    const found = SCPI_TITLES.find(({ title }) => lines.some((l) => title.test(l)));
    if (found) return found.kind;
  }
  return null;
}

function matches(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  return re.test(text);
}

function describeScpi(kind: ScpiDocumentKind, text: PdfText, language: string | null): Description {
  const reading = parseScpiDocument(kind, text);
  return {
    kind,
    // SCPI are French funds and their documents are written in French, as the wording they were told by says.
    language: language ?? 'fr',
    isins: distinct([reading.scalars['keyFacts.isin']?.value]),
    asOf: reading.asOf,
    name: reading.scalars['keyFacts.name']?.value ?? null,
  };
}

function describeKeyDocument(kind: 'kid' | 'kiid', text: PdfText): Description {
  const kid = parseKid(text);
  return { kind, language: kid.language, isins: distinct([kid.isin]), asOf: kid.docDate, name: kid.name };
}

/**
 * A factsheet has no regulated template: it reads as one when it states who it is about (name or ISIN) and
 * something a factsheet gives (a report date, holdings, a sector split, a NAV, assets), or several key facts.
 */
function describeFactsheet(text: PdfText, language: string | null): Reading | null {
  const sheet = parseFactsheet(text);
  const facts = Object.keys(readKeyFacts(text)).length;
  const identity = sheet.name !== null || sheet.isin !== null;
  const content =
    sheet.reportDate !== null ||
    sheet.topHoldings.length > 0 ||
    sheet.sector.length > 0 ||
    sheet.nav !== null ||
    sheet.aum !== null;
  if (!(identity && content) && facts < MIN_KEY_FACTS) return null;
  return {
    ok: true,
    description: {
      kind: 'factsheet',
      language,
      isins: distinct([sheet.isin]),
      asOf: sheet.reportDate,
      name: sheet.name,
    },
  };
}

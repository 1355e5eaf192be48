import type { DocumentRef } from '../../domain/documents';
import { type FactsheetFields, parseFactsheet } from '../factsheet';
import { type FindatexDocument, parseFindatex } from '../findatex';
import { type HoldingsFile, parseHoldings } from '../holdings';
import { type KeyFactHit, type KeyFactName, readKeyFacts } from '../keyFacts';
import { type KidFields, parseKid } from '../kid';
import { type NavSeries, parseNav } from '../nav';
import { type ExtractOptions, extractPdfText, type PdfText } from '../pdf/text';
import { parseScpiDocument, type ScpiReading } from '../scpi';

/** A stored document with its bytes, as the extraction reads it. */
export interface LoadedDocument {
  ref: DocumentRef;
  content: Buffer;
}

/** Size of a document's text: what POST /extract reports. */
export interface TextSize {
  pages: number;
  chars: number;
}

/**
 * What one document says, parsed, before it is merged with the others. Plain data only: it comes back
 * from a parse-pool thread by structured clone.
 */
export type ParsedDocument =
  | { kind: 'keyDocument'; text: TextSize; kid: KidFields }
  | { kind: 'factsheet'; text: TextSize; sheet: FactsheetFields; facts: Partial<Record<KeyFactName, KeyFactHit>> }
  | { kind: 'findatex'; findatex: FindatexDocument }
  | { kind: 'holdings'; holdings: HoldingsFile }
  | { kind: 'nav'; nav: NavSeries }
  | { kind: 'scpi'; text: TextSize; scpi: ScpiReading }
  | { kind: 'none' };

/** Parses one document by its kind: all the CPU work of an extraction, which the parse pool runs off the event loop. */
export async function parseDocument(doc: LoadedDocument): Promise<ParsedDocument> {
  const { kind, mediaType, origin } = doc.ref;
  switch (kind) {
    case 'kid':
    case 'kiid': {
      const text = await documentText(doc);
      return { kind: 'keyDocument', text: sizeOf(text), kid: await readKeyDocument(doc, text) };
    }
    case 'factsheet': {
      const text = await documentText(doc);
      return { kind: 'factsheet', text: sizeOf(text), sheet: parseFactsheet(text), facts: readKeyFacts(text) };
    }
    case 'ept':
    case 'emt':
    case 'tpt':
      return { kind: 'findatex', findatex: await parseFindatex(doc.content, mediaType, origin) };
    case 'holdings':
      return { kind: 'holdings', holdings: await parseHoldings(doc.content, mediaType, origin) };
    case 'nav':
      return { kind: 'nav', nav: parseNav(doc.content, mediaType, origin) };
    case 'scpi-bulletin':
    case 'scpi-dic':
    case 'scpi-annual':
    case 'scpi-note': {
      // A DIC's risk class may be drawn only (one box of the 1-7 scale shaded), as in a fund's KID.
      const text = await documentText(doc, { riskScale: kind === 'scpi-dic' });
      return { kind: 'scpi', text: sizeOf(text), scpi: parseScpiDocument(kind, text) };
    }
    default:
      return { kind: 'none' };
  }
}

/**
 * A KID or KIID read from its text; a risk class the text does not state is then sought in the drawing (one box of
 * the 1-7 scale shaded). Reading the drawing is a second pass over the first pages, so it is made only then: most
 * documents state their class in words.
 */
export async function readKeyDocument(doc: LoadedDocument, text: PdfText): Promise<KidFields> {
  const kid = parseKid(text);
  if (kid.sri !== null || kid.srri !== null || doc.ref.mediaType !== 'application/pdf') return kid;
  const drawn = await extractPdfText(doc.content, { riskScale: true });
  return drawn.riskScale ? parseKid({ ...text, riskScale: drawn.riskScale }) : kid;
}

/** Text of a key document or factsheet: a PDF's text layer, or plain text as sent. */
async function documentText(doc: LoadedDocument, options: ExtractOptions = {}): Promise<PdfText> {
  if (doc.ref.mediaType === 'application/pdf') return extractPdfText(doc.content, options);
  const text = doc.content.toString('utf8');
  return { pages: text.split('\f'), chars: text.length };
}

function sizeOf(text: PdfText): TextSize {
  return { pages: text.pages.length, chars: text.chars };
}

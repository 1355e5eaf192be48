import { identifyPdf } from './identify/pdf';
import { sniff, TABLE_MEDIA_TYPES } from './identify/sniff';
import { readTable } from './identify/tables';
import { type Identification, refused } from './identify/types';

export type { Identification, IdentifiedDocument } from './identify/types';

/**
 * Identifies a fund document by its content, never by its name: which kind it is (DOCUMENT_KINDS), what it is about
 * (its own ISINs, name and date) and its language; a PDF that holds several documents (a KIID then a KID, one KID per
 * share class) is split into one PDF each. A document that is none of ours is refused with a reason a person
 * understands; only a bug throws.
 *
 * The media type comes from the bytes' signature (identify/sniff.ts); PDFs are classified and split in
 * identify/classify.ts and identify/split.ts; tables (CSV, XLSX, JSON, YAML) are read in identify/tables.ts.
 * Pure: no file system, no network; every pattern applied to the text runs in linear time (LINEAR TIME, kid.ts).
 */
export async function identifyDocument(content: Buffer): Promise<Identification> {
  const sniffed = sniff(content);
  if ('refused' in sniffed) return refused(sniffed.refused);
  if (sniffed.format === 'pdf') return identifyPdf(content);
  const reading = await readTable(content, sniffed.format, sniffed.format === 'json' ? sniffed.json : undefined);
  if (!reading.ok) return refused(reading.reason);
  const filed = reading.converted ?? { content, mediaType: TABLE_MEDIA_TYPES[sniffed.format] };
  return { ok: true, documents: [{ ...reading.description, ...filed, pages: null }] };
}

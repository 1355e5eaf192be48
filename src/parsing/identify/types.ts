import type { DocumentKind } from '../../domain/documents';

/** One document found in the input: what it is, what it is about, and its bytes. */
export interface IdentifiedDocument {
  /** One of DOCUMENT_KINDS. */
  kind: DocumentKind;
  /** 'application/pdf', 'text/csv', XLSX_MEDIA_TYPE, 'application/json' or 'application/yaml'. */
  mediaType: string;
  /** ISO 639-1 code when the document's language can be told, else null. */
  language: string | null;
  /** ISINs the document is about (its own fund or share classes), distinct; never those of its holdings. */
  isins: string[];
  /** YYYY-MM-DD the document is as of: its date, reporting date, holdings date or last NAV date. */
  asOf: string | null;
  /** The fund or product name when the document states it. */
  name: string | null;
  /** 1-based inclusive page range of the input PDF when this is one part of a split; null otherwise. */
  pages: [number, number] | null;
  /** The input itself, or a new PDF holding only this document's pages. */
  content: Buffer;
}

export type Identification = { ok: true; documents: IdentifiedDocument[] } | { ok: false; reason: string };

/** What a reader tells of one document, before its bytes, media type and pages are attached. */
export type Description = Pick<IdentifiedDocument, 'kind' | 'language' | 'isins' | 'asOf' | 'name'>;

/**
 * A table read as what it is; `converted` when the service reads it in another form than it came in (a NAV
 * history in a workbook is filed as the CSV of its sheet, which the NAV reader reads).
 */
export type Reading =
  | { ok: true; description: Description; converted?: { content: Buffer; mediaType: string } }
  | { ok: false; reason: string };

/** A reason is one sentence: at most this many characters. */
const MAX_REASON = 300;

/** A refusal whose reason is cut to one short sentence. */
export function refused(reason: string): { ok: false; reason: string } {
  const text = reason.replace(/\s+/g, ' ').trim();
  return { ok: false, reason: text.length <= MAX_REASON ? text : `${text.slice(0, MAX_REASON - 1)}…` };
}

/** Distinct values, in order of first appearance. */
export function distinct<T>(values: Iterable<T | null | undefined>): T[] {
  return [...new Set([...values].filter((v): v is T => v !== null && v !== undefined))];
}

import { unzipSync } from 'fflate';

import { XLSX_MEDIA_TYPE } from '../holdings';
import { isLegacyWorkbook } from '../legacyWorkbook';
import { decodeText } from '../text/csv';

/**
 * What the bytes are, by their signature and never by a name: a sender's file name and media type say what they
 * believe, the first bytes say what it is.
 */
export type Format = 'pdf' | 'xlsx' | 'xls' | 'json' | 'yaml' | 'csv';

/** The media type a table of each format is filed and parsed with. */
export const TABLE_MEDIA_TYPES: Record<Exclude<Format, 'pdf'>, string> = {
  csv: 'text/csv',
  xlsx: XLSX_MEDIA_TYPE,
  xls: 'application/vnd.ms-excel', // never filed as such: read into CSV (identify/tables.ts)
  json: 'application/json',
  yaml: 'application/yaml',
};

export type Sniffed = { format: 'json'; json: unknown } | { format: Exclude<Format, 'json'> } | { refused: string };

/** Acrobat accepts the header anywhere in the first kilobyte, and so does the PDF reader. */
const PDF_HEADER_WINDOW = 1024;
/** Bytes looked at to tell text from binary data. */
const TEXT_WINDOW = 4096;
/** Share of control characters above which bytes are not text (a text file has none but tabs and line breaks). */
const MAX_CONTROL_SHARE = 0.01;

const IMAGE_SIGNATURES: Array<(b: Buffer) => boolean> = [
  (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), // PNG
  (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff, // JPEG
  (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')),
  (b) => ['II*\0', 'MM\0*'].includes(b.subarray(0, 4).toString('latin1')), // TIFF
  (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
];

const MESSAGES = {
  empty: 'the file is empty',
  zip: 'a ZIP archive',
  brokenZip: 'a damaged ZIP archive: it cannot be opened, so it is neither a workbook nor a readable archive',
  image: 'an image, not a document with text',
  binary: 'binary data of no known document format: send a PDF, an XLSX or CSV table, or a JSON or YAML file',
  markup: 'a web page (HTML or XML), not a document: send the PDF or data file it links to',
};

/** A FinDatEx YAML record opens with a coded key (00001_EPT_Version:, - 1_Portfolio_identifying_data:), as in table.ts. */
const FINDATEX_YAML = /^(?:-\s+)?["']?\d{1,5}[a-z]?_[A-Za-z][^,;\t\n]*["']?\s*:/;

export function sniff(content: Buffer): Sniffed {
  if (content.length === 0) return { refused: MESSAGES.empty };
  if (content.subarray(0, PDF_HEADER_WINDOW).includes('%PDF-')) return { format: 'pdf' };
  if (content.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) return zipFormat(content);
  if (isLegacyWorkbook(content)) return { format: 'xls' }; // an OLE2 file that is no workbook is refused when read
  if (IMAGE_SIGNATURES.some((isImage) => isImage(content))) return { refused: MESSAGES.image };
  if (!looksLikeText(content)) return { refused: MESSAGES.binary };

  const head = decodeText(content.subarray(0, TEXT_WINDOW)).trimStart();
  if (head.startsWith('{') || head.startsWith('[')) {
    try {
      return { format: 'json', json: JSON.parse(decodeText(content)) as unknown };
    } catch (err) {
      return { refused: `a JSON file that does not parse (${(err as Error).message})` };
    }
  }
  if (/^<(?:!doctype|html|\?xml)/i.test(head)) return { refused: MESSAGES.markup };
  if (FINDATEX_YAML.test(withoutYamlPreamble(head))) return { format: 'yaml' };
  return { format: 'csv' };
}

/** A workbook is a ZIP holding xl/workbook.xml; the entries' names are read without unpacking anything. */
function zipFormat(content: Buffer): Sniffed {
  const names: string[] = [];
  try {
    unzipSync(content, {
      filter: (file) => {
        names.push(file.name);
        return false;
      },
    });
  } catch {
    return { refused: MESSAGES.brokenZip };
  }
  return names.includes('xl/workbook.xml') ? { format: 'xlsx' } : { refused: MESSAGES.zip };
}

/** Text has no control characters but tabs, line and page breaks; UTF-16 (with its BOM) is text whatever its bytes. */
function looksLikeText(content: Buffer): boolean {
  if ((content[0] === 0xff && content[1] === 0xfe) || (content[0] === 0xfe && content[1] === 0xff)) return true;
  const window = content.subarray(0, TEXT_WINDOW);
  let control = 0;
  for (const byte of window) if ((byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(byte)) || byte === 0x7f) control++;
  return control <= window.length * MAX_CONTROL_SHARE;
}

/** YAML may open with a document marker and comments before its first key. */
function withoutYamlPreamble(head: string): string {
  const lines = head.split('\n');
  let i = 0;
  while (i < lines.length && (/^\s*(#|$)/.test(lines[i]) || lines[i].trim() === '---')) i++;
  return lines.slice(i).join('\n');
}

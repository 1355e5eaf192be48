import { read, utils } from '@e965/xlsx';

import { UnreadableDocumentError } from '../domain/documents';

/**
 * Workbooks of the formats before XLSX that managers still publish: Excel 97-2003 (.xls, an OLE2 compound file) and
 * the XML Spreadsheet 2003 some sites serve under an .xls name (iShares' downloads). Read by SheetJS Community Edition
 * (the build republished on npm as @e965/xlsx, 0.20.3: the npm `xlsx` package stopped at 0.18.5, with known flaws).
 * Each sheet comes back as rows of the text its cells show, which the CSV readers of the holdings, NAV and FinDatEx
 * parsers read.
 */

/** Rows read per sheet at most: a holdings list has thousands, never hundreds of thousands. */
const MAX_ROWS = 200_000;
/** Sheets read at most: data files have one or two. */
const MAX_SHEETS = 12;

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const SPREADSHEET_2003 = 'urn:schemas-microsoft-com:office:spreadsheet';

/** True for an Excel 97-2003 file or an XML Spreadsheet 2003, by their first bytes. */
export function isLegacyWorkbook(content: Buffer): boolean {
  if (content.subarray(0, 8).equals(OLE2)) return true;
  const head = content.subarray(0, 2048).toString('utf8').trimStart();
  return head.startsWith('<?xml') && head.includes(SPREADSHEET_2003);
}

/** The sheets of a legacy workbook as rows of cell text; UnreadableDocumentError when it is none (a Word file). */
export function legacySheets(content: Buffer, origin = 'workbook'): string[][][] {
  let book;
  try {
    book = read(content, { type: 'buffer', sheetRows: MAX_ROWS, dense: true, cellHTML: false, cellFormula: false });
  } catch (err) {
    throw new UnreadableDocumentError(origin, `not a readable Excel workbook (${String(err).slice(0, 120)})`);
  }
  const names = book.SheetNames.slice(0, MAX_SHEETS);
  if (names.length === 0) throw new UnreadableDocumentError(origin, 'a workbook without sheets');
  return names.map((name) =>
    utils
      .sheet_to_json<unknown[]>(book.Sheets[name], { header: 1, raw: false, defval: '', blankrows: false })
      .map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell as string).trim()))),
  );
}

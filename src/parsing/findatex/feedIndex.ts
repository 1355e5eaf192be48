import { normaliseIsin } from '../../schema/isin';
import type { FindatexFormat } from './excerpt';
import { excerptCell } from './excerpt';
import { type EmtRow, type EptRow, type FindatexDocument, type Located, parseFindatex } from './index';

/**
 * What the FinDatEx index keeps of a feed file (an EPT or EMT delivery of thousands of share classes): per
 * loadable row its ISIN, its own date and its row number, and the rows' cells as one block of JSON lines
 * (an excerpt is written from one line). Made where the file is parsed, in a parse thread, so that only this
 * compact form crosses to the worker's thread: the parsed rows of a 20,000-row file are hundreds of megabytes.
 */
export interface FeedFileIndex {
  kind: 'ept' | 'emt';
  format: FindatexFormat;
  decimalComma: boolean;
  /** Header cells as printed, which each line's cells are aligned with. */
  headers: string[];
  isins: string[];
  /** Each row's own date (EPT 00070 KID publication date, EMT 00050 general reference date), '' when none. */
  dates: string[];
  /** Each row's number in the file (provenance). */
  rows: number[];
  /** The rows' cells, one JSON array a line, UTF-8; `ends[i]` is where line i ends (exclusive, newline excluded). */
  lines: Uint8Array;
  ends: number[];
}

/** A TPT file is no feed: its holdings belong to one fund's folder. */
export type FeedFileReading = { feed: FeedFileIndex } | { notAFeed: 'tpt' };

type ShareClassRow = Located<EptRow> | Located<EmtRow>;

/** Reads a feed file into its index; rows without a valid ISIN (CUSIPs, tickers, internal codes) are left out. */
export async function indexFeedFile(content: Buffer, mediaType: string, origin: string): Promise<FeedFileReading> {
  return feedIndexOf(await parseFindatex(content, mediaType, origin));
}

function feedIndexOf(parsed: FindatexDocument): FeedFileReading {
  if (parsed.kind === 'tpt') return { notAFeed: 'tpt' };
  const isins: string[] = [];
  const dates: string[] = [];
  const rows: number[] = [];
  const chunks: Buffer[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const row of parsed.rows as ShareClassRow[]) {
    const isin = normaliseIsin(row.fields.isin);
    if (!isin) continue;
    isins.push(isin);
    dates.push(rowDate(row));
    rows.push(row.at.row);
    const line = Buffer.from(`${JSON.stringify(row.at.cells.map(excerptCell))}\n`, 'utf8');
    chunks.push(line);
    offset += line.length;
    ends.push(offset - 1);
  }
  const { kind, format, decimalComma, headers } = parsed;
  return { feed: { kind, format, decimalComma, headers, isins, dates, rows, lines: Buffer.concat(chunks), ends } };
}

function rowDate(row: ShareClassRow): string {
  const fields = row.fields;
  return ('kidPublicationDate' in fields ? fields.kidPublicationDate : fields.referenceDate) ?? '';
}

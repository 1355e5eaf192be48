import { EMT_ROW, EPT_ROW, table, TPT_POSITIONS, tptRow } from '../../../test/fixtures/findatexRows';
import { isinCheckDigit } from '../../schema/isin';
import { type FeedFileIndex, indexFeedFile } from './feedIndex';
import { parseFindatex } from './index';

const isin = (n: number) => `ZZ00000000${n}${isinCheckDigit(`ZZ00000000${n}`)}`;

/** Line i of the block, as the index hands it to an excerpt. */
function line(feed: FeedFileIndex, i: number): unknown[] {
  const start = i === 0 ? 0 : feed.ends[i - 1] + 1;
  return JSON.parse(Buffer.from(feed.lines).subarray(start, feed.ends[i]).toString('utf8')) as unknown[];
}

async function feedOf(content: Buffer): Promise<FeedFileIndex> {
  const reading = await indexFeedFile(content, 'text/csv', 'feed.csv');
  if (!('feed' in reading)) throw new Error('not a feed');
  return reading.feed;
}

describe('indexFeedFile', () => {
  it('keeps per loadable row its ISIN, date and row number, and its cells as one line', async () => {
    const content = table([
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': isin(1), '00050_Portfolio_Name': 'Fonds Épargne « Zürich »' },
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': '037833100' }, // a CUSIP: not loadable by ISIN
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': isin(2), '00070_PRIIPs_KID_Publication_Date': '' },
    ]);
    const feed = await feedOf(content);
    const parsed = await parseFindatex(content, 'text/csv', 'feed.csv');
    if (parsed.kind !== 'ept') throw new Error('not EPT');
    expect(feed).toMatchObject({ kind: 'ept', format: 'csv', decimalComma: false, headers: parsed.headers });
    expect(feed.isins).toEqual([isin(1), isin(2)]);
    expect(feed.dates).toEqual(['2024-02-16', '']);
    expect(feed.rows).toEqual([parsed.rows[0].at.row, parsed.rows[2].at.row]);
    // Multi-byte names keep every later line where its end says.
    expect(line(feed, 0)).toContain('Fonds Épargne « Zürich »');
    expect(line(feed, 1)).toContain(isin(2));
    expect(line(feed, 1)).toHaveLength(parsed.headers.length);
    expect(feed.ends).toHaveLength(2);
  });

  it('dates an EMT row by its general reference date', async () => {
    const feed = await feedOf(table([{ ...EMT_ROW, '00010_Financial_Instrument_Identifying_Data': isin(3) }]));
    expect(feed).toMatchObject({ kind: 'emt', isins: [isin(3)], dates: ['2025-12-31'] });
  });

  it('indexes a file without any loadable row as empty, and says a TPT file is no feed', async () => {
    const feed = await feedOf(table([{ ...EPT_ROW, '00030_Portfolio_Identifying_Data': 'internal-7' }]));
    expect(feed.isins).toEqual([]);
    expect(feed.lines).toHaveLength(0);
    expect(await indexFeedFile(table(TPT_POSITIONS.map((p) => tptRow(p))), 'text/csv', 'tpt.csv')).toEqual({
      notAFeed: 'tpt',
    });
  });

  it('refuses what is no FinDatEx file', async () => {
    await expect(indexFeedFile(Buffer.from('a,b\n1,2\n'), 'text/csv', 'other.csv')).rejects.toThrow(
      /no FinDatEx header/,
    );
  });
});

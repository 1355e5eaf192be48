import zlib from 'node:zlib';

import { UnreadableDocumentError } from '../domain/documents';
import {
  aggregateExposure,
  CASH_AND_DERIVATIVES,
  type Holding,
  isCashOrDerivative,
  parseHoldings,
  parseHoldingsCsv,
  parseHoldingsTable,
  sumByLabel,
  topHoldings,
  XLSX_MEDIA_TYPE,
} from './holdings';

const csv = (text: string) => Buffer.from(text, 'utf8');

/** A holdings line with defaults, for the aggregation tests. */
function line(partial: Partial<Holding> & { weight: number }): Holding {
  return {
    name: 'X',
    ticker: null,
    isin: null,
    sector: null,
    country: null,
    assetClass: null,
    currency: null,
    marketValue: null,
    ...partial,
  };
}

// ---------------------------------------------------------------------------------------------
// A minimal XLSX writer (stored ZIP, inline strings), so that the XLSX path is tested without
// fixture files.
// ---------------------------------------------------------------------------------------------

type XCell = string | number | Date | null;

function xlsx(sheets: Record<string, XCell[][]>): Buffer {
  const names = Object.keys(sheets);
  const files: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      names
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('') +
      '</Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
      names.map((n, i) => `<sheet name="${n}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
      '</sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      names
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join('') +
      '</Relationships>',
  };
  names.forEach((n, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = sheetXml(sheets[n])));
  return zipStored(files);
}

function sheetXml(rows: XCell[][]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = rows
    .map((row, r) => {
      const cells = row
        .map((v, c) => {
          const ref = `${String.fromCharCode(65 + c)}${r + 1}`;
          if (v === null) return '';
          if (typeof v === 'number') return `<c r="${ref}"><v>${v}</v></c>`;
          if (v instanceof Date) return `<c r="${ref}" t="d"><v>${v.toISOString()}</v></c>`;
          return `<c r="${ref}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

function zipStored(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, 'utf8');
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

// ---------------------------------------------------------------------------------------------

const ISHARES_UCITS = [
  '\uFEFFFund Holdings as of,"30/Aug/2021"',
  ' ',
  'Issuer Ticker,Name,Asset Class,Weight (%),Price,Nominal,Market Value,Notional Value,Sector,ISIN,Exchange,Location,Market Currency',
  '"AAPL","APPLE INC","Equity","4.24","153.12","12,198,797.00","1,867,879,796.64","1,867,879,796.64","Information Technology","US0378331005","NASDAQ","United States","USD"',
  '"MSFT","MICROSOFT CORP","Equity","3.59","303.59","5,203,197.00","1,579,638,577.23","1,579,638,577.23","Information Technology","US5949181045","NASDAQ","United States","USD"',
  '"NESN","NESTLE SA","Equity","0.75","130.00","1,000.00","330,000,000.00","330,000,000.00","Consumer Staples","CH0038863350","SIX Swiss Exchange","Switzerland","CHF"',
  '"EUR","EUR CASH","Cash","0.30","100.00","1.00","130,000,000.00","130,000,000.00","Cash and/or Derivatives","-","-","Germany","EUR"',
  '"ESU1","S&P500 EMINI SEP 21","Futures","0.00","4,525.20","467.00","0.00","105,663,420.00","Cash and/or Derivatives","-","Index And Options Market","-","USD"',
].join('\n');

const ISHARES_US_NO_PREAMBLE = [
  'Ticker,Name,Sector,Asset Class,Market Value,Weight (%),Notional Value,Shares,Price,Location,Exchange,Currency,FX Rate,Market Currency,Accrual Date',
  'AAPL,APPLE INC,Information Technology,Equity,"22,945,069,855.00",7.47,"22,945,069,855.00","132,057,956.00",173.75,United States,NASDAQ,USD,1,USD,-',
  'MSFT,MICROSOFT CORP,Information Technology,Equity,"20,496,870,853.35",6.67,"20,496,870,853.35","66,095,485.00",310.11,United States,NASDAQ,USD,1,USD,-',
  'XOM,EXXON MOBIL CORP,Energy,Equity,"3,868,192,519.38",1.26,"3,868,192,519.38","36,564,822.00",105.79,United States,New York Stock Exchange Inc.,USD,1,USD,-',
  ' ,,,,,,,,,,,,,,',
  '"The content contained herein is owned or licensed by BlackRock.',
  'Holdings subject to change, see the "prospectus".',
  '©2023 BlackRock, Inc or its affiliates.",,,,,,,,,,,,,,',
].join('\n');

describe('parseHoldingsCsv', () => {
  it('reads the iShares UCITS layout with its preamble', () => {
    const file = parseHoldingsCsv(csv(ISHARES_UCITS), 'o');
    expect(file.asOf).toBe('2021-08-30');
    expect(file.holdings).toHaveLength(5);
    expect(file.totalHoldings).toBe(3);
    expect(file.holdings[0]).toEqual({
      name: 'APPLE INC',
      ticker: 'AAPL',
      isin: 'US0378331005',
      weight: 4.24,
      sector: 'Information Technology',
      country: 'United States',
      assetClass: 'Equity',
      currency: 'USD',
      marketValue: 1867879796.64,
    });
    expect(file.holdings[3]).toMatchObject({ name: 'EUR CASH', isin: null, assetClass: 'Cash' });
    expect(file.holdings[4]).toMatchObject({ country: null, weight: 0 });
  });

  it('reads the US layout without preamble and ignores the trailing disclaimer', () => {
    const file = parseHoldingsCsv(csv(ISHARES_US_NO_PREAMBLE), 'o');
    expect(file.asOf).toBeNull();
    expect(file.holdings.map((h) => h.ticker)).toEqual(['AAPL', 'MSFT', 'XOM']);
    expect(file.holdings[0]).toMatchObject({
      weight: 7.47,
      currency: 'USD',
      marketValue: 22945069855,
      isin: null,
      country: 'United States',
    });
  });

  it('reads a US preamble with a month-name date', () => {
    const text =
      'iShares Core S&P 500 ETF\nFund Holdings as of,"Aug 30, 2021"\nInception Date,"May 15, 2000"\n\u00a0\nTicker,Name,Weight (%)\nAAPL,APPLE INC,6.1\n';
    expect(parseHoldingsCsv(csv(text), 'o').asOf).toBe('2021-08-30');
  });

  it('reads semicolon files with decimal commas', () => {
    const text =
      'Stand: 30.08.2021\nName;ISIN;Gewichtung;Weight (%);Sector\nSAP SE;DE0007164600;x;7,5;IT\nSIEMENS AG;DE0007236101;x;6,25;Industrials\n';
    const file = parseHoldingsCsv(csv(text), 'o');
    expect(file.asOf).toBe('2021-08-30');
    expect(file.holdings.map((h) => h.weight)).toEqual([7.5, 6.25]);
  });

  it('scales a weight column of fractions to percent', () => {
    const text = 'Name,Weight\nA,0.6\nB,0.4\n';
    expect(parseHoldingsCsv(csv(text), 'o').holdings.map((h) => h.weight)).toEqual([60, 40]);
  });

  it('does not scale a percent column whose lines happen to sum to one', () => {
    const text = 'Name,Weight (%)\nA,0.6\nB,0.4\n';
    expect(parseHoldingsCsv(csv(text), 'o').holdings.map((h) => h.weight)).toEqual([0.6, 0.4]);
  });

  it('keeps a line with a ticker but no name, named by its ticker', () => {
    const text = 'Ticker,Name,Weight (%)\nAAPL,,5\n';
    expect(parseHoldingsCsv(csv(text), 'o').holdings[0]).toMatchObject({ name: 'AAPL', ticker: 'AAPL' });
  });

  it('rejects malformed ISINs', () => {
    const text = 'Name,ISIN,Weight (%)\nA,US037833100,5\nB,us0378331005,4\n';
    expect(parseHoldingsCsv(csv(text), 'o').holdings.map((h) => h.isin)).toEqual([null, 'US0378331005']);
  });

  it.each([
    ['an empty file', ''],
    ['a header without rows', 'Name,Weight (%)\n'],
    ['rows without weights', 'Name,Weight (%)\nA,--\nB,\n'],
    ['no weight column', 'Name,Sector\nA,IT\n'],
    ['prose', 'Dear investor,\nthank you for your interest.\n'],
    ['a NAV history', 'Date,NAV\n2020-01-02,10\n'],
  ])('rejects %s', (_label, text) => {
    expect(() => parseHoldingsCsv(csv(text), 'o')).toThrow(UnreadableDocumentError);
  });

  it('rejects binary content', () => {
    expect(() => parseHoldingsCsv(Buffer.from([0, 1, 2, 3, 4, 5]), 'o')).toThrow(UnreadableDocumentError);
  });
});

describe('parseHoldingsTable', () => {
  it('reads Date cells for the as-of date and numeric cells as numbers', () => {
    const rows = [['Holdings:', new Date(Date.UTC(2021, 7, 30))], [], ['Name', 'Weight'], ['A', 60], ['B', 40]];
    const file = parseHoldingsTable(rows, 'o');
    expect(file.asOf).toBeNull(); // "Holdings:" is no as-of label; only "as of"-style labels are trusted
    expect(file.holdings.map((h) => h.weight)).toEqual([60, 40]);
  });

  it('reads an as-of label followed by a Date cell', () => {
    const rows = [
      ['As of', new Date(Date.UTC(2021, 7, 30))],
      ['Name', 'Weight (%)'],
      ['A', 1],
    ];
    expect(parseHoldingsTable(rows, 'o').asOf).toBe('2021-08-30');
  });
});

describe('parseHoldings (XLSX)', () => {
  const spdr = (): XCell[][] => [
    ['Fund Name:', 'SPDR® Sample ETF', null, null, null, null, null, null],
    ['Ticker Symbol:', 'SMPL', null, null, null, null, null, null],
    ['Holdings:', 'As of 30-Aug-2021', null, null, null, null, null, null],
    [null, null, null, null, null, null, null, null],
    ['Name', 'Ticker', 'Identifier', 'SEDOL', 'Weight', 'Sector', 'Shares Held', 'Local Currency'],
    [
      'Bruker Corporation',
      'BRKR',
      '11679410',
      '2616137',
      '2.110779',
      'Life Sciences Tools & Services',
      '497063.000',
      'USD',
    ],
    [
      'Teledyne Technologies Incorporated',
      'TDY',
      '87936010',
      '2503477',
      1.67986,
      'Aerospace & Defence',
      '77285.000',
      'USD',
    ],
    ['U.S. Dollar', 'CASH_USD', 'CASH_USD', 'Unassigned', '0.003796', 'Unassigned', '80161.510', 'USD'],
    [null, null, null, null, null, null, null, null],
    ['Past performance is no guarantee of future results.', null, null, null, null, null, null, null],
    ['The GLD prospectus is available by clicking', null, null, null, null, 'here.', null, null],
  ];

  it('reads an SPDR daily holdings workbook with a header block and footnotes', async () => {
    const file = await parseHoldings(xlsx({ holdings: spdr() }), XLSX_MEDIA_TYPE, 'o');
    expect(file.asOf).toBe('2021-08-30');
    expect(file.holdings.map((h) => [h.ticker, h.weight])).toEqual([
      ['BRKR', 2.110779],
      ['TDY', 1.67986],
      ['CASH_USD', 0.003796],
    ]);
    expect(file.totalHoldings).toBe(2);
    expect(file.holdings[0]).toMatchObject({
      isin: null,
      currency: 'USD',
      country: null,
      assetClass: null,
      sector: 'Life Sciences Tools & Services',
    });
  });

  it('finds the holdings on a later sheet', async () => {
    const book = xlsx({ cover: [['Sample fund'], ['Read the prospectus']], holdings: spdr() });
    expect((await parseHoldings(book, XLSX_MEDIA_TYPE, 'o')).holdings).toHaveLength(3);
  });

  it('sniffs a workbook sent with a generic media type', async () => {
    expect((await parseHoldings(xlsx({ holdings: spdr() }), 'application/octet-stream', 'o')).holdings).toHaveLength(3);
  });

  it('reads CSV through the same entry point, also when served as application/vnd.ms-excel', async () => {
    expect((await parseHoldings(csv(ISHARES_UCITS), 'text/csv', 'o')).holdings).toHaveLength(5);
    expect((await parseHoldings(csv(ISHARES_UCITS), 'application/vnd.ms-excel', 'o')).holdings).toHaveLength(5);
  });

  it('rejects a workbook without a holdings table', async () => {
    await expect(parseHoldings(xlsx({ notes: [['Nothing to see'], ['x', 1]] }), XLSX_MEDIA_TYPE, 'o')).rejects.toThrow(
      UnreadableDocumentError,
    );
  });

  it.each([
    ['garbage bytes', Buffer.from('not a zip at all')],
    ['an empty buffer', Buffer.alloc(0)],
    ['a truncated zip', Buffer.from('PK\u0003\u0004garbage', 'latin1')],
  ])('rejects %s declared as XLSX', async (_label, content) => {
    await expect(parseHoldings(content, XLSX_MEDIA_TYPE, 'o')).rejects.toThrow(UnreadableDocumentError);
  });
});

describe('isCashOrDerivative', () => {
  it.each([
    [{ assetClass: 'Cash', sector: null, ticker: null }, true],
    [{ assetClass: 'Money Market', sector: 'Cash and/or Derivatives', ticker: 'ICSUAGD' }, true],
    [{ assetClass: 'Futures', sector: null, ticker: 'ESU1' }, true],
    [{ assetClass: 'FX', sector: null, ticker: null }, true],
    [{ assetClass: 'Cash Collateral and Margins', sector: null, ticker: null }, true],
    [{ assetClass: null, sector: 'Unassigned', ticker: 'CASH_USD' }, true],
    [{ assetClass: null, sector: 'Cash and/or Derivatives', ticker: null }, true],
    [{ assetClass: 'Equity', sector: 'Financials', ticker: 'CASY' }, false],
    [{ assetClass: null, sector: null, ticker: null }, false],
  ])('%j → %s', (h, expected) => {
    expect(isCashOrDerivative(h)).toBe(expected);
  });
});

describe('aggregateExposure', () => {
  const book = [
    line({ name: 'A', weight: 40.004, sector: 'IT', country: 'United States', assetClass: 'Equity', currency: 'USD' }),
    line({ name: 'B', weight: 30, sector: 'Health', country: 'Switzerland', assetClass: 'Equity', currency: 'CHF' }),
    line({ name: 'C', weight: 20.003, sector: 'IT', country: 'United States', assetClass: 'Equity', currency: 'USD' }),
    line({ name: 'D', weight: 5, sector: null, country: null, assetClass: 'Equity', currency: 'EUR' }),
    line({
      name: 'EUR CASH',
      weight: 4.5,
      sector: 'Cash and/or Derivatives',
      country: 'Germany',
      assetClass: 'Cash',
      currency: 'EUR',
    }),
    line({
      name: 'FUT',
      weight: 0,
      sector: 'Cash and/or Derivatives',
      country: null,
      assetClass: 'Futures',
      currency: 'USD',
    }),
    line({ name: 'FX', weight: 0.5, sector: null, country: 'United States', assetClass: 'FX', currency: 'JPY' }),
  ];

  it('sums by sector, groups cash and derivatives, labels the unclassified "Other"', () => {
    expect(aggregateExposure(book, 'sector')).toEqual([
      { label: 'IT', weight: 60.01 },
      { label: 'Health', weight: 30 },
      { label: CASH_AND_DERIVATIVES, weight: 5 },
      { label: 'Other', weight: 5 },
    ]);
  });

  it('does not count a cash line in its bank country', () => {
    expect(aggregateExposure(book, 'country')).toEqual([
      { label: 'United States', weight: 60.01 },
      { label: 'Switzerland', weight: 30 },
      { label: CASH_AND_DERIVATIVES, weight: 5 },
      { label: 'Other', weight: 5 },
    ]);
  });

  it('keeps printed asset classes, cash lines included, and drops zero buckets', () => {
    expect(aggregateExposure(book, 'assetClass')).toEqual([
      { label: 'Equity', weight: 95.01 },
      { label: 'Cash', weight: 4.5 },
      { label: 'FX', weight: 0.5 },
    ]);
  });

  it('counts cash lines in their currency', () => {
    expect(aggregateExposure(book, 'currency')).toEqual([
      { label: 'USD', weight: 60.01 },
      { label: 'CHF', weight: 30 },
      { label: 'EUR', weight: 9.5 },
      { label: 'JPY', weight: 0.5 },
    ]);
  });

  it('gives [] for a key no security line discloses', () => {
    expect(
      aggregateExposure(
        [line({ weight: 100 }), line({ weight: 1, ticker: 'CASH_USD', sector: 'Unassigned' })],
        'country',
      ),
    ).toEqual([]);
    expect(aggregateExposure([], 'sector')).toEqual([]);
  });

  it('gives a cash line without a printed class the class "Cash"', () => {
    const lines = [line({ weight: 99, assetClass: 'Equity' }), line({ weight: 1, ticker: 'CASH_USD' })];
    expect(aggregateExposure(lines, 'assetClass')).toEqual([
      { label: 'Equity', weight: 99 },
      { label: 'Cash', weight: 1 },
    ]);
  });
});

describe('sumByLabel', () => {
  it('rounds to 2 decimals after summing, sorts by weight then label, keeps negatives', () => {
    expect(
      sumByLabel([
        { label: 'b', weight: 0.333 },
        { label: 'b', weight: 0.333 },
        { label: 'a', weight: 0.666 },
        { label: 'c', weight: -1.234 },
        { label: 'z', weight: 0.001 },
      ]),
    ).toEqual([
      { label: 'a', weight: 0.67 },
      { label: 'b', weight: 0.67 },
      { label: 'c', weight: -1.23 },
    ]);
  });
});

describe('topHoldings', () => {
  const lines = [
    line({ name: 'small', weight: 1 }),
    line({ name: 'cash', weight: 50, assetClass: 'Cash' }),
    line({ name: 'Alphabet A', weight: 1.44 }),
    line({ name: 'Alphabet C', weight: 1.41 }),
    line({ name: 'big', weight: 4.24 }),
    line({ name: 'tie first', weight: 1 }),
  ];

  it('sorts per line, largest first, without cash, ties in file order', () => {
    expect(topHoldings(lines)).toEqual([
      { name: 'big', weight: 4.24 },
      { name: 'Alphabet A', weight: 1.44 },
      { name: 'Alphabet C', weight: 1.41 },
      { name: 'small', weight: 1 },
      { name: 'tie first', weight: 1 },
    ]);
  });

  it('honours n, including the boundaries', () => {
    expect(topHoldings(lines, 2).map((h) => h.name)).toEqual(['big', 'Alphabet A']);
    expect(topHoldings(lines, 0)).toEqual([]);
    expect(topHoldings(lines, -3)).toEqual([]);
    expect(topHoldings(lines, 100)).toHaveLength(5);
    expect(topHoldings([])).toEqual([]);
  });

  it('defaults to ten lines', () => {
    const many = Array.from({ length: 15 }, (_, i) => line({ name: `h${i}`, weight: 15 - i }));
    expect(topHoldings(many).map((h) => h.name)).toEqual(['h0', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7', 'h8', 'h9']);
  });
});

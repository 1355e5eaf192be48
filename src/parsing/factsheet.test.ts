import { parseFactsheet, readHoldings, readWeightedColumns, TOP_HOLDINGS } from './factsheet';
import type { PdfText } from './pdf/text';
import type { TextLine } from './text/lines';

/** A layout line: each [column, text] pair is written starting at that character column. */
function at(...cells: Array<[number, string]>): string {
  let line = '';
  for (const [column, text] of cells) line = line.padEnd(column, ' ') + text;
  return line;
}

/** Name and weight right-aligned in a column of the given width, as pdftotext -layout prints table cells. */
function cell(name: string, weight: string, width = 50): string {
  return name + weight.padStart(width - name.length, ' ');
}

const L = 0; // left prose column
const A = 60; // left table column
const B = 120; // right table column

/** A one-page factsheet in layout form: prose on the left, a two-column holdings table, a sector table. */
const LAYOUT_PAGE = [
  at([2, 'EQUITY-FLEXICAP FUND']),
  at([A, 'NET ASSET VALUE'], [B, 'LAST IDCW']),
  at([A, 'Option'], [A + 40, 'NAV (`)'], [B, 'Record Date'], [B + 30, 'NAV (`)']),
  at([A, 'Reg-Plan-IDCW'], [A + 41, '50.6204'], [B, '09-Mar-18 (Reg Plan)'], [B + 30, '20.5230']),
  at([A, 'Reg-Plan-Growth'], [A + 40, '113.0485'], [B, '29-Dec-17 (Reg Plan)'], [B + 30, '23.8257']),
  at([A, 'Dir-Plan-IDCW'], [A + 41, '63.3463']),
  at([A, 'Dir-Plan-Growth'], [A + 40, '126.7358']),
  at([L, 'Investment Objective']),
  at([L, 'To provide long-term growth in capital.'], [A + 30, 'PORTFOLIO']),
  at([A, 'Stock Name'], [A + 40, '(%) Of'], [B, 'Stock Name'], [B + 40, '(%) Of']),
  at([L, '• Type of Scheme'], [A, 'Equity Shares'], [B, cell('Krishna Institute Of Medical Sciences Ltd', '0.76')]),
  at(
    [L, 'An open-ended Dynamic Equity Scheme'],
    [A, cell('HDFC Bank Ltd', '7.86')],
    [B, cell('Carborundum Universal Ltd', '0.65')],
  ),
  at(
    [L, '• Date of Allotment: 29/09/2005'],
    [A, cell('Infosys Ltd', '6.13')],
    [B, cell('Kingfa Science & Technology India Ltd', '0.63')],
  ),
  at(
    [L, '• Report As On: 31/12/2025'],
    [A, cell('ICICI Bank Ltd', '5.64')],
    [B, cell('Dixon Technologies (India) Ltd', '0.63')],
  ),
  at([L, '• AUM as on December 31, 2025'], [A, cell('Larsen & Toubro Ltd', '4.48')], [B, cell('Total', '92.81')]),
  at([L, '` 23,686.45 Crores'], [A, cell('Reliance Industries Ltd', '4.28')], [B, 'Foreign Equityshares']),
  at(
    [L, '• Fund Manager: Mr. A Kumar,'],
    [A, cell('Maruti Suzuki India Ltd', '4.25')],
    [B, cell('Microsoft Corporation', '1.05')],
  ),
  at(
    [L, 'Mr. B Rao (Co fund Manager)'],
    [A, cell('Bharti Airtel Ltd', '3.97')],
    [B, cell('Cash, Cash Equivalents And Others', '3.78')],
  ),
  at(
    [L, '• First Tier Benchmark: BSE 500 (TRI)'],
    [A, cell('Kotak Mahindra Bank Ltd', '3.72')],
    [B, cell('Grand Total', '100.00')],
  ),
  at([L, '• Exit Load: 1% before 30 days'], [A, cell('Bajaj Finance Ltd', '3.42')]),
  at([A, cell('Eicher Motors Ltd', '3.02')]),
  at([L, 'Minimum ` 500 & in multiples of ` 1'], [A, cell('Axis Bank Ltd', '2.78')]),
  '',
  at([A, 'PORTFOLIO CLASSIFICATION BY']),
  at([A, 'INDUSTRY ALLOCATION (%)'], [B, 'ASSET ALLOCATION (%)']),
  at([L, 'Quarterly - Minimum ` 1500 & in multiples of ` 1'], [A, cell('Financial Services', '36.33')]),
  at(
    [L, 'Semi Annual - Minimum ` 3000 in multiples of ` 1'],
    [A, cell('Information Technology', '9.21')],
    [B + 40, '3.78'],
  ),
  at([L, 'Quantitative Data'], [A, cell('Metals & Mining', '6.69')]),
  at([L, 'Standard Deviation'], [L + 30, ': 11.00%'], [A, cell('Services', '1.46')]),
  at([L, 'Portfolio Turnover*'], [A, cell('Sovereign', '0.33')]),
  at([L, 'Beta'], [L + 30, ': 0.83'], [A, cell('Cash, Cash Equivalents And Others', '3.78')]),
  at([L, 'Sharpe Ratio'], [L + 30, ': 0.73']),
  at([L, 'Total Expense Ratio'], [L + 30, ': 1.63%']),
  at([A + 30, 'SBI Flexicap Fund']),
].join('\n');

/** The same content as pdf.js reads it: one block after another, label and value joined on one line. */
const READING_PAGE = [
  'EQUITY-FLEXICAP FUND',
  'SBI Flexicap Fund',
  'Investment Objective',
  'To provide long-term growth in capital.',
  '• Date of Allotment: 29/09/2005',
  '• Report As On: 31/12/2025',
  '• AAUM for the Month of December 2025',
  '` 23,516.21 Crores',
  '• AUM as on December 31, 2025',
  '` 23,686.45 Crores',
  '• Fund Manager: Mr. A Kumar,',
  'Mr. B Rao (Co fund Manager)',
  '• First Tier Benchmark: BSE 500 (TRI)',
  'Standard Deviation : 11.00%',
  'Beta : 0.83',
  'Sharpe Ratio : 0.73',
  'Total Expense Ratio : 1.63%',
  'Reg-Plan-IDCW',
  'Reg-Plan-Growth',
  'Dir-Plan-IDCW',
  'Dir-Plan-Growth',
  '50.6204',
  '113.0485',
  '63.3463',
  '126.7358',
  'PORTFOLIO',
  'Equity Shares',
  'HDFC Bank Ltd 7.86',
  'Infosys Ltd 6.13',
  'ICICI Bank Ltd 5.64',
  'Total 92.81',
  'Cash, Cash Equivalents And Others 3.78',
].join('\n');

const both: PdfText = { pages: [READING_PAGE], chars: READING_PAGE.length, layout: [LAYOUT_PAGE] };
const readingOnly: PdfText = { pages: [READING_PAGE], chars: READING_PAGE.length };

describe('parseFactsheet: labelled values', () => {
  const fs = parseFactsheet(both);

  it('reads identification and dates', () => {
    expect(fs.name).toBe('SBI Flexicap Fund');
    expect(fs.isin).toBeNull();
    expect(fs.manager).toBe('Mr. A Kumar, Mr. B Rao');
    expect(fs.benchmark).toBe('BSE 500 (TRI)');
    expect(fs.inception).toBe('2005-09-29');
    expect(fs.reportDate).toBe('2025-12-31');
  });

  it('reads AUM as printed, not the monthly average, with the rupee sign restored', () => {
    expect(fs.aum).toBe('₹ 23,686.45 Crores');
  });

  it('reads risk ratios as printed', () => {
    expect(fs.volatility).toBe('11.00%');
    expect(fs.beta).toBe('0.83');
    expect(fs.sharpe).toBe('0.73');
    expect(fs.ter).toBe('1.63%');
  });

  it('records pages', () => {
    expect(fs.pages).toMatchObject({ name: 1, aum: 1, nav: 1, topHoldings: 1, sector: 1, beta: 1 });
    expect(fs.pages.isin).toBeUndefined();
  });
});

describe('parseFactsheet: NAV', () => {
  it('prefers the regular growth NAV of the layout table over the neighbouring dividend table', () => {
    expect(parseFactsheet(both).nav).toBe(113.0485);
  });

  it('lists every plan of the NAV table', () => {
    const expected = [
      { label: 'Reg-Plan-IDCW', value: 50.6204 },
      { label: 'Reg-Plan-Growth', value: 113.0485 },
      { label: 'Dir-Plan-IDCW', value: 63.3463 },
      { label: 'Dir-Plan-Growth', value: 126.7358 },
    ];
    expect(parseFactsheet(both).navs).toEqual(expected);
    expect(parseFactsheet(readingOnly).navs).toEqual(expected);
  });

  it('pairs the column-wise NAV labels and values of reading-order text', () => {
    expect(parseFactsheet(readingOnly).nav).toBe(113.0485);
  });

  it('reads a labelled NAV first', () => {
    expect(parseFactsheet({ pages: ['Fund X\nNAV per share: EUR 1,234.56\n'], chars: 30 }).nav).toBe(1234.56);
    expect(parseFactsheet({ pages: ['Valeur liquidative : 102,35 €'], chars: 30 }).nav).toBe(102.35);
  });
});

describe('parseFactsheet: two-column holdings table', () => {
  it('reads the left column top to bottom before the right one, never interleaved', () => {
    const names = readHoldings(both).map((h) => h.name);
    expect(names.slice(0, 12)).toEqual([
      'HDFC Bank Ltd',
      'Infosys Ltd',
      'ICICI Bank Ltd',
      'Larsen & Toubro Ltd',
      'Reliance Industries Ltd',
      'Maruti Suzuki India Ltd',
      'Bharti Airtel Ltd',
      'Kotak Mahindra Bank Ltd',
      'Bajaj Finance Ltd',
      'Eicher Motors Ltd',
      'Axis Bank Ltd',
      'Krishna Institute Of Medical Sciences Ltd',
    ]);
  });

  it('drops totals and cash lines and keeps prose out of the table', () => {
    const names = readHoldings(both).map((h) => h.name);
    expect(names).not.toContain('Total');
    expect(names).not.toContain('Grand Total');
    expect(names).not.toContain('Cash, Cash Equivalents And Others');
    expect(names.some((n) => /Allotment|Scheme|Minimum/.test(n))).toBe(false);
    expect(names).toContain('Microsoft Corporation');
  });

  it('returns the heaviest positions first, capped', () => {
    const top = parseFactsheet(both).topHoldings;
    expect(top).toHaveLength(TOP_HOLDINGS);
    expect(top.slice(0, 5)).toEqual([
      { name: 'HDFC Bank Ltd', weight: 7.86 },
      { name: 'Infosys Ltd', weight: 6.13 },
      { name: 'ICICI Bank Ltd', weight: 5.64 },
      { name: 'Larsen & Toubro Ltd', weight: 4.48 },
      { name: 'Reliance Industries Ltd', weight: 4.28 },
    ]);
  });

  it('falls back to reading-order rows without layout text', () => {
    expect(parseFactsheet(readingOnly).topHoldings).toEqual([
      { name: 'HDFC Bank Ltd', weight: 7.86 },
      { name: 'Infosys Ltd', weight: 6.13 },
      { name: 'ICICI Bank Ltd', weight: 5.64 },
    ]);
  });
});

describe('parseFactsheet: sector table', () => {
  it('reads the sector column and ignores chart labels beside it', () => {
    const sector = parseFactsheet(both).sector;
    expect(sector[0]).toEqual({ label: 'Financial Services', weight: 36.33 });
    // A "Portfolio Turnover*" line in the prose column must not end the table.
    expect(sector.map((s) => s.label)).toEqual([
      'Financial Services',
      'Information Technology',
      'Metals & Mining',
      'Services',
      'Sovereign',
      'Cash, Cash Equivalents And Others',
    ]);
    expect(sector.every((s) => s.weight <= 100)).toBe(true);
    expect(sector.some((s) => /Minimum/.test(s.label))).toBe(false);
  });

  it('is empty when there is no sector table', () => {
    expect(parseFactsheet(readingOnly).sector).toEqual([]);
  });
});

describe('readWeightedColumns', () => {
  const line = (text: string, page = 1): TextLine => ({ text, page });

  it('needs at least three rows to call a group of cells a column', () => {
    const cols = readWeightedColumns([line(at([0, cell('Stray prose ends in', '3.5', 30)])), line(''), line('')]);
    expect(cols).toEqual([]);
  });

  it('stops a column at a wide gap (the next table below)', () => {
    const rows = [
      cell('A Ltd', '5.0'),
      cell('B Ltd', '4.0'),
      cell('C Ltd', '3.0'),
      '',
      '',
      '',
      '',
      '',
      '',
      cell('Other table', '9.9'),
      cell('More', '8.8'),
      cell('Again', '7.7'),
    ];
    const cols = readWeightedColumns(rows.map((r) => line(r)));
    expect(cols).toHaveLength(1);
    expect(cols[0].map((c) => c.name)).toEqual(['A Ltd', 'B Ltd', 'C Ltd']);
  });

  it('reads weights with a percent sign or a decimal comma', () => {
    const cols = readWeightedColumns(
      [cell('A SA', '5,1 %'), cell('B SA', '4,0%'), cell('C SA', '3,25')].map((r) => line(r)),
    );
    expect(cols[0].map((c) => c.weight)).toEqual([5.1, 4, 3.25]);
  });
});

describe('parseFactsheet: empty and garbage input', () => {
  const nothing = {
    name: null,
    isin: null,
    manager: null,
    benchmark: null,
    aum: null,
    inception: null,
    reportDate: null,
    nav: null,
    navs: [],
    topHoldings: [],
    sector: [],
    ter: null,
    volatility: null,
    sharpe: null,
    beta: null,
    pages: {},
  };

  it('returns empty fields for no text', () => {
    expect(parseFactsheet({ pages: [], chars: 0 })).toEqual(nothing);
    expect(parseFactsheet({ pages: ['', ''], chars: 0, layout: ['', ''] })).toEqual(nothing);
  });

  it('returns empty fields for garbage', () => {
    expect(parseFactsheet({ pages: ['\u0000\ufffd%%% 12.5 :: ### \t 7'], chars: 20 })).toEqual(nothing);
  });

  it('does not read prose that mentions a benchmark as the benchmark', () => {
    expect(
      parseFactsheet({ pages: ['The fund aims to beat its benchmark over time.'], chars: 40 }).benchmark,
    ).toBeNull();
  });

  it('takes a title-case fund name line, not prose or an all-caps banner', () => {
    const page = [
      'EQUITY FUND',
      'Past performance is no guide to the future of the Fund',
      'Read this before you invest in the fund',
      'iShares Core MSCI World UCITS ETF',
    ].join('\n');
    expect(parseFactsheet({ pages: [page], chars: page.length }).name).toBe('iShares Core MSCI World UCITS ETF');
    expect(parseFactsheet({ pages: ['EQUITY FUND'], chars: 11 }).name).toBe('EQUITY FUND');
  });

  it('reads a label that follows a tab in a reading-order line', () => {
    expect(parseFactsheet({ pages: ['Fund Details\tBeta : 0.91\tOther'], chars: 30 }).beta).toBe('0.91');
  });

  it('reads French labels', () => {
    const fs = parseFactsheet({
      pages: [
        'Indice de référence : MSCI World\nDate de création : 12/03/2010\nVolatilité : 14,2 %\nRatio de Sharpe : 0,85\nBêta 0,97\nFrais courants : 0,45 %',
      ],
      chars: 120,
    });
    expect(fs).toMatchObject({
      benchmark: 'MSCI World',
      inception: '2010-03-12',
      volatility: '14.20%',
      sharpe: '0.85',
      beta: '0.97',
      ter: '0.45%',
    });
  });

  it('finds a valid ISIN and ignores an invalid one', () => {
    expect(parseFactsheet({ pages: ['ISIN IE00B4L5Y984\nISIN IE00B4L5Y983'], chars: 30 }).isin).toBe('IE00B4L5Y983');
  });
});

import { execFileSync } from 'node:child_process';

import { INDIAN_DETAILS, indianFactsheetPdf, indianPortfolio } from '../../test/fixtures/indianFactsheet';
import { parseFactsheet, readHoldings, readWeightedColumns, TOP_HOLDINGS } from './factsheet';
import { closePdfReaders, extractPdfText, type PdfText } from './pdf/text';
import type { TextLine } from './text/lines';

afterAll(() => closePdfReaders());

/** Text as pdf.js gives it, without layout pages. */
const reading = (...lines: string[]): PdfText => ({ pages: [lines.join('\n')], chars: lines.join('\n').length });
/** Text with layout pages (and the same lines as reading order, trimmed). */
const laidOut = (...lines: string[]): PdfText => ({
  pages: [lines.map((l) => l.trim()).join('\n')],
  chars: lines.join('\n').length,
  layout: [lines.join('\n')],
});

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

  it('does not take a "% to NAV" column header for the NAV table', () => {
    const text = laidOut(
      at([0, 'Company/Issuer'], [40, '% to NAV']),
      at([0, 'Specialty Retail'], [42, '5.40']),
      at([0, 'Trent Ltd'], [42, '3.10']),
      at([0, 'NAV (as on 31 Dec 2025)']),
      at([0, 'Regular Plan - Growth'], [30, '54.3210']),
      at([0, 'Direct Plan - Growth'], [30, '61.2345']),
    );
    expect(parseFactsheet(text).navs.map((n) => n.label)).toEqual(['Regular Plan - Growth', 'Direct Plan - Growth']);
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
    terByClass: [],
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

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('parseFactsheet: a generated Indian factsheet with a grouped portfolio', () => {
  const holdings = indianPortfolio()
    .filter((r) => r.kind === 'holding')
    .map((r) => ({ name: r.name, weight: r.weight }));
  const headings = indianPortfolio()
    .filter((r) => r.kind !== 'holding')
    .map((r) => r.name);
  let both: PdfText;
  let readingOnly: PdfText;

  beforeAll(async () => {
    const pdf = await indianFactsheetPdf();
    [both, readingOnly] = await Promise.all([extractPdfText(pdf), extractPdfText(pdf, { layout: false })]);
  });

  (hasPdftotext ? it : it.skip)('reads the holdings under the layout, never a heading or a details line', () => {
    expect(both.layout).toBeDefined();
    expect(readHoldings(both)).toEqual(holdings);
  });

  it('reads the same holdings from reading order alone', () => {
    expect(readHoldings(readingOnly)).toEqual(holdings);
  });

  it('ranks only holdings among the top positions', () => {
    for (const text of hasPdftotext ? [both, readingOnly] : [readingOnly]) {
      const top = parseFactsheet(text).topHoldings;
      expect(top.slice(0, 3)).toEqual([
        { name: 'HDFC Bank Ltd', weight: 8.2 },
        { name: 'Bharti Airtel Ltd', weight: 7.7 },
        { name: 'Reliance Industries Ltd', weight: 7.6 },
      ]);
      expect(top.some((h) => headings.includes(h.name))).toBe(false);
    }
  });

  it('reads the AUM as printed, not the monthly average, and the TER of each plan', () => {
    for (const text of hasPdftotext ? [both, readingOnly] : [readingOnly]) {
      const sheet = parseFactsheet(text);
      expect(sheet.aum).toBe(INDIAN_DETAILS.aum);
      expect(sheet.ter).toBe(INDIAN_DETAILS.ter.regular);
      expect(sheet.terByClass).toEqual([
        { label: 'Regular Plan', isin: null, ter: INDIAN_DETAILS.ter.regular },
        { label: 'Direct Plan', isin: null, ter: INDIAN_DETAILS.ter.direct },
      ]);
      expect(sheet.pages).toMatchObject({ aum: 1, ter: 1, terByClass: 1, topHoldings: 1 });
    }
  });

  (hasPdftotext ? it : it.skip)('takes the NAV table, not the "% to NAV" column of the portfolio', () => {
    const sheet = parseFactsheet(both);
    expect(sheet.navs.map((n) => n.label)).toEqual(INDIAN_DETAILS.navs.map(([label]) => label));
    expect(sheet.nav).toBe(54.321);
  });
});

describe('parseFactsheet: subtotal rows of a holdings table', () => {
  const W = 50;
  const names = (text: PdfText) => readHoldings(text).map((h) => h.name);

  it('drops asset-class and sector rows that carry the sum of their rows ("Equity 96.2", "Banks 18.5")', () => {
    const text = laidOut(
      at([0, 'Portfolio']),
      at([0, 'Company'], [W - 8, '% of AUM']),
      cell('Equity', '96.2', W),
      cell('Banks', '18.5', W),
      cell('  HDFC Bank Ltd', '9.1', W),
      cell('  ICICI Bank Ltd', '6.0', W),
      cell('  State Bank of India', '3.4', W),
      cell('IT - Software', '12.3', W),
      cell('  Infosys Ltd', '7.2', W),
      cell('  HCL Technologies Ltd', '5.1', W),
      cell('Oil, Gas & Consumable Fuels', '65.4', W),
      cell('  Reliance Industries Ltd', '65.4', W),
      cell('Debt', '1.2', W),
      cell('  7.18% GOI 2033', '1.2', W),
      cell('Cash & Cash Equivalents', '2.6', W),
      cell('TREPS', '2.5', W),
      cell('Net Receivables/(Payables)', '0.1', W),
      cell('Sub Total', '2.6', W),
      cell('Total', '100.0', W),
    );
    expect(names(text)).toEqual([
      'HDFC Bank Ltd',
      'ICICI Bank Ltd',
      'State Bank of India',
      'Infosys Ltd',
      'HCL Technologies Ltd',
      'Reliance Industries Ltd',
      '7.18% GOI 2033',
    ]);
    expect(parseFactsheet(text).topHoldings[0]).toEqual({ name: 'Reliance Industries Ltd', weight: 65.4 });
  });

  it('knows the headings of the EEA languages', () => {
    const rows = (...r: Array<[string, string]>) => reading('Top 10 Holdings', ...r.map(([n, w]) => `${n} ${w}`));
    expect(
      names(
        rows(
          ['Aktien', '95,30'],
          ['Finanzwesen', '20,10'],
          ['Allianz SE', '5,20'],
          ['Renten', '2,10'],
          ['Liquidität', '2,60'],
        ),
      ),
    ).toEqual(['Allianz SE']);
    expect(
      names(
        rows(
          ['Actions', '60,00'],
          ['Santé', '12,00'],
          ['Sanofi', '6,50'],
          ['Obligations', '30,00'],
          ['Liquidités', '10,00'],
        ),
      ),
    ).toEqual(['Sanofi']);
    expect(
      names(rows(['Azioni', '90,00'], ['Banche', '15,00'], ['Intesa Sanpaolo', '8,00'], ['Liquidità', '10,00'])),
    ).toEqual(['Intesa Sanpaolo']);
  });

  it('keeps issuers whose names hold sector words', () => {
    expect(
      names(
        reading(
          'Top Holdings',
          'Banks 3.00',
          'HDFC Bank Ltd 1.50',
          'Bank of Baroda 1.50',
          'Power Grid Corporation 0.90',
        ),
      ),
    ).toEqual(['HDFC Bank Ltd', 'Bank of Baroda', 'Power Grid Corporation']);
  });

  it('tells a heading outside the vocabulary by its sum of two rows or more, or of two headings', () => {
    const text = reading(
      'Portfolio',
      'Quoted Stuff 12.50',
      'Widget Makers 7.50',
      'Acme 4.00',
      'Globex 3.50',
      'Gadget Shops 5.00',
      'Initech 3.00',
      'Umbrella 2.00',
    );
    expect(names(text)).toEqual(['Acme', 'Globex', 'Initech', 'Umbrella']);
  });

  it('never drops a position for arithmetic alone in a list sorted by weight, nor an issuer', () => {
    // 5.00 = 2.50 + 2.50, 0.88 = 0.88: coincidences of a sorted list, not headings.
    expect(
      names(reading('Top 10 Holdings', 'Apple 5.00', 'Microsoft 2.50', 'Nvidia 2.50', 'Amazon 0.88', 'Meta 0.88')),
    ).toEqual(['Apple', 'Microsoft', 'Nvidia', 'Amazon', 'Meta']);
    // Unsorted, and 6.00 = 3.50 + 2.50, but "Ltd" names an issuer.
    expect(
      names(reading('Portfolio', 'Acme Ltd 6.00', 'Globex Ltd 3.50', 'Initech Ltd 2.50', 'Umbrella Ltd 4.00')),
    ).toEqual(['Acme Ltd', 'Globex Ltd', 'Initech Ltd', 'Umbrella Ltd']);
  });
});

describe('parseFactsheet: AUM with its unit and currency', () => {
  it.each([
    ['AUM: INR 2,525 Cr', 'INR 2,525 Cr'],
    ['• AUM as on December 31, 2025\n` 23,686.45 Crores', '₹ 23,686.45 Crores'],
    ['Fund Size: Rs. 1,234 lakh', 'Rs. 1,234 lakh'],
    ['Net Assets\tUSD 1.2 billion', 'USD 1.2 billion'],
    ['Total net assets: EUR 350 million', 'EUR 350 million'],
    ['Fondsvermögen: € 1,2 Mrd.', '€ 1,2 Mrd.'],
    ['Fondsvolumen 1.234 Mio. EUR', '1.234 Mio. EUR'],
    ['Fund size: GBP 2.3bn', 'GBP 2.3bn'],
    ['Fondsvolumen 512,3 Mio. EUR', '512,3 Mio. EUR'],
    ['Encours : 1\u202f234 M€', '1 234 M€'],
    ["Actif net : 1 234,5 millions d'euros", "1 234,5 millions d'euros"],
    ['Patrimonio: 45,6 milioni di euro', '45,6 milioni di euro'],
    ['Activos netos: 45,6 millones EUR', '45,6 millones EUR'],
    ['Fondsvermogen € 1,2 mld', '€ 1,2 mld'],
    ['Latest AUM (as on 31-Dec-2025) INR 2,525 Cr', 'INR 2,525 Cr'],
    ['Month End AUM : ₹ 2,525.12 Cr.', '₹ 2,525.12 Cr.'],
    ['AUM (INR Cr) 2,525.34', 'INR 2,525.34 Cr'],
    ['AUM (₹ in Cr.): 2,525', '₹ 2,525 Cr.'],
  ])('%j -> %j', (page, aum) => {
    expect(parseFactsheet(reading(page)).aum).toBe(aum);
  });

  it('reads a value in the layout cell beside or under its label', () => {
    expect(parseFactsheet(laidOut(at([0, 'Beta'], [20, '0.91'], [40, 'Fund size'], [60, 'EUR 350 million']))).aum).toBe(
      'EUR 350 million',
    );
    expect(
      parseFactsheet(laidOut(at([0, 'Fund details'], [40, 'AUM']), at([38, 'INR 2,525 Cr'], [60, '1.00']))).aum,
    ).toBe('INR 2,525 Cr');
  });

  it.each([
    'Monthly Average AUM INR 2,400 Cr',
    'AAUM INR 2,400 Cr',
    'AUM as on 31/12/2025',
    'Net Asset Value: 12.34',
    'Fund size 1,234',
    'The fund size is EUR 350 million',
    'AUM: not disclosed\nINR 2,525 Cr later',
    'Fund size: EUR 31.12.2025',
    'AUM: INR Cr',
    '\u0000AUM\t\t::: ₹₹₹',
  ])('reads no AUM in %j', (page) => {
    expect(parseFactsheet(reading(page)).aum).toBeNull();
  });
});

describe('parseFactsheet: TER of each plan or share class', () => {
  const regularDirect = [
    { label: 'Regular Plan', isin: null, ter: '1.62%' },
    { label: 'Direct Plan', isin: null, ter: '0.85%' },
  ];

  it.each([
    ['Total Expense Ratio: Regular Plan 1.62%, Direct Plan 0.85%'],
    ['Total Expense Ratio (TER) as on Dec 31, 2025\nRegular Plan : 1.62%\nDirect Plan : 0.85%\nBeta : 0.90'],
    ['Expense Ratio (%)\nRegular Plan 1.62\nDirect Plan 0.85'],
    ['Total Expense Ratio\nRegular Plan\nDirect Plan\n1.62%\n0.85%'],
    ['TER: 1.62% (Regular Plan), 0.85% (Direct Plan)'],
  ])('reads %j', (page) => {
    const sheet = parseFactsheet(reading(page));
    expect(sheet.terByClass).toEqual(regularDirect);
    expect(sheet.ter).toBe('1.62%');
  });

  it('reports the regular plan as the headline TER even when the direct plan comes first', () => {
    const sheet = parseFactsheet(reading('Total Expense Ratio: Direct 0.85% | Regular 1.62%'));
    expect(sheet.terByClass.map((c) => c.label)).toEqual(['Direct', 'Regular']);
    expect(sheet.ter).toBe('1.62%');
  });

  it('reads a layout list at the label column, not the column beside it', () => {
    const sheet = parseFactsheet(
      laidOut(
        at([0, 'Objective'], [40, 'Total Expense Ratio']),
        at([0, 'Growth of capital.'], [40, 'Regular Plan'], [60, '1.62%'], [80, 'Exit load'], [95, '1.00%']),
        at([0, 'Class A shares'], [40, 'Direct Plan'], [60, '0.85%']),
      ),
    );
    expect(sheet.terByClass).toEqual(regularDirect);
  });

  it('reads the TER column of a share-class table, with ISINs', () => {
    const table = laidOut(
      at([0, 'Share class'], [16, 'ISIN'], [32, 'Management fee'], [50, 'Ongoing charges']),
      at([0, 'A EUR Acc'], [16, 'LU0119620416'], [34, '1.50%'], [52, '1.85%']),
      at([0, 'I EUR Acc'], [16, 'IE00B4L5Y983'], [34, '0.75%'], [52, '0.95%']),
      at([0, 'Source: the manager.']),
    );
    const sheet = parseFactsheet(table);
    expect(sheet.terByClass).toEqual([
      { label: 'A EUR Acc', isin: 'LU0119620416', ter: '1.85%' },
      { label: 'I EUR Acc', isin: 'IE00B4L5Y983', ter: '0.95%' },
    ]);
    expect(sheet.ter).toBe('1.85%');
  });

  it('reads a tabbed share-class table of reading order, the class named after the ISIN', () => {
    const sheet = parseFactsheet(
      reading('ISIN\tClass\tTER (%)', 'LU0119620416\tR Acc\t1,20', 'US0378331005\tZ Dist\t0,60', 'Fund facts'),
    );
    expect(sheet.terByClass).toEqual([
      { label: 'R Acc', isin: 'LU0119620416', ter: '1.20%' },
      { label: 'Z Dist', isin: 'US0378331005', ter: '0.60%' },
    ]);
  });

  it('keeps one printed TER as `ter`, with no plan list', () => {
    const sheet = parseFactsheet(reading('Total Expense Ratio : 1.63%'));
    expect(sheet).toMatchObject({ ter: '1.63%', terByClass: [] });
    expect(sheet.pages.terByClass).toBeUndefined();
  });

  it.each([
    'Expense ratio is charged daily.\nRegular plan investors pay 1% more than others.',
    'TER: Regular Plan n/a, Direct Plan n/a',
    'Total Expense Ratio\nExit load 1.00%\nManagement fee 0.75%',
    'ISIN\tTER\nno rows here',
    'TER: Regular % Direct %',
    'TER\u0000 Regular 1.62.3% Direct',
  ])('reads no plan TER in %j', (page) => {
    expect(parseFactsheet(reading(page)).terByClass).toEqual([]);
  });
});

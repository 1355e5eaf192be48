import { xlsx } from '../../samples/xlsx';
import { parseHoldings, parseHoldingsCsv, XLSX_MEDIA_TYPE } from './holdings';

/** Holdings files as managers publish them on their local sites: headers in six languages, preambles, footers. */

const csv = (lines: string[], encoding: BufferEncoding = 'utf8') => Buffer.from(lines.join('\r\n'), encoding);

describe('holdings files in the languages of their managers', () => {
  it('reads the iShares German layout: "Fondsposition per", German headers, quoted decimal commas', () => {
    const file = parseHoldingsCsv(
      csv([
        'Fondsposition per,"30.08.2021"',
        'Anteile im Umlauf,"1.234.567,00"',
        ' ',
        'Emittententicker,Name,Sektor,Anlageklasse,Marktwert,Gewichtung (%),Nominalwert,Nominale,ISIN,Kurs,Standort,Börse,Marktwährung',
        '"AAPL","APPLE INC","IT","Aktien","1.867.879.796,64","4,24","1.867.879.796,64","12.198.797,00","US0378331005","153,12","Vereinigte Staaten","NASDAQ","USD"',
        '"SAP","SAP SE","IT","Aktien","123.456,78","0,85","123.456,78","1.000,00","DE0007164600","120,50","Deutschland","Xetra","EUR"',
        '"EUR","EUR CASH","Cash und/oder Derivate","Cash","12.345,00","0,10","12.345,00","12.345,00","-","100,00","Deutschland","-","EUR"',
        ' ',
        '"Die Angaben dienen nur zur Information."',
      ]),
      'o',
    );
    expect(file.asOf).toBe('2021-08-30');
    expect(file.holdings).toHaveLength(3);
    expect(file.holdings[0]).toEqual({
      name: 'APPLE INC',
      ticker: 'AAPL',
      isin: 'US0378331005',
      weight: 4.24,
      sector: 'IT',
      country: 'Vereinigte Staaten',
      assetClass: 'Aktien',
      currency: 'USD',
      marketValue: 1867879796.64,
    });
    expect(file.holdings[1]).toMatchObject({ name: 'SAP SE', weight: 0.85, marketValue: 123456.78 });
    expect(file.totalHoldings).toBe(2);
  });

  it.each([
    [
      'French, semicolons, "Positions au"',
      [
        'Positions au;31/10/2026',
        'Libellé;Code ISIN;Secteur;Pays;Devise;Poids (%)',
        'TOTALENERGIES;FR0000120271;Énergie;France;EUR;3,50',
      ],
      {
        name: 'TOTALENERGIES',
        isin: 'FR0000120271',
        sector: 'Énergie',
        country: 'France',
        currency: 'EUR',
        weight: 3.5,
      },
    ],
    [
      'Italian, "Portafoglio al"',
      [
        'Portafoglio al;31/10/2026',
        'Denominazione;ISIN;Settore;Paese;Valuta;Peso %',
        'ENEL SPA;IT0003128367;Utilities;Italia;EUR;2,10',
      ],
      { name: 'ENEL SPA', isin: 'IT0003128367', sector: 'Utilities', country: 'Italia', currency: 'EUR', weight: 2.1 },
    ],
    [
      'Spanish, "Cartera a"',
      [
        'Cartera a;31/10/2026',
        'Nombre;ISIN;Sector;País;Divisa;Ponderación',
        'IBERDROLA SA;ES0144580Y14;Utilities;España;EUR;1,75',
      ],
      {
        name: 'IBERDROLA SA',
        isin: 'ES0144580Y14',
        sector: 'Utilities',
        country: 'España',
        currency: 'EUR',
        weight: 1.75,
      },
    ],
    [
      'Dutch, "Posities per"',
      [
        'Posities per;31-10-2026',
        'Naam;ISIN;Sector;Land;Valuta;Weging (%)',
        'ASML HOLDING NV;NL0010273215;IT;Nederland;EUR;5,25',
      ],
      {
        name: 'ASML HOLDING NV',
        isin: 'NL0010273215',
        sector: 'IT',
        country: 'Nederland',
        currency: 'EUR',
        weight: 5.25,
      },
    ],
  ])('reads a %s holdings file', (_label, lines, first) => {
    const file = parseHoldingsCsv(csv(lines), 'o');
    expect(file.asOf).toBe('2026-10-31');
    expect(file.holdings).toEqual([expect.objectContaining(first)]);
  });

  it('reads a German file saved as Windows-1252 and one saved as UTF-16 with its byte-order mark', () => {
    const lines = [
      'Stand: 30.09.2026',
      'Bezeichnung;ISIN;Land;Währung;Anteil am Fondsvermögen in %',
      'MÜNCHENER RÜCK;DE0008430026;Deutschland;EUR;1,5',
    ];
    const latin1 = parseHoldingsCsv(csv(lines, 'latin1'), 'o');
    const utf16 = parseHoldingsCsv(Buffer.concat([Buffer.from([0xff, 0xfe]), csv(lines, 'utf16le')]), 'o');
    for (const file of [latin1, utf16]) {
      expect(file.asOf).toBe('2026-09-30');
      expect(file.holdings[0]).toMatchObject({ name: 'MÜNCHENER RÜCK', currency: 'EUR', weight: 1.5 });
    }
  });

  it('reads a workbook with a title row, a "Last Updated" line and a footer', async () => {
    const book = xlsx([
      ['Sample Equity Fund - Top holdings'],
      ['Last Updated', '31/10/2026'],
      [],
      ['Security Name', 'ISIN', 'Sector', '% of Fund'],
      ['NASPERS LTD', 'ZAE000015889', 'Consumer Discretionary', 9.5],
      ['FIRSTRAND LTD', 'ZAE000066304', 'Financials', 4.25],
      [],
      ['Holdings are subject to change.'],
    ]);
    const file = await parseHoldings(book, XLSX_MEDIA_TYPE, 'o');
    expect(file.asOf).toBe('2026-10-31');
    expect(file.holdings.map((h) => [h.name, h.weight])).toEqual([
      ['NASPERS LTD', 9.5],
      ['FIRSTRAND LTD', 4.25],
    ]);
  });

  it('does not take a preamble line such as "NAV per share" for the holdings date', () => {
    const file = parseHoldingsCsv(csv(['NAV per share,12.34', 'Name,Weight (%)', 'APPLE INC,4.24']), 'o');
    expect(file.asOf).toBeNull();
  });
});

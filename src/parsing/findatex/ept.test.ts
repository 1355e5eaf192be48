import { stringify as toYaml } from 'yaml';

import { buf, EPT_ROW, table } from '../../../test/fixtures/findatexRows';
import { UnreadableDocumentError } from '../../domain/documents';
import { XLSX_MEDIA_TYPE } from '../holdings';
import { parseEpt, parseEptCsv } from './ept';

describe('EPT', () => {
  it('reads the fields the service uses', () => {
    const [row] = parseEptCsv(table([EPT_ROW]), 'o');
    expect(row).toEqual({
      isin: 'ZZ0000000017',
      name: 'Sample Bond Fund D',
      manager: 'Sample Asset Management',
      currency: 'EUR',
      sri: 2,
      recommendedHoldingPeriodYears: 2,
      entryCost: null,
      exitCost: 0.01, // falls back on the exit cost at one year when none is given at the RHP
      ongoingCost: 0.0025,
      transactionCost: 0.000684,
      performanceFee: 0, // 03090 = N: no incidental costs
      riy1y: 0.012,
      riyRhp: 0.004,
      kidPublicationDate: '2024-02-16',
      version: 'V21',
      mrm: 2,
      priipsCategory: null,
      fundCic: null,
      ucitsSrri: null,
      ucitsOngoingCharges: null,
      sfdrArticle: null,
    });
  });

  it('keeps parseEptCsv reading the sample-library layout', () => {
    const text = [
      '00001_EPT_Version,00010_Portfolio_Manufacturer_Name,00030_Portfolio_Identifying_Data,00040_Type_Of_Identification_Code_For_The_Fund_Share_Or_Portfolio,00050_Portfolio_Name,00060_Portfolio_Or_Share_Class_Currency,00070_PRIIPs_KID_Publication_Date,01090_SRI,01120_Recommended_Holding_Period,03010_One_Off_Cost_Portfolio_Entry_Cost,03020_One_Off_Costs_Portfolio_Exit_Cost_At_RHP,03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs,03080_Ongoing_Costs_Portfolio_Transaction_Costs,03095_Incidental_Costs_Portfolio_Performance_Fees',
      'V21,"Example Capital Partners, SA",ZZSMPL000011,1,Sample Global Equity Fund Acc,EUR,2026-02-16,4,5,0,0,0.002,0.0004,0',
    ].join('\n');
    expect(parseEptCsv(buf(text), 'o')).toEqual([
      expect.objectContaining({
        isin: 'ZZSMPL000011',
        manager: 'Example Capital Partners, SA',
        name: 'Sample Global Equity Fund Acc',
        currency: 'EUR',
        sri: 4,
        recommendedHoldingPeriodYears: 5,
        entryCost: 0,
        exitCost: 0,
        ongoingCost: 0.002,
        transactionCost: 0.0004,
        performanceFee: 0,
        kidPublicationDate: '2026-02-16',
      }),
    ]);
  });

  it('reads semicolon exports with decimal commas, day-first dates and years in words', () => {
    const rows = [
      {
        ...EPT_ROW,
        '00070_PRIIPs_KID_Publication_Date': '16/02/2024',
        '01120_Recommended_Holding_Period': '2,5',
        '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs': '0,0025',
      },
    ];
    const [row] = parseEptCsv(table(rows, ';'), 'o');
    expect(row).toMatchObject({
      kidPublicationDate: '2024-02-16',
      recommendedHoldingPeriodYears: 2.5,
      ongoingCost: 0.0025,
      transactionCost: 0.000684,
    });
    const [worded] = parseEptCsv(table([{ ...EPT_ROW, '01120_Recommended_Holding_Period': '5 years' }]), 'o');
    expect(worded.recommendedHoldingPeriodYears).toBe(5);
  });

  it('matches columns on the code, whatever the name (V2.0 spells 07110 with a space)', () => {
    const [row] = parseEptCsv(
      table([
        {
          ...EPT_ROW,
          '03090_Existing_Incidental_Costs_Portfolio': 'Y',
          '07110_Incidental_Costs_Portfolio_Performance_Fees_Carried _Interest': 0.002,
        },
      ]),
      'o',
    );
    expect(row.performanceFee).toBe(0.002);
  });

  it('prefers 03095 for performance fees and leaves them unknown when nothing is said', () => {
    const [given] = parseEptCsv(
      table([
        {
          ...EPT_ROW,
          '03090_Existing_Incidental_Costs_Portfolio': 'Y',
          '03095_Incidental_Costs': 0.001,
          '08200_UCITS_Performance_Fees': 0.5,
        },
      ]),
      'o',
    );
    expect(given.performanceFee).toBe(0.001);
    const [unknown] = parseEptCsv(table([{ ...EPT_ROW, '03090_Existing_Incidental_Costs_Portfolio': '' }]), 'o');
    expect(unknown.performanceFee).toBeNull();
  });

  it.each([
    [0, null],
    [8, null],
    ['2.0', 2],
    [2.5, null],
    ['n/a', null],
    [7, 7],
    [1, 1],
  ])('SRI %j → %j', (raw, expected) => {
    expect(parseEptCsv(table([{ ...EPT_ROW, '01090_SRI': raw }]), 'o')[0].sri).toBe(expected);
  });

  it('reads the SFDR article from a column named for it', () => {
    const rows = [
      { ...EPT_ROW, '20040_Financial_Instrument_SFDR_Product_Type': 'Article 8' },
      {
        ...EPT_ROW,
        '00030_Portfolio_Identifying_Data': 'ZZ0000000025',
        '20040_Financial_Instrument_SFDR_Product_Type': '9',
      },
      {
        ...EPT_ROW,
        '00030_Portfolio_Identifying_Data': 'ZZ0000000033',
        '20040_Financial_Instrument_SFDR_Product_Type': '',
      },
    ];
    expect(parseEptCsv(table(rows), 'o').map((r) => r.sfdrArticle)).toEqual([8, 9, null]);
  });

  it('keeps one row per share class and skips rows without an identifier (blank lines, label rows)', () => {
    const rows = [
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': 'Portfolio identifying data', '01090_SRI': 'SRI' },
      EPT_ROW,
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': '' },
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': 'ZZ0000000025', '01090_SRI': 4 },
    ];
    expect(parseEptCsv(table(rows), 'o').map((r) => [r.isin, r.sri])).toEqual([
      ['ZZ0000000017', 2],
      ['ZZ0000000025', 4],
    ]);
  });

  it('reads JSON and YAML renderings', async () => {
    const json = await parseEpt(buf(JSON.stringify([EPT_ROW])), 'application/json', 'o');
    const yaml = await parseEpt(buf(toYaml([EPT_ROW])), 'application/yaml', 'o');
    const sniffed = await parseEpt(buf(toYaml([EPT_ROW])), 'text/plain', 'o');
    for (const rows of [json, yaml, sniffed])
      expect(rows[0]).toMatchObject({
        isin: 'ZZ0000000017',
        sri: 2,
        ongoingCost: 0.0025,
        kidPublicationDate: '2024-02-16',
      });
  });

  it('reads spreadsheet day numbers and month-first dates', async () => {
    const [serial] = await parseEpt(
      buf(JSON.stringify([{ ...EPT_ROW, '00070_PRIIPs_KID_Publication_Date': 45338 }])),
      'application/json',
      'o',
    );
    expect(serial.kidPublicationDate).toBe('2024-02-16');
    const [us] = parseEptCsv(table([{ ...EPT_ROW, '00070_PRIIPs_KID_Publication_Date': '02/16/2024' }]), 'o');
    expect(us.kidPublicationDate).toBe('2024-02-16');
    const [none] = parseEptCsv(table([{ ...EPT_ROW, '00070_PRIIPs_KID_Publication_Date': 'soon' }]), 'o');
    expect(none.kidPublicationDate).toBe('');
  });

  it('reads a JSON envelope holding the records', async () => {
    const rows = await parseEpt(buf(JSON.stringify({ data: { rows: [EPT_ROW] } })), 'application/json', 'o');
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['an empty file', buf('')],
    ['prose', buf('Hello, this is not an EPT file.\nReally.')],
    ['a holdings CSV', buf('Name,Weight (%)\nA,1\n')],
    ['binary', Buffer.from([0, 1, 2, 3])],
    [
      'an EMT (no 00030 column)',
      table(
        [
          {
            '00001_EMT_Version': 'V4.3',
            '00010_Financial_Instrument_Identifying_Data': 'ZZ0000000017',
            '00030_Financial_Instrument_Name': 'X',
          },
        ].map(({ '00030_Financial_Instrument_Name': _n, ...r }) => r),
      ),
    ],
  ])('rejects %s', (_label, content) => {
    expect(() => parseEptCsv(content, 'o')).toThrow(UnreadableDocumentError);
  });

  it.each([
    ['invalid JSON', buf('[{"00030_x": '), 'application/json'],
    ['JSON without coded keys', buf('[{"isin": "X"}]'), 'application/json'],
    ['invalid YAML', buf('- a: [1, 2\n  b: }'), 'application/yaml'],
    ['a broken workbook', buf('PK\u0003\u0004nope'), XLSX_MEDIA_TYPE],
  ])('rejects %s', async (_label, content, type) => {
    await expect(parseEpt(content, type, 'o')).rejects.toThrow(UnreadableDocumentError);
  });
});

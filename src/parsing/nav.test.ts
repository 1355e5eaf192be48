import { UnreadableDocumentError } from '../domain/documents';
import { parseNav, parseNavCsv, parseNavJson } from './nav';

const csv = (text: string) => Buffer.from(text, 'utf8');
const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');
const dates = (points: { date: string }[]) => points.map((p) => p.date);
const values = (points: { value: number }[]) => points.map((p) => p.value);

describe('parseNavCsv', () => {
  it('reads the sample-library layout (ISO dates, NAV and benchmark)', () => {
    const s = parseNavCsv(csv('Date,NAV,Benchmark\n2020-01-02,100.0000,100.0000\n2020-01-03,101.5000,100.2000\n'), 'o');
    expect(s.fund).toEqual([
      { date: '2020-01-02', value: 100 },
      { date: '2020-01-03', value: 101.5 },
    ]);
    expect(s.benchmark).toEqual([
      { date: '2020-01-02', value: 100 },
      { date: '2020-01-03', value: 100.2 },
    ]);
  });

  it('reads an iShares-style newest-first file with quoted "Aug 30, 2016" dates, an index column and "--" markers', () => {
    const text = [
      '"As Of","Index Return Series","NAV per Share",Ex-Dividends',
      '"Aug 30, 2016",166.99041,27.248022,--',
      '"Aug 29, 2016",165.782554,27.221642,0.12',
      '"Jun 18, 2009",100,20,--',
    ].join('\n');
    const s = parseNavCsv(csv(text), 'o');
    expect(dates(s.fund)).toEqual(['2009-06-18', '2016-08-29', '2016-08-30']);
    expect(values(s.fund)).toEqual([20, 27.221642, 27.248022]);
    expect(values(s.benchmark)).toEqual([100, 165.782554, 166.99041]);
  });

  it('reads a headerless dd-mm-yyyy file (date, then the first numeric column as the fund)', () => {
    const text =
      '"11-10-2016","30.5350","30.5252"\n"07-10-2016","30.5550","30.5462"\n"30-09-2016","30.7750","30.7421"\n';
    const s = parseNavCsv(csv(text), 'o');
    expect(s.fund).toEqual([
      { date: '2016-09-30', value: 30.775 },
      { date: '2016-10-07', value: 30.555 },
      { date: '2016-10-11', value: 30.535 },
    ]);
    expect(s.benchmark).toEqual([]);
  });

  it('reads month-first numeric dates when a day above 12 proves it', () => {
    const s = parseNavCsv(csv('Date,NAV\n10/11/2016,1\n09/30/2016,2\n'), 'o');
    expect(s.fund).toEqual([
      { date: '2016-09-30', value: 2 },
      { date: '2016-10-11', value: 1 },
    ]);
  });

  it('reads semicolon files with decimal commas and thousands dots', () => {
    const s = parseNavCsv(csv('Datum;NAV;Index\n30.09.2016;1.234,56;100,5\n03.10.2016;1.240,00;101\n'), 'o');
    expect(values(s.fund)).toEqual([1234.56, 1240]);
    expect(values(s.benchmark)).toEqual([100.5, 101]);
  });

  it('reads quoted numbers with thousands separators', () => {
    const s = parseNavCsv(csv('Date,Price\n2020-01-02,"1,234.50"\n'), 'o');
    expect(values(s.fund)).toEqual([1234.5]);
  });

  it('skips missing values and keeps the other series', () => {
    const s = parseNavCsv(csv('Date,NAV,Benchmark\n2020-01-02,n/a,100\n2020-01-03,,101\n2020-01-06,10,--\n'), 'o');
    expect(s.fund).toEqual([{ date: '2020-01-06', value: 10 }]);
    expect(dates(s.benchmark)).toEqual(['2020-01-02', '2020-01-03']);
  });

  it('keeps the last value of a duplicated date', () => {
    const s = parseNavCsv(csv('Date,NAV\n2020-01-02,10\n2020-01-02,11\n2020-01-01,9\n'), 'o');
    expect(s.fund).toEqual([
      { date: '2020-01-01', value: 9 },
      { date: '2020-01-02', value: 11 },
    ]);
  });

  it('drops zero and negative NAVs and unreadable dates', () => {
    const s = parseNavCsv(
      csv('Date,NAV\n2020-01-02,0\n2020-01-03,-1\nnot a date,5\n2020-02-30,6\n2020-01-06,7\n'),
      'o',
    );
    expect(s.fund).toEqual([{ date: '2020-01-06', value: 7 }]);
  });

  it('finds the header under preamble lines', () => {
    const text = 'iShares Sample ETF\nFund NAV history,"Aug 30, 2016"\n\nDate,NAV\n2016-08-29,10\n2016-08-30,11\n';
    expect(values(parseNavCsv(csv(text), 'o').fund)).toEqual([10, 11]);
  });

  it('takes the only numeric column as the fund when its header is not a NAV name', () => {
    const s = parseNavCsv(csv('Date,SE0009807308\n2020-01-02,100\n2020-01-03,101\n'), 'o');
    expect(values(s.fund)).toEqual([100, 101]);
  });

  it('prefers the NAV column over a market price column', () => {
    const s = parseNavCsv(csv('Date,Market Price,NAV\n2020-01-02,10.1,10\n'), 'o');
    expect(values(s.fund)).toEqual([10]);
  });

  it('accepts a series rebased to 100 as it is', () => {
    const s = parseNavCsv(csv('Date,Value\n2017-05-29,100\n2017-05-30,100.0978\n'), 'o');
    expect(values(s.fund)).toEqual([100, 100.0978]);
  });

  it.each([
    ['empty', ''],
    ['blank lines', '\n\n  \n'],
    ['header only', 'Date,NAV\n'],
    ['no date column', 'Name,NAV\nx,1\n'],
    ['no numbers', 'Date,NAV\n2020-01-02,n/a\n2020-01-03,--\n'],
    ['prose', 'This is not a NAV file.\nIt has sentences, commas, and no data.'],
  ])('rejects %s', (_label, text) => {
    expect(() => parseNavCsv(csv(text), 'o')).toThrow(UnreadableDocumentError);
  });

  it('rejects binary content', () => {
    expect(() => parseNavCsv(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02]), 'o')).toThrow(
      UnreadableDocumentError,
    );
  });

  it('names the origin in the error', () => {
    expect(() => parseNavCsv(csv(''), 'lib/nav.csv')).toThrow(/lib\/nav\.csv/);
  });
});

describe('parseNavJson', () => {
  it('reads openseries parallel arrays', () => {
    const s = parseNavJson(
      json([{ name: 'Fund', dates: ['2017-05-30', '2017-05-29'], values: [100.0978, 100], valuetype: 'Price(Close)' }]),
      'o',
    );
    expect(s.fund).toEqual([
      { date: '2017-05-29', value: 100 },
      { date: '2017-05-30', value: 100.0978 },
    ]);
    expect(s.benchmark).toEqual([]);
  });

  it('takes an index-named series of several as the benchmark', () => {
    const doc = [
      { name: 'Some Fund', dates: ['2020-01-01'], values: [10] },
      { name: 'MSCI World Index', dates: ['2020-01-01'], values: [200] },
    ];
    const s = parseNavJson(json(doc), 'o');
    expect(values(s.fund)).toEqual([10]);
    expect(values(s.benchmark)).toEqual([200]);
  });

  it('reads records inside an envelope, with string numbers and missing markers', () => {
    const doc = {
      data: {
        history: [
          { asOfDate: '2020-01-03', nav: '10.5', benchmark: '--' },
          { asOfDate: '2020-01-02', nav: 10, benchmark: 99 },
        ],
      },
    };
    const s = parseNavJson(json(doc), 'o');
    expect(s.fund).toEqual([
      { date: '2020-01-02', value: 10 },
      { date: '2020-01-03', value: 10.5 },
    ]);
    expect(s.benchmark).toEqual([{ date: '2020-01-02', value: 99 }]);
  });

  it('reads [epoch ms, value] pairs', () => {
    const s = parseNavJson(
      json({
        series: [
          [Date.UTC(2020, 0, 2), 10],
          [Date.UTC(2020, 0, 3), 11],
        ],
      }),
      'o',
    );
    expect(s.fund).toEqual([
      { date: '2020-01-02', value: 10 },
      { date: '2020-01-03', value: 11 },
    ]);
  });

  it('reads a date-keyed map', () => {
    const s = parseNavJson(json({ '2020-01-03': 11, '2020-01-02': 10 }), 'o');
    expect(values(s.fund)).toEqual([10, 11]);
  });

  it('never takes distribution amounts or statistics for a NAV', () => {
    const doc = {
      fund: {
        distributions: [{ asOfDate: '2016-09-15', distributionAmount: 0.085 }],
        statistics: [{ asOfDate: '2016-08-31', statValue: 7.1 }],
        fees: [{ value: 0.22 }],
      },
    };
    expect(() => parseNavJson(json(doc), 'o')).toThrow(UnreadableDocumentError);
  });

  it.each([
    ['invalid JSON', Buffer.from('{ nope')],
    ['empty object', json({})],
    ['empty array', json([])],
    ['scalars', json(42)],
    ['mismatched parallel arrays', json({ dates: ['2020-01-01', '2020-01-02'], values: [1] })],
  ])('rejects %s', (_label, content) => {
    expect(() => parseNavJson(content, 'o')).toThrow(UnreadableDocumentError);
  });
});

describe('parseNav', () => {
  it('dispatches on the media type', () => {
    expect(values(parseNav(csv('Date,NAV\n2020-01-02,1\n'), 'text/csv; charset=utf-8', 'o').fund)).toEqual([1]);
    expect(values(parseNav(json({ dates: ['2020-01-02'], values: [2] }), 'application/json', 'o').fund)).toEqual([2]);
  });

  it('sniffs generic media types', () => {
    expect(
      values(parseNav(json({ dates: ['2020-01-02'], values: [2] }), 'application/octet-stream', 'o').fund),
    ).toEqual([2]);
    expect(values(parseNav(csv('Date,NAV\n2020-01-02,3\n'), 'text/plain', 'o').fund)).toEqual([3]);
  });

  it('does not sniff a JSON file sent as CSV', () => {
    expect(() => parseNav(json({ dates: ['2020-01-02'], values: [2] }), 'text/csv', 'o')).toThrow(
      UnreadableDocumentError,
    );
  });
});

import { DATE, dateReader, inferDateOrder, parseDate, parsePrintedDate } from './dates';

describe('inferDateOrder', () => {
  it('a first part above 12 proves day-first', () => {
    expect(inferDateOrder(['11-10-2016', '30-09-2016'])).toBe('dmy');
  });
  it('a second part above 12 proves month-first', () => {
    expect(inferDateOrder(['10/11/2016', '09/30/2016'])).toBe('mdy');
  });
  it('defaults to day-first when nothing proves either', () => {
    expect(inferDateOrder(['01/02/2020', '03/04/2020'])).toBe('dmy');
    expect(inferDateOrder([])).toBe('dmy');
    expect(inferDateOrder(['2020-01-02', 5, null])).toBe('dmy');
  });
  it('the first proof wins', () => {
    expect(inferDateOrder(['13/01/2020', '01/13/2020'])).toBe('dmy');
  });
});

describe('parseDate', () => {
  it.each([
    ['2016-08-30', '2016-08-30'],
    ['2016-8-3', '2016-08-03'],
    ['2016/08/30', '2016-08-30'],
    ['2024-02-23T13:42:48.235711Z', '2024-02-23'],
    ['2024-02-23 13:42:48', '2024-02-23'],
    ['Aug 30, 2016', '2016-08-30'],
    ['Aug 9, 2016', '2016-08-09'],
    ['August 30 2016', '2016-08-30'],
    ['Sept. 1, 2016', '2016-09-01'],
    ['30-Aug-2021', '2021-08-30'],
    ['30/Aug/2021', '2021-08-30'],
    ['30 August 2016', '2016-08-30'],
    ['1 mars 2020', '2020-03-01'],
    ['3. Okt 2020', '2020-10-03'],
    ['11-10-2016', '2016-10-11'],
    ['30.09.2016', '2016-09-30'],
    ['30/09/16', '2016-09-30'],
    ['"27-09-2016"', '2016-09-27'],
  ])('reads %j', (raw, expected) => {
    expect(parseDate(raw)).toBe(expected);
  });

  it('reads numeric dates month-first when told', () => {
    expect(parseDate('10/11/2016', 'mdy')).toBe('2016-10-11');
    expect(parseDate('10/11/2016', 'dmy')).toBe('2016-11-10');
  });

  it.each(['', 'date', '2016-02-30', '31/04/2016', '13/13/2016', 'Foo 3, 2016', '1899-12-31', '42', '30-08', '2016'])(
    'rejects %j',
    (raw) => {
      expect(parseDate(raw)).toBeNull();
    },
  );

  it('takes Date objects at their UTC day and rejects invalid ones', () => {
    expect(parseDate(new Date(Date.UTC(2021, 7, 30)))).toBe('2021-08-30');
    expect(parseDate(new Date('nope'))).toBeNull();
    expect(parseDate(20210830)).toBeNull();
  });
});

describe('DATE finds the dates documents print, in every language', () => {
  it.each([
    ['Dieses Dokument wurde erstellt am 17. Juli 2025.', '17. Juli 2025'],
    ['Fecha de elaboración: 31 de octubre de 2025', '31 de octubre de 2025'],
    ['Data de produção do documento: 16 de fevereiro de 2026', '16 de fevereiro de 2026'],
    ['opgesteld op 16 februari 2026.', '16 februari 2026'],
    ['aggiornato al 16 febbraio 2026', '16 febbraio 2026'],
  ])('%p', (text, date) => {
    expect(new RegExp(DATE, 'i').exec(text)?.[0]).toBe(date);
  });
});

describe('parsePrintedDate', () => {
  it.each([
    ['23/07/2025', '2025-07-23'],
    ['23.07.2025', '2025-07-23'],
    ['07/23/2025', '2025-07-23'],
    ['2025-07-23', '2025-07-23'],
    ['19 February 2026', '2026-02-19'],
    ['31st December 2025', '2025-12-31'],
    ['December 31, 2025', '2025-12-31'],
    ['1er mars 2024', '2024-03-01'],
    ['15 février 2024', '2024-02-15'],
    ['09-Mar-2018', '2018-03-09'],
    ['17. Juli 2025', '2025-07-17'],
    ['31 Oktober 2025', '2025-10-31'],
    ['16 febbraio 2026', '2026-02-16'],
    ['31 de octubre de 2025', '2025-10-31'],
    ['16 februari 2026', '2026-02-16'],
    ['16 de fevereiro de 2026', '2026-02-16'],
    ['1 de março de 2024', '2024-03-01'],
    ['3 settembre 2025', '2025-09-03'],
    ['3 septiembre 2025', '2025-09-03'],
  ])('parsePrintedDate(%p) = %p', (raw, iso) => {
    expect(parsePrintedDate(raw)).toBe(iso);
  });

  it.each(['31/02/2025', '13/13/2025', '2025', 'February', '', '00/01/2025'])('parsePrintedDate(%p) is null', (raw) => {
    expect(parsePrintedDate(raw)).toBeNull();
  });
});

describe('dateReader: one language at a time', () => {
  const months = (names: string[]) => names.map((n) => [n]);
  const croatian = dateReader(
    months([
      'siječnja',
      'veljače',
      'ožujka',
      'travnja',
      'svibnja',
      'lipnja',
      'srpnja',
      'kolovoza',
      'rujna',
      'listopada',
      'studenoga',
      'prosinca',
    ]),
  );
  const polish = dateReader(
    months([
      'stycznia',
      'lutego',
      'marca',
      'kwietnia',
      'maja',
      'czerwca',
      'lipca',
      'sierpnia',
      'września',
      'października',
      'listopada',
      'grudnia',
    ]),
  );
  const hungarian = dateReader(
    months([
      'január',
      'február',
      'március',
      'április',
      'május',
      'június',
      'július',
      'augusztus',
      'szeptember',
      'október',
      'november',
      'december',
    ]),
  );
  const lithuanian = dateReader(
    months([
      'sausio',
      'vasario',
      'kovo',
      'balandžio',
      'gegužės',
      'birželio',
      'liepos',
      'rugpjūčio',
      'rugsėjo',
      'spalio',
      'lapkričio',
      'gruodžio',
    ]),
  );
  const latvian = dateReader(
    months([
      'janvāris',
      'februāris',
      'marts',
      'aprīlis',
      'maijs',
      'jūnijs',
      'jūlijs',
      'augusts',
      'septembris',
      'oktobris',
      'novembris',
      'decembris',
    ]),
  );
  const greek = dateReader(
    months([
      'Ιανουαρίου',
      'Φεβρουαρίου',
      'Μαρτίου',
      'Απριλίου',
      'Μαΐου',
      'Ιουνίου',
      'Ιουλίου',
      'Αυγούστου',
      'Σεπτεμβρίου',
      'Οκτωβρίου',
      'Νοεμβρίου',
      'Δεκεμβρίου',
    ]),
  );
  const irish = dateReader(
    months([
      'Eanáir',
      'Feabhra',
      'Márta',
      'Aibreán',
      'Bealtaine',
      'Meitheamh',
      'Iúil',
      'Lúnasa',
      'Meán Fómhair',
      'Deireadh Fómhair',
      'Samhain',
      'Nollaig',
    ]),
  );
  const find = (reader: ReturnType<typeof dateReader>, text: string) => {
    const m = new RegExp(`(${reader.source})`, 'iu').exec(text);
    return m ? reader.parse(m[1]) : null;
  };

  it.each([
    [croatian, 'Datum izrade: 17. listopada 2025.', '2025-10-17'],
    [polish, 'Data sporządzenia: 17 listopada 2025 r.', '2025-11-17'],
    [hungarian, 'Készült: 2025. november 17.', '2025-11-17'],
    [hungarian, 'Hatályos: 2025.11.17.', '2025-11-17'],
    [lithuanian, 'Parengta 2025 m. lapkričio 17 d.', '2025-11-17'],
    [latvian, 'Sagatavots 2025. gada 17. novembris', '2025-11-17'],
    [greek, 'Ημερομηνία: 17 ΝΟΕΜΒΡΙΟΥ 2025', '2025-11-17'],
    [greek, 'ισχύουν από 17 Νοεμβριου 2025', '2025-11-17'],
    [irish, 'Dáta: 16ú Feabhra 2026', '2026-02-16'],
    [croatian, '17.10.2025.', '2025-10-17'],
  ])('%#: reads %s', (reader, text, iso) => expect(find(reader, text)).toBe(iso));

  it('reads each month name in its own language only, and refuses dates that do not exist', () => {
    expect(find(croatian, '17. listopada 2025')).toBe('2025-10-17');
    expect(find(polish, '17 listopada 2025')).toBe('2025-11-17');
    expect(find(polish, '31 lutego 2025')).toBeNull();
    expect(find(polish, 'no date here')).toBeNull();
    expect(find(polish, '')).toBeNull();
  });
});

import { readEuros, readFrenchDate, readFrenchNumber, readPercent, readPeriod, yearPeriod } from './french';

describe('French numbers', () => {
  it.each([
    ['1 234,56', 1234.56],
    ['1\u00a0234,56', 1234.56],
    ['1\u202f234\u202f567,8', 1234567.8],
    ['204', 204],
    ['30.1', 30.1],
    ['1.234', 1234],
    ['0,58', 0.58],
  ])('%s -> %d', (raw, value) => {
    expect(readFrenchNumber(raw)).toBe(value);
  });

  it('reads percentages', () => {
    expect(readPercent('5,73 %')).toBe(5.73);
    expect(readPercent('TOF : 98,1%')).toBe(98.1);
    expect(readPercent('5,73\u00a0%')).toBe(5.73);
    expect(readPercent('pas de pourcentage')).toBeNull();
  });

  it('reads amounts in euros with their scale', () => {
    expect(readEuros('1 234,56 €')).toBe(1234.56);
    expect(readEuros('1 234,56 euros')).toBe(1234.56);
    expect(readEuros('204€')).toBe(204);
    expect(readEuros('130 M€')).toBe(130_000_000);
    expect(readEuros('103,8M€')).toBe(103_800_000);
    expect(readEuros('1,2 Md€')).toBe(1_200_000_000);
    expect(readEuros("65,7 millions d'euros")).toBe(65_700_000);
    expect(readEuros('1,5 milliard d’euros'.replace('’', "'"))).toBe(1_500_000_000);
    expect(readEuros('12 EUR')).toBe(12);
    expect(readEuros('6\u202f277\u202f625\u00a0€')).toBe(6_277_625);
    expect(readEuros('98 %')).toBeNull();
  });
});

describe('French periods and dates', () => {
  it.each([
    ['T3 2025', 'T3 2025', '2025-09-30'],
    ['Bulletin du T1-2026', 'T1 2026', '2026-03-31'],
    ['3e trimestre 2025', 'T3 2025', '2025-09-30'],
    ['3ème trimestre 2025', 'T3 2025', '2025-09-30'],
    ['4eme trimestre 2024', 'T4 2024', '2024-12-31'],
    ['1er trimestre 2025', 'T1 2025', '2025-03-31'],
    ['deuxième trimestre 2025', 'T2 2025', '2025-06-30'],
    ['1er semestre 2025', 'S1 2025', '2025-06-30'],
    ['2nd semestre 2024', 'S2 2024', '2024-12-31'],
    ['S1 2025', 'S1 2025', '2025-06-30'],
  ])('%s -> %s ending %s', (raw, label, end) => {
    expect(readPeriod(raw)).toEqual({ label, end });
  });

  it('finds no period where none is named', () => {
    expect(readPeriod('trimestre')).toBeNull();
    expect(readPeriod('TRI 5 ans')).toBeNull();
    expect(readPeriod('5e trimestre 2025')).toBeNull();
  });

  it('reads printed dates', () => {
    expect(readFrenchDate('au 30/09/2025')).toBe('2025-09-30');
    expect(readFrenchDate('le 30 septembre 2025')).toBe('2025-09-30');
    expect(readFrenchDate('à compter du 1er août 2025')).toBe('2025-08-01');
    expect(readFrenchDate('sans date')).toBeNull();
  });

  it('names a year as a period', () => {
    expect(yearPeriod(2024)).toEqual({ label: '2024', end: '2024-12-31' });
  });
});

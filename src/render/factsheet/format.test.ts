import { formatsFor, parseIsoDate } from './format';

/** Intl writes French percentages and thousands with narrow no-break spaces; compare with plain spaces. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formats per language', () => {
  const en = formatsFor('en');
  const fr = formatsFor('fr');

  it('formats percentages in each language', () => {
    expect(en.percent(12.5, 1)).toBe('12.5%');
    expect(plainSpaces(fr.percent(12.5, 1))).toBe('12,5 %');
    expect(en.percent(-19.45, 2)).toBe('-19.45%');
    expect(plainSpaces(fr.percent(-19.45, 2))).toBe('-19,45 %');
  });

  it('never prints a minus sign on a figure that rounds to zero', () => {
    expect(en.percent(-0.001, 2)).toBe('0.00%');
    expect(en.number(-0.2, 0)).toBe('0');
  });

  it('formats dates in UTC as day, short month and year', () => {
    expect(en.date('2026-10-30')).toBe('30 Oct 2026');
    expect(fr.date('2026-10-30')).toBe('30 oct. 2026');
    // Late in the evening west of Greenwich is still the same UTC day.
    expect(en.date('2026-10-30T23:30:00Z')).toBe('30 Oct 2026');
    expect(plainSpaces(en.dateTime('2026-11-23T18:56:15.299Z') ?? '')).toBe('23 Nov 2026, 18:56 UTC');
  });

  it('refuses what is not an ISO date', () => {
    expect(en.date('30/10/2026')).toBeNull();
    expect(en.date('2026-02-30')).toBeNull();
    expect(en.date('')).toBeNull();
    expect(parseIsoDate('2026-10-30')).toBe(Date.UTC(2026, 9, 30));
    expect(parseIsoDate('not a date')).toBeNull();
  });

  it('shows preformatted strings as given in English', () => {
    expect(en.given('0.24%')).toBe('0.24%');
    expect(en.given('EUR 3,721.1 million')).toBe('EUR 3,721.1 million');
  });

  it('localises only plain percentages and plain decimals in French', () => {
    expect(plainSpaces(fr.given('0.24%'))).toBe('0,24 %');
    expect(plainSpaces(fr.given('-1.5%'))).toBe('-1,5 %');
    expect(plainSpaces(fr.given('3.00%'))).toBe('3,00 %');
    expect(plainSpaces(fr.given('15%'))).toBe('15 %');
    expect(fr.given('17.0')).toBe('17,0');
    expect(fr.given('0.03')).toBe('0,03');
    expect(fr.given('EUR 3,721.1 million')).toBe('EUR 3,721.1 million');
    expect(fr.given('5 years')).toBe('5 years');
    expect(fr.given('5.58 years')).toBe('5.58 years');
    expect(fr.given('2031')).toBe('2031');
    expect(fr.given('AA-')).toBe('AA-');
  });

  it('labels a time axis by year, or by month over a short span', () => {
    expect(en.axisDate(Date.UTC(2024, 0, 1), false)).toBe('2024');
    expect(en.axisDate(Date.UTC(2024, 2, 1), true)).toBe('Mar 2024');
    expect(fr.axisDate(Date.UTC(2024, 2, 1), true)).toBe('mars 2024');
  });
});

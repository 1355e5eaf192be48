// Tests of the issuer key (issuerKey.ts): which names key alike, the keys themselves, and linear time on hostile names.
import { issuerKey, issuerTokens } from './issuerKey';

describe('issuerKey', () => {
  it.each([
    ['Apple Inc.', 'APPLE INC'],
    ['APPLE INC', 'Apple'],
    ['Alphabet Inc Class A', 'Alphabet Inc. Class C'],
    ['Alphabet Inc. Class C', 'ALPHABET INC-CL A'],
    ['Nestlé S.A.', 'NESTLE SA-REG'],
    ['Word Tech Corp 3.25% 2030', 'WORD TECH CORP'],
    ['LVMH Moët Hennessy Louis Vuitton SE', 'LVMH MOET HENNESSY LOUIS VUITTON'],
    ['AT&T Inc', 'AT and T'],
  ])('%s ≡ %s', (x, y) => {
    expect(issuerKey(x)).toBe(issuerKey(y));
  });

  it.each([
    ['Apple Inc.', 'apple'],
    ['Alphabet Inc Class A', 'alphabet'],
    ['Nestlé S.A.', 'nestle'],
    ['AT&T Inc', 'at and t'],
    ['JPMorgan Chase & Co.', 'jpmorgan chase'],
    ['The Home Depot Inc', 'home depot'],
    ['Samsung Electronics Co Ltd Pref', 'samsung electronics'],
    ['Taiwan Semiconductor Manufacturing Co Ltd Sponsored ADR', 'taiwan semiconductor manufacturing'],
    ['Novo Nordisk A/S Class B', 'novo nordisk'],
    ['Ørsted A/S', 'orsted'],
    ['Grupo Televisa SAB de CV', 'grupo televisa'],
    ['Volkswagen AG Non Voting Pref', 'volkswagen'],
    ['Word Tech 4.125 15/06/2031', 'word tech'],
    ['Word Tech Corp 3¼% 15-Jun-2031 FRN', 'word tech'],
    ['Word Tech Corp Sr Unsec Notes 5% Perp', 'word tech'],
    ['Word Tech Jun 2031 Bonds', 'word tech'],
    ['ＡＰＰＬＥ ＩＮＣ', 'apple'],
    ['Straße Holdings GmbH', 'strasse holdings'],
    // Legal forms are dropped only at the end; a class word needs its letter; month names only before a number.
    ['First Class AB', 'first class'],
    ['Co-operative Bank plc', 'co operative bank'],
    ['May Department Stores', 'may department stores'],
  ])('%s → %s', (name, key) => {
    expect(issuerKey(name)).toBe(key);
  });

  it('keys a name that normalises to nothing on its tokens, never on ""', () => {
    expect(issuerKey('Inc.')).toBe('inc');
    expect(issuerKey('INC')).toBe('inc');
    expect(issuerKey('Class A')).toBe('class a');
    expect(issuerKey('The Company')).toBe('the company');
    expect(issuerKey('2030')).toBe('2030');
    expect(issuerKey('---')).toBe('---');
    expect(issuerKey('')).toBe('');
    expect(issuerKey('   ')).toBe('');
  });

  it('reads ASCII and Unicode names alike (two code paths, one result)', () => {
    expect(issuerTokens('AT&T Inc.-Class A 3.5%')).toEqual(['at', 'and', 't', 'inc', 'class', 'a', '3', '5']);
    expect(issuerTokens('AT&T Inc.-Class A 3.5% é')).toEqual(['at', 'and', 't', 'inc', 'class', 'a', '3', '5', 'e']);
    expect(issuerKey('Cafe de Paris SA')).toBe(issuerKey('Café de Paris S.A.'));
  });

  it('is linear on 200,000-character hostile names and still right', () => {
    // Compared as booleans: a failing 200k-character string would flood the report.
    const keys = (name: string, key: string) => expect(issuerKey(name) === key).toBe(true);
    keys('a'.repeat(200_000), 'a'.repeat(200_000));
    keys('Acme '.repeat(40_000) + 'Inc', 'acme '.repeat(39_999) + 'acme');
    keys('Inc '.repeat(50_000), Array(50_000).fill('inc').join(' '));
    keys('cl '.repeat(66_666), Array(66_666).fill('cl').join(' '));
    keys('Acme Corp ' + '15 Jun '.repeat(30_000) + '2031', 'acme');
    keys('Acme Class ' + 'A Class '.repeat(25_000) + 'A', 'acme');
    keys('é'.repeat(200_000), 'e'.repeat(200_000));
    keys(`Acme${'.'.repeat(200_000)}Inc`, 'acme');
    expect(issuerKey('&'.repeat(200_000)).split(' ')).toHaveLength(200_000);
  });

  it('is deterministic', () => {
    expect(issuerKey('Nestlé S.A.')).toBe(issuerKey('Nestlé S.A.'));
  });
});

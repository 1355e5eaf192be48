import { decodeText, detectDelimiter } from './csv';

describe('decodeText and detectDelimiter', () => {
  it('strips a UTF-8 BOM, reads UTF-16 with a BOM and falls back to Latin-1', () => {
    expect(decodeText(Buffer.from('\uFEFFDate,NAV', 'utf8'))).toBe('Date,NAV');
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Date;NAV', 'utf16le')]))).toBe('Date;NAV');
    expect(decodeText(Buffer.from([0x56, 0xe9]))).toBe('Vé');
  });

  it('picks the delimiter present on most lines, preferring ; over , on a tie', () => {
    expect(detectDelimiter('a,b,c\n1,2,3')).toBe(',');
    expect(detectDelimiter('Date;NAV\n2020-01-01;1,5')).toBe(';');
    expect(detectDelimiter('2020-01-01;123,45;100,12\n2020-01-02;123,46;100,13')).toBe(';');
    expect(detectDelimiter('Date\tNAV\n2020-01-01\t1.5')).toBe('\t');
    expect(detectDelimiter('"a;b",c\n"d;e",f')).toBe(',');
  });
});

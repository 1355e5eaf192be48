import { collapseOverprint, dedupeRepeatedLines, LineIndex, normaliseLine, textLines } from './lines';

describe('dedupeRepeatedLines', () => {
  const page = [
    'Key Information Document',
    'Entry costs 0.00%',
    'Exit costs 0.00%',
    '0 EUR',
    'Transaction costs 0.01%',
    '1 EUR',
  ];

  it('collapses a page whose every line is printed twice, value cells included', () => {
    expect(dedupeRepeatedLines(page.flatMap((l) => [l, l]))).toEqual(page);
  });

  it('compares across the blank lines some producers put between the copies', () => {
    expect(
      dedupeRepeatedLines(['Entry costs 0.00%', '', 'Entry costs 0.00%', 'Exit costs 0.00%']).filter(Boolean),
    ).toEqual(['Entry costs 0.00%', 'Exit costs 0.00%']);
  });

  it('halves lines that repeat themselves when the page is doubled that way', () => {
    expect(dedupeRepeatedLines(page.map((l) => `${l} ${l}`))).toEqual(page);
  });

  it('keeps genuine repeated value cells on a normal page', () => {
    const normal = ['Entry costs', 'Exit costs', 'Ongoing costs', 'Transaction costs', '0 EUR', '0 EUR', '17 EUR'];
    expect(dedupeRepeatedLines(normal)).toEqual(normal);
  });

  it('still drops a repeated prose line on a normal page', () => {
    expect(
      dedupeRepeatedLines(['Past performance is not a guide', 'Past performance is not a guide', 'Fund 1.2']),
    ).toEqual(['Past performance is not a guide', 'Fund 1.2']);
  });

  it('handles empty input', () => {
    expect(dedupeRepeatedLines([])).toEqual([]);
    expect(dedupeRepeatedLines(['', ''])).toEqual(['', '']);
  });
});

describe('textLines / normaliseLine / LineIndex', () => {
  it('numbers lines by page and normalises typography', () => {
    const lines = textLines(['Fund \u201cA\u201d \u2019s', 'Co\u00fbts  d\u2019entr\u00e9e \t 0,20\u00a0%']);
    expect(lines).toEqual([
      { text: 'Fund "A" \'s', page: 1 },
      { text: "Coûts d'entrée\t0,20 %", page: 2 },
    ]);
  });

  it('expands ligatures and drops soft hyphens', () => {
    expect(normaliseLine('ef\ufb01cient man\u00adagement')).toBe('efficient management');
  });

  it('maps an offset of the joined text back to its page', () => {
    const index = new LineIndex(textLines(['one\ntwo', 'three']));
    expect(index.flat).toBe('one\ntwo\nthree');
    expect(index.pageAt(0)).toBe(1);
    expect(index.pageAt(index.flat.indexOf('two'))).toBe(1);
    expect(index.pageAt(index.flat.indexOf('three'))).toBe(2);
    expect(new LineIndex([]).pageAt(5)).toBe(1);
  });
});

describe('collapseOverprint: text drawn several times for a fake bold (Invesco KIDs)', () => {
  it.each([
    [
      'Basisinformationsblatt\tBasisinformationsblatt\tBasisinformationsblatt\tBasisinformationsblatt',
      'Basisinformationsblatt',
    ],
    ['Invesco ETF (der „Fonds\tFonds\tFonds\tFonds“), ein Teilfonds', 'Invesco ETF (der „Fonds“), ein Teilfonds'],
    ['Laufzeit\tLaufzeit\tLaufzeit\tLaufzeit::::', 'Laufzeit:'],
    [
      'Kleinanleger\tKleinanleger\tKleinanleger\tKleinanleger----Zielgruppe:\tZielgruppe:\tZielgruppe:\tZielgruppe:',
      'Kleinanleger-Zielgruppe:',
    ],
    [
      'Einstiegskosten\tEinstiegskosten\tEinstiegskosten\tEinstiegskosten Wir berechnen keine Einstiegsgebühr. 0 USD',
      'Einstiegskosten Wir berechnen keine Einstiegsgebühr. 0 USD',
    ],
  ])('%p', (line, folded) => {
    expect(collapseOverprint(line)).toBe(folded);
  });

  it.each([
    ['two equal cells are data', 'Entry costs\t0 USD\t0 USD'],
    ['equal figures are data, however many', '-\t-\t-\t-'],
    ['numbers are never folded', '12.5%\t12.5%\t12.5%'],
    ['a drawn digit of the scale stays as printed', '1 2 3 4444 5 6 7'],
    ['no tab, nothing to fold', 'Laufzeit::::'],
  ])('%s', (_, line) => {
    expect(collapseOverprint(line)).toBe(line);
  });

  it('takes time linear in the line (each cell is looked at once)', () => {
    const cells = Array.from({ length: 200_000 }, () => ' ').join('\t');
    expect(collapseOverprint(cells)).toBe(cells);
  });
});

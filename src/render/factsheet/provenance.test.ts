import { formatsFor } from './format';
import { LABELS } from './labels';
import { fileNameOf, sourcesLine } from './provenance';

const HASH = 'b1685c4b103120677e32e975e1698cfe61615c41a6b823749b6976465c9122e9';
const source = (kind: string, origin: string, asOf: string | null) => ({
  document: HASH,
  kind,
  origin,
  page: null,
  asOf,
});

describe('the sources in the footer', () => {
  it('names a document by the file it came from, never a hash', () => {
    expect(fileNameOf('library:ZZSMPL000014/kid.pdf')).toBe('kid.pdf');
    expect(fileNameOf('https://issuer.example/docs/KID%20EN.pdf?token=secret#page=2')).toBe('KID EN.pdf');
    expect(fileNameOf(`store:${HASH}`)).toBeNull();
    expect(fileNameOf(`library:X/${HASH}.pdf`)).toBeNull();
    expect(fileNameOf('https://issuer.example/')).toBe('issuer.example');
    expect(fileNameOf('')).toBeNull();
  });

  it('leaves out a document that could not be read: no figure came from it', () => {
    const line = sourcesLine(
      {
        'costs.entry': source('kid', 'library:X/kid.pdf', '2026-02-16'),
        [`skipped.${HASH}`]: { ...source('holdings', 'library:X/holdings.csv', null), skipped: 'no holdings table' },
      },
      LABELS.en,
      formatsFor('en'),
    );
    expect(line).toContain('kid.pdf');
    expect(line).not.toContain('holdings.csv');
  });

  it('groups fields by document, in order of authority, with what each supplied', () => {
    const line = sourcesLine(
      {
        indexedPerformance: source('nav', 'library:X/nav.csv', '2026-10-30'),
        'costs.entry': source('kid', 'library:X/kid.pdf', '2026-02-16'),
        investmentObjective: source('kid', 'library:X/kid.pdf', '2026-02-16'),
        'headlineMetrics.ter': source('factsheet', 'library:X/factsheet.pdf', '2026-10-30'),
        sector: source('custodian', 'library:X/positions.xlsx', null),
      },
      LABELS.en,
      formatsFor('en'),
    );
    expect(line).toBe(
      '<div class="sources"><strong>Sources</strong> ' +
        'KID of 16 Feb 2026 <span class="file">(kid.pdf)</span>: objective, costs · ' +
        'Factsheet of 30 Oct 2026 <span class="file">(factsheet.pdf)</span>: costs · ' +
        'NAV series of 30 Oct 2026 <span class="file">(nav.csv)</span>: performance · ' +
        'custodian <span class="file">(positions.xlsx)</span>: allocations</div>',
    );
    expect(line).not.toContain(HASH);
  });

  it('speaks the page language', () => {
    const line = sourcesLine(
      { riskRating: source('kiid', 'library:X/kiid.pdf', '2026-02-16') },
      LABELS.fr,
      formatsFor('fr'),
    );
    expect(line).toContain('DICI du 16 févr. 2026 <span class="file">(kiid.pdf)</span>: indicateur de risque');
  });

  it('is left out when nothing is credited', () => {
    expect(sourcesLine({}, LABELS.en, formatsFor('en'))).toBe('');
    expect(sourcesLine(undefined, LABELS.en, formatsFor('en'))).toBe('');
    expect(sourcesLine({ x: { kind: '' } }, LABELS.en, formatsFor('en'))).toBe('');
  });

  it('lists at most eight documents', () => {
    const many = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`sector${i}`, source('holdings', `library:X/h${i}.csv`, '2026-10-30')]),
    );
    expect(sourcesLine(many, LABELS.en, formatsFor('en')).match(/Holdings file/g)).toHaveLength(8);
  });
});

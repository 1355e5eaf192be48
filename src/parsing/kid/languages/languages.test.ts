import { de } from './de';
import { KID_LANGUAGE_CODES, KID_LANGUAGES } from './index';
import { anyOf, lineStart, phraseSource, wordsOf } from './phrases';
import type { KidLanguage } from './types';

/** Every phrase of a table, with where it sits. */
function phrasesOf(table: KidLanguage): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') out.push([where, value]);
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`);
  };
  walk({ ...table, code: undefined, numberWords: undefined }, table.code);
  return out;
}

describe('the language tables', () => {
  it('cover the 26 official languages of the EU and EEA, each once', () => {
    const eea = 'bg cs da de el en es et fi fr ga hr hu is it lt lv mt nl no pl pt ro sk sl sv'.split(' ');
    expect([...KID_LANGUAGE_CODES].sort()).toEqual(eea);
  });

  describe.each(KID_LANGUAGES.map((t) => [t.code, t] as const))('%s', (_, table) => {
    it('fills every list the parser reads', () => {
      const lists = [
        table.words,
        table.kidMarkers,
        table.kiidMarkers,
        table.units.years,
        table.units.months,
        table.identity.productLabels,
        table.identity.classLabels,
        table.identity.fundTerms,
        table.identity.classTerms,
        table.identity.managerLabels,
        table.identity.managedBy,
        table.statements.purposeHeadings,
        table.statements.closingHeadings,
        table.statements.objectiveLabels,
        table.statements.benchmarkLabels,
        table.statements.benchmarkLeads,
        table.statements.articleWords,
        table.statements.sustainabilityWords,
        table.statements.datePhrases,
        table.statements.titles,
        table.risk.sriSentences,
        table.risk.srriSentences,
        table.risk.holdingPeriodLabels,
        table.costs.entry,
        table.costs.exit,
        table.costs.ongoing,
        table.costs.transaction,
        table.costs.performanceFee,
        table.costs.none,
        table.costs.impact,
        table.costs.perYear,
        table.costs.exampleInvestment,
      ];
      for (const list of lists) expect(list.length).toBeGreaterThan(0);
      expect(Object.values(table.numberWords)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6, 7]));
    });

    it('puts the class and the holding period in its sentences', () => {
      for (const s of [...table.risk.sriSentences, ...table.risk.srriSentences]) expect(s).toContain('{n}');
      for (const s of table.risk.holdingSentences) expect(s).toMatch(/\{n\}.*\{unit\}/);
    });

    it('writes phrases in lower case, in the syntax the compiler reads', () => {
      const slots = { n: '(\\d)', unit: '(x)', date: '(d)', gap: '.' };
      for (const [where, phrase] of phrasesOf(table)) {
        expect([where, phrase]).toEqual([where, phrase.toLowerCase()]);
        expect(() => new RegExp(phraseSource(phrase, { slots }), 'iu')).not.toThrow();
      }
    });
  });
});

describe('phraseSource', () => {
  const re = (phrase: string, flags = 'i') => new RegExp(`^${phraseSource(phrase, { slots: { n: '(\\d)' } })}$`, flags);

  it('reads alternatives, optional parts and placeholders', () => {
    expect(re('[one-off ]entry (costs|fees)').test('Entry costs')).toBe(true);
    expect(re('[one-off ]entry (costs|fees)').test('One-off entry fees')).toBe(true);
    expect(re('[one-off ]entry (costs|fees)').test('entry charges')).toBe(false);
    expect(re('risikoklasse {n}').exec('Risikoklasse 4')?.[1]).toBe('4');
  });

  it('matches any run of blanks, accents loosely, and literal syntax characters when escaped', () => {
    expect(re('période de détention').test('periode  de\tdetention')).toBe(true);
    expect(re('recommended holding period[ \\(rhp\\)]').test('Recommended holding period (RHP)')).toBe(true);
    expect(re('n.a.').test('nxa.')).toBe(false);
  });

  it('keeps the case of the text when asked to (case-loose letters, the rest of the regex case-sensitive)', () => {
    const leads = new RegExp(`^${anyOf(['tracks'], { caseLoose: true })} [A-Z]`);
    expect(leads.test('Tracks M')).toBe(true);
    expect(leads.test('TRACKS M')).toBe(true);
    expect(leads.test('tracks m')).toBe(false);
  });

  it('refuses an unknown placeholder', () => {
    expect(() => phraseSource('class {x}')).toThrow(/unknown placeholder/);
  });

  it('matches whole words only', () => {
    expect(new RegExp(wordsOf(['fee']), 'i').test('feed')).toBe(false);
    expect(lineStart(de.costs.entry).test('Einstiegskosten 0,00 %')).toBe(true);
    expect(lineStart(de.costs.entry).test('Die Einstiegskosten')).toBe(false);
  });
});

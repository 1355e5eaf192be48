/**
 * Every language table against sample key documents: the sample library's KIDs and KIIDs in seven languages, and a
 * KID and a KIID in each of the EEA's other official languages, each with its own wording, numbers, dates and
 * layouts (samples/keyDocuments.ts, samples/wording/), read by the real PDF reader and parser. Each fund's figures
 * are known, so every field is checked.
 */
import { kidPdf, kiidPdf } from '../samples/documents';
import { costImpact, KID_DATE, localKidPdf, localKiidPdf } from '../samples/keyDocuments';
import { type SampleLanguage, WORDING } from '../samples/keyDocumentWording';
import { type SampleFund, sampleFunds } from '../samples/library';
import { percentFromFraction } from '../src/domain/format';
import { type KidFields, parseKid } from '../src/parsing/kid';
import { KID_LANGUAGE_CODES } from '../src/parsing/kid/languages';
import { closePdfReaders, extractPdfText } from '../src/parsing/pdf/text';

afterAll(() => closePdfReaders());

const withKeyDocument = sampleFunds().filter((f) => f.keyDocument !== null);
const pct = (fraction: number) => percentFromFraction(Math.round(fraction * 1e6) / 1e6);

async function read(fund: SampleFund) {
  const bytes = fund.keyDocument === 'kid' ? await kidPdf(fund) : await kiidPdf(fund);
  return parseKid(await extractPdfText(bytes, { origin: fund.isin }));
}

/** Every field the fund's key document states, read right. */
function expectRead(kid: KidFields, fund: SampleFund, language: string): void {
  const c = fund.costs;
  expect(kid.language).toBe(language);
  expect(kid.docType).toBe(fund.keyDocument);
  expect(kid.isin).toBe(fund.isin);
  expect(kid.name).toBe(fund.name);
  expect(kid.manager).toBe(fund.manager);
  expect(kid.benchmark).toBe(fund.benchmark);
  expect(kid.docDate).toBe(KID_DATE);
  expect(kid.objective).toContain(fund.objective.slice(0, 40));
  expect(kid.costs.entry).toBe(pct(c.entry));
  expect(kid.costs.exit).toBe(pct(c.exit));
  expect(kid.costs.ongoing).toBe(pct(c.ongoing));
  expect(kid.costs.performanceFee).toBe(pct(c.performanceFee));
  if (fund.keyDocument === 'kid') {
    expect(kid.sri).toBe(fund.sri);
    expect(kid.srri).toBeNull();
    expect(kid.recommendedHoldingPeriodYears).toBe(fund.rhpYears);
    expect(kid.costs.transaction).toBe(pct(c.transaction));
    expect(kid.costs.riy1y).toBe(pct(costImpact(fund, 1)));
    expect(kid.costs.riyRhp).toBe(pct(costImpact(fund, fund.rhpYears)));
    expect(kid.currency).toBe(fund.currency);
    expect(kid.sfdrArticle).toBe(fund.sfdrArticle);
  } else {
    expect(kid.srri).toBe(fund.sri);
    expect(kid.sri).toBeNull();
    expect(kid.costs.transaction).toBeNull(); // a KIID states none: nothing is invented
  }
}

describe('sample key documents in every language', () => {
  it('cover the seven languages, KIDs and KIIDs', () => {
    const kinds = new Set(withKeyDocument.map((f) => `${f.language}:${f.keyDocument}`));
    for (const language of ['en', 'fr', 'de', 'it', 'es', 'nl', 'pt']) expect(kinds).toContain(`${language}:kid`);
    expect(
      new Set(withKeyDocument.filter((f) => f.keyDocument === 'kiid').map((f) => f.language)).size,
    ).toBeGreaterThanOrEqual(6);
  });

  it.each(withKeyDocument.map((f) => [`${f.language} ${f.keyDocument} ${f.isin}`, f] as const))(
    '%s reads right',
    async (_, fund) => expectRead(await read(fund), fund, fund.language),
  );
});

describe('a KID and a KIID in every official language of the EEA', () => {
  const languages = Object.keys(WORDING) as SampleLanguage[];
  // Between them the funds state every field: a benchmark, an SFDR article, a performance fee.
  const funds = {
    kid: withKeyDocument.find((f) => f.keyDocument === 'kid' && f.benchmark && f.sfdrArticle),
    'kid with a performance fee': withKeyDocument.find(
      (f) => f.keyDocument === 'kid' && f.costs.performanceFee > 0 && f.sfdrArticle,
    ),
    kiid: withKeyDocument.find((f) => f.keyDocument === 'kiid' && f.benchmark),
  };

  it('has a table and sample wording for each language', () => {
    expect(new Set(['en', ...languages])).toEqual(new Set(KID_LANGUAGE_CODES));
  });

  it.each(
    languages.flatMap((language) => Object.entries(funds).map(([kind, fund]) => [language, kind, fund!] as const)),
  )('%s %s reads right', async (language, _, sample) => {
    const fund = { ...sample, language: language as SampleFund['language'] };
    const bytes = fund.keyDocument === 'kid' ? await localKidPdf(fund, language) : await localKiidPdf(fund, language);
    expectRead(parseKid(await extractPdfText(bytes, { origin: fund.isin })), fund, language);
  });
});

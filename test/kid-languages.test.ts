/**
 * Every language table against the sample library's key documents: KIDs and KIIDs generated in seven
 * languages with their own wording, decimal commas, dates and layouts (samples/keyDocuments.ts), read by
 * the real PDF reader and parser. Each fund's figures are known, so every field is checked.
 */
import { kidPdf, kiidPdf } from '../samples/documents';
import { costImpact, KID_DATE } from '../samples/keyDocuments';
import { type SampleFund, sampleFunds } from '../samples/library';
import { percentFromFraction } from '../src/domain/format';
import { parseKid } from '../src/parsing/kid';
import { closePdfReaders, extractPdfText } from '../src/parsing/pdf/text';

afterAll(() => closePdfReaders());

const withKeyDocument = sampleFunds().filter((f) => f.keyDocument !== null);
const pct = (fraction: number) => percentFromFraction(Math.round(fraction * 1e6) / 1e6);

async function read(fund: SampleFund) {
  const bytes = fund.keyDocument === 'kid' ? await kidPdf(fund) : await kiidPdf(fund);
  return parseKid(await extractPdfText(bytes, { origin: fund.isin }));
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
    async (_, fund) => {
      const kid = await read(fund);
      const c = fund.costs;
      expect(kid.language).toBe(fund.language);
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
    },
  );
});

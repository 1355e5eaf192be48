import type { DocumentKind } from '../domain/documents';
import { type LoadedDocument, parseDocument } from '../parsing/pool/document';
import { ScpiData } from '../schema/scpi';
import { extractScpi } from './extractScpi';

/**
 * Documents as text (parseDocument reads a non-PDF as its text, pages split by form feeds): the parse runs in this
 * thread.
 */
function doc(kind: DocumentKind, name: string, text: string): LoadedDocument {
  const content = Buffer.from(text, 'utf8');
  return {
    ref: {
      sha256: `sha-${name}`,
      kind,
      mediaType: 'text/plain',
      origin: `library:scpi/sample/${name}`,
      retrievedAt: '2025-10-01T00:00:00Z',
      size: content.length,
    },
    content,
  };
}

const parse = parseDocument;

const DIC = doc(
  'scpi-dic',
  'dic.pdf',
  [
    'Document d\u2019informations clés',
    'Produit : SCPI Sample Rendement',
    'Initiateur du PRIIP : Sample REIM',
    'Date de production : 15/01/2025',
    'SCPI à capital variable',
    'Nous avons classé ce produit dans la classe de risque 3 sur 7.',
    'Prix de souscription : 200 €',
    'Commission de souscription : 10 % HT soit 12 % TTC',
  ].join('\n'),
);

const BULLETIN = doc(
  'scpi-bulletin',
  'bulletin-t3-2025.pdf',
  [
    'SCPI Sample Rendement',
    'Bulletin trimestriel – 3e trimestre 2025',
    'Prix de souscription : 204 €',
    'Valeur de reconstitution : 212,39 €',
    'Taux d\u2019occupation financier : 95,75 %',
    'Collecte nette T3 2025 : 12,5 M€',
  ].join('\n'),
);

const REPORT = doc(
  'scpi-annual',
  'rapport-2024.pdf',
  [
    'SCPI Sample Rendement',
    'Rapport annuel 2024',
    'Prix de souscription au 1er janvier 2024 : 200 €',
    'Dividende 2024 : 12,10 € par part',
    'Taux d\u2019occupation financier : 93 %',
    'Revenus fonciers : 11,90 € par part',
  ].join('\n'),
);

describe('extractScpi', () => {
  it('lets the newest document win per field, with provenance', async () => {
    const { data, found, name } = await extractScpi([DIC, REPORT, BULLETIN], { parse });
    expect(found).toBe(true);
    expect(name).toBe('SCPI Sample Rendement');
    expect(data.keyFacts.sharePriceEur).toBe(204); // the T3 2025 bulletin over the January DIC
    expect(data.sources['keyFacts.sharePriceEur']).toEqual({
      document: 'sha-bulletin-t3-2025.pdf',
      kind: 'scpi-bulletin',
      origin: 'library:scpi/sample/bulletin-t3-2025.pdf',
      page: 1,
      asOf: '2025-09-30',
    });
    expect(data.portfolio.financialOccupancyRatePct).toBe(95.75); // bulletin (2025-09-30) over report (2024-12-31)
    expect(data.keyFacts.riskIndicator).toBe(3);
    expect(data.sources['keyFacts.riskIndicator']).toMatchObject({
      kind: 'scpi-dic',
      asOf: '2025-01-15',
      method: 'text',
    });
    expect(data.keyFacts.capitalType).toBe('variable');
    expect(data.dataAsOf).toBe('2025-09-30');
    expect(ScpiData.parse(data)).toEqual(data);
  });

  it('mirrors the fees into the key facts and dates the liquidity figures by the bulletin\u2019s period', async () => {
    const { data } = await extractScpi([DIC, BULLETIN], { parse });
    expect(data.fees.subscriptionPct).toBe(12);
    expect(data.keyFacts.subscriptionFeesPct).toBe(12);
    expect(data.sources['keyFacts.subscriptionFeesPct'].kind).toBe('scpi-dic');
    expect(data.liquidity.netInflowsEur).toBe(12_500_000);
    expect(data.liquidity.period).toBe('T3 2025');
  });

  it('computes the distribution rate (ASPIM) from the year\u2019s distribution and the 1 January price', async () => {
    const { data } = await extractScpi([REPORT], { parse });
    expect(data.performance.distributionPerShareByYear).toEqual([{ year: '2024', value: 12.1 }]);
    expect(data.performance.distributionRateByYear).toEqual([{ year: '2024', value: 6.05 }]);
    expect(data.sources['performance.distributionRateByYear.2024']).toMatchObject({
      kind: 'computed',
      page: null,
      asOf: '2024-12-31',
    });
    expect(data.sources['performance.distributionRateByYear.2024'].origin).toMatch(
      /distributionPerShareByYear\.2024.*1 January 2024/,
    );
    expect(data.distribution).toEqual({
      year: '2024',
      rentalIncomeEur: 11.9,
      financialIncomeEur: null,
      foreignIncomeSharePct: null,
    });
  });

  it('keeps a stated rate over the computed one', async () => {
    const stated = doc(
      'scpi-annual',
      'rapport-stated.pdf',
      `${REPORT.content.toString()}\nTaux de distribution 2024 : 6,00 %`,
    );
    const { data } = await extractScpi([stated], { parse });
    expect(data.performance.distributionRateByYear).toEqual([{ year: '2024', value: 6 }]);
    expect(data.sources['performance.distributionRateByYear.2024'].kind).toBe('scpi-annual');
  });

  it('computes the premium to reconstitution value, unless stated', async () => {
    const { data } = await extractScpi([BULLETIN], { parse });
    expect(data.performance.premiumToReconstitutionPct).toBe(-3.95);
    expect(data.sources['performance.premiumToReconstitutionPct']).toMatchObject({
      kind: 'computed',
      asOf: '2025-09-30',
    });
    const stated = doc('scpi-bulletin', 'b2.pdf', `${BULLETIN.content.toString()}\nDécote : 4 %`);
    const again = await extractScpi([stated], { parse });
    expect(again.data.performance.premiumToReconstitutionPct).toBe(-4);
    expect(again.data.sources['performance.premiumToReconstitutionPct'].kind).toBe('scpi-bulletin');
  });

  it('never computes without both inputs', async () => {
    const { data } = await extractScpi([DIC], { parse });
    expect(data.performance.premiumToReconstitutionPct).toBeNull();
    expect(data.performance.distributionRateByYear).toEqual([]);
  });

  it('breaks a tie of dates by the kind\u2019s authority (bulletin over DIC)', async () => {
    const sameDayDic = doc('scpi-dic', 'dic2.pdf', 'Date de mise à jour : 30/09/2025\nPrix de souscription : 199 €');
    const { data } = await extractScpi([sameDayDic, BULLETIN], { parse });
    expect(data.keyFacts.sharePriceEur).toBe(204);
  });

  it('finds nothing in no documents, and ignores other kinds', async () => {
    const nav = doc('nav', 'nav.csv', 'Date,NAV\n2025-01-02,100\n');
    const result = await extractScpi([nav], { parse });
    expect(result).toMatchObject({ found: false, name: null, isin: null });
    expect(result.data.dataAsOf).toBe('');
  });
});

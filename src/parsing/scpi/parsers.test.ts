import fs from 'node:fs';
import path from 'node:path';

import type { PdfText } from '../pdf/text';
import { parseScpiAnnualReport, parseScpiBulletin, parseScpiDic, parseScpiNote, type ScpiReading } from '.';

const pdf = (...pages: string[]): PdfText => ({ pages, chars: pages.join('').length });
const value = (r: ScpiReading, field: keyof ScpiReading['scalars']) => r.scalars[field]?.value ?? null;
const page = (r: ScpiReading, field: keyof ScpiReading['scalars']) => r.scalars[field]?.page ?? null;

const BULLETIN = [
  'SCPI EXEMPLE PIERRE – Bulletin trimestriel d\u2019information n° 27',
  '3ème trimestre 2025 – Période de validité : 1er octobre au 31 décembre 2025',
  'SCPI à capital variable – SCPI de rendement à dominante bureaux',
  'Société de gestion : Exemple Gestion SAS, agréée par l\u2019AMF',
  'Chiffres clés au 30/09/2025',
  'Capitalisation\t1 237 M€',
  'Prix de souscription\t204,00 €',
  'Valeur de retrait\t185,64 €',
  'Nombre d\u2019associés\t24\u202f844',
  '\f',
].join('\n');

const BULLETIN_PAGE_2 = [
  'Patrimoine',
  'Taux d\u2019occupation financier (TOF)\tTaux d\u2019occupation physique (TOP)',
  '98,1 %\t97,6 %',
  '164 actifs immobiliers – 378 locataires',
  '981 138 m² de surface totale',
  'WALB : 7,6 ans – WALT : 9,1 ans',
  'Ratio d\u2019endettement (LTV) : 30,1 %',
  'Répartition sectorielle',
  'Bureaux\t51,08 %',
  'Commerces\t29,62 %',
  'Logistique et locaux d\u2019activités\t17,47 %',
  'Santé et éducation\t1,77 %',
  'Alternatifs 0,06 %',
  'Répartition géographique : 86 % en régions et 14 % en Île-de-France',
  'Distribution',
  'Distribution T3 2025 : 3,73 € brut / 3,03 € net de fiscalité étrangère par part',
  'Taux de distribution 2024 : 6,20 % brut (5,25 % net après fiscalité étrangère)',
  'Taux de distribution 2025 : 5,50 % (objectif)',
  'Performance Globale Annuelle 2024 : 6,20 %',
  'TRI 5 ans\tTRI 10 ans',
  '4,81 %\t5,10 %',
  'Le prix de souscription a été porté de 202 € à 204 € le 1er août 2025.',
  'Marché des parts',
  'Collecte nette T3 2025 : 130 M€',
  '14 914 parts retirées au T3 2025 (0 en attente de retrait)',
  'Valeur de reconstitution au 30/06/2025',
  '213,65 €',
  'Valeur de réalisation : 187,34 € par part',
].join('\n');

describe('parseScpiBulletin', () => {
  const r = parseScpiBulletin(pdf(BULLETIN, BULLETIN_PAGE_2));

  it('dates the figures by the quarter the bulletin names', () => {
    expect(r.docKind).toBe('bulletin');
    expect(r.period).toBe('T3 2025');
    expect(r.asOf).toBe('2025-09-30');
  });

  it('reads identity and key facts, values in the next cell', () => {
    expect(value(r, 'keyFacts.name')).toBe('SCPI EXEMPLE PIERRE'); // as printed, "SCPI" included
    expect(value(r, 'keyFacts.managementCompany')).toBe('Exemple Gestion SAS'); // the legal form is part of the name as stated
    expect(value(r, 'keyFacts.capitalType')).toBe('variable');
    expect(value(r, 'keyFacts.category')).toBe('bureaux');
    expect(value(r, 'keyFacts.capitalisationEur')).toBe(1_237_000_000);
    expect(value(r, 'keyFacts.sharePriceEur')).toBe(204);
    expect(value(r, 'keyFacts.withdrawalPriceEur')).toBe(185.64);
    expect(value(r, 'liquidity.numberOfShareholders')).toBe(24844);
    expect(page(r, 'keyFacts.sharePriceEur')).toBe(1);
  });

  it('reads a row of labels over a row of values', () => {
    expect(value(r, 'portfolio.financialOccupancyRatePct')).toBe(98.1);
    expect(value(r, 'portfolio.physicalOccupancyRatePct')).toBe(97.6);
    expect(value(r, 'performance.tri.y5')).toBe(4.81);
    expect(value(r, 'performance.tri.y10')).toBe(5.1);
    expect(page(r, 'portfolio.financialOccupancyRatePct')).toBe(2);
  });

  it('reads counts printed before their noun', () => {
    expect(value(r, 'portfolio.numberOfProperties')).toBe(164);
    expect(value(r, 'portfolio.numberOfTenants')).toBe(378);
    expect(value(r, 'portfolio.surfaceSqm')).toBe(981138);
    expect(value(r, 'liquidity.sharesAwaitingWithdrawal')).toBe(0);
  });

  it('reads lease terms, debt, flows and values per share (value on the next line)', () => {
    expect(value(r, 'portfolio.walbYears')).toBe(7.6);
    expect(value(r, 'portfolio.waltYears')).toBe(9.1);
    expect(value(r, 'debt.debtRatioPct')).toBe(30.1);
    expect(value(r, 'debt.ltvPct')).toBe(30.1);
    expect(value(r, 'liquidity.netInflowsEur')).toBe(130_000_000);
    expect(value(r, 'performance.reconstitutionValueEur')).toBe(213.65);
    expect(value(r, 'performance.realisationValueEur')).toBe(187.34);
    expect(value(r, 'performance.pgaPct')).toBe(6.2);
  });

  it('reads the gross distribution of the quarter and the rate of a past year, never a target', () => {
    expect(value(r, 'performance.lastQuarterDistributionPerShareEur')).toBe(3.73);
    expect(r.yearly.distributionRate).toEqual({ '2024': { value: 6.2, page: 2 } });
  });

  it('reads the share price change with the day it took effect', () => {
    expect(r.lists['performance.sharePriceHistory']?.value).toEqual([{ date: '2025-08-01', priceEur: 204 }]);
  });

  it('reads the splits, label first and percent first', () => {
    expect(r.lists['portfolio.sectorSplit']?.value).toEqual([
      { label: 'Bureaux', weight: 51.08 },
      { label: 'Commerces', weight: 29.62 },
      { label: 'Logistique et locaux d\u2019activités'.replace('\u2019', "'"), weight: 17.47 },
      { label: 'Santé et éducation', weight: 1.77 },
      { label: 'Alternatifs', weight: 0.06 },
    ]);
    expect(r.lists['portfolio.geographicSplit']?.value).toEqual([
      { label: 'Régions', weight: 86 },
      { label: 'Île-de-France', weight: 14 },
    ]);
  });

  it('reads a semestrial bulletin and a legend printed label over percent', () => {
    const s = parseScpiBulletin(
      pdf(
        [
          'SCPI Sample Habitat',
          'Bulletin semestriel – 1er semestre 2025',
          'Répartition géographique',
          'Allemagne',
          '60 %',
          'Pays-Bas',
          '40 %',
          'Distribution du semestre : 6,10 €',
        ].join('\n'),
      ),
    );
    expect(s.period).toBe('S1 2025');
    expect(s.asOf).toBe('2025-06-30');
    expect(s.lists['portfolio.geographicSplit']?.value).toEqual([
      { label: 'Allemagne', weight: 60 },
      { label: 'Pays-Bas', weight: 40 },
    ]);
    expect(value(s, 'performance.lastQuarterDistributionPerShareEur')).toBeNull();
  });

  it('takes a quarter distribution without a period as the bulletin\u2019s, and "aucune part en attente" as 0', () => {
    const s = parseScpiBulletin(
      pdf(
        'SCPI Sample Santé\nBulletin trimestriel – T2 2025\nDistribution brute par part : 2,46 €\nAucune part en attente de retrait au 30/06/2025.',
      ),
    );
    expect(value(s, 'performance.lastQuarterDistributionPerShareEur')).toBe(2.46);
    expect(value(s, 'liquidity.sharesAwaitingWithdrawal')).toBe(0);
  });

  it('leaves out what is not stated, and counts of purchases', () => {
    const s = parseScpiBulletin(
      pdf(
        'SCPI Sample Europe\nT3 2025\nAcquisition d\u2019un retail park à Dublin (12,8 M€, 4 locataires)\nValeur de reconstitution : NC',
      ),
    );
    expect(value(s, 'portfolio.numberOfTenants')).toBeNull();
    expect(value(s, 'performance.reconstitutionValueEur')).toBeNull();
    expect(value(s, 'keyFacts.sharePriceEur')).toBeNull();
  });

  it('reads "décote" as a negative premium', () => {
    const s = parseScpiBulletin(pdf('T3 2025\nDécote : 3,95 %'));
    expect(value(s, 'performance.premiumToReconstitutionPct')).toBe(-3.95);
    const t = parseScpiBulletin(pdf('T3 2025\nSurcote/décote : -2,63 %'));
    expect(value(t, 'performance.premiumToReconstitutionPct')).toBe(-2.63);
  });
});

const DIC = [
  'Document d\u2019informations clés',
  'Objectif : le présent document contient des informations essentielles sur ce produit d\u2019investissement.',
  'Produit : SCPI Sample Rendement',
  'Initiateur du PRIIP : Sample REIM (société de gestion agréée par l\u2019AMF)',
  'Code ISIN : FR0010158048',
  'Date de production du document : 15 janvier 2025',
  'Type : Société civile de placement immobilier à capital fixe.',
  'Nous avons classé ce produit dans la classe de risque 3 sur 7, qui est une classe de risque entre basse et moyenne.',
  'Ce produit promeut des caractéristiques environnementales ou sociales au sens de l\u2019article 8 du règlement (UE) 2019/2088 dit SFDR.',
  'La SCPI a obtenu le label ISR.',
].join('\n');

describe('parseScpiDic', () => {
  const r = parseScpiDic(
    pdf(
      DIC,
      'Commission de souscription : 10 % HT soit 12 % TTC du prix de souscription\nCommission de gestion : 10 % HT (12 % TTC) des loyers encaissés',
    ),
  );

  it('reads identity, risk, SFDR and label', () => {
    expect(r.asOf).toBe('2025-01-15');
    expect(value(r, 'keyFacts.name')).toBe('SCPI Sample Rendement');
    expect(value(r, 'keyFacts.managementCompany')).toBe('Sample REIM');
    expect(value(r, 'keyFacts.isin')).toBe('FR0010158048');
    expect(value(r, 'keyFacts.capitalType')).toBe('fixe');
    expect(value(r, 'keyFacts.riskIndicator')).toBe(3);
    expect(r.riskFromGraphic).toBe(false);
    expect(value(r, 'keyFacts.sfdrArticle')).toBe(8);
    expect(value(r, 'keyFacts.labelIsr')).toBe(true);
  });

  it('prefers TTC for subscription and HT for management fees', () => {
    expect(value(r, 'fees.subscriptionPct')).toBe(12);
    expect(value(r, 'fees.managementPct')).toBe(10);
    expect(page(r, 'fees.subscriptionPct')).toBe(2);
  });

  it('takes the drawn risk class when the text states none', () => {
    const g = parseScpiDic({
      ...pdf('Document d\u2019informations clés\nIndicateur de risque'),
      riskScale: { value: 4, page: 1 },
    });
    expect(value(g, 'keyFacts.riskIndicator')).toBe(4);
    expect(g.riskFromGraphic).toBe(true);
  });

  it('reads "non" after the label ISR as false', () => {
    expect(value(parseScpiDic(pdf('Label ISR : non')), 'keyFacts.labelIsr')).toBe(false);
  });
});

describe('parseScpiAnnualReport', () => {
  const report = [
    'SCPI Sample Commerce',
    'Rapport annuel 2024',
    'Exercice clos le 31 décembre 2024',
    'Date de création : 12/02/1989',
    'Évolution du prix de la part',
    'Année\tPrix de souscription au 1er janvier\tDividende versé au titre de l\u2019année\tTaux de distribution',
    '2022\t200,00 €\t9,80 €\t4,90 %',
    '2023\t200,00 €\t10,00 €\t5,00 %',
    '2024\t202,00 €\t10,50 €',
    'Revenus fonciers : 9,90 € par part',
    'Revenus financiers : 0,12 €',
    'Quote-part des revenus de source étrangère : 35,5 %',
    'Valeur de reconstitution de la SCPI : 1 315 000 000 €, soit 213,65 € par part',
    'Taux de distribution : 5,20 %',
  ].join('\n');
  const r = parseScpiAnnualReport(pdf(report));

  it('dates by the exercise and reads the yearly table', () => {
    expect(r.asOf).toBe('2024-12-31');
    expect(r.period).toBe('2024');
    expect(value(r, 'keyFacts.creationYear')).toBe(1989);
    expect(r.yearly.priceOnFirstJanuary['2023']?.value).toBe(200);
    expect(r.yearly.distributionPerShare['2022']?.value).toBe(9.8);
    expect(r.yearly.distributionRate['2023']?.value).toBe(5);
    // A row with one figure short of the header is not guessed at.
    expect(r.yearly.priceOnFirstJanuary['2024']).toBeUndefined();
    // A rate without a year is the exercise's.
    expect(r.yearly.distributionRate['2024']?.value).toBe(5.2);
  });

  it('reads the distribution detail of the exercise and values per share, not totals', () => {
    expect(value(r, 'distribution.rentalIncomeEur')).toBe(9.9);
    expect(value(r, 'distribution.financialIncomeEur')).toBe(0.12);
    expect(value(r, 'distribution.foreignIncomeSharePct')).toBe(35.5);
    expect(r.distributionYear).toBe('2024');
    expect(value(r, 'performance.reconstitutionValueEur')).toBe(213.65);
  });
});

describe('parseScpiNote', () => {
  const note = [
    'NOTE D\u2019INFORMATION',
    'SCPI Sample Logistique',
    'Visa SCPI n° 19-08 du 6 août 2019',
    'Note d\u2019information mise à jour le 1er janvier 2025',
    'Minimum de souscription : 10 parts, soit 2 040 €',
    'Délai de jouissance : le 1er jour du 6e mois suivant la souscription.',
    'Commission de cession de parts : 5 % HT',
    'Commission d\u2019acquisition ou de cession d\u2019actifs immobiliers : 2,5 % HT du prix',
    'Prix de souscription d\u2019une part : 204 €',
  ].join('\n');
  const r = parseScpiNote(pdf(note));

  it('reads the subscription terms and fees, dated by its update', () => {
    expect(r.asOf).toBe('2025-01-01');
    expect(value(r, 'keyFacts.minimumSubscriptionShares')).toBe(10);
    expect(value(r, 'keyFacts.minimumSubscriptionEur')).toBe(2040);
    expect(value(r, 'keyFacts.delayOfJouissance')).toBe('le 1er jour du 6e mois suivant la souscription');
    expect(value(r, 'fees.transferPct')).toBe(5);
    expect(value(r, 'fees.arbitragePct')).toBe(2.5);
    expect(value(r, 'keyFacts.sharePriceEur')).toBe(204);
  });

  it('falls back on the visa date', () => {
    expect(parseScpiNote(pdf('Visa SCPI n° 19-08 du 6 août 2019')).asOf).toBe('2019-08-06');
  });
});

/** Wording the sample library (samples/scpiDocuments.ts, modelled on real bulletins) prints that is easy to misread. */
describe('wording read right (issue 12)', () => {
  it('reads a row of labels over a row of values by the layout text when pdf.js gives no tab between cells', () => {
    const tiles = [
      "L'essentiel au 30/09/2025",
      'Capitalisation Prix de souscription Taux de distribution 2024 TOF T3 2025',
      '718,93 M€ 250,00 € 4,89 % 89,03 %',
      "Nombre d'associés Distribution T3 2025 Valeur de retrait Taux d'endettement",
      '21 559 3,01 € 225,00 € 18,13 %',
    ];
    const layout = [
      "L'essentiel au 30/09/2025",
      'Capitalisation                   Prix de souscription             Taux de distribution 2024          TOF T3 2025',
      '718,93 M€                        250,00 €                         4,89 %                             89,03 %',
      '',
      "Nombre d'associés                Distribution T3 2025             Valeur de retrait                  Taux d'endettement",
      '21 559                           3,01 €                           225,00 €                           18,13 %',
    ];
    const r = parseScpiBulletin({
      ...pdf(`Bulletin trimestriel - 3e trimestre 2025\n${tiles.join('\n')}`),
      layout: [`Bulletin trimestriel - 3e trimestre 2025\n${layout.join('\n')}`],
    });
    expect(value(r, 'portfolio.financialOccupancyRatePct')).toBe(89.03); // not the distribution rate printed before it
    expect(value(r, 'keyFacts.withdrawalPriceEur')).toBe(225); // not the quarter's distribution
    expect(value(r, 'keyFacts.capitalisationEur')).toBe(718_930_000);
    expect(value(r, 'keyFacts.sharePriceEur')).toBe(250);
    expect(value(r, 'liquidity.numberOfShareholders')).toBe(21_559);
    expect(value(r, 'debt.debtRatioPct')).toBe(18.13);
    expect(r.yearly.distributionRate['2024']?.value).toBe(4.89);
    expect(value(r, 'performance.lastQuarterDistributionPerShareEur')).toBe(3.01);
  });

  it('reads a value kept as stated from the next cell ("Délai de jouissance\\t1er jour du 6e mois")', () => {
    const r = parseScpiNote(pdf('Délai de jouissance\t1er jour du 6e mois'));
    expect(value(r, 'keyFacts.delayOfJouissance')).toBe('1er jour du 6e mois');
  });

  it('keeps the name and the management company as printed: "SCPI" and the legal form included', () => {
    const r = parseScpiBulletin(
      pdf(
        'SCPI Sample Bureaux Horizon\nSCPI de bureaux à capital variable\nSociété de gestion : Sample Pierre Gestion SAS',
      ),
    );
    expect(value(r, 'keyFacts.name')).toBe('SCPI Sample Bureaux Horizon');
    expect(value(r, 'keyFacts.managementCompany')).toBe('Sample Pierre Gestion SAS');
    const d = parseScpiDic(pdf('Initiateur du PRIIP : Démo Immobilier Gestion SA - Autorité compétente : AMF'));
    expect(value(d, 'keyFacts.managementCompany')).toBe('Démo Immobilier Gestion SA');
    const n = parseScpiNote(pdf('Société de gestion : Exemple REIM SAS au capital de 1 000 000 €'));
    expect(value(n, 'keyFacts.managementCompany')).toBe('Exemple REIM SAS');
  });

  it.each([
    ['SCPI santé et éducation à capital variable', 'santé'],
    ["SCPI logistique et locaux d'activités à capital variable", 'logistique'],
    ['SCPI diversifiée à capital fixe', 'diversifiée'],
    ['SCPI résidentielle à capital fixe', 'résidentiel'],
    ['SCPI européenne diversifiée à capital variable', 'européenne'],
    ['SCPI thématique (infrastructures et transition énergétique) à capital fixe', 'autre'],
    ['SCPI hôtels, tourisme et loisirs à capital variable', 'autre'],
    ['SCPI de bureaux à capital variable', 'bureaux'],
  ])('reads the category of "%s" (the typology without a preposition)', (line, category) => {
    expect(value(parseScpiBulletin(pdf(`SCPI Sample\n${line}`)), 'keyFacts.category')).toBe(category);
  });

  it('reads the minimum of the first subscription in shares and in euros', () => {
    const r = parseScpiBulletin(pdf('Minimum de première souscription 10 parts, soit 2 500 €'));
    expect(value(r, 'keyFacts.minimumSubscriptionShares')).toBe(10);
    expect(value(r, 'keyFacts.minimumSubscriptionEur')).toBe(2500);
    expect(
      value(parseScpiNote(pdf('Minimum de la première souscription : 5 parts')), 'keyFacts.minimumSubscriptionShares'),
    ).toBe(5);
  });

  it('takes no yearly rate from a target range or a quarter', () => {
    const r = parseScpiBulletin(
      pdf(
        [
          'Bulletin trimestriel - T3 2025',
          "Le taux d'occupation financier (TOF) s'établit à 89,03 % au 30/09/2025 et le taux d'occupation",
          "physique (TOP) à 88,03 %. L'objectif de taux de distribution 2025 est compris entre 4,60 % et 5,10 %",
          'Taux de distribution T3 2025 : 1,22 %',
          'Taux de distribution 2024 4,89 %',
        ].join('\n'),
      ),
    );
    expect(Object.keys(r.yearly.distributionRate)).toEqual(['2024']);
    expect(r.yearly.distributionRate['2024']?.value).toBe(4.89);
    expect(value(r, 'portfolio.financialOccupancyRatePct')).toBe(89.03);
  });

  it('reads the price in force since a date: with the price the document states, in a sentence, in a history table', () => {
    const b = parseScpiBulletin(
      pdf('T3 2025\nPrix de souscription 250,00 €\nPrix de souscription en vigueur depuis le 1er mars 2022.'),
    );
    expect(b.lists['performance.sharePriceHistory']?.value).toEqual([{ date: '2022-03-01', priceEur: 250 }]);
    const n = parseScpiNote(
      pdf('Prix de souscription 442,00 €\nLe prix de souscription est applicable à compter du\n1er juillet 2024.'),
    );
    expect(n.lists['performance.sharePriceHistory']?.value).toEqual([{ date: '2024-07-01', priceEur: 442 }]);
    const s = parseScpiNote(pdf('Prix de la part : 204 € depuis le 1er août 2025'));
    expect(s.lists['performance.sharePriceHistory']?.value).toEqual([{ date: '2025-08-01', priceEur: 204 }]);
    const a = parseScpiAnnualReport(
      pdf(
        [
          'Rapport annuel 2024',
          'Historique du prix de souscription',
          "Date d'effet\tPrix de souscription",
          '1er janvier 2010\t440,00 €',
          '1er juin 2019\t460,00 €',
          '1er juillet 2024 442,00 €',
          'Distribution de l\u2019exercice 2024',
        ].join('\n'),
      ),
    );
    expect(a.lists['performance.sharePriceHistory']?.value).toEqual([
      { date: '2010-01-01', priceEur: 440 },
      { date: '2019-06-01', priceEur: 460 },
      { date: '2024-07-01', priceEur: 442 },
    ]);
    // The price on 1 January of a year is the distribution rate's input, not a change of price.
    expect(
      parseScpiAnnualReport(pdf('Rapport annuel 2024\nPrix de souscription au 1er janvier 2024 : 460,00 €')).lists[
        'performance.sharePriceHistory'
      ],
    ).toBeUndefined();
  });

  it("reads the DIC's entry costs as the subscription fee, and its recurring costs not as the management fee", () => {
    const r = parseScpiDic(
      pdf(
        [
          "Coûts d'entrée 12,00 % du montant que vous payez (commission de souscription TTC).",
          'Coûts de sortie Nous ne facturons pas de coût de sortie pour ce produit.',
          'Frais de gestion et autres frais 0,90 % de la valeur de votre investissement par an.',
          "administratifs et d'exploitation",
          'Commission de gestion : 10,00 % HT des produits locatifs encaissés',
        ].join('\n'),
      ),
    );
    expect(value(r, 'fees.subscriptionPct')).toBe(12);
    expect(value(r, 'fees.managementPct')).toBe(10);
  });

  it('reads "Surcote par rapport à la valeur de reconstitution" as the premium, in its cell or the next', () => {
    expect(
      value(
        parseScpiBulletin(pdf('Surcote par rapport à la valeur de reconstitution 4,96 %')),
        'performance.premiumToReconstitutionPct',
      ),
    ).toBe(4.96);
    expect(
      value(
        parseScpiBulletin(pdf('Décote par rapport à la valeur de reconstitution\t3,10 %')),
        'performance.premiumToReconstitutionPct',
      ),
    ).toBe(-3.1);
    // A rule about the premium is still not a figure.
    expect(
      value(
        parseScpiNote(pdf('La surcote ne peut dépasser 10 % de la valeur de reconstitution.')),
        'performance.premiumToReconstitutionPct',
      ),
    ).toBeNull();
  });
});

describe('hostile input (linear time: asserting answers, bench/parserScaling.ts measures)', () => {
  it('reads 200,000 characters of repeated labels without values', () => {
    const text =
      "Taux d'occupation financier Prix de souscription Distribution T3 2025 Répartition sectorielle 24 ".repeat(2100);
    const r = parseScpiBulletin(pdf(text.slice(0, 200_000)));
    expect(r.period).toBe('T3 2025');
    expect(value(r, 'portfolio.financialOccupancyRatePct')).toBeNull();
    expect(value(r, 'keyFacts.sharePriceEur')).toBeNull();
  });

  it('reads repeated price-in-force sentences, history headers and wide layout gaps, and still finds the values after them', () => {
    const inForce = 'prix de souscription en vigueur depuis le '.repeat(4000);
    const headers = "Date d'effet Prix de souscription\n".repeat(4000);
    const wide = `Capitalisation${' '.repeat(50_000)}TOF\n`;
    const text = `${inForce}\n${headers}T3 2025\nPrix de souscription 250,00 €\nPrix de souscription en vigueur depuis le 1er mars 2022\nTaux d'occupation financier : 97,5 %`;
    const r = parseScpiBulletin({ ...pdf(text), layout: [wide.repeat(20)] });
    expect(value(r, 'portfolio.financialOccupancyRatePct')).toBe(97.5);
    expect(r.lists['performance.sharePriceHistory']?.value).toEqual([{ date: '2022-03-01', priceEur: 250 }]);
  });

  it('reads long runs of digits, blanks and repeated lines, and still finds the real value after them', () => {
    const digits = '1 234 '.repeat(30_000);
    const lines = 'Prix de souscription\n'.repeat(20_000);
    const r = parseScpiBulletin(
      pdf(`${digits}\n${' '.repeat(50_000)}x\n${lines}T3 2025\nTaux d'occupation financier : 97,5 %`),
    );
    expect(value(r, 'portfolio.financialOccupancyRatePct')).toBe(97.5);
  });
});

/** Real bulletins' phrasing (figures keyed from the managers' PDFs) in /work/shared/realdocs/scpi. */
const REALDOCS = '/work/shared/realdocs/scpi';
const realBulletins = fs.existsSync(REALDOCS)
  ? fs.readdirSync(REALDOCS).filter((f) => f.includes('bulletin') && f.endsWith('.json'))
  : [];
const describeReal = realBulletins.length > 0 ? describe : describe.skip;
if (realBulletins.length === 0) console.warn(`skipping the real-bulletin phrasing tests: no ${REALDOCS}`);

/** The fields of a keyed bulletin (JSON) the test reads; null where the bulletin was not keyed for it. */
interface KeyedBulletin {
  nomScpi: string;
  periode: string;
  actualitesTrimestrielles: string[];
  tof: number | null;
  prixPart: number | null;
  valeurReconstitution: number | null;
  endettement: number | null;
  walt: number | null;
  walb: number | null;
  nombreLocataires: number | null;
  collecteNetteTrimestre: number | null;
  capitalisation: number | null;
  tauxDistribution: number | null;
  distribution: number | null;
}

describeReal('real bulletins\u2019 phrasing', () => {
  const MILLION = 1e6;
  it.each(realBulletins)('%s: reads the values the JSON keys give', (file) => {
    const keyed = JSON.parse(fs.readFileSync(path.join(REALDOCS, file), 'utf8')) as KeyedBulletin;
    const text = [
      `SCPI ${keyed.nomScpi}`,
      `Bulletin trimestriel d'information – ${keyed.periode}`,
      ...keyed.actualitesTrimestrielles,
    ].join('\n');
    const r = parseScpiBulletin(pdf(text));
    expect(r.period).toBe(keyed.periode);
    expect(value(r, 'keyFacts.name')).toBe(`SCPI ${keyed.nomScpi}`); // the title line as printed
    const stated = (phrase: RegExp) => keyed.actualitesTrimestrielles.some((l) => phrase.test(l));
    // Each JSON value is checked where the bulletin's lines state it (some are keyed from charts only).
    if (keyed.tof !== null && stated(/occupation financier/i))
      expect(value(r, 'portfolio.financialOccupancyRatePct')).toBe(keyed.tof);
    if (keyed.prixPart !== null && stated(/prix de (souscription|la part)/i))
      expect(value(r, 'keyFacts.sharePriceEur')).toBe(keyed.prixPart);
    if (keyed.valeurReconstitution !== null && stated(/reconstitution/i))
      expect(value(r, 'performance.reconstitutionValueEur')).toBe(keyed.valeurReconstitution);
    if (keyed.endettement !== null && stated(/endettement/i))
      expect(value(r, 'debt.debtRatioPct')).toBe(keyed.endettement);
    if (keyed.walt !== null && stated(/walt/i)) expect(value(r, 'portfolio.waltYears')).toBe(keyed.walt);
    if (keyed.walb !== null && stated(/walb/i)) expect(value(r, 'portfolio.walbYears')).toBe(keyed.walb);
    if (
      keyed.nombreLocataires !== null &&
      stated(new RegExp(`\\b${keyed.nombreLocataires} (entreprises )?locataires`))
    ) {
      expect(value(r, 'portfolio.numberOfTenants')).toBe(keyed.nombreLocataires);
    } else {
      expect(value(r, 'portfolio.numberOfTenants')).toBeNull();
    }
    if (keyed.collecteNetteTrimestre !== null)
      expect(value(r, 'liquidity.netInflowsEur')).toBe(keyed.collecteNetteTrimestre);
    if (keyed.capitalisation !== null && stated(/capitalisation/i)) {
      // "Capitalisation de plus de 415 M€" when the JSON keys 415,79: the bulletin's own rounding.
      expect(
        Math.abs(Number(value(r, 'keyFacts.capitalisationEur') ?? 0) / MILLION - keyed.capitalisation),
      ).toBeLessThan(1);
    }
    if (keyed.tauxDistribution !== null && stated(/taux de distribution \d{4}/i)) {
      expect(Object.values(r.yearly.distributionRate).map((h) => h.value)).toContain(keyed.tauxDistribution);
    }
    // The JSON keys the net quarter distribution where the bulletin gives both ("3,73 € brut / 3,03 € net"); the
    // payload is gross.
    if (keyed.distribution !== null && stated(/^distribution t\d/i)) {
      const line = keyed.actualitesTrimestrielles.find((l) => /^distribution t\d/i.test(l))!;
      const gross = /brut/.test(line) ? Number(/([\d,]+)€ brut/.exec(line)![1].replace(',', '.')) : keyed.distribution;
      expect(value(r, 'performance.lastQuarterDistributionPerShareEur')).toBe(gross);
    }
  });
});

import { detectDocType, detectLanguage, parseKid } from './kid';
import type { PdfText } from './pdf/text';

/** A PdfText from page strings, as extractPdfText returns it. */
function pdf(...pages: string[]): PdfText {
  return { pages, chars: pages.reduce((n, p) => n + p.length, 0) };
}

const lines = (...l: string[]) => l.join('\n');

// Valid ISINs (check digits verified): IE00B4L5Y983 (iShares Core MSCI World), LU1681043599 (Amundi MSCI World),
// FR0010135103 (Carmignac Patrimoine A), GB00B08HD364 (iShares UK Gilts).

/** An English PRIIPs KID as pdf.js prints it: table cells separated by tabs, three cost-impact columns. */
const EN_KID = [
  lines(
    'Key Information Document',
    'Purpose',
    'This document provides you with key information about this investment product. It is not marketing material.',
    'Product',
    'Example World Equity UCITS ETF ("Fund")',
    'a sub-fund of Example ETFs plc',
    'Share Class: Example World Equity UCITS ETF (Acc)',
    '(ISIN IE00B4L5Y983)',
    'This Fund is managed by Example Asset Management Europe Limited ("Manager"), which is authorised in Ireland.',
    'Accurate as of: 19 February 2026',
    'What is this product?',
    'Objectives',
    'Investment objective The investment objective of the Fund is to track the performance of',
    'large and mid-sized companies in developed markets.',
    'Investment policies The Fund seeks to track the performance of the MSCI World 100%',
    'Hedged to EUR Index (the "Index") as closely as possible.',
    'The Fund promotes environmental characteristics in accordance with SFDR Article 8.',
  ),
  lines(
    'What are the risks and what could I get in return?',
    'Lower risk \tHigher risk',
    '1 \t2 \t3 \t4 \t5 \t6 \t7',
    'The risk indicator assumes you keep the product for 5 years.',
    'We have classified this product as 4 out of 7, which is a medium risk',
    'category.',
    'Performance scenarios',
    'Recommended holding period \t5 years',
    'Example Investment \t10,000 EUR',
    'Stress \tWhat you might get back after costs',
    'Average return each year',
    '4,190 EUR',
    '-58.1%',
    '3,740 EUR',
    '-17.8%',
    'Favourable \tWhat you might get back after costs \t14,410 EUR \t20,390 EUR',
    'Average return each year \t44.1% \t15.3%',
  ),
  lines(
    'What are the costs?',
    'Total Costs \t18 EUR \t90 EUR \t159 EUR',
    'Annual cost impact* \t0.3% \t0.25% \t0.2% each year',
    '(*) This illustrates how costs reduce your return each year. It shows that if you exit at the recommended',
    'holding period your average return per year is projected to be 11.6% before costs and 11.4% after costs.',
    'Composition of costs',
    'One-off costs upon entry or exit',
    'Annual cost impact if you',
    'exit after 1 year',
    'Entry costs \t0.00% The impact of the costs you pay when entering your investment.',
    '0 EUR',
    'Exit costs \t0.00% The impact of the costs of exiting your investment. \t0 EUR',
    'Ongoing costs taken each year',
    'Management fees and other',
    'administrative or operating',
    'costs',
    '0.17% of the value of your investment per year.',
    '17 EUR',
    'Transaction costs \t0.01% The impact of the costs of us buying and selling underlying',
    'investments for the product.',
    '1 EUR',
    'Incidental costs taken under specific conditions',
    'Performance fees \tThere is no performance fee for this Fund. \t0 EUR',
    'How long should I hold it and can I take money out early?',
    'Recommended holding period: 5 years',
  ),
];

/** A UCITS KIID: unlabelled name block split around the ISIN, SRRI written as a word, charges table. */
const EN_KIID = [
  lines(
    'KEY INVESTOR INFORMATION',
    'This document provides you with key investor information about this Fund. It is not marketing material.',
    'to read it so you can make an informed decision about whether to invest.',
    'iShares UK Gilts All Stocks Index',
    'Fund (UK)',
    'A sub-fund of BlackRock Collective Investment Funds',
    'Class L Accumulating GBP',
    'ISIN: GB00B08HD364',
    'Manager: BlackRock Fund Managers Limited',
    'Objectives and Investment Policy',
    'The Fund aims to provide a return on your investment by tracking closely the performance',
    "of the FTSE Actuaries UK Conventional Gilts All Stocks Index, the Fund's benchmark index.",
    'The Fund invests in fixed income securities.',
    'Risk and Reward Profile',
    'Lower risk Higher risk',
    'The lowest category does not mean risk free.',
    'The Fund is in category six due to the nature of its investments.',
  ),
  lines(
    'This Key Investor Information is accurate as at 09 February 2026',
    'Charges',
    'One-off charges taken before or after you invest',
    'Entry Charge 5.00%',
    'Exit Charge None*',
    'This is the maximum that might be taken out of your money before it is invested.',
    'Charges taken from the Fund over each year',
    'Ongoing Charges 0.21%**',
    'Charges taken from the Fund under certain conditions',
    'Performance Fee None',
    '*Subject to a charge of up to 2% paid into the Fund where the Manager suspects excessive trading.',
    'Past Performance',
    '2021 2022 2023',
    'Fund -5.3 -24.0 3.5',
    'Target †¹ -5.1 -24.0 3.8',
  ),
];

const FR_KID = [
  lines(
    "Document d'informations clés",
    'Objectif',
    "Le présent document contient des informations essentielles sur le produit d'investissement. Il ne s'agit pas d'un document à caractère commercial.",
    'Produit',
    'Nom du produit : Amundi MSCI World UCITS ETF - Acc',
    'Initiateur du PRIIP : Amundi Asset Management',
    'ISIN : LU1681043599',
    "Date de production du document d'informations clés : 15/02/2025",
    'En quoi consiste ce produit ?',
    "Objectifs : Le fonds a pour objectif de répliquer la performance de l'indice MSCI World Net Total Return, à la hausse comme à la baisse.",
    "Ce produit promeut des caractéristiques environnementales ou sociales au sens de l'article 8 du Règlement (UE) 2019/2088.",
  ),
  lines(
    "Quels sont les risques et qu'est-ce que cela pourrait me rapporter ?",
    'Indicateur de risque',
    '1 2 3 4 5 6 7',
    "L'indicateur de risque part de l'hypothèse que vous conservez le produit pendant 5 ans.",
    'Nous avons classé ce produit dans la classe de risque 4 sur 7, qui est une classe de risque moyenne.',
    'Scénarios de performance',
    'Période de détention recommandée : 5 ans',
    "Exemple d'investissement : 10 000 EUR",
    'Tensions \tCe que vous pourriez obtenir après déduction des coûts \t3 210 EUR \t2 870 EUR',
    'Rendement annuel moyen \t-67,90 % \t-22,10 %',
    'Que va me coûter cet investissement ?',
    'Coûts au fil du temps',
    'Coûts totaux \t20 EUR \t130 EUR',
    'Incidence des coûts annuels (*) \t0,20 % \t0,25 % chaque année',
  ),
  lines(
    'Composition des coûts',
    "Coûts ponctuels à l'entrée ou à la sortie \tSi vous sortez après 1 an",
    "Coûts d'entrée \tNous ne facturons pas de coûts d'entrée. \t0 EUR",
    'Coûts de sortie \tNous ne facturons pas de coûts de sortie. \t0 EUR',
    'Coûts récurrents prélevés chaque année',
    "Frais de gestion et autres frais administratifs et d'exploitation \t0,18 % de la valeur de votre investissement par an. \t18 EUR",
    'Coûts de transaction \t0,02 % de la valeur de votre investissement par an. \t2 EUR',
    'Coûts accessoires prélevés sous certaines conditions',
    "Commissions liées aux résultats \tAucune commission liée aux résultats n'existe pour ce produit. \t0 EUR",
    "Combien de temps dois-je le conserver, et puis-je retirer de l'argent de façon anticipée ?",
    'Période de détention recommandée : 5 ans',
  ),
];

const FR_KIID = [
  lines(
    "Informations clés pour l'investisseur",
    "Ce document fournit des informations essentielles aux investisseurs de ce Fonds. Il ne s'agit pas d'un document promotionnel.",
    "Il vous est conseillé de le lire pour décider en connaissance de cause d'investir ou non.",
    'CARMIGNAC PATRIMOINE',
    'Part A EUR Acc - Code ISIN : FR0010135103',
    'Société de gestion : Carmignac Gestion',
    "Objectifs et politique d'investissement",
    "L'objectif du fonds est de surperformer son indicateur de référence sur un horizon de trois ans.",
    'Indicateur de référence : 40% MSCI ACWI, 40% ICE BofA Global Government, 20% ESTER capitalisé',
    'Profil de risque et de rendement',
    'Ce fonds est classé dans la catégorie cinq en raison de son exposition aux marchés actions.',
    'Frais',
    'Frais ponctuels prélevés avant ou après investissement',
    "Frais d'entrée 4,00 %",
    'Frais de sortie Néant',
    'Frais prélevés par le fonds sur une année',
    'Frais courants 1,51 %',
    'Frais prélevés par le fonds dans certaines circonstances',
    'Commission de performance 0,00 %',
    'Informations pratiques',
    "Ce document d'informations clés pour l'investisseur est exact et à jour au 15 février 2024.",
  ),
];

/** Every line printed twice, as some producers' text layers do. */
function doubledLines(page: string): string {
  return page
    .split('\n')
    .flatMap((l) => [l, l])
    .join('\n');
}

describe('parseKid: English PRIIPs KID', () => {
  const kid = parseKid(pdf(...EN_KID));

  it('identifies the document', () => {
    expect(kid.docType).toBe('kid');
    expect(kid.language).toBe('en');
    expect(kid.isin).toBe('IE00B4L5Y983');
    expect(kid.name).toBe('Example World Equity UCITS ETF (Acc)');
    expect(kid.manager).toBe('Example Asset Management Europe Limited');
    expect(kid.docDate).toBe('2026-02-19');
  });

  it('reads risk and holding period', () => {
    expect(kid.sri).toBe(4);
    expect(kid.srri).toBeNull();
    expect(kid.recommendedHoldingPeriodYears).toBe(5);
  });

  it('reads the cost percentages, never the currency amounts or scenario returns', () => {
    expect(kid.costs).toEqual({
      entry: '0.00%',
      exit: '0.00%',
      ongoing: '0.17%',
      transaction: '0.01%',
      performanceFee: '0.00%',
      riy1y: '0.30%',
      riyRhp: '0.20%',
    });
  });

  it('reads objective, benchmark and SFDR article', () => {
    expect(kid.objective).toBe(
      'The investment objective of the Fund is to track the performance of large and mid-sized companies in developed markets.',
    );
    expect(kid.benchmark).toBe('MSCI World 100% Hedged to EUR Index');
    expect(kid.sfdrArticle).toBe(8);
  });

  it('records the page of every filled field', () => {
    expect(kid.pages).toMatchObject({
      isin: 1,
      name: 1,
      docDate: 1,
      sri: 2,
      recommendedHoldingPeriodYears: 2,
      'costs.entry': 3,
      'costs.riy1y': 3,
      'costs.performanceFee': 3,
      sfdrArticle: 1,
    });
    for (const key of Object.keys(kid.pages)) expect(kid.pages[key]).toBeGreaterThanOrEqual(1);
  });

  it('gives the same answer when every line is printed twice', () => {
    const doubled = parseKid(pdf(...EN_KID.map(doubledLines)));
    expect(doubled).toEqual(kid);
  });

  it('gives the same answer when each line repeats itself on the same line', () => {
    const sameLine = EN_KID.map((p) =>
      p
        .split('\n')
        .map((l) => `${l} ${l}`)
        .join('\n'),
    );
    expect(parseKid(pdf(...sameLine)).costs).toEqual(kid.costs);
  });
});

describe('parseKid: English UCITS KIID', () => {
  const kiid = parseKid(pdf(...EN_KIID));

  it('is a KIID with an SRRI written as a word', () => {
    expect(kiid.docType).toBe('kiid');
    expect(kiid.srri).toBe(6);
    expect(kiid.sri).toBeNull();
    expect(kiid.pages.srri).toBe(1);
  });

  it('rebuilds the name split around the ISIN column', () => {
    expect(kiid.isin).toBe('GB00B08HD364');
    expect(kiid.name).toBe('iShares UK Gilts All Stocks Index Fund (UK) - Class L Accumulating GBP');
    expect(kiid.manager).toBe('BlackRock Fund Managers Limited');
  });

  it('reads charges: "None" is 0%, footnote marks are dropped, unstated costs stay null', () => {
    expect(kiid.costs).toEqual({
      entry: '5.00%',
      exit: '0.00%',
      ongoing: '0.21%',
      transaction: null,
      performanceFee: '0.00%',
      riy1y: null,
      riyRhp: null,
    });
    expect(kiid.recommendedHoldingPeriodYears).toBeNull();
  });

  it('reads date, benchmark and objective', () => {
    expect(kiid.docDate).toBe('2026-02-09');
    expect(kiid.pages.docDate).toBe(2);
    expect(kiid.benchmark).toBe('FTSE Actuaries UK Conventional Gilts All Stocks Index');
    expect(kiid.objective).toMatch(/^The Fund aims to provide a return .* benchmark index\.$/);
    expect(kiid.sfdrArticle).toBeNull();
  });
});

describe('parseKid: past performance', () => {
  const returnsOf = (...l: string[]) =>
    parseKid(pdf(lines('KEY INVESTOR INFORMATION', 'Past Performance', ...l))).calendarReturns;

  it('reads the fund and benchmark rows of the KIID chart table', () => {
    expect(parseKid(pdf(...EN_KIID)).calendarReturns).toEqual({
      years: ['2021', '2022', '2023'],
      fund: [-5.3, -24, 3.5],
      benchmark: [-5.1, -24, 3.8],
    });
    expect(parseKid(pdf(...EN_KIID)).pages.calendarReturns).toBe(2);
  });

  it('aligns a shorter fund row to the latest years (fund launched inside the window)', () => {
    expect(returnsOf('2019 2020 2021 2022', 'Fund 4.1 -2.0', 'Index 3.9 -1.8')).toEqual({
      years: ['2021', '2022'],
      fund: [4.1, -2],
      benchmark: [3.9, -1.8],
    });
  });

  it('reads decimal commas, dashes for missing years and a missing benchmark row', () => {
    expect(returnsOf('2021 2022 2023', 'Fonds - 12,5 % -3,25 %')).toEqual({
      years: ['2022', '2023'],
      fund: [12.5, -3.25],
      benchmark: [null, null],
    });
  });

  it('puts the oldest year first', () => {
    expect(returnsOf('2023 2022 2021', 'Fund 1.0 2.0 3.0')).toEqual({
      years: ['2021', '2022', '2023'],
      fund: [3, 2, 1],
      benchmark: [null, null, null],
    });
  });

  it('is null without a years row followed by figures', () => {
    expect(returnsOf('2021 2022 2023', 'The fund was launched in 2021.')).toBeNull();
    expect(parseKid(pdf(...EN_KID)).calendarReturns).toBeNull();
  });
});

describe('parseKid: French PRIIPs KID', () => {
  const kid = parseKid(pdf(...FR_KID));

  it('identifies a French KID', () => {
    expect(kid.docType).toBe('kid');
    expect(kid.language).toBe('fr');
    expect(kid.isin).toBe('LU1681043599');
    expect(kid.name).toBe('Amundi MSCI World UCITS ETF - Acc');
    expect(kid.manager).toBe('Amundi Asset Management');
    expect(kid.docDate).toBe('2025-02-15');
  });

  it('reads risk class and holding period in French', () => {
    expect(kid.sri).toBe(4);
    expect(kid.recommendedHoldingPeriodYears).toBe(5);
  });

  it('normalises decimal commas and reads "nous ne facturons pas" as 0%', () => {
    expect(kid.costs).toEqual({
      entry: '0.00%',
      exit: '0.00%',
      ongoing: '0.18%',
      transaction: '0.02%',
      performanceFee: '0.00%',
      riy1y: '0.20%',
      riyRhp: '0.25%',
    });
  });

  it('skips the "Objectif" purpose section and reads the fund objective', () => {
    expect(kid.objective).toMatch(/^Le fonds a pour objectif de répliquer/);
    expect(kid.benchmark).toBe('MSCI World Net Total Return');
    expect(kid.sfdrArticle).toBe(8);
  });
});

describe('parseKid: French UCITS KIID (DICI)', () => {
  const kiid = parseKid(pdf(...FR_KIID));

  it('is a French KIID', () => {
    expect(kiid.docType).toBe('kiid');
    expect(kiid.language).toBe('fr');
    expect(kiid.srri).toBe(5);
  });

  it('reads the name next to the ISIN and the management company', () => {
    expect(kiid.isin).toBe('FR0010135103');
    expect(kiid.name).toBe('CARMIGNAC PATRIMOINE - Part A EUR Acc');
    expect(kiid.manager).toBe('Carmignac Gestion');
  });

  it('reads French charges', () => {
    expect(kiid.costs.entry).toBe('4.00%');
    expect(kiid.costs.exit).toBe('0.00%');
    expect(kiid.costs.ongoing).toBe('1.51%');
    expect(kiid.costs.performanceFee).toBe('0.00%');
    expect(kiid.costs.transaction).toBeNull();
  });

  it('reads the labelled benchmark and the date', () => {
    expect(kiid.benchmark).toBe('40% MSCI ACWI, 40% ICE BofA Global Government, 20% ESTER capitalisé');
    expect(kiid.docDate).toBe('2024-02-15');
  });
});

describe('parseKid: empty and garbage input', () => {
  const empty = {
    docType: 'kid',
    language: null,
    isin: null,
    name: null,
    manager: null,
    currency: null,
    objective: null,
    sri: null,
    srri: null,
    recommendedHoldingPeriodYears: null,
    maturityDate: null,
    costs: {
      entry: null,
      exit: null,
      ongoing: null,
      transaction: null,
      performanceFee: null,
      riy1y: null,
      riyRhp: null,
    },
    sfdrArticle: null,
    benchmark: null,
    docDate: null,
    calendarReturns: null,
    riskFromGraphic: false,
    pages: {},
  };

  it('returns nulls for no pages', () => {
    expect(parseKid(pdf())).toEqual(empty);
  });

  it('returns nulls for blank pages', () => {
    expect(parseKid(pdf('', '   \n\n'))).toEqual(empty);
  });

  it('returns nulls for binary garbage', () => {
    expect(parseKid(pdf('\u0000\u0001%PDF\u00ff\ufffd ### 12 34 % ::: \t\t'))).toEqual(empty);
  });

  it('tolerates a PdfText without pages', () => {
    expect(parseKid({ chars: 0 } as unknown as PdfText)).toEqual(empty);
  });
});

describe('parseKid: single fields', () => {
  const one = (...l: string[]) => parseKid(pdf(lines('Key Information Document', ...l)));

  it('reads an SFDR article written number first, as Hungarian and the Baltic languages do', () => {
    const hu = (...l: string[]) => parseKid(pdf(lines('Kiemelt információkat tartalmazó dokumentum', ...l)));
    expect(hu('A termék a 2019/2088/EU rendelet hatálya alá tartozik, és 8. cikk szerinti termék.').sfdrArticle).toBe(
      8,
    );
    expect(hu('A 2019/2088 rendelet szerint nincs besorolva; 8. oldal.').sfdrArticle).toBeNull();
  });

  it('reads a manager whose legal form comes first and whose name is quoted, as in the Baltic states', () => {
    const lt = parseKid(
      pdf(lines('Pagrindinės informacijos dokumentas', 'Fondą valdo UAB "Pavyzdys Asset Management", Vilnius.')),
    );
    expect(lt.manager).toBe('UAB "Pavyzdys Asset Management"');
  });

  it.each([
    'Cod ISIN: LU0292097234',
    'ISIN kodas LU0292097234',
    'ISIN-kód: LU0292097234',
    'Κωδικός ISIN: LU0292097234',
  ])('reads a KIID name beside its ISIN however the label is worded: %s', (isinLine) => {
    const kiid = parseKid(
      pdf(
        lines('Key investor information', `Sample Obligations Fund, ${isinLine}`, 'Objectives and investment policy'),
      ),
    );
    expect(kiid.isin).toBe('LU0292097234');
    expect(kiid.name).toBe('Sample Obligations Fund');
  });

  it('takes the percentage of a cost row even when the amount comes first', () => {
    expect(one('Entry costs \t300 EUR \t3.00% of the amount you pay in.').costs.entry).toBe('3.00%');
  });

  it('leaves a cost null when the row only shows an amount', () => {
    expect(one('Entry costs \t300 EUR', 'Exit costs \t0 EUR').costs).toMatchObject({ entry: null, exit: null });
  });

  it('reads "up to" percentages and keeps printed decimals', () => {
    expect(one('Entry costs Up to 5.5% of the amount you pay in.').costs.entry).toBe('5.50%');
  });

  it('does not read performance-scenario returns as costs', () => {
    const kid = one(
      'Performance scenarios',
      'Stress \tAverage return each year \t-58.1% \t-17.8%',
      'Moderate \t13.3% \t11.4%',
    );
    expect(kid.costs).toEqual({
      entry: null,
      exit: null,
      ongoing: null,
      transaction: null,
      performanceFee: null,
      riy1y: null,
      riyRhp: null,
    });
  });

  it('does not take the cost-impact column header for the cost-impact row', () => {
    const kid = one('Annual cost impact if you', 'exit after 1 year', 'Entry costs 0.00%');
    expect(kid.costs.riy1y).toBeNull();
  });

  it('reads cost-impact values wrapped onto the next line, but not a footnote', () => {
    expect(one('Annual cost impact (*)', '0.4% \t0.3% each year').costs).toMatchObject({
      riy1y: '0.40%',
      riyRhp: '0.30%',
    });
    expect(one('Annual cost impact (*)', 'This shows a return of 11.6% before costs.').costs.riy1y).toBeNull();
  });

  it('uses the single cost-impact value for both columns only when the RHP is one year', () => {
    expect(one('Recommended holding period: 1 year', 'Annual cost impact (*) 0.1%').costs).toMatchObject({
      riy1y: '0.10%',
      riyRhp: '0.10%',
    });
    expect(one('Recommended holding period: 5 years', 'Annual cost impact (*) 0.1%').costs).toMatchObject({
      riy1y: '0.10%',
      riyRhp: null,
    });
  });

  it.each([
    ['Recommended holding period: five years', 5],
    ['Recommended holding period (RHP): 7 years', 7],
    ['Recommended holding period: 18 months', 1.5],
    ['Recommended holding period of 3 years', 3],
    ['Période de détention recommandée : cinq ans', 5],
    ['Période de détention recommandée : 6 mois', 0.5],
    ['The risk indicator assumes you keep the product for 4 years.', 4],
  ])('reads the holding period in %p', (line, years) => {
    expect(one(line).recommendedHoldingPeriodYears).toBe(years);
  });

  it.each([
    ['We have classified this product as 1 out of 7', 1],
    ['We have classified this product as 7 out of 7', 7],
    ['We have classified this fund as six out of seven', 6],
    ['Nous avons classé ce produit dans la classe de risque 3 sur 7', 3],
    ['Summary risk indicator: 2', 2],
  ])('reads the SRI in %p', (line, sri) => {
    expect(one(line).sri).toBe(sri);
  });

  it.each([
    'We have classified this product as 0 out of 7',
    'We have classified this product as 8 out of 7',
    'The lowest category does not mean risk free.',
  ])('ignores an out-of-range or missing risk class in %p', (line) => {
    expect(one(line).sri).toBeNull();
  });

  it.each([
    ['The Fund is rated four due to the nature of its investments.', 4],
    ['This fund is in risk category 3 because of its investments.', 3],
    ['Le fonds est classé en catégorie 2.', 2],
    ['Ce fonds est de catégorie sept.', 7],
  ])('reads the SRRI in %p', (line, srri) => {
    expect(parseKid(pdf(lines('KEY INVESTOR INFORMATION', 'Risk and Reward Profile', line))).srri).toBe(srri);
  });

  it.each([
    ['This product promotes characteristics within the meaning of article 9 of Regulation (EU) 2019/2088.', 9],
    ['The Fund is classified as Article 6 under SFDR.', 6],
    ['This is an SFDR Article 8 fund.', 8],
  ])('reads the SFDR article in %p', (line, article) => {
    expect(one(line).sfdrArticle).toBe(article);
  });

  it('ignores an "Article 8" that is not about SFDR', () => {
    expect(one('Complaints are handled under Article 8 of the Terms of Business.').sfdrArticle).toBeNull();
  });

  it('skips an ISIN with a wrong check digit and takes the next valid one', () => {
    expect(one('ISIN: IE00B4L5Y984', 'Other class ISIN: IE00B4L5Y983').isin).toBe('IE00B4L5Y983');
  });

  it('finds an unlabelled ISIN and an unlabelled manager line', () => {
    const kid = one(
      'Product',
      'Product: Example Index Fund (the "Fund") - EUR Accumulating Shares',
      'IE00B4L5Y983',
      'Example Group (Ireland) Limited ("EGIL")',
    );
    expect(kid.isin).toBe('IE00B4L5Y983');
    expect(kid.name).toBe('Example Index Fund - EUR Accumulating Shares');
    expect(kid.manager).toBe('Example Group (Ireland) Limited');
  });

  it('reads the whole legal-form suffix of a manager ("SAS", not "SA")', () => {
    expect(one('This product is managed by Example Asset Management SAS, which is authorised in France.').manager).toBe(
      'Example Asset Management SAS',
    );
  });

  it('combines a short share-class label with the product name', () => {
    expect(one('Product name: Example Fund', 'Share class: A EUR Acc').name).toBe('Example Fund - A EUR Acc');
  });

  it.each([
    ['This Key Information Document is dated 23/07/2025.', '2025-07-23'],
    ['Accurate as at 1 March 2024', '2024-03-01'],
    ['Date de production : 1er mars 2024', '2024-03-01'],
    ['This document is dated 31/02/2025.', null],
  ])('reads the document date in %p', (line, iso) => {
    expect(one(line).docDate).toBe(iso);
  });

  it('does not take a sentence-case description for a benchmark', () => {
    expect(one('The Fund seeks to track the performance of large and mid-sized equities.').benchmark).toBeNull();
  });

  it('reads the benchmark an active fund aims to outperform', () => {
    expect(one('The Fund aims to outperform the MSCI ACWI Index (the "Index") over the long term.').benchmark).toBe(
      'MSCI ACWI Index',
    );
  });
});

describe('detectDocType / detectLanguage', () => {
  it('tells a KIID from a KID, defaulting to KID', () => {
    expect(detectDocType('Key Investor Information ... Ongoing charges 0.2%')).toBe('kiid');
    expect(detectDocType("Document d'informations clés pour l'investisseur")).toBe('kiid');
    expect(detectDocType("Document d'informations clés ... Période de détention recommandée")).toBe('kid');
    expect(detectDocType('')).toBe('kid');
  });

  it('detects English and French, and refuses to guess on too little text', () => {
    expect(detectLanguage('The Fund is managed by you and your adviser; this is the cost of the investment.')).toBe(
      'en',
    );
    expect(detectLanguage('Le fonds est géré par la société de gestion et vous pouvez sortir du fonds.')).toBe('fr');
    expect(detectLanguage('ISIN 1234')).toBeNull();
  });
});

describe('parseKid: manager names ending in an abbreviation', () => {
  const text = (manager: string) => ({
    pages: [`Key Information Document\nProduct\nSample Fund Acc\nISIN: US0378331005\nPRIIP manufacturer: ${manager}\n`],
    chars: 100,
  });
  it.each([
    ['Sample Asset Management S.A.', 'Sample Asset Management S.A.'],
    ['Example Capital Partners Ltd.', 'Example Capital Partners Ltd.'],
    ['Demo Investors SAS.', 'Demo Investors SAS'],
    ['Demo Investors SAS', 'Demo Investors SAS'],
  ])('keeps %j as %j', (printed, expected) => {
    expect(parseKid(text(printed)).manager).toBe(expected);
  });
});

describe('parseKid: layouts that split labels and values (modelled on real documents)', () => {
  const kiid = (...l: string[]) =>
    parseKid(pdf(lines('Key Investor Information', 'Risk and reward profile', 'Charges', ...l)));

  it('reads a label split over two lines, the value on the second ("Ongoing" / "charges 0.20%")', () => {
    expect(kiid('Ongoing', 'charges \t0.20%').costs.ongoing).toBe('0.20%');
  });

  it('reads a label split around its value ("Ongoing" / "1.60%" / "charges"), as two-column KIIDs print it', () => {
    const read = kiid('Entry charge \tNone', 'Ongoing', '1.60%', 'charges', 'Performance fee \tNone');
    expect(read.costs).toMatchObject({ entry: '0.00%', ongoing: '1.60%', performanceFee: '0.00%' });
  });

  it('does not join a long sentence ending in a label word with the next line', () => {
    expect(
      kiid('The fund has no entry charge but it does charge ongoing', 'charges are described below').costs.ongoing,
    ).toBeNull();
  });

  it('reads values printed above their labels, each row its own (centred labels)', () => {
    const read = parseKid(
      pdf(
        lines(
          'Documento contenente le informazioni chiave',
          'Composizione dei costi',
          "3,00% dell'importo pagato al momento della sottoscrizione.",
          'Costi di ingresso \t300 EUR',
          'Non addebitiamo costi di uscita per questo prodotto.',
          'Costi di uscita \t0 EUR',
          'Costi correnti registrati ogni anno',
          "0,20% del valore dell'investimento all'anno.",
          'Commissioni di gestione e altri costi \t20 EUR',
          'amministrativi o di esercizio',
        ),
      ),
    );
    expect(read.costs).toMatchObject({ entry: '3.00%', exit: '0.00%', ongoing: '0.20%' });
  });

  it('reads the German management-fee label wrapped over three lines with its value after (Invesco, iShares)', () => {
    const read = parseKid(
      pdf(
        lines(
          'Basisinformationsblatt',
          'Laufende Kosten pro Jahr \tWenn Sie nach 1 Jahr aussteigen',
          'Verwaltungsgebühren und',
          'sonstige Verwaltungs- oder',
          'Betriebskosten',
          '0,40 % des Werts Ihrer Anlage pro Jahr. Hierbei handelt es sich um eine Schätzung. 40 USD',
          'Transaktionskosten',
          '0,01 % des Werts Ihrer Anlage pro Jahr. 1 USD',
          'Erfolgsgebühren \tFür dieses Produkt wird keine Erfolgsgebühr berechnet. 0 USD',
        ),
      ),
    );
    expect(read.costs).toMatchObject({ ongoing: '0.40%', transaction: '0.01%', performanceFee: '0.00%' });
  });

  it('reads name, class and manager from defined terms, through overprinted (fake-bold) text', () => {
    const read = parseKid(
      pdf(
        lines(
          'Basisinformationsblatt\tBasisinformationsblatt\tBasisinformationsblatt\tBasisinformationsblatt',
          'Invesco Example Developed Markets UCITS ETF (der „Fonds\tFonds\tFonds\tFonds“), ein Teilfonds der Invesco Markets II plc',
          '(die „Gesellschaft\tGesellschaft\tGesellschaft\tGesellschaft“), Acc (ISIN: IE000UOXRAM8) (die „Anteilsklasse\tAnteilsklasse\tAnteilsklasse\tAnteilsklasse“)',
          'PRIIP-Hersteller Invesco Investment Management Limited, ein Unternehmen der Invesco Group.',
          'Dieses Dokument wurde erstellt am 17. Juli 2025.\tDieses Dokument wurde erstellt am 17. Juli 2025.\tDieses Dokument wurde erstellt am 17. Juli 2025.',
        ),
      ),
    );
    expect(read).toMatchObject({
      language: 'de',
      name: 'Invesco Example Developed Markets UCITS ETF - Acc',
      manager: 'Invesco Investment Management Limited',
      docDate: '2025-07-17',
    });
  });

  it('keeps "managed by" and bulleted lines out of a KIID name block (Fidelity)', () => {
    const read = parseKid(
      pdf(
        lines(
          'Risk and Reward Profile\tObjectives and Investment Policy',
          'Key Investor Information',
          'This document provides you with key investor information about this fund. It is not marketing material.',
          'Fidelity Example World Fund',
          'a sub-fund of Fidelity Example Funds',
          'P Accumulation Shares (ISIN: GB00B08HD364)',
          'This fund is managed by FIL Example Services (UK) Limited',
          'n The fund aims to track the performance (before fees and expenses are',
          'applied) of the MSCI World (Net Total Return)Index, thereby seeking to',
        ),
      ),
    );
    expect(read.name).toBe('Fidelity Example World Fund - P Accumulation Shares');
    expect(read.manager).toBe('FIL Example Services (UK) Limited');
  });

  it('does not take a sentence that mentions the objectives heading for the objective', () => {
    const read = parseKid(
      pdf(
        lines(
          'Key Investor Information',
          'Objectives and Investment Policy section shall refer to a benchmark and information on previous benchmarks.',
        ),
      ),
    );
    expect(read.objective).toBeNull();
  });
});

describe('parseKid: the risk class drawn on the scale', () => {
  const base = lines(
    'Key Investor Information',
    'Risk and reward profile',
    'Lower risk Higher risk',
    '1 2 3 4 5 6 7',
    'Charges',
  );

  it('takes the drawn class when the text states none, and says so', () => {
    const read = parseKid({ ...pdf(base), riskScale: { value: 5, page: 1 } });
    expect(read).toMatchObject({ srri: 5, riskFromGraphic: true });
    expect(read.pages.srri).toBe(1);
  });

  it('prefers the class the text states', () => {
    const read = parseKid({ ...pdf(`${base}\nThe fund is rated four.`), riskScale: { value: 5, page: 1 } });
    expect(read).toMatchObject({ srri: 4, riskFromGraphic: false });
  });

  it('never guesses: no drawn class, no class', () => {
    expect(parseKid({ ...pdf(base), riskScale: null })).toMatchObject({
      srri: null,
      sri: null,
      riskFromGraphic: false,
    });
  });
});

describe('detectLanguage: every table', () => {
  it.each([
    [
      'de',
      'Dieses Informationsblatt stellt Ihnen wesentliche Informationen über dieses Anlageprodukt zur Verfügung. Es handelt sich nicht um Werbematerial. Welche Kosten entstehen?',
    ],
    [
      'it',
      'Il presente documento contiene informazioni chiave relative a questo prodotto. Non si tratta di un documento promozionale. Quali sono i costi?',
    ],
    [
      'es',
      'Este documento le proporciona información fundamental que debe conocer sobre este producto de inversión. No se trata de material comercial. ¿Cuáles son los costes?',
    ],
    [
      'nl',
      'Dit document verschaft u essentiële informatie over dit beleggingsproduct. Het is geen marketingmateriaal. Wat zijn de kosten?',
    ],
    [
      'pt',
      'O presente documento fornece-lhe informação fundamental sobre este produto de investimento. Não constitui um documento promocional. Quais são os custos?',
    ],
  ])('%s', (code, text) => {
    expect(detectLanguage(text)).toBe(code);
  });
});

/**
 * What a reader would copy from a KID or KIID, modelled on real documents the realdocs set does not hold: the
 * product's name as its section states it (never the currency line, the URL, a label or a neighbouring cell), the
 * date however the document phrases it, and the costs of older templates, of structured products and those that
 * are no plain percentage of the investment.
 */
describe('parseKid: names as the product section states them', () => {
  it('never takes the currency line after the product heading for the name (French KID)', () => {
    const kid = parseKid(
      pdf(
        lines(
          "Document d'informations clés",
          'Objectif',
          "Le présent document contient des informations essentielles sur le produit d'investissement. Il ne s'agit pas d'un document à caractère commercial.",
          'Produit',
          'Example Actions Europe - Part C',
          'Devise : EUR \tCode ISIN : FR0010135103',
          'Initiateur du PRIIP : Example Gestion',
          'Site internet : www.example-gestion.fr',
        ),
      ),
    );
    expect(kid).toMatchObject({ isin: 'FR0010135103', name: 'Example Actions Europe - Part C' });
  });

  it('never takes the URL printed under the product for the name (structured product)', () => {
    const kid = parseKid(
      pdf(
        lines(
          'Key Information Document',
          'Purpose',
          'This document provides you with key information about this investment product. It is not marketing material.',
          'Product',
          'Example Bank Express Certificate on EURO STOXX 50',
          'Manufacturer: Example Bank AG',
          'ISIN: DE000A1EWWW0',
          'www.examplebank.com/kid',
          'Call +49 69 1234 5678 for more information.',
        ),
      ),
    );
    expect(kid).toMatchObject({
      name: 'Example Bank Express Certificate on EURO STOXX 50',
      manager: 'Example Bank AG',
    });
  });

  it('resolves a quoted share-class label and takes the fund name from the line before (UCITS KIID)', () => {
    const kid = parseKid(
      pdf(
        lines(
          'Key Investor Information',
          'This document provides you with key investor information about this Fund. It is not marketing material.',
          'Example Funds - Global Aggregate Bond',
          'Share class: "AX EUR" (LU1681043599)',
          'A sub-fund of Example Funds SICAV',
          'Management company: Example Asset Management S.A.',
        ),
      ),
    );
    expect(kid).toMatchObject({
      isin: 'LU1681043599',
      name: 'Example Funds - Global Aggregate Bond - AX EUR',
      manager: 'Example Asset Management S.A.',
    });
    const unlabelled = parseKid(
      pdf(lines('Key Investor Information', 'Example Funds - Global Aggregate Bond', '"AX EUR" (LU1681043599)')),
    );
    expect(unlabelled.name).toBe('Example Funds - Global Aggregate Bond - AX EUR');
  });

  it('recognises "Wesentliche Informationen zum ..." as a title and reads the product under it (German KID)', () => {
    const kid = parseKid(
      pdf(
        lines(
          'Wesentliche Informationen zum Anlageprodukt',
          'Example Garant Zertifikat 2027',
          'Zweck',
          'Dieses Informationsblatt stellt Ihnen wesentliche Informationen über dieses Anlageprodukt zur Verfügung. Es handelt sich nicht um Werbematerial.',
          'Produkt',
          'Hersteller: Example Bank AG, www.examplebank.de. Weitere Informationen erhalten Sie telefonisch unter +49 69 1234 5678.',
          'Zuständige Behörde: Bundesanstalt für Finanzdienstleistungsaufsicht (BaFin)',
          'Produktionsdatum des KID 17.11.2023',
          'Um welche Art von Produkt handelt es sich?',
          'Art: Inhaberschuldverschreibung (ISIN: DE000A1EWWW0) nach deutschem Recht.',
        ),
      ),
    );
    expect(kid).toMatchObject({
      docType: 'kid',
      language: 'de',
      isin: 'DE000A1EWWW0',
      name: 'Example Garant Zertifikat 2027',
      manager: 'Example Bank AG',
      docDate: '2023-11-17',
    });
  });

  it.each([
    ['in two cells of one line', ['Anteilklasse: I (thesaurierend) \tExample Aktien Deutschland']],
    ['on the line before the fund name', ['Anteilklasse: I (thesaurierend)', 'Example Aktien Deutschland']],
  ])('puts the fund name before the share class when the class comes first %s (German KIID)', (_, block) => {
    const kid = parseKid(
      pdf(
        lines(
          'Wesentliche Anlegerinformationen',
          'Gegenstand dieses Dokuments sind wesentliche Informationen für den Anleger über diesen Fonds. Es handelt sich nicht um Werbematerial.',
          ...block,
          'ISIN: DE0008491051',
          'Verwaltungsgesellschaft: Example Investment GmbH',
        ),
      ),
    );
    expect(kid).toMatchObject({
      docType: 'kiid',
      name: 'Example Aktien Deutschland - I (thesaurierend)',
      manager: 'Example Investment GmbH',
    });
  });

  it.each([
    ['Example Obbligazionario Euro - Classe A - (sottoscrizione PIC)', 'Example Obbligazionario Euro - Classe A'],
    ['Example Obbligazionario Euro - Classe A (sottoscrizione PAC)', 'Example Obbligazionario Euro - Classe A'],
    ['Example Obbligazionario Euro (il Fondo) - Classe A', 'Example Obbligazionario Euro - Classe A'],
    ['Example Bilanciato (distribuzione)', 'Example Bilanciato (distribuzione)'],
    ['Example Azionario Europa (EUR) (Acc)', 'Example Azionario Europa (EUR) (Acc)'],
  ])('drops a trailing remark that is no part of the name: %j', (printed, name) => {
    const kid = parseKid(
      pdf(
        lines(
          'Documento contenente le informazioni chiave',
          'Scopo',
          "Il presente documento contiene informazioni chiave relative a questo prodotto d'investimento. Non si tratta di un documento promozionale.",
          'Prodotto',
          `Nome del prodotto: ${printed}`,
          'Ideatore del PRIIP: Example SGR S.p.A.',
          'Codice ISIN: IT0005312340',
          'Informazioni valide dal 01/01/2023',
        ),
      ),
    );
    expect(kid).toMatchObject({ name, manager: 'Example SGR S.p.A.', docDate: '2023-01-01' });
  });
});

describe('parseKid: document dates however they are phrased', () => {
  it.each([
    ['Key Information Document', 'KID production 03 Dec 2022', '2022-12-03'],
    ['Key Information Document', 'Date of production: 3rd December 2022', '2022-12-03'],
    ['Basisinformationsblatt', 'Produktionsdatum des KID 17.11.2023', '2023-11-17'],
    ['Documento contenente le informazioni chiave', 'Informazioni valide dal 01/01/2023', '2023-01-01'],
    ["Document d'informations clés", 'Informations valables à compter du 1er janvier 2023', '2023-01-01'],
    ['Documento de datos fundamentales', 'Fecha de producción del KID: 3 de diciembre de 2022', '2022-12-03'],
    ['Essentiële-informatiedocument', 'Productiedatum van het KID: 3 december 2022', '2022-12-03'],
    ['Documento de informação fundamental', 'Informação válida a partir de 1 de janeiro de 2023', '2023-01-01'],
  ])('%s: reads %j', (title, line, iso) => {
    // A sentence between keeps the title from reading as a running footer ("Key Information Document | 3 Dec 2022").
    expect(parseKid(pdf(lines(title, 'Product.', line))).docDate).toBe(iso);
  });
});

describe('parseKid: costs of older templates, structured products and fees that are no plain percentage', () => {
  it('reads the pre-2023 PRIIPs cost tables (ETC KID): "Other ongoing costs", "Impact on return (RIY) per year"', () => {
    const kid = parseKid(
      pdf(
        lines(
          'Key Information Document',
          'Recommended holding period: 5 years',
          'Costs over time',
          'Investment USD 10,000 \tIf you cash in after 1 year \tIf you cash in after 3 years \tIf you cash in after 5 years',
          'Total costs \tUSD 25 \tUSD 78 \tUSD 135',
          'Impact on return (RIY) per year \t0.25% \t0.25% \t0.25%',
          'Composition of costs',
          'This table shows the impact on return per year',
          'One-off costs \tEntry costs \t0.00% \tThe impact of the costs you pay when entering your investment.',
          'Exit costs \t0.00% \tThe impact of the costs of exiting your investment when it matures.',
          'Ongoing costs \tPortfolio transaction costs \t0.00% \tThe impact of the costs of us buying and selling underlying investments for the product.',
          'Other ongoing costs \t0.25% \tThe impact of the costs that we take each year for managing your investments.',
          'Incidental costs \tPerformance fees \t0.00% \tThe impact of the performance fee.',
          'Carried interests \t0.00% \tThe impact of carried interests.',
        ),
      ),
    );
    expect(kid.costs).toEqual({
      entry: '0.00%',
      exit: '0.00%',
      ongoing: '0.25%',
      transaction: '0.00%',
      performanceFee: '0.00%',
      riy1y: '0.25%',
      riyRhp: '0.25%',
    });
  });

  it('reads the pre-2023 cost tables in German, the category cell before the row label', () => {
    const kid = parseKid(
      pdf(
        lines(
          'Basisinformationsblatt',
          'Empfohlene Haltedauer: 5 Jahre',
          'Auswirkungen auf die Rendite (RIY) pro Jahr \t0,19 % \t0,19 % \t0,19 %',
          'Zusammensetzung der Kosten',
          'Einmalige Kosten \tEinstiegskosten \t0,00 % \tAuswirkung der Kosten, die Sie beim Einstieg in Ihre Anlage zahlen.',
          'Ausstiegskosten \t0,00 % \tAuswirkung der Kosten, die anfallen, wenn Sie aussteigen.',
          'Laufende Kosten \tPortfolio-Transaktionskosten \t0,02 % \tAuswirkung der Kosten, die dafür anfallen, dass wir Anlagen kaufen und verkaufen.',
          'Sonstige laufende Kosten \t0,19 % \tAuswirkung der Kosten, die wir jährlich für die Verwaltung Ihrer Anlagen einbehalten.',
          'Zusätzliche Kosten \tErfolgsgebühren \t0,00 % \tAuswirkung der Erfolgsgebühr.',
          'Carried Interests \t0,00 % \tAuswirkung von Carried Interests.',
        ),
      ),
    );
    expect(kid.costs).toEqual({
      entry: '0.00%',
      exit: '0.00%',
      ongoing: '0.19%',
      transaction: '0.02%',
      performanceFee: '0.00%',
      riy1y: '0.19%',
      riyRhp: '0.19%',
    });
  });

  it.each([
    [
      "Document d'informations clés",
      'Coûts récurrents',
      'Coûts de transaction de portefeuille',
      'Autres coûts récurrents',
      'Incidence sur le rendement (réduction du rendement) par an',
    ],
    [
      'Documento contenente le informazioni chiave',
      'Costi correnti',
      'Costi di transazione del portafoglio',
      'Altri costi correnti',
      'Impatto sul rendimento (RIY) per anno',
    ],
    [
      'Documento de datos fundamentales',
      'Costes corrientes',
      'Costes de operación de la cartera',
      'Otros costes corrientes',
      'Impacto sobre la reducción del rendimiento (RIY) por año',
    ],
    [
      'Essentiële-informatiedocument',
      'Lopende kosten',
      'Portefeuilletransactiekosten',
      'Andere lopende kosten',
      'Effect op het rendement (RIY) per jaar',
    ],
    [
      'Documento de informação fundamental',
      'Custos recorrentes',
      'Custos de transação da carteira',
      'Outros custos recorrentes',
      'Impacto no retorno (RIY) por ano',
    ],
  ])('reads the pre-2023 ongoing-cost rows and cost impact of a %s', (title, group, transaction, other, impact) => {
    const kid = parseKid(
      pdf(
        lines(title, `${impact} \t0,31 % \t0,30 % \t0,29 %`, `${group} \t${transaction} \t0,04 %`, `${other} \t0,25 %`),
      ),
    );
    expect(kid.costs).toMatchObject({ transaction: '0.04%', ongoing: '0.25%', riy1y: '0.31%', riyRhp: '0.29%' });
  });

  it('states a performance fee that is a share of the outperformance as such, not a benchmark weight (Italian KID)', () => {
    const kid = parseKid(
      pdf(
        lines(
          'Documento contenente le informazioni chiave',
          'Oneri accessori sostenuti in determinate condizioni',
          'Commissioni di performance',
          '(parametro di riferimento: 100% ICE BofA Euro Treasury Bill Index)',
          "20% della sovraperformance rispetto al parametro di riferimento. L'importo effettivo varierà a seconda dell'andamento del vostro investimento. 12 EUR",
        ),
      ),
    );
    expect(kid.costs.performanceFee).toBe('20.00% of the outperformance');
  });

  it('states a share of the outperformance in English too', () => {
    const kid = parseKid(
      pdf(
        lines(
          'Key Information Document',
          'Performance fees \t20% of any outperformance of the Fund over its benchmark, the MSCI World Index. \t35 EUR',
        ),
      ),
    );
    expect(kid.costs.performanceFee).toBe('20.00% of the outperformance');
  });

  it('states a fixed fee as the amount the document gives, never as a percentage', () => {
    const kid = parseKid(
      pdf(
        lines(
          'Key Information Document',
          'Entry costs \tA fixed fee of EUR 25 is charged on each subscription. \t25 EUR',
          'Exit costs \t0 EUR',
        ),
      ),
    );
    expect(kid.costs).toMatchObject({ entry: 'EUR 25', exit: null });
    const kiid = parseKid(
      pdf(
        lines(
          'Key Investor Information',
          'Charges',
          'One-off charges taken before or after you invest',
          'Entry charge \t25 €',
          'Exit charge \tNone',
          'Ongoing charges \t1.20%',
        ),
      ),
    );
    expect(kiid.costs).toMatchObject({ entry: '25 €', exit: '0.00%', ongoing: '1.20%' });
  });

  const STRUCTURED = [
    lines(
      'Key Information Document',
      'Purpose',
      'This document provides you with key information about this investment product. It is not marketing material.',
      'Product',
      'Example Bank Express Certificate on EURO STOXX 50',
      'Manufacturer: Example Bank AG',
      'ISIN: DE000A1EWWW0',
      'www.examplebank.com/kid',
      'KID production 03 Dec 2022',
      'What is this product?',
      'Type: Bearer bond governed by German law.',
      'What are the risks and what could I get in return?',
      'We have classified this product as 5 out of 7, which is a medium-high risk class.',
      'Recommended holding period: until maturity (3 May 2024)',
      'Example investment: EUR 10,000',
    ),
    lines(
      'What are the costs?',
      'Costs over time',
      'Investment EUR 10,000 \tIf you exit after 1 year \tIf you exit at maturity',
      'Total costs \tEUR 243 \tEUR 152',
      'Annual cost impact (*) \t2.4% \t1.1%',
      'Composition of costs',
      'One-off costs upon entry or exit \tIf you exit at maturity',
      'Entry costs \t1.52% of the amount you pay in when entering this investment. \tEUR 152',
      'Exit costs \tWe do not charge an exit fee for this product if you hold it until maturity. \tEUR 0',
      'Ongoing costs taken each year',
      'Management fees and other administrative or operating costs \tNot applicable. \tEUR 0',
      'Transaction costs \tNot applicable. \tEUR 0',
      'Incidental costs taken under specific conditions',
      'Performance fees \tThere is no performance fee for this product. \tEUR 0',
    ),
  ];

  it('reads a structured product held until maturity: the maturity date and the costs', () => {
    const kid = parseKid(pdf(...STRUCTURED));
    expect(kid).toMatchObject({
      name: 'Example Bank Express Certificate on EURO STOXX 50',
      sri: 5,
      recommendedHoldingPeriodYears: null,
      maturityDate: '2024-05-03',
      currency: 'EUR',
      docDate: '2022-12-03',
    });
    expect(kid.pages.maturityDate).toBe(1);
    expect(kid.costs).toEqual({
      entry: '1.52%',
      exit: '0.00%',
      ongoing: '0.00%',
      transaction: '0.00%',
      performanceFee: '0.00%',
      riy1y: '2.40%',
      riyRhp: '1.10%',
    });
  });

  it.each([
    ['Recommended holding period: until maturity (3 May 2024)', '2024-05-03'],
    ['Recommended holding period: 03/05/2024 (maturity date)', '2024-05-03'],
    ['The risk indicator assumes you keep the product until maturity on 3 May 2024.', '2024-05-03'],
    ['Empfohlene Haltedauer: bis zur Fälligkeit am 03.05.2024', '2024-05-03'],
    ['Periodo di detenzione raccomandato: fino alla scadenza (3 maggio 2024)', '2024-05-03'],
    ["Période de détention recommandée : jusqu'à l'échéance (3 mai 2024)", '2024-05-03'],
    ['The Fund has no fixed maturity date.', null],
  ])('reads the maturity date in %j', (line, iso) => {
    expect(parseKid(pdf(lines('Key Information Document', line))).maturityDate).toBe(iso);
  });

  it('uses the single cost-impact column of a product held until maturity for both columns', () => {
    const kid = parseKid(
      pdf(
        lines(
          'Key Information Document',
          'Recommended holding period: until maturity (3 May 2024)',
          'Investment EUR 10,000 \tIf you exit at maturity',
          'Annual cost impact (*) \t1.5%',
        ),
      ),
    );
    expect(kid.costs).toMatchObject({ riy1y: '1.50%', riyRhp: '1.50%' });
  });
});

describe('parseKid: managers in every EEA language', () => {
  const managed = (sentence: string) => parseKid(pdf(lines('Key Information Document', sentence))).manager;

  it.each([
    ['Nordea Example Fondsmæglerselskab A/S'],
    ['Example Kapitalforvaltning AS'],
    ['Example Fonder AB'],
    ['Example Rahastoyhtiö Oy'],
    ['Example Rekstrarfélag hf.'],
    ['Example Alapkezelő Zrt.'],
    ['Example investiční společnost, a.s.'],
    ['Example Asset Management, správ. spol., a.s.'],
    ['Example Towarzystwo Funduszy Inwestycyjnych S.A.'],
    ['Example Investment sp. z o.o.'],
    ['Example Asset Management S.A.I. S.A.'],
    ['Example družba za upravljanje d.o.o.'],
    ['Example Invest d.d.'],
    ['Example Asset Management UAB'],
    ['Example Asset Management IPAS'],
    ['Example Fund Managers p.l.c.'],
    ['Example Bainistíocht Teoranta'],
    ['Example Asset Management, S.A., SGIIC'],
    ['Example Investments SGR S.p.A.'],
    ['Example Kapitalverwaltungsgesellschaft mbH'],
    ['Example Investment-GmbH'],
    ['Example SICAV'],
    ['Управляващо дружество Пример ЕАД'],
    ['Пример Асет Мениджмънт АД'],
    ['Παράδειγμα Α.Ε.Δ.Α.Κ.'],
    ['Παράδειγμα Asset Management ΑΕΔΑΚ'],
    ['Ελληνική Παράδειγμα Α.Ε.'],
    ['Łódzkie Example TFI S.A.'],
    ['Česká Example investiční společnost, a.s.'],
  ])('finds %j managing the fund', (manager) => {
    expect(managed(`The Fund is managed by ${manager} (the "Management Company").`)).toBe(manager);
  });

  it('finds a manager standing alone in the header in Greek capitals', () => {
    const kid = parseKid(
      pdf(lines('Key Information Document', 'Product', 'ΠΑΡΑΔΕΙΓΜΑ Α.Ε.Δ.Α.Κ.', 'ISIN: IE00B4L5Y983')),
    );
    expect(kid.manager).toBe('ΠΑΡΑΔΕΙΓΜΑ Α.Ε.Δ.Α.Κ.');
  });

  it('keeps a label with letters of any EEA script out of the name block', () => {
    const kid = parseKid(
      pdf(
        lines(
          'Key Investor Information',
          'Example Global Equity Fund',
          'Class A Accumulating EUR',
          'ISIN: IE00B4L5Y983',
          'Správcovská společnost: Example investiční společnost, a.s.',
        ),
      ),
    );
    expect(kid.name).toBe('Example Global Equity Fund - Class A Accumulating EUR');
  });
});

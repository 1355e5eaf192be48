import type { KeyDocumentWording } from './types';

/**
 * Czech: KIDs and KIIDs as Czech investment companies print them. The KID names the product in an unlabelled block
 * above its ISIN, as several Czech managers do.
 */

const RISK_LEVELS = ['nejnižší', 'nízká', 'nízká až střední', 'střední', 'středně vysoká', 'vysoká', 'nejvyšší'];

/** "po 1 roce", "po 3 letech", "po 5 letech": the locative after "po". */
const afterYears = (y: string) =>
  y
    .replace(/ rok$/, ' roce')
    .replace(/ roky$/, ' letech')
    .replace(/ let$/, ' letech');

export const cs: KeyDocumentWording = {
  locale: 'cs-CZ',
  percentSpace: true,
  kid: {
    title: 'Sdělení klíčových informací',
    purposeHeading: 'Účel',
    purpose:
      'Tento dokument vám poskytuje klíčové informace o tomto investičním produktu. Nejde o propagační materiál. Poskytnutí těchto informací vyžaduje zákon, aby vám pomohl pochopit povahu, rizika, náklady, možné zisky a ztráty spojené s tímto produktem a aby vám pomohl jej srovnat s jinými produkty.',
    productHeading: 'Produkt',
    product: (name, isin, manager) => [name, `ISIN: ${isin}`, `Tvůrce produktu PRIIP: ${manager}`],
    dated: (d) => `Datum vypracování sdělení klíčových informací: ${d}`,
    whatHeading: 'O jaký produkt se jedná?',
    type: (t) => `Typ: ${t}`,
    objectives: 'Cíle:',
    benchmark: 'Srovnávací index:',
    sfdr: (a) =>
      `Fond je klasifikován jako produkt podle článku ${a} nařízení (EU) 2019/2088 o zveřejňování informací souvisejících s udržitelností v odvětví finančních služeb.`,
    risksHeading: 'Jaká podstupuji rizika a jaký bych mohl mít výnos?',
    riskIndicator: 'Ukazatel rizika',
    lowerHigher: ['Nižší riziko', 'Vyšší riziko'],
    assumption: (y) => `Ukazatel rizika vychází z předpokladu, že si produkt ponecháte ${y}.`,
    classified: (n) => `Tento produkt jsme zařadili do třídy ${n} ze 7, což je ${RISK_LEVELS[n - 1]} třída rizika.`,
    rhp: 'Doporučená doba držení:',
    example: 'Příklad investice:',
    years: (n) => `${n} ${n === 1 ? 'rok' : n < 5 ? 'roky' : 'let'}`,
    scenarios: ['Scénáře', 'Stresový scénář', 'Nepříznivý scénář', 'Umírněný scénář', 'Příznivý scénář'],
    exitAfter: (y) => `Pokud investici ukončíte po ${afterYears(y)}`,
    averageReturn: 'Průměrný roční výnos',
    costsHeading: 'Jaké jsou náklady?',
    costsOverTime: 'Náklady v průběhu času',
    totalCosts: 'Celkové náklady',
    annualImpact: 'Roční dopad nákladů (*)',
    footnote: (b, a) =>
      `(*) Ukazuje, jak náklady každý rok snižují váš výnos během doby držení. Například ukazuje, že pokud investici ukončíte v doporučené době držení, očekává se, že váš průměrný roční výnos bude ${b} před odečtením nákladů a ${a} po jejich odečtení.`,
    composition: 'Skladba nákladů',
    oneOff: 'Jednorázové náklady při vstupu nebo výstupu',
    entry: 'Vstupní náklady',
    entryText: (p) =>
      p
        ? `${p} z částky, kterou zaplatíte při vstupu do této investice.`
        : 'Za tento produkt neúčtujeme žádný vstupní poplatek.',
    exit: 'Výstupní náklady',
    exitText: (p) =>
      p
        ? `${p} z vaší investice předtím, než vám bude vyplacena.`
        : 'Za tento produkt neúčtujeme žádný výstupní poplatek.',
    ongoingHeading: 'Průběžné náklady účtované každý rok',
    management: ['Poplatky za vedení a jiné správní', 'nebo provozní náklady'],
    perYear: (p) =>
      `${p} hodnoty vaší investice ročně. Jedná se o odhad založený na skutečných nákladech za poslední rok.`,
    transaction: 'Transakční náklady',
    transactionText: (p) =>
      `${p} hodnoty vaší investice ročně. Jedná se o odhad nákladů, které vznikají, když nakupujeme a prodáváme podkladové investice produktu.`,
    incidental: 'Vedlejší náklady účtované za zvláštních podmínek',
    performanceFee: 'Výkonnostní poplatky',
    performanceFeeText: (p) =>
      p ? `${p} hodnoty vaší investice ročně.` : 'U tohoto produktu se výkonnostní poplatek neuplatňuje.',
    holdHeading: 'Jak dlouho bych měl investici držet a mohu si peníze vybrat předčasně?',
    complaintsHeading: 'Jakým způsobem mohu podat stížnost?',
    otherHeading: 'Další relevantní informace',
  },
  kiid: {
    title: 'Klíčové informace pro investory',
    intro:
      'Tento dokument obsahuje klíčové informace pro investory tohoto fondu. Nejde o propagační materiál. Informace v něm uvedené jsou vyžadovány zákonem, aby vám pomohly pochopit povahu a rizika investic do tohoto fondu.',
    managementCompany: 'Investiční společnost:',
    objectivesHeading: 'Cíle a investiční politika',
    benchmark: 'Srovnávací index:',
    riskHeading: 'Rizikový profil a profil výnosu',
    lowerHigher: ['Nižší riziko', 'Vyšší riziko'],
    category: (n) => `Fond je zařazen do kategorie ${n} z důvodu povahy svých investic.`,
    chargesHeading: 'Poplatky',
    oneOff: 'Jednorázové poplatky účtované před uskutečněním investice nebo po něm',
    entry: 'Vstupní poplatek',
    exit: 'Výstupní poplatek',
    none: 'Žádný',
    yearly: 'Poplatky hrazené z fondu v průběhu roku',
    ongoing: ['Průběžné', 'poplatky'],
    conditional: 'Poplatky hrazené z fondu za zvláštních podmínek',
    performanceFee: 'Výkonnostní poplatek',
    practicalHeading: 'Praktické informace',
    accurate: (d) => `Tyto klíčové informace pro investory jsou platné ke dni ${d}.`,
  },
};

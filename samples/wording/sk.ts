import type { KeyDocumentWording } from './types';

/** Slovak: KIDs and KIIDs as Slovak asset management companies print them. */

const RISK_LEVELS = ['najnižšia', 'nízka', 'nízka až stredná', 'stredná', 'stredne vysoká', 'vysoká', 'najvyššia'];

/** "po 1 roku", "po 5 rokoch": the locative after "po". */
const afterYears = (y: string) => y.replace(/ rok$/, ' roku').replace(/ rok(?:y|ov)$/, ' rokoch');

export const sk: KeyDocumentWording = {
  locale: 'sk-SK',
  percentSpace: true,
  kid: {
    title: 'Dokument s kľúčovými informáciami',
    purposeHeading: 'Účel',
    purpose:
      'Tento dokument vám poskytuje kľúčové informácie o tomto investičnom produkte. Nejde o marketingový materiál. Poskytnutie týchto informácií vyžaduje zákon, aby vám pomohol pochopiť povahu, riziká, náklady, potenciálne zisky a straty spojené s týmto produktom a porovnať ho s inými produktmi.',
    productHeading: 'Produkt',
    product: (name, isin, manager) => [`Názov produktu: ${name}`, `ISIN: ${isin}`, `Tvorca PRIIP: ${manager}`],
    dated: (d) => `Dátum vypracovania dokumentu s kľúčovými informáciami: ${d}`,
    whatHeading: 'Čo je tento produkt?',
    type: (t) => `Typ: ${t}`,
    objectives: 'Ciele:',
    benchmark: 'Referenčná hodnota:',
    sfdr: (a) =>
      `Fond je klasifikovaný ako produkt podľa článku ${a} nariadenia (EÚ) 2019/2088 o zverejňovaní informácií o udržateľnosti v sektore finančných služieb.`,
    risksHeading: 'Aké sú riziká a čo by som mohol získať?',
    riskIndicator: 'Ukazovateľ rizika',
    lowerHigher: ['Nižšie riziko', 'Vyššie riziko'],
    assumption: (y) => `Ukazovateľ rizika vychádza z predpokladu, že si produkt ponecháte ${y}.`,
    classified: (n) => `Tento produkt sme zaradili do triedy ${n} zo 7, čo je ${RISK_LEVELS[n - 1]} riziková trieda.`,
    rhp: 'Odporúčané obdobie držby:',
    example: 'Príklad investície:',
    years: (n) => `${n} ${n === 1 ? 'rok' : n < 5 ? 'roky' : 'rokov'}`,
    scenarios: ['Scenáre', 'Stresový scenár', 'Nepriaznivý scenár', 'Neutrálny scenár', 'Priaznivý scenár'],
    exitAfter: (y) => `Ak investíciu ukončíte po ${afterYears(y)}`,
    averageReturn: 'Priemerný ročný výnos',
    costsHeading: 'Aké sú náklady?',
    costsOverTime: 'Náklady v priebehu času',
    totalCosts: 'Celkové náklady',
    annualImpact: 'Ročný vplyv nákladov (*)',
    footnote: (b, a) =>
      `(*) Ukazuje, ako náklady každý rok znižujú váš výnos počas obdobia držby. Napríklad ukazuje, že ak investíciu ukončíte na konci odporúčaného obdobia držby, váš priemerný ročný výnos sa predpokladá vo výške ${b} pred odpočítaním nákladov a ${a} po ich odpočítaní.`,
    composition: 'Zloženie nákladov',
    oneOff: 'Jednorazové vstupné alebo výstupné náklady',
    entry: 'Vstupné náklady',
    entryText: (p) =>
      p
        ? `${p} zo sumy, ktorú zaplatíte pri vstupe do tejto investície.`
        : 'Za tento produkt neúčtujeme vstupný poplatok.',
    exit: 'Výstupné náklady',
    exitText: (p) =>
      p ? `${p} z vašej investície predtým, ako vám bude vyplatená.` : 'Za tento produkt neúčtujeme výstupný poplatok.',
    ongoingHeading: 'Priebežné náklady účtované každý rok',
    management: ['Poplatky za správu a iné administratívne', 'alebo prevádzkové náklady'],
    perYear: (p) =>
      `${p} z hodnoty vašej investície ročne. Ide o odhad založený na skutočných nákladoch za posledný rok.`,
    transaction: 'Transakčné náklady',
    transactionText: (p) =>
      `${p} z hodnoty vašej investície ročne. Ide o odhad nákladov, ktoré vznikajú pri nákupe a predaji podkladových investícií produktu.`,
    incidental: 'Vedľajšie náklady účtované za osobitných podmienok',
    performanceFee: 'Poplatky za výkonnosť',
    performanceFeeText: (p) =>
      p ? `${p} z hodnoty vašej investície ročne.` : 'Pri tomto produkte sa poplatok za výkonnosť neúčtuje.',
    holdHeading: 'Ako dlho by som mal produkt držať a môžem si peniaze vybrať predčasne?',
    complaintsHeading: 'Ako sa môžem sťažovať?',
    otherHeading: 'Ďalšie relevantné informácie',
  },
  kiid: {
    title: 'Kľúčové informácie pre investorov',
    intro:
      'Tento dokument obsahuje kľúčové informácie pre investorov o tomto fonde. Nie je to marketingový materiál. Tieto informácie vyžaduje zákon, aby vám pomohli pochopiť povahu a riziká investovania do tohto fondu.',
    managementCompany: 'Správcovská spoločnosť:',
    objectivesHeading: 'Ciele a investičná politika',
    benchmark: 'Referenčný index:',
    riskHeading: 'Profil rizika a výnosu',
    lowerHigher: ['Nižšie riziko', 'Vyššie riziko'],
    category: (n) => `Fond je zaradený do kategórie ${n} z dôvodu povahy svojich investícií.`,
    chargesHeading: 'Poplatky',
    oneOff: 'Jednorazové poplatky účtované pred investovaním alebo po ňom',
    entry: 'Vstupný poplatok',
    exit: 'Výstupný poplatok',
    none: 'Žiadny',
    yearly: 'Poplatky účtované fondom počas roka',
    ongoing: ['Priebežné', 'poplatky'],
    conditional: 'Poplatky účtované fondom za určitých osobitných podmienok',
    performanceFee: 'Poplatok za výkonnosť',
    practicalHeading: 'Praktické informácie',
    // "k" takes the dative: "k 16. februáru 2026".
    accurate: (d) => `Tieto kľúčové informácie pre investorov sú presné k ${d.replace(/a (\d{4})$/, 'u $1')}.`,
  },
};

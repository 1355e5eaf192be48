import type { KeyDocumentWording } from './types';

/** "1 metai", "5 metai", but "10 metų", "15 metų": tens and the teens take the genitive plural. */
const years = (n: number) => `${n} ${n % 10 === 0 || (n % 100 >= 11 && n % 100 <= 19) ? 'metų' : 'metai'}`;

/** Lithuanian: a pagrindinės informacijos dokumentas and pagrindinė informacija investuotojams, as Vilnius managers print them. */
export const lt: KeyDocumentWording = {
  locale: 'lt-LT',
  percentSpace: true,
  kid: {
    title: 'Pagrindinės informacijos dokumentas',
    purposeHeading: 'Paskirtis',
    purpose:
      'Šiame dokumente jums pateikiama pagrindinė informacija apie šį investicinį produktą. Tai nėra rinkodaros medžiaga. Šią informaciją pateikti reikalaujama pagal teisės aktus, siekiant padėti jums suprasti šio produkto pobūdį, riziką, išlaidas, galimą pelną ir nuostolius, taip pat padėti jums palyginti jį su kitais produktais.',
    productHeading: 'Produktas',
    product: (name, isin, manager) => [
      `Produkto pavadinimas: ${name}`,
      `ISIN kodas: ${isin}`,
      `PRIIP gamintojas: ${manager}`,
      'Lietuvos bankas yra atsakingas už PRIIP gamintojo priežiūrą, kiek tai susiję su šiuo pagrindinės informacijos dokumentu.',
    ],
    dated: (date) => `Dokumento parengimo data: ${date}`,
    whatHeading: 'Kas yra šis produktas?',
    type: (t) => `Rūšis: ${t}`,
    objectives: 'Tikslai:',
    benchmark: 'Lyginamasis indeksas:',
    sfdr: (a) =>
      `Fondas atitinka Reglamento (ES) 2019/2088 dėl tvarumo informacijos atskleidimo finansinių paslaugų sektoriuje (SFDR) ${a} straipsnio reikalavimus.`,
    risksHeading: 'Kokia yra rizika ir kokią grąžą galėčiau gauti?',
    riskIndicator: 'Rizikos rodiklis',
    lowerHigher: ['Mažesnė rizika', 'Didesnė rizika'],
    assumption: (y) =>
      `Rizikos rodiklis grindžiamas prielaida, kad produktą laikysite ${y.replace(/metai$/, 'metus')}.`,
    classified: (n) =>
      `Šį produktą priskyrėme ${n} iš 7 rizikos klasei, kuri yra ${['labai maža', 'maža', 'žemesnė nei vidutinė', 'vidutinė', 'aukštesnė nei vidutinė', 'didelė', 'labai didelė'][n - 1]} rizikos klasė.`,
    rhp: 'Rekomenduojamas laikymo laikotarpis:',
    example: 'Investicijų pavyzdys:',
    years,
    scenarios: [
      'Scenarijai',
      'Nepalankiausių sąlygų scenarijus',
      'Nepalankus scenarijus',
      'Vidutinis scenarijus',
      'Palankus scenarijus',
    ],
    exitAfter: (y) => `Jei pasitrauksite po ${y.replace(/metai$/, 'metų')}`,
    averageReturn: 'Vidutinė metinė grąža',
    costsHeading: 'Kokios yra išlaidos?',
    costsOverTime: 'Išlaidos per tam tikrą laiką',
    totalCosts: 'Bendros išlaidos',
    annualImpact: 'Metinis išlaidų poveikis (*)',
    footnote: (b, a) =>
      `(*) Tai parodo, kaip išlaidos kasmet mažina jūsų grąžą per laikymo laikotarpį. Pavyzdžiui, tai parodo, kad jei pasitrauksite pasibaigus rekomenduojamam laikymo laikotarpiui, numatoma jūsų vidutinė metinė grąža prieš išlaidas bus ${b}, o atskaičius išlaidas – ${a}.`,
    composition: 'Išlaidų sudėtis',
    oneOff: 'Vienkartinės įstojimo arba pasitraukimo išlaidos',
    entry: 'Įstojimo išlaidos',
    entryText: (p) =>
      p ? `${p} sumos, kurią mokate pradėdami investuoti.` : 'Už šį produktą įstojimo mokesčio neimame.',
    exit: 'Pasitraukimo išlaidos',
    exitText: (p) =>
      p ? `${p} jūsų investicijos, prieš ją išmokant jums.` : 'Už šį produktą pasitraukimo mokesčio neimame.',
    ongoingHeading: 'Kasmet patiriamos einamosios išlaidos',
    management: ['Valdymo mokesčiai ir kitos', 'administracinės arba veiklos išlaidos'],
    perYear: (p) =>
      `${p} jūsų investicijos vertės per metus. Tai įvertis, pagrįstas praėjusių metų faktinėmis išlaidomis.`,
    transaction: 'Sandorių išlaidos',
    transactionText: (p) =>
      `${p} jūsų investicijos vertės per metus. Tai išlaidų, kurias patiriame pirkdami ir parduodami produkto pagrindines investicijas, įvertis.`,
    incidental: 'Papildomos išlaidos, imamos tam tikromis sąlygomis',
    performanceFee: 'Sėkmės mokesčiai',
    performanceFeeText: (p) =>
      p ? `${p} jūsų investicijos vertės per metus.` : 'Šiam produktui sėkmės mokestis netaikomas.',
    holdHeading: 'Kiek laiko turėčiau jį laikyti ir ar galiu pinigus išsiimti anksčiau?',
    complaintsHeading: 'Kaip galiu pateikti skundą?',
    otherHeading: 'Kita susijusi informacija',
  },
  kiid: {
    title: 'Pagrindinė informacija investuotojams',
    intro:
      'Šiame dokumente pateikiama pagrindinė informacija investuotojams apie šį fondą. Tai nėra rinkodaros medžiaga. Šią informaciją pateikti reikalaujama pagal įstatymą, siekiant padėti jums suprasti investavimo į šį fondą pobūdį ir riziką.',
    managementCompany: 'Valdymo įmonė:',
    objectivesHeading: 'Tikslai ir investavimo politika',
    benchmark: 'Lyginamasis indeksas:',
    riskHeading: 'Rizikos ir grąžos pobūdis',
    lowerHigher: ['Mažesnė rizika', 'Didesnė rizika'],
    category: (n) =>
      `Fondas priskiriamas ${n} kategorijai, nes jo vieneto vertė praeityje svyravo tiek, kiek būdinga šiai kategorijai.`,
    chargesHeading: 'Mokesčiai',
    oneOff: 'Vienkartiniai mokesčiai, imami prieš investuojant arba investavus',
    entry: 'Platinimo mokestis',
    exit: 'Išpirkimo mokestis',
    none: 'Nėra',
    yearly: 'Mokesčiai, imami iš fondo per metus',
    ongoing: ['Einamieji', 'mokesčiai'],
    conditional: 'Mokesčiai, imami iš fondo tam tikromis sąlygomis',
    performanceFee: 'Sėkmės mokestis',
    practicalHeading: 'Praktinė informacija',
    accurate: (d) => `Ši pagrindinė informacija investuotojams yra teisinga ${d}`,
  },
};

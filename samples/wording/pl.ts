import type { KeyDocumentWording } from './types';

/** Polish: KIDs and KIIDs as Polish TFIs and foreign managers distributing in Poland print them. */

const RISK_LEVELS = ['najniższą', 'niską', 'średnio niską', 'średnią', 'średnio wysoką', 'wysoką', 'najwyższą'];

/** "po 1 roku", "po 5 latach": the locative after "po". */
const afterYears = (y: string) => y.replace(/ rok$/, ' roku').replace(/ lata?$/, ' latach');

export const pl: KeyDocumentWording = {
  locale: 'pl-PL',
  percentSpace: false,
  kid: {
    title: 'Dokument zawierający kluczowe informacje',
    purposeHeading: 'Cel',
    purpose:
      'Niniejszy dokument zawiera kluczowe informacje dotyczące tego produktu inwestycyjnego. Nie jest to materiał marketingowy. Dostarczenie tych informacji jest wymogiem prawnym, ma ono pomóc w zrozumieniu charakteru, ryzyka, kosztów oraz potencjalnych zysków i strat związanych z tym produktem, a także pomóc w porównaniu go z innymi produktami.',
    productHeading: 'Produkt',
    product: (name, isin, manager) => [`Nazwa produktu: ${name}`, `Kod ISIN: ${isin}`, `Twórca PRIIP: ${manager}`],
    dated: (d) => `Data sporządzenia dokumentu: ${d} r.`,
    whatHeading: 'Co to za produkt?',
    type: (t) => `Rodzaj: ${t}`,
    objectives: 'Cele:',
    benchmark: 'Wskaźnik referencyjny:',
    sfdr: (a) =>
      `Fundusz jest produktem, o którym mowa w art. ${a} rozporządzenia (UE) 2019/2088 w sprawie ujawniania informacji związanych ze zrównoważonym rozwojem w sektorze usług finansowych.`,
    risksHeading: 'Jakie są ryzyka i możliwe korzyści?',
    riskIndicator: 'Wskaźnik ryzyka',
    lowerHigher: ['Niższe ryzyko', 'Wyższe ryzyko'],
    assumption: (y) => `Wskaźnik ryzyka opiera się na założeniu, że produkt będzie utrzymywany przez ${y}.`,
    classified: (n) => `Sklasyfikowaliśmy ten produkt jako ${n} na 7, co oznacza ${RISK_LEVELS[n - 1]} klasę ryzyka.`,
    rhp: 'Zalecany okres utrzymywania:',
    example: 'Przykładowa inwestycja:',
    years: (n) => `${n} ${n === 1 ? 'rok' : n < 5 ? 'lata' : 'lat'}`,
    scenarios: [
      'Scenariusze',
      'Scenariusz warunków skrajnych',
      'Scenariusz niekorzystny',
      'Scenariusz umiarkowany',
      'Scenariusz korzystny',
    ],
    exitAfter: (y) => `W przypadku wyjścia po ${afterYears(y)}`,
    averageReturn: 'Średni roczny zwrot',
    costsHeading: 'Jakie są koszty?',
    costsOverTime: 'Koszty w czasie',
    totalCosts: 'Koszty całkowite',
    annualImpact: 'Roczny wpływ kosztów (*)',
    footnote: (b, a) =>
      `(*) Pokazuje, w jakim stopniu koszty zmniejszają co roku zwrot w okresie utrzymywania. Na przykład pokazuje, że w przypadku wyjścia po upływie zalecanego okresu utrzymywania średni roczny zwrot według prognoz wyniesie ${b} przed uwzględnieniem kosztów i ${a} po uwzględnieniu kosztów.`,
    composition: 'Struktura kosztów',
    oneOff: 'Jednorazowe koszty wejścia lub wyjścia',
    entry: 'Koszty wejścia',
    entryText: (p) =>
      p
        ? `${p} kwoty, którą płacisz przy rozpoczęciu inwestycji.`
        : 'Nie pobieramy opłaty za wejście do tego produktu.',
    exit: 'Koszty wyjścia',
    exitText: (p) =>
      p ? `${p} Twojej inwestycji przed jej wypłaceniem.` : 'Nie pobieramy opłaty za wyjście z tego produktu.',
    ongoingHeading: 'Koszty bieżące pobierane co roku',
    management: ['Opłaty za zarządzanie i inne koszty', 'administracyjne lub operacyjne'],
    perYear: (p) =>
      `${p} wartości Twojej inwestycji rocznie. Jest to szacunek oparty na rzeczywistych kosztach z ostatniego roku.`,
    transaction: 'Koszty transakcji',
    transactionText: (p) =>
      `${p} wartości Twojej inwestycji rocznie. Jest to szacunek kosztów ponoszonych przy kupnie i sprzedaży inwestycji bazowych produktu.`,
    incidental: 'Koszty dodatkowe pobierane w określonych warunkach',
    performanceFee: 'Opłaty za wyniki',
    performanceFeeText: (p) =>
      p ? `${p} wartości Twojej inwestycji rocznie.` : 'W przypadku tego produktu nie pobiera się opłaty za wyniki.',
    holdHeading: 'Jak długo powinienem utrzymywać produkt i czy mogę wcześniej wypłacić pieniądze?',
    complaintsHeading: 'Jak mogę złożyć skargę?',
    otherHeading: 'Inne istotne informacje',
  },
  kiid: {
    title: 'Kluczowe informacje dla inwestorów',
    intro:
      'Niniejszy dokument zawiera kluczowe informacje dla inwestorów dotyczące tego funduszu. Nie jest to materiał marketingowy. Dostarczenie tych informacji jest wymogiem prawnym, ma ono pomóc w zrozumieniu charakteru i ryzyka związanego z inwestowaniem w ten fundusz.',
    managementCompany: 'Spółka zarządzająca:',
    objectivesHeading: 'Cele i polityka inwestycyjna',
    benchmark: 'Wskaźnik referencyjny:',
    riskHeading: 'Profil ryzyka i zysku',
    lowerHigher: ['Niższe ryzyko', 'Wyższe ryzyko'],
    category: (n) => `Fundusz został zaklasyfikowany do kategorii ${n} ze względu na charakter jego inwestycji.`,
    chargesHeading: 'Opłaty',
    oneOff: 'Opłaty jednorazowe pobierane przed lub po dokonaniu inwestycji',
    entry: 'Opłata za nabycie',
    exit: 'Opłata za odkupienie',
    none: 'Brak',
    yearly: 'Opłaty pobierane z funduszu w ciągu roku',
    ongoing: ['Opłaty', 'bieżące'],
    conditional: 'Opłaty pobierane z funduszu w określonych warunkach',
    performanceFee: 'Opłata za wyniki',
    practicalHeading: 'Informacje praktyczne',
    accurate: (d) => `Niniejsze kluczowe informacje dla inwestorów są aktualne na dzień ${d} r.`,
  },
};

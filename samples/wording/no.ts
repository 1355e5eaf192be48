import type { KeyDocumentWording } from './types';

/** Norwegian (Bokmål): nøkkelinformasjonsdokument and nøkkelinformasjon for investorer as Oslo managers print them. */
export const no: KeyDocumentWording = {
  locale: 'nb-NO',
  percentSpace: true,
  kid: {
    title: 'Nøkkelinformasjonsdokument',
    purposeHeading: 'Formål',
    purpose:
      'Dette dokumentet gir deg nøkkelinformasjon om dette investeringsproduktet. Det er ikke markedsføringsmateriale. Informasjonen er lovpålagt for å hjelpe deg med å forstå produktets art, risikoer, kostnader, mulige gevinster og tap, og for å hjelpe deg med å sammenligne det med andre produkter.',
    productHeading: 'Produkt',
    // The name stands alone on its line, the ISIN and the manufacturer below it.
    product: (name, isin, manager) => [
      name,
      `ISIN: ${isin}`,
      `Produsent: ${manager}`,
      'Finanstilsynet er ansvarlig for tilsynet med produsenten når det gjelder dette nøkkelinformasjonsdokumentet.',
    ],
    dated: (d) => `Dokumentet ble sist oppdatert ${d}.`,
    whatHeading: 'Hva er dette produktet?',
    type: (t) => `Type: ${t}`,
    objectives: 'Målsetting:',
    benchmark: 'Referanseindeks:',
    sfdr: (a) =>
      `Fondet er klassifisert som et produkt etter artikkel ${a} i forordning (EU) 2019/2088 om bærekraftsrelaterte opplysninger i finanssektoren.`,
    risksHeading: 'Hva er risikoene, og hva kan jeg få igjen for det?',
    riskIndicator: 'Risikoindikator',
    lowerHigher: ['Lavere risiko', 'Høyere risiko'],
    assumption: (y) => `Risikoindikatoren forutsetter at du beholder produktet i ${y}.`,
    classified: (n) =>
      `Vi har klassifisert dette produktet som ${n} av 7, som er en ${['svært lav', 'lav', 'lav til middels', 'middels', 'middels høy', 'høy', 'svært høy'][n - 1]} risikoklasse.`,
    rhp: 'Anbefalt investeringsperiode:',
    example: 'Eksempel på investering:',
    years: (n) => `${n} år`,
    scenarios: ['Scenarioer', 'Stress', 'Ugunstig', 'Moderat', 'Gunstig'],
    exitAfter: (y) => `Hvis du innløser etter ${y}`,
    averageReturn: 'Gjennomsnittlig avkastning hvert år',
    costsHeading: 'Hva er kostnadene?',
    costsOverTime: 'Kostnader over tid',
    totalCosts: 'Totale kostnader',
    annualImpact: 'Årlig kostnadseffekt (*)',
    footnote: (b, a) =>
      `(*) Dette viser hvordan kostnadene reduserer avkastningen din hvert år i investeringsperioden. Hvis du for eksempel innløser ved slutten av den anbefalte investeringsperioden, er forventet gjennomsnittlig årlig avkastning ${b} før kostnader og ${a} etter kostnader.`,
    composition: 'Sammensetning av kostnader',
    oneOff: 'Engangskostnader ved inngang eller utgang',
    entry: 'Inngangskostnader',
    entryText: (p) =>
      p
        ? `${p} av beløpet du betaler når du går inn i investeringen.`
        : 'Vi tar ikke inngangskostnader for dette produktet.',
    exit: 'Utgangskostnader',
    exitText: (p) =>
      p
        ? `${p} av investeringen din før den blir utbetalt til deg.`
        : 'Vi tar ingen utgangskostnader for dette produktet.',
    ongoingHeading: 'Løpende kostnader som belastes hvert år',
    management: ['Forvaltningshonorarer og andre', 'administrasjons- eller driftskostnader'],
    perYear: (p) =>
      `${p} av verdien av investeringen din per år. Dette er et estimat basert på de faktiske kostnadene i løpet av det siste året.`,
    transaction: 'Transaksjonskostnader',
    transactionText: (p) =>
      `${p} av verdien av investeringen din per år. Dette er et estimat over kostnadene som påløper når vi kjøper og selger de underliggende investeringene for produktet.`,
    incidental: 'Tilfeldige kostnader som belastes under særlige forhold',
    performanceFee: 'Resultathonorarer',
    performanceFeeText: (p) =>
      p ? `${p} av verdien av investeringen din per år.` : 'Det belastes ikke resultathonorar for dette produktet.',
    holdHeading: 'Hvor lenge bør jeg holde det, og kan jeg ta ut penger tidlig?',
    complaintsHeading: 'Hvordan kan jeg klage?',
    otherHeading: 'Andre relevante opplysninger',
  },
  kiid: {
    title: 'Nøkkelinformasjon for investorer',
    intro:
      'Dette dokumentet gir deg nøkkelinformasjon om dette fondet. Det er ikke markedsføringsmateriale. Informasjonen er lovpålagt for å hjelpe deg med å forstå fondets egenskaper og risikoen ved å investere i det. Du rådes til å lese dokumentet slik at du kan ta en informert beslutning om investeringen.',
    managementCompany: 'Forvaltningsselskap:',
    objectivesHeading: 'Mål og investeringsstrategi',
    benchmark: 'Referanseindeks:',
    riskHeading: 'Risiko- og avkastningsprofil',
    lowerHigher: ['Lav risiko', 'Høy risiko'],
    category: (n) => `Fondet er plassert i kategori ${n} på grunn av svingningene i fondets historiske avkastning.`,
    chargesHeading: 'Kostnader',
    oneOff: 'Engangskostnader som belastes før eller etter at du investerer',
    entry: 'Tegningsgebyr',
    exit: 'Innløsningsgebyr',
    none: 'Ingen',
    yearly: 'Kostnader som belastes fondet i løpet av et år',
    ongoing: ['Løpende', 'kostnader'],
    conditional: 'Kostnader som belastes fondet under særlige forhold',
    performanceFee: 'Suksesshonorar',
    practicalHeading: 'Praktisk informasjon',
    accurate: (d) => `Denne nøkkelinformasjonen er korrekt per ${d}.`,
  },
};

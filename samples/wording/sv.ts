import type { KeyDocumentWording } from './types';

/** Swedish: faktablad (PRIIPs) and basfakta för investerare (UCITS) as Stockholm fund companies print them. */
export const sv: KeyDocumentWording = {
  locale: 'sv-SE',
  percentSpace: true,
  kid: {
    title: 'Faktablad',
    purposeHeading: 'Syfte',
    purpose:
      'I detta faktablad får du basfakta om denna investeringsprodukt. Det är inte marknadsföringsmaterial. Informationen krävs enligt lag för att hjälpa dig att förstå produktens karaktär, risker, kostnader, möjliga vinster och förluster och för att hjälpa dig att jämföra den med andra produkter.',
    productHeading: 'Produkt',
    product: (name, isin, manager) => [
      `Produktnamn: ${name}`,
      `ISIN: ${isin}`,
      `PRIIP-tillverkare: ${manager}`,
      'Ring +46 8 123 456 00 eller besök vår webbplats för mer information.',
      'Finansinspektionen ansvarar för tillsynen av PRIIP-tillverkaren när det gäller detta faktablad.',
    ],
    dated: (d) => `Detta faktablad upprättades den ${d}.`,
    whatHeading: 'Vad är detta för en produkt?',
    type: (t) => `Typ: ${t}`,
    objectives: 'Mål:',
    benchmark: 'Jämförelseindex:',
    sfdr: (a) =>
      `Fonden klassificeras enligt artikel ${a} i förordning (EU) 2019/2088 om hållbarhetsrelaterade upplysningar som ska lämnas inom den finansiella tjänstesektorn (SFDR).`,
    risksHeading: 'Vilka är riskerna och vad kan jag få för avkastning?',
    riskIndicator: 'Riskindikator',
    lowerHigher: ['Lägre risk', 'Högre risk'],
    assumption: (y) => `Riskindikatorn förutsätter att du behåller produkten i ${y}.`,
    classified: (n) =>
      `Vi har klassificerat produkten som ${n} av 7, vilket är en ${['mycket låg', 'låg', 'låg till medelhög', 'medelhög', 'medelhög till hög', 'hög', 'mycket hög'][n - 1]} riskklass.`,
    rhp: 'Rekommenderad innehavsperiod:',
    example: 'Exempel på investering:',
    years: (n) => `${n} år`,
    scenarios: ['Scenarier', 'Stress', 'Ogynnsamt', 'Neutralt', 'Gynnsamt'],
    exitAfter: (y) => `Om du löser in efter ${y}`,
    averageReturn: 'Genomsnittlig avkastning varje år',
    costsHeading: 'Vilka är kostnaderna?',
    costsOverTime: 'Kostnader över tid',
    totalCosts: 'Totala kostnader',
    annualImpact: 'Årliga kostnadseffekter (*)',
    footnote: (b, a) =>
      `(*) Detta visar hur kostnaderna minskar din avkastning varje år under innehavsperioden. Om du till exempel löser in vid slutet av den rekommenderade innehavsperioden beräknas din genomsnittliga årliga avkastning bli ${b} före kostnader och ${a} efter kostnader.`,
    composition: 'Kostnadernas sammansättning',
    oneOff: 'Engångskostnader vid inträde eller utträde',
    entry: 'Inträdeskostnader',
    entryText: (p) =>
      p ? `${p} av det belopp du betalar när du gör investeringen.` : 'Vi tar inte ut någon inträdeskostnad.',
    exit: 'Utträdeskostnader',
    exitText: (p) =>
      p ? `${p} av din investering innan den betalas ut till dig.` : 'Vi tar inte ut någon utträdeskostnad.',
    ongoingHeading: 'Löpande kostnader som tas ut varje år',
    management: ['Förvaltningsavgifter och andra', 'administrativa kostnader eller driftskostnader'],
    perYear: (p) =>
      `${p} av värdet på din investering per år. Detta är en uppskattning baserad på de faktiska kostnaderna under det senaste året.`,
    transaction: 'Transaktionskostnader',
    transactionText: (p) =>
      `${p} av värdet på din investering per år. Detta är en uppskattning av de kostnader som uppstår när vi köper och säljer produktens underliggande investeringar.`,
    incidental: 'Kostnader som tas ut under särskilda omständigheter',
    performanceFee: 'Resultatbaserade avgifter',
    performanceFeeText: (p) =>
      p ? `${p} av värdet på din investering per år.` : 'Ingen resultatbaserad avgift tas ut för denna produkt.',
    holdHeading: 'Hur länge bör jag behålla produkten och kan jag ta ut pengar i förtid?',
    complaintsHeading: 'Hur kan jag klaga?',
    otherHeading: 'Övrig relevant information',
  },
  kiid: {
    title: 'Basfakta för investerare',
    intro:
      'Detta faktablad ger dig som investerar i fonden basfakta om fonden. Det är inte marknadsföringsmaterial. Informationen krävs enligt lag för att hjälpa dig att förstå vad en investering i fonden innebär och riskerna med den. Du rekommenderas att läsa den så att du kan fatta ett välgrundat investeringsbeslut.',
    managementCompany: 'Fondbolag:',
    objectivesHeading: 'Mål och placeringsinriktning',
    benchmark: 'Jämförelseindex:',
    riskHeading: 'Risk/avkastningsprofil',
    lowerHigher: ['Låg risk', 'Hög risk'],
    category: (n) =>
      `Fonden tillhör kategori ${n}, vilket innebär att andelsvärdet historiskt har varierat i motsvarande grad.`,
    chargesHeading: 'Avgifter',
    oneOff: 'Engångsavgifter som tas ut före eller efter din investering',
    entry: 'Insättningsavgift',
    exit: 'Uttagsavgift',
    none: 'Ingen',
    yearly: 'Avgifter som tagits ur fonden under året',
    ongoing: ['Årlig', 'avgift'],
    conditional: 'Avgifter som tagits ur fonden under särskilda omständigheter',
    performanceFee: 'Prestationsbaserad avgift',
    practicalHeading: 'Praktisk information',
    accurate: (d) => `Dessa basfakta för investerare gäller per den ${d}.`,
  },
};

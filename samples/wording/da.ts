import type { KeyDocumentWording } from './types';

/** Danish: dokument med central information and central investorinformation as Copenhagen managers print them. */
export const da: KeyDocumentWording = {
  locale: 'da-DK',
  percentSpace: true,
  kid: {
    title: 'Dokument med central information',
    purposeHeading: 'Formål',
    purpose:
      'Dette dokument giver dig central information om dette investeringsprodukt. Det er ikke markedsføringsmateriale. Oplysningerne er lovpligtige og skal hjælpe dig med at forstå dette produkts karakteristika, risici, omkostninger, potentielle gevinster og tab og hjælpe dig med at sammenligne det med andre produkter.',
    productHeading: 'Produkt',
    product: (name, isin, manager) => [
      `Produktnavn: ${name}`,
      `ISIN: ${isin}`,
      `PRIIP-producent: ${manager}`,
      'Finanstilsynet er ansvarlig for tilsynet med PRIIP-producenten i forbindelse med dette dokument med central information.',
    ],
    dated: (d) => `Dette dokument med central information er udarbejdet den ${d}.`,
    whatHeading: 'Hvad er dette for et produkt?',
    type: (t) => `Type: ${t}`,
    objectives: 'Mål:',
    benchmark: 'Benchmark:',
    sfdr: (a) =>
      `Afdelingen er klassificeret efter artikel ${a} i forordning (EU) 2019/2088 om bæredygtighedsrelaterede oplysninger i sektoren for finansielle tjenesteydelser.`,
    risksHeading: 'Hvad er risiciene, og hvad kan jeg få ud af det?',
    riskIndicator: 'Risikoindikator',
    lowerHigher: ['Lavere risiko', 'Højere risiko'],
    assumption: (y) => `Risikoindikatoren forudsætter, at du beholder produktet i ${y}.`,
    classified: (n) =>
      `Vi har klassificeret dette produkt som ${n} ud af 7, hvilket er en ${['meget lav', 'lav', 'lav til middel', 'middel', 'middelhøj', 'høj', 'meget høj'][n - 1]} risikoklasse.`,
    rhp: 'Anbefalet investeringsperiode:',
    example: 'Eksempel på investering:',
    years: (n) => `${n} år`,
    scenarios: ['Scenarier', 'Stress', 'Ugunstigt', 'Moderat', 'Gunstigt'],
    exitAfter: (y) => `Hvis du udtræder efter ${y}`,
    averageReturn: 'Gennemsnitligt afkast hvert år',
    costsHeading: 'Hvad er omkostningerne?',
    costsOverTime: 'Omkostninger over tid',
    totalCosts: 'Samlede omkostninger',
    annualImpact: 'Årlige omkostningsvirkninger (*)',
    footnote: (b, a) =>
      `(*) Dette illustrerer, hvordan omkostningerne reducerer dit afkast hvert år i investeringsperioden. Hvis du f.eks. udtræder ved udløbet af den anbefalede investeringsperiode, forventes dit gennemsnitlige årlige afkast at være ${b} før omkostninger og ${a} efter omkostninger.`,
    composition: 'Omkostningernes sammensætning',
    oneOff: 'Engangsomkostninger ved indtræden eller udtræden',
    entry: 'Indtrædelsesomkostninger',
    entryText: (p) =>
      p
        ? `${p} af det beløb, du betaler, når du foretager investeringen.`
        : 'Vi opkræver ikke indtrædelsesomkostninger.',
    exit: 'Udtrædelsesomkostninger',
    exitText: (p) =>
      p ? `${p} af din investering, før den udbetales til dig.` : 'Vi opkræver ikke udtrædelsesomkostninger.',
    ongoingHeading: 'Løbende omkostninger, der afholdes hvert år',
    management: ['Forvaltningsgebyrer og andre', 'administrations- eller driftsomkostninger'],
    perYear: (p) =>
      `${p} af værdien af din investering om året. Dette er et skøn baseret på de faktiske omkostninger i det seneste år.`,
    transaction: 'Transaktionsomkostninger',
    transactionText: (p) =>
      `${p} af værdien af din investering om året. Dette er et skøn over de omkostninger, der påløber, når vi køber og sælger de underliggende investeringer for produktet.`,
    incidental: 'Accessoriske omkostninger, der afholdes under særlige forhold',
    performanceFee: 'Resultatbetingede gebyrer',
    performanceFeeText: (p) =>
      p ? `${p} af værdien af din investering om året.` : 'Der er intet resultatbetinget gebyr for dette produkt.',
    holdHeading: 'Hvor længe skal jeg beholde det, og kan jeg hæve penge før tid?',
    complaintsHeading: 'Hvordan kan jeg klage?',
    otherHeading: 'Andre relevante oplysninger',
  },
  kiid: {
    title: 'Central investorinformation',
    intro:
      'Dette dokument indeholder central investorinformation om denne afdeling. Det er ikke markedsføringsmateriale. Oplysningerne er lovpligtige og skal hjælpe dig med at forstå, hvad en investering i afdelingen indebærer, og hvilke risici der er forbundet med den.',
    managementCompany: 'Investeringsforvaltningsselskab:',
    objectivesHeading: 'Mål og investeringspolitik',
    benchmark: 'Benchmark:',
    riskHeading: 'Risiko- og afkastprofil',
    lowerHigher: ['Lav risiko', 'Høj risiko'],
    category: (n) =>
      `Afdelingen er placeret i kategori ${n}, fordi værdien af dens investeringer historisk har svinget i dette omfang.`,
    chargesHeading: 'Omkostninger',
    oneOff: 'Engangsomkostninger før eller efter investeringen',
    entry: 'Indtrædelsesgebyr',
    exit: 'Udtrædelsesgebyr',
    none: 'Ingen',
    yearly: 'Omkostninger, der trækkes fra afdelingen over et år',
    ongoing: ['Løbende', 'omkostninger'],
    conditional: 'Omkostninger, der trækkes fra afdelingen under visse særlige omstændigheder',
    performanceFee: 'Resultatafhængigt honorar',
    practicalHeading: 'Praktiske oplysninger',
    accurate: (d) => `Denne centrale investorinformation er korrekt pr. ${d}.`,
  },
};

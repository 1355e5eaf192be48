import type { KeyDocumentWording } from './types';

/** Slovenian: KIDs and KIIDs as Slovenian management companies print them. */

const RISK_LEVELS = ['najnižji', 'nizek', 'nizek do srednji', 'srednji', 'srednji do visok', 'visok', 'najvišji'];

/** "1 leto", "2 leti", "3 leta", "5 let". */
const yearsWord = (n: number) => (n === 1 ? 'leto' : n === 2 ? 'leti' : n < 5 ? 'leta' : 'let');

/** "po 1 letu", "po 5 letih": the locative after "po". */
const afterYears = (y: string) => y.replace(/ leto$/, ' letu').replace(/ (?:leti|leta|let)$/, ' letih');

export const sl: KeyDocumentWording = {
  locale: 'sl-SI',
  percentSpace: true,
  kid: {
    title: 'Dokument s ključnimi informacijami',
    purposeHeading: 'Namen',
    purpose:
      'Ta dokument vsebuje ključne informacije o tem naložbenem produktu. To ni tržno gradivo. Informacije zahteva zakon, da bi vam pomagale razumeti vrsto, tveganja, stroške ter možne dobičke in izgube tega produkta in ga primerjati z drugimi produkti.',
    productHeading: 'Produkt',
    product: (name, isin, manager) => [
      `Ime produkta: ${name}`,
      `Koda ISIN: ${isin}`,
      `Proizvajalec produkta PRIIP: ${manager}`,
    ],
    dated: (d) => `Datum priprave dokumenta s ključnimi informacijami: ${d}`,
    whatHeading: 'Kaj je ta produkt?',
    type: (t) => `Vrsta: ${t}`,
    objectives: 'Cilji:',
    benchmark: 'Referenčno merilo:',
    sfdr: (a) =>
      `Sklad je razvrščen kot produkt iz člena ${a} Uredbe (EU) 2019/2088 o razkritjih, povezanih s trajnostnostjo, v sektorju finančnih storitev.`,
    risksHeading: 'Kakšna so tveganja in kaj bi lahko dobil v zameno?',
    riskIndicator: 'Kazalnik tveganja',
    lowerHigher: ['Nižje tveganje', 'Višje tveganje'],
    assumption: (y) => `Kazalnik tveganja predpostavlja, da boste produkt obdržali ${y}.`,
    classified: (n) => `Ta produkt smo razvrstili v razred ${n} od 7, kar je ${RISK_LEVELS[n - 1]} razred tveganja.`,
    rhp: 'Priporočeno obdobje imetja:',
    example: 'Primer naložbe:',
    years: (n) => `${n} ${yearsWord(n)}`,
    scenarios: ['Scenariji', 'Stresni scenarij', 'Neugodni scenarij', 'Zmerni scenarij', 'Ugodni scenarij'],
    exitAfter: (y) => `Če izstopite po ${afterYears(y)}`,
    averageReturn: 'Povprečni letni donos',
    costsHeading: 'Kakšni so stroški?',
    costsOverTime: 'Stroški skozi čas',
    totalCosts: 'Skupni stroški',
    annualImpact: 'Letni učinek stroškov (*)',
    footnote: (b, a) =>
      `(*) Prikazuje, koliko stroški vsako leto zmanjšajo vaš donos v obdobju imetja. Če na primer izstopite ob koncu priporočenega obdobja imetja, naj bi vaš povprečni letni donos znašal ${b} pred stroški in ${a} po stroških.`,
    composition: 'Sestava stroškov',
    oneOff: 'Enkratni stroški ob vstopu ali izstopu',
    entry: 'Vstopni stroški',
    entryText: (p) =>
      p ? `${p} zneska, ki ga plačate ob vstopu v to naložbo.` : 'Za ta produkt ne zaračunavamo vstopnih stroškov.',
    exit: 'Izstopni stroški',
    exitText: (p) =>
      p ? `${p} vaše naložbe, preden vam je izplačana.` : 'Za ta produkt ne zaračunavamo izstopnih stroškov.',
    ongoingHeading: 'Tekoči stroški, ki se zaračunajo vsako leto',
    management: ['Provizije za upravljanje in drugi upravni', 'ali operativni stroški'],
    perYear: (p) => `${p} vrednosti vaše naložbe na leto. To je ocena na podlagi dejanskih stroškov v zadnjem letu.`,
    transaction: 'Transakcijski stroški',
    transactionText: (p) =>
      `${p} vrednosti vaše naložbe na leto. To je ocena stroškov, ki nastanejo, ko kupujemo in prodajamo osnovne naložbe produkta.`,
    incidental: 'Pomožni stroški, ki se zaračunajo pod posebnimi pogoji',
    performanceFee: 'Provizije za uspešnost',
    performanceFeeText: (p) =>
      p ? `${p} vrednosti vaše naložbe na leto.` : 'Za ta produkt se provizija za uspešnost ne zaračuna.',
    holdHeading: 'Koliko časa naj ga imam in ali lahko denar dvignem predčasno?',
    complaintsHeading: 'Kako se lahko pritožim?',
    otherHeading: 'Druge pomembne informacije',
  },
  kiid: {
    title: 'Ključne informacije za vlagatelje',
    intro:
      'Ta dokument vsebuje ključne informacije za vlagatelje v ta sklad. Ne gre za tržno gradivo. Informacije zahteva zakon, da bi vam pomagale razumeti naravo in tveganja naložbe v ta sklad.',
    managementCompany: 'Družba za upravljanje:',
    objectivesHeading: 'Cilji in naložbena politika',
    benchmark: 'Referenčni indeks:',
    riskHeading: 'Profil tveganosti in donosnosti',
    lowerHigher: ['Nižje tveganje', 'Višje tveganje'],
    category: (n) => `Sklad je uvrščen v kategorijo ${n} zaradi narave svojih naložb.`,
    chargesHeading: 'Stroški',
    oneOff: 'Enkratni stroški pred naložbo ali po njej',
    entry: 'Vstopni stroški',
    exit: 'Izstopni stroški',
    none: 'Brez',
    yearly: 'Stroški, ki se krijejo iz sklada v enem letu',
    ongoing: ['Tekoči', 'stroški'],
    conditional: 'Stroški, ki se krijejo iz sklada pod določenimi posebnimi pogoji',
    performanceFee: 'Provizija za uspešnost',
    practicalHeading: 'Praktične informacije',
    accurate: (d) => `Te ključne informacije za vlagatelje so točne na dan ${d}.`,
  },
};

import type { KeyDocumentWording } from './types';

/** Croatian: KIDs and KIIDs as Croatian UCITS management companies print them. */

const RISK_LEVELS = ['najniži', 'niski', 'nisko-srednji', 'srednji', 'srednje-visoki', 'visoki', 'najviši'];

/** "nakon 1 godine", "nakon 3 godine", "nakon 5 godina": the genitive after "nakon". */
const afterYears = (y: string) => y.replace(/^1 godina$/, '1 godine');

export const hr: KeyDocumentWording = {
  locale: 'hr-HR',
  percentSpace: true,
  kid: {
    title: 'Dokument s ključnim informacijama',
    purposeHeading: 'Svrha',
    purpose:
      'U ovom se dokumentu nalaze ključne informacije o ovom investicijskom proizvodu. Ovo nije promidžbeni materijal. Ove su informacije propisane zakonom kako bi vam se pomoglo da razumijete prirodu, rizike, troškove te potencijalne dobitke i gubitke povezane s ovim proizvodom i kako bi vam se pomoglo da ga usporedite s drugim proizvodima.',
    productHeading: 'Proizvod',
    product: (name, isin, manager) => [`Naziv proizvoda: ${name}`, `ISIN: ${isin}`, `Proizvođač PRIIP-a: ${manager}`],
    dated: (d) => `Datum izrade dokumenta s ključnim informacijama: ${d}`,
    whatHeading: 'Što je ovaj proizvod?',
    type: (t) => `Vrsta: ${t}`,
    objectives: 'Ciljevi:',
    benchmark: 'Referentna vrijednost:',
    sfdr: (a) =>
      `Fond je razvrstan kao proizvod iz članka ${a} Uredbe (EU) 2019/2088 o objavama povezanima s održivosti u sektoru financijskih usluga.`,
    risksHeading: 'Koji su rizici i što mogu dobiti zauzvrat?',
    riskIndicator: 'Pokazatelj rizika',
    lowerHigher: ['Niži rizik', 'Viši rizik'],
    assumption: (y) => `Pokazatelj rizika temelji se na pretpostavci da ćete proizvod držati ${y}.`,
    classified: (n) => `Ovaj smo proizvod svrstali u razred ${n} od 7, što je ${RISK_LEVELS[n - 1]} razred rizika.`,
    rhp: 'Preporučeno razdoblje držanja:',
    example: 'Primjer ulaganja:',
    years: (n) => `${n} ${n === 1 ? 'godina' : n < 5 ? 'godine' : 'godina'}`,
    scenarios: ['Scenariji', 'Scenarij stresa', 'Nepovoljni scenarij', 'Umjereni scenarij', 'Povoljni scenarij'],
    exitAfter: (y) => `Ako izađete nakon ${afterYears(y)}`,
    averageReturn: 'Prosječni godišnji prinos',
    costsHeading: 'Koji su troškovi?',
    costsOverTime: 'Troškovi tijekom vremena',
    totalCosts: 'Ukupni troškovi',
    annualImpact: 'Godišnji učinak troškova (*)',
    footnote: (b, a) =>
      `(*) Prikazuje kako troškovi svake godine smanjuju vaš prinos tijekom razdoblja držanja. Na primjer, prikazuje da ako izađete na kraju preporučenog razdoblja držanja, predviđa se da će vaš prosječni godišnji prinos biti ${b} prije troškova i ${a} nakon troškova.`,
    composition: 'Sastav troškova',
    oneOff: 'Jednokratni troškovi ulaska ili izlaska',
    entry: 'Troškovi ulaska',
    entryText: (p) =>
      p ? `${p} iznosa koji plaćate pri ulasku u ovo ulaganje.` : 'Ne naplaćujemo naknadu za ulazak u ovaj proizvod.',
    exit: 'Troškovi izlaska',
    exitText: (p) =>
      p ? `${p} vašeg ulaganja prije nego što vam se isplati.` : 'Ne naplaćujemo naknadu za izlazak iz ovog proizvoda.',
    ongoingHeading: 'Tekući troškovi koji se naplaćuju svake godine',
    management: ['Naknade za upravljanje i drugi administrativni', 'ili operativni troškovi'],
    perYear: (p) =>
      `${p} vrijednosti vašeg ulaganja godišnje. Riječ je o procjeni na temelju stvarnih troškova tijekom prošle godine.`,
    transaction: 'Transakcijski troškovi',
    transactionText: (p) =>
      `${p} vrijednosti vašeg ulaganja godišnje. Riječ je o procjeni troškova koji nastaju kada kupujemo i prodajemo temeljna ulaganja proizvoda.`,
    incidental: 'Sporedni troškovi koji se naplaćuju pod posebnim uvjetima',
    performanceFee: 'Naknade za uspješnost',
    performanceFeeText: (p) =>
      p ? `${p} vrijednosti vašeg ulaganja godišnje.` : 'Za ovaj se proizvod ne naplaćuje naknada za uspješnost.',
    holdHeading: 'Koliko dugo trebam držati proizvod i mogu li novac podići prijevremeno?',
    complaintsHeading: 'Kako mogu podnijeti pritužbu?',
    otherHeading: 'Ostale relevantne informacije',
  },
  kiid: {
    title: 'Ključne informacije za ulagatelje',
    intro:
      'Ovaj dokument sadrži ključne informacije za ulagatelje o ovom fondu. Ovo nije promidžbeni materijal. Informacije su propisane zakonom kako bi vam se pomoglo da razumijete prirodu i rizike ulaganja u ovaj fond.',
    managementCompany: 'Društvo za upravljanje:',
    objectivesHeading: 'Ciljevi i investicijska politika',
    benchmark: 'Referentni indeks:',
    riskHeading: 'Profil rizičnosti i uspješnosti',
    lowerHigher: ['Niži rizik', 'Viši rizik'],
    category: (n) => `Fond je razvrstan u kategoriju ${n} zbog prirode svojih ulaganja.`,
    chargesHeading: 'Naknade',
    oneOff: 'Jednokratne naknade koje se naplaćuju prije ili nakon ulaganja',
    entry: 'Ulazna naknada',
    exit: 'Izlazna naknada',
    none: 'Nema',
    yearly: 'Naknade koje se naplaćuju iz fonda tijekom godine',
    ongoing: ['Tekuće', 'naknade'],
    conditional: 'Naknade koje se naplaćuju iz fonda pod određenim posebnim uvjetima',
    performanceFee: 'Naknada za uspješnost',
    practicalHeading: 'Praktične informacije',
    // The date prints with its full stop ("16. veljače 2026."): the sentence ends there.
    accurate: (d) => `Ove ključne informacije za ulagatelje točne su na dan ${d}`,
  },
};

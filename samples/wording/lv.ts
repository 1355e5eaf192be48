import type { KeyDocumentWording } from './types';

/** "1 gads", "21 gads", but "5 gadi", "11 gadi": numbers ending in 1 (not 11) take the singular. */
const singular = (n: number) => n % 10 === 1 && n % 100 !== 11;

/** Intl prints the nominative ("2026. gada 16. februāris"); "as at" takes the locative ("16. februārī"). */
const locative = (date: string) => date.replace(/is$/, 'ī').replace(/js$/, 'jā').replace(/ts$/, 'tā');

/** Latvian: a pamatinformācijas dokuments and pamatinformācija ieguldītājiem, as Riga managers print them. */
export const lv: KeyDocumentWording = {
  locale: 'lv-LV',
  percentSpace: false,
  kid: {
    title: 'Pamatinformācijas dokuments',
    purposeHeading: 'Mērķis',
    purpose:
      'Šajā dokumentā ir sniegta pamatinformācija par šo ieguldījumu produktu. Tas nav tirgvedības materiāls. Informācijas sniegšana ir paredzēta tiesību aktos, lai palīdzētu jums izprast šā produkta būtību, riskus, izmaksas, iespējamo peļņu un zaudējumus un lai palīdzētu jums to salīdzināt ar citiem produktiem.',
    productHeading: 'Produkts',
    product: (name, isin, manager) => [
      `Produkta nosaukums: ${name}`,
      `ISIN: ${isin}`,
      `PRIIP ražotājs: ${manager}`,
      'Latvijas Banka ir atbildīga par PRIIP ražotāja uzraudzību saistībā ar šo pamatinformācijas dokumentu.',
    ],
    dated: (date) => `Šis dokuments sagatavots ${locative(date)}.`,
    whatHeading: 'Kas ir šis produkts?',
    type: (t) => `Veids: ${t}`,
    objectives: 'Mērķi:',
    benchmark: 'Etalonindekss:',
    sfdr: (a) =>
      `Fonds ir klasificēts saskaņā ar Regulas (ES) 2019/2088 par ilgtspējas informācijas atklāšanu finanšu pakalpojumu nozarē (SFDR) ${a}. pantu.`,
    risksHeading: 'Kādi ir riski un ko es varētu iegūt pretī?',
    riskIndicator: 'Riska rādītājs',
    lowerHigher: ['Zemāks risks', 'Augstāks risks'],
    assumption: (y) =>
      `Riska rādītājs pieņem, ka jūs paturēsiet produktu ${y.replace(/gadi$/, 'gadus').replace(/gads$/, 'gadu')}.`,
    classified: (n) =>
      `Mēs esam klasificējuši šo produktu kā ${n} no 7, kas ir ${['ļoti zema', 'zema', 'vidēji zema', 'vidēja', 'vidēji augsta', 'augsta', 'ļoti augsta'][n - 1]} riska klase.`,
    rhp: 'Ieteicamais turēšanas periods:',
    example: 'Ieguldījuma piemērs:',
    years: (n) => `${n} ${singular(n) ? 'gads' : 'gadi'}`,
    scenarios: ['Scenāriji', 'Spriedzes scenārijs', 'Nelabvēlīgs scenārijs', 'Mērens scenārijs', 'Labvēlīgs scenārijs'],
    exitAfter: (y) => `Ja izstājaties pēc ${y.replace(/gadi$/, 'gadiem').replace(/gads$/, 'gada')}`,
    averageReturn: 'Vidējā atdeve katru gadu',
    costsHeading: 'Kādas ir izmaksas?',
    costsOverTime: 'Izmaksas laika gaitā',
    totalCosts: 'Kopējās izmaksas',
    annualImpact: 'Ikgadējā izmaksu ietekme (*)',
    footnote: (b, a) =>
      `(*) Tas parāda, kā izmaksas katru gadu samazina jūsu atdevi turēšanas periodā. Piemēram, tas parāda, ka, ja jūs izstājaties ieteicamā turēšanas perioda beigās, jūsu prognozētā vidējā gada atdeve ir ${b} pirms izmaksām un ${a} pēc izmaksām.`,
    composition: 'Izmaksu struktūra',
    oneOff: 'Vienreizējas iestāšanās vai izstāšanās izmaksas',
    entry: 'Iestāšanās izmaksas',
    entryText: (p) =>
      p
        ? `${p} no summas, ko jūs maksājat, sākot šo ieguldījumu.`
        : 'Mēs neiekasējam iestāšanās maksu par šo produktu.',
    exit: 'Izstāšanās izmaksas',
    exitText: (p) =>
      p
        ? `${p} no jūsu ieguldījuma, pirms tas tiek jums izmaksāts.`
        : 'Mēs neiekasējam izstāšanās maksu par šo produktu.',
    ongoingHeading: 'Regulāras izmaksas, kas tiek ieturētas katru gadu',
    management: ['Pārvaldības komisijas maksas un citas', 'administratīvās vai darbības izmaksas'],
    perYear: (p) =>
      `${p} no jūsu ieguldījuma vērtības gadā. Šis ir aplēses rādītājs, kura pamatā ir faktiskās izmaksas pēdējā gadā.`,
    transaction: 'Darījumu izmaksas',
    transactionText: (p) =>
      `${p} no jūsu ieguldījuma vērtības gadā. Šis ir aplēses rādītājs izmaksām, kas rodas, kad mēs pērkam un pārdodam produkta pamatā esošos ieguldījumus.`,
    incidental: 'Papildu izmaksas, kas ieturētas īpašos apstākļos',
    performanceFee: 'Maksas par darbības rezultātiem',
    performanceFeeText: (p) =>
      p ? `${p} no jūsu ieguldījuma vērtības gadā.` : 'Šim produktam nav maksas par darbības rezultātiem.',
    holdHeading: 'Cik ilgi man tas būtu jātur un vai es varu izņemt naudu agrāk?',
    complaintsHeading: 'Kā es varu iesniegt sūdzību?',
    otherHeading: 'Cita būtiska informācija',
  },
  kiid: {
    title: 'Pamatinformācija ieguldītājiem',
    intro:
      'Šajā dokumentā ir sniegta pamatinformācija ieguldītājiem par šo fondu. Tas nav tirgvedības materiāls. Šī informācija ir paredzēta tiesību aktos, lai palīdzētu jums izprast ieguldījuma šajā fondā būtību un riskus.',
    managementCompany: 'Ieguldījumu pārvaldes sabiedrība:',
    objectivesHeading: 'Mērķi un ieguldījumu politika',
    benchmark: 'Etalonindekss:',
    riskHeading: 'Riska un ienesīguma profils',
    lowerHigher: ['Zemāks risks', 'Augstāks risks'],
    category: (n) =>
      `Fonds ir iekļauts ${n}. kategorijā, jo tā daļu vērtība pagātnē ir svārstījusies atbilstoši šai kategorijai.`,
    chargesHeading: 'Maksas',
    oneOff: 'Vienreizējas maksas, kas iekasētas pirms vai pēc ieguldījuma veikšanas',
    entry: 'Pirkšanas maksa',
    exit: 'Pārdošanas maksa',
    none: 'Nav',
    yearly: 'Maksas, ko fonds iekasē gada laikā',
    ongoing: ['Pastāvīgās', 'maksas'],
    conditional: 'Maksas, ko fonds iekasē īpašos apstākļos',
    performanceFee: 'Maksa par darbības rezultātiem',
    practicalHeading: 'Praktiskā informācija',
    accurate: (d) => `Šī pamatinformācija ieguldītājiem ir patiesa un precīza ${locative(d)}.`,
  },
};

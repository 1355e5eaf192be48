import type { KeyDocumentWording } from './types';

/** "16. veebruar 2026" -> "16. veebruaril 2026": a date in a sentence takes the adessive ("on 16 February"). */
const adessive = (date: string) => date.replace(/(\p{L}+)( \d{4})$/u, '$1il$2');

/** "5 aastat" -> "5 aasta": the genitive "pärast" ("after") asks for. */
const genitive = (years: string) => years.replace(/aastat$/, 'aasta');

/** Estonian: põhiteabedokument (PRIIPs) and põhiteave investoritele (UCITS) as Tallinn fund managers print them. */
export const et: KeyDocumentWording = {
  locale: 'et-EE',
  percentSpace: false,
  kid: {
    title: 'Põhiteabedokument',
    purposeHeading: 'Eesmärk',
    purpose:
      'Käesolevas dokumendis esitatakse teile põhiteave selle investeerimistoote kohta. See ei ole turundusmaterjal. Teabe esitamine on seadusega ette nähtud, et aidata teil mõista selle toote olemust, riske, kulusid, võimalikku kasu ja kahju ning võrrelda seda muude toodetega.',
    productHeading: 'Toode',
    product: (name, isin, manager) => [
      `Toote nimi: ${name}`,
      `ISIN: ${isin}`,
      `PRIIPi koostaja: ${manager}`,
      'Finantsinspektsioon vastutab PRIIPi koostaja järelevalve eest seoses käesoleva põhiteabedokumendiga.',
    ],
    dated: (d) => `Käesolev põhiteabedokument on koostatud ${adessive(d)}.`,
    whatHeading: 'Mis toode see on?',
    type: (t) => `Liik: ${t}`,
    objectives: 'Eesmärgid:',
    benchmark: 'Võrdlusindeks:',
    sfdr: (a) =>
      `Fond on liigitatud kestlikkusega seotud avalikustamise kohta finantsteenuste sektoris käsitleva määruse (EL) 2019/2088 artikli ${a} kohaseks tooteks.`,
    risksHeading: 'Millised on riskid ja mida võiksin saada vastu?',
    riskIndicator: 'Riskinäitaja',
    lowerHigher: ['Madalam risk', 'Kõrgem risk'],
    assumption: (y) => `Riskinäitaja eeldab, et hoiate toodet ${y}.`,
    classified: (n) =>
      `Oleme liigitanud selle toote riskiklassi ${n} seitsmest, mis on ${['väga madal', 'madal', 'madal kuni keskmine', 'keskmine', 'keskmisest kõrgem', 'kõrge', 'väga kõrge'][n - 1]} riskiklass.`,
    rhp: 'Soovitatav hoidmisperiood:',
    example: 'Investeeringu näide:',
    years: (n) => (n === 1 ? '1 aasta' : `${n} aastat`),
    scenarios: [
      'Stsenaariumid',
      'Stressistsenaarium',
      'Ebasoodne stsenaarium',
      'Mõõdukas stsenaarium',
      'Soodne stsenaarium',
    ],
    exitAfter: (y) => `Kui väljute ${genitive(y)} pärast`,
    averageReturn: 'Keskmine tootlus aastas',
    costsHeading: 'Millised on kulud?',
    costsOverTime: 'Kulud aja jooksul',
    totalCosts: 'Kogukulud',
    annualImpact: 'Iga-aastane kulude mõju (*)',
    footnote: (b, a) =>
      `(*) See näitab, kuidas kulud vähendavad teie tootlust igal aastal hoidmisperioodi jooksul. Näiteks kui väljute soovitatava hoidmisperioodi lõpus, on teie prognoositav keskmine aastane tootlus enne kulusid ${b} ja pärast kulusid ${a}.`,
    composition: 'Kulude struktuur',
    oneOff: 'Ühekordsed sisenemis- või väljumiskulud',
    entry: 'Sisenemiskulud',
    entryText: (p) =>
      p ? `${p} summast, mille maksate investeeringu tegemisel.` : 'Me ei võta selle toote eest sisenemiskulusid.',
    exit: 'Väljumiskulud',
    exitText: (p) =>
      p ? `${p} teie investeeringust enne selle väljamaksmist.` : 'Me ei võta selle toote eest väljumiskulusid.',
    ongoingHeading: 'Igal aastal võetavad jooksvad kulud',
    management: ['Valitsemistasud ja muud', 'haldus- või tegevuskulud'],
    perYear: (p) =>
      `${p} teie investeeringu väärtusest aastas. See on hinnang, mis põhineb eelmise aasta tegelikel kuludel.`,
    transaction: 'Tehingukulud',
    transactionText: (p) =>
      `${p} teie investeeringu väärtusest aastas. See on hinnang kuludele, mis tekivad toote aluseks olevate investeeringute ostmisel ja müümisel.`,
    incidental: 'Konkreetsetel tingimustel võetavad lisakulud',
    performanceFee: 'Tulemustasud',
    performanceFeeText: (p) =>
      p ? `${p} teie investeeringu väärtusest aastas.` : 'Selle toote puhul tulemustasu ei võeta.',
    holdHeading: 'Kui kaua ma peaksin toodet hoidma ja kas ma saan raha varem välja võtta?',
    complaintsHeading: 'Kuidas saan esitada kaebuse?',
    otherHeading: 'Muu asjakohane teave',
  },
  kiid: {
    title: 'Põhiteave investoritele',
    intro:
      'Käesolevas dokumendis esitatakse investoritele põhiteave selle fondi kohta. See ei ole turundusmaterjal. Teabe esitamine on seadusega ette nähtud, et aidata teil mõista sellesse fondi investeerimise olemust ja sellega seotud riske.',
    managementCompany: 'Fondivalitseja:',
    objectivesHeading: 'Eesmärgid ja investeerimispoliitika',
    benchmark: 'Võrdlusindeks:',
    riskHeading: 'Riski- ja tootlusprofiil',
    lowerHigher: ['Madalam risk', 'Kõrgem risk'],
    category: (n) =>
      `Fond kuulub kategooriasse ${n}, kuna fondi osakute väärtus on ajalooliselt sellele kategooriale vastavalt kõikunud.`,
    chargesHeading: 'Tasud',
    oneOff: 'Enne või pärast investeerimist võetavad ühekordsed tasud',
    entry: 'Sisenemistasu',
    exit: 'Väljumistasu',
    none: 'Puudub',
    yearly: 'Fondist aasta jooksul võetavad tasud',
    ongoing: ['Jooksvad', 'tasud'],
    conditional: 'Fondist teatavatel eritingimustel võetavad tasud',
    performanceFee: 'Tulemustasu',
    practicalHeading: 'Praktiline teave',
    accurate: (d) => `Käesolev põhiteave investoritele on õige ja ajakohane seisuga ${d}.`,
  },
};

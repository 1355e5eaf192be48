import type { KeyDocumentWording } from './types';

/** "5 vuotta" -> "5 vuoden": the genitive a postposition ("jälkeen", "ajan") asks for. */
const genitive = (years: string) => years.replace(/vuosi|vuotta/, 'vuoden');

/** Finnish: avaintietoasiakirja (PRIIPs) and avaintietoesite (UCITS) as Helsinki fund companies print them. */
export const fi: KeyDocumentWording = {
  locale: 'fi-FI',
  percentSpace: true,
  kid: {
    title: 'Avaintietoasiakirja',
    purposeHeading: 'Tarkoitus',
    purpose:
      'Tässä asiakirjassa annetaan tätä sijoitustuotetta koskevat avaintiedot. Tämä ei ole markkinointiaineistoa. Tiedot vaaditaan lain nojalla, jotta voisit paremmin ymmärtää tämän tuotteen luonteen, riskit, kulut sekä mahdolliset tuotot ja tappiot ja verrata sitä muihin tuotteisiin.',
    productHeading: 'Tuote',
    // The fund and its management company named in sentences, with defined terms.
    product: (name, isin, manager) => [
      `${name} (”rahasto”), ISIN: ${isin}`,
      `Rahastoa hallinnoi ${manager} (”rahastoyhtiö”).`,
      'Finanssivalvonta vastaa rahastoyhtiön valvonnasta tämän avaintietoasiakirjan osalta.',
    ],
    dated: (d) => `Tämä avaintietoasiakirja on laadittu ${d}.`,
    whatHeading: 'Mikä tämä tuote on?',
    type: (t) => `Tyyppi: ${t}`,
    objectives: 'Tavoitteet:',
    benchmark: 'Vertailuindeksi:',
    sfdr: (a) =>
      `Rahasto on kestävyyteen liittyvien tietojen antamisesta rahoituspalvelusektorilla annetun asetuksen (EU) 2019/2088 ${a} artiklan mukainen tuote.`,
    risksHeading: 'Mitkä ovat riskit ja mitä voisin saada vastineeksi?',
    riskIndicator: 'Riski-indikaattori',
    lowerHigher: ['Pienempi riski', 'Suurempi riski'],
    assumption: (y) => `Riski-indikaattorissa oletetaan, että pidät tuotteen ${genitive(y)} ajan.`,
    classified: (n) =>
      `Olemme luokitelleet tämän tuotteen riskiluokkaan ${n} asteikolla 1–7, mikä on ${['erittäin matala', 'matala', 'matala tai keskitasoinen', 'keskitasoinen', 'keskitasoinen tai korkea', 'korkea', 'erittäin korkea'][n - 1]} riskiluokka.`,
    rhp: 'Suositeltu sijoitusaika:',
    example: 'Sijoitusesimerkki:',
    years: (n) => (n === 1 ? '1 vuosi' : `${n} vuotta`),
    scenarios: [
      'Skenaariot',
      'Stressiskenaario',
      'Epäsuotuisa skenaario',
      'Maltillinen skenaario',
      'Suotuisa skenaario',
    ],
    exitAfter: (y) => `Jos irtaudut ${genitive(y)} jälkeen`,
    averageReturn: 'Keskimääräinen vuosituotto',
    costsHeading: 'Mitkä ovat kulut?',
    costsOverTime: 'Kulut ajan mittaan',
    totalCosts: 'Kokonaiskulut',
    annualImpact: 'Vuotuinen kulujen vaikutus (*)',
    footnote: (b, a) =>
      `(*) Tämä havainnollistaa, miten kulut pienentävät tuottoasi vuosittain sijoitusaikana. Jos esimerkiksi irtaudut suositellun sijoitusajan päättyessä, keskimääräisen vuotuisen tuottosi ennustetaan olevan ${b} ennen kuluja ja ${a} kulujen jälkeen.`,
    composition: 'Kulujen rakenne',
    oneOff: 'Kertaluonteiset kulut sijoitusta tehtäessä tai siitä irtauduttaessa',
    entry: 'Merkintäkulut',
    entryText: (p) => (p ? `${p} summasta, jonka maksat sijoitusta tehdessäsi.` : 'Emme veloita merkintäkuluja.'),
    exit: 'Lunastuskulut',
    exitText: (p) =>
      p ? `${p} sijoituksestasi ennen kuin se maksetaan sinulle.` : 'Emme veloita tästä tuotteesta lunastuskuluja.',
    ongoingHeading: 'Vuosittain veloitettavat jatkuvat kulut',
    management: ['Hallinnointipalkkiot ja muut', 'hallinto- tai toimintakulut'],
    perYear: (p) =>
      `${p} sijoituksesi arvosta vuodessa. Tämä on arvio, joka perustuu edellisen vuoden toteutuneisiin kuluihin.`,
    transaction: 'Transaktiokulut',
    transactionText: (p) =>
      `${p} sijoituksesi arvosta vuodessa. Tämä on arvio kuluista, jotka aiheutuvat, kun ostamme ja myymme tuotteen kohde-etuutena olevia sijoituksia.`,
    incidental: 'Satunnaiskulut, jotka veloitetaan erityisolosuhteissa',
    performanceFee: 'Tuottosidonnaiset palkkiot',
    performanceFeeText: (p) =>
      p ? `${p} sijoituksesi arvosta vuodessa.` : 'Tähän tuotteeseen ei liity tuottosidonnaista palkkiota.',
    holdHeading: 'Kuinka kauan minun olisi pidettävä sijoitus ja voinko nostaa rahaa ennenaikaisesti?',
    complaintsHeading: 'Miten voin tehdä valituksen?',
    otherHeading: 'Muut olennaiset tiedot',
  },
  kiid: {
    title: 'Avaintietoesite',
    intro:
      'Tässä esitteessä annetaan sijoittajalle keskeisiä tietoja tästä rahastosta. Se ei ole markkinointiaineistoa. Tiedot ovat lakisääteisiä, ja niiden tarkoituksena on auttaa ymmärtämään, mitä sijoittaminen tähän rahastoon merkitsee ja mitä riskejä siihen liittyy.',
    managementCompany: 'Rahastoyhtiö:',
    objectivesHeading: 'Tavoitteet ja sijoituspolitiikka',
    benchmark: 'Vertailuindeksi:',
    riskHeading: 'Riski- ja tuottoprofiili',
    lowerHigher: ['Pienempi riski', 'Suurempi riski'],
    category: (n) =>
      `Rahasto kuuluu luokkaan ${n}, koska rahasto-osuuden arvo on historiallisesti vaihdellut tämän luokan mukaisesti.`,
    chargesHeading: 'Kulut',
    oneOff: 'Ennen sijoitusta tai sen jälkeen veloitettavat kertaluonteiset kulut',
    entry: 'Merkintäpalkkio',
    exit: 'Lunastuspalkkio',
    none: 'Ei ole',
    yearly: 'Rahastosta vuoden aikana veloitettavat kulut',
    ongoing: ['Juoksevat', 'kulut'],
    conditional: 'Rahastosta erityistilanteissa veloitettavat kulut',
    performanceFee: 'Tuottosidonnainen palkkio',
    practicalHeading: 'Käytännön tiedot',
    accurate: (d) => `Nämä avaintiedot ovat paikkansapitäviä ja ajantasaisia ${d}.`,
  },
};

import type { KeyDocumentWording } from './types';

/** "a 4. osztály" but "az 1. osztály", "az 5. osztály": the article follows the number as it is read aloud. */
const article = (n: number) => (n === 1 || n === 5 ? 'az' : 'a');

/** Hungarian: a kiemelt információkat tartalmazó dokumentum and kiemelt befektetői információk as Budapest managers print them. */
export const hu: KeyDocumentWording = {
  locale: 'hu-HU',
  percentSpace: false,
  kid: {
    title: 'Kiemelt információkat tartalmazó dokumentum',
    purposeHeading: 'Cél',
    purpose:
      'Ez a dokumentum kiemelt információkat tartalmaz Önnek erről a befektetési termékről. Nem marketinganyag. Ezeket az információkat jogszabály írja elő annak érdekében, hogy segítsen Önnek megérteni e termék jellegét, kockázatait, költségeit, lehetséges nyereségét és veszteségét, valamint összehasonlítani más termékekkel.',
    productHeading: 'Termék',
    product: (name, isin, manager) => [
      `Termék neve: ${name}`,
      `ISIN: ${isin}`,
      `PRIIP-előállító: ${manager}`,
      'További információért hívja a +36 1 555 0100 telefonszámot.',
    ],
    dated: (date) => `A dokumentum készítésének dátuma: ${date}`,
    whatHeading: 'Mi ez a termék?',
    type: (t) => `Típus: ${t}`,
    objectives: 'Célkitűzések:',
    benchmark: 'Referenciaindex:',
    sfdr: (a) =>
      `Az alap a pénzügyi szolgáltatási ágazatban a fenntarthatósággal kapcsolatos közzétételekről szóló (EU) 2019/2088 rendelet ${a}. cikke szerinti termék.`,
    risksHeading: 'Milyen kockázatokkal jár, és mit kaphatok cserébe?',
    riskIndicator: 'Kockázati mutató',
    lowerHigher: ['Alacsonyabb kockázat', 'Magasabb kockázat'],
    assumption: (y) => `A kockázati mutató azt feltételezi, hogy Ön ${y}ig tartja a terméket.`,
    classified: (n) =>
      `Ezt a terméket a 7 osztályból ${article(n)} ${n}. osztályba soroltuk, ami ${['a legalacsonyabb', 'alacsony', 'alacsony és közepes közötti', 'közepes', 'közepes és magas közötti', 'magas', 'a legmagasabb'][n - 1]} kockázati osztály.`,
    rhp: 'Ajánlott tartási időszak:',
    example: 'Befektetési példa:',
    years: (n) => `${n} év`,
    scenarios: [
      'Forgatókönyvek',
      'Stresszforgatókönyv',
      'Kedvezőtlen forgatókönyv',
      'Mérsékelt forgatókönyv',
      'Kedvező forgatókönyv',
    ],
    exitAfter: (y) => `Ha Ön ${y} után kiszáll`,
    averageReturn: 'Átlagos éves hozam',
    costsHeading: 'Milyen költségek merülnek fel?',
    costsOverTime: 'Költségek az idő során',
    totalCosts: 'Összköltség',
    annualImpact: 'Éves költséghatás (*)',
    footnote: (b, a) =>
      `(*) Ez azt szemlélteti, hogy a költségek miként csökkentik az Ön hozamát évente a tartási időszak alatt. Ha Ön az ajánlott tartási időszak végén kiszáll, átlagos éves hozama az előrejelzések szerint a költségek levonása előtt ${b}, a költségek levonása után ${a} lesz.`,
    composition: 'A költségek összetétele',
    oneOff: 'Egyszeri belépési vagy kilépési költségek',
    entry: 'Belépési költségek',
    entryText: (p) =>
      p
        ? `Az Ön által a befektetéskor fizetett összeg ${p}-a.`
        : 'Erre a termékre nem számítunk fel belépési költséget.',
    exit: 'Kilépési költségek',
    exitText: (p) =>
      p
        ? `Befektetésének ${p}-a, mielőtt azt kifizetnék Önnek.`
        : 'Erre a termékre nem számítunk fel kilépési költséget.',
    ongoingHeading: 'Évente felmerülő folyamatos költségek',
    management: ['Kezelési díjak és egyéb adminisztratív', 'vagy működési költségek'],
    perYear: (p) => `Befektetése értékének évi ${p}-a. Ez az előző évi tényleges költségeken alapuló becslés.`,
    transaction: 'Ügyleti költségek',
    transactionText: (p) =>
      `Befektetése értékének évi ${p}-a. Ez azoknak a költségeknek a becslése, amelyek akkor merülnek fel, amikor a termék mögöttes befektetéseit megvásároljuk és eladjuk.`,
    incidental: 'Meghatározott feltételek esetén felmerülő járulékos költségek',
    performanceFee: 'Teljesítménydíjak',
    performanceFeeText: (p) =>
      p ? `Befektetése értékének évi ${p}-a.` : 'Erre a termékre teljesítménydíj nem vonatkozik.',
    holdHeading: 'Mennyi ideig kell tartanom, és kivehetem-e korábban a pénzemet?',
    complaintsHeading: 'Hogyan tehetek panaszt?',
    otherHeading: 'Egyéb releváns információk',
  },
  kiid: {
    title: 'Kiemelt befektetői információk',
    intro:
      'Ez a dokumentum az alapra vonatkozó kiemelt befektetői információkat tartalmazza. Nem marketinganyag. Az információk jogszabályi előíráson alapulnak, és segítenek megérteni az alapba történő befektetés jellegét és kockázatait.',
    managementCompany: 'Alapkezelő:',
    objectivesHeading: 'Célkitűzések és befektetési politika',
    benchmark: 'Referenciaindex:',
    riskHeading: 'Kockázati és nyereségprofil',
    lowerHigher: ['Alacsonyabb kockázat', 'Magasabb kockázat'],
    category: (n) =>
      `Az alap ${article(n)} ${n}. kockázati kategóriába tartozik, mert befektetéseinek jellegéből adódóan árfolyama a múltban ennek megfelelően ingadozott.`,
    chargesHeading: 'Díjak',
    oneOff: 'A befektetés előtt vagy után felszámított egyszeri díjak',
    entry: 'Belépési díj',
    exit: 'Kilépési díj',
    none: 'Nincs',
    yearly: 'Az alapból egy év alatt levont díjak',
    ongoing: ['Folyó', 'költségek'],
    conditional: 'Az alapból bizonyos különleges feltételek mellett levont díjak',
    performanceFee: 'Teljesítménydíj',
    practicalHeading: 'Gyakorlati információk',
    // "2026. február 16." -> "2026. február 16-i állapotnak".
    accurate: (d) => `Ezek a kiemelt befektetői információk ${d.replace(/\.$/, '')}-i állapotnak felelnek meg.`,
  },
};

import type { KeyDocumentWording } from './types';

/** "1 an", "5 ani", "20 de ani": from twenty on, Romanian puts "de" before the noun. */
const years = (n: number) => `${n} ${n === 1 ? 'an' : n % 100 >= 20 ? 'de ani' : 'ani'}`;

/** Romanian: a document cu informații esențiale and informații cheie destinate investitorilor, as Bucharest SAIs print them. */
export const ro: KeyDocumentWording = {
  locale: 'ro-RO',
  percentSpace: true,
  kid: {
    title: 'Document cu informații esențiale',
    purposeHeading: 'Scop',
    purpose:
      'Prezentul document vă oferă informații esențiale cu privire la acest produs de investiții. Acesta nu este un material de marketing. Informațiile vă sunt furnizate în temeiul unei obligații legale, pentru a vă ajuta să înțelegeți natura, riscurile, costurile, potențialele câștiguri și pierderi aferente acestui produs și pentru a vă ajuta să îl comparați cu alte produse.',
    productHeading: 'Produs',
    product: (name, isin, manager) => [
      `Denumirea produsului: ${name}`,
      `Cod ISIN: ${isin}`,
      `Fondul este administrat de ${manager}, care face parte din grupul Sample.`,
      'Autoritatea de Supraveghere Financiară (ASF) este responsabilă de supravegherea producătorului în ceea ce privește prezentul document.',
    ],
    dated: (date) => `Data elaborării documentului cu informații esențiale: ${date}`,
    whatHeading: 'Ce este acest produs?',
    type: (t) => `Tip: ${t}`,
    objectives: 'Obiective:',
    benchmark: 'Indice de referință:',
    sfdr: (a) =>
      `Fondul este clasificat în conformitate cu articolul ${a} din Regulamentul (UE) 2019/2088 privind informațiile privind durabilitatea în sectorul serviciilor financiare.`,
    risksHeading: 'Care sunt riscurile și ce aș putea obține în schimb?',
    riskIndicator: 'Indicator de risc',
    lowerHigher: ['Risc mai scăzut', 'Risc mai ridicat'],
    assumption: (y) => `Indicatorul de risc presupune că păstrați produsul timp de ${y}.`,
    classified: (n) =>
      `Am clasificat acest produs în clasa de risc ${n} din 7, care este o clasă de risc ${['foarte scăzută', 'scăzută', 'medie spre scăzută', 'medie', 'medie spre ridicată', 'ridicată', 'foarte ridicată'][n - 1]}.`,
    rhp: 'Perioada de deținere recomandată:',
    example: 'Exemplu de investiție:',
    years,
    scenarios: ['Scenarii', 'Scenariul de criză', 'Scenariul nefavorabil', 'Scenariul moderat', 'Scenariul favorabil'],
    exitAfter: (y) => `Dacă ieșiți după ${y}`,
    averageReturn: 'Randamentul mediu în fiecare an',
    costsHeading: 'Care sunt costurile?',
    costsOverTime: 'Costuri în timp',
    totalCosts: 'Costuri totale',
    annualImpact: 'Impactul anual al costurilor (*)',
    footnote: (b, a) =>
      `(*) Aceasta ilustrează modul în care costurile vă reduc randamentul în fiecare an pe parcursul perioadei de deținere. De exemplu, arată că, dacă ieșiți la sfârșitul perioadei de deținere recomandate, randamentul dumneavoastră mediu anual este estimat la ${b} înainte de costuri și la ${a} după costuri.`,
    composition: 'Compoziția costurilor',
    oneOff: 'Costuri unice la intrare sau la ieșire',
    entry: 'Costuri de intrare',
    entryText: (p) =>
      p
        ? `${p} din suma pe care o plătiți atunci când intrați în această investiție.`
        : 'Nu percepem comision de intrare pentru acest produs.',
    exit: 'Costuri de ieșire',
    exitText: (p) =>
      p
        ? `${p} din investiția dumneavoastră înainte de a vă fi plătită.`
        : 'Nu percepem comision de ieșire pentru acest produs.',
    ongoingHeading: 'Costuri recurente percepute în fiecare an',
    management: ['Comisioane de administrare și alte', 'costuri administrative sau de funcționare'],
    perYear: (p) =>
      `${p} din valoarea investiției dumneavoastră pe an. Aceasta este o estimare bazată pe costurile reale din ultimul an.`,
    transaction: 'Costuri de tranzacționare',
    transactionText: (p) =>
      `${p} din valoarea investiției dumneavoastră pe an. Aceasta este o estimare a costurilor suportate atunci când cumpărăm și vindem investițiile suport ale produsului.`,
    incidental: 'Costuri accesorii percepute în condiții specifice',
    performanceFee: 'Comisioane de performanță',
    performanceFeeText: (p) =>
      p
        ? `${p} din valoarea investiției dumneavoastră pe an.`
        : 'Pentru acest produs nu se aplică niciun comision de performanță.',
    holdHeading: 'Cât timp ar trebui să îl păstrez și pot retrage banii mai devreme?',
    complaintsHeading: 'Cum pot să depun o reclamație?',
    otherHeading: 'Alte informații relevante',
  },
  kiid: {
    title: 'Informații cheie destinate investitorilor',
    intro:
      'Prezentul document conține informații cheie destinate investitorilor cu privire la acest fond. Nu este un material de marketing. Informațiile sunt prevăzute de lege pentru a vă ajuta să înțelegeți natura acestui fond și riscurile pe care le implică investiția în acesta.',
    managementCompany: 'Societatea de administrare a investițiilor:',
    objectivesHeading: 'Obiective și politica de investiții',
    benchmark: 'Indice de referință:',
    riskHeading: 'Profilul de risc și de randament',
    lowerHigher: ['Risc mai scăzut', 'Risc mai ridicat'],
    category: (n) =>
      `Fondul este încadrat în categoria ${n} deoarece valoarea unitară a activului net a înregistrat în trecut variații corespunzătoare acestei categorii.`,
    chargesHeading: 'Comisioane',
    oneOff: 'Comisioane unice percepute înainte sau după ce investiți',
    entry: 'Comision de subscriere',
    exit: 'Comision de răscumpărare',
    none: 'Niciunul',
    yearly: 'Comisioane percepute din fond pe parcursul unui an',
    ongoing: ['Cheltuieli', 'curente'],
    conditional: 'Comisioane percepute din fond în anumite condiții specifice',
    performanceFee: 'Comision de performanță',
    practicalHeading: 'Informații practice',
    accurate: (d) => `Prezentele informații cheie destinate investitorilor sunt corecte la data de ${d}.`,
  },
};

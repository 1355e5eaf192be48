import type { KeyDocumentWording } from './types';

/** "1 bhliain", "2 bhliain", "5 bliana", "7 mbliana": the noun mutates with the number. */
const years = (n: number) => `${n} ${n <= 2 ? 'bhliain' : n <= 6 ? 'bliana' : n <= 10 ? 'mbliana' : 'bliain'}`;

/** Irish: a doiciméad faisnéise ríthábhachtaí and príomhfhaisnéis don infheisteoir. */
export const ga: KeyDocumentWording = {
  locale: 'ga-IE',
  percentSpace: false,
  kid: {
    title: 'Doiciméad Faisnéise Ríthábhachtaí',
    purposeHeading: 'Cuspóir',
    purpose:
      'Soláthraítear faisnéis ríthábhachtach duit sa doiciméad seo faoin táirge infheistíochta seo. Ní ábhar margaíochta é. Éilítear an fhaisnéis seo faoin dlí chun cabhrú leat tuiscint a fháil ar chineál, ar rioscaí, ar chostais agus ar ghnóthachain agus chaillteanais fhéideartha an táirge seo agus chun cabhrú leat é a chur i gcomparáid le táirgí eile.',
    productHeading: 'Táirge',
    product: (name, isin, manager) => [
      `Ainm an táirge: ${name}`,
      `ISIN: ${isin}`,
      `Déantóir an PRIIP: ${manager}`,
      'Tá Banc Ceannais na hÉireann freagrach as maoirseacht a dhéanamh ar an déantóir i ndáil leis an doiciméad seo.',
    ],
    dated: (date) => `Dáta táirgthe an doiciméid seo: ${date}`,
    whatHeading: 'Cad é an táirge seo?',
    type: (t) => `Cineál: ${t}`,
    objectives: 'Cuspóirí:',
    benchmark: 'Tagarmharc:',
    sfdr: (a) =>
      `Tá an ciste aicmithe faoi Airteagal ${a} de Rialachán (AE) 2019/2088 maidir le nochtadh a bhaineann le hinbhuanaitheacht in earnáil na seirbhísí airgeadais.`,
    risksHeading: "Cad iad na rioscaí agus cad a d'fhéadfainn a fháil mar thoradh air?",
    riskIndicator: 'Táscaire riosca',
    lowerHigher: ['Riosca níos ísle', 'Riosca níos airde'],
    assumption: (y) => `Glactar leis sa táscaire riosca go gcoinneoidh tú an táirge ar feadh ${y}.`,
    classified: (n) =>
      `Rangaíomar an táirge seo mar ${n} as 7, arb é sin aicme riosca ${['an-íseal', 'íseal', 'íseal go meánach', 'meánach', 'meánach go hard', 'ard', 'an-ard'][n - 1]}.`,
    rhp: 'Tréimhse shealbhaithe mholta:',
    example: 'Infheistíocht shamplach:',
    years,
    scenarios: ['Cásanna', 'Cás struis', 'Cás neamhfhabhrach', 'Cás measartha', 'Cás fabhrach'],
    exitAfter: (y) => `Má scoireann tú tar éis ${y}`,
    averageReturn: 'Meántoradh gach bliain',
    costsHeading: 'Cad iad na costais?',
    costsOverTime: 'Costais le himeacht ama',
    totalCosts: 'Costais iomlána',
    annualImpact: 'Tionchar bliantúil na gcostas (*)',
    footnote: (b, a) =>
      `(*) Léirítear leis seo an chaoi a laghdaíonn costais do thoradh gach bliain le linn na tréimhse sealbhaíochta. Mar shampla, má scoireann tú ag deireadh na tréimhse sealbhaíochta molta, meastar gurb é ${b} do mheántoradh bliantúil roimh chostais agus ${a} tar éis costas.`,
    composition: 'Comhdhéanamh na gcostas',
    oneOff: 'Costais aonuaire ar theacht isteach nó ar imeacht',
    entry: 'Costais iontrála',
    entryText: (p) =>
      p
        ? `${p} den mhéid a íocann tú nuair a théann tú isteach san infheistíocht seo.`
        : 'Ní ghearraimid táille iontrála ar an táirge seo.',
    exit: 'Costais imeachta',
    exitText: (p) =>
      p ? `${p} de d'infheistíocht sula n-íoctar amach leat í.` : 'Ní ghearraimid táille imeachta ar an táirge seo.',
    ongoingHeading: 'Costais leanúnacha a bhaintear gach bliain',
    management: ['Táillí bainistíochta agus costais', 'riaracháin nó oibriúcháin eile'],
    perYear: (p) =>
      `${p} de luach d'infheistíochta in aghaidh na bliana. Is meastachán é seo bunaithe ar na costais iarbhír le bliain anuas.`,
    transaction: 'Costais idirbhirt',
    transactionText: (p) =>
      `${p} de luach d'infheistíochta in aghaidh na bliana. Is meastachán é seo ar na costais a thabhaítear nuair a cheannaímid agus a dhíolaimid na hinfheistíochtaí bunúsacha.`,
    incidental: 'Costais theagmhasacha a bhaintear faoi choinníollacha sonracha',
    performanceFee: 'Táillí feidhmíochta',
    performanceFeeText: (p) =>
      p ? `${p} de luach d'infheistíochta in aghaidh na bliana.` : 'Níl aon táille feidhmíochta ar an táirge seo.',
    holdHeading: 'Cá fhad ba cheart dom é a choinneáil agus an féidir liom airgead a bhaint amach go luath?',
    complaintsHeading: 'Conas is féidir liom gearán a dhéanamh?',
    otherHeading: 'Faisnéis ábhartha eile',
  },
  kiid: {
    title: 'Príomhfhaisnéis don Infheisteoir',
    intro:
      'Soláthraítear príomhfhaisnéis don infheisteoir sa doiciméad seo faoin gciste seo. Ní ábhar margaíochta é. Éilítear an fhaisnéis faoin dlí chun cabhrú leat tuiscint a fháil ar chineál an chiste seo agus ar na rioscaí a bhaineann le hinfheistíocht ann.',
    managementCompany: 'Cuideachta bhainistíochta:',
    objectivesHeading: 'Cuspóirí agus beartas infheistíochta',
    benchmark: 'Tagarmharc:',
    riskHeading: 'Próifíl riosca agus luaíochta',
    lowerHigher: ['Riosca níos ísle', 'Riosca níos airde'],
    category: (n) => `Tá an ciste i gcatagóir ${n} mar gheall ar chineál a chuid infheistíochtaí.`,
    chargesHeading: 'Muirir',
    oneOff: 'Muirir aonuaire a ghearrtar roimh infheistíocht nó ina diaidh',
    entry: 'Muirear iontrála',
    exit: 'Muirear imeachta',
    none: 'Dada',
    yearly: 'Muirir a bhaintear den chiste thar bhliain',
    ongoing: ['Muirir', 'leanúnacha'],
    conditional: 'Muirir a bhaintear den chiste faoi choinníollacha sonracha áirithe',
    performanceFee: 'Táille feidhmíochta',
    practicalHeading: 'Faisnéis phraiticiúil',
    accurate: (d) => `Tá an phríomhfhaisnéis seo don infheisteoir cruinn amhail an ${d}.`,
  },
};

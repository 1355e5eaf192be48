import type { KeyDocumentWording } from './types';

/** Icelandic: lykilupplýsingaskjal (PRIIPs) and lykilupplýsingar fyrir fjárfesta (UCITS) as Reykjavík managers print them. */
export const is: KeyDocumentWording = {
  locale: 'is-IS',
  percentSpace: false,
  kid: {
    title: 'Lykilupplýsingaskjal',
    purposeHeading: 'Tilgangur',
    purpose:
      'Þetta skjal veitir þér lykilupplýsingar um þessa fjárfestingarafurð. Það er ekki markaðsefni. Upplýsingarnar eru lögbundnar og þeim er ætlað að hjálpa þér að skilja eðli, áhættu, kostnað, mögulegan hagnað og tap af þessari afurð og bera hana saman við aðrar afurðir.',
    productHeading: 'Afurð',
    product: (name, isin, manager) => [
      `Heiti afurðar: ${name}`,
      `ISIN: ${isin}`,
      `Framleiðandi: ${manager}`,
      'Fjármálaeftirlit Seðlabanka Íslands ber ábyrgð á eftirliti með framleiðandanum í tengslum við þetta lykilupplýsingaskjal.',
    ],
    dated: (d) => `Þetta lykilupplýsingaskjal var útbúið ${d}.`,
    whatHeading: 'Hvað er þessi afurð?',
    type: (t) => `Tegund: ${t}`,
    objectives: 'Markmið:',
    benchmark: 'Viðmiðunarvísitala:',
    sfdr: (a) =>
      `Sjóðurinn fellur undir ${a}. gr. reglugerðar (ESB) 2019/2088 um upplýsingagjöf varðandi sjálfbærni á sviði fjármálaþjónustu.`,
    risksHeading: 'Hver er áhættan og hvaða ávöxtun gæti ég fengið?',
    riskIndicator: 'Áhættuvísir',
    lowerHigher: ['Minni áhætta', 'Meiri áhætta'],
    assumption: (y) => `Áhættuvísirinn gerir ráð fyrir að þú eigir afurðina í ${y}.`,
    classified: (n) =>
      `Við höfum flokkað þessa afurð sem ${n} af 7, sem er ${['lægsti', 'lágur', 'lágur til miðlungs', 'miðlungs', 'miðlungs til hár', 'hár', 'hæsti'][n - 1]} áhættuflokkur.`,
    rhp: 'Ráðlagður eignarhaldstími:',
    example: 'Dæmi um fjárfestingu:',
    years: (n) => `${n} ár`,
    scenarios: ['Sviðsmyndir', 'Álagssviðsmynd', 'Óhagstæð sviðsmynd', 'Hófleg sviðsmynd', 'Hagstæð sviðsmynd'],
    exitAfter: (y) => `Ef þú innleysir eftir ${y}`,
    averageReturn: 'Meðalávöxtun á ári',
    costsHeading: 'Hver er kostnaðurinn?',
    costsOverTime: 'Kostnaður yfir tíma',
    totalCosts: 'Heildarkostnaður',
    annualImpact: 'Árleg kostnaðaráhrif (*)',
    footnote: (b, a) =>
      `(*) Þetta sýnir hvernig kostnaður dregur úr ávöxtun þinni á hverju ári á eignarhaldstímanum. Ef þú innleysir til dæmis að loknum ráðlögðum eignarhaldstíma er áætlað að meðalávöxtun þín á ári verði ${b} fyrir kostnað og ${a} eftir kostnað.`,
    composition: 'Samsetning kostnaðar',
    oneOff: 'Einskiptiskostnaður við kaup eða innlausn',
    entry: 'Kaupkostnaður',
    entryText: (p) =>
      p ? `${p} af fjárhæðinni sem þú greiðir þegar þú fjárfestir.` : 'Við innheimtum ekki kaupkostnað.',
    exit: 'Innlausnarkostnaður',
    exitText: (p) =>
      p ? `${p} af fjárfestingu þinni áður en hún er greidd út.` : 'Við innheimtum ekki innlausnarkostnað.',
    ongoingHeading: 'Viðvarandi kostnaður sem er innheimtur árlega',
    management: ['Umsýsluþóknun og annar', 'stjórnunar- eða rekstrarkostnaður'],
    perYear: (p) => `${p} af virði fjárfestingar þinnar á ári. Þetta er mat byggt á raunkostnaði síðasta árs.`,
    transaction: 'Viðskiptakostnaður',
    transactionText: (p) =>
      `${p} af virði fjárfestingar þinnar á ári. Þetta er mat á kostnaði sem fellur til þegar við kaupum og seljum undirliggjandi fjárfestingar afurðarinnar.`,
    incidental: 'Tilfallandi kostnaður við sérstakar aðstæður',
    performanceFee: 'Árangurstengdar þóknanir',
    performanceFeeText: (p) =>
      p ? `${p} af virði fjárfestingar þinnar á ári.` : 'Engin árangurstengd þóknun er innheimt af þessari afurð.',
    holdHeading: 'Hversu lengi ætti ég að eiga afurðina og get ég tekið út fé snemma?',
    complaintsHeading: 'Hvernig get ég kvartað?',
    otherHeading: 'Aðrar viðeigandi upplýsingar',
  },
  kiid: {
    title: 'Lykilupplýsingar fyrir fjárfesta',
    intro:
      'Í þessu skjali eru lykilupplýsingar fyrir fjárfesta í þessum sjóði. Þær eru ekki markaðsefni. Upplýsingarnar eru lögbundnar og þeim er ætlað að auðvelda þér að skilja eðli og áhættu af fjárfestingu í sjóðnum.',
    managementCompany: 'Rekstrarfélag:',
    objectivesHeading: 'Markmið og fjárfestingarstefna',
    benchmark: 'Viðmiðunarvísitala:',
    riskHeading: 'Áhættu- og ávöxtunarsnið',
    lowerHigher: ['Minni áhætta', 'Meiri áhætta'],
    category: (n) => `Sjóðurinn er í flokki ${n} vegna sveiflna í gengi hans á undanförnum árum.`,
    chargesHeading: 'Gjöld',
    oneOff: 'Einskiptisgjöld sem tekin eru fyrir eða eftir fjárfestingu',
    entry: 'Kaupgjald',
    exit: 'Innlausnargjald',
    none: 'Ekkert',
    yearly: 'Gjöld sem tekin eru úr sjóðnum á hverju ári',
    ongoing: ['Viðvarandi', 'gjöld'],
    conditional: 'Gjöld sem tekin eru úr sjóðnum við tilteknar aðstæður',
    performanceFee: 'Árangurstengd þóknun',
    practicalHeading: 'Hagnýtar upplýsingar',
    accurate: (d) => `Þessar lykilupplýsingar fyrir fjárfesta eru réttar miðað við ${d}.`,
  },
};

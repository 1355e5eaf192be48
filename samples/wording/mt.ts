import type { KeyDocumentWording } from './types';

/**
 * "fi" with the article before a date, assimilated to the day as it is read aloud: "fl-1" (l-ewwel), "fit-2" (tnejn),
 * "fil-5" (ħamsa), "fis-16" (sittax), "fid-9" (disgħa).
 */
const ARTICLES: readonly string[] = [
  ...['', 'fl-', 'fit-', 'fit-', 'fl-', 'fil-', 'fis-', 'fis-', 'fit-', 'fid-', 'fl-'],
  ...['fil-', 'fit-', 'fit-', 'fl-', 'fil-', 'fis-', 'fis-', 'fit-', 'fid-', 'fl-'],
  ...Array<string>(9).fill('fil-'),
  ...['fit-', 'fil-'],
];
const on = (date: string) => ARTICLES[Number(/^\d+/.exec(date)?.[0] ?? 0)] ?? 'fi ';

/** "1 sena", "5 snin", "10 snin", "15-il sena": from eleven on, Maltese counts in the singular. */
const years = (n: number) => (n === 1 ? '1 sena' : n <= 10 ? `${n} snin` : `${n}-il sena`);

/** Maltese: a dokument bl-informazzjoni ewlenija and informazzjoni ewlenija għall-investituri. */
export const mt: KeyDocumentWording = {
  locale: 'mt-MT',
  percentSpace: false,
  kid: {
    title: 'Dokument bl-Informazzjoni Ewlenija',
    purposeHeading: 'Għan',
    purpose:
      "Dan id-dokument jipprovdilek informazzjoni ewlenija dwar dan il-prodott ta' investiment. Mhuwiex materjal ta' kummerċjalizzazzjoni. L-informazzjoni hija meħtieġa bil-liġi biex tgħinek tifhem in-natura, ir-riskji, l-ispejjeż, il-qligħ u t-telf potenzjali ta' dan il-prodott u biex tgħinek tqabblu ma' prodotti oħra.",
    productHeading: 'Prodott',
    product: (name, isin, manager) => [
      `Isem il-prodott: ${name}`,
      `ISIN: ${isin}`,
      `Manifattur tal-PRIIP: ${manager}`,
      "L-Awtorità għas-Servizzi Finanzjarji ta' Malta (MFSA) hija responsabbli għas-superviżjoni tal-manifattur fir-rigward ta' dan id-Dokument bl-Informazzjoni Ewlenija.",
    ],
    dated: (date) => `Dan id-dokument ġie prodott ${on(date)}${date}.`,
    whatHeading: "X'inhu dan il-prodott?",
    type: (t) => `Tip: ${t}`,
    objectives: 'Għanijiet:',
    benchmark: 'Parametru referenzjarju:',
    sfdr: (a) =>
      `Il-fond huwa kklassifikat skont l-Artikolu ${a} tar-Regolament (UE) 2019/2088 dwar divulgazzjonijiet relatati mas-sostenibbiltà fis-settur tas-servizzi finanzjarji.`,
    risksHeading: "X'inhuma r-riskji u x'nista' nikseb bħala redditu?",
    riskIndicator: 'Indikatur tar-riskju',
    lowerHigher: ['Riskju aktar baxx', 'Riskju ogħla'],
    assumption: (y) => `L-indikatur tar-riskju jassumi li inti żżomm il-prodott għal ${y}.`,
    classified: (n) =>
      `Aħna kklassifikajna dan il-prodott bħala ${n} minn 7, li hija klassi ta' riskju ${['baxxa ħafna', 'baxxa', 'medja baxxa', 'medja', 'medja għolja', 'għolja', 'għolja ħafna'][n - 1]}.`,
    rhp: "Perjodu ta' żamma rakkomandat:",
    example: "Eżempju ta' investiment:",
    years,
    scenarios: ['Xenarji', "Xenarju ta' stress", 'Xenarju sfavorevoli', 'Xenarju moderat', 'Xenarju favorevoli'],
    exitAfter: (y) => `Jekk toħroġ wara ${y}`,
    averageReturn: 'Redditu medju kull sena',
    costsHeading: "X'inhuma l-ispejjeż?",
    costsOverTime: 'Spejjeż maż-żmien',
    totalCosts: 'Spejjeż totali',
    annualImpact: 'Impatt annwali tal-ispejjeż (*)',
    footnote: (b, a) =>
      `(*) Dan juri kif l-ispejjeż inaqqsu r-redditu tiegħek kull sena matul il-perjodu ta' żamma. Pereżempju, juri li jekk toħroġ fi tmiem il-perjodu ta' żamma rakkomandat, ir-redditu medju tiegħek kull sena huwa pproġettat li jkun ${b} qabel l-ispejjeż u ${a} wara l-ispejjeż.`,
    composition: 'Kompożizzjoni tal-ispejjeż',
    oneOff: "Spejjeż ta' darba mad-dħul jew mal-ħruġ",
    entry: 'Spejjeż tad-dħul',
    entryText: (p) =>
      p
        ? `${p} tal-ammont li tħallas meta tidħol f'dan l-investiment.`
        : 'Ma nitolbux tariffa tad-dħul għal dan il-prodott.',
    exit: 'Spejjeż tal-ħruġ',
    exitText: (p) =>
      p
        ? `${p} tal-investiment tiegħek qabel ma jitħallas lilek.`
        : 'Ma nitolbux tariffa tal-ħruġ għal dan il-prodott.',
    ongoingHeading: 'Spejjeż rikorrenti meħuda kull sena',
    management: ['Tariffi tal-ġestjoni u spejjeż', 'amministrattivi jew operattivi oħra'],
    perYear: (p) =>
      `${p} tal-valur tal-investiment tiegħek kull sena. Din hija stima bbażata fuq l-ispejjeż attwali tas-sena li għaddiet.`,
    transaction: 'Spejjeż tat-tranżazzjoni',
    transactionText: (p) =>
      `${p} tal-valur tal-investiment tiegħek kull sena. Din hija stima tal-ispejjeż imġarrba meta nixtru u nbigħu l-investimenti sottostanti tal-prodott.`,
    incidental: 'Spejjeż inċidentali meħuda taħt kundizzjonijiet speċifiċi',
    performanceFee: 'Tariffi tal-prestazzjoni',
    performanceFeeText: (p) =>
      p
        ? `${p} tal-valur tal-investiment tiegħek kull sena.`
        : "M'hemm l-ebda tariffa tal-prestazzjoni għal dan il-prodott.",
    holdHeading: "Għal kemm żmien għandi nżommu u nista' nieħu l-flus qabel iż-żmien?",
    complaintsHeading: "Kif nista' nressaq ilment?",
    otherHeading: 'Informazzjoni rilevanti oħra',
  },
  kiid: {
    title: 'Informazzjoni Ewlenija għall-Investituri',
    intro:
      "Dan id-dokument jipprovdilek informazzjoni ewlenija għall-investituri dwar dan il-fond. Mhuwiex materjal ta' kummerċjalizzazzjoni. L-informazzjoni hija meħtieġa bil-liġi biex tgħinek tifhem in-natura u r-riskji ta' investiment f'dan il-fond.",
    managementCompany: 'Kumpanija tal-Ġestjoni:',
    objectivesHeading: "Għanijiet u politika ta' investiment",
    benchmark: 'Parametru referenzjarju:',
    riskHeading: 'Profil tar-riskju u tar-rendiment',
    lowerHigher: ['Riskju aktar baxx', 'Riskju ogħla'],
    category: (n) => `Il-fond jinsab fil-kategorija ${n} minħabba n-natura tal-investimenti tiegħu.`,
    chargesHeading: 'Ħlasijiet',
    oneOff: "Ħlasijiet ta' darba meħuda qabel jew wara li tinvesti",
    entry: 'Ħlas tad-dħul',
    exit: 'Ħlas tal-ħruġ',
    none: 'Xejn',
    yearly: 'Ħlasijiet meħuda mill-fond matul sena',
    ongoing: ['Ħlasijiet', 'kontinwi'],
    conditional: 'Ħlasijiet meħuda mill-fond taħt ċerti kundizzjonijiet speċifiċi',
    performanceFee: 'Tariffa tal-prestazzjoni',
    practicalHeading: 'Informazzjoni prattika',
    accurate: (d) => `Din l-informazzjoni ewlenija għall-investituri hija preċiża ${on(d)}${d}.`,
  },
};

import { type PdfLine, textPdf } from './pdf';
import type { SampleScpiDocument, ScpiBulletinPlan, ScpiPeriodFigures, ScpiProfile, Weighted } from './scpiProfile';
import {
  CAPITAL_LABEL,
  capitalisation,
  count,
  dateLong,
  dateNumeric,
  eur,
  frNumber,
  millions,
  monthYear,
  NBSP,
  NEWS,
  pct,
  quarterLong,
  quarterShort,
  RISK_CLASS_WORDS,
  semesterLong,
  sqm,
  type Stated,
  years,
} from './scpiWording';

/**
 * The documents of a sample SCPI, written as French management companies write them: the periodic
 * bulletin (trimestriel or semestriel), the DIC (PRIIPs key information document), the annual report
 * and the note d'information. Every figure a document states is recorded as a statement (payload field,
 * value, and the text printed), so sampleScpis() knows what a reader must find and the tests can look
 * for that text in the PDF's text layer.
 *
 * Layouts follow real ones: key figures as tiles with the value on the line below its label, tables
 * drawn as cells, some pages in two columns, paragraphs that state figures inside sentences.
 */

export interface ScpiStatement {
  /** Dotted payload path ("keyFacts.sharePriceEur"), or a name without a dot for a figure outside the payload. */
  field: string;
  /** A series entry's year or date. */
  key?: string;
  value: unknown;
  /** The text the document prints for it. */
  shown: string[];
}

export interface ScpiDocumentContent {
  document: SampleScpiDocument;
  title: string;
  pages: PdfLine[][];
  statements: ScpiStatement[];
}

class Doc {
  readonly statements: ScpiStatement[] = [];

  /** Records that the document states `field` = `s.value` as `s.text`, and returns the text to print. */
  say<T>(field: string, s: Stated<T>, key?: string): string {
    this.statements.push({ field, ...(key === undefined ? {} : { key }), value: s.value, shown: [s.text] });
    return s.text;
  }

  /** A figure printed as several texts (a split: its labels and weights). */
  sayAll(field: string, value: unknown, shown: string[]): void {
    this.statements.push({ field, value, shown });
  }
}

const text = <T>(value: T, t: string): Stated<T> => ({ value, text: t });

/** Paragraph lines wrapped on ordinary spaces only, so no-break spaces keep "1 234,56 €" on one line. */
function para(s: string, width = 100, x = 50): PdfLine[] {
  const out: PdfLine[] = [];
  let line = '';
  for (const word of s.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      out.push({ cells: [[x, line]] });
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push({ cells: [[x, line]] });
  return out;
}

const col = (s: string) => para(s, 46);

/** Key figures as tiles: a row of labels, the values on the line below. */
function tiles(items: [string, string][]): PdfLine[] {
  const xs = [50, 175, 300, 425];
  const out: PdfLine[] = [];
  for (let i = 0; i < items.length; i += 4) {
    const row = items.slice(i, i + 4);
    out.push({ cells: row.map(([label], k) => [xs[k], label]) });
    out.push({ cells: row.map(([, value], k) => [xs[k], value]), bold: true });
    out.push('');
  }
  return out;
}

/** Two-cell rows (label, value) at the given x positions. */
function rows(items: [string, string][], x = [50, 330]): PdfLine[] {
  return items.map(([label, value]) => ({
    cells: [
      [x[0], label],
      [x[1], value],
    ],
  }));
}

function splitRows(doc: Doc, field: string, split: Weighted[], x = [50, 330]): PdfLine[] {
  const shown = split.map((w) => pct(w.weight, 1).text);
  doc.sayAll(
    field,
    split.map((w) => ({ label: w.label, weight: w.weight })),
    [...split.map((w) => w.label), ...shown],
  );
  return split.map((w, k) => ({
    cells: [
      [x[0], w.label],
      [x[1], shown[k]],
    ],
  }));
}

const stepOn = (p: ScpiProfile, date: string) => [...p.prices].reverse().find((s) => s.date <= date) ?? p.prices[0];
const priceAt = (p: ScpiProfile, date: string) => stepOn(p, date).price;
const withdrawalAt = (p: ScpiProfile, date: string) => priceAt(p, date) * (1 - p.fees.subscriptionTtc / 1.2 / 100);
const isVariable = (p: ScpiProfile) => p.capitalType === 'variable';
const hasForeign = (p: ScpiProfile) => p.income.foreignSharePct !== null;

function identity(doc: Doc, p: ScpiProfile, withIsin = true): PdfLine[] {
  const typology = doc.say('keyFacts.category', text(p.category, p.typology));
  const capital = doc.say('keyFacts.capitalType', text(p.capitalType, CAPITAL_LABEL[p.capitalType]));
  return [
    { cells: [[50, p.name]], bold: true },
    `${typology} ${capital}`,
    `Société de gestion : ${p.managementCompany}`,
    withIsin && p.isin
      ? {
          cells: [
            [50, 'Code ISIN :'],
            [130, doc.say('keyFacts.isin', text(p.isin, p.isin))],
          ],
        }
      : `Visa AMF : ${p.visaAmf}`,
  ];
}

function periodName(b: ScpiBulletinPlan): { short: string; long: string } {
  return b.kind === 'semestriel'
    ? { short: `S${b.part} ${b.year}`, long: semesterLong(b.part, b.year) }
    : { short: quarterShort(b.part, b.year), long: quarterLong(b.part, b.year) };
}

/** The bulletin trimestriel (or semestriel): the quarter's figures, distribution, market of the shares, conditions. */
function bulletin(p: ScpiProfile, b: ScpiBulletinPlan): ScpiDocumentContent {
  const doc = new Doc();
  const f: ScpiPeriodFigures = p.periods[b.file];
  const period = periodName(b);
  const end = b.end;
  const price = priceAt(p, end);
  const step = stepOn(p, end);
  const variable = isVariable(p);
  const lastYear = p.years.find((y) => y.year === b.year - 1);
  const quarters = b.kind === 'semestriel' ? (b.part === 1 ? [1, 2] : [3, 4]) : [b.part];
  const paidQuarters = [1, 2, 3].filter((q) => q <= quarters.at(-1)!);

  const capitalisationText = doc.say('keyFacts.capitalisationEur', capitalisation(f.shares * price));
  const priceText = doc.say('keyFacts.sharePriceEur', eur(price));
  const tofText = doc.say('portfolio.financialOccupancyRatePct', pct(f.tof));
  const associatesText = doc.say('liquidity.numberOfShareholders', count(f.associates));
  const lastQuarter = quarters.at(-1)!;
  const lastQuarterText = doc.say(
    'performance.lastQuarterDistributionPerShareEur',
    eur(p.quarterDistributions[lastQuarter - 1]),
  );
  const withdrawal = variable ? eur(withdrawalAt(p, end)) : eur(f.executionPrice!);
  const withdrawalText = doc.say('keyFacts.withdrawalPriceEur', withdrawal);
  const debtText = doc.say('debt.debtRatioPct', pct(f.debtRatio));
  doc.say('liquidity.period', text(period.short, period.short));
  const rateText = lastYear
    ? doc.say('performance.distributionRateByYear', pct(lastYear.rate), String(lastYear.year))
    : null;

  const header: PdfLine[] = [
    { heading: `Bulletin ${b.kind} d'information n° ${b.number} - ${period.long}` },
    `Période analysée : du ${dateLong(b.start)} au ${dateLong(b.end)} - Valable jusqu'à la publication du prochain bulletin`,
    ...identity(doc, p),
    ...(p.labelIsr
      ? [
          `${p.name} est labellisée ISR (label ${doc.say('keyFacts.labelIsr', text(true, 'Investissement Socialement Responsable'))}).`,
        ]
      : []),
    ...(p.sfdrArticle
      ? [`Classification SFDR : ${doc.say('keyFacts.sfdrArticle', text(p.sfdrArticle, `article ${p.sfdrArticle}`))}`]
      : []),
    `SCPI créée en ${doc.say('keyFacts.creationYear', text(Number(p.creationDate.slice(0, 4)), p.creationDate.slice(0, 4)))}`,
    { heading: `L'essentiel au ${dateNumeric(end)}` },
    ...tiles([
      ['Capitalisation', capitalisationText],
      ['Prix de souscription', priceText],
      [lastYear ? `Taux de distribution ${lastYear.year}` : 'Associés', rateText ?? associatesText],
      [`TOF ${period.short}`, tofText],
      ...(lastYear ? [["Nombre d'associés", associatesText] as [string, string]] : []),
      [`Distribution ${quarterShort(lastQuarter, b.year)}`, lastQuarterText],
      [variable ? 'Valeur de retrait' : "Prix d'exécution net vendeur", withdrawalText],
      ["Taux d'endettement", debtText],
    ]),
  ];

  // The editorial states figures inside sentences, as management companies write it.
  const changeThisYear = p.prices.find((s) => s.date >= `${b.year}-01-01` && s.date <= end);
  const before = changeThisYear ? p.prices[p.prices.indexOf(changeThisYear) - 1] : null;
  const news = NEWS[p.category];
  const editorial: PdfLine[] = [
    { heading: 'Le mot de la société de gestion' },
    ...para(
      `Chers associés, au cours du ${period.long}, votre SCPI a poursuivi sa stratégie d'investissement. Le taux d'occupation financier (TOF) s'établit à ${tofText} au ${dateNumeric(end)} et le taux d'occupation physique (TOP) à ${doc.say('portfolio.physicalOccupancyRatePct', pct(f.top))}.` +
        (changeThisYear && before
          ? ` Le prix de souscription a été porté de ${eur(before.price, 0).text} à ${eur(changeThisYear.price, 0).text} le ${dateLong(changeThisYear.date)}, reflétant la progression des valeurs d'expertise du patrimoine.`
          : '') +
        ` L'objectif de taux de distribution ${b.year} est compris entre ${pct(p.targetRateRange[0]).text} et ${pct(p.targetRateRange[1]).text} (non garanti).`,
    ),
  ];

  const distribution: PdfLine[] = [
    { heading: 'Distribution' },
    {
      cells: [
        [50, 'Acomptes de distribution (brut par part)'],
        [300, 'Date de versement'],
        [450, 'Montant'],
      ],
      bold: true,
    },
    ...paidQuarters.map((q): PdfLine => {
      const amount = eur(p.quarterDistributions[q - 1]).text;
      const paid = `${b.year}-${String(q * 3 + 1).padStart(2, '0')}-${q === 3 ? '24' : '25'}`;
      return {
        cells: [
          [50, `${quarterLong(q, b.year)} (${quarterShort(q, b.year)})`],
          [300, q * 3 + 1 > 12 ? 'janvier' : dateNumeric(paid)],
          [450, amount],
        ],
      };
    }),
    ...(lastYear
      ? [
          {
            cells: [
              [50, `Distribution ${lastYear.year} (brut par part)`],
              [
                450,
                doc.say('performance.distributionPerShareByYear', eur(lastYear.distribution), String(lastYear.year)),
              ],
            ],
          } as PdfLine,
          {
            cells: [
              [50, `Taux de distribution ${lastYear.year}`],
              [450, rateText!],
            ],
          } as PdfLine,
        ]
      : []),
    ...(p.flags.statesPga && p.pga !== null && lastYear
      ? [
          {
            cells: [
              [50, `Performance globale annuelle (PGA) ${lastYear.year}`],
              [450, doc.say('performance.pgaPct', pct(p.pga))],
            ],
          } as PdfLine,
        ]
      : []),
    ...(p.flags.statesPga && p.tri.y5 !== null
      ? [
          {
            cells: [
              [50, `TRI 5 ans (au 31/12/${b.year - 1})`],
              [450, doc.say('performance.tri.y5', pct(p.tri.y5))],
            ],
          } as PdfLine,
        ]
      : []),
    ...para(
      `Le taux de distribution est la division de la distribution brute avant prélèvement libératoire et autres fiscalités, versée au titre de l'année, par le prix de souscription au 1er janvier de cette année.${hasForeign(p) ? " Les revenus de source étrangère ont fait l'objet d'une imposition dans le pays de situation des immeubles." : ''}`,
    ),
  ];

  const premium = (price / p.reconstitution - 1) * 100;
  const values: PdfLine[] = [
    { heading: 'Valeurs de référence' },
    ...rows([
      ['Prix de souscription', priceText],
      [variable ? 'Valeur de retrait' : "Prix d'exécution net vendeur", withdrawalText],
      ...(!variable ? [['Prix acquéreur (frais inclus)', eur(f.buyerPrice!).text] as [string, string]] : []),
      ['Valeur de réalisation au 31/12/2024', doc.say('performance.realisationValueEur', eur(p.realisation))],
      ['Valeur de reconstitution au 31/12/2024', doc.say('performance.reconstitutionValueEur', eur(p.reconstitution))],
      ...(p.flags.statesPremium
        ? [
            [
              premium >= 0
                ? 'Surcote par rapport à la valeur de reconstitution'
                : 'Décote par rapport à la valeur de reconstitution',
              doc.say('performance.premiumToReconstitutionPct', pct(premium)),
            ] as [string, string],
          ]
        : []),
    ]),
  ];

  // Page 2 in two columns: the portfolio on the left, the market of the shares on the right.
  const left: PdfLine[] = [
    { heading: 'Patrimoine' },
    ...rows(
      [
        ["Nombre d'immeubles", doc.say('portfolio.numberOfProperties', count(f.properties))],
        ['Surface totale', doc.say('portfolio.surfaceSqm', sqm(f.surfaceSqm))],
        ['Nombre de locataires', doc.say('portfolio.numberOfTenants', count(f.tenants))],
      ],
      [50, 190],
    ),
    // The occupancy block prints each label with its value on the next line.
    "Taux d'occupation financier (TOF)",
    { cells: [[190, tofText]], bold: true },
    "Taux d'occupation physique (TOP)",
    { cells: [[190, pct(f.top).text]], bold: true },
    ...(f.walb !== null && f.walt !== null
      ? [
          {
            cells: [
              [50, 'WALB (durée résiduelle ferme)'],
              [190, doc.say('portfolio.walbYears', years(f.walb))],
            ],
          } as PdfLine,
          {
            cells: [
              [50, 'WALT (durée résiduelle des baux)'],
              [190, doc.say('portfolio.waltYears', years(f.walt))],
            ],
          } as PdfLine,
        ]
      : []),
    ...col(`Loyers encaissés sur la période : ${frNumber(f.rentsCollectedEur, 0)}${NBSP}€ HT HC.`),
    { heading: 'Endettement' },
    {
      cells: [
        [50, "Taux d'endettement"],
        [190, debtText],
      ],
    },
    ...(f.ltv !== null
      ? [
          {
            cells: [
              [50, 'Ratio LTV'],
              [190, doc.say('debt.ltvPct', pct(f.ltv))],
            ],
          } as PdfLine,
        ]
      : []),
  ];
  const right: PdfLine[] = variable
    ? [
        { heading: 'Marché des parts' },
        ...rows(
          [
            [`Nombre de parts au ${dateNumeric(end)}`, doc.say('sharesOutstanding', count(f.shares))],
            ['Parts souscrites sur la période', count(f.subscribedShares ?? 0).text],
            ['Parts retirées sur la période', count(f.withdrawnShares ?? 0).text],
            [
              'Parts en attente de retrait',
              doc.say('liquidity.sharesAwaitingWithdrawal', count(f.awaitingWithdrawal ?? 0)),
            ],
            ["Nombre d'associés", associatesText],
          ],
          [50, 200],
        ),
        'Collecte nette de la période',
        { cells: [[200, doc.say('liquidity.netInflowsEur', millions(f.netInflowsEur ?? 0, 1))]], bold: true },
        ...col(
          `Les retraits sont compensés par des souscriptions nouvelles${(f.awaitingWithdrawal ?? 0) > 0 ? ` ; ${count(f.awaitingWithdrawal ?? 0).text} parts restaient en attente de retrait au ${dateNumeric(end)}` : " ; aucune part n'est en attente de retrait"}.`,
        ),
      ]
    : [
        { heading: 'Marché secondaire' },
        ...rows(
          [
            [`Nombre de parts au ${dateNumeric(end)}`, doc.say('sharesOutstanding', count(f.shares))],
            ['Parts échangées sur la période', count(f.exchangedShares ?? 0).text],
            ["Prix d'exécution net vendeur", withdrawalText],
            ['Prix acquéreur', eur(f.buyerPrice!).text],
            ["Nombre d'associés", associatesText],
          ],
          [50, 200],
        ),
        ...col(
          "Les ordres d'achat et de vente sont confrontés mensuellement ; le prix acquéreur inclut les droits d'enregistrement de 5 % et la commission de cession.",
        ),
      ];

  const splits: PdfLine[] =
    p.sectorSplit.length && p.geographicSplit.length
      ? [
          {
            columns: [
              [
                { heading: 'Répartition sectorielle' },
                ...splitRows(doc, 'portfolio.sectorSplit', p.sectorSplit, [50, 200]),
              ],
              [
                { heading: 'Répartition géographique' },
                ...splitRows(doc, 'portfolio.geographicSplit', p.geographicSplit, [50, 200]),
              ],
            ],
          },
        ]
      : p.sectorSplit.length
        ? [
            { heading: 'Répartition sectorielle (en % de la valeur vénale)' },
            ...splitRows(doc, 'portfolio.sectorSplit', p.sectorSplit),
          ]
        : p.geographicSplit.length
          ? [
              { heading: 'Répartition géographique (en % de la valeur vénale)' },
              ...splitRows(doc, 'portfolio.geographicSplit', p.geographicSplit),
            ]
          : [];

  const minimumEur = eur(p.minimumShares * price, 0);
  const subscriptionFee = pct(p.fees.subscriptionTtc);
  const conditions: PdfLine[] = [
    { heading: 'Conditions de souscription' },
    ...rows([
      ['Prix de souscription', priceText],
      ['dont valeur nominale', eur(p.nominal).text],
      ["dont prime d'émission", eur(price - p.nominal).text],
      [
        'Commission de souscription (TTC)',
        p.fees.subscriptionTtc
          ? doc.say('keyFacts.subscriptionFeesPct', subscriptionFee)
          : `${doc.say('keyFacts.subscriptionFeesPct', subscriptionFee)} (aucun frais d'entrée)`,
      ],
      [
        'Minimum de première souscription',
        `${doc.say('keyFacts.minimumSubscriptionShares', text(p.minimumShares, `${p.minimumShares} part${p.minimumShares > 1 ? 's' : ''}`))}, soit ${doc.say('keyFacts.minimumSubscriptionEur', minimumEur)}`,
      ],
      ['Délai de jouissance', doc.say('keyFacts.delayOfJouissance', text(p.jouissance, p.jouissance))],
      [
        'Commission de gestion (HT des loyers encaissés)',
        doc.say('keyFacts.managementFeesPct', pct(p.fees.managementHt)),
      ],
    ]),
    `Prix de souscription en vigueur depuis le ${doc.say('performance.sharePriceHistory', text(step.price, dateLong(step.date)), step.date)}.`,
  ];
  doc.sayAll('fees.subscriptionPct', subscriptionFee.value, [subscriptionFee.text]);
  doc.sayAll('fees.managementPct', pct(p.fees.managementHt).value, [pct(p.fees.managementHt).text]);

  const page3: PdfLine[] = [
    ...conditions,
    { heading: `Actualités du ${period.long}` },
    ...news.flatMap((n) => para(`- ${n}`)),
    { heading: 'Fiscalité' },
    ...para(
      `Revenus fonciers et revenus financiers sont imposables entre les mains des associés.${hasForeign(p) ? " Les revenus de source étrangère sont imposés dans le pays de situation des immeubles ; la quote-part correspondante est neutralisée en France par un crédit d'impôt ou la méthode du taux effectif." : ''}`,
    ),
    ...para(
      "Les performances passées ne préjugent pas des performances futures. Investir en SCPI comporte un risque de perte en capital ; la liquidité n'est pas garantie. Document d'information fictif généré pour la bibliothèque d'exemples.",
    ),
  ];

  return {
    document: { file: b.file, kind: 'bulletin', date: end, period: period.short },
    title: `${p.name} - Bulletin ${b.kind} ${period.short}`,
    pages: [[...header, ...editorial, ...distribution], [{ columns: [left, right] }, ...values, ...splits], page3],
    statements: doc.statements,
  };
}

/** The DIC (document d'informations clés, PRIIPs), on its production date. */
function dic(p: ScpiProfile, date: string): ScpiDocumentContent {
  const doc = new Doc();
  const price = priceAt(p, date);
  const invest = 10000;
  const ttc = p.fees.subscriptionTtc;
  const holding = doc.say('recommendedHoldingYears', text(p.holdingYears, `${p.holdingYears} ans`));
  const entry = pct(ttc);
  const management = pct(p.fees.managementHt);
  const page1: PdfLine[] = [
    { heading: "Document d'informations clés" },
    ...para(
      "Objectif : le présent document contient des informations essentielles sur le produit d'investissement. Il ne s'agit pas d'un document à caractère commercial. Ces informations vous sont fournies conformément à une obligation légale, afin de vous aider à comprendre en quoi consiste ce produit et quels risques, coûts, gains et pertes potentiels y sont associés.",
    ),
    { heading: 'Produit' },
    ...identity(doc, p),
    `Initiateur du PRIIP : ${p.managementCompany} - Autorité compétente : Autorité des marchés financiers (AMF)`,
    `Date de production du document d'informations clés : ${dateLong(date)}`,
    { heading: 'En quoi consiste ce produit ?' },
    ...para(
      `Type : société civile de placement immobilier (SCPI) ${CAPITAL_LABEL[p.capitalType]}. Objectifs : constituer et gérer un patrimoine immobilier locatif (${p.typology}) afin de distribuer des revenus réguliers aux associés. Les revenus sont versés trimestriellement.`,
    ),
    {
      cells: [
        [50, 'Prix de souscription :'],
        [200, doc.say('keyFacts.sharePriceEur', eur(price))],
      ],
    },
    {
      cells: [
        [50, 'Minimum de souscription :'],
        [
          200,
          doc.say(
            'keyFacts.minimumSubscriptionShares',
            text(p.minimumShares, `${p.minimumShares} part${p.minimumShares > 1 ? 's' : ''}`),
          ),
        ],
      ],
    },
    ...(p.sfdrArticle
      ? para(
          `Ce produit relève de l'${doc.say('keyFacts.sfdrArticle', text(p.sfdrArticle, `article ${p.sfdrArticle}`))} du règlement (UE) 2019/2088 sur la publication d'informations en matière de durabilité (SFDR).`,
        )
      : []),
    p.labelIsr === true
      ? `La SCPI a obtenu le ${doc.say('keyFacts.labelIsr', text(true, 'label ISR'))}.`
      : p.labelIsr === false
        ? doc.say('keyFacts.labelIsr', text(false, 'Ce produit ne bénéficie pas du label ISR.'))
        : '',
    ...para(
      `Investisseurs de détail visés : investisseurs disposant d'un horizon de placement d'au moins ${holding}, acceptant un risque de perte en capital et une liquidité limitée.`,
    ),
    { heading: "Quels sont les risques et qu'est-ce que cela pourrait me rapporter ?" },
    'Indicateur de risque',
    {
      cells: [
        [50, '1'],
        [70, '2'],
        [90, '3'],
        [110, '4'],
        [130, '5'],
        [150, '6'],
        [170, '7'],
      ],
    },
    {
      cells: [
        [50, 'Risque le plus faible'],
        [150, 'Risque le plus élevé'],
      ],
    },
    ...para(
      `L'indicateur de risque part de l'hypothèse que vous conservez le produit pendant ${holding}. Nous avons classé ce produit dans la ${doc.say('keyFacts.riskIndicator', text(p.riskClass, `classe de risque ${p.riskClass} sur 7`))}, qui est une classe de risque ${RISK_CLASS_WORDS[p.riskClass - 1]}. Le risque de liquidité est important : la revente des parts n'est pas garantie.`,
    ),
    {
      cells: [
        [50, `Durée de placement recommandée : ${holding}`],
        [330, `Exemple d'investissement : ${eur(invest, 0).text}`],
      ],
    },
    {
      cells: [
        [50, 'Scénarios'],
        [250, 'Si vous sortez après 1 an'],
        [420, `Si vous sortez après ${holding}`],
      ],
      bold: true,
    },
    // Amounts back after costs; the average return per year follows from them.
    ...['Tensions', 'Défavorable', 'Intermédiaire', 'Favorable'].flatMap((s, k): PdfLine[] => {
      const [one, rhp] = [Math.round(invest * (0.55 + k * 0.12)), Math.round(invest * (0.6 + k * 0.3))];
      return [
        {
          cells: [
            [50, s],
            [250, eur(one, 0).text],
            [420, eur(rhp, 0).text],
          ],
        },
        {
          cells: [
            [50, 'Rendement annuel moyen'],
            [250, pct((one / invest - 1) * 100).text],
            [420, pct(((rhp / invest) ** (1 / p.holdingYears) - 1) * 100).text],
          ],
        },
      ];
    }),
  ];
  const ongoing = (p.fees.managementHt / 100) * 0.055 * 100 + 0.35;
  const page2: PdfLine[] = [
    { heading: 'Que va me coûter cet investissement ?' },
    {
      cells: [
        [50, eur(invest, 0).text],
        [250, 'Si vous sortez après 1 an'],
        [420, `Si vous sortez après ${holding}`],
      ],
      bold: true,
    },
    {
      cells: [
        [50, 'Coûts totaux'],
        [250, eur(invest * (ttc / 100 + ongoing / 100), 0).text],
        [420, eur(invest * (ttc / 100 + (ongoing / 100) * p.holdingYears), 0).text],
      ],
    },
    {
      cells: [
        [50, 'Incidence des coûts annuels (*)'],
        [250, pct(ttc + ongoing).text],
        [420, pct(ttc / p.holdingYears + ongoing).text],
      ],
    },
    { heading: 'Composition des coûts' },
    { cells: [[50, "Coûts ponctuels à l'entrée ou à la sortie"]], bold: true },
    {
      cells: [
        [50, "Coûts d'entrée"],
        [
          200,
          ttc
            ? `${doc.say('keyFacts.subscriptionFeesPct', entry)} du montant que vous payez (commission de souscription TTC).`
            : `${doc.say('keyFacts.subscriptionFeesPct', entry)} : nous ne facturons pas de coût d'entrée.`,
        ],
      ],
    },
    {
      cells: [
        [50, 'Coûts de sortie'],
        [
          200,
          p.fees.earlyWithdrawalPct
            ? `${pct(p.fees.earlyWithdrawalPct).text} en cas de retrait dans les trois ans suivant la souscription.`
            : 'Nous ne facturons pas de coût de sortie pour ce produit.',
        ],
      ],
    },
    { cells: [[50, 'Coûts récurrents prélevés chaque année']], bold: true },
    {
      cells: [
        [50, 'Frais de gestion et autres frais'],
        [200, `${pct(ongoing).text} de la valeur de votre investissement par an.`],
      ],
    },
    { cells: [[50, "administratifs et d'exploitation"]] },
    {
      cells: [
        [50, 'Coûts de transaction'],
        [200, `${pct(0.2).text} de la valeur de votre investissement par an.`],
      ],
    },
    { heading: "Combien de temps dois-je le conserver, et puis-je retirer de l'argent de façon anticipée ?" },
    ...para(
      `Durée de placement recommandée : ${holding}. ${isVariable(p) ? "Le retrait des parts s'effectue à la valeur de retrait, sous réserve de souscriptions nouvelles." : "La cession des parts s'effectue sur le marché secondaire organisé par la société de gestion."}`,
    ),
    { heading: 'Comment puis-je formuler une réclamation ?' },
    ...para(`Par courrier adressé à ${p.managementCompany}, service réclamations.`),
    { heading: 'Autres informations pertinentes' },
    {
      cells: [
        [50, 'Commission de gestion :'],
        [200, `${doc.say('keyFacts.managementFeesPct', management)} HT des produits locatifs encaissés`],
      ],
    },
    ...para(
      "La note d'information, les statuts, le dernier rapport annuel et le dernier bulletin d'information sont disponibles sur simple demande. Document fictif de la bibliothèque d'exemples.",
    ),
  ];
  doc.sayAll('fees.subscriptionPct', entry.value, [entry.text]);
  doc.sayAll('fees.managementPct', management.value, [management.text]);
  return {
    document: { file: 'dic.pdf', kind: 'dic', date, period: null },
    title: `Document d'informations clés - ${p.name}`,
    pages: [page1, page2],
    statements: doc.statements,
  };
}

/** The annual report of a year: values at 31 December, the year's distribution, performance, portfolio. */
function annualReport(p: ScpiProfile, year: number): ScpiDocumentContent {
  const doc = new Doc();
  const end = `${year}-12-31`;
  const f = p.yearEnd;
  const price = priceAt(p, end);
  const variable = isVariable(p);
  const last = p.years.find((y) => y.year === year);
  const cap = capitalisation(f.shares * price);

  const keyLeft: PdfLine[] = [
    { heading: `Chiffres clés au ${dateNumeric(end)}` },
    ...rows(
      [
        ['Capitalisation', doc.say('keyFacts.capitalisationEur', cap)],
        ['Nombre de parts', doc.say('sharesOutstanding', count(f.shares))],
        ["Nombre d'associés", doc.say('liquidity.numberOfShareholders', count(f.associates))],
        ['Prix de souscription', doc.say('keyFacts.sharePriceEur', eur(price))],
        [
          variable ? 'Valeur de retrait' : "Dernier prix d'exécution net vendeur",
          doc.say('keyFacts.withdrawalPriceEur', variable ? eur(withdrawalAt(p, end)) : eur(f.executionPrice!)),
        ],
        ...(variable
          ? [
              [
                'Parts en attente de retrait',
                doc.say('liquidity.sharesAwaitingWithdrawal', count(f.awaitingWithdrawal ?? 0)),
              ] as [string, string],
            ]
          : []),
      ],
      [50, 190],
    ),
  ];
  // The values per share, each on the line after its label.
  const keyRight: PdfLine[] = [
    { heading: 'Valeurs de la SCPI (par part)' },
    'Valeur de réalisation',
    { cells: [[190, doc.say('performance.realisationValueEur', eur(p.realisation))]], bold: true },
    'Valeur de reconstitution',
    { cells: [[190, doc.say('performance.reconstitutionValueEur', eur(p.reconstitution))]], bold: true },
    'Valeur nette comptable',
    { cells: [[190, eur(p.nominal + (price - p.nominal) * 0.55).text]], bold: true },
    ...col(
      `Soit une valeur de réalisation totale de ${millions(p.realisation * f.shares, 1).text} et une valeur de reconstitution totale de ${millions(p.reconstitution * f.shares, 1).text}.`,
    ),
  ];

  const history = p.prices.filter((s) => s.date <= end).slice(-3);
  const page1: PdfLine[] = [
    { heading: `Rapport annuel ${year}` },
    `Exercice clos le ${dateLong(end)} - Assemblée générale ordinaire du ${dateLong(`${year + 1}-06-18`)}`,
    ...identity(doc, p),
    `Date de création : ${doc.say('keyFacts.creationYear', text(Number(p.creationDate.slice(0, 4)), dateLong(p.creationDate)))}`,
    { columns: [keyLeft, keyRight] },
    { heading: 'Évolution du prix de la part et de la distribution' },
    {
      cells: [
        [50, 'Année'],
        [130, 'Prix de souscription au 1er janvier'],
        [310, 'Distribution brute par part'],
        [450, 'Taux de distribution'],
      ],
      bold: true,
    },
    ...p.years.map((y): PdfLine => ({
      cells: [
        [50, String(y.year)],
        [130, eur(y.priceJan1).text],
        [310, doc.say('performance.distributionPerShareByYear', eur(y.distribution), String(y.year))],
        [450, doc.say('performance.distributionRateByYear', pct(y.rate), String(y.year))],
      ],
    })),
    { heading: 'Historique du prix de souscription' },
    {
      cells: [
        [50, "Date d'effet"],
        [250, 'Prix de souscription'],
      ],
      bold: true,
    },
    ...history.map((s): PdfLine => ({
      cells: [
        [50, doc.say('performance.sharePriceHistory', text(s.price, dateLong(s.date)), s.date)],
        [250, eur(s.price).text],
      ],
    })),
  ];

  const tri: [string, number | null, string][] = [
    ['TRI 5 ans', p.tri.y5, 'performance.tri.y5'],
    ['TRI 10 ans', p.tri.y10, 'performance.tri.y10'],
    ['TRI 15 ans', p.tri.y15, 'performance.tri.y15'],
  ];
  const statedTri = tri.filter(([, v]) => v !== null);
  const distributionLines: PdfLine[] = last
    ? [
        { heading: `Distribution de l'exercice ${year}` },
        {
          cells: [
            [50, 'Par part'],
            [330, `Exercice ${doc.say('distribution.year', text(String(year), String(year)))}`],
          ],
          bold: true,
        },
        ...rows([
          ['Revenus fonciers', doc.say('distribution.rentalIncomeEur', eur(p.income.rental))],
          ['Revenus financiers', doc.say('distribution.financialIncomeEur', eur(p.income.financial))],
          ['Distribution totale brute', eur(last.distribution).text],
        ]),
        ...(p.income.foreignSharePct !== null
          ? [
              {
                cells: [
                  [50, 'Quote-part des revenus de source étrangère'],
                  [330, doc.say('distribution.foreignIncomeSharePct', pct(p.income.foreignSharePct))],
                ],
              } as PdfLine,
            ]
          : []),
        ...para(
          `Le taux de distribution ${year} s'établit à ${pct(last.rate).text} (distribution brute de ${eur(last.distribution).text} rapportée au prix de souscription au 1er janvier ${year} de ${eur(last.priceJan1).text}).`,
        ),
        ...(p.flags.statesPga && p.pga !== null
          ? para(
              `La performance globale annuelle (PGA) ${year}, somme du taux de distribution et de la variation du prix de la part, ressort à ${doc.say('performance.pgaPct', pct(p.pga))}.`,
            )
          : []),
      ]
    : [];
  const page2: PdfLine[] = [
    ...distributionLines,
    ...(statedTri.length
      ? [
          { heading: `Taux de rentabilité interne (TRI) au ${dateNumeric(end)}` } as PdfLine,
          ...rows(statedTri.map(([label, v, field]) => [label, doc.say(field, pct(v!))])),
        ]
      : []),
    { heading: `Patrimoine au ${dateNumeric(end)}` },
    ...rows([
      ["Nombre d'immeubles", doc.say('portfolio.numberOfProperties', count(f.properties))],
      ['Surface totale', doc.say('portfolio.surfaceSqm', sqm(f.surfaceSqm))],
      ['Nombre de locataires', doc.say('portfolio.numberOfTenants', count(f.tenants))],
      [`Taux d'occupation financier moyen ${year} (TOF)`, doc.say('portfolio.financialOccupancyRatePct', pct(f.tof))],
      [`Taux d'occupation physique moyen ${year} (TOP)`, doc.say('portfolio.physicalOccupancyRatePct', pct(f.top))],
      ["Taux d'endettement", doc.say('debt.debtRatioPct', pct(f.debtRatio))],
      ...(f.walb !== null && f.walt !== null
        ? ([
            ['WALB', doc.say('portfolio.walbYears', years(f.walb))],
            ['WALT', doc.say('portfolio.waltYears', years(f.walt))],
          ] as [string, string][])
        : []),
    ]),
    ...(p.sectorSplit.length
      ? [
          { heading: 'Répartition sectorielle (en % des valeurs vénales)' } as PdfLine,
          ...splitRows(doc, 'portfolio.sectorSplit', p.sectorSplit),
        ]
      : []),
    ...(p.geographicSplit.length
      ? [
          { heading: 'Répartition géographique (en % des valeurs vénales)' } as PdfLine,
          ...splitRows(doc, 'portfolio.geographicSplit', p.geographicSplit),
        ]
      : []),
  ];
  const page3: PdfLine[] = [
    { heading: 'Rapport du conseil de surveillance' },
    {
      columns: [
        col(
          `Mesdames, Messieurs, votre conseil de surveillance s'est réuni à quatre reprises au cours de l'exercice ${year}. Il a examiné la gestion de la société, les comptes et les expertises du patrimoine au ${dateNumeric(end)}, qui font ressortir une valeur de réalisation de ${eur(p.realisation).text} par part.`,
        ),
        col(
          `Le conseil émet un avis favorable à l'adoption des résolutions présentées, dont la fixation des valeurs de réalisation et de reconstitution. Document fictif généré pour la bibliothèque d'exemples ; les performances passées ne préjugent pas des performances futures.`,
        ),
      ],
    },
  ];
  return {
    document: { file: `rapport-annuel-${year}.pdf`, kind: 'rapport-annuel', date: end, period: String(year) },
    title: `${p.name} - Rapport annuel ${year}`,
    pages: [page1, page2, page3],
    statements: doc.statements,
  };
}

/** The note d'information (visa AMF): capital, conditions of subscription and withdrawal, fees. */
function note(p: ScpiProfile, date: string): ScpiDocumentContent {
  const doc = new Doc();
  const step = stepOn(p, date);
  const variable = isVariable(p);
  const fee = p.fees;
  const subscription = pct(fee.subscriptionTtc);
  const management = pct(fee.managementHt);
  const page1: PdfLine[] = [
    { heading: "Note d'information" },
    ...identity(doc, p),
    `Visa de l'Autorité des marchés financiers : ${p.visaAmf} - Note d'information mise à jour en ${monthYear(date)}`,
    { heading: 'Introduction' },
    {
      cells: [
        [50, 'Date de création :'],
        [200, doc.say('keyFacts.creationYear', text(Number(p.creationDate.slice(0, 4)), dateLong(p.creationDate)))],
      ],
    },
    ...para(
      variable
        ? `La société est une SCPI ${CAPITAL_LABEL.variable} : son capital augmente par les souscriptions et diminue par les retraits, dans la limite d'un capital social maximum statutaire de ${frNumber(1e9, 0)}${NBSP}€ et d'un minimum de 760${NBSP}000${NBSP}€.`
        : `La société est une SCPI ${CAPITAL_LABEL.fixe} : son capital social ne varie qu'à l'occasion d'augmentations de capital décidées en assemblée générale. Les parts s'échangent sur le marché secondaire organisé par la société de gestion.`,
    ),
    { heading: 'Conditions de souscription' },
    ...rows([
      ['Valeur nominale', eur(p.nominal).text],
      ["Prime d'émission", eur(step.price - p.nominal).text],
      ['Prix de souscription', doc.say('keyFacts.sharePriceEur', eur(step.price))],
      [
        'Minimum de souscription',
        doc.say(
          'keyFacts.minimumSubscriptionShares',
          text(p.minimumShares, `${p.minimumShares} part${p.minimumShares > 1 ? 's' : ''}`),
        ),
      ],
      ['Délai de jouissance', doc.say('keyFacts.delayOfJouissance', text(p.jouissance, p.jouissance))],
    ]),
    `Le prix de souscription est applicable à compter du ${doc.say('performance.sharePriceHistory', text(step.price, dateLong(step.date)), step.date)}.`,
    ...(variable
      ? para(
          `Modalités de retrait : l'associé qui se retire reçoit la valeur de retrait, égale au prix de souscription diminué de la commission de souscription hors taxes, soit ${eur(withdrawalAt(p, date)).text} par part à la date de la présente note.`,
        )
      : []),
  ];
  const transfer = fee.transferPct !== null ? doc.say('fees.transferPct', pct(fee.transferPct)) : null;
  const page2: PdfLine[] = [
    { heading: 'Frais' },
    {
      cells: [
        [50, 'Commission'],
        [250, 'Taux et assiette'],
      ],
      bold: true,
    },
    {
      cells: [
        [50, 'Commission de souscription'],
        [
          250,
          `${pct(fee.subscriptionTtc / 1.2).text} HT, soit ${doc.say('keyFacts.subscriptionFeesPct', text(subscription.value, `${subscription.text} TTC`))} du prix de souscription`,
        ],
      ],
    },
    {
      cells: [
        [50, 'Commission de gestion'],
        [250, `${doc.say('keyFacts.managementFeesPct', management)} HT des produits locatifs HT encaissés`],
      ],
    },
    {
      cells: [
        [50, 'Commission de cession de parts'],
        [
          250,
          transfer
            ? `${transfer} HT du montant de la transaction`
            : `forfait de ${eur(fee.transferFlatEur!, 0).text} HT par dossier`,
        ],
      ],
    },
    {
      cells: [
        [50, "Commission d'acquisition ou de cession"],
        [
          250,
          `${doc.say('fees.arbitragePct', pct(fee.arbitragePct))} HT du prix de vente ou d'acquisition net vendeur`,
        ],
      ],
    },
    { cells: [[50, "d'actifs immobiliers (arbitrage)"]] },
    {
      cells: [
        [50, 'Commission de suivi et de pilotage des travaux'],
        [250, `${pct(3).text} HT du montant des travaux réalisés`],
      ],
    },
    ...(fee.earlyWithdrawalPct
      ? [
          {
            cells: [
              [50, 'Commission de retrait anticipé'],
              [250, `${pct(fee.earlyWithdrawalPct).text} du montant retiré (retrait dans les trois ans)`],
            ],
          } as PdfLine,
        ]
      : []),
    { heading: 'Politique de distribution' },
    ...para(
      "La société distribue des acomptes trimestriels, versés à la fin du mois suivant chaque trimestre, aux associés en jouissance. Le taux de distribution s'entend de la distribution brute versée au titre de l'année rapportée au prix de souscription au 1er janvier.",
    ),
    ...para("Document fictif généré pour la bibliothèque d'exemples ; il ne constitue pas une offre de souscription."),
  ];
  doc.sayAll('fees.subscriptionPct', subscription.value, [subscription.text]);
  doc.sayAll('fees.managementPct', management.value, [management.text]);
  return {
    document: { file: 'note-information.pdf', kind: 'note-information', date, period: null },
    title: `${p.name} - Note d'information`,
    pages: [page1, page2],
    statements: doc.statements,
  };
}

/** Every document of a sample SCPI, oldest first, with what each states (no PDF drawn). */
export function scpiDocumentContents(p: ScpiProfile): ScpiDocumentContent[] {
  const out: ScpiDocumentContent[] = [];
  if (p.noteDate) out.push(note(p, p.noteDate));
  if (p.annualReportYear) out.push(annualReport(p, p.annualReportYear));
  if (p.dicDate) out.push(dic(p, p.dicDate));
  for (const b of p.bulletins) out.push(bulletin(p, b));
  return out.sort((a, b) => a.document.date.localeCompare(b.document.date));
}

/** The PDFs of a sample SCPI, by file name. */
export async function scpiDocuments(p: ScpiProfile): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  for (const c of scpiDocumentContents(p)) files[c.document.file] = await textPdf(c.title, c.pages);
  return files;
}

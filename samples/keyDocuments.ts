import type { SampleFund } from './funds';
import { type KeyDocumentWording, type SampleLanguage, WORDING } from './keyDocumentWording';
import { type PdfLine, textPdf, wrap } from './pdf';

/** The date every sample KID, KIID and EPT row is dated. */
export const KID_DATE = '2026-02-16';

/** Reduction in yield: the ongoing and transaction costs each year, plus entry and exit spread over the period. */
export function costImpact(fund: SampleFund, years: number): number {
  const { entry, exit, ongoing, transaction, performanceFee } = fund.costs;
  return ongoing + transaction + performanceFee + (entry + exit) / years;
}

/**
 * KIDs and KIIDs in the languages of the sample library besides English, laid out as real ones are:
 * - German KIDs wrap the management-fee label over three lines and give its value on the line after
 *   (Invesco, iShares), and name the fund and its manager in one sentence with defined terms;
 * - Italian KIDs print a cost's value a little above its label, so the text layer has it first;
 * - two-column KIIDs (French, Dutch) put objectives on the left and risk and charges on the right, and
 *   split "Ongoing charges" around its value (Spanish, Portuguese, Italian);
 * - every language writes decimal commas and its own dates.
 */

const INVEST = 10000;

function fmt(w: KeyDocumentWording) {
  // French groups thousands with a narrow no-break space, which the standard fonts cannot draw: printers use a no-break
  // space.
  const number = (n: number, decimals = 0) =>
    n
      .toLocaleString(w.locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
      .replace(/\u202f/g, '\u00a0');
  return {
    pct: (fraction: number) => `${number(fraction * 100, 2)}${w.percentSpace ? '\u00a0' : ''}%`,
    money: (currency: string, n: number) => `${number(Math.round(n))} ${currency}`,
    date: (iso: string) =>
      new Date(`${iso}T00:00:00Z`).toLocaleDateString(w.locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  };
}

/** A PRIIPs KID for a fund in one of the sample languages. */
export function localKidPdf(fund: SampleFund, language: SampleLanguage): Promise<Buffer> {
  const w = WORDING[language];
  const k = w.kid;
  const f = fmt(w);
  const c = fund.costs;
  const rhp = k.years(fund.rhpYears);
  const [y1, yRhp] = [costImpact(fund, 1), costImpact(fund, fund.rhpYears)];
  const page1: PdfLine[] = [
    { heading: k.title },
    { heading: k.purposeHeading },
    k.purpose,
    { heading: k.productHeading },
    ...k.product(fund.name, fund.isin, fund.manager),
    k.dated(f.date(KID_DATE)),
    { heading: k.whatHeading },
    k.type(fund.securityType),
    `${k.objectives} ${fund.objective}`,
    ...(fund.benchmark ? [`${k.benchmark} ${fund.benchmark}`] : []),
    ...(fund.sfdrArticle ? [k.sfdr(fund.sfdrArticle)] : []),
    { heading: k.risksHeading },
    k.riskIndicator,
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
        [50, k.lowerHigher[0]],
        [150, k.lowerHigher[1]],
      ],
    },
    k.assumption(rhp),
    k.classified(fund.sri),
    {
      cells: [
        [50, `${k.rhp} ${rhp}`],
        [300, `${k.example} ${f.money(fund.currency, INVEST)}`],
      ],
    },
    {
      cells: [
        [50, k.scenarios[0]],
        [250, k.exitAfter(k.years(1))],
        [420, k.exitAfter(rhp)],
      ],
      bold: true,
    },
    ...k.scenarios.slice(1).flatMap((s, i): PdfLine[] => [
      {
        cells: [
          [50, s],
          [250, f.money(fund.currency, INVEST * (0.55 + i * 0.17))],
          [420, f.money(fund.currency, INVEST * (0.6 + i * 0.22))],
        ],
      },
      {
        cells: [
          [50, k.averageReturn],
          [250, f.pct(-0.45 + i * 0.17)],
          [420, f.pct(-0.1 + i * 0.05)],
        ],
      },
    ]),
  ];
  const page2: PdfLine[] = [
    { heading: k.costsHeading },
    k.costsOverTime,
    {
      cells: [
        [50, f.money(fund.currency, INVEST)],
        [250, k.exitAfter(k.years(1))],
        [420, k.exitAfter(rhp)],
      ],
      bold: true,
    },
    {
      cells: [
        [50, k.totalCosts],
        [250, f.money(fund.currency, INVEST * y1)],
        [420, f.money(fund.currency, INVEST * yRhp * fund.rhpYears)],
      ],
    },
    {
      cells: [
        [50, k.annualImpact],
        [250, f.pct(y1)],
        [420, f.pct(yRhp)],
      ],
    },
    k.footnote(f.pct(0.071), f.pct(0.071 - yRhp)),
    { heading: k.composition },
    {
      cells: [
        [50, k.oneOff],
        [420, k.exitAfter(k.years(1))],
      ],
      bold: true,
    },
    ...costRow(
      language,
      k.entry,
      k.entryText(c.entry ? f.pct(c.entry) : null),
      f.money(fund.currency, INVEST * c.entry),
    ),
    ...costRow(language, k.exit, k.exitText(c.exit ? f.pct(c.exit) : null), f.money(fund.currency, INVEST * c.exit)),
    { cells: [[50, k.ongoingHeading]], bold: true },
    ...managementRow(language, k.management, k.perYear(f.pct(c.ongoing)), f.money(fund.currency, INVEST * c.ongoing)),
    ...costRow(
      language,
      k.transaction,
      k.transactionText(f.pct(c.transaction)),
      f.money(fund.currency, INVEST * c.transaction),
    ),
    { cells: [[50, k.incidental]], bold: true },
    ...costRow(
      language,
      k.performanceFee,
      k.performanceFeeText(c.performanceFee ? f.pct(c.performanceFee) : null),
      f.money(fund.currency, INVEST * c.performanceFee),
    ),
    { heading: k.holdHeading },
    `${k.rhp} ${rhp}`,
    { heading: k.complaintsHeading },
    { heading: k.otherHeading },
  ];
  return textPdf(`${k.title} ${fund.name}`, [page1, page2]);
}

/** A cost row; Italian KIDs print the description (with the value) a little above the label. */
function costRow(language: SampleLanguage, label: string, text: string, amount: string): PdfLine[] {
  const [first, ...rest] = wrap(text, 55);
  const rows = rest.map((line): PdfLine => ({ cells: [[170, line]] }));
  // Drawn first and a little higher, the value comes before its label in the text layer.
  if (language === 'it')
    return [
      {
        cells: [
          [170, first, 6],
          [50, label],
          [480, amount],
        ],
      },
      ...rows,
    ];
  return [
    {
      cells: [
        [50, label],
        [170, first],
        [480, amount],
      ],
    },
    ...rows,
  ];
}

/** The management-fee row: German KIDs wrap its label over three lines, the value on the line after. */
function managementRow(language: SampleLanguage, label: string[], text: string, amount: string): PdfLine[] {
  if (language === 'de')
    return [
      ...label.map((l): PdfLine => ({ cells: [[50, l]] })),
      ...wrap(text, 80).map((l): PdfLine => ({ cells: [[50, l]] })),
      { cells: [[480, amount]] },
    ];
  const [first, ...rest] = costRow(language, label[0], text, amount);
  return [first, { cells: [[50, label[1]]] }, ...rest];
}

/** A UCITS KIID for a fund in one of the sample languages; French and Dutch ones in two columns. */
export function localKiidPdf(fund: SampleFund, language: SampleLanguage): Promise<Buffer> {
  const w = WORDING[language];
  const k = w.kiid;
  const f = fmt(w);
  const c = fund.costs;
  const objectives: PdfLine[] = [
    { heading: k.objectivesHeading },
    fund.objective,
    ...(fund.benchmark ? [`${k.benchmark} ${fund.benchmark}`] : []),
  ];
  const splitOngoing = language !== 'fr' && language !== 'de';
  const riskAndCharges: PdfLine[] = [
    { heading: k.riskHeading },
    {
      cells: [
        [50, k.lowerHigher[0]],
        [200, k.lowerHigher[1]],
      ],
    },
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
    k.category(fund.sri),
    { heading: k.chargesHeading },
    k.oneOff,
    {
      cells: [
        [50, k.entry],
        [200, c.entry ? f.pct(c.entry) : k.none],
      ],
    },
    {
      cells: [
        [50, k.exit],
        [200, c.exit ? f.pct(c.exit) : k.none],
      ],
    },
    k.yearly,
    // "Ongoing" / "1.60%" / "charges": the value cell sits between the two lines of its label.
    ...(splitOngoing
      ? ([
          { cells: [[50, k.ongoing[0]]] },
          { cells: [[200, f.pct(c.ongoing)]] },
          { cells: [[50, k.ongoing[1]]] },
        ] as PdfLine[])
      : [
          {
            cells: [
              [50, `${k.ongoing[0]} ${k.ongoing[1]}`],
              [200, f.pct(c.ongoing)],
            ],
          } as PdfLine,
        ]),
    k.conditional,
    {
      cells: [
        [50, k.performanceFee],
        [200, c.performanceFee ? f.pct(c.performanceFee) : k.none],
      ],
    },
  ];
  const twoColumns = language === 'fr' || language === 'nl';
  const page: PdfLine[] = [
    { heading: k.title },
    k.intro,
    {
      cells: [
        [50, fund.name],
        [330, `ISIN: ${fund.isin}`],
      ],
    },
    `${k.managementCompany} ${fund.manager}`,
    ...(twoColumns
      ? [{ columns: [objectives, riskAndCharges.map(narrow)] } as PdfLine]
      : [...objectives, ...riskAndCharges]),
    { heading: k.practicalHeading },
    k.accurate(f.date(KID_DATE)),
  ];
  return textPdf(`${k.title} ${fund.name}`, [page]);
}

/** Cells of the right-hand column are placed relative to it: shrink their offsets so they fit. */
function narrow(line: PdfLine): PdfLine {
  if (typeof line !== 'object' || !('cells' in line)) return line;
  return { ...line, cells: line.cells.map(([x, text, dy]) => [50 + (x - 50) * 0.8, text, dy]) };
}

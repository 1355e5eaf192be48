import { prng, round, type SampleFund } from './funds';
import { costImpact, KID_DATE, localKidPdf, localKiidPdf } from './keyDocuments';
import { type PdfLine, textPdf } from './pdf';
import { xlsx } from './xlsx';

/** The documents of a sample fund, in the formats real managers publish. */

const SAMPLE_AS_OF = '2026-10-30';

const pct = (fraction: number, decimals = 2) => `${(fraction * 100).toFixed(decimals)}%`;
const money = (n: number) => Math.round(n).toLocaleString('en-US');
const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
const SRRI_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven'];

const SFDR_TEXT: Record<6 | 8 | 9, string> = {
  6: 'The fund does not promote environmental or social characteristics and is classified under Article 6 of Regulation (EU) 2019/2088 (SFDR).',
  8: 'The fund promotes environmental or social characteristics within the meaning of Article 8 of Regulation (EU) 2019/2088 (SFDR).',
  9: 'The fund has sustainable investment as its objective within the meaning of Article 9 of Regulation (EU) 2019/2088 (SFDR).',
};

export async function kidPdf(fund: SampleFund): Promise<Buffer> {
  return fund.language === 'en' ? englishKid(fund) : localKidPdf(fund, fund.language);
}

async function englishKid(fund: SampleFund): Promise<Buffer> {
  const invest = 10000;
  const y1 = costImpact(fund, 1);
  const yRhp = costImpact(fund, fund.rhpYears);
  const c = fund.costs;
  const rhp = `${fund.rhpYears} year${fund.rhpYears === 1 ? '' : 's'}`;
  const page1: PdfLine[] = [
    { heading: 'Key Information Document' },
    'Purpose: This document provides you with key information about this investment product. It is not marketing material. The information is required by law to help you understand the nature, risks, costs, potential gains and losses of this product.',
    { heading: 'Product' },
    fund.name,
    `ISIN: ${fund.isin}`,
    `PRIIP manufacturer: ${fund.manager}`,
    `This document is accurate as at ${longDate(KID_DATE)}.`,
    { heading: 'What is this product?' },
    `Type: ${fund.securityType}`,
    `Objectives: ${fund.objective}`,
    ...(fund.benchmark ? [`Benchmark: ${fund.benchmark}`] : []),
    ...(fund.sfdrArticle ? [SFDR_TEXT[fund.sfdrArticle]] : []),
    { heading: 'What are the risks and what could I get in return?' },
    'Risk indicator',
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
    `The risk indicator assumes you keep the product for ${rhp}.`,
    `We have classified this product as ${fund.sri} out of 7, which is a ${['lowest', 'low', 'medium-low', 'medium', 'medium-high', 'second-highest', 'highest'][fund.sri - 1]} risk class.`,
    `Recommended holding period: ${rhp}`,
    `Example investment: ${fund.currency} ${money(invest)}`,
    {
      cells: [
        [50, 'Scenarios'],
        [300, 'If you exit after 1 year'],
        [450, `If you exit after ${rhp}`],
      ],
      bold: true,
    },
    ...(['Stress', 'Unfavourable', 'Moderate', 'Favourable'] as const).map((s, k): PdfLine => ({
      cells: [
        [50, s],
        [300, `${fund.currency} ${money(invest * (0.55 + k * 0.17))}`],
        [450, `${fund.currency} ${money(invest * (0.6 + k * 0.22))}`],
      ],
    })),
  ];
  const page2: PdfLine[] = [
    { heading: 'What are the costs?' },
    'Costs over time',
    {
      cells: [
        [50, `Investment ${fund.currency} ${money(invest)}`],
        [300, 'If you exit after 1 year'],
        [450, `If you exit after ${rhp}`],
      ],
      bold: true,
    },
    {
      cells: [
        [50, 'Total costs'],
        [300, `${fund.currency} ${money(invest * y1)}`],
        [450, `${fund.currency} ${money(invest * yRhp * fund.rhpYears)}`],
      ],
    },
    {
      cells: [
        [50, 'Annual cost impact (*)'],
        [300, pct(y1)],
        [450, `${pct(yRhp)} each year`],
      ],
    },
    '(*) This illustrates how costs reduce your return each year over the holding period.',
    'Composition of costs',
    {
      cells: [
        [50, 'One-off costs upon entry or exit'],
        [450, 'If you exit after 1 year'],
      ],
      bold: true,
    },
    {
      cells: [
        [50, 'Entry costs'],
        [
          200,
          c.entry
            ? `${pct(c.entry)} of the amount you pay in when entering this investment.`
            : 'We do not charge an entry fee.',
        ],
        [500, `${fund.currency} ${money(invest * c.entry)}`],
      ],
    },
    {
      cells: [
        [50, 'Exit costs'],
        [
          200,
          c.exit ? `${pct(c.exit)} of your investment before it is paid out to you.` : 'We do not charge an exit fee.',
        ],
        [500, `${fund.currency} ${money(invest * c.exit)}`],
      ],
    },
    { cells: [[50, 'Ongoing costs taken each year']], bold: true },
    {
      cells: [
        [50, 'Management fees and other'],
        [200, `${pct(c.ongoing)} of the value of your investment per year.`],
        [500, `${fund.currency} ${money(invest * c.ongoing)}`],
      ],
    },
    { cells: [[50, 'administrative or operating costs']] },
    {
      cells: [
        [50, 'Transaction costs'],
        [200, `${pct(c.transaction)} of the value of your investment per year.`],
        [500, `${fund.currency} ${money(invest * c.transaction)}`],
      ],
    },
    { cells: [[50, 'Incidental costs taken under specific conditions']], bold: true },
    {
      cells: [
        [50, 'Performance fees'],
        [
          200,
          c.performanceFee
            ? `${pct(c.performanceFee)} of the value of your investment per year.`
            : 'There is no performance fee for this product.',
        ],
        [500, `${fund.currency} ${money(invest * c.performanceFee)}`],
      ],
    },
    { heading: 'How long should I hold it and can I take money out early?' },
    `Recommended holding period: ${rhp}`,
    'You may redeem your shares on any business day without penalty.',
  ];
  return textPdf(`KID ${fund.name}`, [page1, page2]);
}

export async function kiidPdf(fund: SampleFund): Promise<Buffer> {
  return fund.language === 'en' ? englishKiid(fund) : localKiidPdf(fund, fund.language);
}

async function englishKiid(fund: SampleFund): Promise<Buffer> {
  const c = fund.costs;
  const page: PdfLine[] = [
    { heading: 'Key Investor Information' },
    'This document provides you with key investor information about this fund. It is not marketing material.',
    {
      cells: [
        [50, fund.name],
        [400, `ISIN: ${fund.isin}`],
      ],
    },
    `Management company: ${fund.manager}`,
    { heading: 'Objectives and investment policy' },
    fund.objective,
    ...(fund.benchmark ? [`Benchmark: ${fund.benchmark}`] : []),
    { heading: 'Risk and reward profile' },
    {
      cells: [
        [50, 'Lower risk'],
        [400, 'Higher risk'],
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
    `The fund is rated ${SRRI_WORDS[fund.sri - 1]} due to the nature of its investments and the risks listed below.`,
    { heading: 'Charges' },
    { cells: [[50, 'One-off charges taken before or after you invest']], bold: true },
    {
      cells: [
        [50, 'Entry charge'],
        [300, c.entry ? pct(c.entry) : 'None'],
      ],
    },
    {
      cells: [
        [50, 'Exit charge'],
        [300, c.exit ? pct(c.exit) : 'None'],
      ],
    },
    { cells: [[50, 'Charges taken from the fund over a year']], bold: true },
    {
      cells: [
        [50, 'Ongoing charges'],
        [300, pct(c.ongoing)],
      ],
    },
    { cells: [[50, 'Charges taken from the fund under certain specific conditions']], bold: true },
    {
      cells: [
        [50, 'Performance fee'],
        [300, c.performanceFee ? pct(c.performanceFee) : 'None'],
      ],
    },
    { heading: 'Practical information' },
    `This key investor information is accurate as at ${longDate(KID_DATE)}.`,
  ];
  return textPdf(`KIID ${fund.name}`, [page]);
}

/** A one-page monthly factsheet with labelled key facts and two tables. */
export async function factsheetPdf(
  fund: SampleFund,
  weighted: { topHoldings: { name: string; weight: number }[]; sectors: { label: string; weight: number }[] },
): Promise<Buffer> {
  const facts: [string, string][] = [
    ['ISIN', fund.isin],
    ['Fund manager', fund.manager],
    ['Asset class', fund.assetClass],
    ['Security type', fund.securityType],
    ['Share class', fund.shareClass],
    ['Fund currency', fund.currency],
    [
      'Fund size',
      `${fund.currency} ${fund.aumMillions.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} million`,
    ],
    ['Inception date', fund.inception],
    ['Distribution policy', fund.distribution],
    ['Benchmark', fund.benchmark ?? 'None'],
    ['Ongoing charges (TER)', pct(fund.costs.ongoing)],
    ['Number of holdings', String(fund.holdings.length)],
  ];
  if (fund.peRatio !== null) facts.push(['P/E ratio', fund.peRatio.toFixed(1)]);
  if (fund.yieldToMaturity !== null) facts.push(['Yield to maturity', `${fund.yieldToMaturity.toFixed(2)}%`]);
  if (fund.modifiedDuration !== null) facts.push(['Modified duration', `${fund.modifiedDuration.toFixed(2)} years`]);
  const lines: PdfLine[] = [
    { heading: fund.name },
    `Monthly factsheet as at ${SAMPLE_AS_OF}. For professional investors. This is a sample document.`,
    { heading: 'Key facts' },
    ...facts.map(([label, value]): PdfLine => ({
      cells: [
        [50, `${label}:`],
        [200, value],
      ],
    })),
    { heading: 'Top 10 holdings (% of net assets)' },
    ...weighted.topHoldings.slice(0, 10).map((h): PdfLine => ({
      cells: [
        [50, h.name],
        [350, `${h.weight.toFixed(2)}%`],
      ],
    })),
    {
      heading:
        fund.assetClass === 'Fixed Income' || fund.assetClass === 'Money Market'
          ? 'Breakdown by instrument type (%)'
          : 'Sector allocation (%)',
    },
    ...weighted.sectors.slice(0, 12).map((s): PdfLine => ({
      cells: [
        [50, s.label],
        [350, `${s.weight.toFixed(2)}%`],
      ],
    })),
  ];
  return textPdf(`Factsheet ${fund.name}`, [lines]);
}

/** iShares UCITS layout: a preamble with the as-of date, a blank line, then the quoted table. */
export function isharesHoldingsCsv(fund: SampleFund): string {
  const asOf = new Date(`${SAMPLE_AS_OF}T00:00:00Z`);
  const month = asOf.toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' });
  const q = (v: string | number) => `"${String(v).replace(/"/g, '""')}"`;
  const lines = [
    `\ufeffFund Holdings as of,${q(`${String(asOf.getUTCDate()).padStart(2, '0')}/${month}/${asOf.getUTCFullYear()}`)}`,
    ' ',
    'Issuer Ticker,Name,Asset Class,Weight (%),Price,Nominal,Market Value,Notional Value,Sector,ISIN,Exchange,Location,Market Currency',
    ...fund.holdings.map((h) => {
      const value = (fund.aumMillions * 1e6 * h.weight) / 100;
      return [
        h.ticker,
        h.name,
        h.assetClass,
        h.weight.toFixed(2),
        '100.00',
        money(value / 100),
        money(value),
        money(value),
        h.sector,
        '-',
        'Sample Exchange',
        h.country,
        h.currency,
      ]
        .map(q)
        .join(',');
    }),
    ' ',
  ];
  return `${lines.join('\n')}\n`;
}

export function plainHoldingsCsv(fund: SampleFund): string {
  return `Name,Ticker,Asset Class,Sector,Country,Currency,Weight (%)\n${fund.holdings
    .map((h) =>
      [`"${h.name}"`, h.ticker, h.assetClass, `"${h.sector}"`, `"${h.country}"`, h.currency, h.weight.toFixed(2)].join(
        ',',
      ),
    )
    .join('\n')}\n`;
}

export function holdingsXlsx(fund: SampleFund): Buffer {
  return xlsx([
    [fund.name],
    [`Holdings as of ${SAMPLE_AS_OF}`],
    [],
    ['Name', 'Ticker', 'Asset Class', 'Sector', 'Country', 'Currency', 'Weight (%)'],
    ...fund.holdings.map((h) => [h.name, h.ticker, h.assetClass, h.sector, h.country, h.currency, h.weight]),
  ]);
}

/** FinDatEx TPT V6 positions as JSON (one object a position, portfolio fields repeated). */
export function tptJson(fund: SampleFund): string {
  const nav = fund.aumMillions * 1e6;
  return `${JSON.stringify(
    fund.holdings.map((h) => ({
      '1_Portfolio_identifying_data': fund.isin,
      '3_Portfolio_name': fund.name,
      '4_Portfolio_currency_(B)': fund.currency,
      '5_Net_asset_valuation_of_the_portfolio_or_the_share_class_in_portfolio_currency': nav,
      '6_Valuation_date': SAMPLE_AS_OF,
      '7_Reporting_date': SAMPLE_AS_OF,
      '10_Portfolio_modified_duration': fund.modifiedDuration,
      '12_CIC_code_of_the_instrument': h.cic,
      '17_Instrument_name': h.name,
      '21_Quotation_currency_(A)': h.currency,
      '24_Market_valuation_in_portfolio_currency_(B)': (nav * h.weight) / 100,
      '26_Valuation_weight': round(h.weight / 100, 6),
      '39_Maturity_date': h.maturity ?? null,
      '46_Issuer_name': h.name.replace(/ \d.*$/, ''),
      '52_Issuer_country': h.country,
      '54_Economic_sector': h.sector,
      '112_Credit_rating': h.rating ?? null,
      '1000_TPT_Version': 'V6.0',
    })),
    null,
    1,
  )}\n`;
}

const EPT_COLUMNS = [
  '00001_EPT_Version',
  '00010_Portfolio_Manufacturer_Name',
  '00030_Portfolio_Identifying_Data',
  '00040_Type_Of_Identification_Code_For_The_Fund_Share_Or_Portfolio',
  '00050_Portfolio_Name',
  '00060_Portfolio_Or_Share_Class_Currency',
  '00070_PRIIPs_KID_Publication_Date',
  '01090_SRI',
  '01120_Recommended_Holding_Period',
  '03010_One_Off_Cost_Portfolio_Entry_Cost',
  '03020_One_Off_Costs_Portfolio_Exit_Cost_At_RHP',
  '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs',
  '03080_Ongoing_Costs_Portfolio_Transaction_Costs',
  '03095_Incidental_Costs_Portfolio_Performance_Fees',
];

export function eptCsv(fund: SampleFund): string {
  const cell = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const c = fund.costs;
  const row = [
    'V21',
    fund.manager,
    fund.isin,
    1,
    fund.name,
    fund.currency,
    KID_DATE,
    fund.sri,
    fund.rhpYears,
    c.entry,
    c.exit,
    c.ongoing,
    c.transaction,
    c.performanceFee,
  ];
  return `${EPT_COLUMNS.join(',')}\n${row.map(cell).join(',')}\n`;
}

/** Business days from inception to the as-of date: a geometric random walk for the fund and its benchmark. */
export function navCsv(fund: SampleFund): string {
  const rand = prng(1000 + fund.index);
  const gaussian = () => Math.sqrt(-2 * Math.log(Math.max(rand(), 1e-12))) * Math.cos(2 * Math.PI * rand());
  const lines = [fund.benchmark ? 'Date,NAV,Benchmark' : 'Date,NAV'];
  let nav = 100;
  let bench = 100;
  const dt = 1 / 252;
  for (
    let d = new Date(`${fund.inception}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= SAMPLE_AS_OF;
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
    const shock = gaussian();
    nav *= Math.exp((fund.drift - fund.vol ** 2 / 2) * dt + fund.vol * Math.sqrt(dt) * shock);
    bench *= Math.exp(
      (fund.drift + 0.004 - fund.vol ** 2 / 2) * dt + fund.vol * Math.sqrt(dt) * (0.9 * shock + 0.436 * gaussian()),
    );
    const date = d.toISOString().slice(0, 10);
    lines.push(fund.benchmark ? `${date},${nav.toFixed(4)},${bench.toFixed(4)}` : `${date},${nav.toFixed(4)}`);
  }
  return `${lines.join('\n')}\n`;
}

import { z } from './zod';

/** FundData and the fund envelopes (spec sections 2.1 to 2.4). */

export const Weighted = z.object({ label: z.string(), weight: z.number() }).openapi('Weighted', {
  description:
    'One line of a breakdown: a label (a country, region, sector, rating bucket, asset class...) and its weight in percent',
});

const Holding = z.object({ name: z.string(), weight: z.number() }).openapi('Holding', {
  description:
    "One of a fund's largest positions as its documents list them: the holding's name and its weight in percent of the fund",
});

/** Profile.riskBand and the portfolio's risk.band (one component): the band of a 1-7 risk indicator. */
export const RISK_BAND_DESCRIPTION =
  'Band of a risk indicator on the 1-7 scale (SRRI or SRI): low for 1-2, medium for 3-4, high for 5-7';

const PROFILE_KINDS = ['equity', 'fixedIncome', 'moneyMarket', 'allocation', 'alternative', 'other'] as const;

export const Profile = z
  .object({
    kind: z.enum(PROFILE_KINDS).openapi({
      description:
        'Broad kind of fund, derived from keyFacts.assetClass: equity, fixedIncome (bonds), moneyMarket, allocation (mixed assets), alternative or other',
    }),
    category: z.string(),
    riskBand: z.enum(['low', 'medium', 'high']).nullable().openapi({ description: RISK_BAND_DESCRIPTION }),
    concentration: z.enum(['concentrated', 'balanced', 'diversified']).nullable().openapi({
      description:
        'How concentrated the portfolio is, from the weight of its ten largest holdings: concentrated (50% or more), balanced (30% to 50%) or diversified (under 30%)',
    }),
    regionFocus: z.string().nullable(),
    regionTilt: z.string().nullable(),
    sectorTilt: z.string().nullable(),
    valuation: z.enum(['value', 'blend', 'growth']).nullable().openapi({
      description:
        'Valuation style of an equity portfolio, from its P/E ratio: value (under 15), blend (15 to 22) or growth (over 22)',
    }),
    creditQuality: z.enum(['high', 'medium', 'low']).nullable().openapi({
      description:
        'Credit quality of a bond or money-market portfolio: high when AAA to A ratings make 60% or more, medium when investment grade (BBB or better) makes 80% or more, low otherwise',
    }),
    rateSensitivity: z.enum(['limited', 'moderate', 'extensive']).nullable().openapi({
      description:
        'Interest-rate sensitivity of a bond portfolio, from its effective (else modified) duration: limited (under 3.5 years), moderate (3.5 to 6 years) or extensive (over 6 years)',
    }),
    equityShare: z.number().nullable(),
    rules: z.string().openapi({ description: 'Version identifier of the rule set' }),
  })
  .openapi('Profile', {
    description:
      'Rule-based classification of the fund, derived from its key facts and breakdowns: kind, category, risk band, concentration, regional and sector focus, valuation style, credit quality and rate sensitivity. The rules are on /docs/methodology; `rules` names their version',
  });

const KeyFacts = z
  .object({
    assetClass: z.string(),
    subAsset: z.string().openapi({ description: 'Identical to profile.category' }),
    currency: z.string(),
    aum: z.string(),
    inception: z.string(),
    distribution: z.string(),
    holdings: z.union([z.string(), z.number()]),
    manager: z.string(),
  })
  .openapi('KeyFacts', {
    description:
      'Key facts of the share class as its documents state them: asset class, category, currency, fund size, inception date, income treatment, number of holdings and manager. Empty strings when not disclosed',
  });

const HeadlineMetrics = z
  .object({
    ter: z.string(),
    aum: z.string(),
    volatility3y: z.string(),
    sharpe3y: z.string(),
    yieldToMaturity: z.string(),
    modifiedDuration: z.string(),
  })
  .openapi('HeadlineMetrics', {
    description:
      'Headline figures as the documents state them (text with units): total expense ratio, fund size, 3-year volatility and Sharpe ratio, yield to maturity and modified duration. Empty strings when not disclosed',
  });

const Metrics = z
  .object({
    peRatio: z.string(),
    incomeYield: z.string(),
    volatility3y: z.string(),
    sharpe3y: z.string(),
    yieldToMaturity: z.string(),
    effectiveDuration: z.string(),
    effectiveMaturity: z.string(),
    averageRating: z.string(),
    sevenDayYield: z.string(),
    wam: z.string(),
    wal: z.string(),
    maxDrawdown: z.string(),
    equityCorrelation: z.string(),
    equityBondSplit: z.string(),
  })
  .openapi('Metrics', {
    description:
      'Further portfolio and risk statistics as the documents state them (text with units): valuation and yield figures, durations and maturities, average rating, money-market measures (seven-day yield, WAM, WAL), maximum drawdown and equity correlation. Empty strings when not disclosed',
  });

const Costs = z
  .object({
    entry: z.string(),
    exit: z.string(),
    ongoing: z.string(),
    transaction: z.string(),
    performanceFee: z.string(),
    riy1y: z.string(),
    riyRhp: z.string(),
    recommendedHoldingPeriod: z.string(),
  })
  .openapi('Costs', {
    description:
      'Costs of the share class as its KID or factsheet states them (text, usually percent): one-off entry and exit costs, yearly ongoing and transaction costs, performance fee, reduction in yield after one year and at the recommended holding period, and that period. Empty strings when not disclosed',
  });

/** Another document's value for a field, where it disagrees with the one quoted. */
const FieldConflict = z
  .object({
    document: z.string().openapi({ description: 'Content hash (sha256) of the document that states this value' }),
    kind: z.string().openapi({ description: 'Its kind (kid, kiid, ept, emt, factsheet, holdings, tpt, nav)' }),
    value: z.union([z.string(), z.number()]).openapi({ description: 'The value as that document states it' }),
    asOf: z.string().nullable().openapi({ description: 'The date that document gives for itself' }),
  })
  .openapi('FieldConflict', {
    description: 'A different value for a field, stated by another document of the same fund than the one quoted',
  });

/** Where a filled field came from; kept beside the contract's fields, which it leaves untouched. */
export const FieldSource = z
  .object({
    document: z.string().openapi({ description: 'Content hash (sha256) of the source document' }),
    kind: z.string(),
    origin: z.string(),
    page: z.number().int().nullable(),
    asOf: z.string().nullable(),
    language: z
      .string()
      .optional()
      .openapi({ description: 'Language of the document the value was read from (ISO 639-1), for KIDs and KIIDs' }),
    method: z.enum(['text', 'graphic', 'fallback']).optional().openapi({
      description:
        "How the value was obtained: `text` read from the document's text, `graphic` read from its drawing (a risk scale whose class is only shaded), `fallback` derived by the asset-class rule of /docs/methodology because no document states it",
    }),
    row: z.number().int().optional().openapi({
      description:
        'Row of a FinDatEx file: the spreadsheet row (header row included) for CSV and XLSX, the 1-based record for JSON and YAML',
    }),
    column: z
      .string()
      .optional()
      .openapi({ description: 'Column of a FinDatEx file: the template field it came from, e.g. 01090_SRI' }),
    recipe: z.string().optional().openapi({
      description:
        "The issuer recipe that fetched the document from its manager's server (`origin` is the URL it came from)",
    }),
    fetchedAt: z.iso.datetime().optional().openapi({
      description: 'When that recipe downloaded the document (a later check that found it unchanged keeps this date)',
    }),
    conflicts: z.array(FieldConflict).optional().openapi({
      description:
        'Other documents of the fund that state a different value for this field (the quoted one is chosen by the order in /docs/methodology); absent when they all agree',
    }),
    otherShareClasses: z
      .array(
        z
          .object({
            label: z.string().openapi({ description: 'The share class or plan as the document names it' }),
            isin: z.string().nullable(),
            value: z.string(),
          })
          .openapi({
            description: 'The value the same document states for another share class or plan of the fund',
          }),
      )
      .optional()
      .openapi({
        description:
          "What the same document states for the fund's other share classes or plans (a factsheet's TER per plan); the field holds the one asked for",
      }),
    skipped: z.string().optional().openapi({
      description:
        "Only on the entries `skipped.<document hash>`: why that document was left out (it could not be read); the payload was built from the fund's other documents",
    }),
  })
  .openapi('FieldSource', {
    description:
      'Where the value of one filled field came from: the source document (by content hash), its kind, origin, page and date, and how the value was read',
  });

/** A target-market answer as the EMT codes it (null: the file does not say). */
const targetFlag = (description: string) => z.string().nullable().openapi({ description });
const YES_NO = 'Y (compatible), N (not compatible) or Neutral';

/**
 * The MiFID II target market a manufacturer publishes in its EMT file (section numbers of EMT V4),
 * answers kept as the template codes them. An addition beside the contract fields, like `sources`:
 * payloads stored before it existed have none, so it is optional.
 */
export const TargetMarket = z
  .object({
    investorTypes: z
      .object({
        retail: targetFlag(`Retail clients (01010): ${YES_NO}`),
        professional: targetFlag(
          `Professional clients (01020): ${YES_NO}, P (professional per se only) or E (elective professional only)`,
        ),
        eligibleCounterparty: targetFlag(`Eligible counterparties (01030): ${YES_NO}`),
      })
      .openapi({ description: 'Type of clients (EMT section 1)' }),
    knowledgeAndExperience: z
      .object({
        basic: targetFlag(`Basic investors (02010): ${YES_NO}`),
        informed: targetFlag(`Informed investors (02020): ${YES_NO}`),
        advanced: targetFlag(`Advanced investors (02030): ${YES_NO}`),
      })
      .openapi({ description: 'Knowledge and experience (EMT section 2)' }),
    abilityToBearLosses: z
      .object({
        noCapitalLoss: targetFlag(`Clients who cannot bear any capital loss (03010): ${YES_NO}`),
        limitedCapitalLoss: targetFlag(`Clients who can bear a limited capital loss (03020): ${YES_NO}`),
        limitedCapitalLossLevel: z
          .string()
          .nullable()
          .openapi({ description: 'The limited loss those clients can bear, as a percentage (03030), e.g. "10.00%"' }),
        noCapitalGuarantee: targetFlag(`Clients who do not need capital guarantee (03040): ${YES_NO}`),
        lossBeyondCapital: targetFlag(`Clients who can bear losses beyond the capital (03050): ${YES_NO}`),
      })
      .openapi({ description: 'Ability to bear losses (EMT section 3)' }),
    riskTolerance: z
      .object({
        priips: z
          .number()
          .int()
          .min(1)
          .max(7)
          .nullable()
          .openapi({ description: 'Risk tolerance on the PRIIPs scale: the SRI, 1 to 7 (04010)' }),
        ucits: z
          .number()
          .int()
          .min(1)
          .max(7)
          .nullable()
          .openapi({ description: 'Risk tolerance on the UCITS scale: the SRRI, 1 to 7 (04020)' }),
      })
      .openapi({ description: 'Risk tolerance (EMT section 4)' }),
    returnProfile: z
      .object({
        preservation: targetFlag(`Clients looking for preservation of capital (05010): ${YES_NO}`),
        growth: targetFlag(`Clients looking for capital growth (05020): ${YES_NO}`),
        income: targetFlag(`Clients looking for income (05030): ${YES_NO}`),
        hedging: targetFlag(`Hedging (05040): ${YES_NO}`),
        optionOrLeveraged: targetFlag(`Option or leveraged return profile (05050): ${YES_NO}`),
      })
      .openapi({ description: 'Return profile and objectives (EMT section 5)' }),
    holdingPeriod: z.string().nullable().openapi({
      description:
        'Minimum recommended holding period (05080): years ("5 years"), or the term the file gives instead: very short term (<1y), short term (>=1y), medium term (>=3y), long term (>5y), hold to maturity',
    }),
    sustainabilityPreferences: targetFlag(
      'Whether the product considers end-client sustainability preferences (05105): Y or Neutral',
    ),
    distributionStrategies: z
      .object({
        executionOnly: targetFlag('Execution only (06010): R (retail), P (professional), B (both) or N (neither)'),
        nonAdvised: targetFlag('Execution with appropriateness test or non-advised services (06020): R, P, B or N'),
        investmentAdvice: targetFlag('Investment advice (06030): R, P, B or N'),
        portfolioManagement: targetFlag('Portfolio management (06040): R, P, B or N'),
      })
      .openapi({ description: 'Distribution strategies (EMT section 6)' }),
  })
  .openapi('TargetMarket', {
    description:
      "MiFID II target market from the manufacturer's EMT file, answers as the template codes them; null where the file says nothing. data.sources has one entry per stated answer (e.g. `targetMarket.investorTypes.retail`) with the file's row and column",
  });

export const FundData = z
  .object({
    investmentObjective: z.string(),
    securityType: z.string(),
    structure: z.string(),
    shareClass: z.string().nullable(),
    keyFacts: KeyFacts,
    managerTenure: z.string(),
    benchmarkName: z.string(),
    riskRating: z.number().int().min(1).max(7).nullable(),
    profile: Profile,
    topHoldings: z.array(Holding),
    geography: z.array(Weighted),
    region: z.array(Weighted),
    sector: z.array(Weighted),
    creditQuality: z.array(Weighted),
    assetAllocation: z.array(Weighted),
    instrument: z.array(Weighted),
    maturity: z.array(Weighted),
    strategy: z.array(z.unknown()),
    exposure: z.array(z.unknown()),
    calendarReturns: z
      .object({
        years: z.array(z.string()),
        fund: z.array(z.number()),
        benchmark: z.array(z.number().nullable()),
      })
      .openapi({
        description:
          "Calendar-year returns in percent: the years (oldest first, from the inception year, the current partial year left out) and, aligned with them, the fund's and the benchmark's return (null where the factsheet does not state it)",
      }),
    cumulativePerformance: z.array(
      z.object({ date: z.string(), fund: z.number().nullable(), benchmark: z.number().nullable() }).openapi({
        description:
          "One monthly point of the cumulative return series: the date and the fund's and benchmark's return in percent since the first point (rebased at share-class inception)",
      }),
    ),
    indexedPerformance: z
      .object({
        points: z.array(
          z.object({ date: z.string(), fund: z.number().nullable(), index: z.number().nullable() }).openapi({
            description:
              "One point of the indexed series: the date and the fund's and the index's value (100 at the first point)",
          }),
        ),
        hasIndex: z.boolean(),
      })
      .openapi({
        description:
          'The cumulative return series rebased to 100 at its first point; hasIndex tells whether the index series is filled',
      }),
    annualisedReturns: z.array(
      z.object({ label: z.string(), fund: z.number().nullable(), index: z.number().nullable() }).openapi({
        description:
          'A trailing return of the fund and its index in percent over one period (1 Year, 3, 5 or 10 Years p.a., Since Inception); periods over a year are annualised',
      }),
    ),
    headlineMetrics: HeadlineMetrics,
    metrics: Metrics,
    sfdrArticle: z
      .union([z.literal(6), z.literal(8), z.literal(9)])
      .nullable()
      .openapi({
        description:
          'SFDR classification as the documents state it: article 6, 8 (promotes environmental or social characteristics) or 9 (has sustainable investment as its objective)',
      }),
    costs: Costs,
    dataAsOf: z.string(),
    generatedAt: z.string(),
    sources: z.record(z.string(), FieldSource).openapi({
      description:
        'Provenance per filled field, keyed by dotted field path, and one entry `skipped.<document hash>` per document of the fund that could not be read and was left out (an addition beside the contract fields)',
    }),
    targetMarket: TargetMarket.optional(),
  })
  .openapi('FundData', {
    description:
      'The fund factsheet: key facts, profile, holdings, exposure breakdowns, performance series, risk metrics and costs, with the provenance of each filled field. Scalars not disclosed are empty strings or null; lists not disclosed are empty',
  });

export type FundData = z.infer<typeof FundData>;
export type Profile = z.infer<typeof Profile>;
export type FieldSource = z.infer<typeof FieldSource>;
export type TargetMarket = z.infer<typeof TargetMarket>;

export const PlanIdSchema = z.enum(['free', 'starter', 'pro', 'scale', 'enterprise']).openapi('PlanId', {
  description:
    'A subscription plan. It sets the monthly credits, the batch size and the features: the change feed, webhooks and export need scale or enterprise, extraction needs pro or higher',
});

export const QuotaSchema = z
  .object({
    limit: z.number().int().nullable().openapi({ description: 'Credits per month; null means metered/unlimited' }),
    remaining: z.number().int().nullable(),
    used: z.number().int(),
    overageUsed: z.number().int(),
    resetAt: z.iso.datetime(),
    burst: z.object({ limit: z.number().int().nullable(), remaining: z.number().int().nullable() }).openapi({
      description: 'The per-minute burst allowance of the key: requests per minute, and requests left this minute',
    }),
  })
  .openapi('Quota', {
    description:
      "The calling account's credits after the call: the monthly allowance and what is left of it, usage and overage this month, the next reset and the per-minute burst allowance",
  });

export const FundEnvelope = z
  .object({
    isin: z.string(),
    name: z.string().nullable(),
    cached: z.boolean(),
    generatedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    plan: PlanIdSchema,
    quota: QuotaSchema,
    data: FundData,
  })
  .openapi('FundEnvelope', {
    description:
      "Answer of GET /funds/{isin}: the fund factsheet with the ISIN resolved, its freshness (cached, generatedAt, expiresAt), and the caller's plan and quota after the call",
  });

export const DemoEnvelope = z
  .object({
    isin: z.string(),
    name: z.string().nullable(),
    demo: z.literal(true),
    cached: z.boolean(),
    generatedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable(),
    data: FundData,
  })
  .openapi('DemoEnvelope', {
    description:
      'Answer of the keyless GET /demo/funds/{isin}: the factsheet of a fund already stored, with its freshness; no plan or quota',
  });

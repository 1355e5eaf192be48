import { z } from './zod';

/** FundData and the fund envelopes (spec sections 2.1 to 2.4). */

export const Weighted = z.object({ label: z.string(), weight: z.number() }).openapi('Weighted');

export const Holding = z.object({ name: z.string(), weight: z.number() }).openapi('Holding');

export const PROFILE_KINDS = ['equity', 'fixedIncome', 'moneyMarket', 'allocation', 'alternative', 'other'] as const;

export const Profile = z
  .object({
    kind: z.enum(PROFILE_KINDS),
    category: z.string(),
    riskBand: z.enum(['low', 'medium', 'high']).nullable(),
    concentration: z.enum(['concentrated', 'balanced', 'diversified']).nullable(),
    regionFocus: z.string().nullable(),
    regionTilt: z.string().nullable(),
    sectorTilt: z.string().nullable(),
    valuation: z.enum(['value', 'blend', 'growth']).nullable(),
    creditQuality: z.enum(['high', 'medium', 'low']).nullable(),
    rateSensitivity: z.enum(['limited', 'moderate', 'extensive']).nullable(),
    equityShare: z.number().nullable(),
    rules: z.string().openapi({ description: 'Version identifier of the rule set' }),
  })
  .openapi('Profile');

export const KeyFacts = z
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
  .openapi('KeyFacts');

export const HeadlineMetrics = z
  .object({
    ter: z.string(),
    aum: z.string(),
    volatility3y: z.string(),
    sharpe3y: z.string(),
    yieldToMaturity: z.string(),
    modifiedDuration: z.string(),
  })
  .openapi('HeadlineMetrics');

export const Metrics = z
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
  .openapi('Metrics');

export const Costs = z
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
  .openapi('Costs');

/** Where a filled field came from; kept beside the contract's fields, which it leaves untouched. */
export const FieldSource = z
  .object({
    document: z.string().openapi({ description: 'Content hash (sha256) of the source document' }),
    kind: z.string(),
    origin: z.string(),
    page: z.number().int().nullable(),
    asOf: z.string().nullable(),
    language: z.string().optional().openapi({ description: 'Language of the document the value was read from (ISO 639-1), for KIDs and KIIDs' }),
    method: z.enum(['text', 'graphic', 'fallback']).optional().openapi({
      description:
        "How the value was obtained: `text` read from the document's text, `graphic` read from its drawing (a risk scale whose class is only shaded), `fallback` derived by the spec's asset-class rule because no document states it",
    }),
    row: z.number().int().optional().openapi({ description: 'Row of a FinDatEx file: the spreadsheet row (header row included) for CSV and XLSX, the 1-based record for JSON and YAML' }),
    column: z.string().optional().openapi({ description: 'Column of a FinDatEx file: the template field it came from, e.g. 01090_SRI' }),
  })
  .openapi('FieldSource');

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
    calendarReturns: z.object({
      years: z.array(z.string()),
      fund: z.array(z.number()),
      benchmark: z.array(z.number().nullable()),
    }),
    cumulativePerformance: z.array(z.object({ date: z.string(), fund: z.number().nullable(), benchmark: z.number().nullable() })),
    indexedPerformance: z.object({
      points: z.array(z.object({ date: z.string(), fund: z.number().nullable(), index: z.number().nullable() })),
      hasIndex: z.boolean(),
    }),
    annualisedReturns: z.array(z.object({ label: z.string(), fund: z.number().nullable(), index: z.number().nullable() })),
    headlineMetrics: HeadlineMetrics,
    metrics: Metrics,
    sfdrArticle: z.union([z.literal(6), z.literal(8), z.literal(9)]).nullable(),
    costs: Costs,
    dataAsOf: z.string(),
    generatedAt: z.string(),
    sources: z.record(z.string(), FieldSource).openapi({
      description: 'Provenance per filled field, keyed by dotted field path (an addition beside the contract fields)',
    }),
  })
  .openapi('FundData');

export type FundData = z.infer<typeof FundData>;
export type Profile = z.infer<typeof Profile>;
export type FieldSource = z.infer<typeof FieldSource>;

export const PlanIdSchema = z.enum(['free', 'starter', 'pro', 'scale', 'enterprise']).openapi('PlanId');

export const QuotaSchema = z
  .object({
    limit: z.number().int().nullable().openapi({ description: 'Credits per month; null means metered/unlimited' }),
    remaining: z.number().int().nullable(),
    used: z.number().int(),
    overageUsed: z.number().int(),
    resetAt: z.iso.datetime(),
    burst: z.object({ limit: z.number().int().nullable(), remaining: z.number().int().nullable() }),
  })
  .openapi('Quota');

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
  .openapi('FundEnvelope');

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
  .openapi('DemoEnvelope');

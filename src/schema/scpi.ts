import { FieldSource, PlanIdSchema, QuotaSchema, Weighted } from './fund';
import { z } from './zod';

/**
 * SCPI (sociétés civiles de placement immobilier, French real-estate funds): the payload of spec section
 * 2.14, plus the groups a French investor compares SCPI on and the spec leaves open (fees, debt,
 * liquidity, distribution detail, geographic split). Scalars are null and arrays empty when the documents
 * do not state a value. Amounts are in euros, rates in percent (5.73 = 5.73 %).
 */

export const SCPI_CATEGORIES = [
  'bureaux',
  'commerces',
  'santé',
  'logistique',
  'diversifiée',
  'résidentiel',
  'européenne',
  'autre',
] as const;

const pct = (description: string) => z.number().nullable().openapi({ description });
const eur = (description: string) => z.number().nullable().openapi({ description });
const YearValue = z.object({ year: z.string(), value: z.number() }).openapi('ScpiYearValue', {
  description: 'A figure for one calendar year: the year, and the value (in the unit of the list holding it)',
});

/** ScpiKeyFacts.category and ScpiSearchHit.category (one component). */
const CATEGORY_DESCRIPTION =
  'Main type of property of an SCPI, as its documents classify it: bureaux (offices), commerces (retail), santé (healthcare), logistique (logistics), diversifiée (diversified), résidentiel (residential), européenne (European property) or autre (other)';
/** ScpiKeyFacts.capitalType and ScpiSearchHit.capitalType (one component). */
const CAPITAL_TYPE_DESCRIPTION =
  'Capital type of an SCPI: fixe (fixed capital: shares change hands between associates) or variable (variable capital: the SCPI issues new shares and buys back the shares withdrawn)';

export const ScpiKeyFacts = z
  .object({
    name: z.string(),
    managementCompany: z.string().openapi({ description: 'Société de gestion' }),
    isin: z.string().nullable(),
    category: z.enum(SCPI_CATEGORIES).nullable().openapi({ description: CATEGORY_DESCRIPTION }),
    capitalType: z.enum(['fixe', 'variable']).nullable().openapi({ description: CAPITAL_TYPE_DESCRIPTION }),
    creationYear: z.number().int().nullable(),
    capitalisationEur: eur('Capitalisation: number of shares × subscription price'),
    sharePriceEur: eur('Subscription price per share (prix de souscription)'),
    withdrawalPriceEur: eur(
      'Withdrawal price per share (valeur de retrait; variable capital) or last execution price net of fees (fixed capital)',
    ),
    subscriptionFeesPct: pct('Commission de souscription, percent of the subscription price (TTC)'),
    managementFeesPct: pct('Commission de gestion, percent of rents collected (HT)'),
    minimumSubscriptionShares: z.number().int().nullable(),
    minimumSubscriptionEur: eur('Minimum first subscription'),
    delayOfJouissance: z
      .string()
      .nullable()
      .openapi({ description: 'Délai de jouissance as stated, e.g. "1er jour du 4e mois"' }),
    riskIndicator: z
      .number()
      .int()
      .min(1)
      .max(7)
      .nullable()
      .openapi({ description: 'Summary risk indicator 1-7 of the DIC' }),
    sfdrArticle: z.number().int().nullable(),
    labelIsr: z.boolean().nullable(),
  })
  .openapi('ScpiKeyFacts', {
    description:
      'Key facts of an SCPI: its management company, category and capital type, capitalisation, share and withdrawal prices, fees, minimum subscription, délai de jouissance, risk indicator, SFDR article and ISR label',
  });

export const ScpiPerformance = z
  .object({
    distributionRateByYear: z.array(YearValue).openapi({
      description:
        'Taux de distribution per calendar year (ASPIM): gross distribution per share paid for the year, divided by the subscription price on 1 January of the year; percent',
    }),
    distributionPerShareByYear: z
      .array(YearValue)
      .openapi({ description: 'Gross distribution per share paid for each year, EUR' }),
    tri: z.object({ y5: z.number().nullable(), y10: z.number().nullable(), y15: z.number().nullable() }).openapi({
      description:
        'Taux de rentabilité interne over 5, 10 and 15 years, percent per year, as the documents state it (ASPIM)',
    }),
    reconstitutionValueEur: eur(
      'Valeur de reconstitution per share: realisation value plus the costs of rebuilding the portfolio',
    ),
    realisationValueEur: eur(
      'Valeur de réalisation per share: appraised value of the properties plus the other net assets',
    ),
    sharePriceHistory: z
      .array(
        z.object({ date: z.string(), priceEur: z.number() }).openapi({
          description: 'A subscription price per share, in euros, and the date it took effect',
        }),
      )
      .openapi({ description: 'Subscription price per share and the date it took effect, oldest first' }),
    lastQuarterDistributionPerShareEur: eur('Gross distribution per share paid for the last quarter reported'),
    premiumToReconstitutionPct: pct(
      'Share price against reconstitution value, percent: (sharePrice / reconstitutionValue - 1) × 100 (positive: surcote, negative: décote)',
    ),
    pgaPct: pct(
      'Performance globale annuelle (ASPIM), where stated: distribution rate plus the change of the share price over the year',
    ),
  })
  .openapi('ScpiPerformance', {
    description:
      'Returns of an SCPI as its documents state them: distribution rate and distribution per share by year, internal rates of return, reconstitution and realisation values, share price history, premium to reconstitution value and PGA',
  });

export const ScpiPortfolio = z
  .object({
    numberOfProperties: z.number().nullable(),
    surfaceSqm: z.number().nullable(),
    numberOfTenants: z.number().nullable(),
    financialOccupancyRatePct: pct(
      'TOF (ASPIM): rents and indemnities invoiced divided by the rents that would be invoiced were the whole portfolio let',
    ),
    physicalOccupancyRatePct: pct('TOP: let surface divided by the total surface'),
    walbYears: z.number().nullable().openapi({ description: 'Weighted average lease to break, years' }),
    waltYears: z.number().nullable().openapi({ description: 'Weighted average lease term, years' }),
    sectorSplit: z
      .array(Weighted)
      .openapi({ description: 'Split by type of property, percent of the portfolio value' }),
    geographicSplit: z
      .array(Weighted)
      .openapi({ description: 'Split by region or country, percent of the portfolio value' }),
  })
  .openapi('ScpiPortfolio', {
    description:
      'The property portfolio of an SCPI: number of properties and tenants, surface, occupancy rates, lease terms, and its split by type of property and by region',
  });

export const ScpiFees = z
  .object({
    subscriptionPct: pct('Commission de souscription (TTC)'),
    managementPct: pct('Commission de gestion, of rents collected (HT)'),
    transferPct: pct('Commission de cession (on a transfer of shares between associates), percent of the amount'),
    arbitragePct: pct(
      "Commission d'acquisition ou de cession d'actifs (arbitrage), percent of the sale or purchase price",
    ),
  })
  .openapi('ScpiFees', {
    description:
      'Fees of an SCPI as its documents state them, in percent: subscription, management, transfer and arbitrage commissions',
  });

export const ScpiDebt = z
  .object({
    debtRatioPct: pct("Taux d'endettement: debt divided by the value of the properties"),
    ltvPct: pct('Loan to value as the bulletin states it'),
  })
  .openapi('ScpiDebt', { description: 'Indebtedness of an SCPI, in percent: debt ratio and loan to value' });

export const ScpiLiquidity = z
  .object({
    sharesAwaitingWithdrawal: z
      .number()
      .nullable()
      .openapi({ description: 'Parts en attente de retrait at the end of the period' }),
    numberOfShareholders: z.number().nullable().openapi({ description: "Nombre d'associés" }),
    netInflowsEur: eur('Collecte nette of the period'),
    period: z
      .string()
      .nullable()
      .openapi({ description: 'Period of these figures as the bulletin names it, e.g. "T3 2025"' }),
  })
  .openapi('ScpiLiquidity', {
    description:
      'Liquidity of the shares of an SCPI over the last period reported: shares awaiting withdrawal, number of shareholders and net inflows',
  });

export const ScpiDistributionDetail = z
  .object({
    year: z.string().nullable(),
    rentalIncomeEur: eur('Revenus fonciers per share for the year'),
    financialIncomeEur: eur('Revenus financiers per share for the year'),
    foreignIncomeSharePct: pct('Quote-part of the distribution from foreign rents (taxed abroad), percent'),
  })
  .openapi('ScpiDistributionDetail', {
    description:
      'Where the distribution per share of one year comes from: rental income, financial income, and the part from foreign rents',
  });

export const ScpiData = z
  .object({
    keyFacts: ScpiKeyFacts,
    performance: ScpiPerformance,
    portfolio: ScpiPortfolio,
    fees: ScpiFees,
    debt: ScpiDebt,
    liquidity: ScpiLiquidity,
    distribution: ScpiDistributionDetail,
    dataAsOf: z.string().openapi({ description: 'Date of the newest document the figures come from (YYYY-MM-DD)' }),
    generatedAt: z.string(),
    sources: z
      .record(z.string(), FieldSource)
      .openapi({ description: 'Provenance per filled field, keyed by dotted field path' }),
  })
  .openapi('ScpiData', {
    description:
      'Data of an SCPI (a French real-estate fund) from its periodic bulletin, DIC, annual report and information note: key facts, performance, portfolio, fees, debt, liquidity and distribution detail, with the provenance of each filled field. Scalars are null and lists empty when the documents do not state a value',
  });

export type ScpiData = z.infer<typeof ScpiData>;

export const ScpiEnvelope = z
  .object({
    id: z.string().openapi({ description: 'Slug of the SCPI (lower case, ASCII, hyphens), its stable identifier' }),
    isin: z.string().nullable(),
    name: z.string(),
    cached: z.boolean(),
    generatedAt: z.string().datetime(),
    expiresAt: z.string().datetime(),
    plan: PlanIdSchema,
    quota: QuotaSchema,
    data: ScpiData,
  })
  .openapi('ScpiEnvelope', {
    description:
      "Answer of GET /scpi/{idOrIsin}: the SCPI's data with its identifiers and freshness, and the caller's plan and quota after the call",
  });

export const ScpiSearchHit = z
  .object({
    id: z.string(),
    isin: z.string().nullable(),
    name: z.string(),
    managementCompany: z.string().nullable(),
    category: z.enum(SCPI_CATEGORIES).nullable().openapi({ description: CATEGORY_DESCRIPTION }),
    capitalType: z.enum(['fixe', 'variable']).nullable().openapi({ description: CAPITAL_TYPE_DESCRIPTION }),
    loaded: z
      .boolean()
      .openapi({ description: 'Whether a payload is stored (the figures below come from it; null until loaded)' }),
    sharePriceEur: z.number().nullable(),
    distributionRatePct: z.number().nullable().openapi({ description: 'Latest yearly distribution rate' }),
    financialOccupancyRatePct: z.number().nullable(),
    dataAsOf: z.string().nullable(),
    url: z.string().openapi({ description: 'Path of GET /scpi/{id} for this SCPI' }),
  })
  .openapi('ScpiSearchHit', {
    description:
      'One SCPI found by GET /scpi: its identifiers, management company, category and capital type and, once its data is loaded, its headline figures',
  });

export const ScpiSearchResponse = z
  .object({
    query: z.string(),
    count: z.number().int(),
    results: z.array(ScpiSearchHit),
    plan: PlanIdSchema,
    quota: QuotaSchema,
  })
  .openapi('ScpiSearchResponse', {
    description: "Answer of GET /scpi: the SCPI matching the query, and the caller's plan and quota",
  });

export type ScpiEnvelope = z.infer<typeof ScpiEnvelope>;
export type ScpiSearchHit = z.infer<typeof ScpiSearchHit>;
export type ScpiCategory = (typeof SCPI_CATEGORIES)[number];
export type ScpiSearchResponse = z.infer<typeof ScpiSearchResponse>;

import { PlanIdSchema, QuotaSchema } from './fund';
import { z } from './zod';

/** GET /funds/{isin}/holdings: an addition to the contract (every disclosed line, not only the top 10). */

const FundHoldingSchema = z
  .object({
    name: z.string(),
    issuer: z
      .string()
      .nullable()
      .openapi({ description: 'Issuer name when the document gives one apart from the line (TPT)' }),
    isin: z.string().nullable().openapi({ description: "The holding's own ISIN when given" }),
    weight: z
      .number()
      .openapi({ description: 'Percent of the fund (cash and derivative lines included, as disclosed)' }),
    country: z.string().nullable(),
    sector: z.string().nullable(),
    assetClass: z.string().nullable(),
    currency: z.string().nullable(),
  })
  .openapi('FundHolding', {
    description:
      "One line of a fund's holdings as its document discloses it: the security, its issuer and ISIN when given, its weight in percent of the fund, and its country, sector, asset class and currency",
  });

export const HoldingsResponse = z
  .object({
    isin: z.string(),
    name: z.string().nullable(),
    asOf: z.string().nullable().openapi({
      description: 'The date the holdings are as of (YYYY-MM-DD), as the document states it; null when it does not',
    }),
    source: z.enum(['holdings', 'topHoldings', 'none']).openapi({
      description:
        "holdings: every line of the fund's holdings file or TPT; topHoldings: the documents disclose only the largest positions (the payload's topHoldings); none: no holdings disclosed",
    }),
    count: z.number().int(),
    coverage: z.number().openapi({
      description: 'Percent of the portfolio the listed lines cover (sum of their positive weights, at most 100)',
    }),
    holdings: z.array(FundHoldingSchema).openapi({ description: 'In document order' }),
    cached: z.boolean(),
    generatedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    plan: PlanIdSchema,
    quota: QuotaSchema,
  })
  .openapi('HoldingsResponse', {
    description:
      "Answer of GET /funds/{isin}/holdings: every holding line the fund's documents disclose, where they come from and how much of the portfolio they cover, with the caller's plan and quota",
  });

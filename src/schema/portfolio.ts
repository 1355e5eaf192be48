import { PlanIdSchema, QuotaSchema, RISK_BAND_DESCRIPTION, Weighted } from './fund';
import { z } from './zod';

/** POST /portfolio (spec 2.7, 4.4) and GET /overlap (spec 2.8, 4.5). */

/** Positions per portfolio call: a client book of 20-200 funds fits many times over. */
export const PORTFOLIO_MAX_POSITIONS = 1000;

export const PortfolioRequest = z
  .object({
    positions: z
      .array(
        z
          .object({
            isin: z
              .string()
              .openapi({ description: 'ISIN of the fund; an input that is not a valid ISIN is listed in `invalid`' }),
            weight: z
              .number()
              .min(0)
              .finite()
              .openapi({ description: 'Any scale (amounts, units, percent): normalised to 100 over all positions' }),
          })
          .openapi({ description: 'One position of the portfolio: a fund by ISIN, and its weight on any scale' }),
      )
      .min(1)
      .max(PORTFOLIO_MAX_POSITIONS)
      .openapi({
        description: `1 to ${PORTFOLIO_MAX_POSITIONS} positions; an ISIN given twice is one position with the summed weight`,
      }),
    wait: z
      .boolean()
      .default(true)
      .openapi({ description: 'false: answer cold funds as pending at once (warmed in the background)' }),
  })
  .openapi('PortfolioRequest', {
    description:
      'Body of POST /portfolio: the positions (ISIN and weight on any scale), and whether to wait for the cold funds',
  });

const Block = (name: string, description: string) =>
  z
    .object({
      items: z
        .array(Weighted)
        .openapi({ description: 'Rescaled to the covered weight: they describe the covered part of the portfolio' }),
      coverage: z.number().openapi({ description: 'Percent of the portfolio whose funds disclose this breakdown' }),
    })
    .openapi(name, { description });

const ExposureBlock = Block('ExposureBlock', 'A breakdown across the portfolio with the share of it that is seen');

export const PortfolioResponse = z
  .object({
    positions: z.array(
      z
        .object({
          isin: z.string(),
          name: z.string().nullable(),
          weight: z.number().openapi({ description: 'Normalised, percent of the portfolio' }),
          covered: z.boolean().openapi({ description: 'true when the fund was answered with data' }),
          ter: z
            .number()
            .nullable()
            .openapi({ description: 'Ongoing charges in percent; null when not disclosed or not covered' }),
          riskRating: z.number().nullable(),
          category: z.string().nullable(),
          kind: z.string().nullable(),
        })
        .openapi({
          description:
            "One position as answered: the fund's name, its normalised weight, whether it was answered with data, and its TER, risk rating, category and kind",
        }),
    ),
    coverage: z.number().openapi({ description: 'Percent of the portfolio answered with data' }),
    fees: z
      .object({
        weightedTer: z.number().nullable(),
        coverage: z.number(),
        annualCostPer10k: z.number().nullable().openapi({ description: 'Currency units a year per 10,000 invested' }),
      })
      .openapi({
        description:
          'Blended costs of the portfolio: the weighted TER in percent, the percent of the portfolio it covers, and the yearly cost per 10,000 invested',
      }),
    risk: z
      .object({
        weightedSrri: z.number().nullable(),
        band: z.enum(['low', 'medium', 'high']).nullable().openapi({ description: RISK_BAND_DESCRIPTION }),
        coverage: z.number(),
      })
      .openapi({
        description:
          'Blended risk of the portfolio: the weighted risk indicator (1 to 7), its band, and the percent of the portfolio it covers',
      }),
    kinds: z.array(Weighted),
    assetAllocation: ExposureBlock,
    sector: ExposureBlock,
    geography: ExposureBlock,
    region: ExposureBlock,
    creditQuality: ExposureBlock,
    currency: ExposureBlock,
    geographyLookThrough: z.number().openapi({
      description:
        "Percent of the portfolio whose geography was read from its funds' holdings (countries of the securities), not the funds' country panels",
    }),
    topHoldings: z.object({ items: z.array(Weighted), coverage: z.number(), note: z.string() }).openapi({
      description:
        'Holdings aggregated across funds (full holdings where stored); the note says where they are a lower bound',
    }),
    pending: z.array(z.string()),
    invalid: z.array(z.string()),
    rules: z.string(),
    generatedAt: z.iso.datetime(),
    plan: PlanIdSchema,
    quota: QuotaSchema,
  })
  .openapi('PortfolioResponse', {
    description:
      "Answer of POST /portfolio: the look-through of a portfolio of funds, with the answer for each position, blended fees and risk, and breakdowns that each state their coverage; with the rules version and the caller's plan and quota",
  });

/** Most ISINs per overlap call: 50 funds are 1,225 pairs. */
export const OVERLAP_MAX_ISINS = 50;

export const OverlapResponse = z
  .object({
    funds: z.array(
      z
        .object({
          isin: z.string(),
          name: z.string().nullable(),
          holdings: z.number().int().openapi({ description: 'Holding lines compared' }),
          disclosure: z.enum(['full', 'top', 'none']).openapi({
            description:
              'How much of its holdings a fund discloses: full (every line), top (only its largest positions, so overlaps with it are a lower bound) or none',
          }),
        })
        .openapi({
          description:
            'A fund of the comparison: its ISIN and name, the number of holding lines compared, and how fully it discloses its holdings',
        }),
    ),
    pairs: z.array(
      z
        .object({
          a: z.string(),
          b: z.string(),
          overlap: z.number().openapi({ description: 'Percent: sum over shared holdings of the smaller weight' }),
          sharedCount: z.number().int(),
          shared: z
            .array(
              z.object({ label: z.string(), a: z.number(), b: z.number() }).openapi({
                description:
                  'A holding both funds of the pair hold: its label, and its weight in percent in fund a and in fund b',
              }),
            )
            .openapi({ description: 'Largest first (by the smaller weight); at most 100 per pair' }),
          disclosed: z.object({ a: z.number(), b: z.number() }).openapi({
            description:
              "Percent of each fund's portfolio the comparison could see, a and b: the sum of the weights of its holding lines, at most 100",
          }),
        })
        .openapi({
          description:
            'The overlap of two funds, a and b: the sum over their shared holdings of the smaller weight, the shared holdings, and how much of each portfolio was visible',
        }),
    ),
    pending: z.array(z.string()),
    notFound: z.array(z.string()),
    failed: z.array(z.string()).openapi({
      description:
        'Not answered: the load failed and nothing is stored (free; retry later). An addition to the contract',
    }),
    note: z.string(),
    rules: z.string(),
    plan: PlanIdSchema,
    quota: QuotaSchema,
  })
  .openapi('OverlapResponse', {
    description:
      "Answer of GET /overlap: the funds compared and the holdings overlap of each pair of them, the ISINs not answered, the rules version, and the caller's plan and quota",
  });

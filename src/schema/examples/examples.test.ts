import { AccountSchema } from '../account';
import { BatchResponse } from '../batch';
import { DemoEnvelope, FundEnvelope } from '../fund';
import { HoldingsResponse } from '../holdings';
import { OverlapResponse, PortfolioResponse } from '../portfolio';
import { ScpiEnvelope, ScpiSearchResponse } from '../scpi';
import { SearchResponse } from '../search';
import type { z } from '../zod';
import { RESPONSE_EXAMPLES } from '.';

/** The schema each example answers with: an example the schema refuses would teach clients a wrong shape. */
const SCHEMAS: Record<string, z.ZodType> = {
  batchFunds: BatchResponse,
  compareOverlap: OverlapResponse,
  getAccount: AccountSchema,
  getDemoFund: DemoEnvelope,
  getFund: FundEnvelope,
  getFundHoldings: HoldingsResponse,
  getScpi: ScpiEnvelope,
  lookThroughPortfolio: PortfolioResponse,
  searchFunds: SearchResponse,
  searchScpi: ScpiSearchResponse,
};

describe('response examples', () => {
  it('has a schema for every example and no schema without one', () => {
    expect(Object.keys(RESPONSE_EXAMPLES).sort()).toEqual(Object.keys(SCHEMAS).sort());
  });

  it.each(Object.entries(SCHEMAS))('%s: the example is a valid answer', (operationId, schema) => {
    const parsed = schema.safeParse(RESPONSE_EXAMPLES[operationId]);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});

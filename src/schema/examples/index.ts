/** Response examples: real answers of the sample library, captured by scripts/openapiExamples.ts (series cut short). */
import batchFunds from './batchFunds.json';
import compareOverlap from './compareOverlap.json';
import getAccount from './getAccount.json';
import getDemoFund from './getDemoFund.json';
import getFund from './getFund.json';
import getFundHoldings from './getFundHoldings.json';
import getScpi from './getScpi.json';
import lookThroughPortfolio from './lookThroughPortfolio.json';
import searchFunds from './searchFunds.json';
import searchScpi from './searchScpi.json';

export const RESPONSE_EXAMPLES: Record<string, unknown> = {
  batchFunds,
  compareOverlap,
  getAccount,
  getDemoFund,
  getFund,
  getFundHoldings,
  getScpi,
  lookThroughPortfolio,
  searchFunds,
  searchScpi,
};

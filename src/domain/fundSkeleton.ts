import type { FundData, TargetMarket } from '../schema/fund';
import { PROFILE_RULES_VERSION } from './profile';

/** Version of the profile rule set carried in profile.rules; defined beside the rules in profile.ts. */
export { PROFILE_RULES_VERSION };

/** FundData with every field present and nothing disclosed: empty strings, nulls and empty arrays. */
export function emptyFundData(generatedAt = ''): FundData {
  return {
    investmentObjective: '',
    securityType: '',
    structure: '',
    shareClass: null,
    keyFacts: { assetClass: '', subAsset: '', currency: '', aum: '', inception: '', distribution: '', holdings: '', manager: '' },
    managerTenure: '',
    benchmarkName: '',
    riskRating: null,
    profile: {
      kind: 'other',
      category: '',
      riskBand: null,
      concentration: null,
      regionFocus: null,
      regionTilt: null,
      sectorTilt: null,
      valuation: null,
      creditQuality: null,
      rateSensitivity: null,
      equityShare: null,
      rules: PROFILE_RULES_VERSION,
    },
    topHoldings: [],
    geography: [],
    region: [],
    sector: [],
    creditQuality: [],
    assetAllocation: [],
    instrument: [],
    maturity: [],
    strategy: [],
    exposure: [],
    calendarReturns: { years: [], fund: [], benchmark: [] },
    cumulativePerformance: [],
    indexedPerformance: { points: [], hasIndex: false },
    annualisedReturns: [],
    headlineMetrics: { ter: '', aum: '', volatility3y: '', sharpe3y: '', yieldToMaturity: '', modifiedDuration: '' },
    metrics: {
      peRatio: '', incomeYield: '', volatility3y: '', sharpe3y: '', yieldToMaturity: '', effectiveDuration: '', effectiveMaturity: '',
      averageRating: '', sevenDayYield: '', wam: '', wal: '', maxDrawdown: '', equityCorrelation: '', equityBondSplit: '',
    },
    sfdrArticle: null,
    costs: { entry: '', exit: '', ongoing: '', transaction: '', performanceFee: '', riy1y: '', riyRhp: '', recommendedHoldingPeriod: '' },
    dataAsOf: '',
    generatedAt,
    sources: {},
    targetMarket: emptyTargetMarket(),
  };
}

/** The target market with no answer given (an EMT file fills it). */
export function emptyTargetMarket(): TargetMarket {
  return {
    investorTypes: { retail: null, professional: null, eligibleCounterparty: null },
    knowledgeAndExperience: { basic: null, informed: null, advanced: null },
    abilityToBearLosses: { noCapitalLoss: null, limitedCapitalLoss: null, limitedCapitalLossLevel: null, noCapitalGuarantee: null, lossBeyondCapital: null },
    riskTolerance: { priips: null, ucits: null },
    returnProfile: { preservation: null, growth: null, income: null, hedging: null, optionOrLeveraged: null },
    holdingPeriod: null,
    sustainabilityPreferences: null,
    distributionStrategies: { executionOnly: null, nonAdvised: null, investmentAdvice: null, portfolioManagement: null },
  };
}

import { percentFromFraction, yearsLabel } from '../domain/format';
import {
  type EmtRow,
  type EptRow,
  type FindatexDocument,
  fundAssetClass,
  type Located,
  tptHoldings,
  type TptReport,
} from '../parsing/findatex';
import type { Holding } from '../parsing/holdings';
import type { LoadedDocument } from '../parsing/pool/document';
import type { FieldSource } from '../schema/fund';
import { normaliseIsin } from '../schema/isin';

/**
 * What FinDatEx files add to a fund being built (extract.ts merges the documents in authority
 * order): the EPT row of the share class (PRIIPs KID data), its EMT row (MiFID target market and
 * costs), a TPT report (look-through holdings). Every field taken from an EPT or EMT row names the
 * row and the column it came from.
 */

/** The part of extract.ts's FundFiller this module fills through: each field once, first document wins. */
export interface FindatexFiller {
  fill(path: string, value: unknown, source: FieldSource): void;
  fillName(value: string | null | undefined, source: FieldSource): void;
  offerAsOf(rank: number, date: string | null | undefined, source: FieldSource): void;
}

export interface FindatexHooks {
  /** Rank of an EPT or EMT date among the dataAsOf candidates (extract.ts's AS_OF_RANK). */
  asOfRank: number;
  /** A TPT report's positions take the path every holdings file takes. */
  applyHoldings(holdings: Holding[], total: number, source: FieldSource, asOf: string | null): void;
}

/** The EPT or EMT row of the ISIN; a TPT report for the ISIN, or the only one. */
export function applyFindatex(
  filler: FindatexFiller,
  parsed: FindatexDocument,
  doc: LoadedDocument,
  isin: string | null,
  hooks: FindatexHooks,
): void {
  switch (parsed.kind) {
    case 'ept': {
      const row = pickRow(parsed.rows, isin);
      if (row) applyEpt(filler, row, doc, hooks.asOfRank);
      return;
    }
    case 'emt': {
      const row = pickRow(parsed.rows, isin);
      if (row) applyEmt(filler, row, doc, hooks.asOfRank);
      return;
    }
    case 'tpt': {
      const report =
        parsed.reports.find((r) => normaliseIsin(r.portfolio.id) === isin) ??
        (parsed.reports.length === 1 ? parsed.reports[0] : undefined);
      if (report) applyTpt(report, filler, doc, hooks);
    }
  }
}

/** The row of the ISIN; a file of one row when no ISIN is known (POST /extract without a hint). */
function pickRow<T extends { isin: string }>(rows: Located<T>[], isin: string | null): Located<T> | undefined {
  return (
    rows.find((r) => normaliseIsin(r.fields.isin) === isin) ??
    (isin === null && rows.length === 1 ? rows[0] : undefined)
  );
}

/** The provenance of one field of a row: the document, the row, and that field's own column. */
function rowSources(
  doc: LoadedDocument,
  located: Located<unknown>,
  asOf: string | null,
): (field: string) => FieldSource {
  const base = {
    document: doc.ref.sha256,
    kind: doc.ref.kind,
    origin: doc.ref.origin,
    page: null,
    asOf,
    row: located.at.row,
  };
  return (field) => {
    const column = located.at.columns[field];
    return column ? { ...base, column } : base;
  };
}

/**
 * Alternatives for one payload field are offered in order: the filler keeps the first value, so a
 * fallback (the UCITS SRRI after the PRIIPs SRI) is quoted only when the preferred field is empty.
 */
function applyEpt(filler: FindatexFiller, located: Located<EptRow>, doc: LoadedDocument, asOfRank: number): void {
  const row = located.fields;
  const at = rowSources(doc, located, row.kidPublicationDate || null);
  filler.fillName(row.name, at('name'));
  filler.fill('keyFacts.manager', row.manager, at('manager'));
  filler.fill('keyFacts.currency', row.currency, at('currency'));
  filler.fill('keyFacts.assetClass', fundAssetClass(row.fundCic), at('fundCic'));
  filler.fill('riskRating', row.sri, at('sri'));
  filler.fill('riskRating', row.ucitsSrri, at('ucitsSrri'));
  filler.fill('costs.entry', percentFromFraction(row.entryCost), at('entryCost'));
  filler.fill('costs.exit', percentFromFraction(row.exitCost), at('exitCost'));
  filler.fill('costs.ongoing', percentFromFraction(row.ongoingCost), at('ongoingCost'));
  filler.fill('costs.ongoing', percentFromFraction(row.ucitsOngoingCharges), at('ucitsOngoingCharges'));
  filler.fill('costs.transaction', percentFromFraction(row.transactionCost), at('transactionCost'));
  filler.fill('costs.performanceFee', percentFromFraction(row.performanceFee), at('performanceFee'));
  filler.fill('costs.riy1y', percentFromFraction(row.riy1y), at('riy1y'));
  filler.fill('costs.riyRhp', percentFromFraction(row.riyRhp), at('riyRhp'));
  filler.fill(
    'costs.recommendedHoldingPeriod',
    yearsLabel(row.recommendedHoldingPeriodYears),
    at('recommendedHoldingPeriodYears'),
  );
  filler.fill('sfdrArticle', sfdrArticle(row.sfdrArticle), at('sfdrArticle'));
  filler.offerAsOf(asOfRank, row.kidPublicationDate, at('kidPublicationDate'));
}

/**
 * The EMT's identity, risk, costs and holding period where no more authoritative document gave them, and its target
 * market.
 */
function applyEmt(filler: FindatexFiller, located: Located<EmtRow>, doc: LoadedDocument, asOfRank: number): void {
  const row = located.fields;
  const at = rowSources(doc, located, row.referenceDate);
  filler.fillName(row.name, at('name'));
  filler.fill('keyFacts.manager', row.manager, at('manager'));
  filler.fill('keyFacts.currency', row.currency, at('currency'));
  filler.fill('riskRating', row.sri, at('sri'));
  filler.fill('riskRating', row.srri, at('srri'));
  for (const cost of ['entry', 'exit', 'ongoing', 'transaction', 'performanceFee'] as const) {
    filler.fill(`costs.${cost}`, percentFromFraction(row.costs[cost]), at(`costs.${cost}`));
  }
  filler.fill(
    'costs.recommendedHoldingPeriod',
    yearsLabel(row.recommendedHoldingPeriodYears),
    at('recommendedHoldingPeriodYears'),
  );
  filler.fill('sfdrArticle', sfdrArticle(row.sfdrArticle), at('sfdrArticle'));
  applyTargetMarket(filler, row, at);
  filler.offerAsOf(asOfRank, row.referenceDate, at('referenceDate'));
}

/** Payload member (under targetMarket) → the EmtTargetMarket answer it quotes. */
const TARGET_MARKET_FLAGS: [member: string, answer: keyof EmtRow['targetMarket']][] = [
  ['investorTypes.retail', 'retail'],
  ['investorTypes.professional', 'professional'],
  ['investorTypes.eligibleCounterparty', 'eligibleCounterparty'],
  ['knowledgeAndExperience.basic', 'basicInvestor'],
  ['knowledgeAndExperience.informed', 'informedInvestor'],
  ['knowledgeAndExperience.advanced', 'advancedInvestor'],
  ['abilityToBearLosses.noCapitalLoss', 'noCapitalLoss'],
  ['abilityToBearLosses.limitedCapitalLoss', 'limitedCapitalLoss'],
  ['abilityToBearLosses.noCapitalGuarantee', 'noCapitalGuarantee'],
  ['abilityToBearLosses.lossBeyondCapital', 'lossBeyondCapital'],
  ['returnProfile.preservation', 'preservation'],
  ['returnProfile.growth', 'growth'],
  ['returnProfile.income', 'income'],
  ['returnProfile.hedging', 'hedging'],
  ['returnProfile.optionOrLeveraged', 'leveraged'],
  ['sustainabilityPreferences', 'sustainabilityPreferences'],
  ['distributionStrategies.executionOnly', 'executionOnly'],
  ['distributionStrategies.nonAdvised', 'nonAdvised'],
  ['distributionStrategies.investmentAdvice', 'investmentAdvice'],
  ['distributionStrategies.portfolioManagement', 'portfolioManagement'],
];

/** One data.sources entry per stated answer, so each names its own column. */
function applyTargetMarket(filler: FindatexFiller, row: EmtRow, at: (field: string) => FieldSource): void {
  const tm = row.targetMarket;
  for (const [member, answer] of TARGET_MARKET_FLAGS)
    filler.fill(`targetMarket.${member}`, tm[answer], at(`targetMarket.${answer}`));
  filler.fill(
    'targetMarket.abilityToBearLosses.limitedCapitalLossLevel',
    percentFromFraction(tm.limitedCapitalLossLevel),
    at('targetMarket.limitedCapitalLossLevel'),
  );
  filler.fill('targetMarket.riskTolerance.priips', row.sri, at('sri'));
  filler.fill('targetMarket.riskTolerance.ucits', row.srri, at('srri'));
  filler.fill(
    'targetMarket.holdingPeriod',
    yearsLabel(row.recommendedHoldingPeriodYears),
    at('recommendedHoldingPeriodYears'),
  );
  filler.fill('targetMarket.holdingPeriod', row.recommendedHoldingPeriodTerm, at('recommendedHoldingPeriodTerm'));
}

function sfdrArticle(article: number | null): 6 | 8 | 9 | null {
  return article === 6 || article === 8 || article === 9 ? article : null;
}

function applyTpt(report: TptReport, filler: FindatexFiller, doc: LoadedDocument, hooks: FindatexHooks): void {
  const src: FieldSource = {
    document: doc.ref.sha256,
    kind: doc.ref.kind,
    origin: doc.ref.origin,
    page: null,
    asOf: report.asOf,
  };
  const b = report.breakdowns;
  filler.fillName(report.portfolio.name, src);
  filler.fill('keyFacts.currency', report.portfolio.currency, src);
  // Fixed income: the sector panel is the instrument type. The file's own breakdowns go first.
  filler.fill('sector', b.instrument, src);
  filler.fill('instrument', b.instrument, src);
  filler.fill('geography', b.country, src);
  filler.fill('creditQuality', b.creditQuality, src);
  filler.fill('maturity', b.maturity, src);
  filler.fill('assetAllocation', b.assetAllocation, src);
  hooks.applyHoldings(tptHoldings(report), report.positions.length, src, report.asOf);
  if (report.portfolio.modifiedDuration !== null)
    filler.fill('headlineMetrics.modifiedDuration', `${report.portfolio.modifiedDuration.toFixed(2)} years`, src);
}

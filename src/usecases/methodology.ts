import { INCEPTION_TOLERANCE_DAYS } from '../domain/analytics';
import { DAYS_PER_YEAR, RISK_WINDOW_MONTHS } from '../domain/analyticsPeriods';
import { DOCUMENT_AUTHORITY } from '../domain/documents';
import { HOLDING_MATCH_RULES, LOOKTHROUGH_RULES_VERSION } from '../domain/holdingMatch';
import { ANCHOR_TOLERANCE_DAYS } from '../domain/navSeries';
import { OVERLAP_METHODOLOGY } from '../domain/overlap';
import { PORTFOLIO_METHODOLOGY } from '../domain/portfolio';
import { FALLBACK_RISK_RATING, PROFILE_RULES, PROFILE_RULES_VERSION } from '../domain/profileRules';
import { SCPI_DEFINITIONS } from '../domain/scpiMethodology';

/** What the methodology page states: the very constants and rules the code computes with. */
export function methodology() {
  return {
    analytics: { ANCHOR_TOLERANCE_DAYS, DAYS_PER_YEAR, INCEPTION_TOLERANCE_DAYS, RISK_WINDOW_MONTHS },
    fallbackRiskRating: FALLBACK_RISK_RATING,
    rules: PROFILE_RULES,
    rulesVersion: PROFILE_RULES_VERSION,
    lookThrough: {
      version: LOOKTHROUGH_RULES_VERSION,
      matching: HOLDING_MATCH_RULES,
      portfolio: PORTFOLIO_METHODOLOGY,
      overlap: OVERLAP_METHODOLOGY,
    },
    scpi: SCPI_DEFINITIONS,
    documentAuthority: DOCUMENT_AUTHORITY,
  };
}

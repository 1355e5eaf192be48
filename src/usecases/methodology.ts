import { ANCHOR_TOLERANCE_DAYS, DAYS_PER_YEAR, INCEPTION_TOLERANCE_DAYS, RISK_WINDOW_MONTHS } from '../domain/analytics';
import { FALLBACK_RISK_RATING, PROFILE_RULES, PROFILE_RULES_VERSION } from '../domain/profile';

/** What the methodology page states: the very constants and rules the code computes with. */
export function methodology() {
  return {
    analytics: { ANCHOR_TOLERANCE_DAYS, DAYS_PER_YEAR, INCEPTION_TOLERANCE_DAYS, RISK_WINDOW_MONTHS },
    fallbackRiskRating: FALLBACK_RISK_RATING,
    rules: PROFILE_RULES,
    rulesVersion: PROFILE_RULES_VERSION,
  };
}

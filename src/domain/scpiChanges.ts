import type { ScpiData } from '../schema/scpi';
import { type FieldChange, trackedChanges } from './changes';
import { SCPI_FIELD_PREFIX } from './webhooks';

/**
 * What an SCPI refresh changed: the figures French investors follow from bulletin to bulletin (issue 12):
 * the subscription price, the latest yearly distribution rate, the TOF and the withdrawal price. They go
 * to the one change feed as the contract's events (`fund.changed`, `fund.refreshed`), their field names
 * prefixed `scpi.` so a receiver tells them from a fund's.
 */
export const SCPI_TRACKED_FIELDS: readonly (readonly [field: string, read: (data: ScpiData) => string])[] = [
  [`${SCPI_FIELD_PREFIX}keyFacts.sharePriceEur`, (d) => numberText(d.keyFacts.sharePriceEur)],
  [`${SCPI_FIELD_PREFIX}performance.distributionRate`, (d) => latestRate(d)],
  [`${SCPI_FIELD_PREFIX}portfolio.financialOccupancyRatePct`, (d) => numberText(d.portfolio.financialOccupancyRatePct)],
  [`${SCPI_FIELD_PREFIX}keyFacts.withdrawalPriceEur`, (d) => numberText(d.keyFacts.withdrawalPriceEur)],
];

function numberText(value: number | null): string {
  return value === null ? '' : String(value);
}

/** The latest year's rate as "2025: 5.73", so a new year's first figure is a change too. */
function latestRate(d: ScpiData): string {
  const latest = [...d.performance.distributionRateByYear].sort((a, b) => a.year.localeCompare(b.year)).at(-1);
  return latest ? `${latest.year}: ${latest.value}` : '';
}

/** The changes from `before` (the stored payload, or null on a first load) to `after`. */
export function scpiChangesBetween(before: ScpiData | null, after: ScpiData): FieldChange[] {
  return trackedChanges(SCPI_TRACKED_FIELDS, `${SCPI_FIELD_PREFIX}dataAsOf`, before, after);
}

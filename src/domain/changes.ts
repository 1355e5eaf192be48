import type { ChangeEvent } from '../schema/changes';
import type { FundData } from '../schema/fund';

/**
 * What a refresh changed (spec section 6): one `fund.changed` row per tracked field whose value differs
 * from the payload it replaces, and one `fund.refreshed` row when the as-of date moves. Values are
 * compared and reported as strings; a first load (nothing replaced) changes nothing.
 */

export interface FieldChange {
  event: ChangeEvent;
  /** Dotted path of the tracked field, or `dataAsOf` for fund.refreshed. */
  field: string;
  old: string;
  new: string;
}

/** How many of the largest holdings are tracked. */
const TRACKED_TOP_HOLDINGS = 5;

/** The tracked fields of section 6, each read as the string it is compared and reported as. */
const TRACKED_FIELDS: readonly (readonly [field: string, read: (data: FundData) => string])[] = [
  ['headlineMetrics.ter', (d) => d.headlineMetrics.ter],
  ['riskRating', (d) => (d.riskRating === null ? '' : String(d.riskRating))],
  ['keyFacts.aum', (d) => d.keyFacts.aum],
  ['keyFacts.manager', (d) => d.keyFacts.manager],
  ['keyFacts.distribution', (d) => d.keyFacts.distribution],
  ['keyFacts.holdings', (d) => String(d.keyFacts.holdings ?? '')],
  ['benchmarkName', (d) => d.benchmarkName],
  ['investmentObjective', (d) => d.investmentObjective],
  // Compared by name and weight, in order; reported as JSON so a receiver can read it back.
  [
    'topHoldings',
    (d) => JSON.stringify(d.topHoldings.slice(0, TRACKED_TOP_HOLDINGS).map(({ name, weight }) => ({ name, weight }))),
  ],
];

/** The changes from `before` (the stored payload, or null on a first load) to `after`. */
export function changesBetween(before: FundData | null, after: FundData): FieldChange[] {
  return trackedChanges(TRACKED_FIELDS, 'dataAsOf', before, after);
}

/**
 * One `fund.changed` per tracked field whose value moved, and one `fund.refreshed` (reported under
 * `asOfField`) when the as-of date moved; nothing on a first load. Shared by funds and SCPI.
 */
export function trackedChanges<T extends { dataAsOf: string }>(
  tracked: readonly (readonly [field: string, read: (data: T) => string])[],
  asOfField: string,
  before: T | null,
  after: T,
): FieldChange[] {
  if (before === null) return [];
  const changes: FieldChange[] = [];
  for (const [field, read] of tracked) {
    const [old, now] = [read(before), read(after)];
    if (old !== now) changes.push({ event: 'fund.changed', field, old, new: now });
  }
  if (before.dataAsOf !== after.dataAsOf)
    changes.push({ event: 'fund.refreshed', field: asOfField, old: before.dataAsOf, new: after.dataAsOf });
  return changes;
}

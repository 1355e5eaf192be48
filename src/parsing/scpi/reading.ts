import type { PdfText } from '../pdf/text';
import type { Hit } from '../text/hits';
import { readFigures } from './figures';
import { type Period, readFrenchDate, readPeriod } from './french';
import { readIdentity } from './identity';
import { firstHit, ScpiText } from './labels';
import { readSplits } from './splits';
import type { DatedPrice, ScpiDocKind, ScpiReading, ScpiScalarHits } from './types';
import { readYearly } from './yearly';

/**
 * What every SCPI document kind shares: the fields are read the same way in all of them (ASPIM and the
 * AMF fixed the vocabulary), and a document kind differs only in how it dates its figures. The kind
 * modules (bulletin.ts, dic.ts, annualReport.ts, note.ts) find the date and call readScpiDocument.
 */

export interface DocumentDating {
  /** The date the figures are as of. */
  asOf: string | null;
  period: string | null;
  /** Year of figures stated without one (an annual report's exercise). */
  fallbackYear: string | null;
  /** Quarter of a distribution stated without a period (a quarterly bulletin's). */
  quarter: string | null;
}

export function readScpiDocument(
  docKind: ScpiDocKind,
  text: ScpiText,
  dating: DocumentDating,
  riskScale?: PdfText['riskScale'],
): ScpiReading {
  const scalars: ScpiScalarHits = { ...readFigures(text), ...readIdentity(text) };
  let riskFromGraphic = false;
  if (!scalars['keyFacts.riskIndicator'] && riskScale) {
    scalars['keyFacts.riskIndicator'] = { value: riskScale.value, page: riskScale.page };
    riskFromGraphic = true;
  }
  const {
    yearly,
    lastQuarterDistribution,
    priceChanges: changes,
    currentPriceSince,
  } = readYearly(text, { fallbackYear: dating.fallbackYear, quarter: dating.quarter });
  if (lastQuarterDistribution) scalars['performance.lastQuarterDistributionPerShareEur'] = lastQuarterDistribution;
  const priceChanges = withCurrentPrice(changes, currentPriceSince, scalars['keyFacts.sharePriceEur']);
  const splits = readSplits(text);
  const lists: ScpiReading['lists'] = {};
  if (splits.sector) lists['portfolio.sectorSplit'] = splits.sector;
  if (splits.geography) lists['portfolio.geographicSplit'] = splits.geography;
  if (priceChanges && priceChanges.value.length > 0) lists['performance.sharePriceHistory'] = priceChanges;
  const hasDetail = [
    'distribution.rentalIncomeEur',
    'distribution.financialIncomeEur',
    'distribution.foreignIncomeSharePct',
  ].some((f) => f in scalars);
  return {
    docKind,
    asOf: dating.asOf,
    period: dating.period,
    scalars,
    lists,
    yearly,
    distributionYear: hasDetail ? dating.fallbackYear : null,
    riskFromGraphic,
  };
}

/**
 * "Prix de souscription en vigueur depuis le 1er mars 2022" states when the price the document gives took
 * effect: that price, on that day, is a point of the price history (unless the document dates that day
 * otherwise).
 */
function withCurrentPrice(
  changes: Hit<DatedPrice[]> | null,
  since: Hit<string> | null,
  price: Hit<number> | undefined,
): Hit<DatedPrice[]> | null {
  if (!since || !price) return changes;
  const points = changes?.value ?? [];
  if (points.some((p) => p.date === since.value)) return changes;
  const value = [...points, { date: since.value, priceEur: price.value }].sort((a, b) => a.date.localeCompare(b.date));
  return { value, page: changes?.page ?? since.page };
}

/** The document's text as the SCPI readers see it. */
export function scpiText(pdf: PdfText): ScpiText {
  return new ScpiText(pdf);
}

/** The first quarter or half-year named on the first pages: a bulletin's period. */
export function firstPeriod(text: ScpiText, pages = 2): Period | null {
  for (const line of text.lines) {
    if (line.page > pages) break;
    const period = readPeriod(line.folded.slice(0, 400));
    if (period) return period;
  }
  return null;
}

/** The first date after one of the labels (folded phrases), e.g. "date de mise à jour : 15/01/2025". */
export function labelledDate(text: ScpiText, labels: RegExp): string | null {
  return firstHit(text, labels, (h) => readFrenchDate(h.match.input.slice(h.end, h.end + 60)))?.value ?? null;
}

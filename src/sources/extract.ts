import { emptyFundData } from '../domain/fundSkeleton';
import { percentFromFraction, yearsLabel } from '../domain/format';
import type { FieldSource, FundData } from '../schema/fund';
import { parseEptCsv } from './parsers/ept';
import { parseNavCsv, type NavSeries } from './parsers/nav';
import type { DocumentRef } from './types';

export interface LoadedDocument {
  ref: DocumentRef;
  content: Buffer;
}

export interface Extraction {
  /** False when no document said anything about this ISIN. */
  found: boolean;
  name: string | null;
  data: FundData;
  nav: NavSeries | null;
}

/** Builds the partial FundData the documents support, with the provenance of every filled field. */
export function extractFund(isin: string, documents: LoadedDocument[]): Extraction {
  const data = emptyFundData();
  let name: string | null = null;
  let nav: NavSeries | null = null;
  const source = (doc: LoadedDocument, asOf: string | null): FieldSource => ({
    document: doc.ref.sha256, kind: doc.ref.kind, origin: doc.ref.origin, page: null, asOf,
  });
  const fill = <T>(field: string, value: T, src: FieldSource, set: (v: T) => void) => {
    if (value === null || value === '' || value === undefined) return;
    set(value);
    data.sources[field] = src;
  };

  for (const doc of documents.filter((d) => d.ref.kind === 'ept' && d.ref.mediaType === 'text/csv')) {
    const row = parseEptCsv(doc.content, doc.ref.origin).find((r) => r.isin === isin);
    if (!row) continue;
    const src = source(doc, row.kidPublicationDate || null);
    fill('name', row.name, src, (v) => (name = v));
    fill('keyFacts.manager', row.manager, src, (v) => (data.keyFacts.manager = v));
    fill('keyFacts.currency', row.currency, src, (v) => (data.keyFacts.currency = v));
    fill('riskRating', row.sri, src, (v) => (data.riskRating = v));
    fill('costs.entry', percentFromFraction(row.entryCost), src, (v) => (data.costs.entry = v));
    fill('costs.exit', percentFromFraction(row.exitCost), src, (v) => (data.costs.exit = v));
    fill('costs.ongoing', percentFromFraction(row.ongoingCost), src, (v) => (data.costs.ongoing = v));
    fill('costs.transaction', percentFromFraction(row.transactionCost, 4), src, (v) => (data.costs.transaction = v));
    fill('costs.recommendedHoldingPeriod', yearsLabel(row.recommendedHoldingPeriodYears), src, (v) => (data.costs.recommendedHoldingPeriod = v));
    fill('dataAsOf', row.kidPublicationDate, src, (v) => (data.dataAsOf = v));
  }

  const navDoc = documents.find((d) => d.ref.kind === 'nav' && d.ref.mediaType === 'text/csv');
  if (navDoc) {
    nav = parseNavCsv(navDoc.content, navDoc.ref.origin);
    const latest = nav.fund[nav.fund.length - 1].date;
    // The as-of date is the latest NAV observation when a NAV history is used.
    fill('dataAsOf', latest, source(navDoc, latest), (v) => (data.dataAsOf = v));
    fill('keyFacts.inception', nav.fund[0].date, source(navDoc, latest), (v) => (data.keyFacts.inception = v));
  }

  return { found: name !== null || nav !== null, name, data, nav };
}

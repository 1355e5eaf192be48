import { type DocumentKind, SCPI_DOCUMENT_KINDS, type ScpiDocumentKind } from '../domain/documents';
import { distributionRatePct, emptyScpiData, premiumToReconstitutionPct, priceOnFirstJanuary } from '../domain/scpi';
import { parseInPool } from '../parsing/pool/pool';
import type { ScpiListField, ScpiReading, ScpiScalarField, YearHits } from '../parsing/scpi';
import type { FieldSource } from '../schema/fund';
import type { ScpiData } from '../schema/scpi';
import type { DocumentParser, LoadedDocument } from './extract';
import { documentSource, fillField } from './provenance';

/**
 * An SCPI's documents -> ScpiData with provenance. Per field, the NEWEST document that states it wins:
 * newest by the document's own date (a bulletin's period end, a DIC's date, an annual report's exercise),
 * then by the authority of its kind (bulletin > DIC > annual report > note); a document with no date comes
 * after every dated one. So a bulletin that disagrees with an older DIC wins, and `data.sources[field]`
 * says which document, page and date the value came from. Figures the documents give the inputs of but
 * do not state (a year's distribution rate, the premium to reconstitution value) are computed by the
 * ASPIM definitions of domain/scpi.ts, with a source of kind 'computed' naming the inputs; a stated
 * value always wins over a computed one.
 */

export interface ScpiExtractOptions {
  /** Tests inject a parser (in-thread); the shared parse pool by default (off the event loop, time-limited). */
  parse?: DocumentParser;
}

export interface ScpiExtraction {
  /** False when no document stated anything. */
  found: boolean;
  name: string | null;
  isin: string | null;
  data: ScpiData;
}

const AUTHORITY: readonly ScpiDocumentKind[] = ['scpi-bulletin', 'scpi-dic', 'scpi-annual', 'scpi-note'];

function isScpiDocumentKind(kind: DocumentKind): kind is ScpiDocumentKind {
  return (SCPI_DOCUMENT_KINDS as readonly string[]).includes(kind);
}

interface ReadDocument {
  doc: LoadedDocument;
  reading: ScpiReading;
}

export async function extractScpi(
  documents: LoadedDocument[],
  options: ScpiExtractOptions = {},
): Promise<ScpiExtraction> {
  const parse = options.parse ?? parseInPool;
  const scpiDocuments = documents.filter((d) => isScpiDocumentKind(d.ref.kind));
  const parsed = await Promise.all(scpiDocuments.map((doc) => parse(doc)));
  const read: ReadDocument[] = [];
  scpiDocuments.forEach((doc, i) => {
    const p = parsed[i];
    if (p.kind === 'scpi') read.push({ doc, reading: p.scpi });
  });
  return mergeScpiReadings(read);
}

/** Newest first (undated last), then by authority of kind. */
function newestFirst(a: ReadDocument, b: ReadDocument): number {
  const byDate = (b.reading.asOf ?? '').localeCompare(a.reading.asOf ?? '');
  return byDate !== 0
    ? byDate
    : AUTHORITY.indexOf(a.doc.ref.kind as ScpiDocumentKind) - AUTHORITY.indexOf(b.doc.ref.kind as ScpiDocumentKind);
}

/** Merges parsed documents (any order) into the payload: the newest document wins field by field. */
function mergeScpiReadings(documents: ReadDocument[]): ScpiExtraction {
  const ordered = [...documents].sort(newestFirst);
  const data = emptyScpiData();
  const filler = new ScpiFiller(data);
  for (const { doc, reading } of ordered) filler.apply(doc, reading);
  filler.computeMissing();
  const newest = ordered.find((d) => d.reading.asOf);
  if (newest?.reading.asOf) {
    data.dataAsOf = newest.reading.asOf;
    data.sources.dataAsOf = documentSource(newest.doc, null, newest.reading.asOf);
  }
  const found = Object.keys(data.sources).some((key) => key !== 'dataAsOf');
  return { found, name: data.keyFacts.name || null, isin: data.keyFacts.isin, data };
}

/** The fee figures the key facts repeat (the schema has them in both groups). */
const KEY_FACT_MIRRORS: Partial<Record<ScpiScalarField, string>> = {
  'fees.subscriptionPct': 'keyFacts.subscriptionFeesPct',
  'fees.managementPct': 'keyFacts.managementFeesPct',
};

const LIQUIDITY_FIGURES: readonly ScpiScalarField[] = [
  'liquidity.netInflowsEur',
  'liquidity.sharesAwaitingWithdrawal',
  'liquidity.numberOfShareholders',
];
const DISTRIBUTION_DETAIL: readonly ScpiScalarField[] = [
  'distribution.rentalIncomeEur',
  'distribution.financialIncomeEur',
  'distribution.foreignIncomeSharePct',
];

type YearSeries = 'distributionRateByYear' | 'distributionPerShareByYear';

/** Fills the payload document by document, newest first: a field already filled is kept. */
class ScpiFiller {
  /** Year -> the 1 January price and its document, the input of the distribution rate. */
  private readonly firstJanuary = new Map<string, { value: number; doc: LoadedDocument; asOf: string | null }>();
  private readonly perShareDocs = new Map<string, { doc: LoadedDocument; asOf: string | null }>();

  constructor(private readonly data: ScpiData) {}

  apply(doc: LoadedDocument, reading: ScpiReading): void {
    for (const [field, hit] of Object.entries(reading.scalars) as [
      ScpiScalarField,
      { value: unknown; page: number },
    ][]) {
      const method = field === 'keyFacts.riskIndicator' ? (reading.riskFromGraphic ? 'graphic' : 'text') : undefined;
      const source = documentSource(doc, hit.page, reading.asOf, method);
      if (!this.fill(field, hit.value, source)) continue;
      const mirror = KEY_FACT_MIRRORS[field];
      if (mirror) this.fill(mirror, hit.value, source);
      if (LIQUIDITY_FIGURES.includes(field) && reading.period) this.fill('liquidity.period', reading.period, source);
      if (DISTRIBUTION_DETAIL.includes(field) && reading.distributionYear)
        this.fill('distribution.year', reading.distributionYear, source);
    }
    for (const [field, hit] of Object.entries(reading.lists) as [ScpiListField, { value: unknown[]; page: number }][]) {
      if (field === 'performance.sharePriceHistory')
        this.addPrices(
          hit.value as ScpiData['performance']['sharePriceHistory'],
          documentSource(doc, hit.page, reading.asOf),
        );
      else this.fill(field, hit.value, documentSource(doc, hit.page, reading.asOf));
    }
    this.addYears('distributionRateByYear', reading.yearly.distributionRate, doc, reading.asOf);
    this.addYears('distributionPerShareByYear', reading.yearly.distributionPerShare, doc, reading.asOf);
    for (const [year, hit] of Object.entries(reading.yearly.priceOnFirstJanuary)) {
      if (!this.firstJanuary.has(year)) this.firstJanuary.set(year, { value: hit.value, doc, asOf: reading.asOf });
    }
  }

  /**
   * Sets a field by its dotted path unless a newer document already did; true when set. An older bulletin's other
   * figure is the SCPI's history, not a disagreement: no conflict is noted.
   */
  private fill(path: string, value: unknown, source: FieldSource): boolean {
    return fillField(this.data, path, value, source, false);
  }

  /**
   * Per year, the newest document's figure; each year has its own source ("performance.distributionRateByYear.2024").
   */
  private addYears(series: YearSeries, hits: YearHits, doc: LoadedDocument, asOf: string | null): void {
    const list = this.data.performance[series];
    for (const [year, hit] of Object.entries(hits)) {
      if (list.some((p) => p.year === year)) continue;
      list.push({ year, value: hit.value });
      this.data.sources[`performance.${series}.${year}`] = documentSource(doc, hit.page, asOf);
      if (series === 'distributionPerShareByYear') this.perShareDocs.set(year, { doc, asOf });
    }
    list.sort((a, b) => a.year.localeCompare(b.year));
  }

  /** The union of the documents' price changes, one price per date (the newest document's), oldest first. */
  private addPrices(points: ScpiData['performance']['sharePriceHistory'], source: FieldSource): void {
    const history = this.data.performance.sharePriceHistory;
    let added = false;
    for (const point of points) {
      if (history.some((p) => p.date === point.date)) continue;
      history.push(point);
      added = true;
    }
    history.sort((a, b) => a.date.localeCompare(b.date));
    if (added && !this.data.sources['performance.sharePriceHistory'])
      this.data.sources['performance.sharePriceHistory'] = source;
  }

  /** ASPIM figures the documents give the inputs of but do not state. */
  computeMissing(): void {
    this.computeDistributionRates();
    this.computePremium();
  }

  private computeDistributionRates(): void {
    const performance = this.data.performance;
    for (const { year, value } of performance.distributionPerShareByYear) {
      if (performance.distributionRateByYear.some((p) => p.year === year)) continue; // stated wins
      const stated = this.firstJanuary.get(year);
      const price = stated?.value ?? priceOnFirstJanuary(performance.sharePriceHistory, year);
      const rate = distributionRatePct(value, price);
      const input = this.perShareDocs.get(year);
      if (rate === null || !input) continue;
      performance.distributionRateByYear.push({ year, value: rate });
      const priceInput = stated
        ? `subscription price on 1 January ${year} (${stated.doc.ref.origin})`
        : `sharePriceHistory (price in force on 1 January ${year})`;
      this.data.sources[`performance.distributionRateByYear.${year}`] = computed(
        input.doc,
        input.asOf,
        `distributionPerShareByYear.${year} (${input.doc.ref.origin}) / ${priceInput}`,
      );
    }
    performance.distributionRateByYear.sort((a, b) => a.year.localeCompare(b.year));
  }

  private computePremium(): void {
    const { keyFacts, performance } = this.data;
    if (performance.premiumToReconstitutionPct !== null) return; // stated wins
    const premium = premiumToReconstitutionPct(keyFacts.sharePriceEur, performance.reconstitutionValueEur);
    const price = this.data.sources['keyFacts.sharePriceEur'];
    const reconstitution = this.data.sources['performance.reconstitutionValueEur'];
    if (premium === null || !price || !reconstitution) return;
    performance.premiumToReconstitutionPct = premium;
    const newer = (price.asOf ?? '') >= (reconstitution.asOf ?? '') ? price : reconstitution;
    this.data.sources['performance.premiumToReconstitutionPct'] = {
      document: newer.document,
      kind: 'computed',
      origin: `keyFacts.sharePriceEur (${price.origin}) / performance.reconstitutionValueEur (${reconstitution.origin}) - 1`,
      page: null,
      asOf: newer.asOf,
    };
  }
}

/** The source of a computed figure: the document of its main input, kind 'computed', the inputs named in `origin`. */
function computed(doc: LoadedDocument, asOf: string | null, inputs: string): FieldSource {
  return { document: doc.ref.sha256, kind: 'computed', origin: `ASPIM: ${inputs}`, page: null, asOf };
}

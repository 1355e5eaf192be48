import type { ExtractedDocument } from '../domain/documents';
import type { FailureKind } from '../domain/failures';
import type { ExtractKind } from '../schema/extract';
import { paidOutcome } from './paidOutcome';
import type { Billing } from './ports/billing';
import type { DependencyHealth } from './ports/dependencies';
import type { DocumentExtractor, DocumentStore, ExtractionRequest, PdfChecker } from './ports/extraction';

export type ExtractInput = { kind: ExtractKind; isin: string | null; label: string } & (
  { type: 'file'; bytes: Buffer } | { type: 'text'; text: string } | { type: 'url'; url: string }
);

export type ExtractOutcome =
  | { outcome: 'extracted'; document: ExtractedDocument }
  /** The document or URL cannot be used (nothing charged). */
  | { outcome: 'refused'; reason: FailureKind; message: string }
  /** Read, but no field could be filled from it (nothing charged). */
  | { outcome: 'nothing_extracted' }
  /** Retrieval or reading failed on the way (nothing charged); retry later. */
  | { outcome: 'failed' }
  /** The job engine is down: nothing was counted; retry shortly. */
  | { outcome: 'unavailable'; dependency: string };

export interface RequestExtractionDeps {
  health: DependencyHealth;
  documents: DocumentStore;
  extractor: DocumentExtractor;
  pdf: PdfChecker;
}

/**
 * The story of POST /extract: refuse what is plainly not a PDF, or anything while the job engine
 * is down, before anything is counted; charge
 * (the plan gate and the burst limit come with it, so a lower plan never makes us open a PDF);
 * open the PDF; store it; run the extraction workflow; give the credits back unless a field was
 * filled. Nothing is stored for a refused document, and a dependency outage (thrown) refunds too.
 */
export async function requestExtraction(
  deps: RequestExtractionDeps,
  input: ExtractInput,
  billing: Billing,
): Promise<ExtractOutcome> {
  const shape = input.type === 'file' ? deps.pdf.shapeProblem(input.bytes, input.label) : null;
  if (shape) return { outcome: 'refused', reason: 'unreadable', message: shape };
  const down = deps.health.firstDown(['temporal']);
  if (down) return { outcome: 'unavailable', dependency: down };
  return paidOutcome(
    billing,
    () => run(deps, input),
    (outcome) => outcome.outcome === 'extracted',
  );
}

async function run(deps: RequestExtractionDeps, input: ExtractInput): Promise<ExtractOutcome> {
  const problem = input.type === 'file' ? await deps.pdf.textProblem(input.bytes, input.label) : null;
  if (problem) return { outcome: 'refused', reason: 'unreadable', message: problem };
  const extraction = await deps.extractor.extract({
    source: await sourceOf(deps, input),
    kind: input.kind,
    isin: input.isin,
  });
  if (extraction.outcome !== 'extracted') return extraction;
  return extraction.document.fieldsFilled > 0 ? extraction : { outcome: 'nothing_extracted' };
}

/** Uploads and text are stored first (the workflow gets a reference); a URL is fetched by the workflow. */
async function sourceOf(deps: RequestExtractionDeps, input: ExtractInput): Promise<ExtractionRequest['source']> {
  if (input.type === 'url') return { type: 'url', url: input.url };
  const ref = await deps.documents.store({
    kind: input.kind,
    mediaType: input.type === 'file' ? 'application/pdf' : 'text/plain',
    origin: input.type === 'file' ? `upload:${input.label}` : 'upload:text',
    retrievedAt: new Date().toISOString(),
    content: input.type === 'file' ? input.bytes : Buffer.from(input.text, 'utf8'),
  });
  return { type: 'stored', ref };
}

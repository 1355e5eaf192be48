import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { WORKER_LOSS_DETECTION } from './workerLoss';
import { assembleFund } from '../domain/assembleFund';
import type { ExtractKind } from '../schema/extract';
import type { ExtractedDocument } from '../sources/extract';
import type { DocumentRef } from '../sources/types';
import { PERMANENT_FAILURES } from './failureTypes';


const { fetchUrlDocument } = proxyActivities<Activities>({
  ...WORKER_LOSS_DETECTION,
  startToCloseTimeout: '45 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3, nonRetryableErrorTypes: PERMANENT_FAILURES },
});
const { extractStoredDocument } = proxyActivities<Activities>({
  ...WORKER_LOSS_DETECTION,
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumAttempts: 2, nonRetryableErrorTypes: PERMANENT_FAILURES },
});

export interface ExtractDocumentInput {
  source: { type: 'stored'; ref: DocumentRef } | { type: 'url'; url: string };
  kind: ExtractKind;
  isin: string | null;
}

export type ExtractDocumentResult = ExtractedDocument & { ref: DocumentRef };

/** POST /extract: one document (uploaded, sent as text, or fetched from a URL) into FundData. Id `extract/<uuid>`. */
export async function extractDocument(input: ExtractDocumentInput): Promise<ExtractDocumentResult> {
  const ref = input.source.type === 'stored' ? input.source.ref : await fetchUrlDocument(input.source.url, input.kind);
  const extracted = await extractStoredDocument(ref, input.isin);
  return { ref, ...extracted, data: assembleFund(extracted.data, null, null) };
}

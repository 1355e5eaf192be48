import { proxyActivities } from '@temporalio/workflow';

import type { Activities } from '../activities';
import { assembleFund } from '../domain/assembleFund';
import type { ExtractedDocument } from '../domain/documents';
import type { DocumentRef } from '../domain/documents';
import { PERMANENT_FAILURES } from '../domain/failures';
import type { ExtractKind } from '../schema/extract';
import { WORKER_LOSS_DETECTION } from './workerLoss';

const { fetchUrlDocument } = proxyActivities<Activities>({
  ...WORKER_LOSS_DETECTION,
  startToCloseTimeout: '45 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumAttempts: 3,
    nonRetryableErrorTypes: PERMANENT_FAILURES,
  },
});
const { extractStoredDocument } = proxyActivities<Activities>({
  ...WORKER_LOSS_DETECTION,
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumAttempts: 2, nonRetryableErrorTypes: PERMANENT_FAILURES },
});

interface ExtractDocumentInput {
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

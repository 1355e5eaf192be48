import { randomUUID } from 'node:crypto';

import { type Client, WorkflowFailedError } from '@temporalio/client';

import { type FailureKind, failureKindOf } from '../domain/failures';
import type { DocumentExtractor, ExtractionRequest, ExtractionRun } from '../usecases/ports/extraction';
import type { ExtractDocumentResult } from '../workflows/extractDocument';
import { FUND_ISIN, JOB_KIND, JOB_KINDS } from '../workflows/searchAttributes';
import { TEMPORAL_CALL_DEADLINE_MS, temporalCall } from './singleFlight';

const EXTRACT_TIMEOUT = '2 minutes';

/** The DocumentExtractor port over the `extractDocument` workflow; its failures become outcomes. */
export class TemporalDocumentExtractor implements DocumentExtractor {
  constructor(
    private readonly client: Client,
    private readonly taskQueue: string,
  ) {}

  extract(request: ExtractionRequest): Promise<ExtractionRun> {
    return temporalCall(() => this.startAndWait(request));
  }

  private async startAndWait(request: ExtractionRequest): Promise<ExtractionRun> {
    const start = () =>
      this.client.workflow.start('extractDocument', {
        taskQueue: this.taskQueue,
        workflowId: `extract/${randomUUID()}`,
        args: [request],
        workflowExecutionTimeout: EXTRACT_TIMEOUT,
        typedSearchAttributes: [
          { key: JOB_KIND, value: JOB_KINDS.extract },
          ...(request.isin ? [{ key: FUND_ISIN, value: request.isin }] : []),
        ],
      });
    const handle = await this.client.connection.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, start);
    try {
      return { outcome: 'extracted', document: (await handle.result()) as ExtractDocumentResult };
    } catch (err) {
      if (!(err instanceof WorkflowFailedError)) throw err;
      const failure = permanentFailureOf(err);
      return failure ? { outcome: 'refused', ...failure } : { outcome: 'failed' };
    }
  }
}

/** The permanent failure an activity raised, found through the workflow and activity failure wrappers. */
function permanentFailureOf(err: unknown): { reason: FailureKind; message: string } | null {
  let cause: unknown = err;
  while (cause && typeof cause === 'object') {
    const c = cause as { type?: string; message?: string; cause?: unknown };
    const reason = failureKindOf(c.type);
    if (reason) return { reason, message: c.message ?? '' };
    cause = c.cause;
  }
  return null;
}

import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { FUND_ISIN, JOB_KIND, JOB_KINDS } from '../temporal/searchAttributes';
import { TEMPORAL_CALL_DEADLINE_MS, temporalCall } from './fundLoader';
import type { ExtractDocumentInput, ExtractDocumentResult } from '../workflows/extractDocument';

export interface DocumentExtractor {
  /** Runs one extraction as the workflow `extract/<uuid>` and waits for its result. */
  extract(input: ExtractDocumentInput): Promise<ExtractDocumentResult>;
}

const EXTRACT_TIMEOUT = '2 minutes';

export class TemporalDocumentExtractor implements DocumentExtractor {
  constructor(private readonly client: Client, private readonly taskQueue: string) {}

  extract(input: ExtractDocumentInput): Promise<ExtractDocumentResult> {
    return temporalCall(() => this.startAndWait(input));
  }

  private async startAndWait(input: ExtractDocumentInput): Promise<ExtractDocumentResult> {
    const start = () => this.client.workflow.start('extractDocument', {
      taskQueue: this.taskQueue,
      workflowId: `extract/${randomUUID()}`,
      args: [input],
      workflowExecutionTimeout: EXTRACT_TIMEOUT,
      typedSearchAttributes: [{ key: JOB_KIND, value: JOB_KINDS.extract }, ...(input.isin ? [{ key: FUND_ISIN, value: input.isin }] : [])],
    });
    const handle = await this.client.connection.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, start);
    return (await handle.result()) as ExtractDocumentResult;
  }
}

import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { FUND_ISIN, JOB_KIND, JOB_KINDS } from '../temporal/searchAttributes';
import type { ExtractDocumentInput, ExtractDocumentResult } from '../workflows/extractDocument';

export interface DocumentExtractor {
  /** Runs one extraction as the workflow `extract/<uuid>` and waits for its result. */
  extract(input: ExtractDocumentInput): Promise<ExtractDocumentResult>;
}

const EXTRACT_TIMEOUT = '2 minutes';

export class TemporalDocumentExtractor implements DocumentExtractor {
  constructor(private readonly client: Client, private readonly taskQueue: string) {}

  async extract(input: ExtractDocumentInput): Promise<ExtractDocumentResult> {
    const handle = await this.client.workflow.start('extractDocument', {
      taskQueue: this.taskQueue,
      workflowId: `extract/${randomUUID()}`,
      args: [input],
      workflowExecutionTimeout: EXTRACT_TIMEOUT,
      typedSearchAttributes: [{ key: JOB_KIND, value: JOB_KINDS.extract }, ...(input.isin ? [{ key: FUND_ISIN, value: input.isin }] : [])],
    });
    return (await handle.result()) as ExtractDocumentResult;
  }
}

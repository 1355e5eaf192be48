import { randomUUID } from 'node:crypto';

import type { Client } from '@temporalio/client';

import type { FiledTargets, IngestRequest } from '../domain/documents';
import type { IngestResult } from '../schema/documents';
import type { DocumentIngester } from '../usecases/ports/documents';
import { JOB_KIND, JOB_KINDS } from '../workflows/searchAttributes';
import { SingleFlightStarter } from './singleFlight';

/** An archive of a thousand documents and the reloads of their funds: well under an hour on one worker. */
const INGEST_TIMEOUT = '1 hour';
const INGEST_TIMEOUT_MS = 60 * 60 * 1000;

/**
 * The DocumentIngester port over the `ingestDocument`, `reloadFiled` and `removeDocument` workflows (`ingest/<sha256>`,
 * `ingest-reload/<uuid>`, `ingest-remove/<sha256>`): the same file handed in twice at once joins the run going; a run that ended
 * after the request began answers it too.
 */
export class TemporalDocumentIngester implements DocumentIngester {
  private readonly starter: SingleFlightStarter;

  constructor(
    client: Client,
    taskQueue: string,
    /** How long a caller waits for the run (the API less than the inbox). */
    private readonly waitMs = INGEST_TIMEOUT_MS,
  ) {
    this.starter = new SingleFlightStarter(client, taskQueue);
  }

  ingest(request: IngestRequest): Promise<IngestResult[]> {
    return this.starter.run<IngestResult[]>(
      {
        workflowType: 'ingestDocument',
        workflowId: `ingest/${request.sha256}`,
        args: [request],
        freshSince: new Date().toISOString(),
        searchAttributes: [{ key: JOB_KIND, value: JOB_KINDS.ingest }],
        what: `ingestion of ${request.fileName}`,
        executionTimeout: INGEST_TIMEOUT,
      },
      this.waitMs,
    );
  }

  async reload(targets: FiledTargets): Promise<void> {
    if (targets.isins.length === 0 && targets.scpi.length === 0) return;
    await this.starter.run<void>(
      {
        workflowType: 'reloadFiled',
        workflowId: `ingest-reload/${randomUUID()}`,
        args: [targets],
        freshSince: new Date().toISOString(),
        searchAttributes: [{ key: JOB_KIND, value: JOB_KINDS.ingest }],
        what: `reload of ${targets.isins.length} funds and ${targets.scpi.length} SCPI`,
        executionTimeout: INGEST_TIMEOUT,
      },
      this.waitMs,
    );
  }

  remove(sha256: string): Promise<{ isins: string[]; scpi: string | null } | null> {
    return this.starter.run<{ isins: string[]; scpi: string | null } | null>(
      {
        workflowType: 'removeDocument',
        workflowId: `ingest-remove/${sha256}`,
        args: [sha256],
        freshSince: new Date().toISOString(),
        searchAttributes: [{ key: JOB_KIND, value: JOB_KINDS.ingest }],
        what: `removal of ${sha256}`,
        executionTimeout: INGEST_TIMEOUT,
      },
      this.waitMs,
    );
  }
}

import { proxyActivities } from '@temporalio/workflow';

import type { Activities } from '../activities';
import { type FiledTargets, filedTargets, type IngestRequest } from '../domain/documents';
import { PERMANENT_FAILURES } from '../domain/failures';
import type { IngestResult } from '../schema/documents';
import { reloadAsChildren, reloadScpiAsChildren } from './childLoads';
import { WORKER_LOSS_DETECTION } from './workerLoss';

/** A file may be an archive of a thousand documents, each read in the parse pool: minutes, not seconds. */
const { ingestStoredFile } = proxyActivities<Activities>({
  ...WORKER_LOSS_DETECTION,
  startToCloseTimeout: '15 minutes',
  retry: { initialInterval: '1 second', maximumAttempts: 3, nonRetryableErrorTypes: PERMANENT_FAILURES },
});
const { unfileDocument, forgetFunds, forgetScpi } = proxyActivities<Activities>({
  ...WORKER_LOSS_DETECTION,
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 5, nonRetryableErrorTypes: PERMANENT_FAILURES },
});

/** Funds reloaded at once after a filing: the worker's parse pool is the limit, not the number of children. */
const RELOAD_CONCURRENCY = 4;

/**
 * One file an operator handed in (inbox folder, import command, POST /documents), stored by hash: identified by
 * content, filed under the ISINs each document covers, then every fund it brought something new to is reloaded
 * through its `fund-load/<ISIN>` workflow, so the change feed and webhooks see the new figures like any refresh.
 * Id `ingest/<sha256>`: the same file handed in twice at once is ingested once; again later, its documents are
 * duplicates and nothing reloads.
 */
export async function ingestDocument(request: IngestRequest): Promise<IngestResult[]> {
  const results = await ingestStoredFile(request);
  if (request.reload !== false) await reloadFiled(filedTargets(results));
  return results;
}

/**
 * Reloads the funds and SCPI documents were filed for: each fund through its `fund-load/<ISIN>` child, each SCPI
 * through `scpi-load/<slug>`, so the change feed and webhooks see the new figures. Run by `ingestDocument`, or on
 * its own (`ingest-reload/<uuid>`) for a batch whose files were filed without reloading (the inbox folder).
 */
export async function reloadFiled(targets: FiledTargets): Promise<void> {
  // Filed before this instant: a payload generated from now on has read the new documents.
  const freshSince = new Date().toISOString();
  await Promise.all([
    reloadAsChildren(targets.isins, RELOAD_CONCURRENCY, freshSince),
    reloadScpiAsChildren(targets.scpi, RELOAD_CONCURRENCY, freshSince),
  ]);
}

/**
 * DELETE /documents/{sha256}: the document leaves the universe and its funds (or its SCPI) reload without it; one
 * whose reload finds no document any more is forgotten (404 from then on). Id `ingest-remove/<sha256>`.
 */
export async function removeDocument(sha256: string): Promise<{ isins: string[]; scpi: string | null } | null> {
  const removed = await unfileDocument(sha256);
  if (!removed) return null;
  const freshSince = new Date().toISOString();
  const { isins, scpiSlug } = removed;
  if (scpiSlug) {
    const status = (await reloadScpiAsChildren([scpiSlug], 1, freshSince))[scpiSlug];
    if (status === 'not_found') await forgetScpi(scpiSlug);
    return { isins, scpi: scpiSlug };
  }
  const statuses = await reloadAsChildren(isins, RELOAD_CONCURRENCY, freshSince);
  const emptied = isins.filter((isin) => statuses[isin] === 'not_found');
  if (emptied.length > 0) await forgetFunds(emptied);
  return { isins, scpi: null };
}

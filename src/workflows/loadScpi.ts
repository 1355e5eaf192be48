import { proxyActivities } from '@temporalio/workflow';

import type { Activities } from '../activities';
import { publishChanges } from './deliverWebhook';
import { LOAD_ACTIVITY_OPTIONS } from './loadFund';
import { WORKER_LOSS_DETECTION } from './workerLoss';

const { hasFreshScpi, fetchScpiDocuments, extractScpiDocuments, saveScpi } = proxyActivities<Activities>({
  ...LOAD_ACTIVITY_OPTIONS,
  ...WORKER_LOSS_DETECTION,
});

export interface LoadScpiInput {
  slug: string;
  /** A payload generated at or after this instant makes the load unnecessary (it raced with another run). */
  freshSince: string;
}

export type LoadScpiResult = { status: 'ok' | 'not_found' | 'already_fresh'; slug: string; name: string | null };

/**
 * Cold or stale SCPI: read its documents, extract, store with the change rows, publish what changed.
 * Id `scpi-load/<slug>`; callers attach to a running load (single flight).
 */
export async function loadScpi(input: LoadScpiInput): Promise<LoadScpiResult> {
  const { slug } = input;
  if (await hasFreshScpi(slug, input.freshSince)) return { status: 'already_fresh', slug, name: null };
  const refs = await fetchScpiDocuments(slug);
  const extracted = refs.length > 0 ? await extractScpiDocuments(slug, refs) : null;
  if (!extracted?.found) return { status: 'not_found', slug, name: null };
  await saveScpi(extracted.identity, extracted.data); // the payload and its change rows, in one transaction
  await publishChanges();
  return { status: 'ok', slug, name: extracted.identity.name };
}

import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { assembleFund } from '../domain/assembleFund';
import { publishChanges } from './deliverWebhook';
import { PERMANENT_FAILURES } from './failureTypes';

/** The activities of a load (a fund's, an SCPI's): a few retries of transient failures, none of permanent ones. */
export const LOAD_ACTIVITY_OPTIONS = {
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '20 seconds', maximumAttempts: 4, nonRetryableErrorTypes: PERMANENT_FAILURES },
} as const;

const { hasFreshFund, fetchDocuments, extractFund, computeAnalytics, saveFund, recordMiss } = proxyActivities<Activities>(LOAD_ACTIVITY_OPTIONS);

export interface LoadFundInput {
  isin: string;
  /** A payload generated at or after this instant makes the load unnecessary (it raced with another run). */
  freshSince: string;
}

export type LoadFundResult = { status: 'ok' | 'not_found' | 'already_fresh'; isin: string; name: string | null };

/**
 * Cold or stale fund: read the sources, extract, compute, classify, store, publish what changed.
 * Id `fund-load/<ISIN>`; callers attach to a running load. Documents travel as references.
 */
export async function loadFund(input: LoadFundInput): Promise<LoadFundResult> {
  const { isin } = input;
  if (await hasFreshFund(isin, input.freshSince)) return { status: 'already_fresh', isin, name: null };
  const refs = await fetchDocuments(isin);
  const extracted = refs.length > 0 ? await extractFund(isin, refs) : null;
  if (!extracted?.found) {
    await recordMiss(isin);
    return { status: 'not_found', isin, name: null };
  }
  const analytics = extracted.hasNav ? await computeAnalytics(isin, extracted.inception) : null;
  const data = assembleFund(extracted.data, analytics, extracted.navSource); // pure rules, in the workflow
  await saveFund(isin, extracted.name, data, extracted.holdings); // the payload and its change rows, in one transaction
  await publishChanges(); // to the feed and the webhooks; a crash before this leaves them for the next publication
  return { status: 'ok', isin, name: extracted.name };
}

import { patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';

import type { Activities } from '../activities';
import { assembleFund } from '../domain/assembleFund';
import { LOAD_RETRY_MAX_INTERVAL_MS, PERMANENT_FAILURES } from '../domain/failures';
import { PUBLISH_ACTIVITY_OPTIONS, publishChanges } from './deliverWebhook';
import { WORKER_LOSS_DETECTION } from './workerLoss';

/**
 * The activities of a load (a fund's, an SCPI's): a few retries of transient failures, none of permanent ones.
 * A fund load runs all its steps but the fetch as local activities, with these same timeouts and retries.
 *
 * This policy is the only retry of a load's requests to issuers: the connectors make one attempt per
 * request (sources/issuers/http.ts), so a load asks an issuer at most maximumAttempts (4) times per
 * document. A Retry-After from the issuer sets the delay before the next attempt, kept between this
 * back-off and maximumInterval (activities/sourceFailures.ts).
 */
export const LOAD_ACTIVITY_OPTIONS = {
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: LOAD_RETRY_MAX_INTERVAL_MS,
    maximumAttempts: 4,
    nonRetryableErrorTypes: PERMANENT_FAILURES,
  },
} as const;

/**
 * Reading the sources stays an activity: it waits on remote sources (30 s per request, robots.txt, the
 * per-host rate limit), can take minutes, and its failures are mostly transient (timeouts, 429,
 * 5xx). Each attempt is recorded by the server and shown in the UI, and the retries stay bounded
 * whatever happens to the workers: an issuer's site is not asked again because a worker restarted.
 */
const { fetchDocuments } = proxyActivities<Activities>({ ...LOAD_ACTIVITY_OPTIONS, ...WORKER_LOSS_DETECTION });

/**
 * Every other step runs as a local activity, in the workflow task that reaches it: no task queue, no
 * round trip to the server between steps. The short ones (a look in the store, the analytics over the
 * stored series, the save, the publication, a miss), and the extraction: CPU work in the worker's parse
 * pool, bounded (30 s per document, 2 minutes per attempt) and usually well under a second, which as
 * an activity would cost two more round trips and buy nothing (loads spread over workers anyway, load by
 * load). Same timeouts and bounded retries as activities (a retry due within a minute waits in the
 * worker; the SDK keeps the workflow task alive while a step runs long). A step whose worker dies runs
 * again when the workflow task is retried on the next worker (results are recorded with the task's
 * completion); run again, it duplicates nothing, as with activities: the extraction writes its series
 * and holdings under a new stamp, the save diffs against the stored payload, relay and fan-out mark
 * what they did.
 */
const localSteps = proxyLocalActivities<Activities>(LOAD_ACTIVITY_OPTIONS);
/** The publication keeps its own retries (until it succeeds), bounded by the load's 5 minutes. */
const localPublication = proxyLocalActivities<Activities>({
  ...PUBLISH_ACTIVITY_OPTIONS,
  scheduleToCloseTimeout: '5 minutes',
});
/** The same steps as activities: how runs started before LOCAL_STEPS were recorded (replay only). */
const remoteSteps = proxyActivities<Activities>(LOAD_ACTIVITY_OPTIONS);

/**
 * Runs started by an older worker scheduled every step as an activity; their histories still replay
 * with that shape. A load lasts at most 5 minutes (workflowExecutionTimeout): once no run of the old
 * shape remains, this becomes `deprecatePatch(LOCAL_STEPS)`, then goes with `remoteSteps`.
 */
const LOCAL_STEPS = 'load-fund-local-steps';

export interface LoadFundInput {
  isin: string;
  /** A payload generated at or after this instant makes the load unnecessary (it raced with another run). */
  freshSince: string;
}

export type LoadFundResult = { status: 'ok' | 'not_found' | 'already_fresh'; isin: string; name: string | null };

/**
 * Cold or stale fund: read the sources, extract, compute, classify, store, publish what changed.
 * Id `fund-load/<ISIN>`; callers attach to a running load. Documents travel as references.
 * Two workflow tasks: the freshness look, then the fetch's scheduling; after the fetch, extraction,
 * analytics, save and publication.
 */
export async function loadFund(input: LoadFundInput): Promise<LoadFundResult> {
  const { isin } = input;
  const local = patched(LOCAL_STEPS);
  const { hasFreshFund, extractFund, computeAnalytics, saveFund, recordMiss } = local ? localSteps : remoteSteps;
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
  await publishChanges(local ? localPublication : undefined); // to the feed and the webhooks; a crash before this leaves them for the next publication
  return { status: 'ok', isin, name: extracted.name };
}

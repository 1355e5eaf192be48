import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, proxyActivities, sleep, startChild } from '@temporalio/workflow';

import type { Activities } from '../activities';
import { JOB_KIND, JOB_KINDS } from './searchAttributes';
import { WORKER_LOSS_DETECTION } from './workerLoss';

const { attemptDelivery, disableEndpoint } = proxyActivities<Activities>({
  ...WORKER_LOSS_DETECTION,
  // The receiver has 10 s; resolving and connecting take their share of the rest.
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});
/**
 * The publication's steps: retried until they succeed (an outage only delays the feed). A fund load runs them as local
 * activities.
 */
export const PUBLISH_ACTIVITY_OPTIONS = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
} as const;
const { relayChanges, fanOutChanges } = proxyActivities<Activities>({
  ...PUBLISH_ACTIVITY_OPTIONS,
  ...WORKER_LOSS_DETECTION,
});

interface DeliverWebhookInput {
  eventId: string;
  endpointId: string;
  /** The waits before each retry (six: WEBHOOK_RETRY_DELAYS). */
  retryDelays: string[];
}

/**
 * One event to one endpoint (`webhook-delivery/<event>/<endpoint>`): an attempt, then a retry after
 * each delay of the schedule (durable timers: a worker restart does not reset them). After the last
 * retry fails, the endpoint is disabled and receives nothing more.
 */
export async function deliverWebhook(input: DeliverWebhookInput): Promise<'delivered' | 'skipped' | 'disabled'> {
  for (let attempt = 0; attempt <= input.retryDelays.length; attempt++) {
    if (attempt > 0) await sleep(input.retryDelays[attempt - 1]);
    const outcome = await attemptDelivery(input.eventId, input.endpointId);
    if (outcome !== 'failed') return outcome;
  }
  await disableEndpoint(input.endpointId);
  return 'disabled';
}

/** The two steps of a publication: activities by default; a fund load passes local activities. */
export type PublishSteps = Pick<Activities, 'relayChanges' | 'fanOutChanges'>;

/**
 * Publishes what saves left in the outbox (the change feed) and starts a delivery workflow for each
 * new (event, endpoint): ids are deterministic and never reused, so no delivery starts twice.
 */
export async function publishChanges(steps: PublishSteps = { relayChanges, fanOutChanges }): Promise<void> {
  await steps.relayChanges();
  const { deliveries, retryDelays } = await steps.fanOutChanges();
  // Started together: one event to 200 endpoints must not wait for 200 start round trips in a row.
  await Promise.all(deliveries.map((delivery) => startDelivery(delivery, retryDelays)));
}

async function startDelivery(
  { eventId, endpointId }: { eventId: string; endpointId: string },
  retryDelays: string[],
): Promise<void> {
  try {
    await startChild(deliverWebhook, {
      workflowId: `webhook-delivery/${eventId}/${endpointId}`,
      args: [{ eventId, endpointId, retryDelays }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: [{ key: JOB_KIND, value: JOB_KINDS.webhookDelivery }],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

import type { PlannedDelivery, WebhookDeliveriesRepository } from '../db/repositories/webhookDeliveries';
import type { WebhookSender } from '../usecases/ports/webhooks';

export interface WebhookActivityDeps {
  deliveries: WebhookDeliveriesRepository;
  sender: WebhookSender;
  /** WEBHOOK_RETRY_DELAYS: the waits before the six retries. */
  retryDelays: string[];
}

export type AttemptOutcome = 'delivered' | 'failed' | 'skipped';

/** Webhook fan-out and delivery attempts, over injected clients. */
export function createWebhookActivities(deps: WebhookActivityDeps) {
  return {
    /** Creates the deliveries of every published change not yet fanned out; returns them with the retry schedule. */
    async fanOutChanges(): Promise<{ deliveries: PlannedDelivery[]; retryDelays: string[] }> {
      return { deliveries: await deps.deliveries.fanOut(), retryDelays: deps.retryDelays };
    },

    /**
     * One attempt: the body signed afresh and POSTed within the receiver's 10 s, the address rules checked
     * again. Skipped when the endpoint was deleted or disabled meanwhile. A receiver's failure is an
     * outcome, not an error: the workflow owns the retry schedule.
     */
    async attemptDelivery(eventId: string, endpointId: string): Promise<AttemptOutcome> {
      const attempt = await deps.deliveries.attempt(eventId, endpointId);
      if (!attempt?.active) return 'skipped';
      const result = await deps.sender.send(attempt.url, eventId, attempt.body, attempt.secret);
      await deps.deliveries.record(eventId, endpointId, result);
      return result.delivered ? 'delivered' : 'failed';
    },

    async disableEndpoint(endpointId: string): Promise<void> {
      await deps.deliveries.disableEndpoint(endpointId);
    },
  };
}

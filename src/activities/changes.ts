import type { ChangeFeedRepository } from '../db/repositories/changeFeed';

/** Publishing the change feed: the outbox rows a save wrote, relayed to ClickHouse in order. */
export function createChangeActivities(deps: { changes: ChangeFeedRepository }) {
  return {
    /**
     * Publishes every committed change not yet published (this load's and any a crash left behind); returns how many.
     */
    async relayChanges(): Promise<number> {
      return deps.changes.relay();
    },
  };
}

import { log } from '@temporalio/activity';

import type { StorageRetention } from '../usecases/ports/retention';

/** The storage retention (usecases/retainStorage.ts, wired by the worker) as the last step of the universe refresh. */
export function createRetentionActivities(deps: { retention: StorageRetention }) {
  return {
    /** Cuts back what grows without bound to what the API still serves; returns what it deleted. */
    async retainStorage() {
      const report = await deps.retention.retain();
      log.info('storage retention', { ...report });
      return report;
    },
  };
}

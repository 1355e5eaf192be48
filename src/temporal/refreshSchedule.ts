import { type Client, ScheduleAlreadyRunning, type ScheduleOptionsStartWorkflowAction } from '@temporalio/client';

import type { Config } from '../config';
import type { refreshUniverse, RefreshUniverseInput } from '../workflows/refreshUniverse';
import { JOB_KIND, JOB_KINDS } from '../workflows/searchAttributes';

export const REFRESH_SCHEDULE_ID = 'universe-refresh';

/** A page of 100 ISINs, ten pages a run (then continue-as-new): a run's history stays a few thousand events. */
const REFRESH_PAGE_SIZE = 100;
const REFRESH_PAGES_PER_RUN = 10;

function refreshAction(config: Config): ScheduleOptionsStartWorkflowAction<typeof refreshUniverse> {
  const input: RefreshUniverseInput = {
    after: null,
    concurrency: config.warmConcurrency,
    pageSize: REFRESH_PAGE_SIZE,
    pagesPerRun: REFRESH_PAGES_PER_RUN,
  };
  return {
    type: 'startWorkflow',
    workflowType: 'refreshUniverse',
    workflowId: REFRESH_SCHEDULE_ID,
    taskQueue: config.temporal.taskQueue,
    args: [input],
    typedSearchAttributes: [{ key: JOB_KIND, value: JOB_KINDS.universeRefresh }],
  };
}

/**
 * Creates the schedule of the universe refresh, or brings an existing one to the configured interval
 * and action: every worker start calls it, and any number of workers may. A run still going when the
 * next is due makes the schedule skip that one.
 */
export async function ensureRefreshSchedule(client: Client, config: Config): Promise<void> {
  const spec = { intervals: [{ every: config.refreshInterval }] };
  const action = refreshAction(config);
  try {
    await client.schedule.create({ scheduleId: REFRESH_SCHEDULE_ID, spec, action, policies: { overlap: 'SKIP' } });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule
      .getHandle(REFRESH_SCHEDULE_ID)
      .update((previous) => ({ ...previous, spec, action, policies: { ...previous.policies, overlap: 'SKIP' } }));
  }
}

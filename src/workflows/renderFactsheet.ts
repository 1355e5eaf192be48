import { proxyActivities } from '@temporalio/workflow';

import type { RenderActivities } from '../activities';
import type { PrintResult } from '../activities/factsheets';
import { SHEET_GONE } from '../domain/failures';
import { WORKER_LOSS_DETECTION } from './workerLoss';

export interface RenderFactsheetInput {
  sheetId: string;
  isin: string;
  /** The task queue of the workers that keep a browser (RENDER_TASK_QUEUE): printing scales apart from loading. */
  renderQueue: string;
}

/**
 * Prints one saved factsheet to PDF and stores it. Id `factsheet-render/<sheet id>`: concurrent
 * requests for the same sheet attach to one run. A browser that cannot start is retried briefly;
 * past that the caller answers pdf_unavailable rather than make anyone wait.
 */
export async function renderFactsheet(input: RenderFactsheetInput): Promise<PrintResult> {
  const { printFactsheet } = proxyActivities<RenderActivities>({
    taskQueue: input.renderQueue,
    ...WORKER_LOSS_DETECTION,
    startToCloseTimeout: '30 seconds',
    scheduleToCloseTimeout: '1 minute',
    retry: {
      initialInterval: '500 milliseconds',
      backoffCoefficient: 2,
      maximumAttempts: 3,
      nonRetryableErrorTypes: [SHEET_GONE],
    },
  });
  return printFactsheet(input.sheetId);
}

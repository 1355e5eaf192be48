import type { Client } from '@temporalio/client';

import type { Logger } from '../logger';
import type { PdfPrinter } from '../usecases/ports/factsheets';
import type { RenderFactsheetInput } from '../workflows/renderFactsheet';
import { FUND_ISIN, JOB_KIND, JOB_KINDS } from '../workflows/searchAttributes';
import { TEMPORAL_CALL_DEADLINE_MS } from './singleFlight';

/**
 * The PdfPrinter port over the `renderFactsheet` workflow (`factsheet-render/<sheet id>`): requests
 * for the same sheet attach to the run going. Whatever keeps the PDF from coming (Temporal down, no
 * render worker, a browser that cannot start, a print past the timeout) is "unavailable": the sheet's
 * HTML is there regardless, and the caller answers pdf_unavailable.
 */
export class TemporalPdfPrinter implements PdfPrinter {
  constructor(
    private readonly client: Client,
    private readonly settings: { taskQueue: string; renderQueue: string; timeoutMs: number },
    private readonly log: Logger,
  ) {}

  async print(sheet: { id: string; isin: string }): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>(
      (resolve) => (timer = setTimeout(() => resolve(false), this.settings.timeoutMs)),
    );
    try {
      const printed = await Promise.race([this.startAndWait(sheet).then(() => true), timeout]);
      if (!printed)
        this.log.warn(
          { sheet: sheet.id, timeoutMs: this.settings.timeoutMs },
          'factsheet print did not finish in time',
        );
      return printed;
    } catch (err) {
      this.log.warn({ sheet: sheet.id, err: String(err) }, 'factsheet print failed');
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  private async startAndWait(sheet: { id: string; isin: string }): Promise<void> {
    const input: RenderFactsheetInput = { sheetId: sheet.id, isin: sheet.isin, renderQueue: this.settings.renderQueue };
    const start = () =>
      this.client.workflow.start('renderFactsheet', {
        taskQueue: this.settings.taskQueue,
        workflowId: `factsheet-render/${sheet.id}`,
        args: [input],
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'ALLOW_DUPLICATE',
        workflowExecutionTimeout: '2 minutes',
        typedSearchAttributes: [
          { key: JOB_KIND, value: JOB_KINDS.factsheetRender },
          { key: FUND_ISIN, value: sheet.isin },
        ],
      });
    const handle = await this.client.connection.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, start);
    await handle.result();
  }
}

import { ApplicationFailure } from '@temporalio/activity';

import type { FactsheetsRepository } from '../db/repositories/factsheets';
import { SHEET_GONE } from '../domain/failures';
import type { FactsheetRenderer } from '../usecases/ports/factsheets';

export interface FactsheetActivityDeps {
  sheets: Pick<FactsheetsRepository, 'forPrinting' | 'pdf' | 'savePdf'>;
  page: FactsheetRenderer;
  printer: { print(html: string): Promise<Buffer> };
}

export interface PrintResult {
  bytes: number;
  /** A PDF printed earlier with the same template was there: nothing was printed. */
  kept: boolean;
  /** Milliseconds per step: snapshot read, page render, print, store. */
  ms: { read: number; render?: number; print?: number; save?: number };
}

/** Milliseconds since the last lap, to 0.1 ms. */
function stopwatch(): { lap(): number } {
  let last = performance.now();
  return {
    lap() {
      const now = performance.now();
      const ms = Math.round((now - last) * 10) / 10;
      last = now;
      return ms;
    },
  };
}

/** Printing on the render task queue: the workers there keep a warm browser. */
export function createFactsheetActivities(deps: FactsheetActivityDeps) {
  return {
    /**
     * Prints a saved sheet's page (from its snapshot) to PDF and stores it; a PDF already printed with
     * this template is kept. The result says where the time went (shown in the Temporal UI).
     */
    async printFactsheet(sheetId: string): Promise<PrintResult> {
      const clock = stopwatch();
      const saved = await deps.sheets.forPrinting(sheetId);
      if (!saved) throw ApplicationFailure.nonRetryable(`factsheet ${sheetId} no longer exists`, SHEET_GONE);
      const kept = await deps.sheets.pdf(sheetId, deps.page.template);
      if (kept) return { bytes: kept.length, kept: true, ms: { read: clock.lap() } };
      const read = clock.lap();
      const { record } = saved;
      const html = deps.page.html(saved.snapshot, {
        language: record.language,
        variant: 'print',
        pdfUrl: null,
        createdAt: record.createdAt.toISOString(),
      });
      const render = clock.lap();
      const pdf = await deps.printer.print(html);
      const print = clock.lap();
      if (!(await deps.sheets.savePdf(sheetId, deps.page.template, pdf)))
        throw ApplicationFailure.nonRetryable(`factsheet ${sheetId} was deleted while printing`, SHEET_GONE);
      return { bytes: pdf.length, kept: false, ms: { read, render, print, save: clock.lap() } };
    },
  };
}

import { ApplicationFailure } from '@temporalio/activity';
import type { FactsheetsRepository } from '../db/repositories/factsheets';
import type { FactsheetRenderer } from '../usecases/ports';
import { SHEET_GONE } from '../workflows/failureTypes';

export interface FactsheetActivityDeps {
  sheets: Pick<FactsheetsRepository, 'forPrinting' | 'pdf' | 'savePdf'>;
  page: FactsheetRenderer;
  printer: { print(html: string): Promise<Buffer> };
}

/** Printing on the render task queue: the workers there keep a warm browser. */
export function createFactsheetActivities(deps: FactsheetActivityDeps) {
  return {
    /** Prints a saved sheet's page (from its snapshot) to PDF and stores it; a PDF already printed with this template is kept. */
    async printFactsheet(sheetId: string): Promise<{ bytes: number }> {
      const saved = await deps.sheets.forPrinting(sheetId);
      if (!saved) throw ApplicationFailure.nonRetryable(`factsheet ${sheetId} no longer exists`, SHEET_GONE);
      const kept = await deps.sheets.pdf(sheetId, deps.page.template);
      if (kept) return { bytes: kept.length };
      const { record } = saved;
      const html = deps.page.html(saved.snapshot, { language: record.language, variant: 'print', pdfUrl: null, createdAt: record.createdAt.toISOString() });
      const pdf = await deps.printer.print(html);
      if (!(await deps.sheets.savePdf(sheetId, deps.page.template, pdf))) throw ApplicationFailure.nonRetryable(`factsheet ${sheetId} was deleted while printing`, SHEET_GONE);
      return { bytes: pdf.length };
    },
  };
}

import { FACTSHEET_LANGUAGE_CODES } from '../schema/factsheets';
import type { FundData } from '../schema/fund';

/** The renderer's inputs (kept apart from index.ts so that the modules behind it need not import it back). */

/**
 * The languages the API accepts (schema/factsheets.ts); each needs its table in labels.ts, which the compiler checks.
 */
export type FactsheetLanguage = (typeof FACTSHEET_LANGUAGE_CODES)[number];
export const FACTSHEET_LANGUAGES: readonly FactsheetLanguage[] = FACTSHEET_LANGUAGE_CODES;

/** What a sheet is made from: the fund as it was when the sheet was created (stored, immutable). */
export interface FactsheetSnapshot {
  isin: string;
  name: string | null;
  generatedAt: string;
  data: FundData;
}

export interface FactsheetPageOptions {
  language: FactsheetLanguage;
  /**
   * 'page': standalone A4 page on screen and print; 'embed': same sheet for an <iframe> on another site (no outer page
   * margin/background, scales down to the frame width); 'print': what Chromium prints to PDF (no PDF link, no screen
   * chrome).
   */
  variant: 'page' | 'embed' | 'print';
  /**
   * Absolute URL of the sheet's PDF, shown as a small "PDF" link on 'page' and 'embed' (target _blank, rel noopener);
   * null: no link.
   */
  pdfUrl: string | null;
  /** When the sheet was created (ISO instant), printed in the footer. */
  createdAt: string;
}

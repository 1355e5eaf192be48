import type { FactsheetRenderer } from '../usecases/ports/factsheets';
import { FACTSHEET_STYLE_HASH, FACTSHEET_TEMPLATE_VERSION, renderFactsheetHtml } from './factsheet';

/** The factsheet page as the use cases and the print activity see it (the FactsheetRenderer port). */
export const factsheetPage: FactsheetRenderer = {
  html: renderFactsheetHtml,
  template: FACTSHEET_TEMPLATE_VERSION,
  styleHash: FACTSHEET_STYLE_HASH,
};

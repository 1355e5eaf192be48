import type { FactsheetPageOptions, FactsheetSnapshot } from '../../domain/factsheet';
import { renderPage } from './page';

/**
 * The one-page A4 factsheet: a pure function of a fund snapshot, rendered as a self-contained HTML
 * document (charts drawn on the server as SVG; no script, no style attribute, nothing loaded).
 */

/** The sheet's HTML document; the same input gives the same bytes. */
export function renderFactsheetHtml(snapshot: FactsheetSnapshot, options: FactsheetPageOptions): string {
  return renderPage(snapshot, options);
}

/** 'sha256-<base64>' of the one <style> element's exact text, for the pages' Content-Security-Policy (style-src). */
export { FACTSHEET_STYLE_HASH } from './styles';

/** Changes whenever the page's look changes (stored PDFs rendered with another version get re-rendered). */
export const FACTSHEET_TEMPLATE_VERSION: string = 'factsheet/2026-11-23.1';

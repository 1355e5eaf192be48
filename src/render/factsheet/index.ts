import type { FactsheetPageOptions, FactsheetSnapshot } from './types';
import { renderPage } from './page';
import { FACTSHEET_STYLE_HASH as STYLE_HASH } from './styles';

/**
 * The one-page A4 factsheet: a pure function of a fund snapshot, rendered as a self-contained HTML
 * document (charts drawn on the server as SVG; no script, no style attribute, nothing loaded).
 */

export { FACTSHEET_LANGUAGES, type FactsheetLanguage, type FactsheetPageOptions, type FactsheetSnapshot } from './types';

/** The sheet's HTML document; the same input gives the same bytes. */
export function renderFactsheetHtml(snapshot: FactsheetSnapshot, options: FactsheetPageOptions): string {
  return renderPage(snapshot, options);
}

/** 'sha256-<base64>' of the one <style> element's exact text, for the pages' Content-Security-Policy (style-src). */
export const FACTSHEET_STYLE_HASH: string = STYLE_HASH;

/** Changes whenever the page's look changes (stored PDFs rendered with another version get re-rendered). */
export const FACTSHEET_TEMPLATE_VERSION: string = 'factsheet/2026-11-23.1';

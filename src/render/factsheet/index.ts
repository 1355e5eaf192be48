import type { FundData } from '../../schema/fund';
import { renderPage } from './page';
import { FACTSHEET_STYLE_HASH as STYLE_HASH } from './styles';

/**
 * The one-page A4 factsheet: a pure function of a fund snapshot, rendered as a self-contained HTML
 * document (charts drawn on the server as SVG; no script, no style attribute, nothing loaded).
 */

export type FactsheetLanguage = 'en' | 'fr';
export const FACTSHEET_LANGUAGES: readonly FactsheetLanguage[] = ['en', 'fr'];

/** What a sheet is made from: the fund as it was when the sheet was created (stored, immutable). */
export interface FactsheetSnapshot {
  isin: string;
  name: string | null;
  generatedAt: string;
  data: FundData;
}

export interface FactsheetPageOptions {
  language: FactsheetLanguage;
  /** 'page': standalone A4 page on screen and print; 'embed': same sheet for an <iframe> on another site (no outer page margin/background, scales down to the frame width); 'print': what Chromium prints to PDF (no PDF link, no screen chrome). */
  variant: 'page' | 'embed' | 'print';
  /** Absolute URL of the sheet's PDF, shown as a small "PDF" link on 'page' and 'embed' (target _blank, rel noopener); null: no link. */
  pdfUrl: string | null;
  /** When the sheet was created (ISO instant), printed in the footer. */
  createdAt: string;
}

/** The sheet's HTML document; the same input gives the same bytes. */
export function renderFactsheetHtml(snapshot: FactsheetSnapshot, options: FactsheetPageOptions): string {
  return renderPage(snapshot, options);
}

/** 'sha256-<base64>' of the one <style> element's exact text, for the pages' Content-Security-Policy (style-src). */
export const FACTSHEET_STYLE_HASH: string = STYLE_HASH;

/** Changes whenever the page's look changes (stored PDFs rendered with another version get re-rendered). */
export const FACTSHEET_TEMPLATE_VERSION: string = 'factsheet/2026-11-23.1';

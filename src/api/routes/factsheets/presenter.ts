import type { Context } from 'koa';

import type { FactsheetSchema } from '../../../schema/factsheets';
import type { z } from '../../../schema/zod';
import { type FactsheetDeps, type FactsheetDocument, linksOf } from '../../../usecases/factsheets';
import type { FactsheetRecord } from '../../../usecases/ports/factsheets';
import { ApiError } from '../../errors';

export type PresentedFactsheet = z.infer<typeof FactsheetSchema>;

export function presentFactsheet(deps: Pick<FactsheetDeps, 'shareUrl'>, sheet: FactsheetRecord): PresentedFactsheet {
  const { iframe, ...links } = linksOf(deps, sheet);
  return {
    id: sheet.id,
    isin: sheet.isin,
    name: sheet.name,
    issuer: sheet.issuer || null,
    language: sheet.language,
    format: sheet.format,
    favorite: sheet.favorite,
    createdAt: sheet.createdAt.toISOString(),
    fundGeneratedAt: sheet.fundGeneratedAt.toISOString(),
    dataAsOf: sheet.dataAsOf,
    links,
    iframe,
  };
}

/** Who may frame a page: nobody, except the embed page, which any site may frame. */
export type Framing = 'none' | 'anyone';

/**
 * The pages need nothing but their one style sheet (allowed by its hash) and data: images; no
 * script, no connection, no form, no base. The PDF link is a navigation, which CSP leaves alone.
 */
function pageSecurityPolicy(styleHash: string, framing: Framing): string {
  const ancestors = framing === 'anyone' ? '*' : "'none'";
  return `default-src 'none'; style-src '${styleHash}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors}`;
}

/** Puts a document in the answer with the headers a page or a PDF needs. */
export function sendDocument(
  ctx: Context,
  document: FactsheetDocument,
  sheet: FactsheetRecord,
  styleHash: string,
  framing: Framing = 'none',
): void {
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  if (document.type === 'pdf') {
    // The same bytes under the type asked for: generated clients that know no application/pdf ask for octet-stream.
    ctx.type = ctx.accepts('application/pdf', 'application/octet-stream') || 'application/pdf';
    ctx.vary('Accept');
    ctx.set('Content-Disposition', `inline; filename="factsheet-${sheet.isin}.pdf"`);
    ctx.body = document.pdf;
    return;
  }
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', pageSecurityPolicy(styleHash, framing));
  // The embed page is made to be framed by other sites: the global DENY would forbid it.
  if (framing === 'anyone') ctx.remove('X-Frame-Options');
  ctx.body = document.html;
}

/** 503 pdf_unavailable: the HTML sheet was saved; its record and keyless links are in the body. */
export function pdfUnavailable(presented: PresentedFactsheet, retryAfterSeconds: number): ApiError {
  return new ApiError(
    503,
    'pdf_unavailable',
    'The PDF renderer is unavailable right now; the HTML sheet is saved and its links are in `factsheet` (nothing was charged). Ask for the PDF again later through factsheet.links.pdf',
    { factsheet: presented, retryAfter: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

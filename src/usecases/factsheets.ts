import type { FactsheetLanguage } from '../domain/factsheet';
import { escapeHtml } from '../domain/html';
import type { FundData } from '../schema/fund';
import { findFund, type FundLookup, type GetFundDeps } from './getFund';
import { paidOutcome } from './paidOutcome';
import type { Billing } from './ports/billing';
import type {
  FactsheetFormat,
  FactsheetQuery,
  FactsheetRecord,
  FactsheetRenderer,
  FactsheetStore,
  PageVariant,
  PdfPrinter,
  SavedFactsheet,
} from './ports/factsheets';

/** The keyless links of a sheet, and the <iframe> snippet that embeds it. */
export interface FactsheetLinks {
  html: string;
  pdf: string;
  embed: string;
  iframe: string;
}

export type ShareLinkKind = 'html' | 'pdf' | 'embed';

export interface FactsheetDeps extends GetFundDeps {
  sheets: FactsheetStore;
  renderer: FactsheetRenderer;
  printer: PdfPrinter;
  /** The keyless URL of a sheet's document (the composition root knows the public base URL). */
  shareUrl(shareToken: string, kind: ShareLinkKind): string;
}

export interface FactsheetRequest {
  accountId: number;
  isin: string;
  format: FactsheetFormat;
  language: FactsheetLanguage;
  /** document: the answer is the document; link: the saved sheet and its links (the PDF is still printed first). */
  deliver: 'document' | 'link';
}

/** A page as UTF-8 bytes (what is stored and sent), or a PDF. */
export type FactsheetDocument = { type: 'html'; html: Buffer } | { type: 'pdf'; pdf: Buffer };

export type CreateFactsheetOutcome =
  | { outcome: 'created'; sheet: FactsheetRecord; document: FactsheetDocument | null }
  /** The HTML sheet is saved; its PDF could not be printed (nothing charged). */
  | { outcome: 'pdf_unavailable'; sheet: FactsheetRecord }
  | Exclude<FundLookup, { outcome: 'found' }>;

/**
 * The story of POST /factsheets: charge (1 credit for HTML, 2 for PDF; the plan, burst and credit
 * checks come with it); find the fund as GET /funds does (loading a cold ISIN); save the sheet with
 * the fund as it is now; for a PDF, print it through the render workflow. Only a sheet delivered as
 * asked is paid for: no fund, a failed load, an outage or a PDF that could not be printed costs nothing.
 */
export function createFactsheet(
  deps: FactsheetDeps,
  request: FactsheetRequest,
  billing: Billing,
): Promise<CreateFactsheetOutcome> {
  return paidOutcome(
    billing,
    () => create(deps, request),
    (outcome) => outcome.outcome === 'created',
  );
}

async function create(deps: FactsheetDeps, request: FactsheetRequest): Promise<CreateFactsheetOutcome> {
  const lookup = await findFund(deps, request.isin);
  if (lookup.outcome !== 'found') return lookup;
  const data = JSON.parse(lookup.fund.payload.toString('utf8')) as FundData;
  const sheet = await deps.sheets.create({
    accountId: request.accountId,
    language: request.language,
    format: request.format,
    fund: lookup.fund,
    issuer: data.keyFacts.manager,
    dataAsOf: data.dataAsOf || null,
  });
  if (request.format === 'pdf') {
    const pdf = await pdfOf(deps, sheet);
    if (!pdf) return { outcome: 'pdf_unavailable', sheet };
    return { outcome: 'created', sheet, document: request.deliver === 'document' ? { type: 'pdf', pdf } : null };
  }
  if (request.deliver === 'link') return { outcome: 'created', sheet, document: null };
  const saved: SavedFactsheet = {
    record: sheet,
    snapshot: { isin: sheet.isin, name: sheet.name, generatedAt: sheet.fundGeneratedAt.toISOString(), data },
  };
  return { outcome: 'created', sheet, document: { type: 'html', html: await htmlOf(deps, saved, 'page') } };
}

/**
 * A sheet's page as UTF-8 bytes: the one stored for this rendition (the page template and the PDF link
 * the page carries, which follows the public base URL), else rendered from the snapshot and stored. The
 * same sheet always gives the same page, so it is rendered once, not once per view or per API process.
 */
async function htmlOf(
  deps: Pick<FactsheetDeps, 'renderer' | 'sheets' | 'shareUrl'>,
  saved: SavedFactsheet,
  variant: PageVariant,
): Promise<Buffer> {
  const { record } = saved;
  const pdfUrl = deps.shareUrl(record.shareToken, 'pdf');
  const rendition = `${deps.renderer.template} ${pdfUrl}`;
  const kept = await deps.sheets.page(record.id, variant, rendition);
  if (kept) return kept;
  const page = Buffer.from(
    deps.renderer.html(saved.snapshot, {
      language: record.language,
      variant,
      pdfUrl,
      createdAt: record.createdAt.toISOString(),
    }),
    'utf8',
  );
  await deps.sheets.savePage(record.id, variant, rendition, page);
  return page;
}

/** An A4 page at 96 dpi: the frame shows the whole sheet; the embed page scales down to a narrower frame. */
const IFRAME_SIZE = { width: 794, height: 1123 };

export function linksOf(deps: Pick<FactsheetDeps, 'shareUrl'>, sheet: FactsheetRecord): FactsheetLinks {
  const url = (kind: ShareLinkKind) => deps.shareUrl(sheet.shareToken, kind);
  const title = `Factsheet: ${sheet.name ?? sheet.isin} (${sheet.isin})`;
  const iframe =
    `<iframe src="${escapeHtml(url('embed'))}" title="${escapeHtml(title)}" width="${IFRAME_SIZE.width}" height="${IFRAME_SIZE.height}" ` +
    'style="border:0;max-width:100%" loading="lazy" referrerpolicy="no-referrer"></iframe>';
  return { html: url('html'), pdf: url('pdf'), embed: url('embed'), iframe };
}

/**
 * The sheet's PDF: the one printed with the current template, else printed now; null when the renderer is unavailable.
 */
async function pdfOf(
  deps: Pick<FactsheetDeps, 'sheets' | 'renderer' | 'printer'>,
  sheet: FactsheetRecord,
): Promise<Buffer | null> {
  const kept = await deps.sheets.pdf(sheet.id, deps.renderer.template);
  if (kept) return kept;
  if (!(await deps.printer.print({ id: sheet.id, isin: sheet.isin }))) return null;
  return deps.sheets.pdf(sheet.id, deps.renderer.template);
}

/** A saved sheet as a document: its page or its PDF; null for a PDF when the renderer is unavailable. */
export async function documentOf(
  deps: FactsheetDeps,
  saved: SavedFactsheet,
  format: FactsheetFormat,
  variant: PageVariant = 'page',
): Promise<FactsheetDocument | null> {
  if (format === 'html') return { type: 'html', html: await htmlOf(deps, saved, variant) };
  const pdf = await pdfOf(deps, saved.record);
  return pdf ? { type: 'pdf', pdf } : null;
}

export function listFactsheets(
  deps: Pick<FactsheetDeps, 'sheets'>,
  accountId: number,
  query: FactsheetQuery,
): Promise<FactsheetRecord[]> {
  return deps.sheets.list(accountId, query);
}

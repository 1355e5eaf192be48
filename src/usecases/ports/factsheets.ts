import type { FactsheetLanguage, FactsheetPageOptions, FactsheetSnapshot } from '../../domain/factsheet';
import type { StoredFund } from './funds';

/** The ports of the factsheet stories: saved sheets, their page and their printed PDF. */

/** A saved factsheet as its owner sees it; the snapshot it is rendered from stays in the store. */
export interface FactsheetRecord {
  id: string;
  isin: string;
  name: string | null;
  /** keyFacts.manager when the sheet was made ('' when not disclosed). */
  issuer: string;
  language: FactsheetLanguage;
  /** The format asked for when it was made; both documents can be had afterwards. */
  format: FactsheetFormat;
  favorite: boolean;
  createdAt: Date;
  /** When the fund payload the sheet was made from was generated. */
  fundGeneratedAt: Date;
  dataAsOf: string | null;
  /** The secret of the sheet's keyless links. */
  shareToken: string;
}

export type FactsheetFormat = 'html' | 'pdf';

/** A sheet with what it is rendered from. */
export interface SavedFactsheet {
  record: FactsheetRecord;
  snapshot: FactsheetSnapshot;
}

export interface NewFactsheet {
  accountId: number;
  language: FactsheetLanguage;
  format: FactsheetFormat;
  /** The stored fund it is made from; its payload (FundData JSON) becomes the snapshot as it is. */
  fund: StoredFund;
  issuer: string;
  dataAsOf: string | null;
}

export interface FactsheetQuery {
  /** keyFacts.manager, matched whole, ignoring case and accents; null: every issuer. */
  issuer: string | null;
  favoritesOnly: boolean;
  limit: number;
}

/** Saved factsheets; every read but `shared` is scoped to the account. */
export interface FactsheetStore {
  create(sheet: NewFactsheet): Promise<FactsheetRecord>;
  /** Newest first. */
  list(accountId: number, query: FactsheetQuery): Promise<FactsheetRecord[]>;
  get(accountId: number, id: string): Promise<SavedFactsheet | null>;
  /** The sheet behind a keyless link, whoever asks. */
  shared(shareToken: string): Promise<SavedFactsheet | null>;
  setFavorite(accountId: number, id: string, favorite: boolean): Promise<FactsheetRecord | null>;
  remove(accountId: number, id: string): Promise<boolean>;
  /** The sheet's PDF printed with this page template, if it was. */
  pdf(id: string, template: string): Promise<Buffer | null>;
  /**
   * The sheet's page (UTF-8) in this variant, if it was rendered as `rendition` says (the page template and the links
   * it carries).
   */
  page(id: string, variant: PageVariant, rendition: string): Promise<Buffer | null>;
  /** Keeps a rendered page, replacing one of another rendition; nothing when the sheet was deleted meanwhile. */
  savePage(id: string, variant: PageVariant, rendition: string, html: Buffer): Promise<void>;
}

/** How a page is shown: standalone, or in another site's frame. */
export type PageVariant = 'page' | 'embed';

/** The page a sheet is rendered as (render/factsheet), behind a port so the use cases stay free of it. */
export interface FactsheetRenderer {
  html(snapshot: FactsheetSnapshot, options: FactsheetPageOptions): string;
  /** The page template's version: PDFs printed with another one are printed again. */
  readonly template: string;
  /** 'sha256-<base64>' of the page's one style sheet, for its Content-Security-Policy. */
  readonly styleHash: string;
}

export interface PdfPrinter {
  /**
   * Prints the sheet's PDF and stores it (workflow `factsheet-render/<id>`, attaching to a run already
   * going); false when the renderer is unavailable (no browser, no render worker, Temporal down) or
   * does not finish in time.
   */
  print(sheet: { id: string; isin: string }): Promise<boolean>;
}

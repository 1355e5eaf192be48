import { randomBytes, randomUUID } from 'node:crypto';

import type { Pool } from 'pg';

import { SHARE_TOKEN_PATTERN } from '../../schema/factsheets';
import type { FundData } from '../../schema/fund';
import type {
  FactsheetFormat,
  FactsheetQuery,
  FactsheetRecord,
  FactsheetStore,
  NewFactsheet,
  PageVariant,
  SavedFactsheet,
} from '../../usecases/ports/factsheets';

interface SheetRow {
  id: string;
  isin: string;
  name: string | null;
  issuer: string;
  language: FactsheetRecord['language'];
  format: FactsheetFormat;
  favorite: boolean;
  created_at: Date;
  fund_generated_at: Date;
  data_as_of: string | null;
  share_token: string;
  snapshot?: FundData;
}

const COLUMNS =
  'id, isin, name, issuer, language, format, favorite, created_at, fund_generated_at, data_as_of, share_token';

/** A UUID as Postgres accepts it: anything else can name no sheet (and must not reach the cast). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHARE_TOKEN = new RegExp(SHARE_TOKEN_PATTERN);

/**
 * Saved factsheets in Postgres: the record, its snapshot (jsonb), its rendered pages (factsheet_pages) and printed PDFs
 * (factsheet_pdfs).
 */
export class FactsheetsRepository implements FactsheetStore {
  constructor(private readonly pool: Pool) {}

  async create(sheet: NewFactsheet): Promise<FactsheetRecord> {
    const { fund } = sheet;
    const { rows } = await this.pool.query<SheetRow>(
      `INSERT INTO factsheets (id, account_id, share_token, isin, name, issuer, language, format, fund_generated_at, data_as_of, snapshot)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb) RETURNING ${COLUMNS}`,
      [
        randomUUID(),
        sheet.accountId,
        randomBytes(32).toString('base64url'),
        fund.isin,
        fund.name,
        sheet.issuer,
        sheet.language,
        sheet.format,
        fund.generatedAt,
        sheet.dataAsOf,
        fund.payload.toString('utf8'),
      ],
    );
    return recordOf(rows[0]);
  }

  async list(accountId: number, query: FactsheetQuery): Promise<FactsheetRecord[]> {
    const { rows } = await this.pool.query<SheetRow>(
      `SELECT ${COLUMNS} FROM factsheets
        WHERE account_id = $1 AND ($2::text IS NULL OR fund_search_norm(issuer) = fund_search_norm($2)) AND (NOT $3 OR favorite)
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [accountId, query.issuer, query.favoritesOnly, query.limit],
    );
    return rows.map(recordOf);
  }

  get(accountId: number, id: string): Promise<SavedFactsheet | null> {
    return UUID.test(id) ? this.savedWhere('account_id = $1 AND id = $2', [accountId, id]) : Promise.resolve(null);
  }

  shared(shareToken: string): Promise<SavedFactsheet | null> {
    return SHARE_TOKEN.test(shareToken) ? this.savedWhere('share_token = $1', [shareToken]) : Promise.resolve(null);
  }

  async setFavorite(accountId: number, id: string, favorite: boolean): Promise<FactsheetRecord | null> {
    if (!UUID.test(id)) return null;
    const { rows } = await this.pool.query<SheetRow>(
      `UPDATE factsheets SET favorite = $3 WHERE account_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [accountId, id, favorite],
    );
    return rows[0] ? recordOf(rows[0]) : null;
  }

  async remove(accountId: number, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const { rowCount } = await this.pool.query('DELETE FROM factsheets WHERE account_id = $1 AND id = $2', [
      accountId,
      id,
    ]);
    return rowCount === 1;
  }

  async pdf(id: string, template: string): Promise<Buffer | null> {
    if (!UUID.test(id)) return null;
    const { rows } = await this.pool.query<{ pdf: Buffer }>(
      'SELECT pdf FROM factsheet_pdfs WHERE factsheet_id = $1 AND template = $2',
      [id, template],
    );
    return rows[0]?.pdf ?? null;
  }

  /** Keeps the printed PDF (the worker's side); false when the sheet was deleted meanwhile. */
  async savePdf(id: string, template: string, pdf: Buffer): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO factsheet_pdfs (factsheet_id, template, pdf) SELECT id, $2, $3 FROM factsheets WHERE id = $1
       ON CONFLICT (factsheet_id) DO UPDATE SET template = $2, pdf = $3, rendered_at = now()`,
      [id, template, pdf],
    );
    return rowCount === 1;
  }

  async page(id: string, variant: PageVariant, rendition: string): Promise<Buffer | null> {
    if (!UUID.test(id)) return null;
    const { rows } = await this.pool.query<{ html: Buffer }>(
      'SELECT html FROM factsheet_pages WHERE factsheet_id = $1 AND variant = $2 AND rendition = $3',
      [id, variant, rendition],
    );
    return rows[0]?.html ?? null;
  }

  async savePage(id: string, variant: PageVariant, rendition: string, html: Buffer): Promise<void> {
    if (!UUID.test(id)) return;
    await this.pool.query(
      `INSERT INTO factsheet_pages (factsheet_id, variant, rendition, html) SELECT id, $2, $3, $4 FROM factsheets WHERE id = $1
       ON CONFLICT (factsheet_id, variant) DO UPDATE SET rendition = $3, html = $4, rendered_at = now()`,
      [id, variant, rendition, html],
    );
  }

  /** The sheet's snapshot and what printing needs, whoever owns it (the worker's side). */
  forPrinting(id: string): Promise<SavedFactsheet | null> {
    return UUID.test(id) ? this.savedWhere('id = $1', [id]) : Promise.resolve(null);
  }

  /** The one sheet matching a condition of ours (parameters bound), with its snapshot. */
  private async savedWhere(condition: string, params: unknown[]): Promise<SavedFactsheet | null> {
    const { rows } = await this.pool.query<SheetRow>(
      `SELECT ${COLUMNS}, snapshot FROM factsheets WHERE ${condition}`,
      params,
    );
    return rows[0] ? savedOf(rows[0]) : null;
  }
}

function recordOf(r: SheetRow): FactsheetRecord {
  return {
    id: r.id,
    isin: r.isin,
    name: r.name,
    issuer: r.issuer,
    language: r.language,
    format: r.format,
    favorite: r.favorite,
    createdAt: r.created_at,
    fundGeneratedAt: r.fund_generated_at,
    dataAsOf: r.data_as_of,
    shareToken: r.share_token,
  };
}

function savedOf(r: SheetRow): SavedFactsheet {
  const record = recordOf(r);
  return {
    record,
    snapshot: { isin: r.isin, name: r.name, generatedAt: r.fund_generated_at.toISOString(), data: r.snapshot! },
  };
}

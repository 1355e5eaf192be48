import { UnreadableDocumentError } from '../../domain/documents';
import { type Cell, cellText } from '../holdings';
import { parsePrintedDate } from '../text/dates';
import { parseDecimal } from '../text/numbers';
import type { FindatexTable } from './table';

/** Typed access to one row's cells by field code, and the share-class rows EPT and EMT are made of. */

/** Where a share-class row sits in its file: what provenance needs, per field. */
interface RowProvenance {
  /** The row in the file (see FindatexTable.rowNumbers). */
  row: number;
  /**
   * Row field (dotted path: "sri", "costs.entry", "targetMarket.retail") → header of the column its value came from.
   */
  columns: Record<string, string>;
  /** The row's cells, aligned with the file's headers: what an excerpt of the row is written from. */
  cells: Cell[];
}

/** A row's fields with their provenance. */
export interface Located<T> {
  fields: T;
  at: RowProvenance;
}

/**
 * Reads one row's cells by field code with the file's number conventions. The `...For` readers
 * also remember which column gave each field its value (`columns`), for provenance.
 */
export class RowReader {
  /** Row field → header of the column read for it; only fields that got a value. */
  readonly columns: Record<string, string> = {};

  constructor(
    private readonly table: FindatexTable,
    private readonly row: Cell[],
  ) {}

  /**
   * The value of `field` from the first of `codes` that `read` finds one in; that column becomes the field's source.
   */
  from<T>(field: string, codes: string | readonly string[], read: (code: string) => T | null): T | null {
    for (const code of typeof codes === 'string' ? [codes] : codes) {
      const value = read(code);
      if (value !== null) {
        this.columns[field] = this.header(code);
        return value;
      }
    }
    return null;
  }

  textFor(field: string, code: string): string | null {
    return this.from(field, code, (c) => this.text(c));
  }

  numberFor(field: string, ...codes: string[]): number | null {
    return this.from(field, codes, (c) => this.number(c));
  }

  flagFor(field: string, code: string): string | null {
    return this.from(field, code, (c) => this.flag(c));
  }

  integerFor(field: string, code: string, min: number, max: number): number | null {
    return this.from(field, code, (c) => this.integerIn(c, min, max));
  }

  dateFor(field: string, code: string): string | null {
    return this.from(field, code, (c) => this.date(c));
  }

  yearsFor(field: string, code: string): number | null {
    return this.from(field, code, (c) => this.years(c));
  }

  private header(code: string): string {
    return this.table.headers[this.table.columns.get(code) ?? -1]?.trim() ?? code;
  }

  cell(code: string): Cell {
    const index = this.table.columns.get(code);
    return index === undefined ? null : this.row[index];
  }

  text(code: string): string | null {
    const value = cellText(this.cell(code))
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    return value === '' ? null : value;
  }

  number(code: string): number | null {
    const cell = this.cell(code);
    return typeof cell === 'number'
      ? parseDecimal(cell)
      : parseDecimal(cellText(cell), { decimalComma: this.table.decimalComma });
  }

  /** Y/N flags; "Neutral" and other codes are kept as printed (upper-cased). */
  flag(code: string): string | null {
    const value = this.text(code);
    if (value === null) return null;
    if (/^(y|yes|true)$/i.test(value)) return 'Y';
    if (/^(n|no|false)$/i.test(value)) return 'N';
    return /^neutral$/i.test(value) ? 'Neutral' : value.toUpperCase();
  }

  integerIn(code: string, min: number, max: number): number | null {
    const n = this.number(code);
    return n !== null && Number.isInteger(n) && n >= min && n <= max ? n : null;
  }

  date(code: string): string | null {
    const cell = this.cell(code);
    if (typeof cell === 'number') return excelSerialDate(cell);
    // The templates ask for ISO 8601; a numeric date that cannot be day-first (02/16/2024) is month-first.
    return parsePrintedDate(cell instanceof Date ? cell : cellText(cell));
  }

  /** Years as a number: 5, "5", "2,5", "5 years", "5Y". */
  years(code: string): number | null {
    const direct = this.number(code);
    if (direct !== null) return direct;
    const m = /^(\d+(?:[.,]\d+)?)\s*(y|yr|yrs|year|years|ans?|jahre?)$/i.exec(this.text(code) ?? '');
    return m ? parseDecimal(m[1], { decimalComma: true }) : null;
  }

  /**
   * The SFDR article (6, 8 or 9) from any column named for the SFDR product type or article. EPT
   * and EMT V4 have no such field (it lives in the EET), but producers append it to their exports,
   * so the column is recognised by name rather than by a code.
   */
  sfdrArticle(): number | null {
    const index = this.table.headers.findIndex(
      (h) => /sfdr/i.test(h) && /(product_?type|article|classification|categor)/i.test(h),
    );
    if (index < 0) return null;
    const m = /(?:^|\D)([689])(?:\D|$)/.exec(cellText(this.row[index]));
    if (!m) return null;
    this.columns.sfdrArticle = this.table.headers[index].trim();
    return Number(m[1]);
  }
}

/** Spreadsheet day numbers (1900 system) for cells stored as plain numbers; 20000-80000 spans 1954-2119. */
function excelSerialDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 20000 || serial > 80000) return null;
  return new Date(Date.UTC(1899, 11, 30) + Math.round(serial) * 86_400_000).toISOString().slice(0, 10);
}

/** What every share-class row (EPT, EMT) opens with. */
export interface ShareClassIdentity {
  isin: string;
  name: string;
  manager: string;
  currency: string;
}

/** The field codes of a template's share-class identity. */
export type IdentityCodes = { readonly [K in keyof ShareClassIdentity]: string };

/**
 * The rows of a share-class template, one per share class, each read by `read` after its identity,
 * with where it sits in the file. The identifier column must exist; rows without an identifier
 * (blank or note lines) are dropped.
 */
export function shareClassRows<T>(
  table: FindatexTable,
  origin: string,
  codes: IdentityCodes,
  missingColumn: string,
  read: (f: RowReader, identity: ShareClassIdentity) => T,
): Located<T>[] {
  if (!table.columns.has(codes.isin)) throw new UnreadableDocumentError(origin, `no ${missingColumn} column`);
  const rows: Located<T>[] = [];
  table.rows.forEach((row, i) => {
    const f = new RowReader(table, row);
    const identity = shareClassIdentity(f, codes);
    if (identity)
      rows.push({ fields: read(f, identity), at: { row: table.rowNumbers[i], columns: f.columns, cells: row } });
  });
  return rows;
}

function shareClassIdentity(f: RowReader, codes: IdentityCodes): ShareClassIdentity | null {
  const isin = identifier(f.textFor('isin', codes.isin));
  if (!isin) return null;
  return {
    isin,
    name: f.textFor('name', codes.name) ?? '',
    manager: f.textFor('manager', codes.manager) ?? '',
    currency: f.textFor('currency', codes.currency)?.toUpperCase() ?? '',
  };
}

/**
 * A share-class identifier (ISIN first, else CUSIP, ticker or an internal code, per 00040/00020),
 * upper-cased. Identifiers have no spaces: a cell with spaces is a label row some producers put
 * under the field codes ("Portfolio identifying data"), not a share class.
 */
function identifier(raw: string | null): string | null {
  const value = raw?.trim().toUpperCase() ?? '';
  return value !== '' && !/\s/.test(value) ? value : null;
}

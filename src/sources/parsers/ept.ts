import { parseEptCsvRows, type EptRow } from './findatex';

export type { EptRow } from './findatex';

/**
 * Parses the rows of an EPT CSV (one share class a row, headers are the template's field codes).
 * Kept for src/sources/extract.ts; the FinDatEx parsers in findatex.ts do the work and also read
 * XLSX, JSON and YAML renderings (parseEpt).
 */
export function parseEptCsv(content: Buffer, origin: string): EptRow[] {
  return parseEptCsvRows(content, origin);
}

import type { ScpiDocumentKind } from '../../domain/documents';
import type { PdfText } from '../pdf/text';
import { parseScpiAnnualReport } from './annualReport';
import { parseScpiBulletin } from './bulletin';
import { parseScpiDic } from './dic';
import { parseScpiNote } from './note';
import type { ScpiReading } from './types';

export type * from './types';
export { parseScpiAnnualReport, parseScpiBulletin, parseScpiDic, parseScpiNote };

const PARSERS: Record<ScpiDocumentKind, (text: PdfText) => ScpiReading> = {
  'scpi-bulletin': parseScpiBulletin,
  'scpi-dic': parseScpiDic,
  'scpi-annual': parseScpiAnnualReport,
  'scpi-note': parseScpiNote,
};

/** Reads one SCPI document by its kind. */
export function parseScpiDocument(kind: ScpiDocumentKind, text: PdfText): ScpiReading {
  return PARSERS[kind](text);
}

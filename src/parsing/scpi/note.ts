import type { PdfText } from '../pdf/text';
import { DOCUMENT_DATE } from './dic';
import { labelledDate, readScpiDocument, scpiText } from './reading';
import type { ScpiReading } from './types';

/**
 * The note d'information (the prospectus, with the statuts): capital, fees, subscription terms, délai de
 * jouissance. Dated by its update ("Note d'information mise à jour le 1er janvier 2025"), else by its AMF
 * visa ("Visa SCPI n° 19-08 du 6 août 2019").
 */
const VISA = /\bvisa (?:amf )?(?:scpi )?(?:n ?°|no|numero)? ?\d{2}-\d{1,3} (?:en date )?du\b/g;

export function parseScpiNote(pdf: PdfText): ScpiReading {
  const text = scpiText(pdf);
  const asOf = labelledDate(text, DOCUMENT_DATE) ?? labelledDate(text, VISA);
  return readScpiDocument('note', text, { asOf, period: null, fallbackYear: null, quarter: null });
}

import type { PdfText } from '../pdf/text';
import { labelledDate, readScpiDocument, scpiText } from './reading';
import type { ScpiReading } from './types';

/**
 * The DIC (document d'informations clés, the PRIIPs KID of the SCPI): identity, risk class ("Nous avons
 * classé ce produit dans la classe de risque 3 sur 7", or only drawn: PdfText.riskScale), costs, SFDR;
 * dated by its own date of production or update.
 */
export const DOCUMENT_DATE =
  /date de (?:production|publication|(?:derniere )?mise a jour|revision|edition|redaction)|\b(?:mis|mise) a jour (?:le|au)\b|\ba jour au\b|\bvalable (?:a compter du|au)\b|\ben date du\b|\betabli le\b|\bactualisee? (?:le|au)\b/g;

export function parseScpiDic(pdf: PdfText): ScpiReading {
  const text = scpiText(pdf);
  const asOf = labelledDate(text, DOCUMENT_DATE);
  return readScpiDocument('dic', text, { asOf, period: null, fallbackYear: null, quarter: null }, pdf.riskScale);
}

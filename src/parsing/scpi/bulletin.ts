import type { PdfText } from '../pdf/text';
import { firstPeriod, labelledDate, readScpiDocument, scpiText } from './reading';
import type { ScpiReading } from './types';

/**
 * The bulletin trimestriel (or semestriel) d'information: the figures of a quarter or half-year, as of its
 * last day ("Bulletin trimestriel n° 12 – 3e trimestre 2025", "T3 2025"). Without a named period, the date
 * the figures are given at ("Chiffres clés au 30/09/2025").
 */
const AS_OF =
  /\b(?:situation|donnees|chiffres(?: cles)?|arrete|valeurs?|informations?) (?:cles )?(?:au|arretee? au)\b/g;

export function parseScpiBulletin(pdf: PdfText): ScpiReading {
  const text = scpiText(pdf);
  const period = firstPeriod(text);
  const asOf = period?.end ?? labelledDate(text, AS_OF);
  const quarter = period?.label.startsWith('T') ? period.label : null;
  return readScpiDocument('bulletin', text, { asOf, period: period?.label ?? null, fallbackYear: null, quarter });
}

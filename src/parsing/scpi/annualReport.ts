import type { PdfText } from '../pdf/text';
import { readFrenchDate, yearPeriod } from './french';
import { firstHit } from './labels';
import { readScpiDocument, scpiText } from './reading';
import type { ScpiReading } from './types';

/**
 * The rapport annuel: the figures of an exercise ("Rapport annuel 2024", "Exercice clos le 31 décembre
 * 2024"), as of its last day. Figures stated without a year (the taux de distribution, the revenus
 * fonciers per share) are the exercise's.
 */
const EXERCISE =
  /rapport annuel(?: de l'exercice)?(?: \(?exercice\)?)? ((?:19|20)\d{2})\b|exercice (?:social )?(?:clos|arrete) (?:le|au) |\bexercice ((?:19|20)\d{2})\b/g;

export function parseScpiAnnualReport(pdf: PdfText): ScpiReading {
  const text = scpiText(pdf);
  const exercise = firstHit(text, EXERCISE, (h) => {
    const year = h.match[1] ?? h.match[2];
    if (year) return { year, end: `${year}-12-31` };
    const closed = readFrenchDate(h.match.input.slice(h.end, h.end + 40));
    return closed ? { year: closed.slice(0, 4), end: closed } : null;
  })?.value;
  const period = exercise ? { ...yearPeriod(Number(exercise.year)), end: exercise.end } : null;
  return readScpiDocument('annual', text, {
    asOf: period?.end ?? null,
    period: period?.label ?? null,
    fallbackYear: period?.label ?? null,
    quarter: null,
  });
}

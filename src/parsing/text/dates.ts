import { foldAccents } from './fold';

/**
 * The one date reader of the service: dates as documents print them ("19 February 2026", "1er mars 2024",
 * "31/12/2025") and as data files write them (ISO with a time, "30-Aug-2021", "30/09/16", spreadsheet
 * Date objects), always answered as YYYY-MM-DD.
 *
 * Two entry points, for the two ways a numeric date's order is decided: parseDate reads a data file's
 * cell in the order its column was found to use (inferDateOrder); parsePrintedDate reads a date that
 * stands alone, day first unless only month first makes a valid date.
 */

/**
 * Month names and abbreviations by month number, in the languages the service reads documents in:
 * English, French, German, Italian, Spanish, Dutch and Portuguese (full names only for the last four:
 * their short forms, such as "set" or "out", are common words).
 */
const MONTH_NAMES: readonly (readonly string[])[] = [
  ['jan', 'january', 'janv', 'janvier', 'januar', 'jän', 'jänner', 'gennaio', 'enero', 'januari', 'janeiro'],
  [
    'feb',
    'february',
    'févr',
    'fevr',
    'fév',
    'fev',
    'février',
    'fevrier',
    'februar',
    'febbraio',
    'febrero',
    'februari',
    'fevereiro',
  ],
  ['mar', 'march', 'mars', 'mär', 'märz', 'mrz', 'marzo', 'maart', 'março', 'marco'],
  ['apr', 'april', 'avr', 'avril', 'aprile', 'abril'],
  ['may', 'mai', 'maggio', 'mayo', 'mei', 'maio'],
  ['jun', 'june', 'juin', 'juni', 'giugno', 'junio', 'junho'],
  ['jul', 'july', 'juil', 'juillet', 'juli', 'luglio', 'julio', 'julho'],
  ['aug', 'august', 'août', 'aout', 'agosto', 'augustus'],
  ['sep', 'sept', 'september', 'septembre', 'settembre', 'septiembre', 'setiembre', 'setembro'],
  ['oct', 'october', 'octobre', 'okt', 'oktober', 'ottobre', 'octubre', 'outubro'],
  ['nov', 'november', 'novembre', 'noviembre', 'novembro'],
  ['dec', 'december', 'déc', 'décembre', 'decembre', 'dez', 'dezember', 'dicembre', 'diciembre', 'dezembro'],
];

const MONTHS = new Map(MONTH_NAMES.flatMap((names, i) => names.map((name) => [name, i + 1] as const)));

function monthFromName(name: string): number | undefined {
  return MONTHS.get(name.toLowerCase());
}

/** Longest first, so that an alternation prefers "september" to "sep". */
const MONTH_ALTERNATION = [...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|');

/**
 * Regex source for the date forms documents print, to find them in text (numeric d/m/y, ISO,
 * "19 February 2026", "December 31, 2025", "1er mars 2024", "17. Juli 2025", "31 de octubre de 2025");
 * parsePrintedDate reads what it matches.
 */
export const DATE = String.raw`(?:\d{4}-\d{2}-\d{2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{4}|\d{1,2}(?:st|nd|rd|th|er|º|°)?\.?[ -](?:de )?(?:${MONTH_ALTERNATION})\.?,?(?: de)?[ -]\d{4}|(?:${MONTH_ALTERNATION})\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4})`;

/** Day-first or month-first, for numeric dates such as 11-10-2016. */
export type DateOrder = 'dmy' | 'mdy';

const NUMERIC_DATE = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})$/;

/**
 * Decides how a column's numeric dates are written. A first part above 12 proves day-first and a
 * second part above 12 proves month-first; the first proof found in the column wins. A column
 * that proves neither (every day <= 12) is read day-first: the documents we serve are mostly
 * European, where dd-mm-yyyy is the norm.
 */
export function inferDateOrder(samples: readonly unknown[]): DateOrder {
  for (const raw of samples) {
    if (typeof raw !== 'string') continue;
    const m = NUMERIC_DATE.exec(raw.trim());
    if (!m) continue;
    if (Number(m[1]) > 12) return 'dmy';
    if (Number(m[2]) > 12) return 'mdy';
  }
  return 'dmy';
}

const ISO_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[T\s])/;
const DAY_MONTH_NAME_YEAR =
  /^(\d{1,2})(?:st|nd|rd|th|er|º|°)?[\s./-]+(?:de\s+)?([a-zà-ü]{3,10})\.?(?:\s+de)?[\s./,-]+(\d{4}|\d{2})$/i;
const MONTH_NAME_DAY_YEAR = /^([a-zà-ü]{3,9})\.?[\s./-]+(\d{1,2})(?:st|nd|rd|th)?,?[\s./-]+(\d{4})$/i;

/**
 * Reads a data file's date and returns it as YYYY-MM-DD, or null. Accepts ISO (with or without a
 * time), "Aug 30, 2016", "30-Aug-2021", "30/Aug/2021", "30 August 2016", "1er mars 2024" and numeric
 * dd-mm-yyyy, dd/mm/yyyy, dd.mm.yyyy (or mm/dd/yyyy when `order` says so; see inferDateOrder). Date
 * objects (as spreadsheet readers return them) are taken at their UTC calendar day.
 */
export function parseDate(raw: unknown, order: DateOrder = 'dmy'): string | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.toISOString().slice(0, 10);
  if (typeof raw !== 'string') return null;
  const text = raw
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
  let m = ISO_DATE.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = NUMERIC_DATE.exec(text);
  if (m) {
    const [first, second, year] = [Number(m[1]), Number(m[2]), fullYear(m[3])];
    return order === 'dmy' ? isoDate(year, second, first) : isoDate(year, first, second);
  }
  m = DAY_MONTH_NAME_YEAR.exec(text);
  if (m) return namedMonthDate(fullYear(m[3]), m[2], Number(m[1]));
  m = MONTH_NAME_DAY_YEAR.exec(text);
  if (m) return namedMonthDate(Number(m[3]), m[1], Number(m[2]));
  return null;
}

/**
 * Reads a date that stands alone, with no column of neighbours to tell its order: a date printed in a
 * document, one template cell. Numeric dates are read day first, as European documents print them,
 * unless only month first makes a valid date (02/16/2024).
 */
export function parsePrintedDate(raw: unknown): string | null {
  return parseDate(raw, 'dmy') ?? parseDate(raw, 'mdy');
}

function namedMonthDate(year: number, monthName: string, day: number): string | null {
  const month = monthFromName(monthName);
  return month ? isoDate(year, month, day) : null;
}

/** Two-digit years: 00-69 are 20xx, 70-99 are 19xx (the usual spreadsheet pivot). */
function fullYear(text: string): number {
  const y = Number(text);
  if (text.length === 4) return y;
  return y < 70 ? 2000 + y : 1900 + y;
}

/** Null unless the calendar date exists (no 31 April) and lies in a plausible range. */
function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/** What one language's dates look like: a regex source to find them and a reader for what it finds. */
export interface DateReader {
  /** Regex source (no capturing group) matching the date forms of DATE, with this language's month names. */
  source: string;
  /** The date as YYYY-MM-DD, or null. */
  parse(text: string): string | null;
}

/**
 * A date reader for one language, given its month names (January first, each month's printed forms): the forms of
 * DATE, and the ones languages that write the year first use ("2023. november 17.", "2023 m. lapkričio 17 d.",
 * "2023. gada 17. novembris", "2023.11.17."). Month names of two languages may clash (Croatian "listopad" is
 * October, Czech and Polish "listopad" November), so each language reads its own.
 */
export function dateReader(months: readonly (readonly string[])[]): DateReader {
  const byName = new Map<string, number>();
  months.forEach((forms, i) => forms.forEach((form) => byName.set(foldAccents(form), i + 1)));
  const printed = [...new Set(months.flat().flatMap((form) => [form.toLowerCase(), foldAccents(form)]))];
  const names = printed.sort((a, b) => b.length - a.length).join('|');
  const month = `(?:${names})`;
  // Ordinal marks: English, French "1er", Spanish and Portuguese "1º", Irish "16ú".
  const day = String.raw`\d{1,2}(?:st|nd|rd|th|er|º|°|ú)?\.?`;
  const source = [
    String.raw`\d{4}-\d{2}-\d{2}`,
    String.raw`\d{4}\. ?\d{1,2}\. ?\d{1,2}\.?`,
    String.raw`\d{1,2}[/.-] ?\d{1,2}[/.-] ?\d{4}`,
    String.raw`${day}[ -](?:de |ta' |ta’ )?${month}\.?,?(?: de)?[ -]\d{4}`,
    String.raw`${month}\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}`,
    String.raw`\d{4}\.? (?:m\. |gada )?${month} \d{1,2}\.?(?: ?d\.)?`,
    String.raw`\d{4}\. gada \d{1,2}\. ${month}`,
  ].join('|');
  const monthName = new RegExp(`(?<![\\p{L}])(${names})(?![\\p{L}])`, 'iu');
  const parse = (text: string): string | null => {
    const t = text.trim();
    const yearFirst = /^(\d{4})\. ?(\d{1,2})\. ?(\d{1,2})\.?$/.exec(t);
    if (yearFirst) return isoDate(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
    const named = monthName.exec(t);
    if (!named) return parsePrintedDate(t.replace(/ /g, ''));
    const numbers = t.replace(named[0], ' ').match(/\d+/g) ?? [];
    const year = numbers.find((n) => n.length === 4);
    const dayOf = numbers.find((n) => n.length <= 2);
    const m = byName.get(foldAccents(named[1]));
    return year && dayOf && m ? isoDate(Number(year), m, Number(dayOf)) : null;
  };
  return { source, parse };
}
